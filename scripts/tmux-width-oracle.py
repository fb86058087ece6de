#!/usr/bin/env python3
"""Measure text in real tmux status lines; write Tests/TickerCoreTests/Fixtures/tmux-widths/VERSION.tsv.

Usage (the binaries are built or installed beforehand; this script builds nothing):

    python3 scripts/tmux-width-oracle.py --tmux 3.3a=/usr/bin/tmux \\
        --tmux 3.5a=/path/to/3.5a/usr/bin/tmux ...
    python3 scripts/tmux-width-oracle.py --list-samples    # print the samples only

Needs PyPI wcwidth==0.9.4 and unicodedata2==17.0.1 for the samples (the script makes
a venv and re-runs itself there when the interpreter lacks them, as width-oracle.py
does) and glibc 2.36 with C.UTF-8.

For each VERSION=PATH the script starts a tmux server with five status lines, each
`<tag>` on the left and `L#{@sN}` aligned right, and a second server of the same
binary whose pane shows the first one's client; `capture-pane` on that pane reads the
status lines back. Five samples are drawn per round; the servers are killed and their
sockets removed at the end. One line per sample, tab-separated:

    code points (hex)   w   cells   shown   category

- w: `#{w:@sN}`, tmux's measure (format_width: the sum of its per-scalar widths),
  which tmux uses to trim (`#{=N:}`, status-left/right-length) and pad (`#{p:}`).
  `-` where the version cannot measure the sample: tmux 3.3a spins forever in
  format_width on a scalar glibc's wcwidth rejects.
- cells: how many cells the sample takes in tmux's status line: the column where the
  right-aligned `L` lands tells the cursor advance of `L` plus the sample, which is
  also where the next character would be drawn. The sample follows `L` (ASCII).
- shown: the code points the status line holds between `L` and the line's end, as a
  tmux of the same version reads them (`-` for none). tmux may drop scalars (3.3a:
  those glibc rejects; 3.6 on: U+3164) and shows a space for an empty cell.
- category: which kind of sample this is (see scripts/tmux_samples.py).
"""

from __future__ import annotations

import argparse
import ctypes
import datetime
import sys
from pathlib import Path

from width_common import GLIBC_VERSION, ensure_dependencies, glibc_wcwidth

REPO = Path(__file__).resolve().parent.parent
OUTPUT_DIR = REPO / "Tests" / "TickerCoreTests" / "Fixtures" / "tmux-widths"
COLUMNS = 160


def hexes(text: str) -> str:
    return " ".join(f"{ord(c):04X}" for c in text) if text else "-"


def inner_config(columns: int) -> str:
    lines = [
        "set -g status 5",
        "set -g status-interval 0",
        "set -g status-left ''",
        "set -g status-right ''",
        "set -g @r ''",
    ]
    for i in range(5):
        lines.append(f"set -g @s{i} ''")
        lines.append(f"set -g status-format[{i}] '#{{@r}}{i}#[align=right]L#{{@s{i}}}'")
    return "\n".join(lines) + "\n"


def measure(binary: str, samples: list[tuple[str, str]], glibc, spins_on_unknown: bool,
            columns: int) -> list[tuple[str, str, int, str]]:
    """(w, cells, shown) for every sample, drawn five at a time."""
    from tmux_harness import StatusLines, leading_marker_column

    results = []
    with StatusLines(binary, columns, inner_config(columns)) as tmux:
        for start in range(0, len(samples), 5):
            batch = samples[start:start + 5]
            texts = [text for _, text in batch] + ["A"] * (5 - len(batch))
            round_tag = f"<{start // 5}>"
            # Blank the lines first, so that no cell keeps text from the last round.
            blank = [f"{round_tag}-{i}" for i in range(5)]
            args: list[str] = []
            for i in range(5):
                args += ["set-option", "-g", f"@s{i}", "", ";"]
            tmux.inner_command(*args, "set-option", "-g", "@r", f"{round_tag}-")
            tmux.refresh()
            tmux.wait_for(blank)
            args = []
            for i, text in enumerate(texts):
                args += ["set-option", "-g", f"@s{i}", text, ";"]
            args += ["set-option", "-g", "@r", round_tag, ";"]
            tmux.inner_command(*args[:-1])
            tmux.refresh()
            lines = tmux.wait_for([f"{round_tag}{i}" for i in range(5)])
            fmt = []
            for i, text in enumerate(texts):
                unsafe = spins_on_unknown and any(glibc(ord(c)) < 0 for c in text)
                fmt.append("-" if unsafe else f"#{{w:@s{i}}}")
            widths = tmux.inner_command("display-message", "-p", "w|" + "|".join(fmt))
            widths = widths.strip().split("|")[1:]
            for i, (category, text) in enumerate(batch):
                tag = f"{round_tag}{i}"
                column = leading_marker_column(lines[i], tag, "L")
                if column is None:
                    raise RuntimeError(f"no L in status line {lines[i]!r}")
                cells = columns - 1 - column
                shown = lines[i][column + 1:]
                results.append((widths[i], cells, shown, category, text))
            if start == 0 and results[0][1] != 1:
                raise RuntimeError(f"calibration: 'A' took {results[0][1]} cells")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tmux", action="append", default=[], metavar="VERSION=PATH",
                        help="a tmux binary and the version name for its fixture")
    parser.add_argument("--output-dir", type=Path, default=OUTPUT_DIR)
    parser.add_argument("--columns", type=int, default=COLUMNS)
    parser.add_argument("--list-samples", action="store_true",
                        help="print the samples and their categories, draw nothing")
    args = parser.parse_args()
    ensure_dependencies(__file__)
    import unicodedata2 as ud

    from tmux_harness import tmux_version
    from tmux_samples import SEED, generate

    glibc = glibc_wcwidth()
    samples = generate(ud, glibc)
    if args.list_samples:
        for category, text in samples:
            print(f"{hexes(text)}\t{category}")
        print(f"{len(samples)} samples", file=sys.stderr)
        return
    if not args.tmux:
        parser.error("give at least one --tmux VERSION=PATH")
    libc = ctypes.CDLL("libc.so.6")
    libc.gnu_get_libc_version.restype = ctypes.c_char_p
    today = datetime.date.today().isoformat()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    for spec in args.tmux:
        name, _, binary = spec.partition("=")
        if not binary:
            parser.error(f"--tmux {spec}: expected VERSION=PATH")
        version = tmux_version(binary)
        spins = version == "tmux 3.3a"
        rows = measure(binary, samples, glibc, spins, args.columns)
        out = [
            "# GENERATED by scripts/tmux-width-oracle.py -- do not edit; re-run the script.",
            f"# {version} (`tmux -V`), glibc {libc.gnu_get_libc_version().decode()}"
            f" (C.UTF-8), measured {today}, sample seed {SEED:#x}, {len(rows)} samples.",
            "# Each sample is drawn after an ASCII 'L' in a status line (right-aligned),",
            "# read back through a second tmux of the same version.",
            "# code points (hex)<TAB>w: #{w:} (- where tmux spins)<TAB>cells: cursor"
            " advance in the status line<TAB>shown: code points the line holds<TAB>category",
        ]
        mismatched = 0
        for w, cells, shown, category, text in rows:
            out.append(f"{hexes(text)}\t{w}\t{cells}\t{hexes(shown)}\t{category}")
            if w != "-" and int(w) != cells:
                mismatched += 1
        path = args.output_dir / f"{name}.tsv"
        path.write_text("\n".join(out) + "\n")
        print(f"{name}: {version}: wrote {path} ({len(rows)} samples,"
              f" {mismatched} where w != cells)")


if __name__ == "__main__":
    main()
