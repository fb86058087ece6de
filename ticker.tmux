#!/bin/sh
# TPM entry point: TPM runs the *.tmux files at the top of a plugin's repository.
# The plugin itself is contrib/tmux/ticker.tmux; ticker-status must be installed
# (make install) or named with `set -g @ticker-bin PATH`.
exec "$(cd "$(dirname "$0")" && pwd)/contrib/tmux/ticker.tmux" "$@"
