# AMD Lightweight Profiling: caps, LWPCB setup, records, ring consumer, the
# software model, instruction encodings and the hot-address example.
DEPS += binutils libc6-dev gcc-12-multilib qemu-user
LDLIBS_test_lwp := -lpthread
LDLIBS_test_lwp_stress := -lpthread
# Records the two-thread stress test pushes through the ring (fewer under ThreadSanitizer).
LWP_STRESS_RECORDS ?= 10000000
LWP_TSAN_RECORDS ?= 200000
TEST_STEPS += lwp lwp-stress lwp-tsan lwp-insn lwp-poll-asm lwp-torn lwp-example

test-lwp: $(BUILD)/tests/test_lwp
	$<

test-lwp-stress: $(BUILD)/tests/test_lwp_stress
	$< $(LWP_STRESS_RECORDS)

# The same stress test under ThreadSanitizer (clang, C11 so the <stdatomic.h> path is used).
$(BUILD)/tests/test_lwp_stress_tsan: tests/test_lwp_stress.c kprof.h tests/kprof_test.h
	@mkdir -p $(@D)
	clang -std=c11 -O1 -g -fsanitize=thread $(WARN) -I. -Itests $< -o $@ -lpthread

test-lwp-tsan: $(BUILD)/tests/test_lwp_stress_tsan
	TSAN_OPTIONS=halt_on_error=1 $< $(LWP_TSAN_RECORDS)

# Hand-encoded LWP instructions, disassembled by objdump (64- and 32-bit objects).
test-lwp-insn: tests/lwp_insn.c tests/check_lwp_insn.py kprof.h
	@mkdir -p $(BUILD)/tests
	$(CC) -std=c99 -O1 $(WARN) -I. -c tests/lwp_insn.c -o $(BUILD)/tests/lwp_insn64.o
	$(CC) -m32 -std=c99 -O1 $(WARN) -I. -c tests/lwp_insn.c -o $(BUILD)/tests/lwp_insn32.o
	python3 tests/check_lwp_insn.py $(BUILD)/tests/lwp_insn64.o $(BUILD)/tests/lwp_insn32.o

# The empty poll, disassembled (gcc and clang, x86-64 and i386, -O2 and -O3): one load of
# the head, one compare, no store (the budget is defined in tests/check_lwp_poll.py).
test-lwp-poll-asm: tests/lwp_poll_probe.c tests/check_lwp_poll.py kprof.h
	python3 tests/check_lwp_poll.py

# A 64-bit LWPCB word that keeps changing while read: 32-bit builds give up after
# KPROF_LWP_READ64_TRIES rounds (KPROF_E_CHANGED). The i386 program runs natively when this
# kernel runs i386 programs, else under qemu-i386; the step prints which (and checks it is the
# runner the host facts give); the counts of both programs are summed.
$(BUILD)/tests/test_lwp_torn64: tests/lwp_torn.c kprof.h tests/kprof_test.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_TEST) $< -o $@
$(BUILD)/tests/test_lwp_torn32: tests/lwp_torn.c kprof.h tests/kprof_test.h
	@mkdir -p $(@D)
	$(CC) -m32 -static $(CFLAGS_TEST) $< -o $@

test-lwp-torn: I386_TIMEOUT := 60
test-lwp-torn: $(BUILD)/tests/test_lwp_torn64 $(BUILD)/tests/test_lwp_torn32
	$(call run_i386,$(KPROF_I386_RUNNER),$(BUILD)/tests/test_lwp_torn32,$(BUILD)/tests/test_lwp_torn64)

$(BUILD)/examples/lwp_hot_addresses: examples/lwp_hot_addresses.c kprof.h
	@mkdir -p $(@D)
	$(CC) -std=c99 -O2 $(WARN) -I. $< -o $@

test-lwp-example: $(BUILD)/examples/lwp_hot_addresses
	$<
