#!/bin/sh
# install.sh: installs ticker-status from this release tarball. POSIX sh; nothing
# else is needed (no Swift, no compiler, no Python but for ticker-quotes).
#
#   sh install.sh                      into ~/.local
#   sh install.sh PREFIX=/usr/local    or: PREFIX=/usr/local sh install.sh
#
# It checks every file against the tarball's SHA256SUMS (with sha256sum, else
# shasum, else openssl; with none of them it installs nothing) and installs only the
# files listed there. It puts bin/, share/man/, the completions and
# share/ticker-status/ (the tmux plugin, prompt and bar snippets, the open-quote
# action) under PREFIX, as `make install` does, replacing each file whole so that a
# running ticker-status is not disturbed. It writes the list of what it put there
# (the files and the folders it had to make) to
# PREFIX/share/ticker-status/installed-files, and installs uninstall.sh beside it:
# `sh uninstall.sh` with the same PREFIX removes exactly those. Installing a new
# version over an old one removes the old files the new one no longer has, but never
# anything outside PREFIX, whatever the old list says.
set -eu

usage() {
    sed -n 's/^# \{0,1\}//; 2,7p' "$0"
}

for arg in "$@"; do
    case $arg in
    PREFIX=*) PREFIX=${arg#PREFIX=} ;;
    -h | --help) usage && exit 0 ;;
    *)
        printf '%s\n' "install.sh: unknown argument '$arg' (try: sh install.sh PREFIX=DIR)" >&2
        exit 64
        ;;
    esac
done
PREFIX=${PREFIX:-${HOME:?install.sh: set HOME or PREFIX}/.local}
case $PREFIX in
/*) ;;
*) PREFIX=$(pwd)/$PREFIX ;;
esac

unset CDPATH
cd "$(dirname "$0")"
set -f # the file names below are words, never patterns
newline='
'
IFS=$newline # and one a line
manifest=share/ticker-status/installed-files
[ -f bin/ticker-status ] && [ -f SHA256SUMS ] || {
    echo "install.sh: run me from the unpacked tarball (no bin/ticker-status or SHA256SUMS here)" >&2
    exit 66
}

# What checks the sums: sha256sum (GNU, busybox), else shasum (perl, macOS), else
# openssl; without one nothing could be checked, and nothing is installed.
if command -v sha256sum >/dev/null 2>&1; then
    checker=sha256sum
elif command -v shasum >/dev/null 2>&1; then
    checker=shasum
elif command -v openssl >/dev/null 2>&1; then
    checker=openssl
else
    echo "install.sh: cannot check the files against SHA256SUMS: none of sha256sum, shasum or openssl is on PATH; install one (sha256sum is in coreutils) and run me again" >&2
    exit 69
fi

# The SHA-256 of file $1, in lowercase hex. From standard input: no file name to
# escape.
digest() {
    case $checker in
    sha256sum) sum=$(sha256sum <"$1") ;;
    shasum) sum=$(shasum -a 256 <"$1") ;;
    *) sum=$(openssl dgst -sha256 -r <"$1") ;;
    esac
    printf '%s' "${sum%% *}" | tr 'A-F' 'a-f'
}

mismatch() {
    printf '%s\n' "install.sh: the files do not match SHA256SUMS ($1); unpack the tarball again" >&2
    exit 65
}

# Every file SHA256SUMS lists ("SUM  NAME", or "SUM *NAME"), checked; the ones under
# bin/ and share/ are what gets installed.
files=
listed=
while IFS= read -r line || [ -n "$line" ]; do
    [ -n "$line" ] || continue
    sum=${line%% *}
    name=${line#"$sum" }
    name=${name#[ *]}
    case $sum in *[!0-9a-fA-F]*) mismatch "a line that is no checksum: $line" ;; esac
    [ ${#sum} -eq 64 ] || mismatch "a line that is no checksum: $line"
    # Plain relative names only: nothing that leads out of here, or out of PREFIX.
    case /$name/ in
    //* | */../* | */./* | *//*) mismatch "a name that leads elsewhere: $name" ;;
    esac
    [ -f "$name" ] && [ ! -L "$name" ] || mismatch "$name is missing"
    [ "$(digest "$name")" = "$(printf '%s' "$sum" | tr 'A-F' 'a-f')" ] || mismatch "$name differs"
    listed=$listed$newline$name
    case $name in
    "$manifest" | share/ticker-status/uninstall.sh) ;;
    bin/* | share/*) files=$files$newline$name ;;
    esac
done <SHA256SUMS
case $newline$listed$newline in
*"${newline}uninstall.sh$newline"*) ;;
*) mismatch "uninstall.sh is not listed" ;;
esac
files=$(printf '%s\n' "$files" | grep . | LC_ALL=C sort -u)
# What the tarball has that the sums do not list stays here.
for file in $(for top in bin share; do [ ! -d "$top" ] || find "$top" ! -type d; done | LC_ALL=C sort); do
    case $newline$listed$newline in
    *"$newline$file$newline"*) ;;
    *) printf '%s\n' "install.sh: not installing $file: SHA256SUMS does not list it" >&2 ;;
    esac
done

mkdir -p "$PREFIX"
# PREFIX as it really is, its symbolic links resolved.
real_prefix=$(cd -P "$PREFIX" && pwd -P)

# Whether entry $1 of an old list names a place inside PREFIX (0), outside it (1), or
# in a folder that does not exist (2: nothing there to remove). Inside: its last part
# is neither . nor .., and its folder, once .. and symbolic links are resolved, is
# PREFIX or under it. The last part itself is not followed: rm and rmdir take away a
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

# What an earlier install recorded, inside PREFIX: its files, and the folders it made.
old_files=
made_dirs=
if [ -f "$PREFIX/$manifest" ]; then
    for entry in $(cat "$PREFIX/$manifest"); do
        inside "$entry" && where=0 || where=$?
        case $where in
        0) ;;
        1)
            printf '%s\n' "install.sh: leaving '$entry' (listed in $PREFIX/$manifest) alone: it names a place outside $PREFIX" >&2
            continue
            ;;
        *) continue ;;
        esac
        case $entry in
        */) made_dirs=$made_dirs$newline$entry ;;
        *) old_files=$old_files$newline$entry ;;
        esac
    done
fi

# Makes the folder PREFIX/$1 and any missing parent, noting each one made.
make_dir() {
    [ -d "$PREFIX/$1" ] && return 0
    case $1 in */*) make_dir "${1%/*}" ;; esac
    mkdir "$PREFIX/$1"
    made_dirs=$made_dirs$newline$1/
}

# Copies $1 (a path here) to PREFIX/$2 with mode $3, replacing the old file by a
# rename: a binary that tmux is running is never written over.
put() {
    make_dir "${2%/*}"
    # Never through whatever is at the temporary name.
    rm -f "$PREFIX/$2.new"
    cp "$1" "$PREFIX/$2.new"
    chmod "$3" "$PREFIX/$2.new"
    mv -f "$PREFIX/$2.new" "$PREFIX/$2"
}

for file in $files; do
    if [ -x "$file" ]; then put "$file" "$file" 755; else put "$file" "$file" 644; fi
done
put uninstall.sh share/ticker-status/uninstall.sh 755
files=$files$newline"share/ticker-status/uninstall.sh$newline$manifest"

# Files of the old version that this one does not have.
for file in $old_files; do
    case $newline$files$newline in
    *"$newline$file$newline"*) ;;
    *) rm -f "$PREFIX/$file" ;;
    esac
done

# Folders made for them that are now empty go too; the others stay on the list.
kept_dirs=
for dir in $(printf '%s\n' "$made_dirs" | grep . | LC_ALL=C sort -r -u); do
    rmdir "$PREFIX/${dir%/}" 2>/dev/null || kept_dirs=$kept_dirs$newline$dir
done

rm -f "$PREFIX/$manifest.new"
printf '%s\n' "$files" >"$PREFIX/$manifest.new"
printf '%s\n' "$kept_dirs" | grep . | LC_ALL=C sort >>"$PREFIX/$manifest.new" || :
chmod 644 "$PREFIX/$manifest.new"
mv -f "$PREFIX/$manifest.new" "$PREFIX/$manifest"

# $1 quoted for sh: in single quotes, each ' written '\''.
quote() {
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

printf '%s\n' "ticker-status is installed in $PREFIX."
printf '%s\n' "Uninstall with: sh $(quote "$PREFIX/share/ticker-status/uninstall.sh") $(quote "PREFIX=$PREFIX")"
case :${PATH-}: in
*:"$PREFIX/bin":*) ;;
*) printf '%s\n' "Note: $PREFIX/bin is not on your PATH; add it (and on the PATH your bar starts with)." ;;
esac
