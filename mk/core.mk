# Foundation: generator, tables, lookups, select codec.
# gcc-12-multilib/g++-12-multilib (not gcc-multilib, which conflicts with the cross gccs): -m32 builds; mingw-w64: ddk/wdm.h and windows.h; libwine-dev: Wine's
# winternl.h (include/wine/wine/windows).
DEPS += libpfm4-dev gcc-12-multilib g++-12-multilib mingw-w64 libwine-dev
# Debian cpuid: the host's leaves for tests/hostfacts.py, the one place the tests learn the
# machine they run on (docs/testing.md, "Host facts").
DEPS += cpuid
# How i386 test programs run (tools/run-foreign, docs/testing.md): natively where this
# kernel can, under qemu-i386 where it cannot, decided once per run here and exported to
# every step. `make test KPROF_I386_RUNNER=qemu` forces the emulator.
ifeq ($(origin KPROF_I386_RUNNER),undefined)
KPROF_I386_RUNNER := $(shell tools/run-foreign --decide i386 2>/dev/null)
endif
export KPROF_I386_RUNNER

# The host unit tests as i386 programs: `i386` runs them with this run's runner, `i386-qemu`
# under qemu-i386 always, so the emulator path is tested even where native execution works
# (and the native path wherever the kernel allows it). Tests needing a library with no i386
# build here (libpfm4) or a data file are left to their own steps. No sanitizers (no i386
# runtimes here).
# -D_FILE_OFFSET_BITS=64: a 32-bit readdir() fails with EOVERFLOW on a file system whose inode
# numbers exceed 32 bits (as here), and the dump-reading tests would see no dump at all.
I386_TESTS := test_sources test_listings test_hal test_msr_hook test_ds test_windows test_lwp test_dump test_uarch
$(BUILD)/i386/tests/%: tests/%.c kprof.h tests/kprof_test.h tests/own_cpuid.h
	@mkdir -p $(@D)
	$(CC) -m32 -D_FILE_OFFSET_BITS=64 $(CFLAGS_TEST) $< -o $@ $(LDLIBS_$*)
# run_i386 RUNNER,PROGRAMS[,NATIVE]: one counted check that RUNNER (empty: the probe decides)
# is the runner this host's facts give (tests/hostfacts.py --i386), then each i386 program of
# PROGRAMS through tools/run-foreign and each program of NATIVE as it is, each within
# I386_TIMEOUT seconds; counts summed from each program's last line.
I386_TIMEOUT := 1800
define run_i386
	@KPROF_I386_RUNNER=$(1) tools/run-foreign --which i386; \
	out=$$(python3 tests/hostfacts.py --i386 "$(1)"); rc=$$?; echo "$$out" | sed '$$d'; \
	if [ $$rc = 0 ]; then p=1; f=0; else p=0; f=1; fi; \
	for t in $(2) $(3); do \
	  case " $(3) " in *" $$t "*) via="";; *) via="tools/run-foreign i386";; esac; \
	  KPROF_I386_RUNNER=$(1) timeout $(I386_TIMEOUT) $$via $$t > $$t.$(1).log 2>&1; rc=$$?; \
	  line=$$(grep -E '^[0-9]+ passed, [0-9]+ failed' $$t.$(1).log | tail -n 1); \
	  tp=$${line%% passed*}; tf=$$(echo "$$line" | sed -n 's/.*passed, \([0-9]*\) failed.*/\1/p'); \
	  if [ -z "$$line" ] || [ $$rc != 0 ]; then tf=$$((tf + 1)); tp=$${tp:-0}; echo "FAIL $$t (exit $$rc)"; tail -n 15 $$t.$(1).log | sed 's/^/     | /'; \
	  else echo "ok   $$t: $$line"; fi; p=$$((p + tp)); f=$$((f + tf)); done; \
	echo "$$p passed, $$f failed"; test $$f = 0
endef
test-i386: $(addprefix $(BUILD)/i386/tests/,$(I386_TESTS))
	$(call run_i386,$(KPROF_I386_RUNNER),$^)
test-i386-qemu: $(addprefix $(BUILD)/i386/tests/,$(I386_TESTS))
	$(call run_i386,qemu,$^)

# Ring-0 flags for -m64 and -m32 builds, from mk/freestanding.flags (their one place).
FS_FLAG = $(shell sed -n 's/^$(1): //p' mk/freestanding.flags)
FREESTANDING := $(call FS_FLAG,all)
FREESTANDING_m64 := $(call FS_FLAG,all) $(call FS_FLAG,m64)
FREESTANDING_m32 := $(call FS_FLAG,all) $(call FS_FLAG,m32)

TEST_STEPS += host-facts gen-check sections gen sources seeds names listings libpfm4 matrix i386 i386-qemu

# The host-fact helper for every kind of host (vendor x PMU x IA32, synthetic facts), then
# this host's facts.
test-host-facts:
	python3 tests/test_hostfacts.py

test-gen-check: need-python
	$(PY) gen/kprofgen.py --check

test-sources: $(BUILD)/tests/test_sources
	$<

# The spec's rows as tab-separated text, for C tests that check spec/ itself.
$(BUILD)/tests/spec_rows.tsv: spec/source.yaml tests/spec_rows.py | need-python
	@mkdir -p $(@D)
	$(PY) tests/spec_rows.py $< > $@.tmp && mv $@.tmp $@

$(BUILD)/tests/test_seeds: tests/spec_rows.h

test-seeds: $(BUILD)/tests/test_seeds $(BUILD)/tests/spec_rows.tsv
	$< $(BUILD)/tests/spec_rows.tsv

# Every value of every enumeration and list of the spec with its string, for test_names.
$(BUILD)/tests/spec_names.tsv: $(wildcard spec/*.yaml) tests/spec_rows.py | need-python
	@mkdir -p $(@D)
	$(PY) tests/spec_rows.py --names $(sort $(wildcard spec/*.yaml)) > $@.tmp && mv $@.tmp $@

$(BUILD)/tests/test_names: tests/spec_rows.h

# test_names: every _name() against the spec's strings; tests/names.py: every public name
# against the header's naming rule (struct members holding enum values included), no internals
# in examples and docs, CHANGELOG's rename table; fuzz/check-names: the names fuzz/ uses are the
# generator's. One closing line for all.
test-names: $(BUILD)/tests/test_names $(BUILD)/tests/spec_names.tsv | need-python
	@{ $< $(BUILD)/tests/spec_names.tsv; echo "rc=$$?"; $(PY) tests/names.py; echo "rc=$$?"; \
	   $(PY) fuzz/check-names; echo "rc=$$?"; } 2>&1 | \
	 awk '/^[0-9]+ passed, [0-9]+ failed$$/ {p += $$1; f += $$3; next} /^rc=/ {if ($$0 != "rc=0") bad = 1; next} \
	      {print} END {if (bad && f == 0) f = 1; print p " passed, " f " failed"; exit f > 0}'

test-listings: $(BUILD)/tests/test_listings
	$<

LDLIBS_test_libpfm4 := -lpfm
$(BUILD)/tests/test_libpfm4: tests/spec_rows.h

$(BUILD)/tests/libpfm4_pmus.tsv: spec/source.yaml tests/spec_rows.py | need-python
	@mkdir -p $(@D)
	$(PY) tests/spec_rows.py --libpfm4-pmus $< > $@.tmp && mv $@.tmp $@

test-libpfm4: $(BUILD)/tests/test_libpfm4 $(BUILD)/tests/spec_rows.tsv $(BUILD)/tests/libpfm4_pmus.tsv
	$< $(BUILD)/tests/spec_rows.tsv $(BUILD)/tests/libpfm4_pmus.tsv

# Each kind of bad spec gives its own file:line:entry error and leaves kprof.h untouched.
test-gen: need-python
	$(PY) tests/gen_plugins.py
	$(PY) tests/test_gen.py

# gcc/clang x C99..C2x/C++11..C++20 x x86-64/i386, KPROF_NO_NAMES, coexistence with the
# platform headers that define KPROFILE_SOURCE.
test-matrix:
	tests/compile_matrix.sh $(BUILD)

test-sections:
	tests/sections.sh $(BUILD)/sections
