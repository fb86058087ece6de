// hello.swift with Foundation linked and used (bench/run, start-up by linking).
import Foundation

print(String(format: "hello %d", ProcessInfo.processInfo.processIdentifier > 0 ? 1 : 0))
