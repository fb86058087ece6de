#!/bin/sh
# uninstall.sh: removes what the release tarball's install.sh put under PREFIX.
#
#   sh uninstall.sh                    from ~/.local
#   sh uninstall.sh PREFIX=/usr/local  or: PREFIX=/usr/local sh uninstall.sh
#
# It reads PREFIX/share/ticker-status/installed-files, which install.sh wrote,
# removes each file listed there, then each folder that install.sh made, if it is
# empty; nothing else. An entry that names a place outside PREFIX (through `..`, or a
# folder that is a symbolic link out of PREFIX) is left alone, and said; then the
# exit status is 1. install.sh also puts this script in PREFIX/share/ticker-status/.
set -eu

usage() {
    sed -n 's/^# \{0,1\}//; 2,6p' "$0"
}

for arg in "$@"; do
    case $arg in
    PREFIX=*) PREFIX=${arg#PREFIX=} ;;
    -h | --help) usage && exit 0 ;;
    *)
        printf '%s\n' "uninstall.sh: unknown argument '$arg' (try: sh uninstall.sh PREFIX=DIR)" >&2
        exit 64
        ;;
    esac
done
PREFIX=${PREFIX:-${HOME:?uninstall.sh: set HOME or PREFIX}/.local}
case $PREFIX in
/*) ;;
*) PREFIX=$(pwd)/$PREFIX ;;
esac
manifest=$PREFIX/share/ticker-status/installed-files
[ -f "$manifest" ] || {
    printf '%s\n' "uninstall.sh: nothing to do: no $manifest (was ticker-status installed there by install.sh?)" >&2
    exit 1
}

unset CDPATH
set -f # the names in the list are words, never patterns
newline='
'
IFS=$newline # and one a line
# PREFIX as it really is, its symbolic links resolved.
real_prefix=$(cd -P "$PREFIX" && pwd -P)

# Whether entry $1 of the list names a place inside PREFIX (0), outside it (1), or in
# a folder that does not exist (2: nothing there to remove). Inside: its last part is
# neither . nor .., and its folder, once .. and symbolic links are resolved, is PREFIX
# or under it. The last part itself is not followed: rm and rmdir take away a
# symbolic link, never what it points to. (Its variables begin with in_: sh has no
# local ones.)
inside() {
    in_entry=${1%/}
    in_name=${in_entry##*/}
    case $in_name in '' | . | ..) return 1 ;; esac
    case $in_entry in
    */*) in_folder=$PREFIX/${in_entry%/*} ;;
    *) in_folder=$PREFIX ;;
    esac
    in_real=$(cd -P "$in_folder" 2>/dev/null && pwd -P) || return 2
    case $in_real/ in "${real_prefix%/}"/*) return 0 ;; esac
    return 1
}

left=0
# Says why entry $1 stays: $2.
leave() {
    printf '%s\n' "uninstall.sh: leaving '$1' alone: $2" >&2
    left=$((left + 1))
}

list=$(cat "$manifest")
for path in $list; do
    case $path in */) continue ;; esac
    inside "$path" && where=0 || where=$?
    case $where in
    0)
        if [ -d "$PREFIX/$path" ] && [ ! -L "$PREFIX/$path" ]; then
            leave "$path" "it is a folder, not a file"
        else
            rm -f "$PREFIX/$path"
        fi
        ;;
    1) leave "$path" "it names a place outside $PREFIX" ;;
    esac
done
# The folders install.sh made, the deepest first; one that holds anything else stays.
for path in $(printf '%s\n' "$list" | grep '/$' | LC_ALL=C sort -r -u); do
    inside "$path" && where=0 || where=$?
    case $where in
    0) rmdir "$PREFIX/${path%/}" 2>/dev/null || : ;;
    1) leave "$path" "it names a place outside $PREFIX" ;;
    esac
done
printf '%s\n' "ticker-status is uninstalled from $PREFIX."
if [ "$left" -gt 0 ]; then
    printf '%s\n' "uninstall.sh: $left entries of the list were not removed (above)" >&2
    exit 1
fi
