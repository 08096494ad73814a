# Fuzzing and hardening: libFuzzer/AFL++ harnesses, sanitizer and valgrind runs of
# the unit tests, static analysers, and the kernel-discipline build. See docs/testing.md "Fuzzing and
# hardening".
DEPS += clang llvm libclang-rt-14-dev afl++ cppcheck valgrind gcc gcc-multilib
TEST_STEPS += kernel-x86_64 kernel-i386 stack-usage analyze-clang analyze-gcc cppcheck \
	sanitize-tests valgrind-tests fuzz-short fuzz-afl

FUZZ_SECONDS ?= 20
FUZZ_SHORT_SECONDS ?= 8
FUZZ_HARNESSES := $(sort $(patsubst fuzz/%.c,%,$(wildcard fuzz/fuzz_*.c)))
FUZZ_OUT := $(BUILD)/fuzz
FUZZ_GEN := $(FUZZ_OUT)/gen/kf_aliases.h $(FUZZ_OUT)/gen/kf_structs.h
FUZZ_CFLAGS := -std=c11 -g -O1 -fno-omit-frame-pointer $(WARN) -Wno-unused-function -I. \
	-Ifuzz -I$(FUZZ_OUT)/gen
FUZZ_SAN := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_BINS := $(addprefix $(FUZZ_OUT)/bin/,$(FUZZ_HARNESSES))
# Every tests/test_*.c that is a host program (a test that includes <windows.h> is a
# compile-only check against mingw-w64 headers: there is nothing to run).
HOST_TESTS := $(filter-out $(shell grep -l "include <windows.h>" tests/test_*.c),$(wildcard tests/test_*.c))
UNIT_TESTS := $(sort $(patsubst tests/%.c,%,$(HOST_TESTS)))

.PHONY: fuzz fuzz-build fuzz-afl fuzz-afl-build fuzz-coverage fuzz-corpus fuzz-grow test-fuzz-afl
fuzz-build: $(FUZZ_BINS)

$(FUZZ_OUT)/gen/kf_aliases.h: spec/source.yaml fuzz/gen-aliases.py | need-python
	@mkdir -p $(@D)
	$(PY) fuzz/gen-aliases.py $< > $@.tmp && mv $@.tmp $@
$(FUZZ_OUT)/gen/kf_structs.h: kprof.h fuzz/gen-structs.py
	@mkdir -p $(@D)
	python3 fuzz/gen-structs.py $< > $@.tmp && mv $@.tmp $@

$(FUZZ_OUT)/bin/%: fuzz/%.c kprof.h $(wildcard fuzz/*.h) $(FUZZ_GEN)
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) $(FUZZ_SAN) $< -o $@

# Seeds derived from ../shared at test time (the dumps are never copied into the repo).
fuzz-corpus:
	@fuzz/make-corpus $(SHARED) $(FUZZ_OUT)/derived

# Every harness for FUZZ_SECONDS each; crashes in build/fuzz/crashes/<harness>/.
fuzz: $(FUZZ_BINS) fuzz-corpus
	@fuzz/run-fuzz $(FUZZ_SECONDS) $(FUZZ_OUT)/bin $(FUZZ_OUT) $(FUZZ_HARNESSES)

# The named seeds in fuzz/corpus are fuzz/make-seeds' (a hand edit or a stale seed fails),
# then every harness for FUZZ_SHORT_SECONDS, features reported at start and end.
test-fuzz-short: $(FUZZ_BINS) fuzz-corpus | need-python
	@$(PY) fuzz/make-seeds --check
	@fuzz/run-fuzz $(FUZZ_SHORT_SECONDS) $(FUZZ_OUT)/bin $(FUZZ_OUT) $(FUZZ_HARNESSES)

# Grow the checked-in corpora: FUZZ_GROW_SECONDS per harness from fuzz/corpus (not from the
# derived seeds), then libFuzzer -merge=1 back into fuzz/corpus/<harness>/ (commit the result).
FUZZ_GROW_SECONDS ?= 600
fuzz-grow: $(FUZZ_BINS)
	@nice -n 19 fuzz/grow-corpus $(FUZZ_GROW_SECONDS) $(FUZZ_OUT)/bin $(FUZZ_OUT)/grow $(FUZZ_HARNESSES)

# AFL++: the same harnesses through afl-clang-fast's libFuzzer driver, ASan+UBSan included.
AFL_SECONDS ?= 10
AFL_SHORT_SECONDS ?= 3
AFL_BINS := $(addprefix $(FUZZ_OUT)/afl/,$(FUZZ_HARNESSES))
$(FUZZ_OUT)/afl/%: fuzz/%.c kprof.h $(wildcard fuzz/*.h) $(FUZZ_GEN)
	@mkdir -p $(@D)
	AFL_QUIET=1 AFL_USE_ASAN=1 AFL_USE_UBSAN=1 afl-clang-fast $(FUZZ_CFLAGS) \
		-fsanitize=fuzzer -fno-sanitize-recover=all $< -o $@
fuzz-afl-build: $(AFL_BINS)
fuzz-afl: $(AFL_BINS)
	@fuzz/run-afl $(AFL_SECONDS) $(FUZZ_OUT)/afl $(FUZZ_OUT)/afl-out $(FUZZ_HARNESSES)
test-fuzz-afl: $(AFL_BINS)
	@fuzz/run-afl $(AFL_SHORT_SECONDS) $(FUZZ_OUT)/afl $(FUZZ_OUT)/afl-out $(FUZZ_HARNESSES)

# Line coverage of kprof.h reached by each harness's corpus (build/fuzz/corpus/<harness>).
$(FUZZ_OUT)/cov/%: fuzz/%.c kprof.h $(wildcard fuzz/*.h) $(FUZZ_GEN)
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -fprofile-instr-generate -fcoverage-mapping $< -o $@
fuzz-coverage: $(addprefix $(FUZZ_OUT)/cov/,$(FUZZ_HARNESSES))
	@fuzz/coverage-report $(FUZZ_OUT) $(FUZZ_HARNESSES)

# ---- unit tests under ASan+UBSan (clang) and valgrind memcheck (gcc -O1 -g) ----
# The valgrind build drops the sanitizer flags some tests carry (ASan and memcheck do not
# mix).
$(BUILD)/asan/tests/%: tests/%.c kprof.h tests/kprof_test.h tests/own_cpuid.h
	@mkdir -p $(@D)
	clang $(CFLAGS_TEST) -fsanitize=address,undefined -fno-sanitize-recover=all \
		-fno-omit-frame-pointer $(CFLAGS_$*) $< -o $@ $(LDLIBS_$*)
$(BUILD)/vg/tests/%: tests/%.c kprof.h tests/kprof_test.h tests/own_cpuid.h
	@mkdir -p $(@D)
	gcc $(CFLAGS_TEST) $(filter-out -fsanitize=% -fno-sanitize-recover=%,$(CFLAGS_$*)) $< -o $@ $(LDLIBS_$*)

# Arguments for a test whose size only matters for speed (never to skip a check):
# HARDEN_ARGS_<test> (comma-separated) for both runs, VALGRIND_ARGS_<test> under valgrind (serialised threads).
VALGRIND_ARGS_test_lwp_stress := 20000
# test_seeds, test_names and test_libpfm4 read the spec's rows from the files the Makefile derives.
HARDEN_ARGS_test_seeds := $(BUILD)/tests/spec_rows.tsv
HARDEN_ARGS_test_names := $(BUILD)/tests/spec_names.tsv
HARDEN_ARGS_test_libpfm4 := $(BUILD)/tests/spec_rows.tsv,$(BUILD)/tests/libpfm4_pmus.tsv
test-sanitize-tests: $(addprefix $(BUILD)/asan/tests/,$(UNIT_TESTS)) $(BUILD)/tests/spec_rows.tsv $(BUILD)/tests/spec_names.tsv $(BUILD)/tests/libpfm4_pmus.tsv
	@fuzz/run-tests asan $(foreach t,$(UNIT_TESTS),$(BUILD)/asan/tests/$(t)$(if $(HARDEN_ARGS_$(t)),::$(HARDEN_ARGS_$(t))))
test-valgrind-tests: $(addprefix $(BUILD)/vg/tests/,$(UNIT_TESTS)) $(BUILD)/tests/spec_rows.tsv $(BUILD)/tests/spec_names.tsv $(BUILD)/tests/libpfm4_pmus.tsv
	@fuzz/run-tests valgrind $(foreach t,$(UNIT_TESTS),$(BUILD)/vg/tests/$(t)$(if $(VALGRIND_ARGS_$(t)),::$(VALGRIND_ARGS_$(t)),$(if $(HARDEN_ARGS_$(t)),::$(HARDEN_ARGS_$(t)))))

# ---- static analysis ----
HARDEN_TU := fuzz/hardening/all_calls.c
ANALYZE_SRCS := $(HARDEN_TU) $(HOST_TESTS) $(wildcard fuzz/fuzz_*.c)
test-analyze-clang: $(FUZZ_GEN)
	@fuzz/run-analyzer clang $(FUZZ_OUT)/analyze -I. -Itests -Ifuzz -I$(FUZZ_OUT)/gen -- $(ANALYZE_SRCS)
# gcc -fanalyzer on the header through the TU that calls every decoder, one area at a time
# (KH_ONLY=n: the analyser takes ~5 minutes over all areas at once, ~40 s one by one).
test-analyze-gcc: $(FUZZ_GEN)
	@fuzz/run-analyzer gcc $(FUZZ_OUT)/analyze -I. -I$(FUZZ_OUT)/gen -Wno-unused-function -- \
		$(foreach n,1 2 3 4 5 6,$(HARDEN_TU)::KH_ONLY=$(n))
test-cppcheck: $(FUZZ_GEN)
	@fuzz/run-cppcheck $(FUZZ_OUT)/cppcheck --std=c99 --platform=unix64 -D__x86_64__ -D__GNUC__ \
		-I. -Itests -Ifuzz -I$(FUZZ_OUT)/gen -- $(ANALYZE_SRCS)

# ---- kernel discipline: freestanding, no libc, no SSE, no red zone, small frames ----
# The ring-0 flags of mk/freestanding.flags, less -mcmodel=kernel: this image is linked at a
# user address (a static executable), which the kernel code model cannot reach.
KERNEL_FLAGS := -std=c99 -O2 -DKH_FREESTANDING $(FREESTANDING) -fno-pic \
	-Wframe-larger-than=512 -Wstack-usage=512 -Wvla $(WARN) -I.
$(FUZZ_OUT)/kernel/%/image: $(HARDEN_TU) fuzz/hardening/start.c kprof.h $(FUZZ_GEN)
	@mkdir -p $(@D)
	cd $(@D) && gcc $(if $(filter i386,$*),-m32,-m64) $(KERNEL_FLAGS) -I$(CURDIR) -I$(CURDIR)/$(FUZZ_OUT)/gen \
		-fcallgraph-info=su -static -e _start $(addprefix $(CURDIR)/,$(HARDEN_TU) fuzz/hardening/start.c) -o image
	@mkdir -p $(@D)/noinline
	cd $(@D)/noinline && gcc $(if $(filter i386,$*),-m32,-m64) $(KERNEL_FLAGS) -I$(CURDIR) -I$(CURDIR)/$(FUZZ_OUT)/gen \
		-O1 -fno-inline -fcallgraph-info=su -c $(CURDIR)/$(HARDEN_TU) -o all_calls.o
test-kernel-x86_64: $(FUZZ_OUT)/kernel/x86_64/image
	@echo "1 passed, 0 failed"
test-kernel-i386: $(FUZZ_OUT)/kernel/i386/image
	@echo "1 passed, 0 failed"
test-stack-usage: $(FUZZ_OUT)/kernel/x86_64/image $(FUZZ_OUT)/kernel/i386/image
	@fuzz/stack-check 512 $(foreach a,x86_64 i386,"$(a) -O2 (as built):" $(wildcard $(FUZZ_OUT)/kernel/$(a)/*.ci) \
		"$(a) -O1 -fno-inline (every function a node):" $(wildcard $(FUZZ_OUT)/kernel/$(a)/noinline/*.ci))
