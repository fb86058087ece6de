// The floor for a Swift program: start, print a line, exit (bench/run builds it).
print("hello")
