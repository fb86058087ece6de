#!/usr/bin/env bash
# Makes docs/portfolio-i3bar.png: README's portfolio watcher in a real i3bar, drawing
# contrib/quotes/sample-portfolio.jsonl with an alert (AAPL's block urgent, the quotes
# that meet a rule in the alert style), market-state tags and sparklines; on Xvfb,
# captured with ImageMagick.
#
#   scripts/make-portfolio-screenshot.sh [TICKER_BINARY]   (default: .build/debug/ticker-status)
#
# Needs Xvfb, i3 (i3-wm), ImageMagick and fonts-dejavu-core.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/debug/ticker-status}")
sample=$(realpath contrib/quotes/sample-portfolio.jsonl)
work=$(mktemp -d)
cleanup() {
  [ -n "${i3_pid:-}" ] && kill "$i3_pid" 2>/dev/null || true
  [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

cat > "$work/i3.conf" <<CONF
# i3 config file (v4)
font pango:DejaVu Sans Mono 11
bar {
    position top
    workspace_buttons no
    status_command $binary --stream --format i3bar -f $sample --input json --sparkline 8 --alert 'AAPL>=200' --alert 'change<=-3%' -w 136 --motion still
    # An urgent block is drawn in these colours (border, background, text): a dark
    # background keeps the red of falling quotes readable.
    colors {
        urgent_workspace #cdcd00 #303000 #ffffff
    }
}
CONF
Xvfb -displayfd 3 -screen 0 1300x60x24 -nolisten tcp 3>"$work/display" 2>/dev/null &
xvfb_pid=$!
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$work/display")"
HOME="$work" i3 -c "$work/i3.conf" >/dev/null 2>&1 &
i3_pid=$!
sleep 3
import -window root -crop 1300x24+0+0 docs/portfolio-i3bar.png
echo "wrote docs/portfolio-i3bar.png"
