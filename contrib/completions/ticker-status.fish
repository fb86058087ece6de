# fish completion for ticker-status.
#
# Install: `make install` puts it in $PREFIX/share/fish/vendor_completions.d/; or
# copy it to ~/.config/fish/completions/.

complete -c ticker-status -f

complete -c ticker-status -s f -l file -r -F -d 'Read items from a file, one per line (- is stdin)'
complete -c ticker-status -l demo -d 'Add the built-in stock and currency quotes'
complete -c ticker-status -l quotes -d 'Read items as SYMBOL PRICE CHANGE'
complete -c ticker-status -l input -x -a 'text quotes json' -d 'What each line holds: text, quotes or JSON objects'
complete -c ticker-status -l separator -x -d 'Text after each item, the seam included'
complete -c ticker-status -s w -l width -x -d 'Width of the window in cells'
complete -c ticker-status -s s -l speed -x -d 'Scrolling speed in cells per second'
complete -c ticker-status -l motion -x -a 'wrap\t"a continuous circular strip" bounce\t"to the end and back"' -d 'How the strip moves'
complete -c ticker-status -l dwell -x -d 'Rest at the left edge, in seconds'
complete -c ticker-status -l fit -x -a 'left center right scroll' -d 'When everything fits'
complete -c ticker-status -l on-change -x -a 'restart keep' -d 'What new items do'
complete -c ticker-status -l before -x -d 'Fixed text before the moving window'
complete -c ticker-status -l after -x -d 'Fixed text after the moving window'
complete -c ticker-status -l player-status -d 'Lines start with the player status'
complete -c ticker-status -l paused-before -x -d 'The fixed text before, while paused'
complete -c ticker-status -l paused-after -x -d 'The fixed text after, while paused'
complete -c ticker-status -l empty -x -d 'Shown while there are no items'
complete -c ticker-status -l at -x -d 'Draw the frame for this Unix time'
complete -c ticker-status -l cells -x -a 'auto\t"the terminal found from TERM" xterm\t"glibc sum" urxvt\t"glibc sum" st\t"glibc sum" vte\t"glibc sum" alacritty\talacritty foot\t"glibc sum" konsole\tkonsole kitty\tkitty wcwidth\t"Python wcwidth model" terminal\t"old name of wcwidth" tmux\t"as tmux measures"' -d 'Whose cell widths'
complete -c ticker-status -l tmux-version -x -a '3.3a 3.4 3.5a 3.6a 3.7c next-3.8' -d 'The tmux that shows the frames, as tmux -V prints it'
complete -c ticker-status -l ambiguous -x -a 'narrow wide' -d 'Width of East Asian Ambiguous characters'
complete -c ticker-status -l format -x -d 'Output dialect' -a '
    plain\t"the text alone"
    ansi\t"SGR colours"
    tmux\t"#[fg=…] styles for #()"
    zsh\t"%F{…} colours"
    bash\t"SGR marked for readline, for PS1"
    fish\t"SGR for fish_prompt"
    polybar\t"%{F#rrggbb} tags"
    lemonbar\t"%{F#rrggbb} tags"
    pango\t"<span> markup"
    i3bar\t"the i3bar protocol"
    i3blocks\t"one line per frame"
    waybar\t"JSON for a custom module"
    json\t"JSON for scripts"'
complete -c ticker-status -l markup -x -a 'none tmux ansi' -d 'Styles inside item text'
complete -c ticker-status -l up-style -x -a 'fg=green fg=green,bold' -d 'tmux style of rising quotes'
complete -c ticker-status -l down-style -x -a 'fg=red fg=red,bold' -d 'tmux style of falling quotes'
complete -c ticker-status -l stream -d 'Print a frame each time it changes'
complete -c ticker-status -l max-fps -x -d 'At most this many frames a second'
complete -c ticker-status -l follow -d 'With -f -, each line of stdin replaces the items'
complete -c ticker-status -l split -x -d 'Split each line read into items at a separator'
complete -c ticker-status -l command -x -a '(__fish_complete_command)' -d 'Items from the lines a command prints'
complete -c ticker-status -l every -x -d 'Run --command again every so many seconds'
complete -c ticker-status -l stale-after -x -d 'Draw items stale after so many seconds without good output'
complete -c ticker-status -l stale-mark -x -d 'The text before each stale item'
complete -c ticker-status -l tmux-option -x -a '@ticker' -d 'Stream into this tmux user option'
complete -c ticker-status -l tmux-socket -r -F -d 'The tmux server socket'
complete -c ticker-status -l on-click -x -a '(__fish_complete_command)' -d 'Run a command for the item clicked'
complete -c ticker-status -l click-range-prefix -x -a 't_' -d 'Name the tmux user ranges of items this and their index'
complete -c ticker-status -l clicked-item -x -a 'left' -d 'Run --on-click for this item (a bar action)'
complete -c ticker-status -l clicked-button -x -a '1 2 3 4 5' -d 'The button of --clicked-item'
complete -c ticker-status -l clicked-stream -x -d 'The polybar stream whose items a click finds'
complete -c ticker-status -s h -l help -d 'Show the help'
complete -c ticker-status -l version -d 'Show the version'
