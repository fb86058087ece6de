#!/usr/bin/env python3
"""Where a callgrind profile's instructions went, in a few named parts.

    bench/cgsum.py CALLGRIND_OUT LABEL=REGEX[@CALLERS]...

Prints the program's total, then for each LABEL the instructions spent in calls to
the functions whose names match REGEX, callees included, made by functions that do
not match REGEX (so a matching function called by another is counted once, in its
caller's call) and, with @CALLERS, whose names match CALLERS. The parts may overlap
one another: each is a question asked of the whole profile, not a share of it.
"""
import re
import subprocess
import sys

LINE = re.compile(r"\s*([\d,]+) \([ \d.]+%\)\s+(<|\*)\s+(.*)")


def name_of(text):
    # "file:function (3x) [object]" -> "function"; "'2" marks a recursive call.
    text = re.sub(r" \[[^\]]*\]$", "", text)
    text = re.sub(r" \(\d+x\)$", "", text)
    text = re.sub(r"'\d+$", "", text)
    return text.split(":", 1)[-1]


def main():
    path, parts = sys.argv[1], sys.argv[2:]
    out = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--tree=caller", "--threshold=100", path],
        capture_output=True, text=True, check=True,
    ).stdout
    total = re.search(r"([\d,]+) \([ \d.]+%\)\s+PROGRAM TOTALS", out)
    print(f"total={int(total.group(1).replace(',', '')) if total else 0}")
    # Each function's callers, with the inclusive cost of their calls to it.
    calls = []  # (caller, callee, cost)
    callers = []
    for line in out.splitlines():
        match = LINE.match(line)
        if not match:
            callers = []
            continue
        cost, kind, text = int(match.group(1).replace(",", "")), match.group(2), match.group(3)
        if kind == "<":
            callers.append((name_of(text), cost))
        else:
            callee = name_of(text)
            calls += [(caller, callee, each) for caller, each in callers]
            callers = []
    for part in parts:
        label, _, pattern = part.partition("=")
        pattern, _, among = pattern.partition("@")
        regex, callers = re.compile(pattern), re.compile(among)
        count = sum(
            cost for caller, callee, cost in calls
            if regex.search(callee) and not regex.search(caller) and callers.search(caller)
        )
        print(f"{label}={count}")


if __name__ == "__main__":
    main()
