#!/bin/sh
# ticker.sh: a scrolling ticker-status ticker in dzen2.
#
# Use: run it from your X session start-up (e.g. ~/.xinitrc: ticker.sh &), with
# ticker-status's arguments, if any, after the script's name:
#
#   contrib/dzen2/ticker.sh -w 60 --quotes --command 'ticker-quotes aapl.us eurusd' --every 300
#
# Without arguments it shows the built-in demo quotes. --stream prints a line each
# time the frame changes; --format dzen2 colours up and down quotes with
# ^fg(#rrggbb) and writes every ^ from the text as ^^, so a feed cannot inject dzen2
# commands or clickable areas.
#
# Clicks: with --on-click among the arguments, each item is wrapped in ^ca(1,...) to
# ^ca(5,...) areas that run ticker-status again with --clicked-item, which runs the
# command for that item, with the item in TICKER_ITEM, TICKER_INDEX, TICKER_BUTTON
# and, with --quotes, TICKER_SYMBOL, TICKER_PRICE and TICKER_CHANGE. open-quote opens
# the quote's page:
#
#   contrib/dzen2/ticker.sh -w 60 --demo --on-click ~/.local/share/ticker-status/quotes/open-quote
#
# DZEN2 replaces the whole dzen2 command (default: a bar 24 pixels high at the top,
# left-aligned, DejaVu Sans Mono, no actions of dzen2's own, so that a click runs
# only the item's). TICKER_STATUS names the ticker-status binary (default: the one on
# PATH).

[ $# -gt 0 ] || set -- -w 60 --demo
ticker_status=${TICKER_STATUS:-ticker-status}
"$ticker_status" --stream --format dzen2 "$@" |
    ${DZEN2:-dzen2 -p -ta l -h 24 -fn 'DejaVu Sans Mono:size=10' -bg '#202020' -fg '#d0d0d0' -e ''}
