# Build, install and test ticker-status.
#
#   make                          the release build (a fully static executable)
#   make install                  into ~/.local (PREFIX), or PREFIX=/usr/local
#   make install DESTDIR=/tmp/pkg PREFIX=/usr   for packaging
#   make uninstall                removes exactly what install put there
#   make test                     swift test

PREFIX ?= $(HOME)/.local
DESTDIR ?=
SWIFT ?= swift
# Where SwiftPM builds; point it elsewhere to keep .build untouched.
SCRATCH ?= .build

# A fully static executable starts in about 1.3x the time of /bin/true, against
# 2.4x with only the Swift runtime static and 5x dynamic (DESIGN §9): it matters to
# tmux, which starts one every second. Linking glibc statically warns that dlopen
# (which the Swift runtime can call) needs the same glibc at run time; ticker-status
# loads no libraries, so the warning is harmless.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable

bindir = $(PREFIX)/bin
datadir = $(PREFIX)/share
man1dir = $(datadir)/man/man1
bashcompdir = $(datadir)/bash-completion/completions
zshcompdir = $(datadir)/zsh/site-functions
fishcompdir = $(datadir)/fish/vendor_completions.d
pkgdatadir = $(datadir)/ticker-status

# Everything install puts in place, and so everything uninstall removes.
INSTALLED = \
	$(bindir)/ticker-status \
	$(bindir)/ticker-quotes \
	$(man1dir)/ticker-status.1 \
	$(bashcompdir)/ticker-status \
	$(zshcompdir)/_ticker-status \
	$(fishcompdir)/ticker-status.fish \
	$(pkgdatadir)/tmux/ticker.tmux \
	$(pkgdatadir)/prompt/ticker.bash \
	$(pkgdatadir)/prompt/ticker.zsh \
	$(pkgdatadir)/prompt/ticker.fish

.PHONY: all build install uninstall test clean

all: build

build:
	$(SWIFT) build $(RELEASE_FLAGS) --scratch-path $(SCRATCH)

install: build
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(man1dir) $(DESTDIR)$(bashcompdir) \
		$(DESTDIR)$(zshcompdir) $(DESTDIR)$(fishcompdir) \
		$(DESTDIR)$(pkgdatadir)/tmux $(DESTDIR)$(pkgdatadir)/prompt
	install -m 755 $(SCRATCH)/release/ticker-status $(DESTDIR)$(bindir)/ticker-status
	install -m 755 contrib/quotes/ticker-quotes $(DESTDIR)$(bindir)/ticker-quotes
	install -m 644 contrib/man/ticker-status.1 $(DESTDIR)$(man1dir)/ticker-status.1
	install -m 644 contrib/completions/ticker-status.bash $(DESTDIR)$(bashcompdir)/ticker-status
	install -m 644 contrib/completions/_ticker-status $(DESTDIR)$(zshcompdir)/_ticker-status
	install -m 644 contrib/completions/ticker-status.fish $(DESTDIR)$(fishcompdir)/ticker-status.fish
	install -m 755 contrib/tmux/ticker.tmux $(DESTDIR)$(pkgdatadir)/tmux/ticker.tmux
	install -m 644 contrib/prompt/ticker.bash $(DESTDIR)$(pkgdatadir)/prompt/ticker.bash
	install -m 644 contrib/prompt/ticker.zsh $(DESTDIR)$(pkgdatadir)/prompt/ticker.zsh
	install -m 644 contrib/prompt/ticker.fish $(DESTDIR)$(pkgdatadir)/prompt/ticker.fish

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	rmdir $(DESTDIR)$(pkgdatadir)/tmux $(DESTDIR)$(pkgdatadir)/prompt $(DESTDIR)$(pkgdatadir) 2>/dev/null || :

test:
	$(SWIFT) test

clean:
	rm -rf $(SCRATCH)/release
