#!/usr/bin/env python3
"""Write Tests/TickerCoreTests/Fixtures/width-oracle.tsv, the cell widths CellWidthTests checks.

Usage (re-runnable; the output depends only on the pinned inputs and the fixed seed):

    python3 scripts/width-oracle.py            # rewrite the fixture
    python3 scripts/width-oracle.py --check    # exit 1 if the fixture is stale

Needs PyPI wcwidth==0.9.4 and unicodedata2==17.0.1; when the running interpreter lacks
them the script makes a venv ($TICKER_WIDTH_VENV, default /tmp/ticker-width-venv),
installs them and re-runs itself there. Needs glibc 2.36 with the C.UTF-8 locale.

Each case is a short string, meant to be one grapheme cluster: hand-picked cases first
(ASCII, Latin-1, ambiguous, CJK, fullwidth, Hangul, combining marks, emoji with and
without variation selectors, skin tones, ZWJ sequences, keycaps, flags, format
characters), then pseudo-random code points and clusters drawn with a fixed seed from
code points assigned in Unicode 14 (what glibc 2.36 knows, so below 16). One line per
case, tab-separated:

    code points (hex, space-separated)   terminal   terminal, ambiguous wide   tmux

- terminal: wcwidth 0.9.4 `wcwidth.width(s)`; the ambiguous column passes
  `ambiguous_width=2`. The script checks that wcwidth's C extension and its pure-Python
  `width()` agree on every case.
- tmux: the sum over the code points of glibc's `wcwidth()` under C.UTF-8, where -1
  counts 1: tmux 3.3a's `utf8_width()` rejects such a scalar and drops it, so the tmux
  profile shows it as U+FFFD, which glibc gives one cell.

The Swift test decides which cases Swift treats as one `Character`; the others are
skipped there.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from width_common import (
    GLIBC_VERSION,
    SplitMix64,
    WCWIDTH_PIN,
    ensure_dependencies,
    glibc_wcwidth,
)

SEED = 0x7D1C_4E55

REPO = Path(__file__).resolve().parent.parent
OUTPUT = REPO / "Tests" / "TickerCoreTests" / "Fixtures" / "width-oracle.tsv"


def tmux_scalar_width(glibc, code_point: int) -> int:
    """glibc's width of one scalar as the tmux profile counts it: -1 as 1 (shown as
    U+FFFD), except controls, which sanitising removes, as 0."""
    width = glibc(code_point)
    if width >= 0:
        return width
    return 0 if code_point < 0x20 or 0x7F <= code_point <= 0x9F else 1


NAMED = [
    # ASCII
    "A", "~", " ",
    # Latin-1 and other Latin
    "\u00A0", "\u00A9", "\u00AE", "\u00B5", "\u00BF", "\u00D7", "\u00DF", "\u00E9",
    "\u00F1", "\u00F7", "\u0107", "\u01C5",
    # East Asian Ambiguous
    "\u00B1", "\u00B0", "\u00A7", "\u2192", "\u2190", "\u2605", "\u25CB", "\u25A0",
    "\u03A9", "\u03B1", "\u044F", "\u2026", "\u2014", "\u2018", "\u20AC", "\u2460",
    "\u2660", "\u221A", "\u221E", "\u216B", "\uE000", "\U000F0000",
    # CJK, kana, fullwidth and halfwidth forms
    "\u4E2D", "\u6587", "\u8A9E", "\u3400", "\U00020000", "\U00030000", "\u3000",
    "\u3001", "\u3002", "\u30A2", "\u3042", "\uFF71", "\uFF21", "\uFF11", "\uFF01",
    "\uFFE5", "\uFFC2", "\U00017000",
    # Hangul: syllables, L/V/T jamo, jamo sequences, fillers, compatibility jamo
    "\uD55C", "\uAE00", "\uAC00", "\uD7A3", "\u1100", "\u1161", "\u11A8",
    "\u1100\u1161", "\u1100\u1161\u11A8", "\uAC00\u11A8", "\u1100\u1100", "\u1100\uAC00",
    "\u115F", "\u1160", "\u3164", "\uFFA0", "\u3131", "\uD7B0",
    # combining marks
    "e\u0301", "e\u0301\u0323", "a\u0300\u0301\u0302\u0303", "\u0301", "x\u20DD",
    "\u4E2D\u0301", "\u0E01\u0E31", "\u05E9\u05C1", "\u0915", "\u0915\u093F",
    "\u0915\u094D\u0937", "\u0915\u094D\u200D\u0937", "\u0995\u09CD\u09B7",
    "\u0B95\u0BC1", "\u034F",
    # emoji presentation
    "\U0001F600", "\U0001F44D", "\U0001F389", "\U0001FAE0", "\U0001FAE9",
    "\U0001FA77", "\u231A", "\u2B1B",
    # text-default emoji with and without VS16, VS15
    "\u263A", "\u263A\uFE0F", "\u2764", "\u2764\uFE0F", "\u2764\uFE0E", "\u2714",
    "\u2714\uFE0F", "\u261D", "\u00A9\uFE0F", "\u2122", "\u2194\uFE0F", "\u231A\uFE0E",
    "\u231A\uFE0F", "\uFE0F", "\uFE0E",
    # skin tones
    "\U0001F44D\U0001F3FD", "\U0001F44B\U0001F3FF", "\u261D\U0001F3FD",
    "\U0001F3FD", "a\U0001F3FD", "\u4E2D\U0001F3FD",
    # ZWJ sequences
    "\U0001F468\u200D\U0001F469\u200D\U0001F467",
    "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466",
    "\U0001F469\U0001F3FD\u200D\U0001F4BB",
    "\U0001F3F3\uFE0F\u200D\U0001F308",
    "\U0001F3F3\uFE0F\u200D\u26A7\uFE0F",
    "\u2764\uFE0F\u200D\U0001F525",
    "\U0001F9D1\u200D\U0001F91D\u200D\U0001F9D1",
    "\U0001F441\uFE0F\u200D\U0001F5E8\uFE0F",
    "\U0001F415\u200D\U0001F9BA",
    "\U0001F62E\u200D\U0001F4A8",
    "a\u200D", "\u200D",
    # keycaps
    "1\uFE0F\u20E3", "#\uFE0F\u20E3", "*\uFE0F\u20E3", "1\u20E3",
    # flags and regional indicators
    "\U0001F1EF\U0001F1F5", "\U0001F1FA\U0001F1F8", "\U0001F1EF",
    "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",
    # format characters, specials, unassigned
    "\u200B", "\u200C", "\u200E", "\u2060", "\uFEFF", "\u00AD", "\uFFFD", "\u0600",
    "\u0600\u0661", "\u0600\uAC00", "\u06DD", "\u2028", "\u2003", "\u0378", "\U000E0001", "\uFFFE",
]


def eligible_code_points(ud, glibc) -> list[int]:
    """Code points assigned in Unicode 14 (glibc 2.36 knows them), not controls nor private."""
    out = []
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        gc = ud.category(chr(cp))
        if gc in ("Cn", "Cc", "Cs", "Co"):
            continue
        if glibc(cp) < 0:
            continue
        out.append(cp)
    return out


def random_cases(ud, glibc) -> tuple[list[str], list[str]]:
    """Pseudo-random single code points and clusters, drawn with the fixed seed."""
    from wcwidth.table_grapheme import EXTENDED_PICTOGRAPHIC, ISC_VIRAMA

    rng = SplitMix64(SEED)
    pool = eligible_code_points(ud, glibc)
    known = set(pool)
    by_category: dict[str, list[int]] = {}
    for cp in pool:
        by_category.setdefault(ud.category(chr(cp)), []).append(cp)

    singles = []
    for gc in sorted(by_category):
        for _ in range(min(8, len(by_category[gc]))):
            singles.append(chr(rng.choice(by_category[gc])))
    for _ in range(40):
        singles.append(chr(rng.choice(pool)))

    def pick(*categories: str) -> int:
        return rng.choice(by_category[rng.choice(categories)])

    marks = by_category["Mn"] + by_category["Me"]
    pictographs = [c for lo, hi in EXTENDED_PICTOGRAPHIC for c in range(lo, hi + 1)
                   if c in known and c > 0xFF]
    viramas = [c for lo, hi in ISC_VIRAMA for c in range(lo, hi + 1) if c in known]
    clusters = []
    for _ in range(40):  # a base and one to three marks
        base = pick("Ll", "Lu", "Lo", "Nd", "So")
        clusters.append(chr(base) + "".join(chr(rng.choice(marks))
                                            for _ in range(1 + rng.below(3))))
    for _ in range(15):  # a base and a spacing mark (Mc) of the same block
        mark = rng.choice(by_category["Mc"])
        letters = [c for c in by_category["Lo"] if c // 128 == mark // 128] or [0x0915]
        clusters.append(chr(rng.choice(letters)) + chr(mark))
    for _ in range(20):  # consonant, virama, consonant, from the virama's block
        virama = rng.choice(viramas)
        letters = [c for c in by_category["Lo"] if c // 128 == virama // 128] or [0x0915]
        clusters.append(chr(rng.choice(letters)) + chr(virama) + chr(rng.choice(letters)))
    for _ in range(15):  # a pictograph and VS16
        clusters.append(chr(rng.choice(pictographs)) + "\uFE0F")
    for _ in range(10):  # a pictograph and VS15
        clusters.append(chr(rng.choice(pictographs)) + "\uFE0E")
    for _ in range(10):  # a pictograph and a skin tone
        clusters.append(chr(rng.choice(pictographs)) + chr(0x1F3FB + rng.below(5)))
    for _ in range(15):  # two or three pictographs joined by ZWJ
        parts = [chr(rng.choice(pictographs)) for _ in range(2 + rng.below(2))]
        clusters.append("\u200D".join(parts))
    for _ in range(10):  # a regional-indicator pair
        clusters.append(chr(0x1F1E6 + rng.below(26)) + chr(0x1F1E6 + rng.below(26)))
    for _ in range(15):  # Hangul L V, L V T, LV T
        lead = chr(0x1100 + rng.below(19))
        vowel = chr(0x1161 + rng.below(21))
        trail = chr(0x11A8 + rng.below(27))
        clusters.append(rng.choice([lead + vowel, lead + vowel + trail,
                                    chr(0xAC00 + 28 * rng.below(399)) + trail]))
    for _ in range(5):  # a prepended concatenation mark and a narrow base
        clusters.append(chr(0x0600 + rng.below(6)) + chr(0x0660 + rng.below(10)))
    return singles, clusters


def line(text: str, glibc) -> str:
    import wcwidth
    from wcwidth import _width

    narrow = wcwidth.width(text)
    wide = wcwidth.width(text, ambiguous_width=2)
    if (_width.width(text), _width.width(text, ambiguous_width=2)) != (narrow, wide):
        sys.exit(f"wcwidth's C and Python width() disagree on {text!r}")
    tmux = sum(tmux_scalar_width(glibc, ord(c)) for c in text)
    hexes = " ".join(f"{ord(c):04X}" for c in text)
    return f"{hexes}\t{narrow}\t{wide}\t{tmux}"


def generate() -> str:
    import unicodedata2 as ud

    glibc = glibc_wcwidth()
    singles, clusters = random_cases(ud, glibc)
    out = [
        "# GENERATED by scripts/width-oracle.py -- do not edit; re-run the script.",
        f"# code points<TAB>wcwidth {WCWIDTH_PIN} width()<TAB>same, ambiguous_width=2"
        f"<TAB>sum of glibc {GLIBC_VERSION} wcwidth (-1 as 1: shown as U+FFFD)",
        "# named cases",
    ]
    seen: set[str] = set()

    def add(cases) -> None:
        for text in cases:
            if text not in seen:
                seen.add(text)
                out.append(line(text, glibc))

    add(NAMED)
    out.append(f"# pseudo-random code points, seed {SEED:#x}")
    add(singles)
    out.append(f"# pseudo-random clusters, seed {SEED:#x}")
    add(clusters)
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the fixture is stale")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args()
    ensure_dependencies(__file__)
    text = generate()
    if args.check:
        if not args.output.exists() or args.output.read_text() != text:
            sys.exit(f"{args.output} is stale: run scripts/width-oracle.py")
        print(f"{args.output} is up to date")
        return
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text)
    print(f"wrote {args.output} ({text.count(chr(10))} lines)")


if __name__ == "__main__":
    main()
