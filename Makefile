# Build, install, package and test ticker-status.
#
#   make                          the release build (a fully static executable, and
#                                 the fetchers: make fetchers)
#   make fetchers                 ticker-quotes and ticker-feeds as one file each (a
#                                 zipapp) in FETCHERS_DIR
#   make install                  into ~/.local (PREFIX), or PREFIX=/usr/local
#   make install DESTDIR=/tmp/pkg PREFIX=/usr   for packaging
#   make uninstall                removes exactly what install put there
#   make dist                     dist/ticker-status-VERSION-linux-ARCH.tar.gz, with
#                                 install.sh and uninstall.sh (packaging/)
#   make deb                      dist/ticker-status_VERSION_ARCH.deb (dpkg-deb only)
#   make test                     swift test
#
# dist and deb are reproducible: every date in them is SOURCE_DATE_EPOCH (default:
# the last commit's), and their files are sorted and owned by root.

PREFIX ?= $(HOME)/.local
DESTDIR ?=
SWIFT ?= swift
STRIP ?= strip
# Where SwiftPM builds; point it elsewhere to keep .build untouched.
SCRATCH ?= .build
# Where make dist and make deb put the tarball, the .deb and their SHA256SUMS.
DISTDIR ?= dist
# Where make fetchers puts the zipapps ticker-quotes and ticker-feeds, and the Python
# that builds them.
FETCHERS_DIR ?= $(SCRATCH)/fetchers
PYTHON ?= python3

# A fully static Swift program starts in about 1.0-1.2x the time of /bin/true,
# against 2.2-3x with only the Swift runtime static (ARCHITECTURE.md, "Facts the
# build relies on"; BENCHMARKS.md, sections 1 and 8): it matters to tmux, which
# starts one every second.
#
# Linking glibc statically makes GNU ld and gold warn, once (lld, which links the
# release build of ticker-status by Package.swift, says nothing; the benchmarks'
# release build, linked the default way, shows it):
#   libswiftCore.a(LibPrespecialized.cpp.o): warning: Using 'dlopen' in statically
#   linked applications requires at runtime the shared libraries from the glibc
#   version used for linking
# It is harmless here. The Swift runtime calls dlopen only when the environment
# variable SWIFT_DEBUG_LIB_PRESPECIALIZED_PATH is set (a debugging aid, to find a
# prespecialised-metadata library already loaded), and then with RTLD_NOLOAD, which
# loads nothing; ticker-status itself loads no library and calls no NSS function
# (getpwnam, getaddrinfo and the like are not in the binary). The warning is left
# visible rather than silenced with a linker flag that would hide every other one.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable

# strip removes the symbols and debug information (12 MB down to 7.4 MB), the
# linker's .comment, and two sections whose bytes change from one build to the next
# although the code does not, so that packages built twice are identical:
# .swift_modhash (a hash of each compiled module, for the compiler's incremental
# builds; nothing reads it at run time) and .note.gnu.build-id (the linker's hash of
# all the rest).
STRIP_FLAGS = --strip-all --remove-section=.comment \
	--remove-section=.swift_modhash --remove-section=.note.gnu.build-id

VERSION := $(shell sed -n 's/^ *static let current = "\(.*\)"$$/\1/p' Sources/ticker-status/Command/Version.swift)
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
export SOURCE_DATE_EPOCH

bindir = $(PREFIX)/bin
datadir = $(PREFIX)/share
man1dir = $(datadir)/man/man1
bashcompdir = $(datadir)/bash-completion/completions
zshcompdir = $(datadir)/zsh/site-functions
fishcompdir = $(datadir)/fish/vendor_completions.d
pkgdatadir = $(datadir)/ticker-status

# The snippets under pkgdatadir, by their path under contrib/ (actions/open-item is
# an --on-click action; quotes/open-quote, its old name, the same script).
SNIPPETS_755 = tmux/ticker.tmux lemonbar/ticker.sh quotes/open-quote actions/open-item \
	dzen2/ticker.sh genmon/ticker.sh dwm/ticker.sh
SNIPPETS_644 = prompt/ticker.bash prompt/ticker.zsh prompt/ticker.fish \
	i3/config i3blocks/ticker.conf polybar/ticker.ini \
	waybar/config.jsonc waybar/style.css \
	xmobar/xmobarrc yambar/config.yml conky/conky.conf tint2/ticker.tint2rc
SNIPPET_DIRS = tmux prompt i3 i3blocks polybar waybar lemonbar quotes actions \
	xmobar yambar dzen2 genmon conky tint2 dwm

# Everything install puts in place, and so everything uninstall removes.
INSTALLED = \
	$(bindir)/ticker-status \
	$(bindir)/ticker-quotes \
	$(bindir)/ticker-feeds \
	$(man1dir)/ticker-status.1 \
	$(man1dir)/ticker-quotes.1 \
	$(man1dir)/ticker-feeds.1 \
	$(bashcompdir)/ticker-status \
	$(zshcompdir)/_ticker-status \
	$(fishcompdir)/ticker-status.fish \
	$(addprefix $(pkgdatadir)/,$(SNIPPETS_755) $(SNIPPETS_644))

.PHONY: all build fetchers install install-files uninstall dist deb test clean

all: build

# The fetchers are Python packages in the source tree (contrib/quotes/ticker_quotes,
# contrib/feeds/ticker_feeds, and contrib/fetchers/ticker_fetch, which both use);
# what is installed is one executable file each, a zipapp of its package and the
# shared one that runs with python3 (packaging/make-zipapp.py: reproducible, dated
# SOURCE_DATE_EPOCH).
SHARED_FETCH = contrib/fetchers/ticker_fetch
FETCHERS = $(FETCHERS_DIR)/ticker-quotes $(FETCHERS_DIR)/ticker-feeds
# The zipapps' entries are dated SOURCE_DATE_EPOCH: a new one (a new commit) makes
# them again, so that a commit's files are the same bytes whatever was built before.
FETCHERS_DATE = $(FETCHERS_DIR)/.source-date-$(SOURCE_DATE_EPOCH)

fetchers: $(FETCHERS)

$(FETCHERS_DATE):
	mkdir -p $(FETCHERS_DIR)
	rm -f $(FETCHERS_DIR)/.source-date-*
	touch $@

$(FETCHERS_DIR)/ticker-quotes: packaging/make-zipapp.py $(FETCHERS_DATE) $(wildcard \
		$(SHARED_FETCH)/*.py contrib/quotes/ticker_quotes/*.py contrib/quotes/ticker_quotes/sources/*.py)
	$(PYTHON) packaging/make-zipapp.py $@ contrib/quotes/ticker_quotes $(SHARED_FETCH)

$(FETCHERS_DIR)/ticker-feeds: packaging/make-zipapp.py $(FETCHERS_DATE) $(wildcard \
		$(SHARED_FETCH)/*.py contrib/feeds/ticker_feeds/*.py)
	$(PYTHON) packaging/make-zipapp.py $@ contrib/feeds/ticker_feeds $(SHARED_FETCH)

build: fetchers
	$(SWIFT) build $(RELEASE_FLAGS) --product ticker-status --scratch-path $(SCRATCH)
	@echo "(a linker warning above about 'dlopen', if any, is expected and harmless: see the Makefile)"

install: build
	$(install_files)

# install without the Swift build, for dist and deb, which have just built.
install-files: fetchers
	$(install_files)

# The completion scripts are what the binary just installed prints: it writes them
# from its table of options (ticker-status --generate-completion-script SHELL), so
# they name every option there is. contrib/completions/ holds the same output,
# committed for readers and for copying by hand; CompletionTests fails when it
# differs from the binary's by a byte (regenerate it as the test's message says).
# dist and deb install through install-files, so the tarball and the .deb hold what
# their binary prints too.
define completion
$(DESTDIR)$(bindir)/ticker-status --generate-completion-script $(1) >$(DESTDIR)$(2)
chmod 644 $(DESTDIR)$(2)
endef

define install_files
install -d $(DESTDIR)$(bindir) $(DESTDIR)$(man1dir) $(DESTDIR)$(bashcompdir) \
	$(DESTDIR)$(zshcompdir) $(DESTDIR)$(fishcompdir) \
	$(addprefix $(DESTDIR)$(pkgdatadir)/,$(SNIPPET_DIRS))
install -m 755 $(SCRATCH)/release/ticker-status $(DESTDIR)$(bindir)/ticker-status
$(STRIP) $(STRIP_FLAGS) $(DESTDIR)$(bindir)/ticker-status
install -m 755 $(FETCHERS_DIR)/ticker-quotes $(DESTDIR)$(bindir)/ticker-quotes
install -m 755 $(FETCHERS_DIR)/ticker-feeds $(DESTDIR)$(bindir)/ticker-feeds
install -m 644 contrib/man/ticker-status.1 $(DESTDIR)$(man1dir)/ticker-status.1
install -m 644 contrib/man/ticker-quotes.1 $(DESTDIR)$(man1dir)/ticker-quotes.1
install -m 644 contrib/man/ticker-feeds.1 $(DESTDIR)$(man1dir)/ticker-feeds.1
$(call completion,bash,$(bashcompdir)/ticker-status)
$(call completion,zsh,$(zshcompdir)/_ticker-status)
$(call completion,fish,$(fishcompdir)/ticker-status.fish)
$(foreach f,$(SNIPPETS_755),install -m 755 contrib/$(f) $(DESTDIR)$(pkgdatadir)/$(f)
)$(foreach f,$(SNIPPETS_644),install -m 644 contrib/$(f) $(DESTDIR)$(pkgdatadir)/$(f)
)
endef

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	rmdir $(addprefix $(DESTDIR)$(pkgdatadir)/,$(SNIPPET_DIRS)) $(DESTDIR)$(pkgdatadir) 2>/dev/null || :

# Packages: staged under $(SCRATCH)/packaging by install-files, so that their layout
# is the one install makes; packaging/ has the scripts and their explanations.
STAGE = $(SCRATCH)/packaging
DIST_NAME = ticker-status-$(VERSION)-linux-$(shell uname -m)

dist: build
	rm -rf $(STAGE)/tar
	$(MAKE) --no-print-directory install-files DESTDIR=$(STAGE)/tar/$(DIST_NAME) PREFIX=
	sh packaging/make-tarball.sh $(STAGE)/tar $(DIST_NAME) $(DISTDIR)

deb: build
	rm -rf $(STAGE)/deb
	$(MAKE) --no-print-directory install-files DESTDIR=$(STAGE)/deb PREFIX=/usr \
		zshcompdir=/usr/share/zsh/vendor-completions
	sh packaging/make-deb.sh $(STAGE)/deb $(VERSION) $(DISTDIR)

test:
	$(SWIFT) test

clean:
	rm -rf $(SCRATCH)/release $(STAGE) $(FETCHERS_DIR)
