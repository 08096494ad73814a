# cpuid, MSR/PMC access, the HAL's profile-interface decision and the cpuid dump reader.
# `cpuid` is Debian's cpuid tool: test_dump reads its
# `cpuid -r` output. gcc-12-multilib: the -m32 freestanding check.
# linux-headers-amd64: the kernel's msr-index.h, perf_event.h and cpufeatures.h, which
# test-linux-headers compares the spec's MSR numbers and bit fields with.
DEPS += cpuid gcc-12-multilib linux-headers-amd64
TEST_STEPS += dump dump-formats hal msr-hook hal-freestanding linux-headers

# The dump reader reads untrusted text: run its test under the sanitizers.
CFLAGS_test_dump := -fsanitize=address,undefined -fno-sanitize-recover=all
CFLAGS_test_hal := -fsanitize=address,undefined -fno-sanitize-recover=all

test-dump: $(BUILD)/tests/test_dump
	$<

# Every real dump in ../shared in its own spelling and converted into the others, against the
# test's own reader (tests/dump_records prints what kprof's iterator reads).
$(BUILD)/tests/dump_records: tests/dump_records.c kprof.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_TEST) $< -o $@
test-dump-formats: $(BUILD)/tests/dump_records $(BUILD)/kprof
	python3 tests/test_dump_formats.py $(BUILD)/tests/dump_records $(BUILD)/kprof

test-hal: $(BUILD)/tests/test_hal
	$<

test-msr-hook: $(BUILD)/tests/test_msr_hook
	$<

# The ring-0 paths compile with mk/freestanding.flags, i386 and x86-64, gcc and clang.
HAL_FREESTANDING := -std=c99 -O2 $(WARN) -I.
test-hal-freestanding: tests/freestanding_hal.c kprof.h
	@mkdir -p $(BUILD)/freestanding
	@n=0; f=0; for cc in gcc clang; do for m in m32 m64; do \
	  if [ $$m = m32 ]; then fs="$(FREESTANDING_m32)"; else fs="$(FREESTANDING_m64)"; fi; \
	  if $$cc -$$m $(HAL_FREESTANDING) $$fs -c $< -o $(BUILD)/freestanding/hal-$$m.$$cc.o; then n=$$((n+1)); \
	  else echo "FAILED: $$cc -$$m $$fs"; f=$$((f+1)); fi; done; done; \
	echo "$$n passed, $$f failed"; test $$f = 0

# The microarchitecture table and the brand string (spec/uarch.yaml). uarch-api: the lookups'
# and kprof_cpuid_brand_get's rules on hand-made snapshots. uarch: the table against Linux
# (each installed linux-headers intel-family.h, and the newer kernel's facts the spec records),
# every signature of every family against the spec's rows, every real dump in ../shared (its
# identity, row, brand string, and the core naming each CPU group) and this machine (Debian's
# cpuid -1 -r), through tests/uarch_query.
TEST_STEPS += uarch-api uarch
CFLAGS_test_uarch := -fsanitize=address,undefined -fno-sanitize-recover=all

test-uarch-api: $(BUILD)/tests/test_uarch
	$<

test-uarch: $(BUILD)/tests/uarch_query | need-python
	$(PY) tests/test_uarch.py $<

# Every MSR number and field the spec names a Linux macro, union member or cpufeatures flag
# for, against each installed linux-headers-* (spec `linux:` / `linux_since:` / `linux_differs:`).
test-linux-headers: need-python
	$(PY) tests/test_linux_headers.py spec
