#!/bin/sh
# sums.sh DISTDIR: writes DISTDIR/SHA256SUMS for the tarballs and .debs in it, so
# that one file checks every download: `sha256sum -c --ignore-missing SHA256SUMS`.
set -eu
LC_ALL=C
export LC_ALL
cd "$1"
set --
for file in ticker-status-*.tar.gz ticker-status_*.deb; do
    if [ -f "$file" ]; then set -- "$@" "$file"; fi
done
[ $# -gt 0 ] || exit 0
# In the glob's order, which LC_ALL=C makes the same everywhere.
sha256sum "$@" >SHA256SUMS.tmp
mv SHA256SUMS.tmp SHA256SUMS
