#!/bin/sh
# ticker.tmux: a tmux plugin that puts ticker-status scrolling tickers in the
# status line wherever it says #{ticker} (or #{ticker:NAME}, below).
#
# Load it from ~/.tmux.conf after setting status-left/status-right, either with TPM
# or directly (`make install` puts it under $PREFIX/share/ticker-status/tmux/):
#
#   set -g status-right '#{ticker} %H:%M'
#   set -g @ticker-args '-w 40 --quotes -f ~/.cache/ticker/quotes'
#   run-shell ~/.local/share/ticker-status/tmux/ticker.tmux
#
# Several tickers: #{ticker:NAME} is one more, with its own arguments in
# @ticker-NAME-args; NAME is letters, digits and '_', but not args, bin, pid or
# smooth. Until the plugin runs, tmux draws #{ticker} and #{ticker:NAME} as nothing.
#
#   set -g status-left '#{ticker:fx} '
#   set -g @ticker-fx-args '-w 30 --quotes -f ~/.cache/ticker/fx'
#
# Options (all global, read when the plugin runs):
#   @ticker-args       arguments for #{ticker}, shell words (default: --demo);
#   @ticker-NAME-args  for #{ticker:NAME}; they run inside #(...), so they must not
#                      contain ')'
#   @ticker-bin        the ticker-status binary (default: found on PATH)
#   @ticker-smooth     on: scroll several times a second with one background
#                      `ticker-status --stream --tmux-option @ticker` per ticker and
#                      server, shown with #{@ticker} (#{@ticker-NAME} for NAME);
#                      off (default): a #(ticker-status ...) job, which tmux runs
#                      at most once a second
#
# Clicks (tmux 3.4 and later): with --on-click in a ticker's arguments, each item is
# drawn in a user range named after the ticker and the item's index (t_N for
# #{ticker}, tNAME_N for #{ticker:NAME}; a NAME over 8 characters is shortened to
# its first 4 and 4 digits of its checksum), and the plugin binds MouseDown1Status,
# MouseDown2Status, MouseDown3Status, WheelUpStatus and WheelDownStatus (the keys
# tmux sends for a click on a user range) to run `ticker-status --clicked-item N
# --clicked-button B` with the ticker's arguments when the click is on one of its
# items; anywhere else the binding the key had before runs (kept in
# @ticker-mouse-KEY; a key bound with -r keeps -r). The text after a clickable ticker
# is put back in its side's range (#[range=right] or #[range=left]). tmux 3.3a has no
# user ranges: there a click does what it always did.
#
# Pause: give the ticker a name in its arguments and bind a key (or the middle
# button) to --pause-toggle with that name; it pauses jobs and streams alike, and
# again resumes them where they stood (kept in the cache folder; a paused frame
# starts with ǁ). A click on status-right is tmux's MouseDown2StatusRight
# (MouseDown2StatusLeft for a ticker in status-left); on an item of a ticker with
# --on-click (tmux 3.4 and later) it is the item's click instead:
#
#   set -g @ticker-args '-w 40 --demo --name tmux'
#   bind-key P run-shell -b 'ticker-status --pause-toggle --name tmux'
#   bind-key -n MouseDown2StatusRight run-shell -b 'ticker-status --pause-toggle --name tmux'
#
# It raises status-left-length and status-right-length when they are too short for
# the tickers (their -w/--width, default 40) and the rest of the line (measured
# generously), never lowers them, and lowers status-interval to 1 for jobs.
#
# In smooth mode the stream runs from the start of the server (it waits for the
# first session) to its end. @ticker-pid (@ticker-NAME-pid) holds the stream's
# process, so that re-running the plugin starts no second one, and @ticker-pid-args
# the arguments it was started with: when @ticker-args has changed since, re-running
# the plugin (sourcing the configuration again) starts a stream of the new arguments,
# which ends the old one. Two runs at once
# agree through tmux itself (a compare-and-set with if-shell -F), and nothing is
# kept outside the server. It is trusted only while it names a process of this
# user's whose command line is that stream's, for this server (`--stream
# --tmux-option @ticker --tmux-socket SOCKET`): a pid that has ended, been reused, or
# was set by hand starts a new stream. When a stream ends with an error, or the
# plugin cannot run, the message takes the ticker's place in the status line, and
# the log
# ${XDG_STATE_HOME:-~/.local/state}/ticker-status/tmux-SERVER-CRC-ticker[-NAME].log
# has it in full (SERVER: the socket's name, `default` unless tmux -L; CRC: 8 hex
# digits of the socket path's cksum, so that -S /a/default and -S /b/default keep
# apart). Its folder is the user's own: made 0700, group and others' permissions
# taken away, and refused when it is a symbolic link or another user's; the log is
# never written through a symbolic link (whatever else is at its name goes, and it
# is made anew). When a log cannot be written, the ticker's place says so and why.
#
# How: this file only finds the binary. `ticker-status --tmux-plugin SOCKET BINARY`
# reads the server's options once, makes every decision above and prints them as
# tmux commands, which go to `tmux source-file -`; each stream claims @ticker-pid and
# reports its own end. Without a binary to ask, the lines below say so themselves.

set -u
socket=$(tmux display-message -p '#{socket_path}' 2>/dev/null)
[ -n "$socket" ] || { echo "ticker.tmux: no tmux server: run it from tmux (run-shell, or TPM)" >&2 && exit 1; }
tmux() { command tmux -S "$socket" "$@"; }
bin=$(tmux show-option -gqv @ticker-bin) why=
# tmux keeps a leading ~ in option values as it is; expand it as a shell would.
# shellcheck disable=SC2088 # the ~ is the option's text, not the shell's
case $bin in "~/"*) bin="$HOME/${bin#"~/"}" ;; esac
[ -n "$bin" ] || bin=$(command -v ticker-status) ||
    why="ticker-status is not on PATH; set @ticker-bin to its full path"
[ -n "$why" ] || [ -x "$bin" ] || why="'$bin' is not an executable ticker-status; check @ticker-bin"
[ -n "$why" ] || { "$bin" --tmux-plugin "$socket" "$bin" | tmux source-file -; exit; }

# No binary: each ticker's place shows why (#{@ticker}, #{@ticker-NAME}), the sides
# long enough for it, and #{ticker}'s log has it.
message="ticker.tmux: $why"
escaped=$(printf '%s' "$message" | sed 's/#/##/g')
tmux display-message "$escaped"
for found in $(printf '%s\n' "$(tmux show-option -gqv status-left)" "$(tmux show-option -gqv status-right)" |
    grep -o '#{ticker\(:[A-Za-z0-9_]*\)\{0,1\}}' | sort -u); do
    name=${found#'#{ticker'} && name=${name%'}'} && name=${name#:}
    case $name in args | bin | pid | smooth) continue ;; esac
    tmux set-option -g "@ticker${name:+-$name}" "$escaped"
    for side in status-left status-right; do
        text=$(tmux show-option -gqv $side)
        case $text in *"$found"*) ;; *) continue ;; esac
        tmux set-option -g $side "$(printf '%s' "$text" | sed "s/$found/#{@ticker${name:+-$name}}/g")"
        length=$(tmux show-option -gqv $side-length)
        need=$((${#text} + ${#message} * $(printf '%s' "$text" | grep -o "$found" | wc -l)))
        [ "${length:-0}" -ge "$need" ] || tmux set-option -g $side-length "$need"
    done
done
state=${XDG_STATE_HOME:-${HOME:+$HOME/.local/state}}
[ -n "$state" ] || exit 1
state=$state/ticker-status
crc=$(printf '%08x' "$(printf '%s' "$socket" | cksum | cut -d ' ' -f 1)")
log=$state/tmux-$(printf '%s' "${socket##*/}" | tr -c 'A-Za-z0-9_.-' '_')-$crc-ticker.log
(umask 077 && mkdir -p "$state") 2>/dev/null
if [ -d "$state" ] && [ ! -L "$state" ] && [ -O "$state" ] && chmod go= "$state"; then
    if [ -L "$log" ] || { [ -e "$log" ] && [ ! -f "$log" ]; }; then rm -f "$log"; fi
    (umask 077 && printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$message" >>"$log") 2>/dev/null
fi
exit 1
