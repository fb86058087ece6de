"""The text samples the tmux scripts draw in real tmux status lines.

Imported by tmux-width-oracle.py and tmux-status-check.py, which run from this folder.
Needs the pinned wcwidth and unicodedata2 (see width_common.ensure_dependencies).

Every sample is a short string: hand-picked cases by kind (variation selectors,
emoji modifiers, regional indicators, ZWJ sequences, CJK, combining marks, Hangul
jamo and fillers, characters newer than glibc 2.36, ambiguous-width characters),
the cases of scripts/width-oracle.py, then pseudo-random clusters and random mixes
of several pieces drawn with a fixed seed. Each comes with a category name.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from width_common import SplitMix64

SEED = 0x3A5C_0DE5_7A7E_0001

HERE = Path(__file__).resolve().parent


def width_oracle_module():
    """scripts/width-oracle.py, imported by path (its name has a hyphen)."""
    spec = importlib.util.spec_from_file_location("width_oracle", HERE / "width-oracle.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ZWJ = "\u200D"
VS15 = "\uFE0E"
VS16 = "\uFE0F"
TONES = [chr(c) for c in range(0x1F3FB, 0x1F400)]

# Emoji_Modifier_Base examples (Unicode emoji-data), old and new.
MODIFIER_BASES = [
    0x261D, 0x26F9, 0x270A, 0x270C, 0x270D, 0x1F385, 0x1F3C3, 0x1F3C7, 0x1F3CB, 0x1F442,
    0x1F446, 0x1F44B, 0x1F44D, 0x1F44F, 0x1F466, 0x1F468, 0x1F469, 0x1F46B, 0x1F46E,
    0x1F476, 0x1F47C, 0x1F481, 0x1F487, 0x1F48F, 0x1F4AA, 0x1F574, 0x1F575, 0x1F590,
    0x1F596, 0x1F645, 0x1F64F, 0x1F6A3, 0x1F6B4, 0x1F6C0, 0x1F6CC, 0x1F90C, 0x1F90F,
    0x1F918, 0x1F91D, 0x1F926, 0x1F930, 0x1F937, 0x1F977, 0x1F9B5, 0x1F9BB, 0x1F9CD,
    0x1F9D1, 0x1F9D8, 0x1F9DD, 0x1FAC3, 0x1FAC5, 0x1FAF0, 0x1FAF3, 0x1FAF7, 0x1FAF8,
]

# Emoji assigned after Unicode 14 (glibc 2.36 does not know them).
NEW_EMOJI = [
    0x1FA77, 0x1FAE8, 0x1FAAD, 0x1FABF, 0x1FACE, 0x1F6DC, 0x1FA75, 0x1FAE9, 0x1FAC6,
    0x1FABE, 0x1FADC, 0x1FA89, 0x1FA8F, 0x1FADF, 0x1FAEA, 0x1FAC8, 0x1FAEF, 0x1FA8A,
]

FLAGS = ["JP", "US", "FR", "DE", "GB", "UA", "BR", "IN", "KR", "CN", "ZA", "EU", "UN"]


def regional(letters: str) -> str:
    return "".join(chr(0x1F1E6 + ord(c) - ord("A")) for c in letters)


HAND_PICKED: list[tuple[str, list[str]]] = [
    ("vs16", [
        "\u2764\uFE0F", "\u263A\uFE0F", "\u2714\uFE0F", "\u00A9\uFE0F", "\u00AE\uFE0F",
        "\u2122\uFE0F", "\u2194\uFE0F", "\u2600\uFE0F", "\u2601\uFE0F", "\u260E\uFE0F",
        "\u2B50\uFE0F", "\u231A\uFE0F", "\u26A0\uFE0F", "\u270F\uFE0F", "\u2763\uFE0F",
        "\u25B6\uFE0F", "\u203C\uFE0F", "\u2049\uFE0F", "\u2139\uFE0F", "\u24C2\uFE0F",
        "\U0001F600\uFE0F", "\U0001F44D\uFE0F", "\U0001F5E8\uFE0F", "\U0001F321\uFE0F",
        "\U0001F3F3\uFE0F", "\U0001F441\uFE0F", "\U0001F574\uFE0F",
        "a\uFE0F", "1\uFE0F", "#\uFE0F", "\u00E9\uFE0F", "\u4E2D\uFE0F", "\uD55C\uFE0F",
        "\u2764\uFE0F\uFE0F", "\uFE0F\uFE0F", "\u2764\uFE0E\uFE0F", "\u2764\uFE0F\uFE0E",
        "\u0301\uFE0F", "e\u0301\uFE0F", "\u2764\u0301\uFE0F", "\u2764\uFE0Fx",
        "\u2764\uFE0F\u2764\uFE0F", "\u2764\uFE0F\u2764", "\U0001FA77\uFE0F",
        "\uFF21\uFE0F", "\u03B1\uFE0F", "\u2605\uFE0F", "\u00B1\uFE0F",
    ]),
    ("vs15", [
        "\u2764\uFE0E", "\u263A\uFE0E", "\u231A\uFE0E", "\u2B50\uFE0E", "\U0001F600\uFE0E",
        "\U0001F44D\uFE0E", "\u00A9\uFE0E", "a\uFE0E", "\u4E2D\uFE0E", "\uFE0E\uFE0E",
        "\u2614\uFE0E", "\u26A1\uFE0E", "\U0001F3F3\uFE0E",
    ]),
    ("modifier", [
        "\U0001F44D\U0001F3FB", "\U0001F44D\U0001F3FF", "\u261D\U0001F3FC", "\u270C\U0001F3FD",
        "\u26F9\U0001F3FE", "\U0001F385\U0001F3FB", "\U0001F3C3\U0001F3FD",
        "\U0001F442\U0001F3FD", "\U0001F46B\U0001F3FD", "\U0001F48F\U0001F3FD",
        "\U0001F574\U0001F3FD", "\U0001F918\U0001F3FD", "\U0001F930\U0001F3FD",
        "\U0001F977\U0001F3FD", "\U0001FAC3\U0001F3FD", "\U0001FAF8\U0001F3FD",
        "\U0001F9D1\U0001F3FD", "\U0001F9DE\U0001F3FD", "\U0001F600\U0001F3FD",
        "\u2764\U0001F3FD", "\U0001F3FD", "\U0001F3FD\U0001F3FD", "\U0001F3FD\U0001F44D",
        "a\U0001F3FD", "1\U0001F3FD", "\u00E9\U0001F3FD", "\u4E2D\U0001F3FD",
        "\U0001F44D\U0001F3FD\uFE0F", "\U0001F44D\uFE0F\U0001F3FD", "\u261D\uFE0F\U0001F3FD",
        "\U0001F44D\U0001F3FD\U0001F3FD", "\U0001F44D\U0001F3FD\U0001F44D",
        "\U0001F44D\U0001F3FD\u0301", "\U0001FAF7\U0001F3FF", "\U0001F1EF\U0001F3FD",
    ]),
    ("flag", [
        *(regional(f) for f in FLAGS),
        regional("AA"), regional("ZZ"), regional("J"), regional("Z"), regional("JPU"),
        regional("JPUS"), regional("JPUSF"), regional("JPJ"),
        "a" + regional("JP"), "\u00E9" + regional("J"), "\u4E2D" + regional("J"),
        "\U0001F600" + regional("J"), regional("J") + "a", regional("J") + "\u4E2D",
        regional("J") + "\uFE0F", regional("JP") + "\uFE0F", regional("J") + "\u0301",
        regional("JP") + ZWJ + "\U0001F600",
        "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F",
        "\U0001F3F4\U000E0067\U000E0062\U000E0077\U000E006C\U000E0073\U000E007F",
        "\U0001F3F4", "\U0001F3F4\U000E007F", "\U000E0067\U000E007F",
    ]),
    ("zwj", [
        "\U0001F468\u200D\U0001F469\u200D\U0001F467",
        "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466",
        "\U0001F469\u200D\u2764\uFE0F\u200D\U0001F468",
        "\U0001F469\u200D\u2764\uFE0F\u200D\U0001F48B\u200D\U0001F468",
        "\U0001F9D1\U0001F3FD\u200D\U0001F91D\u200D\U0001F9D1\U0001F3FF",
        "\U0001F468\U0001F3FB\u200D\U0001F469\U0001F3FF\u200D\U0001F467\U0001F3FD\u200D\U0001F466\U0001F3FE",
        "\U0001F469\U0001F3FD\u200D\U0001F4BB", "\U0001F9D1\u200D\U0001F680",
        "\U0001F3F3\uFE0F\u200D\U0001F308", "\U0001F3F4\u200D\u2620\uFE0F",
        "\U0001F408\u200D\u2B1B", "\U0001F426\u200D\U0001F525", "\u2764\uFE0F\u200D\U0001FA79",
        "\U0001F642\u200D\u2194\uFE0F", "\U0001F9D1\u200D\U0001F9D1\u200D\U0001F9D2",
        "\U0001F3C3\u200D\u27A1\uFE0F", "\U0001F3C3\U0001F3FD\u200D\u2640\uFE0F\u200D\u27A1\uFE0F",
        "\U0001F441\uFE0F\u200D\U0001F5E8\uFE0F", "\U0001F43B\u200D\u2744\uFE0F",
        "\u200D\U0001F600", "\U0001F600\u200D", "\U0001F600\u200D\u200D\U0001F600",
        "\U0001F600\u200Da", "a\u200D\U0001F600", "a\u200Db", "\u4E2D\u200D\u6587",
        "\u4E2D\u200D\U0001F600", "\U0001F600\u200D\u4E2D", "\u2764\u200D\u2764",
        "\u00E9\u200D\u00E9", "\U0001F600\u200D\u0301", "\U0001F1EF\u200D\U0001F1F5",
        "\U0001F600\u200D\U0001F3FD", "\U0001F600\u200D\uFE0F", "\u200D\u200D",
        "\U0001F600\u200D\U0001FA77", "\U0001FA77\u200D\U0001F600",
        "\U0001F600" + "\u200D\U0001F600" * 5, "\U0001F600" + "\u200D\U0001F600" * 8,
        "\u0915\u094D\u200D\u0937",
    ]),
    ("cjk", [
        "\u4E2D", "\u4E2D\u6587", "\u3042\u3044", "\uFF21\uFF22", "\u3000", "\U00020000",
        "\U0003134A", "\U00031350", "\u4E00\u0301", "\uFF71\uFF9E", "\u30AB\u3099",
        "\u2E80", "\u2FF0", "\u31E4", "\u3250", "\U0001F200", "\U0001F202", "\U0001F250",
    ]),
    ("mark", [
        "e\u0301", "e\u0301\u0302", "e" + "\u0301" * 6, "e" + "\u0301\u0316" * 6,
        "e" + "\u0301" * 12, "\u0301", "\u0301\u0301", "\u4E2D\u0301", "\U0001F600\u0301",
        "\u2764\u20E3", "1\u20E3", "1\uFE0F\u20E3", "#\u20E3", "\U0001F600\u20E3",
        "\u0E01\u0E31\u0E49", "\u0915\u093F", "\u0915\u094D\u0937\u093F", "\u0B95\u0BCD",
        "\u1100\u0301", "\u05D0\u05B8", "\u0627\u064E", "\u0600\u0661", "\U000110BD",
        "\u200B", "\u200Ba", "a\u200B", "\u00AD", "\u2060", "\uFEFF", "\u200E",
        "\u034F", "a\u034F", "\u180E", "\U0001D165\U0001D16D", "\u1AB0", "\u1DFF",
        "\u0903", "\u0915\u0903", "\u0D4E", "\U000E0100", "a\U000E0100",
    ]),
    # Clusters of 21 and 32 bytes and more: tmux 3.3a to 3.5a keep 21 bytes in a cell,
    # later ones 32, and a cell of exactly 32 bytes loses its text.
    ("long", [
        "e" + "\u0301" * 10, "e" + "\u0301" * 11, "\u00E9" + "\u0301" * 15,
        "e" + "\u0301" * 15, "e" + "\u0301" * 16, "e" + "\u0301" * 16 + "x",
        "\u00E9" + "\u0301" * 15 + "\u0302", "\U0001F600" + "\u0301" * 14,
        "\U0001F600" + "\u200D\U0001F600" * 4, "\U0001F600" + "\u200D\U0001F600" * 4 + "\u0301",
        "\u2764" + "\u0301" * 9 + "\uFE0F", "\u4E2D" + "\u0301" * 14 + "\uFE0F",
        regional("AB") + "\u0301" * 8,
    ]),
    ("hangul", [
        "\u1100", "\u1161", "\u11A8", "\u1100\u1161", "\u1100\u1161\u11A8", "\u1100\u1100",
        "\u1100\u1100\u1161", "\u1161\u1161", "\u11A8\u11A8", "\u1100\u1161\u11A8\u11A8",
        "\u1100\u11A8", "\uAC00\u11A8", "\uAC00\u1161", "\uAC01\u11A8", "\u115F", "\u1160",
        "\u115F\u1160", "\u115F\u1161", "\u1100\u1160", "\u115F\u1160\u11A8", "\u3164",
        "\u3164\u3164", "a\u3164", "\u3164a", "\u3164\u0301", "\uFFA0", "\uFFA0\uFFA0",
        "\u3131", "\u3131\u314F", "\uA960", "\uA960\u1161", "\uA97C\uD7B0", "\u1100\uD7B0",
        "\u1100\u1161\uD7CB", "\uD7B0", "\uD7CB", "\u1113\u1176", "\u1113\u1176\u11C3",
        "\u11FF", "\uD7A3", "\uD7A3\u11A8", "\u1100\u1161\u1100\u1161",
    ]),
    ("ambiguous", [
        "\u00A1", "\u00B0", "\u00B1", "\u00D7", "\u2018", "\u2026", "\u203B", "\u2103",
        "\u2121", "\u2160", "\u2190", "\u21D2", "\u2200", "\u2460", "\u2500", "\u25A0",
        "\u25CB", "\u2605", "\u2640", "\u2660", "\u266A", "\u273D", "\u2776", "\uFFFD",
        "\u03A9", "\u0401", "\uE000", "\U000F0000", "\u2B55", "\u2B56",
    ]),
]


def pools(ud, glibc, wc) -> dict[str, list[int]]:
    """Code point pools for the random samples."""
    from wcwidth.table_ambiguous import AMBIGUOUS_EASTASIAN
    from wcwidth.table_grapheme import EXTENDED_PICTOGRAPHIC
    from wcwidth.table_vs16 import VS16_NARROW_TO_WIDE

    def flat(table) -> list[int]:
        ranges = next(iter(table.values())) if isinstance(table, dict) else table
        return [c for lo, hi in ranges for c in range(lo, hi + 1)]

    assigned = []
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        if ud.category(chr(cp)) not in ("Cn", "Cc", "Cs", "Co"):
            assigned.append(cp)
    known = {cp for cp in assigned if glibc(cp) >= 0}
    pictographs = [c for c in flat(EXTENDED_PICTOGRAPHIC) if c > 0xFF and c in set(assigned)]
    return {
        "pictograph": [c for c in pictographs if c in known],
        "wide emoji": [c for c in pictographs if c in known and glibc(c) == 2],
        "text emoji": [c for c in flat(VS16_NARROW_TO_WIDE) if c > 0x7F],
        "new": [c for c in assigned if c not in known and c > 0x9F and ud.category(chr(c))
                not in ("Zl", "Zp")],
        "new pictograph": [c for c in pictographs if c not in known],
        "ambiguous": [c for c in flat(AMBIGUOUS_EASTASIAN) if c in known and c > 0x7F
                      and ud.category(chr(c)) not in ("Mn", "Me", "Co")],
        "cjk": [c for c in known if glibc(c) == 2 and ud.category(chr(c)) == "Lo"],
        "mark": [c for c in known if ud.category(chr(c)) in ("Mn", "Me") and glibc(c) == 0],
        "letter": [c for c in known if ud.category(chr(c)) in ("Ll", "Lu") and glibc(c) == 1],
        "jamo L": list(range(0x1100, 0x1160)) + list(range(0xA960, 0xA97D)),
        "jamo V": list(range(0x1160, 0x11A8)) + list(range(0xD7B0, 0xD7C7)),
        "jamo T": list(range(0x11A8, 0x1200)) + list(range(0xD7CB, 0xD7FC)),
    }


def generate(ud, glibc) -> list[tuple[str, str]]:
    """All samples as (category, text), without repeats, in a fixed order."""
    import wcwidth

    oracle = width_oracle_module()
    rng = SplitMix64(SEED)
    pool = pools(ud, glibc, wcwidth)
    out: list[tuple[str, str]] = []
    seen: set[str] = set()

    def add(category: str, text: str) -> None:
        if text and text not in seen:
            seen.add(text)
            out.append((category, text))

    add("ascii", "A")
    for category, texts in HAND_PICKED:
        for text in texts:
            add(category, text)
    for text in oracle.NAMED:
        add("oracle", text)
    singles, clusters = oracle.random_cases(ud, glibc)
    for text in singles + clusters:
        add("oracle-random", text)

    c = lambda name: chr(rng.choice(pool[name]))  # noqa: E731
    for _ in range(25):
        add("new", c("new"))
    for _ in range(15):
        add("new", c("new pictograph") + rng.choice(["", VS16, VS15, rng.choice(TONES)]))
    for _ in range(10):
        add("new", c("new") + c("mark"))
    for _ in range(10):
        add("new", c("letter") + c("new") if rng.below(2) else c("new") + c("cjk"))
    for _ in range(20):
        add("vs16", c("text emoji") + VS16)
    for _ in range(10):
        add("vs16", c("wide emoji") + VS16)
    for _ in range(8):
        add("vs15", c("wide emoji") + VS15)
    for _ in range(15):
        add("modifier", chr(rng.choice(MODIFIER_BASES)) + rng.choice(TONES))
    for _ in range(8):
        add("modifier", c("pictograph") + rng.choice(TONES))
    for _ in range(15):
        n = rng.choice([1, 2, 2, 2, 3, 4])
        add("flag", "".join(chr(0x1F1E6 + rng.below(26)) for _ in range(n)))
    for _ in range(20):
        parts = []
        for _ in range(2 + rng.below(3)):
            part = rng.choice([c("wide emoji"), chr(rng.choice(MODIFIER_BASES))
                               + rng.choice(TONES), c("text emoji") + VS16, c("pictograph"),
                               chr(rng.choice(NEW_EMOJI))])
            parts.append(part)
        add("zwj", ZWJ.join(parts))
    for _ in range(12):
        add("mark", c(rng.choice(["letter", "cjk", "wide emoji"])) + "".join(
            c("mark") for _ in range(1 + rng.below(4))))
    for _ in range(15):
        add("hangul", "".join(c(rng.choice(["jamo L", "jamo V", "jamo T"]))
                              for _ in range(1 + rng.below(3))))
    for _ in range(12):
        add("ambiguous", c("ambiguous") + rng.choice(["", "", VS16, VS15]))
    for _ in range(10):
        add("cjk", c("cjk") + rng.choice(["", c("cjk"), c("mark")]))

    # Mixes: two to four pieces of any kind, so that one piece follows another.
    pieces = [text for _, text in out if len(text) <= 8]
    extra = ["a", " ", "é", "\u4E2D", ZWJ, VS16, VS15, "\u0301", "\u3164", "\U0001F3FD",
             regional("J"), "\U0001F600", "\u2764"]
    for _ in range(220):
        n = 2 + rng.below(3)
        text = "".join(rng.choice(pieces) if rng.below(3) else rng.choice(extra)
                       for _ in range(n))
        if len(text) <= 14:
            add("mix", text)
    return out
