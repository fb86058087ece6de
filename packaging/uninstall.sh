#!/bin/sh
# uninstall.sh: removes what the release tarball's install.sh put under PREFIX.
#
#   sh uninstall.sh                    from ~/.local
#   sh uninstall.sh PREFIX=/usr/local  or: PREFIX=/usr/local sh uninstall.sh
#
# It reads PREFIX/share/ticker-status/installed-files, which install.sh wrote,
# removes each file listed there, then each folder that install.sh made, if it is
# empty; nothing else. install.sh also puts this script in PREFIX/share/ticker-status/.
set -eu

usage() {
    sed -n 's/^# \{0,1\}//; 2,6p' "$0"
}

for arg in "$@"; do
    case $arg in
    PREFIX=*) PREFIX=${arg#PREFIX=} ;;
    -h | --help) usage && exit 0 ;;
    *)
        echo "uninstall.sh: unknown argument '$arg' (try: sh uninstall.sh PREFIX=DIR)" >&2
        exit 64
        ;;
    esac
done
PREFIX=${PREFIX:-${HOME:?uninstall.sh: set HOME or PREFIX}/.local}
manifest=$PREFIX/share/ticker-status/installed-files
[ -f "$manifest" ] || {
    echo "uninstall.sh: nothing to do: no $manifest (was ticker-status installed there by install.sh?)" >&2
    exit 1
}

set -f # the names in the list are words, never patterns
list=$(cat "$manifest")
for path in $list; do
    case $path in
    */) ;;
    *) rm -f "$PREFIX/$path" ;;
    esac
done
# The folders install.sh made, the deepest first; one that holds anything else stays.
for path in $(printf '%s\n' "$list" | grep '/$' | LC_ALL=C sort -r); do
    rmdir "$PREFIX/$path" 2>/dev/null || :
done
echo "ticker-status is uninstalled from $PREFIX."
