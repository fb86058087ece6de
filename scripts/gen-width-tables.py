#!/usr/bin/env python3
"""Generate Sources/TickerCore/WidthTables.swift, the cell-width tables of TickerCore.

Usage (from anywhere; re-runnable, the output depends only on the pinned inputs):

    python3 scripts/gen-width-tables.py            # rewrite the Swift file
    python3 scripts/gen-width-tables.py --check    # exit 1 if the file is stale
    python3 scripts/gen-width-tables.py --check --tmux-source DIR
                                                   # also compare the force-wide list
                                                   # with DIR/utf8.c of a tmux checkout

The script needs the PyPI packages unicodedata2==17.0.1 and wcwidth==0.9.4. When the
running interpreter lacks them it creates a venv (in $TICKER_WIDTH_VENV, default
/tmp/ticker-width-venv), installs them there with pip and re-runs itself with it.
By hand: python3 -m venv /tmp/venv && /tmp/venv/bin/pip install unicodedata2==17.0.1 wcwidth==0.9.4

Inputs, and why each one:

- unicodedata2 17.0.1 (Unicode 17.0.0, the version of Swift 6.3's own scalar properties
  and grapheme breaking): East Asian Width and General Category of every code point.
  The `terminal` profile's per-scalar widths are derived from them with the rules of
  wcwidth 0.9.4's `wcwidth()` (see `terminal_class`), then checked against wcwidth
  0.9.4 itself for every code point assigned in Unicode 17.
- wcwidth 0.9.4: the tables it applies to sequences and that no UCD field in
  unicodedata2 carries: emoji variation sequences (VS16 narrow-to-wide, VS15
  wide-to-narrow, its '9.0.0' lists), Extended_Pictographic, and Indic viramas
  (Indic_Syllabic_Category Virama and Invisible_Stacker).
- glibc (must be 2.36, the one tmux 3.3a runs on here): `wcwidth()` under the C.UTF-8
  locale, called through ctypes for every code point, for the `tmux` profile.
  glibc 2.36's character data is Unicode 14.0.0; it returns -1 for anything it does
  not know (C0/C1 controls and everything assigned after Unicode 14).
- tmux's own list of scalars it draws 2 cells wide whatever wcwidth says (`utf8_force_wide`
  in utf8.c of tmux 3.4 to 3.5a, `utf8_default_width_cache` from 3.6 on, the same code
  points in both): TMUX_FORCE_WIDE below. It is tmux's data, not a Unicode property: the
  emoji modifier bases of Unicode 15 without U+1F46A, U+1F46F and U+1F93C, the regional
  indicators and the skin tones. It is typed here as tmux has it, in ranges; with
  --tmux-source the script checks it against a tmux source tree.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from width_common import (
    GLIBC_VERSION,
    UNICODEDATA2_PIN,
    WCWIDTH_PIN,
    ensure_dependencies,
    glibc_wcwidth,
)

UNICODE_VERSION = "17.0.0"

# tmux's force-wide list (see the docstring), as inclusive ranges. tmux 3.4 and 3.5a
# give all of them 2 cells; from 3.6 the regional indicators are 1 cell and the rest 2.
TMUX_FORCE_WIDE = [
    (0x0261D, 0x0261D), (0x026F9, 0x026F9), (0x0270A, 0x0270D), (0x1F1E6, 0x1F1FF),
    (0x1F385, 0x1F385), (0x1F3C2, 0x1F3C4), (0x1F3C7, 0x1F3C7), (0x1F3CA, 0x1F3CC),
    (0x1F3FB, 0x1F3FF), (0x1F442, 0x1F443), (0x1F446, 0x1F450), (0x1F466, 0x1F469),
    (0x1F46B, 0x1F46E), (0x1F470, 0x1F478), (0x1F47C, 0x1F47C), (0x1F481, 0x1F483),
    (0x1F485, 0x1F487), (0x1F48F, 0x1F48F), (0x1F491, 0x1F491), (0x1F4AA, 0x1F4AA),
    (0x1F574, 0x1F575), (0x1F57A, 0x1F57A), (0x1F590, 0x1F590), (0x1F595, 0x1F596),
    (0x1F645, 0x1F647), (0x1F64B, 0x1F64F), (0x1F6A3, 0x1F6A3), (0x1F6B4, 0x1F6B6),
    (0x1F6C0, 0x1F6C0), (0x1F6CC, 0x1F6CC), (0x1F90C, 0x1F90C), (0x1F90F, 0x1F90F),
    (0x1F918, 0x1F91F), (0x1F926, 0x1F926), (0x1F930, 0x1F939), (0x1F93D, 0x1F93E),
    (0x1F977, 0x1F977), (0x1F9B5, 0x1F9B6), (0x1F9B8, 0x1F9B9), (0x1F9BB, 0x1F9BB),
    (0x1F9CD, 0x1F9CF), (0x1F9D1, 0x1F9DD), (0x1FAC3, 0x1FAC5), (0x1FAF0, 0x1FAF8),
]

REPO = Path(__file__).resolve().parent.parent
OUTPUT = REPO / "Sources" / "TickerCore" / "WidthTables.swift"


# --- glibc -------------------------------------------------------------------------


UNKNOWN_TO_GLIBC = 255


def tmux_width(code_point: int, wcwidth_result: int) -> int:
    """The cells tmux 3.3a gives a scalar, from glibc's answer; UNKNOWN_TO_GLIBC for -1.

    tmux 3.3a's `utf8_width()` (utf8.c) returns UTF8_ERROR when `wcwidth()` is
    negative: the scalar is then dropped, from panes and from the status line
    (format-draw.c). Checked against the tmux 3.3a installed here: "[ab" U+1FAE9 "cd]"
    fits a status-right-length of 6. Worse, `#{w:…}` and `#{=-N:…}` spin forever on
    such a scalar. So the tmux profile replaces every scalar glibc does not know
    (anything assigned after Unicode 14) with U+FFFD, which glibc and tmux give one
    cell; the table marks those scalars with UNKNOWN_TO_GLIBC. Controls (C0, DEL, C1)
    are 0: text is sanitised before it is measured. (Later tmux, 3.4+, maps -1 to 1.)
    """
    if wcwidth_result >= 0:
        return wcwidth_result
    if code_point < 0x20 or 0x7F <= code_point <= 0x9F:
        return 0
    return UNKNOWN_TO_GLIBC


def check_tmux_source(folder: Path) -> None:
    """Compare TMUX_FORCE_WIDE with the list in folder/utf8.c (tmux 3.4 and later)."""
    import re

    text = (folder / "utf8.c").read_text()
    match = re.search(r"(?:utf8_force_wide|utf8_default_width_cache)\[\] = \{(.*?)\};", text,
                      re.S)
    if match is None:
        sys.exit(f"{folder}/utf8.c has no force-wide list (tmux 3.4 or later is needed)")
    theirs = {int(h, 16) for h in re.findall(r"0x([0-9A-Fa-f]+)", match.group(1))}
    ours = {c for lo, hi in TMUX_FORCE_WIDE for c in range(lo, hi + 1)}
    if theirs != ours:
        sys.exit(f"the force-wide list differs from {folder}/utf8.c:"
                 f" only ours {sorted(map(hex, ours - theirs))},"
                 f" only theirs {sorted(map(hex, theirs - ours))}")
    print(f"the force-wide list matches {folder}/utf8.c ({len(ours)} code points)")


# --- the terminal profile ------------------------------------------------------------

ZERO, NARROW, WIDE, AMBIGUOUS, SPACING_MARK, VIRAMA = range(6)
CLASS_NAMES = ["zero", "narrow", "wide", "ambiguous", "spacingMark", "virama"]

# Prepended_Concatenation_Mark (PropList.txt, Unicode 17): format characters that
# wcwidth, unlike for other Cf, draws 1 cell wide.
PREPENDED_CONCATENATION_MARKS = [
    (0x0600, 0x0605), (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891),
    (0x08E2, 0x08E2), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
]
# Hangul medial vowels and final consonants (conjoining jamo V and T) and the two
# Hangul fillers: wcwidth 0.9.4 makes them zero width, a syllable is its L's width.
HANGUL_ZERO = [(0x1160, 0x11FF), (0xD7B0, 0xD7FF), (0x3164, 0x3164), (0xFFA0, 0xFFA0)]
# Unassigned code points that are Default_Ignorable_Code_Point (DerivedCoreProperties).
DEFAULT_IGNORABLE_UNASSIGNED = [(0x2060, 0x206F), (0xFFF0, 0xFFF8), (0xE0000, 0xE0FFF)]
REGIONAL_INDICATORS = (0x1F1E6, 0x1F1FF)


def in_ranges(cp: int, ranges) -> bool:
    return any(lo <= cp <= hi for lo, hi in ranges)


def terminal_class(cp: int, ud, viramas: set[int]) -> int:
    """The class of one code point under wcwidth 0.9.4's `wcwidth()`, from Unicode 17 data.

    Zero: NUL, Mn, Me, Mc, Zl, Zp, Cf other than Prepended_Concatenation_Mark and SOFT
    HYPHEN, conjoining Hangul V/T and the Hangul fillers, unassigned default
    ignorables. Wide: East Asian Width W or F, and the regional indicators. Ambiguous:
    East Asian Width A. Narrow: everything else. Zero-width spacing marks and viramas
    get classes of their own because wcwidth's sequence rules treat them specially.
    """
    ch = chr(cp)
    gc = ud.category(ch)
    zero = (
        cp == 0
        or gc in ("Mn", "Me", "Mc", "Zl", "Zp")
        or (gc == "Cf" and cp != 0x00AD and not in_ranges(cp, PREPENDED_CONCATENATION_MARKS))
        or in_ranges(cp, HANGUL_ZERO)
        or (gc == "Cn" and in_ranges(cp, DEFAULT_IGNORABLE_UNASSIGNED))
    )
    if zero:
        if cp in viramas:
            return VIRAMA
        return SPACING_MARK if gc == "Mc" else ZERO
    if cp < 0x20 or 0x7F <= cp < 0xA0:
        return ZERO  # controls: the caller removes them; wcwidth's width() adds none
    eaw = ud.east_asian_width(ch)
    if eaw in ("W", "F") or REGIONAL_INDICATORS[0] <= cp <= REGIONAL_INDICATORS[1]:
        return WIDE
    if eaw == "A":
        return AMBIGUOUS
    return NARROW


def check_against_wcwidth(classes: list[int], ud) -> int:
    """Compare the derived classes with wcwidth 0.9.4 on every code point assigned in 17."""
    from wcwidth import wcwidth

    mismatches = 0
    for cp, cls in enumerate(classes):
        if 0xD800 <= cp <= 0xDFFF or cp < 0x20 or 0x7F <= cp < 0xA0:
            continue
        if ud.category(chr(cp)) == "Cn":
            continue  # wcwidth 0.9.4 knows Unicode 18; Swift 6.3 does not
        narrow = {ZERO: 0, NARROW: 1, WIDE: 2, AMBIGUOUS: 1, SPACING_MARK: 0, VIRAMA: 0}[cls]
        wide = 2 if cls == AMBIGUOUS else narrow
        if (wcwidth(chr(cp)), wcwidth(chr(cp), "auto", 2)) != (narrow, wide):
            mismatches += 1
            if mismatches <= 20:
                print(f"mismatch U+{cp:04X}: {CLASS_NAMES[cls]}", file=sys.stderr)
    return mismatches


# --- output --------------------------------------------------------------------------


def runs(values: list[int]) -> tuple[list[int], list[int]]:
    """Split values[cp] into runs: the first code point of each run and its value."""
    starts, kinds = [], []
    for cp, value in enumerate(values):
        if not kinds or kinds[-1] != value:
            starts.append(cp)
            kinds.append(value)
    return starts, kinds


def ranges_of(code_points) -> list[tuple[int, int]]:
    """Merge a set of code points into sorted inclusive ranges."""
    out: list[list[int]] = []
    for cp in sorted(set(code_points)):
        if out and out[-1][1] + 1 == cp:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return [(lo, hi) for lo, hi in out]


def flat(table) -> list[int]:
    """(lo, hi) tuples, as wcwidth stores them, merged and flattened to lo, hi, lo, hi."""
    return [v for lo, hi in ranges_of(c for lo, hi in table for c in range(lo, hi + 1))
            for v in (lo, hi)]


def swift_array(name: str, doc: str, element: str, values: list[int], per_line: int,
                width: int) -> list[str]:
    lines = [f"  /// {line}".rstrip() for line in doc.splitlines()]
    lines.append(f"  static let {name}: [{element}] = [")
    for i in range(0, len(values), per_line):
        chunk = values[i:i + per_line]
        if width:
            lines.append("    " + ", ".join(f"0x{v:0{width}X}" for v in chunk) + ",")
        else:
            lines.append("    " + ", ".join(str(v) for v in chunk) + ",")
    lines.append("  ]")
    return lines


def generate() -> str:
    import unicodedata2 as ud
    from wcwidth.table_grapheme import EXTENDED_PICTOGRAPHIC, ISC_INVISIBLE_STACKER, ISC_VIRAMA
    from wcwidth.table_vs15 import VS15_WIDE_TO_NARROW
    from wcwidth.table_vs16 import VS16_NARROW_TO_WIDE

    if ud.unidata_version != UNICODE_VERSION:
        sys.exit(f"unicodedata2 has Unicode {ud.unidata_version}, want {UNICODE_VERSION}")

    viramas = {c for lo, hi in (*ISC_VIRAMA, *ISC_INVISIBLE_STACKER) for c in range(lo, hi + 1)}
    code_points = range(0x110000)
    terminal = [terminal_class(cp, ud, viramas) for cp in code_points]
    mismatches = check_against_wcwidth(terminal, ud)
    if mismatches:
        sys.exit(f"{mismatches} code points disagree with wcwidth {WCWIDTH_PIN}")

    wcwidth = glibc_wcwidth()
    tmux = [0 if 0xD800 <= cp <= 0xDFFF else tmux_width(cp, wcwidth(cp)) for cp in code_points]

    terminal_starts, terminal_kinds = runs(terminal)
    tmux_starts, tmux_kinds = runs(tmux)
    force_wide = flat(TMUX_FORCE_WIDE)
    vs16 = flat(VS16_NARROW_TO_WIDE["9.0.0"])
    vs15 = flat(VS15_WIDE_TO_NARROW["9.0.0"])
    pictographic = flat(EXTENDED_PICTOGRAPHIC)

    out = [
        "// GENERATED by scripts/gen-width-tables.py -- do not edit; re-run the script.",
        "//",
        f"// Unicode {UNICODE_VERSION} (PyPI unicodedata2 {UNICODEDATA2_PIN}): East Asian Width and",
        "// General Category, shaped by the rules of wcwidth's wcwidth(), for the terminal profile.",
        f"// wcwidth {WCWIDTH_PIN} (PyPI): its VS16/VS15 variation tables ('9.0.0'),",
        "// Extended_Pictographic and Indic virama lists, for its sequence rules.",
        f"// glibc {GLIBC_VERSION} wcwidth() under C.UTF-8 (character data of Unicode 14.0.0), for the",
        "// tmux profile; its -1 becomes 255 (unknown: shown as U+FFFD, as tmux 3.3a drops it).",
        "// tmux's own force-wide list (utf8.c of tmux 3.4 and later), for the tmux profile of",
        "// tmux 3.4 on.",
        "",
        "/// Range tables behind `CellMeasure`, generated from Unicode and glibc data.",
        "///",
        "/// Run tables hold the first code point of each run of equal values (sorted,",
        "/// starting at 0) and, in a parallel array, the value of that run. Range tables hold",
        "/// sorted, disjoint, inclusive `lo, hi` pairs, flattened.",
        "enum WidthTables {",
        f"  /// The Unicode version of the East Asian Width and General Category data.",
        f'  static let unicodeVersion = "{UNICODE_VERSION}"',
        f"  /// The glibc whose `wcwidth` the tmux profile follows.",
        f'  static let glibcVersion = "{GLIBC_VERSION}"',
        "",
    ]
    out += swift_array(
        "terminalRunStarts",
        "First code point of each run of equal `terminalRunClasses`.",
        "UInt32", terminal_starts, 8, 5)
    out.append("")
    out += swift_array(
        "terminalRunClasses",
        "The terminal class of each run: " + ", ".join(
            f"{i} = {n}" for i, n in enumerate(CLASS_NAMES)) + ".",
        "UInt8", terminal_kinds, 32, 0)
    out.append("")
    out += swift_array(
        "tmuxRunStarts",
        "First code point of each run of equal `tmuxRunWidths`.",
        "UInt32", tmux_starts, 8, 5)
    out.append("")
    out += swift_array(
        "tmuxRunWidths",
        "glibc's `wcwidth` of each run; 255 where glibc answers -1 (unknown to it).",
        "UInt8", tmux_kinds, 24, 0)
    out.append("")
    out += swift_array(
        "tmuxForceWide",
        "Scalars tmux 3.4 and later draw 2 cells wide whatever glibc says (3.6 and later:\n"
        "but the regional indicators, which are 1).",
        "UInt32", force_wide, 8, 5)
    out.append("")
    out += swift_array(
        "vs16NarrowToWide",
        "Narrow scalars that VARIATION SELECTOR-16 makes 2 cells wide.",
        "UInt32", vs16, 8, 5)
    out.append("")
    out += swift_array(
        "vs15WideToNarrow",
        "Wide scalars that VARIATION SELECTOR-15 makes 1 cell wide.",
        "UInt32", vs15, 8, 5)
    out.append("")
    out += swift_array(
        "extendedPictographic",
        "Extended_Pictographic scalars: a skin tone after one of them adds no width.",
        "UInt32", pictographic, 8, 5)
    out.append("}")
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--tmux-source", type=Path, metavar="DIR",
                        help="a tmux (3.4 or later) source tree to check the force-wide list with")
    args = parser.parse_args()
    ensure_dependencies(__file__)
    if args.tmux_source:
        check_tmux_source(args.tmux_source)
    text = generate()
    if args.check:
        if not args.output.exists() or args.output.read_text() != text:
            sys.exit(f"{args.output} is stale: run scripts/gen-width-tables.py")
        print(f"{args.output} is up to date")
        return
    args.output.write_text(text)
    print(f"wrote {args.output} ({text.count(chr(10))} lines)")


if __name__ == "__main__":
    main()
