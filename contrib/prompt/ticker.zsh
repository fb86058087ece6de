# ticker.zsh: a ticker-status ticker at the start of the zsh prompt.
#
# Use: source it from ~/.zshrc, after your own PROMPT is set:
#
#   TICKER_ARGS=(-w 30 --quotes -f ~/.cache/ticker/quotes)   # optional
#   source ~/.local/share/ticker-status/prompt/ticker.zsh
#
# TICKER_ARGS holds ticker-status's arguments (default: --demo -w 30); it is read
# before each prompt.
# - An array of two or more words is passed as it is, one word an element, so an
#   item or a command may hold spaces and quotes:
#     TICKER_ARGS=(--quotes -f ~/quotes.txt 'Good morning'
#                  --command 'ticker-quotes aapl.us eurusd' --every 300)
# - A string (or an array of one word) is split into words on spaces, for simple
#   words only (no quoting):
#     TICKER_ARGS='-w 30 --quotes -f ~/.cache/ticker/quotes'
#   A word that is ~ or starts with ~/ has the ~ replaced by $HOME, as it would be
#   in the array. The words are never glob patterns.
#
# The default form is the safest one: a precmd hook stores the plain frame in
# psvar[1], and the prompt shows it with %1v. zsh inserts %v text as it is, never
# reading it for % escapes or $(...), and prompt_subst is not needed. Its one cost:
# %1v shows no colours.
#
# For colours, set TICKER_ZSH_COLOR=1 before sourcing. That form is
#   setopt prompt_subst
#   PROMPT='$(ticker_status_prompt zsh) '...
# ticker-status --format zsh writes each % from the text as %%, and zsh does not
# search the output of $(...) for further $(...), so the feed's text stays text.
# The caveat is prompt_subst itself: it applies to the whole prompt, so anything
# else pasted into PROMPT as text (a branch name, a directory) is then expanded as
# code too.

# Prints the frame for now in the format $1 (default zsh), from the words of
# TICKER_ARGS.
ticker_status_prompt() {
  emulate -L zsh # whatever the user's options: no globbing of words, no ksh arrays
  local word
  local -a args
  if [[ ${(t)TICKER_ARGS} == array* ]] && (( $#TICKER_ARGS > 1 )); then
    args=("${TICKER_ARGS[@]}")
  else
    for word in ${=TICKER_ARGS}; do
      [[ $word == '~' || $word == '~/'* ]] && word=$HOME${word#'~'}
      args+=("$word")
    done
  fi
  (( $#args )) || args=(--demo -w 30)
  ticker-status --format ${1:-zsh} "${args[@]}"
}

if [[ -n ${TICKER_ZSH_COLOR-} ]]; then
  if [[ $PROMPT != *'$(ticker_status_prompt zsh)'* ]]; then
    setopt prompt_subst
    PROMPT='$(ticker_status_prompt zsh) '$PROMPT
  fi
else
  _ticker_status_precmd() {
    psvar[1]=$(ticker_status_prompt plain)
  }
  autoload -Uz add-zsh-hook
  add-zsh-hook precmd _ticker_status_precmd
  [[ $PROMPT == '%1v '* ]] || PROMPT='%1v '$PROMPT
fi
