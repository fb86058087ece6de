# bash completion for ticker-status.
#
# Install: `make install` puts it in $PREFIX/share/bash-completion/completions/,
# where bash-completion finds it; or source it from ~/.bashrc.

_ticker_status() {
    local cur prev
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    # bash splits --format=tmux at '=' (COMP_WORDBREAKS): the option is two words back.
    if [[ $cur == = ]]; then
        cur=
    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    elif [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        cur=${cur#*=}
    fi

    local values=
    # compgen prints one candidate a line; mapfile keeps names with spaces whole.
    case $prev in
    -f | --file | --tmux-socket)
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        [[ $prev == --tmux-socket || $cur != '' ]] || COMPREPLY+=(-)
        compopt -o filenames 2>/dev/null
        return
        ;;
    --command | --on-click)
        mapfile -t COMPREPLY < <(compgen -c -- "$cur")
        return
        ;;
    --format) values='plain ansi tmux zsh bash fish polybar lemonbar pango i3bar i3blocks waybar json' ;;
    --markup) values='none tmux ansi' ;;
    --input) values='text quotes json' ;;
    --motion) values='wrap bounce' ;;
    --fit) values='left center right scroll' ;;
    --on-change) values='restart keep' ;;
    --cells) values='auto xterm urxvt st vte alacritty foot konsole kitty wcwidth terminal tmux' ;;
    --tmux-version) values='3.3a 3.4 3.5a 3.6a 3.7c next-3.8' ;;
    --ambiguous) values='narrow wide' ;;
    --tmux-option) values='@ticker' ;;
    --up-style | --down-style) values='fg=green fg=red fg=green,bold fg=red,bold' ;;
    --clicked-item) values='left' ;;
    --clicked-button) values='1 2 3 4 5' ;;
    --click-range-prefix) values='t_' ;;
    -w | --width | -s | --speed | --separator | --dwell | --at | --max-fps | --split | --every | --stale-after | --stale-mark | --clicked-stream)
        return # a number or free text: nothing to offer
        ;;
    --before | --after | --paused-before | --paused-after | --empty)
        return # free text
        ;;
    esac
    if [[ -n $values ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
        return
    fi

    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W '
            -f --file --demo --quotes --input --separator
            -w --width -s --speed --motion --dwell --fit --at
            --on-change --before --after --player-status --paused-before --paused-after --empty
            --cells --tmux-version --ambiguous --format --markup --up-style --down-style
            --stream --max-fps --follow --split --command --every --stale-after --stale-mark
            --tmux-option --tmux-socket
            --on-click --click-range-prefix --clicked-item --clicked-button --clicked-stream
            -h --help --version' -- "$cur")
    fi
}
complete -F _ticker_status ticker-status
