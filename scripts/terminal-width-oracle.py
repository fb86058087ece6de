#!/usr/bin/env python3
"""Measure text in real terminals; write Tests/TickerCoreTests/Fixtures/terminal-widths/NAME.tsv.

Usage (as root on Debian 12, the terminals installed beforehand; this script installs
and builds nothing):

    python3 scripts/terminal-width-oracle.py                     # all eight terminals
    python3 scripts/terminal-width-oracle.py --terminal xterm --terminal kitty
    python3 scripts/terminal-width-oracle.py --list-samples      # print the samples only
    python3 scripts/terminal-width-oracle.py --frames .build/debug/ticker-status \\
        [--profiles terminal,tmux:3.3a] [--cells-for kitty=terminal] [--terminal ...]

Needs PyPI wcwidth==0.9.4 and unicodedata2==17.0.1 for the samples (the script makes
a venv and re-runs itself there when the interpreter lacks them, as width-oracle.py
does), glibc 2.36 with C.UTF-8, Xvfb, sway and setpriv, /usr/bin/python3 with gi, and
the terminals: Debian's xterm, rxvt-unicode, stterm, alacritty, foot, konsole, kitty,
and VTE through gir1.2-vte-2.91 and gir1.2-gtk-3.0 (a GTK window with a Vte.Terminal).

Each terminal runs, one at a time, in a private Xvfb (foot: under a headless sway, as
the user nobody when we are root), 200 columns wide, with a probe as its command (see
scripts/terminal_harness.py): the probe puts the tty in raw mode and for each sample
writes CR, EL, "L" and the sample, then DSR 6, and records the column of the cursor
position reply less 2 (the column after the "L"), or `-` when no reply comes within
--timeout or the line wrapped. Everything the script starts is ended when it ends, and
its temporary files are removed.

The samples are those of scripts/tmux_samples.py (the same categories) and a mixed
corpus of short multi-cluster strings (category `corpus`, see CORPUS_PIECES), drawn
with fixed seeds. One fixture per terminal; after a comment header (the terminal's
version, the date, glibc, the font), one line per sample, tab-separated:

    code points (hex, space-separated)   cells   category

- cells: the cursor advance of the sample after an ASCII "L", as the terminal reports
  it, or `-` (no reply, or the line wrapped).

The script prints, per terminal, how many samples equal wcwidth 0.9.4 `width()` (as
width-oracle.py uses it), the sum of glibc's wcwidth per scalar (-1 as 1, as
width-oracle.py's tmux column; and with -1 as 0), and wcwidth's own table for that
terminal (`width(term_program=NAME)`), then where it departs, by category and by kind
of code point, with examples.

--frames BINARY writes no fixture: it runs BINARY (a copy) inside each terminal with
`--format ansi --width W --cells PROFILE --at T -- CORPUS...` for 200 frames (T steps by
the cycle / 200) at W=20 and W=40, draws each after "L", and prints how many frames
left the cursor exactly W cells on. PROFILE is a `--cells` name (`auto`, `konsole`, …)
or `tmux:VERSION` (`--cells tmux --tmux-version VERSION`); --profiles sets them for
every terminal, --cells-for TERMINAL=PROFILE[,PROFILE] for one. --require PERCENT
exits 1 when a terminal lands fewer frames exactly than that, with their profiles;
--show-misses prints each frame that missed. `.ci/run` runs it with `--profiles auto`
and with each terminal's own name, requiring 99 %.
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import datetime
import functools
import importlib.util
import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from width_common import GLIBC_VERSION, WCWIDTH_PIN, SplitMix64, ensure_dependencies, glibc_wcwidth

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
OUTPUT_DIR = REPO / "Tests" / "TickerCoreTests" / "Fixtures" / "terminal-widths"
CORPUS_SEED = 0x7E57_C0A2_9E5A_0004
FRAMES = 200
FRAME_WIDTHS = (20, 40)
FRAME_START = 1_700_000_000.0
DEFAULT_PROFILES = ["terminal", "tmux:3.3a"]


@functools.lru_cache(maxsize=None)
def tmux_width_oracle():
    """scripts/tmux-width-oracle.py, imported by path (its name has a hyphen)."""
    spec = importlib.util.spec_from_file_location("tmux_width_oracle",
                                                  HERE / "tmux-width-oracle.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The mixed corpus: pieces by kind, each a short string of one or more clusters. Beside
# the project's own kinds of text it holds what an outside corpus of mixed scripts,
# emoji sequences and combining marks has: ZWJ sequences with skin tones, text-default
# emoji with and without VS16 after text, keycaps on every digit, Hangul jamo runs,
# Indic conjuncts with ZWJ and ZWNJ, regional indicators beside marks and in odd runs,
# and tag sequences.
CORPUS_PIECES: dict[str, list[str]] = {
    "ascii": ["CPU 42%", "tmux", "ok", "a", " ", "v1.2"],
    "cjk": ["\u4E2D\u6587", "\u65E5\u672C\u8A9E", "\uD55C\uAD6D\uC5B4", "\uFF76\uFF80\uFF76\uFF85",
            "\uFF21\uFF22", "\u3042\u3044\u3046"],
    "hangul jamo": ["\u1100\u1100", "\u1100\u1100\u1100\uD558", "\u1112\u119E\u11AB",
                    "\u1100\u1161\u11A8", "\uD55C\u11A8", "\u115F\u1160", "\u3131\u314F",
                    "\u1100\u1161\u1100\u1161"],
    # L V T runs, vowels and finals alone or doubled, jamo after syllables (U+AC0C and
    # U+B0B4 are LVT syllables whose code point is a multiple of 28), the extended blocks.
    "jamo runs": ["\u1112\u1161\u11AB\u1100\u1173\u11AF", "\u1161", "\u11A8",
                  "\u1161\u11A8", "\u11A8\u11A8", "\u1161\u1161", "\u1100\u1161\u1161",
                  "\u1100\u1161\u1161\u11A8", "\u1100\u1161\u11A8\u11A8", "\uAC00\u1161",
                  "\uAC00\u11A8", "\uAC0C\u1161", "\uB0B4\u1175", "\uAC0C\u11A8",
                  "\u1100\u11A8", "\u1100\u1160\u11A8", "\u115F\u1161", "\uA960\u1161",
                  "\u1100\uD7B0", "\uA960\uD7B0\uD7CB", "\uD7CB", "e\u1161", "\u4E2D\u11A8",
                  "\u1100\u0301\u1161", "\uAC00\u0308\u11A8"],
    "combining": ["e\u0301", "A\u030Astro\u0308m", "a\u0308\u0301", "Z\u0324\u0308",
                  "Tie\u0302\u0301ng Vie\u0323\u0302t", "\u0E17\u0E35\u0E48", "x\u20DD",
                  "o\u0301\u0327\u0308", "\u4E2D\u0301", "\u00E9\u0301", "q\u0335\u0336",
                  "\u0301", "a\u200Cb", "a\u200Bb", "\u1703\u1712\u1715"],
    "indic": ["\u0915\u094D\u0937\u093F", "\u0939\u093F\u0928\u094D\u0926\u0940",
              "\u0BA4\u0BAE\u0BBF\u0BB4\u0BCD", "\u0995\u09CD\u09B7",
              "\u0C95\u0CA8\u0CCD\u0CA8\u0CA1"],
    # Devanagari with virama and ZWJ or ZWNJ, a nukta before a spacing vowel, Bengali
    # (two spacing marks in a row), Tamil, Malayalam (chillu by ZWJ), Sinhala.
    "conjuncts": ["\u0915\u094D\u200D\u0937", "\u0915\u094D\u200C\u0937",
                  "\u0930\u094D\u200D\u092F", "\u0915\u093C\u093F", "\u0915\u094D",
                  "\u0928\u092E\u0938\u094D\u0924\u0947", "\u0915\u0949\u0902",
                  "\u0936\u094D\u0930\u0940", "\u092A\u094D\u0930\u093E\u0902",
                  "\u09AC\u09BE\u0982\u09B2\u09BE", "\u09B0\u09CD\u200D\u09AF",
                  "\u0995\u09CB", "\u0995\u09BC\u09BE", "\u0B95\u0BCA", "\u0B95\u0BCD\u0BB7",
                  "\u0BB8\u0BCD\u0BB0\u0BC0", "\u0BA8\u0BA9\u0BCD\u0BB1\u0BBF",
                  "\u0D2E\u0D32\u0D2F\u0D3E\u0D33\u0D02", "\u0D15\u0D4D\u0D37",
                  "\u0D28\u0D4D\u200D", "\u0D15\u0D4A", "\u0D7A", "\u0D15\u0D4D\u0D15",
                  "\u0DC1\u0DCA\u200D\u0DBB\u0DD3", "\u0D9A\u0DDD", "\u093F", "\u0A15\u0A4D\u0A39"],
    "arabic": ["\u0645\u0631\u062D\u0628\u0627", "\u0633\u0644\u0627\u0645", "\u0600\u0661",
               "\u0627\u064E"],
    "emoji": ["\U0001F600", "\U0001F44D", "\U0001F389", "\u231A"],
    "vs16": ["\u2764\uFE0F", "\u263A\uFE0F", "\u2714\uFE0F", "\u00A9\uFE0F", "\u2600\uFE0F"],
    "vs15": ["\u2764\uFE0E", "\u231A\uFE0E", "\U0001F600\uFE0E", "\u2B50\uFE0E"],
    # Text-default emoji, bare, with VS16, after a letter, with a skin tone.
    "text emoji": ["a\u263A", "a\u263A\uFE0F", "\u263A", "\u2600", "\u2708", "\u2708\uFE0F",
                   "\u2122", "\u2122\uFE0F", "\u2194", "\u2194\uFE0F", "\u2764", "x\u2764\uFE0F",
                   "\u00AE\uFE0F", "\u203C\uFE0F", "\u2139\uFE0F", "\u24C2\uFE0F",
                   "\u3030\uFE0F", "\u3297\uFE0F", "\U0001F170\uFE0F", "\U0001F237",
                   "\u2B06\uFE0F", "\u25B6\uFE0F", "\u26A0\uFE0F", "\u261D\U0001F3FB",
                   "\u270C\uFE0F\U0001F3FD", "\u26F9\U0001F3FE", "\u270D\U0001F3FF",
                   "\u2764\U0001F3FB", "\u2601\uFE0F\u2601", "\u3030", "\u303D\uFE0F", "\u3299",
                   "\U0001F202\uFE0F", "\U0001F237\uFE0F"],
    "keycap": ["1\uFE0F\u20E3", "#\uFE0F\u20E3", "*\uFE0F\u20E3", "1\u20E3", "0\uFE0F\u20E3",
               "7\uFE0F\u20E3", "9\uFE0F\u20E3", "5\u20E3", "#\u20E3", "a\u20E3", "1\uFE0F",
               "10\uFE0F\u20E3", "\U0001F51F", "2\uFE0F\u20E3\u0301"],
    "zwj": ["\U0001F468\u200D\U0001F469\u200D\U0001F467", "\U0001F469\u200D\U0001F4BB",
            "\U0001F3F3\uFE0F\u200D\U0001F308", "\U0001F9D1\u200D\U0001F91D\u200D\U0001F9D1",
            "\U0001F43B\u200D\u2744\uFE0F", "\U0001F62E\u200D\U0001F4A8"],
    # Families, professions with skin tones, flags and others joined by ZWJ, and a ZWJ
    # where no emoji sequence is.
    "zwj more": ["\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466",
                 "\U0001F469\u200D\U0001F469\u200D\U0001F466", "\U0001F468\u200D\U0001F467",
                 "\U0001F469\U0001F3FD\u200D\U0001F4BB", "\U0001F9D1\U0001F3FF\u200D\U0001F680",
                 "\U0001F468\U0001F3FB\u200D\u2695\uFE0F", "\U0001F469\U0001F3FE\u200D\U0001F33E",
                 "\U0001F9D1\U0001F3FC\u200D\U0001F91D\u200D\U0001F9D1\U0001F3FB",
                 "\U0001F3F4\u200D\u2620\uFE0F", "\U0001F3F3\uFE0F\u200D\u26A7\uFE0F",
                 "\U0001F441\uFE0F\u200D\U0001F5E8\uFE0F", "\u2764\uFE0F\u200D\U0001F525",
                 "\U0001F9D4\u200D\u2642\uFE0F", "\U0001F3C3\u200D\u2640\uFE0F",
                 "\U0001F3C3\U0001F3FD\u200D\u2640\uFE0F\u200D\u27A1\uFE0F",
                 "a\u200Db", "a\u200D\U0001F600", "\U0001F600\u200D", "\u200D\U0001F600"],
    "skin tone": ["\U0001F44D\U0001F3FD", "\U0001F44B\U0001F3FF", " \U0001F3FE",
                  "a\U0001F3FB", "\u4E2D\U0001F3FB", "\U0001F3FD", "\U0001F44D\U0001F3FD\U0001F3FD",
                  "\U0001F3FD\U0001F3FD"],
    "flag": ["\U0001F1EF\U0001F1F5", "\U0001F1FA\U0001F1F8\U0001F1EB\U0001F1F7",
             "\U0001F1EF", "\U0001F1EF\U0001F1F5\U0001F1FA"],
    # Regional indicators beside marks, VS16, a skin tone or a ZWJ, and odd runs.
    "flag marks": ["\U0001F1EF\u0301\U0001F1F5", "\U0001F1EF\U0001F1F5\u0301",
                   "e\u0301\U0001F1EB\U0001F1F7", "\U0001F1FA\U0001F1F8\U0001F1EB",
                   "\U0001F1E6\U0001F1E8\U0001F1E9\U0001F1EA\U0001F1EB",
                   "\U0001F1EF\uFE0F\U0001F1F5", "\U0001F1EF\U0001F3FB",
                   "\U0001F1EF\u200D\U0001F1F5", "\U0001F1E9\U0001F1EA\u20E3",
                   "\U0001F1EF\u20DD\U0001F1F5",
                   "\U0001F1EC\U0001F1E7\u0308\U0001F1EB"],
    "tag": ["\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F",
            "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",
            "\U0001F3F4\U000E0067\U000E0062\U000E0077\U000E006C\U000E0073\U000E007F",
            "\U0001F3F4\U000E0075\U000E0073\U000E0074\U000E0078\U000E007F", "\U0001F3F4",
            "a\U000E0067\U000E007F"],
    "ambiguous": ["\u00B15\u00B0", "\u2192", "\u2605", "\u2026", "\u03A9", "\u2460",
                  "\u25A0"],
}

# How many pseudo-random mixes of pieces the corpus holds after the pieces alone.
CORPUS_MIXES = 150


def corpus() -> list[str]:
    """Every piece alone, then pseudo-random mixes of two to four pieces (fixed seed)."""
    rng = SplitMix64(CORPUS_SEED)
    kinds = sorted(CORPUS_PIECES)
    out: list[str] = []
    for kind in kinds:
        out += CORPUS_PIECES[kind]
    for _ in range(CORPUS_MIXES):
        parts = []
        for _ in range(2 + rng.below(3)):
            parts.append(rng.choice(CORPUS_PIECES[rng.choice(kinds)]))
        out.append(rng.choice(["", " ", "", "-"]).join(parts))
    seen: set[str] = set()
    return [t for t in out if not (t in seen or seen.add(t))]


def all_samples(ud, glibc) -> list[tuple[str, str]]:
    from tmux_samples import generate

    samples = generate(ud, glibc)
    seen = {text for _, text in samples}
    for text in corpus():
        if text not in seen:
            seen.add(text)
            samples.append(("corpus", text))
    return samples


def kinds_of(text: str, ud, ambiguous: set[int], glibc) -> list[str]:
    """What a sample holds, for the summary (a sample may hold several kinds)."""
    cps = [ord(c) for c in text]
    kinds = []
    if 0xFE0F in cps:
        kinds.append("VS16")
    if 0xFE0E in cps:
        kinds.append("VS15")
    if 0x20E3 in cps:
        kinds.append("keycap (U+20E3)")
    if 0x200D in cps:
        kinds.append("ZWJ")
    if any(0x1F3FB <= c <= 0x1F3FF for c in cps):
        kinds.append("skin tone")
    runs, run = [], 0
    for c in cps + [0]:
        if 0x1F1E6 <= c <= 0x1F1FF:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    if any(r >= 2 for r in runs):
        kinds.append("regional indicators, 2 or more")
    if any(r % 2 for r in runs):
        kinds.append("regional indicators, odd run")
    if any(0xE0020 <= c <= 0xE007F for c in cps):
        kinds.append("tag characters")
    if any(0x1100 <= c <= 0x11FF or 0xA960 <= c <= 0xA97F or 0xD7B0 <= c <= 0xD7FF
           for c in cps):
        kinds.append("Hangul conjoining jamo")
    if any(ud.category(chr(c)) in ("Mn", "Me") and c not in (0xFE0E, 0xFE0F, 0x20E3)
           and not 0xE0020 <= c <= 0xE007F for c in cps):
        kinds.append("combining mark (Mn/Me)")
    if any(ud.category(chr(c)) == "Mc" for c in cps):
        kinds.append("spacing mark (Mc)")
    if any(c in ambiguous for c in cps):
        kinds.append("East Asian Ambiguous")
    if any(glibc(c) < 0 for c in cps):
        kinds.append("unknown to glibc 2.36")
    if any(ud.category(chr(c)) == "Cf" and c not in (0x200D,) and not 0xE0020 <= c <= 0xE007F
           for c in cps):
        kinds.append("format character (Cf)")
    return kinds


class Models:
    """The widths the summary compares with."""

    def __init__(self, ud, glibc) -> None:
        import wcwidth
        from tmux_samples import width_oracle_module
        from wcwidth.table_ambiguous import AMBIGUOUS_EASTASIAN

        self.wcwidth = wcwidth
        self.ud = ud
        self.glibc = glibc
        self.scalar = width_oracle_module().tmux_scalar_width
        ranges = next(iter(AMBIGUOUS_EASTASIAN.values()))
        self.ambiguous = {c for lo, hi in ranges for c in range(lo, hi + 1)}

    def wc(self, text: str) -> int:
        return self.wcwidth.width(text)

    def glibc_sum(self, text: str) -> int:
        return sum(self.scalar(self.glibc, ord(c)) for c in text)

    def glibc_sum_zero(self, text: str) -> int:
        """The sum of glibc's wcwidth with -1 (a scalar glibc does not know) as 0."""
        return sum(max(0, self.glibc(ord(c))) for c in text)

    def term(self, text: str, name: str) -> int:
        return self.wcwidth.width(text, term_program=name)

    def kinds(self, text: str) -> list[str]:
        return kinds_of(text, self.ud, self.ambiguous, self.glibc)


def summarize(name: str, version: str, header: dict, samples, cells, models: Models) -> None:
    hexes = tmux_width_oracle().hexes
    rows = [(cat, text, c) for (cat, text), c in zip(samples, cells) if c is not None]
    missing = len(samples) - len(rows)
    wc = {text: models.wc(text) for _, text, _ in rows}
    gl = {text: models.glibc_sum(text) for _, text, _ in rows}
    tp = {text: models.term(text, name) for _, text, _ in rows}
    eq_wc = sum(c == wc[t] for _, t, c in rows)
    eq_gl = sum(c == gl[t] for _, t, c in rows)
    eq_tp = sum(c == tp[t] for _, t, c in rows)
    eq_zero = sum(c == models.glibc_sum_zero(t) for _, t, c in rows)
    n = len(rows)
    print(f"\n== {name}: {version}; {header['columns']}x{header['rows']}, TERM={header['TERM']},"
          f" XTVERSION {header['xtversion'] or '-'}")
    print(f"  {n} samples measured, {missing} without a reply or wrapped")
    print(f"  = wcwidth {WCWIDTH_PIN} width():              {eq_wc:5d}  ({100 * eq_wc / n:.1f}%)")
    print(f"  = sum of glibc {GLIBC_VERSION} wcwidth:        {eq_gl:5d}  ({100 * eq_gl / n:.1f}%)")
    print(f"  = the same, -1 as 0:                 {eq_zero:5d}  ({100 * eq_zero / n:.1f}%)")
    print(f"  = wcwidth width(term_program={name!r}): {eq_tp:5d}  ({100 * eq_tp / n:.1f}%)")
    print("  by category: samples, != wcwidth, != glibc sum, != term_program")
    by_cat: dict[str, list] = collections.defaultdict(list)
    for cat, t, c in rows:
        by_cat[cat].append((t, c))
    for cat, items in by_cat.items():
        print(f"    {cat:16s} {len(items):4d} {sum(c != wc[t] for t, c in items):5d}"
              f" {sum(c != gl[t] for t, c in items):5d} {sum(c != tp[t] for t, c in items):5d}")
    print("  by kind (a sample counts under each kind it holds): samples, != wcwidth,"
          " != glibc sum, != term_program")
    by_kind: dict[str, list] = collections.defaultdict(list)
    for _, t, c in rows:
        for kind in models.kinds(t):
            by_kind[kind].append((t, c))
    for kind in sorted(by_kind):
        items = by_kind[kind]
        print(f"    {kind:32s} {len(items):4d} {sum(c != wc[t] for t, c in items):5d}"
              f" {sum(c != gl[t] for t, c in items):5d} {sum(c != tp[t] for t, c in items):5d}")
    print("  examples where cells != wcwidth (code points: cells / wcwidth / glibc sum):")
    for cat, items in by_cat.items():
        off = sorted((t for t, c in items if c != wc[t]), key=lambda t: (len(t), t))
        if off:
            shown = "; ".join(f"{hexes(t)}: {dict(items)[t]}/{wc[t]}/{gl[t]}" for t in off[:4])
            print(f"    {cat}: {shown}")


def write_fixture(path: Path, name: str, version: str, font: str, header: dict, samples,
                  cells, started: str) -> None:
    from tmux_samples import SEED

    hexes = tmux_width_oracle().hexes
    libc = ctypes.CDLL("libc.so.6")
    libc.gnu_get_libc_version.restype = ctypes.c_char_p
    monospace = subprocess.run(["fc-match", "monospace"], capture_output=True, text=True,
                               check=False).stdout.strip()
    where = "a headless sway, as nobody" if name == "foot" else "Xvfb"
    out = [
        "# GENERATED by scripts/terminal-width-oracle.py -- do not edit; re-run the script.",
        f"# {version}, in {where}, {header['columns']}x{header['rows']},"
        f" TERM={header['TERM']}, XTVERSION {header['xtversion'] or '-'}.",
        f"# glibc {libc.gnu_get_libc_version().decode()}, LANG=C.UTF-8, measured {started};"
        f" font: {font} (fc-match monospace: {monospace}).",
        f"# samples: scripts/tmux_samples.py (seed {SEED:#x}) and the mixed corpus"
        f" (seed {CORPUS_SEED:#x}), {len(samples)} samples.",
        "# Each sample follows an ASCII 'L' on a cleared line; cells = the cursor column"
        " reported (DSR 6) - 2.",
        "# code points (hex)<TAB>cells (- for no reply or a wrapped line)<TAB>category",
    ]
    for (category, text), c in zip(samples, cells):
        out.append(f"{hexes(text)}\t{'-' if c is None else c}\t{category}")
    path.write_text("\n".join(out) + "\n")


def sway_version() -> str:
    done = subprocess.run(["sway", "--version"], capture_output=True, text=True, check=False)
    return done.stdout.strip() or "sway"


# The --cells names of ticker-status (CellsChoice.swift).
CELLS_NAMES = ["auto", "wcwidth", "terminal", "tmux", "xterm", "urxvt", "st", "vte",
               "alacritty", "foot", "konsole", "kitty"]


def parse_profile(profile: str) -> list[str]:
    cells, _, version = profile.partition(":")
    if cells not in CELLS_NAMES or (cells != "tmux" and version):
        raise SystemExit(f"bad profile {profile!r}: expected one of {', '.join(CELLS_NAMES)}"
                         " or tmux:VERSION")
    return ["--cells", cells] + (["--tmux-version", version] if version else [])


def frame_commands(binary: str, profiles: list[str], items: list[str]):
    """(profile, width, commands) for each profile and width: the cycle from --format json
    at FRAME_START, then FRAMES frames a cycle / FRAMES apart."""
    plan = []
    for profile in profiles:
        for width in FRAME_WIDTHS:
            base = [binary, "--format", "ansi", "--width", str(width), *parse_profile(profile)]
            probe = subprocess.run([binary, "--format", "json", "--width", str(width),
                                    *parse_profile(profile), "--at", f"{FRAME_START}", "--",
                                    *items], capture_output=True, text=True, check=True)
            cycle = json.loads(probe.stdout)["cycle"]
            step = cycle / FRAMES
            commands = [base + ["--at", f"{FRAME_START + i * step:.6f}", "--", *items]
                        for i in range(FRAMES)]
            plan.append((profile, width, cycle, commands))
    return plan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--terminal", action="append", default=[], metavar="NAME",
                        help="measure this terminal (repeatable; default: all)")
    parser.add_argument("--output-dir", type=Path, default=OUTPUT_DIR)
    parser.add_argument("--require", type=float, default=None, metavar="PERCENT",
                        help="with --frames: exit 1 unless every terminal and profile"
                             " lands at least PERCENT %% of its frames exactly")
    parser.add_argument("--show-misses", action="store_true",
                        help="with --frames: print each frame that missed, and its cells")
    parser.add_argument("--timeout", type=float, default=2.0,
                        help="seconds to wait for each cursor position reply")
    parser.add_argument("--list-samples", action="store_true",
                        help="print the samples and their categories, run nothing")
    parser.add_argument("--frames", metavar="BINARY",
                        help="measure ticker-status frames instead of writing fixtures")
    parser.add_argument("--profiles", default=",".join(DEFAULT_PROFILES),
                        help="with --frames: the cell profiles for every terminal"
                             " (default %(default)s)")
    parser.add_argument("--cells-for", action="append", default=[],
                        metavar="TERMINAL=PROFILE[,PROFILE]",
                        help="with --frames: the profiles for one terminal")
    args = parser.parse_args()
    ensure_dependencies(__file__)
    import unicodedata2 as ud

    import terminal_harness as th

    glibc = glibc_wcwidth()
    if args.list_samples:
        hexes = tmux_width_oracle().hexes
        samples = all_samples(ud, glibc)
        for category, text in samples:
            print(f"{hexes(text)}\t{category}")
        print(f"{len(samples)} samples", file=sys.stderr)
        return

    # A signal unwinds like an exception, so that the session ends what it started.
    def stop(signum, _frame):
        raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, stop)

    began = time.monotonic()
    started = datetime.date.today().isoformat()
    with th.Session() as session:
        known = th.terminals(session)
        names = args.terminal or list(known)
        for name in names:
            if name not in known:
                parser.error(f"unknown terminal {name!r}; known: {', '.join(known)}")
        if args.frames:
            run_frames(args, session, known, names, ud, glibc)
        else:
            run_widths(args, session, known, names, ud, glibc, started)
    if session.stray:
        print(f"warning: killed stray processes at the end: {session.stray}", file=sys.stderr)
    print(f"\ndone in {time.monotonic() - began:.0f} s")


def run_widths(args, session, known, names, ud, glibc, started) -> None:
    import terminal_harness as th

    samples = all_samples(ud, glibc)
    models = Models(ud, glibc)
    texts = [text for _, text in samples]
    args.output_dir.mkdir(parents=True, exist_ok=True)
    for name in names:
        terminal = known[name]
        begun = time.monotonic()
        version = th.terminal_version(session, terminal)
        if terminal.wayland:
            version += f", {sway_version()}"
        job = {"mode": "widths", "samples": texts, "timeout": args.timeout}
        header, results = th.run_probe(session, terminal, job,
                                       timeout=120 + len(texts) * (args.timeout + 0.5))
        cells = [None] * len(texts)
        for index, value in results:
            cells[index] = value
        if cells[0] != 1:
            raise RuntimeError(f"{name}: calibration: 'A' took {cells[0]} cells")
        path = args.output_dir / f"{name}.tsv"
        write_fixture(path, name, version, terminal.font, header, samples, cells, started)
        print(f"{name}: wrote {path} ({len(texts)} samples) in"
              f" {time.monotonic() - begun:.1f} s")
        summarize(name, version, header, samples, cells, models)
        sys.stdout.flush()


def run_frames(args, session, known, names, ud, glibc) -> None:
    import wcwidth

    import terminal_harness as th

    models = Models(ud, glibc)

    folder = session.folder("bin", None, 0o755)
    binary = folder / "ticker-status"
    shutil.copy2(args.frames, binary)
    binary.chmod(0o755)
    items = corpus()
    profiles = {name: args.profiles.split(",") for name in names}
    for spec in args.cells_for:
        name, _, value = spec.partition("=")
        if name not in profiles or not value:
            raise SystemExit(f"--cells-for {spec}: expected TERMINAL=PROFILE with a terminal"
                             f" being measured")
        profiles[name] = value.split(",")
    plans = {}
    for name in names:
        key = tuple(profiles[name])
        if key not in plans:
            plans[key] = frame_commands(str(binary), list(key), items)
    print(f"frames: {len(items)} corpus items, {FRAMES} frames per width, --at from"
          f" {FRAME_START:.0f} in steps of cycle/{FRAMES}")
    for key, plan in plans.items():
        for profile, width, cycle, _ in plan:
            print(f"  {profile} W={width}: cycle {cycle} s")
    table = []
    texts: dict[tuple, list] = {}
    for name in names:
        plan = plans[tuple(profiles[name])]
        commands = [c for _, _, _, cs in plan for c in cs]
        begun = time.monotonic()
        job = {"mode": "frames", "commands": commands, "timeout": args.timeout}
        header, results = th.run_probe(session, known[name], job,
                                       timeout=120 + len(commands) * (args.timeout + 1))
        got = {r[0]: (r[1], r[2] if len(r) > 2 else None) for r in results}
        start = 0
        for profile, width, _, cs in plan:
            cells = [got.get(start + i, (None, None))[0] for i in range(len(cs))]
            frames = [got.get(start + i, (None, None))[1] for i in range(len(cs))]
            start += len(cs)
            exact = sum(c == width for c in cells)
            off = collections.Counter(c - width if c is not None else None for c in cells
                                      if c != width)
            plain = [wcwidth.strip_sequences(f) for f in frames if f is not None]
            model = sum(wcwidth.width(f) == width for f in plain)
            summed = sum(models.glibc_sum(f) == width for f in plain)
            table.append((name, profile, width, exact, off, model, summed))
            if args.show_misses:
                for c, f in zip(cells, frames):
                    if c != width and f is not None:
                        text = wcwidth.strip_sequences(f)
                        print(f"  miss {name} {profile} W={width} cells={c}: {' '.join(f'{ord(ch):04X}' for ch in text)}")
            # auto lays frames out for the terminal it finds: they differ on purpose.
            if texts.setdefault((profile, width), frames) != frames and profile != "auto":
                print(f"warning: {name} {profile} W={width}: the binary printed other frames"
                      " here than in the first terminal", file=sys.stderr)
        print(f"{name}: {len(commands)} frames in {time.monotonic() - begun:.1f} s"
              f" ({header['columns']} columns)")
        sys.stdout.flush()
    print(f"\nframes leaving the cursor exactly W cells on (of {FRAMES}); the frames'"
          f" widths by wcwidth {WCWIDTH_PIN} width() and by the glibc {GLIBC_VERSION} sum"
          " (how many are W); the measured cells less W: frames")
    for name, profile, width, exact, off, model, summed in table:
        offs = ", ".join(f"{'-' if k is None else f'{k:+d}'}: {v}" for k, v in
                         sorted(off.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))
        print(f"  {name:10s} {profile:10s} W={width:<3d} exact {exact:3d}/{FRAMES}"
              f"  wcwidth {model:3d}  glibc {summed:3d}  off: {offs or '-'}")
    if args.require is not None:
        short = [(name, profile, width, exact) for name, profile, width, exact, *_ in table
                 if exact * 100 < args.require * FRAMES]
        for name, profile, width, exact in short:
            print(f"FAIL: {name} {profile} W={width}: {exact}/{FRAMES} exact, fewer than"
                  f" {args.require:g} %", file=sys.stderr)
        if short:
            sys.exit(1)


if __name__ == "__main__":
    main()
