# ticker.bash: a ticker-status ticker at the start of the bash prompt.
#
# Use: source it from ~/.bashrc, after your own PS1 is set:
#
#   TICKER_ARGS='-w 30 --quotes -f ~/.cache/ticker/quotes'   # optional
#   . /path/to/contrib/prompt/ticker.bash
#
# TICKER_ARGS holds ticker-status's arguments as words split on spaces (default
# "--demo -w 30"); it is read each time the prompt is drawn, so changing it takes
# effect at the next prompt.
#
# Why this form: PS1 is single-quoted, so bash runs $(ticker-status ...) itself
# when it draws the prompt, and bash never expands the output of a command
# substitution again: a feed item such as '$(rm -rf ~)' or '\u' is shown, not run.
# Never build the prompt as PS1="$(...)" (e.g. from PROMPT_COMMAND): that pastes
# the text into PS1, and bash then runs any $(...) the text contains.
# --format bash wraps its colour codes in \001...\002, which tells readline they
# take no room, so line editing keeps its place. NO_COLOR turns the colours off.

case $PS1 in
*'ticker-status --format bash'*) ;; # already sourced
*)
    # set -f: the words of TICKER_ARGS are not glob patterns (it is a subshell).
    PS1='$(set -f; ticker-status --format bash ${TICKER_ARGS:---demo -w 30}) '"$PS1"
    ;;
esac
