// hello.swift with FoundationEssentials linked and used (bench/run, start-up by linking).
import FoundationEssentials

print("hello", ProcessInfo.processInfo.processIdentifier > 0)
