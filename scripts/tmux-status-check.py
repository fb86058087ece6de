#!/usr/bin/env python3
"""Check where real tmux status lines put the text after #(ticker-status --format tmux ...).

Usage:

    python3 scripts/tmux-status-check.py --ticker .build/debug/ticker-status \\
        --tmux 3.3a=/usr/bin/tmux --tmux 3.5a=/path/to/3.5a/usr/bin/tmux ... \\
        [--samples 1000] [--times 20] [--width 30] [--no-version-flag]

Needs what scripts/tmux-width-oracle.py needs for its samples (the pinned wcwidth
and unicodedata2, made in a venv when missing; glibc 2.36).

The items are N samples of the oracle's mix (fixed seed), one per line. For each
tmux, five status lines at a time show, aligned right as the default status-format
shows status-right,

    #{T;=/LENGTH:@rI}   with   @rI = M#(ticker-status --format tmux
                                   --tmux-version VERSION -w W --at T -f ITEMS)N

for a time T each, spread over the ticker's cycle under that VERSION's profile. The
frame is W cells wide by the ticker's profile, so M belongs at column
COLUMNS - W - 2; the script reads M's column (only spaces are before it) and counts
the times it is there. VERSION (the name before '=') is passed as --tmux-version, so
it must be a version ticker-status reads (3.3a, 3.5a, next-3.8); --no-version-flag
leaves --tmux-version out (the 3.3a profile, and binaries older than the option).
The servers are killed and their sockets removed at the end.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from width_common import SplitMix64, ensure_dependencies, glibc_wcwidth

COLUMNS = 120


def ticker_args(args, version: str, time: float, items: Path, fmt: str) -> list[str]:
    out = [args.ticker, "--format", fmt, "-w", str(args.width), "-s", str(args.speed),
           "--at", f"{time:.3f}", "-f", str(items)]
    if fmt != "tmux":
        out += ["--cells", "tmux"]
    if not args.no_version_flag:
        out += ["--tmux-version", version]
    return out


def inner_config(length: int) -> str:
    lines = [
        "set -g status 5",
        "set -g status-interval 0",
        "set -g @tag ''",
    ]
    for i in range(5):
        lines.append(f"set -g @r{i} ''")
        lines.append(f"set -g status-format[{i}] '#{{@tag}}{i}#[align=right]"
                     f"#{{T;=/{length}:@r{i}}}'")
    return "\n".join(lines) + "\n"


def check_version(args, name: str, binary: str, items: Path, times: list[float]):
    """(times M was where expected, failures as (time, expected, seen, line))."""
    from tmux_harness import StatusLines, leading_marker_column

    expected = args.columns - args.width - 2
    good = 0
    failures = []
    with StatusLines(binary, args.columns, inner_config(args.right_length)) as tmux:
        for start in range(0, len(times), 5):
            batch = times[start:start + 5]
            tag = f"<{start // 5}>"
            commands: list[str] = []
            for i in range(5):
                t = batch[i] if i < len(batch) else batch[0]
                command = " ".join(shlex.quote(a) for a in ticker_args(args, name, t, items,
                                                                         "tmux"))
                commands += ["set-option", "-g", f"@r{i}", f"M#({command})N", ";"]
            tmux.inner_command(*commands, "set-option", "-g", "@tag", tag)
            tmux.refresh()
            lines = wait_for_frames(tmux, tag)
            for i, t in enumerate(batch):
                seen = leading_marker_column(lines[i], f"{tag}{i}", "M")
                if seen == expected:
                    good += 1
                else:
                    failures.append((t, expected, seen, lines[i]))
    return good, failures


def wait_for_frames(tmux, tag: str, timeout: float = 20) -> list[str]:
    """Waits until every line shows its tag, M, a frame and N, the same twice."""
    import time as clock

    deadline = clock.monotonic() + timeout
    last = None
    while True:
        lines = tmux.status_lines()
        ready = len(lines) == 5 and all(
            line.startswith(f"{tag}{i}") and "M" in line
            and line.split("M", 1)[1].strip() not in ("", "N")
            and "not ready" not in line for i, line in enumerate(lines))
        if ready and lines == last:
            return lines
        last = lines if ready else None
        if clock.monotonic() > deadline:
            raise TimeoutError(f"the frames never showed: {lines}")
        clock.sleep(0.01)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ticker", required=True, help="the ticker-status binary")
    parser.add_argument("--tmux", action="append", default=[], metavar="VERSION=PATH")
    parser.add_argument("--samples", type=int, default=1000, help="items (default 1000)")
    parser.add_argument("--times", type=int, default=20, help="frames per tmux (default 20)")
    parser.add_argument("--width", type=int, default=30, help="-w (default 30)")
    parser.add_argument("--speed", type=float, default=3, help="-s (default 3)")
    parser.add_argument("--columns", type=int, default=COLUMNS)
    parser.add_argument("--right-length", type=int, default=40,
                        help="the status-right-length trim (default 40, tmux's default)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-version-flag", action="store_true",
                        help="do not pass --tmux-version to ticker-status")
    parser.add_argument("--quiet", action="store_true", help="do not list the failures")
    args = parser.parse_args()
    if not args.tmux:
        parser.error("give at least one --tmux VERSION=PATH")
    args.ticker = str(Path(args.ticker).resolve())
    ensure_dependencies(__file__)
    import unicodedata2 as ud

    from tmux_harness import tmux_version
    from tmux_samples import generate

    samples = [text for _, text in generate(ud, glibc_wcwidth())]
    rng = SplitMix64(args.seed)
    items = [rng.choice(samples) for _ in range(args.samples)]
    with tempfile.TemporaryDirectory(prefix="ticker-status-check-") as scratch:
        path = Path(scratch) / "items"
        path.write_text("\n".join(items) + "\n")
        print(f"{args.samples} items, {args.times} frames of {args.width} cells,"
              f" status-right-length {args.right_length}")
        for spec in args.tmux:
            name, _, binary = spec.partition("=")
            if not binary:
                parser.error(f"--tmux {spec}: expected VERSION=PATH")
            # The strip, and so the cycle, depends on the version's profile: the times
            # are spread over that version's cycle.
            info = subprocess.run(ticker_args(args, name, 0, path, "json"),
                                  capture_output=True, text=True, check=False)
            if info.returncode != 0:
                sys.exit(f"ticker-status failed: {info.stderr.strip()}")
            cycle = json.loads(info.stdout)["cycle"]
            period = cycle / args.speed
            times = [1_700_000_000 + (i + 0.37) * period / args.times
                     for i in range(args.times)]
            good, failures = check_version(args, name, binary, path, times)
            print(f"{name} ({tmux_version(binary)}): M at the expected column in {good} of"
                  f" {len(times)} frames ({100 * good / len(times):.0f}%), cycle {cycle} cells")
            if args.quiet:
                continue
            for t, expected, seen, line in failures:
                frame = subprocess.run(ticker_args(args, name, t, path, "plain"),
                                       capture_output=True, text=True).stdout.rstrip("\n")
                where = "missing" if seen is None else f"at {seen}, off by {expected - seen}"
                print(f"  --at {t:.3f}: M {where} (expected {expected});"
                      f" frame {frame!r} = {' '.join(f'{ord(c):X}' for c in frame)}")


if __name__ == "__main__":
    main()
