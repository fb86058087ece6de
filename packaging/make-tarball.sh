#!/bin/sh
# make-tarball.sh STAGE NAME DISTDIR: packs STAGE/NAME (what `make install-files
# PREFIX=` put there) with install.sh, uninstall.sh, README.md and SHA256SUMS into
# DISTDIR/NAME.tar.gz, reproducibly, and lists it in DISTDIR/SHA256SUMS.
# `make dist` runs it; SOURCE_DATE_EPOCH is every file's date.
set -eu

stage=$1 name=$2 distdir=$3
: "${SOURCE_DATE_EPOCH:?SOURCE_DATE_EPOCH must be set (make dist sets it)}"
here=$(cd "$(dirname "$0")" && pwd)
root=$stage/$name

install -m 755 "$here/install.sh" "$here/uninstall.sh" "$root/"
install -m 644 "$here/../README.md" "$root/README.md"
# The checksums of everything else, which install.sh checks (with sha256sum, shasum or
# openssl) and without which it installs nothing.
(cd "$root" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort |
    xargs sha256sum >SHA256SUMS)
chmod 644 "$root/SHA256SUMS"

mkdir -p "$distdir"
tarball=$(cd "$distdir" && pwd)/$name.tar.gz
# Sorted names, root's numeric ids, one date, modes free of the umask, no
# timestamp in the gzip header: the same bytes from the same commit.
tar --sort=name --owner=0 --group=0 --numeric-owner \
    --mtime="@$SOURCE_DATE_EPOCH" --mode='u+rwX,go+rX,go-w' \
    --format=gnu -C "$stage" -cf - "$name" | gzip -9n >"$tarball.tmp"
mv "$tarball.tmp" "$tarball"
sh "$here/sums.sh" "$distdir"
echo "$tarball"
