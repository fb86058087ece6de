#!/bin/sh
# ticker.tmux: a tmux plugin that puts a ticker-status scrolling ticker in the
# status line wherever it says #{ticker}.
#
# Load it from ~/.tmux.conf after setting status-left/status-right, either with TPM
# or directly (`make install` puts it under $PREFIX/share/ticker-status/tmux/):
#
#   set -g status-right '#{ticker} %H:%M'
#   set -g @ticker-args '-w 40 --quotes -f ~/.cache/ticker/quotes'
#   run-shell ~/.local/share/ticker-status/tmux/ticker.tmux
#
# Options (all global, read once when the plugin runs):
#   @ticker-args    arguments for ticker-status, shell words (default: --demo);
#                   they run inside #(...), so they must not contain ')'
#   @ticker-bin     the ticker-status binary (default: found on PATH)
#   @ticker-smooth  on: scroll several times a second with one background
#                   `ticker-status --stream --tmux-option @ticker` per server,
#                   shown with #{@ticker}; off (default): a #(ticker-status ...)
#                   job, which tmux runs at most once a second
#
# Re-running it is harmless: once #{ticker} is replaced there is nothing left to
# replace, and smooth mode starts no second stream while the first one runs.

set -u

# The value of a global option, or $2 when it is unset or empty.
option() {
    value=$(tmux show-option -gqv "$1")
    if [ -n "$value" ]; then printf '%s' "$value"; else printf '%s' "$2"; fi
}

fail() {
    tmux display-message "ticker.tmux: $1"
    exit 1
}

# $1 quoted for /bin/sh, which tmux runs #() jobs with.
shell_quote() {
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# $1 with every '#' written '##', as tmux expands a #() command as a format first.
format_escape() {
    printf '%s' "$1" | sed 's/#/##/g'
}

# Replaces every #{ticker} in the global option $1 with $2.
replace_placeholder() {
    rest=$(tmux show-option -gqv "$1")
    case $rest in *'#{ticker}'*) ;; *) return 0 ;; esac
    result=
    while :; do
        case $rest in
        *'#{ticker}'*)
            result=$result${rest%%'#{ticker}'*}$2
            rest=${rest#*'#{ticker}'}
            ;;
        *)
            result=$result$rest
            break
            ;;
        esac
    done
    tmux set-option -g "$1" "$result"
}

bin=$(option @ticker-bin "")
# tmux keeps a leading ~ in option values as it is; expand it as a shell would.
case $bin in "~/"*) bin="$HOME/${bin#"~/"}" ;; esac
if [ -z "$bin" ]; then
    bin=$(command -v ticker-status) ||
        fail "ticker-status is not on PATH; set @ticker-bin to its full path"
fi
[ -x "$bin" ] || fail "'$bin' is not an executable ticker-status; check @ticker-bin"
args=$(option @ticker-args --demo)
case $args in
*')'*) fail "@ticker-args must not contain ')': tmux ends a #() job at the first one" ;;
esac

if [ "$(option @ticker-smooth off)" = on ]; then
    # One stream per server: the server's pid names the lock, and the stream's pid
    # is kept in the server itself (@ticker-pid), which forgets it when it exits.
    server=$(tmux display-message -p '#{pid}')
    lock=${TMPDIR:-/tmp}/ticker-status-tmux.$(id -u).$server.lock
    if mkdir "$lock" 2>/dev/null; then
        trap 'rmdir "$lock" 2>/dev/null' EXIT
        pid=$(option @ticker-pid "")
        if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then
            socket=$(tmux display-message -p '#{socket_path}')
            # The stream sets @ticker on this server (named by its socket) as often
            # as the frame changes and exits by itself when the server goes away.
            # Its output goes nowhere: run-shell would otherwise wait for it.
            # @ticker-args are shell words, read as the #() job would read them.
            eval "set -- $args"
            "$bin" --stream --tmux-option @ticker --tmux-socket "$socket" "$@" \
                </dev/null >/dev/null 2>&1 &
            tmux set-option -g @ticker-pid "$!"
        fi
    fi
    placeholder='#{@ticker}'
else
    placeholder="#($(format_escape "$(shell_quote "$bin") --format tmux $args"))"
fi

replace_placeholder status-left "$placeholder"
replace_placeholder status-right "$placeholder"

# A #() job runs at most once per status-interval, and a scrolling ticker wants a
# new frame every second: lower the interval to 1 when it is larger, but leave 0
# (no periodic redraw, the user's choice) and 1 alone. Smooth mode needs no timer:
# tmux redraws the status line whenever the stream sets @ticker.
if [ "$placeholder" != '#{@ticker}' ]; then
    interval=$(tmux show-option -gqv status-interval)
    case $interval in
    '' | *[!0-9]*) ;;
    *) if [ "$interval" -gt 1 ]; then tmux set-option -g status-interval 1; fi ;;
    esac
fi
exit 0
