# ticker.zsh: a ticker-status ticker at the start of the zsh prompt.
#
# Use: source it from ~/.zshrc, after your own PROMPT is set:
#
#   TICKER_ARGS='-w 30 --quotes -f ~/.cache/ticker/quotes'   # optional
#   source /path/to/contrib/prompt/ticker.zsh
#
# TICKER_ARGS holds ticker-status's arguments as words split on spaces (default
# "--demo -w 30"); it is read before each prompt.
#
# The default form is the safest one: a precmd hook stores the plain frame in
# psvar[1], and the prompt shows it with %1v. zsh inserts %v text as it is, never
# reading it for % escapes or $(...), and prompt_subst is not needed. Its one cost:
# %1v shows no colours.
#
# For colours, set TICKER_ZSH_COLOR=1 before sourcing. That form is
#   setopt prompt_subst
#   PROMPT='$(ticker-status --format zsh ...) '...
# ticker-status writes each % from the text as %%, and zsh does not search the
# output of $(...) for further $(...), so the feed's text stays text. The caveat is
# prompt_subst itself: it applies to the whole prompt, so anything else pasted into
# PROMPT as text (a branch name, a directory) is then expanded as code too.

if [[ -n ${TICKER_ZSH_COLOR-} ]]; then
  if [[ $PROMPT != *'ticker-status --format zsh'* ]]; then
    setopt prompt_subst
    PROMPT='$(ticker-status --format zsh ${=${TICKER_ARGS:---demo -w 30}}) '$PROMPT
  fi
else
  _ticker_status_precmd() {
    psvar[1]=$(ticker-status --format plain ${=${TICKER_ARGS:---demo -w 30}})
  }
  autoload -Uz add-zsh-hook
  add-zsh-hook precmd _ticker_status_precmd
  [[ $PROMPT == '%1v '* ]] || PROMPT='%1v '$PROMPT
fi
