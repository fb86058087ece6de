# ticker.bash: a ticker-status ticker at the start of the bash prompt.
#
# Use: source it from ~/.bashrc, after your own PS1 is set:
#
#   TICKER_ARGS=(-w 30 --quotes -f ~/.cache/ticker/quotes)   # optional
#   . ~/.local/share/ticker-status/prompt/ticker.bash
#
# TICKER_ARGS holds ticker-status's arguments (default: --demo -w 30). It is read
# each time the prompt is drawn, so changing it takes effect at the next prompt.
# - An array of two or more words is passed as it is, one word an element, so an
#   item or a command may hold spaces and quotes:
#     TICKER_ARGS=(--quotes -f ~/quotes.txt 'Good morning'
#                  --command 'ticker-quotes aapl.us eurusd' --every 300)
# - A string (or an array of one word) is split into words on spaces, for simple
#   words only (no quoting):
#     TICKER_ARGS='-w 30 --quotes -f ~/.cache/ticker/quotes'
#   A word that is ~ or starts with ~/ has the ~ replaced by $HOME, as it would be
#   in the array. The words are never glob patterns (set -f). To go from an array
#   back to a string, unset TICKER_ARGS first: TICKER_ARGS='...' on an array only
#   replaces its first word.
#
# Why this form: PS1 is single-quoted, so bash runs $(ticker_status_prompt) itself
# when it draws the prompt, and bash never expands the output of a command
# substitution again: a feed item such as '$(rm -rf ~)' or '\u' is shown, not run.
# Never build the prompt as PS1="$(...)" (e.g. from PROMPT_COMMAND): that pastes
# the text into PS1, and bash then runs any $(...) the text contains.
# --format bash wraps its colour codes in \001...\002, which tells readline they
# take no room, so line editing keeps its place. NO_COLOR turns the colours off.

# Prints the frame for now, in --format bash, from the words of TICKER_ARGS.
ticker_status_prompt() {
    local - word
    local -a args=()
    set -f # a string's words are not glob patterns (local -: only in this function)
    if [[ -n ${TICKER_ARGS[1]+set} ]]; then # two words or more
        args=("${TICKER_ARGS[@]}")
    else
        local IFS=$' \t\n'
        for word in ${TICKER_ARGS-}; do
            [[ $word == '~' || $word == '~/'* ]] && word=$HOME${word#'~'}
            args+=("$word")
        done
    fi
    ((${#args[@]})) || args=(--demo -w 30)
    ticker-status --format bash "${args[@]}"
}

case $PS1 in
*'$(ticker_status_prompt)'*) ;; # already sourced
*) PS1='$(ticker_status_prompt) '"$PS1" ;;
esac
