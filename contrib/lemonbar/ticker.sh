#!/bin/sh
# ticker.sh: a scrolling ticker-status ticker in lemonbar.
#
# Use: run it from your X session start-up (e.g. ~/.xinitrc: ticker.sh &), with
# ticker-status's arguments, if any, after the script's name:
#
#   contrib/lemonbar/ticker.sh -w 60 --quotes --command 'ticker-quotes aapl.us eurusd' --every 300
#
# Without arguments it shows the built-in demo quotes. --stream prints a line each
# time the frame changes; --format lemonbar colours up and down quotes with
# %{F#rrggbb} and writes % from the text as %%, so a feed cannot inject lemonbar
# commands. Each line gets %{c} to centre it. LEMONBAR overrides the bar command
# (default: lemonbar -p -g x24 -B #202020 -F #d0d0d0); use a monospace font with -f.

[ $# -gt 0 ] || set -- -w 60 --demo

# shellcheck disable=SC2086 # LEMONBAR is a command with its arguments.
ticker-status --stream --format lemonbar "$@" |
    while IFS= read -r frame; do
        printf '%%{c}%s\n' "$frame"
    done |
    ${LEMONBAR:-lemonbar -p -g x24 -B '#202020' -F '#d0d0d0'}
