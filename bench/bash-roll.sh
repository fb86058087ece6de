#!/usr/bin/env bash
# The comparison: a one-shot bash scroller of the tmux-powerline "roll" kind, a string
# sliced by the current second. Prints one 40-column frame of the same 50 quotes.
text=$(tr '\n' '|' < "${1:?quotes file}")
width=40
text="$text$text"
offset=$(( $(date +%s) % (${#text} / 2) ))
printf '%s\n' "${text:offset:width}"
