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
# @ticker-mouse-KEY; a key bound with -r keeps -r). The text after a clickable ticker is put back in its side's
# range (#[range=right] or #[range=left]). tmux 3.3a has no user ranges: there a
# click does what it always did.
#
# It raises status-left-length and status-right-length when they are too short for
# the tickers (their -w/--width, default 40) and the rest of the line (measured
# generously), never lowers them, and lowers status-interval to 1 for jobs.
#
# In smooth mode the stream runs from the start of the server (it waits for the
# first session) to its end. @ticker-pid (@ticker-NAME-pid) holds the process that
# runs it, so that re-running the plugin starts no second one; two runs at once
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

set -u
newline='
'

# The value of a global option, or $2 when it is unset or empty.
option() {
    value=$(tmux show-option -gqv "$1")
    if [ -n "$value" ]; then printf '%s' "$value"; else printf '%s' "$2"; fi
}

# $1 quoted for /bin/sh, which tmux runs #() jobs with.
shell_quote() {
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# $1 with every '#' written '##', as tmux expands a #() command as a format first
# and draws an option's value with #[...] styles and ## read.
format_escape() {
    printf '%s' "$1" | sed 's/#/##/g'
}

# Replaces every $2 in the global option $1 with $3.
replace_in() {
    rest=$(tmux show-option -gqv "$1")
    case $rest in *"$2"*) ;; *) return 0 ;; esac
    result=
    while :; do
        case $rest in
        *"$2"*)
            result=$result${rest%%"$2"*}$3
            rest=${rest#*"$2"}
            ;;
        *)
            result=$result$rest
            break
            ;;
        esac
    done
    tmux set-option -g "$1" "$result"
}

# The tickers in text $1, one key a line: `ticker` for #{ticker} (and #{@ticker}),
# `ticker-NAME` for #{ticker:NAME} (and #{@ticker-NAME}). An invalid NAME is `!NAME`.
keys_in() {
    rest=$1
    while :; do
        case $rest in
        *'#{ticker'* | *'#{@ticker'*) ;;
        *) return 0 ;;
        esac
        # Whichever comes first: the one after which more is left.
        plain='' smooth=''
        case $rest in *'#{ticker'*) plain=${rest#*'#{ticker'} ;; esac
        case $rest in *'#{@ticker'*) smooth=${rest#*'#{@ticker'} ;; esac
        if [ ${#plain} -ge ${#smooth} ]; then
            rest=$plain mark=:
        else
            rest=$smooth mark=-
        fi
        case $rest in
        '}'*) echo ticker ;;
        "$mark"*'}'*)
            name=${rest#"$mark"}
            name=${name%%'}'*}
            case $name in
            *[[:space:]]*) ;;
            args | bin | pid | smooth | '' | *[!A-Za-z0-9_]*)
                # Not ours when written as #{@ticker-...}: @ticker-args and the like.
                if [ "$mark" = : ]; then echo "!$name"; fi
                ;;
            *) echo "ticker-$name" ;;
            esac
            ;;
        esac
    done
}

# How #{ticker} or #{ticker:NAME} is written for key $1.
placeholder_of() {
    case $1 in
    ticker) printf '%s' '#{ticker}' ;;
    *) printf '#{ticker:%s}' "${1#ticker-}" ;;
    esac
}

# The width in the ticker-status arguments "$@": the last -w/--width, else 40.
# shellcheck disable=SC2317 # called through eval
width_of() {
    width=40
    while [ $# -gt 0 ]; do
        case $1 in
        --) break ;;
        -w | --width) if [ $# -ge 2 ]; then width=$2 && shift; fi ;;
        --width=*) width=${1#--width=} ;;
        -w*) width=${1#-w} ;;
        esac
        shift
    done
    case $width in '' | *[!0-9]*) width=40 ;; esac
    printf '%s' "$width"
}

# Sets on_click (yes or no: whether the ticker-status arguments "$@" have --on-click)
# and prefix (their last --click-range-prefix, or empty).
# shellcheck disable=SC2317 # called through eval
clicks_of() {
    on_click=no prefix=
    while [ $# -gt 0 ]; do
        case $1 in
        --) break ;;
        --on-click) on_click=yes && if [ $# -ge 2 ]; then shift; fi ;;
        --on-click=*) on_click=yes ;;
        --click-range-prefix) if [ $# -ge 2 ]; then prefix=$2 && shift; fi ;;
        --click-range-prefix=*) prefix=${1#--click-range-prefix=} ;;
        esac
        shift
    done
}

# The name of key $1's user ranges, before the item's index: t_ for #{ticker}
# (ticker-status's default), tNAME_ for #{ticker:NAME}; a NAME over 8 characters
# becomes its first 4 and 4 digits of its checksum, so that the index keeps 5 of the
# 15 bytes tmux keeps of a name.
range_prefix_of() {
    case $1 in
    ticker) printf t_ ;;
    *)
        name=${1#ticker-}
        if [ ${#name} -le 8 ]; then
            printf 't%s_' "$name"
        else
            sum=$(printf '%s' "$name" | cksum | cut -d ' ' -f 1)
            printf 't%s%04d_' "$(printf '%s' "$name" | cut -c 1-4)" $((sum % 10000))
        fi
        ;;
    esac
}

# Whether the server's tmux draws user ranges: 3.4 and later (development versions
# and OpenBSD's own tmux too).
has_user_ranges() {
    version=$(tmux display-message -p '#{version}' 2>/dev/null)
    version=${version#next-}
    case $version in
    master | openbsd-*) return 0 ;;
    [0-9]*.[0-9]*) ;;
    *) return 1 ;;
    esac
    major=${version%%.*} minor=${version#*.}
    minor=${minor%%[!0-9]*}
    [ "$major" -gt 3 ] || { [ "$major" -eq 3 ] && [ "${minor:-0}" -ge 4 ]; }
}

# $1 as one word for tmux's command parser: in single quotes, where nothing is
# special, each ' written '\''.
tmux_quote() {
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# The keys tmux sends for a click on a user range of the status line, each with its
# button.
mouse_keys='MouseDown1Status:1 MouseDown2Status:2 MouseDown3Status:3 WheelUpStatus:4 WheelDownStatus:5'

# Binds each mouse key to run the click for the ticker whose range was clicked (the
# lines of $clickable: a range prefix, then the words after --clicked-button B), and
# the key's own binding anywhere else; with no line, gives each key its own binding
# back.
bind_clicks() {
    for pair in $mouse_keys; do
        key=${pair%:*} button=${pair#*:}
        listed=$(tmux list-keys -T root "$key" 2>/dev/null)
        current=$(printf '%s\n' "$listed" |
            sed -n "s/^bind-key  *\(-r  *\)\{0,1\}-T root  *$key  *//p")
        # A key bound with -r (it may repeat) keeps -r: ours carries the flag of the
        # binding it chains to, and gives it back with it.
        repeat=$(printf '%s\n' "$listed" | sed -n "s/^bind-key  *-r  *-T root  *$key .*/-r /p")
        case $current in
        *mouse_status_range*--clicked-button*)
            # Ours, from an earlier run: the key's own binding is the one kept.
            own=$(tmux show-option -gqv "@ticker-mouse-$key")
            ours=yes
            ;;
        *)
            own=$current ours=no
            tmux set-option -g "@ticker-mouse-$key" "$own"
            ;;
        esac
        if [ -z "$clickable" ]; then
            if [ "$ours" = no ]; then
                continue
            elif [ -n "$own" ]; then
                printf 'bind-key %s-T root %s %s\n' "$repeat" "$key" "$own" | tmux source-file -
            else
                tmux unbind-key -T root "$key"
            fi
            continue
        fi
        # list-keys separates commands with \; at the top, with ; inside { }.
        chain=$(printf '%s' "$own" | sed 's/ \\;\\; / ; /g; s/ \\; / ; /g')
        while read -r prefix tail; do
            # Only the digits after the prefix reach the shell.
            run="$(format_escape "$(shell_quote "$bin")") --clicked-item #{s/^$prefix//:mouse_status_range} --clicked-button $button $tail"
            test="if-shell -F '#{m/r:^${prefix}[0-9]+\$,#{mouse_status_range}}' { run-shell -b $(tmux_quote "$run") }"
            if [ -n "$chain" ]; then chain="$test { $chain }"; else chain=$test; fi
        done <<EOF
$clickable
EOF
        printf 'bind-key %s-T root %s %s\n' "$repeat" "$key" "$chain" | tmux source-file -
    done
}

# The width of key $1's ticker, from $widths.
width_for() {
    for pair in $widths; do
        if [ "${pair%=*}" = "$1" ]; then printf '%s' "${pair#*=}" && return; fi
    done
    printf 40
}

# Generously, how many cells text $1 (a format) takes: its bytes (a character is
# never wider than its UTF-8 bytes) without #[...] styles, before and after tmux
# expands it now, whichever is more.
width_of_text() {
    raw=$(($(printf '%s' "$1" | sed 's/#\[[^]]*\]//g' | LC_ALL=C wc -c)))
    expanded=$(($(tmux display-message -p -- "$1" 2>/dev/null | sed 's/#\[[^]]*\]//g' |
        LC_ALL=C wc -c)))
    if [ "$raw" -gt "$expanded" ]; then echo "$raw"; else echo "$expanded"; fi
}

# Raises ${1}-length (status-left or status-right) when it is shorter than the
# tickers in it plus the rest of its text.
fit_length() {
    text=$(tmux show-option -gqv "$1")
    need=0
    for key in $keys; do
        for form in "$(placeholder_of "$key")" "#{@$key}"; do
            while :; do
                case $text in *"$form"*) ;; *) break ;; esac
                text=${text%%"$form"*}${text#*"$form"}
                need=$((need + $(width_for "$key")))
            done
        done
    done
    [ "$need" -gt 0 ] || return 0
    need=$((need + $(width_of_text "$text")))
    length=$(tmux show-option -gqv "$1-length")
    case $length in '' | *[!0-9]*) length=0 ;; esac
    if [ "$length" -lt "$need" ]; then tmux set-option -g "$1-length" "$need"; fi
}

# Raises the lengths so that message $2 fits wherever key $1's ticker stands.
fit_message() {
    bytes=$(($(printf '%s' "$2" | LC_ALL=C wc -c)))
    widths=
    for key in $1; do widths="$widths $key=$bytes"; done
    keys=$1
    fit_length status-left
    fit_length status-right
}

# Makes the folder of the logs, $state, if missing, and checks it as the command
# cache checks its own: a folder, not a symbolic link, the user's own, which no one
# else may use (group and others lose their permissions on it). Sets state_error to
# why it cannot hold the logs, or to nothing.
check_state() {
    state_error=
    [ -n "$state" ] || return 0
    made=$( (umask 077 && mkdir -p "$state") 2>&1)
    if [ -L "$state" ]; then
        state_error="$state is a symbolic link"
    elif [ ! -d "$state" ]; then
        state_error="$state cannot be made: $(reason_in "$made")"
    elif [ ! -O "$state" ]; then
        state_error="$state belongs to another user"
    elif ! made=$(chmod go= "$state" 2>&1); then
        state_error="$state cannot be made private: $(reason_in "$made")"
    fi
}

# The reason in error message $1 ("prog: cannot create X: Permission denied"): its
# last part.
reason_in() {
    if [ -n "$1" ]; then printf '%s' "${1##*: }"; else printf 'it failed'; fi
}

# The log of key $1 (see the top), or /dev/null when there is no folder for logs.
log_of() {
    if [ -n "$state" ]; then
        printf '%s/tmux-%s-%s-%s.log' "$state" "$server_name" "$server_crc" "$1"
    else
        printf '%s' /dev/null
    fi
}

# Makes sure log $1 can be appended to, never through a symbolic link: whatever is
# at its name that is not a plain file (a link someone planted) goes, and a missing
# log is made anew (0600, noclobber: never over something that appeared meanwhile).
# With $2 fresh it starts empty. Sets log_error to why it cannot, and fails.
log_ready() {
    log_error=
    [ "$1" = /dev/null ] && return 0
    if [ -n "$state_error" ]; then
        log_error=$state_error
        return 1
    fi
    if [ -L "$1" ] || { [ -e "$1" ] && [ ! -f "$1" ]; } || [ "${2-}" = fresh ]; then
        if ! ready_out=$(rm -f "$1" 2>&1); then
            log_error=$(reason_in "$ready_out")
            return 1
        fi
    fi
    if [ ! -e "$1" ]; then
        ready_out=$( (set -C && umask 077 && : >"$1") 2>&1) || :
    fi
    if [ -L "$1" ] || [ ! -f "$1" ]; then
        log_error=${ready_out:+$(reason_in "$ready_out")}
        log_error=${log_error:-it is not a plain file}
        return 1
    fi
    if ! ready_out=$( (: >>"$1") 2>&1); then
        log_error=$(reason_in "$ready_out")
        return 1
    fi
}

# Appends line $2, dated, to log $1, when it can be written.
log_line() {
    log_ready "$1" || return 0
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$2" >>"$1"
}

# Tells the user why nothing runs: in tmux (seen when a client is attached), in the
# log, and in each ticker's place in the status line; then stops.
fail() {
    message="ticker.tmux: $1"
    tmux display-message "$message" 2>/dev/null
    escaped=$(format_escape "$message")
    for key in ${keys:-ticker}; do
        case $key in
        !*)
            # A name that is not one: the message goes where it stands.
            log=$(log_of ticker) target="#{ticker:${key#!}}" value=$escaped
            ;;
        *)
            log=$(log_of "$key") target=$(placeholder_of "$key") value="#{@$key}"
            tmux set-option -g "@$key" "$escaped"
            ;;
        esac
        log_line "$log" "$message"
        for side in status-left status-right; do replace_in "$side" "$target" "$value"; done
    done
    fit_message "${keys:-ticker}" "$message"
    exit 1
}

# Whether process $1 is the stream of option $2 (@ticker, @ticker-NAME) for this
# server, or the plugin's process that runs it: one of this user's, its command line
# holding `--stream --tmux-option $2 --tmux-socket SOCKET`. @ticker-pid is only a
# number: what it named may have ended and the number gone to another process (or be
# 1, or another user's).
is_stream() {
    if [ -r /proc/self/cmdline ]; then
        [ -O "/proc/$1" ] || return 1
        words=$(tr '\0' '\n' <"/proc/$1/cmdline" 2>/dev/null) || return 1
        case $newline$words$newline in
        *"$newline--stream$newline--tmux-option$newline$2$newline--tmux-socket$newline$socket$newline"*)
            return 0
            ;;
        esac
        return 1
    fi
    # No /proc: ps, whose words are joined by spaces.
    owner=$(ps -p "$1" -o uid= 2>/dev/null) || return 1
    [ "${owner##* }" = "$(id -u)" ] || return 1
    words=$(ps -ww -p "$1" -o args= 2>/dev/null) || return 1
    case " $words " in *" --stream --tmux-option $2 --tmux-socket $socket "*) return 0 ;; esac
    return 1
}

# Runs the stream for option $1 (its process id kept in option $2, its errors in
# file $3) with the command line "$4"... (--stream and the rest); when it ends with an
# error, shows why in $1.
supervise() {
    shown=$1 pid_option=$2 log=$3
    shift 3
    stream=
    # Stopping this process stops the stream, as one would expect of @ticker-pid.
    trap 'kill -TERM "$stream" 2>/dev/null' TERM INT HUP
    "$bin" "$@" 2>>"$log" &
    stream=$!
    while :; do
        wait "$stream"
        status=$?
        # A trapped signal ends `wait` early: wait again until the stream has gone.
        kill -0 "$stream" 2>/dev/null || break
    done
    # 0: the server has gone, and there is nobody left to tell.
    [ "$status" -eq 0 ] && return 0
    tmux if-shell -F "#{==:#{$pid_option},$$}" \
        "set-option -gu $pid_option" 2>/dev/null
    if [ "$status" -gt 128 ]; then
        why="ticker-status was stopped by signal $((status - 128))"
    else
        why="ticker-status exited with status $status"
    fi
    log_line "$log" "ticker.tmux: $why"
    message=$(grep 'error:' "$log" 2>/dev/null | tail -n 1)
    [ -n "$message" ] || message=$why
    tmux set-option -g "$shown" "$(format_escape "$message")" 2>/dev/null &&
        fit_message "${shown#@}" "$message"
}

# Makes sure the stream of key $1 runs, with arguments $2 (shell words).
start_stream() {
    shown=@$1 pid_option=@$1-pid log=$(log_of "$1")
    # Until the first frame #{@ticker} is empty, never an unknown option.
    tmux set-option -gqo "$shown" ''
    old=$(tmux show-option -gqv "$pid_option")
    case $old in
    '') ;;
    *[!0-9]*) tmux set-option -gu "$pid_option" && old= ;;
    *) if is_stream "$old" "$shown"; then return 0; fi ;;
    esac
    # @ticker-args are shell words, read as the #() job would read them.
    eval "set -- $2"
    # The supervisor is a process of its own, whose command line names the stream
    # (is_stream knows it by that), and it claims @ticker-pid itself. Nothing of
    # run-shell's stays open: run-shell would otherwise wait for it.
    /bin/sh "$plugin_file" --supervise "$old" "$log" "$bin" \
        --stream --tmux-option "$shown" --tmux-socket "$socket" "$@" \
        </dev/null >/dev/null 2>&1 &
}

# The plugin itself, for the supervisor to run.
case $0 in
/*) plugin_file=$0 ;;
*) plugin_file=$(pwd)/$0 ;;
esac
state_error=

# The supervisor of one stream, as start_stream starts it: `ticker.tmux --supervise
# OLD LOG BIN --stream --tmux-option @KEY --tmux-socket SOCKET ARGS...`.
if [ "${1-}" = --supervise ]; then
    old=$2 log=$3 bin=$4
    shift 4
    shown=$3 socket=$5 pid_option=$3-pid
    tmux() { command tmux -S "$socket" "$@"; }
    # Claim it: tmux runs one client's commands at a time, and if-shell -F runs its
    # command at once, so of two that both saw $old only the first gets it.
    tmux if-shell -F "#{==:#{$pid_option},$old}" "set-option -g $pid_option $$"
    [ "$(tmux show-option -gqv "$pid_option")" = "$$" ] || exit 0
    if ! log_ready "$log" fresh; then
        tmux if-shell -F "#{==:#{$pid_option},$$}" "set-option -gu $pid_option"
        message="ticker.tmux: cannot write the log $log: $log_error"
        tmux set-option -g "$shown" "$(format_escape "$message")"
        fit_message "${shown#@}" "$message"
        exit 1
    fi
    supervise "$shown" "$pid_option" "$log" "$@"
    exit 0
fi

# The server that runs the plugin ($TMUX names it), and from now on only that one.
socket=$(tmux display-message -p '#{socket_path}' 2>/dev/null)
if [ -z "$socket" ]; then
    echo "ticker.tmux: no tmux server: run it from tmux (run-shell, or TPM)" >&2
    exit 1
fi
tmux() { command tmux -S "$socket" "$@"; }
state=${XDG_STATE_HOME:-${HOME:+$HOME/.local/state}}
state=${state:+$state/ticker-status}
# The logs are this server's alone: named after its socket, and a checksum of the
# socket's whole path.
server_name=$(printf '%s' "${socket##*/}" | tr -c 'A-Za-z0-9_.-' '_')
server_crc=$(printf '%08x' "$(printf '%s' "$socket" | cksum | cut -d ' ' -f 1)")
check_state

keys=$(
    {
        keys_in "$(tmux show-option -gqv status-left)"
        keys_in "$(tmux show-option -gqv status-right)"
    } | awk '!seen[$0]++'
)
for key in $keys; do
    case $key in !*)
        fail "'${key#!}' cannot name a ticker: use letters, digits and _, but not args, bin, pid or smooth"
        ;;
    esac
done

bin=$(option @ticker-bin "")
# tmux keeps a leading ~ in option values as it is; expand it as a shell would.
# shellcheck disable=SC2088 # the ~ is the option's text, not the shell's
case $bin in "~/"*) bin="$HOME/${bin#"~/"}" ;; esac
if [ -z "$bin" ]; then
    bin=$(command -v ticker-status) ||
        fail "ticker-status is not on PATH; set @ticker-bin to its full path"
fi
[ -x "$bin" ] || fail "'$bin' is not an executable ticker-status; check @ticker-bin"

smooth=$(option @ticker-smooth off)
# With no ticker in the status line, smooth mode still runs #{@ticker}'s stream.
if [ -z "$keys" ] && [ "$smooth" = on ]; then keys=ticker; fi

# Every ticker's log can be written before anything starts.
for key in $keys; do
    log=$(log_of "$key")
    log_ready "$log" || fail "cannot write the log $log: $log_error"
done

widths=
for key in $keys; do
    args=$(option "@$key-args" --demo)
    case $args in
    *')'*) fail "@$key-args must not contain ')': tmux ends a #() job at the first one" ;;
    esac
    widths="$widths $key=$(eval "width_of $args")"
done
jobs=0
fit_length status-left
fit_length status-right

ranges=no
if has_user_ranges; then ranges=yes; fi
# The clickable tickers, a line each: their range prefix, then what follows
# --clicked-button B in their click command (see bind_clicks).
clickable=
for key in $keys; do
    args=$(option "@$key-args" --demo)
    on_click=no
    if [ "$ranges" = yes ]; then eval "clicks_of $args"; fi
    # What ends a clickable ticker: the range its side had before it.
    after=
    if [ "$on_click" = yes ]; then
        given=$prefix
        [ -n "$prefix" ] || prefix=$(range_prefix_of "$key")
        case $clickable in
        "$prefix "* | *"
$prefix "*)
            log_line "$(log_of "$key")" \
                "ticker.tmux: no clicks: another ticker's items are already named $prefix"
            ;;
        *)
            clickable="$clickable${clickable:+
}$prefix $(format_escape "$args") >/dev/null 2>>$(format_escape "$(shell_quote "$(log_of "$key")")")"
            after=yes
            # ticker-status names ranges t_N unless told.
            if [ -z "$given" ] && [ "$prefix" != t_ ]; then args="--click-range-prefix $prefix $args"; fi
            ;;
        esac
    fi
    if [ "$smooth" = on ]; then
        start_stream "$key" "$args"
        value="#{@$key}"
    else
        # #{version} unescaped: tmux expands it inside #(), so the job measures as
        # the tmux that draws it.
        value="#($(format_escape "$(shell_quote "$bin") --format tmux")"' --tmux-version #{version} '"$(format_escape "$args"))"
    fi
    for side in status-left status-right; do
        shown=$value
        if [ -n "$after" ]; then shown="$value#[range=${side#status-}]"; fi
        before=$(tmux show-option -gqv "$side")
        replace_in "$side" "$(placeholder_of "$key")" "$shown"
        # A message from a failed run stands where a job now goes.
        [ "$smooth" = on ] || replace_in "$side" "#{@$key}" "$shown"
        [ "$before" = "$(tmux show-option -gqv "$side")" ] || jobs=$((jobs + 1))
    done
done
# No ticker found (the plugin ran again without the configuration): the bindings
# stay as they are.
if [ "$ranges" = yes ] && [ -n "$keys" ]; then bind_clicks; fi

# A #() job runs at most once per status-interval, and a scrolling ticker wants a
# new frame every second: lower the interval to 1 when it is larger, but leave 0
# (no periodic redraw, the user's choice) and 1 alone. Smooth mode needs no timer:
# tmux redraws the status line whenever a stream sets its option.
if [ "$smooth" != on ] && [ "$jobs" -gt 0 ]; then
    interval=$(tmux show-option -gqv status-interval)
    case $interval in
    '' | *[!0-9]*) ;;
    *) if [ "$interval" -gt 1 ]; then tmux set-option -g status-interval 1; fi ;;
    esac
fi
exit 0
