# Packaging: make install [PREFIX=/usr/local] [DESTDIR=...] installs
#   PREFIX/include/kprof.h, PREFIX/bin/kprof, PREFIX/share/man/man1/kprof.1,
#   PREFIX/lib/pkgconfig/kprof.pc, PREFIX/lib/cmake/kprof/kprofConfig{,Version}.cmake,
#   PREFIX/share/bash-completion/completions/kprof, PREFIX/share/zsh/vendor-completions/_kprof,
#   PREFIX/share/fish/vendor_completions.d/kprof.fish (written by `kprof --completion SHELL`).
# The version is read out of kprof.h (made from spec/project.yaml): it is typed nowhere else.
PREFIX ?= /usr/local
DESTDIR ?=
KPROF_VERSION := $(shell sed -n 's/^\#define KPROF_VERSION_STRING "\(.*\)"/\1/p' kprof.h)
KPROF_MAJOR := $(shell sed -n 's/^\#define KPROF_VERSION_MAJOR \([0-9]*\)/\1/p' kprof.h)
KPROF_MINOR := $(shell sed -n 's/^\#define KPROF_VERSION_MINOR \([0-9]*\)/\1/p' kprof.h)
SUBST = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(KPROF_VERSION)|g' \
	-e 's|@MAJOR@|$(KPROF_MAJOR)|g' -e 's|@MINOR@|$(KPROF_MINOR)|g'

.PHONY: install uninstall test-dropin-install
# The pkg-config file carries PREFIX, so it is written by the install itself, never cached.
install: $(BUILD)/kprof
	@test -n "$(KPROF_VERSION)" || { echo "install: no KPROF_VERSION_STRING in kprof.h" >&2; exit 1; }
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/cmake/kprof \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 644 kprof.h $(DESTDIR)$(PREFIX)/include/kprof.h
	install -m 755 $(BUILD)/kprof $(DESTDIR)$(PREFIX)/bin/kprof
	install -m 644 kprof.1 $(DESTDIR)$(PREFIX)/share/man/man1/kprof.1
	$(BUILD)/kprof --completion bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/kprof
	$(BUILD)/kprof --completion zsh > $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_kprof
	$(BUILD)/kprof --completion fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/kprof.fish
	$(SUBST) kprof.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/kprof.pc
	$(SUBST) cmake/kprofConfig.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/kprof/kprofConfig.cmake
	$(SUBST) cmake/kprofConfigVersion.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/kprof/kprofConfigVersion.cmake

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/include/kprof.h $(DESTDIR)$(PREFIX)/bin/kprof \
		$(DESTDIR)$(PREFIX)/share/man/man1/kprof.1 $(DESTDIR)$(PREFIX)/lib/pkgconfig/kprof.pc \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/kprof \
		$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_kprof $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/kprof.fish \
		$(DESTDIR)$(PREFIX)/lib/cmake/kprof/kprofConfig.cmake $(DESTDIR)$(PREFIX)/lib/cmake/kprof/kprofConfigVersion.cmake
	-rmdir $(DESTDIR)$(PREFIX)/lib/cmake/kprof

# Install into temporary prefixes (PREFIX, and DESTDIR staging) and consume each piece.
test-dropin-install:
	tests/dropin/install.sh $(BUILD)/dropin/install
