# kprof custom-source and listing-check --custom-sources (issue 35): every format read back by
# the test's own readers (.reg, XML, the records by the public offsets and by the library),
# every refusal through the command, round trips through listing-check.
TEST_STEPS += custom-source-cli

$(BUILD)/tests/custom_source_records: tests/custom_source_records.c kprof.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_TEST) -fsanitize=address,undefined -fno-sanitize-recover=all $< -o $@

test-custom-source-cli: $(BUILD)/kprof-san $(BUILD)/tests/custom_source_records
	KPROF=$(BUILD)/kprof-san RECORDS=$(BUILD)/tests/custom_source_records python3 tests/test_custom_source_cli.py

# examples/windows-custom-sources: built with mingw-w64 (x86-64, i686), run under Wine as far
# as Wine implements the calls; the test says where that stops.
DEPS += wine wine64 gcc-mingw-w64-x86-64 gcc-mingw-w64-i686
TEST_STEPS += windows-custom-sources

test-windows-custom-sources: $(BUILD)/kprof
	python3 tests/windows_custom_sources.py $(BUILD)/windows-custom-sources
