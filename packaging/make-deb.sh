#!/bin/sh
# make-deb.sh ROOT VERSION DISTDIR: turns ROOT (what `make install-files
# PREFIX=/usr` put there) into DISTDIR/ticker-status_VERSION_ARCH.deb with dpkg-deb
# alone (no debhelper), reproducibly, and lists it in DISTDIR/SHA256SUMS.
# `make deb` runs it; SOURCE_DATE_EPOCH is every file's date.
#
# Debian's places: man pages gzipped with -9n; bash, zsh (vendor-completions) and
# fish completions where their packages look; the plugin, snippets and the
# open-item click action (and open-quote, its old name) in /usr/share/ticker-status;
# the copyright file and changelog in /usr/share/doc/ticker-status. ticker-status is
# a static executable, so the package depends on nothing; ticker-quotes and
# ticker-feeds need python3, which it recommends.
set -eu
umask 022
LC_ALL=C
export LC_ALL

root=$1 version=$2 distdir=$3
: "${SOURCE_DATE_EPOCH:?SOURCE_DATE_EPOCH must be set (make deb sets it)}"
here=$(cd "$(dirname "$0")" && pwd)
maintainer=${DEB_MAINTAINER:-ticker-status maintainers <maintainers@users.noreply.a-seed-68ff2908.example>}
arch=$(dpkg --print-architecture)
doc=$root/usr/share/doc/ticker-status

# A static executable needs no shared library: check, rather than trust it.
if ! file "$root/usr/bin/ticker-status" | grep -q 'statically linked'; then
    echo "make-deb.sh: usr/bin/ticker-status is not statically linked; Depends would be wrong" >&2
    exit 1
fi

gzip -9n "$root"/usr/share/man/man1/*.1
# Debian runs scripts with the interpreter's own path, not through env. ticker-quotes
# and ticker-feeds are zipapps (make fetchers): a first line, then a zip whose offsets
# count from its own start, so a shorter first line leaves the archive whole.
sed -i '1s|^#!/usr/bin/env python3$|#!/usr/bin/python3|' "$root/usr/bin/ticker-quotes" \
    "$root/usr/bin/ticker-feeds"

install -d "$doc" "$root/usr/share/lintian/overrides"
install -m 644 "$here/lintian-overrides" "$root/usr/share/lintian/overrides/ticker-status"
install -m 644 "$here/copyright" "$doc/copyright"
date=$(date -u -R -d "@$SOURCE_DATE_EPOCH")
printf '%s\n' \
    "ticker-status ($version) unstable; urgency=medium" \
    "" \
    "  * Release $version." \
    "" \
    " -- $maintainer  $date" | gzip -9n >"$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# Installed-Size in KiB, as dpkg-gencontrol counts it: each file rounded up to a
# KiB, 1 for each folder or link; so it is the same on any file system.
size=$(cd "$root" && find usr -printf '%y %s\n' |
    awk '$1 == "f" { n += int(($2 + 1023) / 1024); next } { n += 1 } END { print n }')

install -d "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<EOF
Package: ticker-status
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Recommends: python3
Section: utils
Priority: optional
Description: scrolling ticker for status lines, bars and shell prompts
 ticker-status scrolls items (stock and currency quotes, headlines, any lines)
 through a fixed-width window in tmux, i3bar, i3blocks, polybar, waybar,
 lemonbar, bash, zsh and fish prompts, and terminals. The window is a function
 of the time alone, so every status line shows the same frame at the same
 moment, and text from a feed is escaped for each reader, so that it never
 becomes markup or code.
 .
 The package has ticker-quotes, which prints live quotes from free public
 sources, and ticker-feeds, which prints the headlines of RSS and Atom feeds
 (both need python3), man pages, completions for bash, zsh and fish, a tmux
 plugin, prompt and bar snippets and an action that opens a clicked headline's
 article or quote's page, in /usr/share/ticker-status.
EOF
(cd "$root" && find usr -type f | sort | xargs md5sum >DEBIAN/md5sums)
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

find "$root" -type d -exec chmod 755 {} +
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p "$distdir"
deb=$(cd "$distdir" && pwd)/ticker-status_${version}_$arch.deb
# One compression thread: xz's output with several differs from that with one.
dpkg-deb --root-owner-group -Zxz --threads-max=1 --build "$root" "$deb.tmp" >/dev/null
mv "$deb.tmp" "$deb"
sh "$here/sums.sh" "$distdir"
echo "$deb"
