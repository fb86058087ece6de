#!/bin/sh
# ticker.sh: a ticker-status ticker in xfce4-genmon-plugin (the Xfce panel's Generic
# Monitor, 4.1 and later).
#
# Use: add a Generic Monitor to the panel, and in its properties set
#   Command:  /path/to/ticker.sh -w 40 --demo     (or with your own arguments)
#   Label:    off;   Period (s): 1;   Font: a monospace one (DejaVu Sans Mono 10)
# genmon runs the command once a period and shows what it prints: each run is one
# frame, and the ticker moves by a step a period. From a shell:
#   xfconf-query -c xfce4-panel -p /plugins/plugin-N/command -s '/path/to/ticker.sh -w 40 --demo'
#
# --format genmon writes <txt>...</txt> with the text as pango markup (& < > and the
# quotes as entities), up and down quotes coloured: a feed cannot inject genmon tags
# such as <txtclick> or <img>. With --on-click it adds <txtclick>: genmon has one
# click for the whole text, so a click runs the command for the item at the left
# edge of the frame, with the item in TICKER_ITEM, TICKER_INDEX, TICKER_BUTTON and,
# with --quotes, TICKER_SYMBOL, TICKER_PRICE and TICKER_CHANGE:
#
#   ticker.sh -w 40 --demo --on-click ~/.local/share/ticker-status/quotes/open-quote
#
# TICKER_STATUS names the ticker-status binary (default: the one on PATH).

[ $# -gt 0 ] || set -- -w 40 --demo
exec "${TICKER_STATUS:-ticker-status}" --format genmon "$@"
