# ticker.fish: a ticker-status ticker in fish's right prompt.
#
# Use: source it from ~/.config/fish/config.fish, or copy it to
# ~/.config/fish/functions/fish_right_prompt.fish:
#
#   set -g TICKER_ARGS -w 30 --quotes -f ~/.cache/ticker/quotes   # optional
#   source ~/.local/share/ticker-status/prompt/ticker.fish
#
# TICKER_ARGS holds ticker-status's arguments (default: --demo -w 30); it is read
# each time the prompt is drawn.
# - A list of two or more elements is passed as it is, one word an element, so an
#   item or a command may hold spaces and quotes:
#     set -g TICKER_ARGS --quotes -f ~/quotes.txt 'Good morning' \
#         --command 'ticker-quotes aapl.us eurusd' --every 300
# - A single string (as it comes from another shell's environment) is split into
#   words on spaces, for simple words only (no quoting):
#     set -gx TICKER_ARGS '-w 30 --quotes -f ~/.cache/ticker/quotes'
#   A word that is ~ or starts with ~/ has the ~ replaced by $HOME, as it would be
#   in the list.
# fish prints a prompt function's output as it is and never evaluates it, so a feed
# item such as '(rm -rf ~)' is shown, not run. --format fish writes plain SGR
# colours (NO_COLOR turns them off). To put the ticker on the left instead, call
# ticker_status_prompt from your fish_prompt.

function ticker_status_prompt --description 'Print the ticker-status frame for now'
    set -l args
    if set -q TICKER_ARGS[2]
        set args $TICKER_ARGS
    else
        for word in (string split --no-empty ' ' -- $TICKER_ARGS)
            if test "$word" = '~'; or string match -q -- '~/*' "$word"
                set word "$HOME"(string sub --start 2 -- "$word")
            end
            set -a args $word
        end
    end
    set -q args[1]; or set args --demo -w 30
    ticker-status --format fish $args
end

function fish_right_prompt --description 'The ticker-status ticker'
    ticker_status_prompt
end
