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
# commands. Each line gets %{c} to centre it.
#
# lemonbar draws X core fonts only (xlsfonts lists them). LEMONBAR_FONT picks one;
# the default, -misc-fixed-medium-r-normal--13-120-75-75-c-70-iso10646-1 (Debian's
# xfonts-base, 7 pixels a cell), has ▲ and ▼; lemonbar's own default, fixed, is
# ISO 8859-1 and drops them, and the bar's width jitters as they scroll. LEMONBAR
# replaces the whole bar command (default: lemonbar -p -g x24 -B '#202020'
# -F '#d0d0d0' -f "$LEMONBAR_FONT"), for example LEMONBAR='lemonbar -b -f 6x13'.

[ $# -gt 0 ] || set -- -w 60 --demo
font=${LEMONBAR_FONT:--misc-fixed-medium-r-normal--13-120-75-75-c-70-iso10646-1}

bar() {
    if [ -n "${LEMONBAR:-}" ]; then
        # shellcheck disable=SC2086 # LEMONBAR is a command with its arguments.
        $LEMONBAR
    else
        lemonbar -p -g x24 -B '#202020' -F '#d0d0d0' -f "$font"
    fi
}

ticker-status --stream --format lemonbar "$@" |
    while IFS= read -r frame; do
        printf '%%{c}%s\n' "$frame"
    done |
    bar
