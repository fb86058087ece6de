#!/bin/sh
# install.sh: installs ticker-status from this release tarball. POSIX sh; nothing
# else is needed (no Swift, no compiler, no Python but for ticker-quotes).
#
#   sh install.sh                      into ~/.local
#   sh install.sh PREFIX=/usr/local    or: PREFIX=/usr/local sh install.sh
#
# It puts bin/, share/man/, the completions and share/ticker-status/ (the tmux
# plugin, prompt and bar snippets, the open-quote action) under PREFIX, as `make
# install` does, replacing each file whole so that a running ticker-status is not
# disturbed. It writes the list of what it put there (the files and the folders it
# had to make) to PREFIX/share/ticker-status/installed-files, and installs
# uninstall.sh beside it: `sh uninstall.sh` with the same PREFIX removes exactly
# those. Installing a new version over an old one removes the old files the new
# one no longer has.
set -eu

usage() {
    sed -n 's/^# \{0,1\}//; 2,7p' "$0"
}

for arg in "$@"; do
    case $arg in
    PREFIX=*) PREFIX=${arg#PREFIX=} ;;
    -h | --help) usage && exit 0 ;;
    *)
        echo "install.sh: unknown argument '$arg' (try: sh install.sh PREFIX=DIR)" >&2
        exit 64
        ;;
    esac
done
PREFIX=${PREFIX:-${HOME:?install.sh: set HOME or PREFIX}/.local}
case $PREFIX in
/*) ;;
*) PREFIX=$(pwd)/$PREFIX ;;
esac

cd "$(dirname "$0")"
set -f # the file names below are words, never patterns
manifest=share/ticker-status/installed-files
[ -f bin/ticker-status ] || {
    echo "install.sh: run me from the unpacked tarball (no bin/ticker-status here)" >&2
    exit 66
}
if command -v sha256sum >/dev/null 2>&1; then
    sha256sum -c SHA256SUMS >/dev/null || {
        echo "install.sh: the files do not match SHA256SUMS; unpack the tarball again" >&2
        exit 65
    }
fi

# What an earlier install recorded: its files, and the folders it made.
old_files=
made_dirs=
if [ -f "$PREFIX/$manifest" ]; then
    old_files=$(grep -v '/$' "$PREFIX/$manifest" || :)
    made_dirs=$(grep '/$' "$PREFIX/$manifest" || :)
fi
newline='
'

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
    cp "$1" "$PREFIX/$2.new"
    chmod "$3" "$PREFIX/$2.new"
    mv -f "$PREFIX/$2.new" "$PREFIX/$2"
}

mkdir -p "$PREFIX"
files=$(find bin share -type f | LC_ALL=C sort)
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
for dir in $(printf '%s\n' "$made_dirs" | LC_ALL=C sort -r -u); do
    rmdir "$PREFIX/$dir" 2>/dev/null || kept_dirs=$kept_dirs$newline$dir
done

printf '%s\n' "$files" >"$PREFIX/$manifest.new"
printf '%s\n' "$kept_dirs" | grep . | LC_ALL=C sort >>"$PREFIX/$manifest.new" || :
chmod 644 "$PREFIX/$manifest.new"
mv -f "$PREFIX/$manifest.new" "$PREFIX/$manifest"

echo "ticker-status is installed in $PREFIX."
echo "Uninstall with: sh '$PREFIX/share/ticker-status/uninstall.sh' PREFIX='$PREFIX'"
case :${PATH-}: in
*:"$PREFIX/bin":*) ;;
*) echo "Note: $PREFIX/bin is not on your PATH; add it (and on the PATH your bar starts with)." ;;
esac
