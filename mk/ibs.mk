# AMD Instruction-Based Sampling and Intel architectural PEBS: decoders of hostile samples and
# buffers, so the tests run under the sanitizers.
TEST_STEPS += ibs arch-pebs

CFLAGS_test_ibs := -fsanitize=address,undefined -fno-sanitize-recover=all
CFLAGS_test_arch_pebs := -fsanitize=address,undefined -fno-sanitize-recover=all

test-ibs: $(BUILD)/tests/test_ibs
	$<
test-arch-pebs: $(BUILD)/tests/test_arch_pebs
	$<
