# The kprof command: built from kprof.h and libc alone, every cli/*.c into one program.
CLI_SRCS := $(sort $(wildcard cli/*.c))
CLI_HDRS := $(wildcard cli/*.h)
CFLAGS_CLI := -std=c99 -O2 $(WARN) -I. -Icli

$(BUILD)/kprof: $(CLI_SRCS) $(CLI_HDRS) kprof.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_CLI) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $(CLI_SRCS) -o $@

# The hostile-input tests run the command under ASan/UBSan: its input (dumps, LWP/DS buffers,
# chains) is untrusted, and the sanitizers turn a bad read into a failed test.
$(BUILD)/kprof-san: $(CLI_SRCS) $(CLI_HDRS) kprof.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_CLI) -g -fsanitize=address,undefined -fno-sanitize-recover=all $(CLI_SRCS) -o $@

# A build without cpuid or MSR access (KPROF_NO_LIVE): what exit status 1 looks like.
$(BUILD)/kprof-nolive: $(CLI_SRCS) $(CLI_HDRS) kprof.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_CLI) -DKPROF_NO_LIVE $(CLI_SRCS) -o $@

# Debian's cpuid: `kprof cpuid-dump` is checked against `cpuid -r`, and the golden tests
# compare kprof's decoding with `cpuid -f` on the same raw input.
DEPS += cpuid python3-jsonschema zsh fish
TEST_STEPS += cli

test-cli: $(BUILD)/kprof $(BUILD)/kprof-san $(BUILD)/kprof-nolive
	KPROF=$(BUILD)/kprof KPROF_SAN=$(BUILD)/kprof-san KPROF_NOLIVE=$(BUILD)/kprof-nolive python3 tests/test_cli.py

# The command's structure (issue 32 item 7): no circle between cli/'s files, options by id.
TEST_STEPS += cli-layers
test-cli-layers:
	python3 tests/test_cli_layers.py

# The text fold keeps a label and its number on one line, on every dump (issue 32).
TEST_STEPS += cli-fold
test-cli-fold: $(BUILD)/kprof
	python3 tests/test_cli_fold.py $(BUILD)/kprof

# Docs that cannot drift (issue 33): kprof.1 and docs/cli.md against the command table, every
# option in each doc, --help and the bash/zsh/fish completions, the completions run in their
# shells, the man page's examples run. `make cli-docs` rewrites the generated parts.
.PHONY: cli-docs
cli-docs: $(BUILD)/kprof
	tools/cli-docs $(BUILD)/kprof
TEST_STEPS += cli-docs
test-cli-docs: $(BUILD)/kprof
	KPROF=$(BUILD)/kprof python3 tests/test_cli_docs.py
