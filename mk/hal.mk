# cpuid, MSR/PMC access, the HAL's profile-interface decision and the cpuid dump reader
# (issue 3; dump formats from issue 4). `cpuid` is Debian's cpuid tool: test_dump reads its
# `cpuid -r` output.
DEPS += cpuid gcc-multilib
TEST_STEPS += dump

# The dump reader reads untrusted text: run its test under the sanitizers.
CFLAGS_test_dump := -fsanitize=address,undefined -fno-sanitize-recover=all

test-dump: $(BUILD)/tests/test_dump
	$<
