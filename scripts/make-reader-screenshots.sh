#!/bin/sh
# Crops, from the screenshots the reader tests leave in .build/bar-screenshots/<reader>/
# (swift test --filter 'ReaderBarTests|ReaderPanelTests|ReaderGenmonTests'), the row
# where each reader draws its contrib/ snippet as written (ticker-status --demo), and
# writes it to docs/readers/<reader>.png: of all the shots, the one whose top 24 rows
# vary most in grey (an empty bar or panel varies least). Needs ImageMagick.
set -eu
cd "$(dirname "$0")/.."
mkdir -p docs/readers
for reader in conky dwm dzen2 genmon tint2 xmobar yambar; do
    best= most=0
    for shot in .build/bar-screenshots/"$reader"/*.png; do
        [ -e "$shot" ] || break
        spread=$(convert "$shot" -crop 1280x24+0+0 +repage -colorspace gray \
            -format '%[fx:int(standard_deviation * 1000000)]' info:)
        if [ "$spread" -gt "$most" ]; then best=$shot most=$spread; fi
    done
    if [ -z "$best" ]; then
        echo "$reader: no screenshots; run the reader tests first" >&2
        continue
    fi
    convert "$best" -crop 1280x24+0+0 +repage -strip "docs/readers/$reader.png"
    echo "$reader: $best"
done
