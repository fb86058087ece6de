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
# Clicks: with --on-click among the arguments, each item is wrapped in
# %{A1:...:} to %{A5:...:} actions that say only which item and which button
# ("3 1"); lemonbar prints the action of a click, and this script reads it and runs
# ticker-status --clicked-item 3 --clicked-button 1 with its own arguments, which
# runs the command for that item, with the item in TICKER_ITEM, TICKER_INDEX,
# TICKER_BUTTON and, with --quotes, TICKER_SYMBOL, TICKER_PRICE and TICKER_CHANGE.
# Anything else lemonbar prints is not run. open-quote opens the quote's page:
#
#   contrib/lemonbar/ticker.sh -w 60 --quotes --command 'ticker-quotes aapl.us eurusd' --every 300 \
#       --on-click ~/.local/share/ticker-status/quotes/open-quote
#
# lemonbar 1.4 places the areas of centred text (%{c}) up to a cell or two off,
# more so at the left; a click in the middle of an item is safe.
#
# lemonbar draws X core fonts only (xlsfonts lists them). LEMONBAR_FONT picks one;
# the default, -misc-fixed-medium-r-normal--13-120-75-75-c-70-iso10646-1 (Debian's
# xfonts-base, 7 pixels a cell), has ▲ and ▼; lemonbar's own default, fixed, is
# ISO 8859-1 and drops them, and the bar's width jitters as they scroll. LEMONBAR
# replaces the whole bar command (default: lemonbar -p -g x24 -B '#202020'
# -F '#d0d0d0' -f "$LEMONBAR_FONT"), for example LEMONBAR='lemonbar -b -f 6x13'.
# TICKER_STATUS names the ticker-status binary (default: the one on PATH).

[ $# -gt 0 ] || set -- -w 60 --demo
ticker_status=${TICKER_STATUS:-ticker-status}
font=${LEMONBAR_FONT:--misc-fixed-medium-r-normal--13-120-75-75-c-70-iso10646-1}

bar() {
    if [ -n "${LEMONBAR:-}" ]; then
        # shellcheck disable=SC2086 # LEMONBAR is a command with its arguments.
        $LEMONBAR
    else
        lemonbar -p -g x24 -B '#202020' -F '#d0d0d0' -f "$font"
    fi
}

# What lemonbar prints is the action of a click: an item and a button, numbers only.
"$ticker_status" --stream --format lemonbar "$@" |
    while IFS= read -r frame; do
        printf '%%{c}%s\n' "$frame"
    done |
    bar |
    while read -r item button rest; do
        case $item:$button:$rest in
        [0-9]*:[1-5]:) case $item in *[!0-9]*) continue ;; esac ;;
        *) continue ;;
        esac
        "$ticker_status" --clicked-item "$item" --clicked-button "$button" "$@" </dev/null
    done
