#!/usr/bin/env bash
# Makes docs/tmux-status-line.png: a real tmux status line with two tickers (currencies
# left, stocks right), drawn by xterm on Xvfb and captured with ImageMagick.
#
#   scripts/make-screenshot.sh [TICKER_BINARY]     (default: .build/debug/ticker-status)
#
# Needs Xvfb, xterm, tmux, ImageMagick and fonts-dejavu-core (apt-get install xvfb xterm
# tmux imagemagick fonts-dejavu-core).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/debug/ticker-status}")
work=$(mktemp -d)
socket="ticker-shot-$$"
cleanup() {
  tmux -L "$socket" kill-server 2>/dev/null || true
  rm -f "/tmp/tmux-$(id -u)/$socket"
  [ -n "${xterm_pid:-}" ] && kill "$xterm_pid" 2>/dev/null || true
  [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

cat > "$work/tmux.conf" <<CONF
set -g status-style 'bg=colour236,fg=colour252'
set -g status-interval 1
set -g status-left-length 40
set -g status-right-length 60
set -g window-status-format ''
set -g window-status-current-format ''
set -g status-left '#($binary --format tmux -w 34 -s 3 --quotes "EUR/USD 1.0842 -0.0013" "USD/JPY 151.62 +0.48" "GBP/USD 1.2675 +0.0021" "USD/CHF 0.9011 -0.0007") '
set -g status-right ' #($binary --format tmux -w 44 -s 3 --demo) 12:34'
CONF

Xvfb -displayfd 3 -screen 0 1000x90x24 -nolisten tcp 3> "$work/display" &
xvfb_pid=$!
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$work/display")"
tmux -L "$socket" -f "$work/tmux.conf" new-session -d -s shot -x 100 -y 3 'sleep 600'
xterm -geometry 100x3+0+0 -fa 'DejaVu Sans Mono' -fs 12 -bg '#1c1c1c' -fg '#d0d0d0' \
  -xrm 'XTerm*cursorBlink: false' -e tmux -L "$socket" attach -t shot &
xterm_pid=$!
sleep 3
import -window root "$work/root.png"
# The status line is the last of the three rows.
height=$(identify -format '%h' "$work/root.png")
convert "$work/root.png" -trim +repage -gravity south -crop 0x24+0+0 +repage docs/tmux-status-line.png
echo "wrote docs/tmux-status-line.png ($(identify -format '%wx%h' docs/tmux-status-line.png), screen $height px high)"
