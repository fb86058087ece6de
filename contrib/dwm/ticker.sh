#!/bin/sh
# ticker.sh: a scrolling ticker-status ticker in dwm's status bar (6.4 and later).
#
# Use: run it from your X session start-up, before dwm (e.g. ~/.xinitrc:
# ticker.sh & exec dwm), with ticker-status's arguments, if any, after the
# script's name:
#
#   contrib/dwm/ticker.sh -w 60 --quotes --command 'ticker-quotes aapl.us eurusd' --every 300
#
# dwm shows the root window's name as its status; xsetroot (x11-xserver-utils) sets
# it, once a frame. dwm draws the name as it is, without markup: --format plain.
# (With the status2d patch, ^ starts a command: keep --format plain there too, and
# no item can start one only if no item holds a ^.) dwm has no clicks on its status.
# TICKER_STATUS names the ticker-status binary (default: the one on PATH).

[ $# -gt 0 ] || set -- -w 60 --demo
"${TICKER_STATUS:-ticker-status}" --stream --format plain "$@" |
    while IFS= read -r frame; do xsetroot -name "$frame"; done
