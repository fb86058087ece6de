#!/usr/bin/env bash
# check-packages.sh: builds the release tarball and the Debian package as `make dist`
# and `make deb` do, then uses each as a user would: installs it, runs what it
# installed, removes it, and checks that nothing is left behind. Last, it packs both
# again and checks that the bytes are the same.
#
# It installs the .deb with apt-get and removes it with apt-get purge, so it runs as
# root (or with sudo) on a Debian-like system, as CI does (.ci/run); it needs man-db,
# bash-completion, zsh, fish and python3 for the checks of what the package installs.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS
step() { echo "== check-packages: $* ($((SECONDS - start)) s)"; }
fail() {
    echo "check-packages: FAILED: $*" >&2
    exit 1
}
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

work=$(mktemp -d)
installed=no
cleanup() {
    # A failed check leaves no package installed either.
    if [ "$installed" = yes ] && dpkg -s ticker-status >/dev/null 2>&1; then
        $sudo apt-get purge -y ticker-status >/dev/null || :
    fi
    rm -rf "$work"
}
trap cleanup EXIT
version=$(sed -n 's/^ *static let current = "\(.*\)"$/\1/p' Sources/ticker-status/Command/Version.swift)
[ -n "$version" ] || fail "no version in Sources/ticker-status/Command/Version.swift"
deb=$work/dist/ticker-status_${version}_$(dpkg --print-architecture).deb
tarball=$work/dist/ticker-status-$version-linux-$(uname -m).tar.gz

step "make dist deb (the release build, then both packages)"
make --no-print-directory dist deb DISTDIR="$work/dist"
[ -f "$deb" ] && [ -f "$tarball" ] || fail "make dist deb made no $deb or $tarball"
(cd "$work/dist" && sha256sum -c SHA256SUMS) || fail "dist/SHA256SUMS does not match"
ls -l "$work/dist"

# --- The Debian package -------------------------------------------------------

step "the .deb: install with apt-get"
if dpkg -s ticker-status >/dev/null 2>&1; then
    echo "ticker-status is installed already (an earlier run?): purging it first"
    $sudo apt-get purge -y ticker-status
fi
# Which of its folders exist before it is installed: the others are its own.
dpkg-deb --fsys-tarfile "$deb" | tar -t | sed 's|^\./|/|; s|/$||' | grep -v '^\.\{0,1\}$' |
    LC_ALL=C sort >"$work/deb-contents"
while IFS= read -r path; do
    if [ -e "$path" ]; then echo "$path"; fi
done <"$work/deb-contents" >"$work/existed-before"
installed=yes
$sudo apt-get install -y "$deb"
dpkg -L ticker-status | grep -v '^/\.$' | LC_ALL=C sort >"$work/deb-files"
echo "dpkg -L ticker-status:"
sed 's/^/  /' "$work/deb-files"
cmp -s "$work/deb-files" "$work/deb-contents" || fail "dpkg -L does not list what the .deb holds"

step "the .deb: what it installed works"
[ "$(/usr/bin/ticker-status --version)" = "ticker-status $version" ] ||
    fail "ticker-status --version says '$(/usr/bin/ticker-status --version)', not $version"
/usr/bin/ticker-status --demo -w 40 --format plain | grep -q '[0-9]' || fail "ticker-status --demo"
# The static binary finds its arguments without the Swift runtime's search of
# /proc/self/maps (Sources/ProcessArguments): words with spaces and UTF-8 come through.
shown=$(/usr/bin/ticker-status --format plain -w 9 --at 0 -- 'é x' 'a b')
[ "$shown" = "é x · a b" ] || fail "ticker-status -- 'é x' 'a b' shows '$shown', not 'é x · a b'"
file /usr/bin/ticker-status | grep 'statically linked' | grep -q 'stripped' ||
    fail "usr/bin/ticker-status is not a stripped static executable: $(file /usr/bin/ticker-status)"
# In a UTF-8 locale whatever the caller's (CI's environment may have no LANG): the
# pages draw ▲, ▼ and … as themselves, which troff's ASCII device warns of.
LC_ALL=C.UTF-8 man -P cat ticker-status 2>"$work/man-errors" | grep -q 'scrolling ticker' ||
    fail "man ticker-status does not render"
LC_ALL=C.UTF-8 man -P cat ticker-quotes 2>>"$work/man-errors" | grep -q 'SYMBOL' ||
    fail "man ticker-quotes does not render"
[ ! -s "$work/man-errors" ] || fail "man warned: $(cat "$work/man-errors")"
/usr/bin/ticker-quotes --help | grep -q 'aapl.us' || fail "ticker-quotes --help"
/usr/bin/ticker-feeds --help | grep -q 'RSS' || fail "ticker-feeds --help"
# The fetchers are zipapps (make fetchers), run by Debian's python3 by its own path.
for fetcher in ticker-quotes ticker-feeds; do
    [ "$(head -n 1 /usr/bin/$fetcher)" = '#!/usr/bin/python3' ] ||
        fail "usr/bin/$fetcher does not start with #!/usr/bin/python3"
done
[ -x /usr/share/ticker-status/tmux/ticker.tmux ] || fail "no tmux plugin"
# The bar snippets of issue 34: each reader's, the scripts executable.
for snippet in xmobar/xmobarrc yambar/config.yml conky/conky.conf tint2/ticker.tint2rc; do
    [ -f "/usr/share/ticker-status/$snippet" ] || fail "no $snippet"
done
for script in dzen2/ticker.sh genmon/ticker.sh dwm/ticker.sh; do
    [ -x "/usr/share/ticker-status/$script" ] || fail "no executable $script"
done
# The completion scripts are what the installed binary prints (make install writes them so).
for pair in bash:/usr/share/bash-completion/completions/ticker-status \
    zsh:/usr/share/zsh/vendor-completions/_ticker-status \
    fish:/usr/share/fish/vendor_completions.d/ticker-status.fish; do
    /usr/bin/ticker-status --generate-completion-script "${pair%%:*}" | cmp -s - "${pair#*:}" ||
        fail "${pair#*:} is not what 'ticker-status --generate-completion-script ${pair%%:*}' prints"
done
# bash: bash-completion's own loader must find the file where the package put it.
completions=$(bash --norc --noprofile -c '
    . /usr/share/bash-completion/bash_completion
    if declare -F _comp_load >/dev/null; then _comp_load ticker-status
    else __load_completion ticker-status; fi
    spec=$(complete -p ticker-status) || exit 1
    function=${spec#*-F }
    function=${function%% *}
    COMP_LINE="ticker-status --form" COMP_POINT=20 COMP_WORDS=(ticker-status --form) COMP_CWORD=1
    "$function" ticker-status --form ticker-status
    printf "%s\n" "${COMPREPLY[@]}"') || completions="(no completion loaded)"
[ "$completions" = "--format" ] || fail "bash completes '--form' to '$completions', not --format"
# zsh: compinit finds _ticker-status on Debian's default fpath.
# The dump goes to a file of our own: compinit writes it beside the name and renames it
# over, which as root would replace /dev/null with a regular file.
ZDUMP=$work/zcompdump zsh -f -c 'autoload -Uz compinit && compinit -u -d "$ZDUMP" && [[ $_comps[ticker-status] == _ticker-status ]]' ||
    fail "zsh's compinit does not find _ticker-status"
# fish: its completion path (set up by fish's own config, hence no --no-config).
fish_completions=$(HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share \
    fish -c 'complete -C "ticker-status --form"' | cut -f1)
[ "$fish_completions" = "--format" ] || fail "fish completes '--form' to '$fish_completions', not --format"

step "the .deb: apt-get purge leaves nothing"
$sudo apt-get purge -y ticker-status
left=""
while IFS= read -r path; do
    if [ -e "$path" ] || [ -L "$path" ]; then
        grep -qxF "$path" "$work/existed-before" && [ -d "$path" ] || left="$left $path"
    fi
done <"$work/deb-files"
[ -z "$left" ] || fail "left after purge:$left"
! dpkg -s ticker-status >/dev/null 2>&1 || fail "dpkg still knows ticker-status"

# --- The release tarball ------------------------------------------------------

step "the tarball: install.sh and uninstall.sh with sh"
mkdir "$work/unpacked" "$work/prefix"
tar -xzf "$tarball" -C "$work/unpacked"
unpacked=$work/unpacked/ticker-status-$version-linux-$(uname -m)
sh "$unpacked/install.sh" PREFIX="$work/prefix"
[ "$("$work/prefix/bin/ticker-status" --version)" = "ticker-status $version" ] ||
    fail "the tarball's ticker-status --version"
"$work/prefix/bin/ticker-status" --demo -w 40 --format plain | grep -q '[0-9]' ||
    fail "the tarball's ticker-status --demo"
"$work/prefix/bin/ticker-quotes" --help | grep -q 'aapl.us' || fail "the tarball's ticker-quotes --help"
"$work/prefix/bin/ticker-feeds" --help | grep -q 'RSS' || fail "the tarball's ticker-feeds --help"
man -M "$work/prefix/share/man" -P cat ticker-status | grep -q 'scrolling ticker' ||
    fail "the tarball's man page"
for pair in bash:bash-completion/completions/ticker-status zsh:zsh/site-functions/_ticker-status \
    fish:fish/vendor_completions.d/ticker-status.fish; do
    "$work/prefix/bin/ticker-status" --generate-completion-script "${pair%%:*}" |
        cmp -s - "$work/prefix/share/${pair#*:}" ||
        fail "the tarball's share/${pair#*:} is not what its binary prints"
done
sh "$unpacked/uninstall.sh" PREFIX="$work/prefix"
[ -z "$(ls -A "$work/prefix")" ] || fail "left under PREFIX: $(cd "$work/prefix" && find . | sort)"

# --- Reproducible -------------------------------------------------------------

step "both packages again: the same bytes"
make --no-print-directory dist deb DISTDIR="$work/again" >/dev/null
cmp "$work/dist/SHA256SUMS" "$work/again/SHA256SUMS" ||
    fail "a second make dist deb gave other bytes: $(diff "$work/dist/SHA256SUMS" "$work/again/SHA256SUMS")"

step "all checks passed"
