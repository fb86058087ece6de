#!/usr/bin/env python3
"""CPU per second of streams run side by side, read from /proc/PID/schedstat.

    bench/streamcpu.py [--seconds S] [--after A] [--repeat N] [--alone] NAME=COMMAND...

Starts every COMMAND at once (through no shell: split at spaces), each with its
standard output on a file of its own. Once a command has written its first line
(a stream that loads a large file writes nothing before), waits A seconds more
(default 1), reads the first field of /proc/PID/schedstat (nanoseconds the process
has run on a CPU), waits S seconds (default 15) and reads it again. Prints a line
per command: CPU milliseconds per second over those S seconds, frames written a
second, VmHWM and VmRSS at the end. Then sends SIGTERM to each. With --repeat N,
does all that N times and prints each command's median CPU (and the rest from that
run): a process's CPU a second varies by 10 to 20 % from one run to the next here.
`turns=` lists each run's CPU in the order run, so that a command can be set against
another run next to it in the same turn (`bench/compare`).

With --alone, the commands run one at a time, taking turns, rather than side by side.
Processes that wake at the same moments share the cost of waking an idle CPU (in a
VM, leaving its halt), and streams of the same motion wake at the same moments of
the realtime clock: side by side, they would look cheaper than a C loop that wakes
on its own.

wait4(2) and getrusage(2) would count the fork and exec of the child too, about
60 ms here, more than a second of streaming costs; schedstat counts only the time
between the two reads.
"""
import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time


def schedstat(pid):
    with open(f"/proc/{pid}/schedstat") as f:
        return int(f.read().split()[0])


def status(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--after", type=float, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--alone", action="store_true", help="one command at a time")
    parser.add_argument("--timeout", type=float, default=60, help="for the first line")
    parser.add_argument("commands", nargs="+")
    args = parser.parse_args()
    results = {}
    for _ in range(args.repeat):
        groups = [[spec] for spec in args.commands] if args.alone else [args.commands]
        for group in groups:
            for name, row in measure(args, group).items():
                results.setdefault(name, []).append(row)
    for name, rows in results.items():
        turns = ",".join(f"{row['cpu']:.3f}" for row in rows)
        rows = sorted(rows, key=lambda row: row["cpu"])
        row = rows[len(rows) // 2]
        print(
            f"{name} cpu_ms_per_s={row['cpu']:.3f} frames_per_s={row['fps']:.1f}"
            f" vmhwm_kib={row['hwm']} vmrss_kib={row['rss']} turns={turns}"
        )


def measure(args, commands):
    """One run of `commands` side by side: name -> cpu, fps, hwm, rss."""
    measured = {}
    work = tempfile.mkdtemp()
    runs = []
    try:
        for index, spec in enumerate(commands):
            name, _, command = spec.partition("=")
            out = open(os.path.join(work, f"out{index}"), "wb")
            child = subprocess.Popen(command.split(), stdout=out, stdin=subprocess.DEVNULL)
            runs.append({"name": name, "child": child, "out": out.name})
        deadline = time.monotonic() + args.timeout
        for run in runs:
            while os.path.getsize(run["out"]) == 0:
                if run["child"].poll() is not None or time.monotonic() > deadline:
                    sys.exit(f"streamcpu: {run['name']} wrote nothing")
                time.sleep(0.01)
        time.sleep(args.after)
        for run in runs:
            run["start"] = schedstat(run["child"].pid)
            run["lines"] = sum(1 for _ in open(run["out"], "rb"))
        started = time.monotonic()
        time.sleep(args.seconds)
        for run in runs:
            run["end"] = schedstat(run["child"].pid)
            run["hwm"] = status(run["child"].pid, "VmHWM")
            run["rss"] = status(run["child"].pid, "VmRSS")
        elapsed = time.monotonic() - started
        for run in runs:
            lines = sum(1 for _ in open(run["out"], "rb")) - run["lines"]
            measured[run["name"]] = {
                "cpu": (run["end"] - run["start"]) / 1e6 / elapsed,
                "fps": lines / elapsed, "hwm": run["hwm"], "rss": run["rss"],
            }
    finally:
        for run in runs:
            if run["child"].poll() is None:
                run["child"].send_signal(signal.SIGTERM)
                run["child"].wait()
        for name in os.listdir(work):
            os.remove(os.path.join(work, name))
        os.rmdir(work)
    return measured


if __name__ == "__main__":
    main()
