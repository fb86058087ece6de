#!/usr/bin/env bash
# Kills the test process of `swift test --filter BarTests` with SIGKILL while its bars
# are up (as a trap or a CI timeout would end it), waits 10 seconds, and lists every
# process started since that is still alive, zombies aside. Exit status 0 when there is
# none, 1 when something outlived the tests, 2 when the bars never came up.
#
#   scripts/check-test-cleanup.sh [FILTER]     (default: BarTests)
#
# Build the tests first (`swift build --build-tests`): the run uses --skip-build.
set -u
cd "$(dirname "$0")/.."
filter=${1:-BarTests}

# The live processes, "pid comm", zombies and kernel threads left out.
live() {
  for stat in /proc/[0-9]*/stat; do
    { read -r line <"$stat"; } 2>/dev/null || continue
    pid=${line%% *}
    rest=${line##*) }
    [ "${rest%% *}" = Z ] && continue
    [ -e "/proc/$pid/exe" ] || continue
    comm=${line#*(}
    printf '%s %s\n' "$pid" "${comm%)*}"
  done | sort
}

# The parent of process $1, or 0.
parent() {
  local line
  { read -r line <"/proc/$1/stat"; } 2>/dev/null || { echo 0; return; }
  line=${line##*) }
  line=${line#* }
  echo "${line%% *}"
}

# Whether process $1 is an orphan of the run: walking up from it reaches PID 1 without
# passing through a process that was there before the run (another shell's work).
orphaned() {
  local pid
  pid=$(parent "$1")
  while [ "$pid" -gt 1 ]; do
    grep -q "^$pid " <<<"$before" && return 1
    pid=$(parent "$pid")
  done
  [ "$pid" -eq 1 ]
}

before=$(live)
swift test --skip-build --filter "$filter" >/tmp/check-test-cleanup.log 2>&1 &
driver=$!

# Up: a bar process of this run exists; then a little more, so that their tickers run.
up=""
for _ in $(seq 1 600); do
  if comm -13 <(printf '%s\n' "$before") <(live) | grep -qE ' (polybar|i3bar|lemonbar|waybar)$'; then
    up=yes
    break
  fi
  sleep 0.1
done
if [ -z "$up" ]; then
  echo "check-test-cleanup: no bar came up in 60 s; see /tmp/check-test-cleanup.log" >&2
  kill -KILL "$driver" 2>/dev/null
  exit 2
fi
sleep 3
started=$(comm -13 <(printf '%s\n' "$before") <(live))
echo "processes of the run while its bars are up: $(printf '%s\n' "$started" | grep -c .)"
tests=$(pgrep -f 'PackageTests.xctest' | head -n 1)
kill -KILL ${tests:+"$tests"} "$driver" 2>/dev/null
wait "$driver" 2>/dev/null
sleep 10
# What is left, less this script and what it runs.
# What the bar tests start, by name: other work on the machine (a shell another
# session runs meanwhile) is not counted.
ours='^(Xvfb|i3|i3bar|polybar|lemonbar|sway|swaybg|swaynag|waybar|wayvnc|grim|import|convert|xdotool|ticker-status|tmux|sh|sed|sleep)$'
left=$(comm -13 <(printf '%s\n' "$before") <(live) | while read -r pid name; do
  [[ $name =~ $ours ]] && orphaned "$pid" && printf '%s %s\n' "$pid" "$name"
done)
count=$(printf '%s\n' "$left" | grep -c .)
echo "alive 10 s after the SIGKILL: $count"
if [ "$count" -gt 0 ]; then
  printf '%s\n' "$left" | awk '{print $2}' | sort | uniq -c | sort -rn
  # Leave the machine clean for the runs after this one.
  printf '%s\n' "$left" | awk '{print $1}' | xargs -r kill -KILL 2>/dev/null
  exit 1
fi
