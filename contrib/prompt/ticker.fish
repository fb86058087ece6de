# ticker.fish: a ticker-status ticker in fish's right prompt.
#
# Use: source it from ~/.config/fish/config.fish, or copy it to
# ~/.config/fish/functions/fish_right_prompt.fish:
#
#   set -gx TICKER_ARGS -w 30 --quotes -f ~/.cache/ticker/quotes   # optional
#   source /path/to/contrib/prompt/ticker.fish
#
# TICKER_ARGS holds ticker-status's arguments (default: --demo -w 30), as a list or
# as one string of words split on spaces; it is read each time the prompt is drawn.
# fish prints a prompt function's output as it is and never evaluates it, so a feed
# item such as '(rm -rf ~)' is shown, not run. --format fish writes plain SGR
# colours (NO_COLOR turns them off). To put the ticker on the left instead, call
# ticker_status_prompt from your fish_prompt.

function ticker_status_prompt --description 'Print the ticker-status frame for now'
    set -l args --demo -w 30
    if set -q TICKER_ARGS[1]
        set args (string split --no-empty ' ' -- $TICKER_ARGS)
    end
    ticker-status --format fish $args
end

function fish_right_prompt --description 'The ticker-status ticker'
    ticker_status_prompt
end
