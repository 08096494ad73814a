# Intel Debug Store (BTS/PEBS), Windows PROCESSOR_PROFILE_CONTROL_AREA, PROFILE_SOURCE_INFO and
# custom profile sources.
# test_ds/test_windows decode hostile buffers: they run under the sanitizers, and
# once more as i386 code (the 32-bit host path of the live PEBS index read).
DEPS += gcc-12-multilib gcc-mingw-w64-i686 gcc-mingw-w64-x86-64
TEST_STEPS += ds ds-i386 windows custom-sources windows-mingw ds-freestanding pebs-data-source

CFLAGS_test_ds := -fsanitize=address,undefined -fno-sanitize-recover=all
CFLAGS_test_windows := -fsanitize=address,undefined -fno-sanitize-recover=all
CFLAGS_test_custom_sources := -fsanitize=address,undefined -fno-sanitize-recover=all

test-ds: $(BUILD)/tests/test_ds
	$<

$(BUILD)/tests/test_ds.i386: tests/test_ds.c kprof.h tests/kprof_test.h tests/own_cpuid.h
	@mkdir -p $(@D)
	$(CC) -m32 $(CFLAGS_TEST) $< -o $@
test-ds-i386: $(BUILD)/tests/test_ds.i386
	$(call run_i386,$(KPROF_I386_RUNNER),$<)

test-windows: $(BUILD)/tests/test_windows
	$<

# The PEBS data source per microarchitecture (issue 34): expectations worked out by hand from
# Linux's tables, under the sanitizers.
CFLAGS_test_pebs_data_source := -fsanitize=address,undefined -fno-sanitize-recover=all
test-pebs-data-source: $(BUILD)/tests/test_pebs_data_source
	$<

# Custom profile sources (issue 35): layouts against the public offsets, byte-exact records,
# every refusal, round trips.
test-custom-sources: $(BUILD)/tests/test_custom_sources
	$<

# The layouts against the real Windows headers (mingw-w64 evntrace.h, ntddk.h, bugcodes.h)
# for both pointer sizes: compile-time assertions, so compiling is the test.
test-windows-mingw: tests/mingw_windows.c kprof.h
	i686-w64-mingw32-gcc -std=c11 -Wall -Wextra -Werror -I. -c $< -o $(BUILD)/tests/windows_mingw32.o
	x86_64-w64-mingw32-gcc -std=c11 -Wall -Wextra -Werror -I. -c $< -o $(BUILD)/tests/windows_mingw64.o

# The ring-0 build: the DS and Windows code with no libc, no SSE, no red zone, both sizes,
# and no call into a runtime library (i386 64-bit division would call libgcc's __udivdi3).
test-ds-freestanding: tests/ds_freestanding.c kprof.h
	@mkdir -p $(BUILD)/tests
	$(CC) -m64 -std=c99 -O2 $(WARN) -I. $(FREESTANDING_m64) -c $< -o $(BUILD)/tests/ds_freestanding.o
	$(CC) -m32 -std=c99 -O2 $(WARN) -I. $(FREESTANDING_m32) -c $< -o $(BUILD)/tests/ds_freestanding32.o
	@undef=$$(nm -u $(BUILD)/tests/ds_freestanding.o $(BUILD)/tests/ds_freestanding32.o | grep -v -e '^$$' -e ':$$' -e _GLOBAL_OFFSET_TABLE_); \
	if [ -n "$$undef" ]; then echo "ring-0 objects need runtime symbols:"; echo "$$undef"; exit 1; fi
