/* lwp_hot_addresses - a JIT-style LWP poller: sample "instructions retired" every ~N
 * instructions, drain the ring from the JIT's safepoint poll, and build a histogram of hot
 * instruction addresses - the data a JIT uses to pick what to recompile.
 *
 * No processor made today has LWP, so the program being profiled is synthetic and kprof's
 * software model stands in for the hardware; the consumer side is exactly what a JIT would run
 * on family 15h (with kprof_lwp_caps_get + KPROF_LWP_RING_SLWPCB instead of the
 * model). Exits 1 if the hottest address found is not in the program's hot loop.
 *
 *     cc -std=c99 -O2 -I. examples/lwp_hot_addresses.c -o lwp_hot_addresses && ./lwp_hot_addresses
 *
 * A program of one translation unit: it holds kprof's implementation, static. */
#define KPROF_IMPLEMENTATION
#define KPROF_STATIC
#define KPROF_LWP_MODEL /* the LWP software model (opt-in): this program drives it */
#include "kprof.h"

#include <stdio.h>
#include <string.h>

#define RING_RECORDS 256u
#define HIST_BITS 17u
#define HIST_SLOTS (1u << HIST_BITS) /* open addressing */
#define HOT_LOOP_START 0x401000u
#define HOT_LOOP_INSNS 12u /* 4-byte instructions */

static uint8_t lwpcb[256] __attribute__((aligned(64)));
static uint8_t ring_buf[RING_RECORDS * 32] __attribute__((aligned(64)));

typedef struct hist {
	uint64_t ip[HIST_SLOTS];
	uint32_t count[HIST_SLOTS];
	uint32_t samples, dropped;
} hist;

static int add_sample(void *ctx, const uint8_t *rec, uint32_t rs)
{
	hist *h = (hist *)ctx;
	kprof_lwp_sample s;
	uint32_t i, slot;
	(void)rs;
	if (kprof_lwp_record_unpack(rec, KPROF_LWP_RECORD_SIZE, KPROF_LWP_REVISION_SHIPPED, &s) != KPROF_OK ||
	    s.kind != KPROF_LWP_KIND_INSTRUCTION)
		return 0;
	slot = (uint32_t)((s.ip * 0x9E3779B97F4A7C15ull) >> (64u - HIST_BITS));
	for (i = 0; i < HIST_SLOTS; i++, slot = (slot + 1u) & (HIST_SLOTS - 1u)) {
		if (h->count[slot] == 0 || h->ip[slot] == s.ip) {
			h->ip[slot] = s.ip;
			h->count[slot]++;
			h->samples++;
			return 0;
		}
	}
	h->dropped++;
	return 0;
}

/* Threshold interrupt: a real runtime would signal its poller thread; here it sets a flag the
 * next safepoint looks at, like a JIT's "profile buffer needs draining" bit. */
static void on_threshold(void *ctx, kprof_lwpmodel *m)
{
	(void)m;
	*(int *)ctx = 1;
}

/* The synthetic program: a 12-instruction hot loop (taken 9 times in 10) and a long cold
 * path through 64 KiB of other code. */
static uint64_t next_ip(uint64_t ip, uint64_t *rng, int *branch)
{
	uint64_t x = *rng;
	x ^= x << 13, x ^= x >> 7, x ^= x << 17;
	*rng = x;
	*branch = 0;
	if (ip == HOT_LOOP_START + 4u * (HOT_LOOP_INSNS - 1u)) {
		*branch = 1;
		return (x % 10u) ? HOT_LOOP_START : 0x500000u + (uint32_t)(x >> 40) % 0x10000u * 4u;
	}
	if (ip >= 0x500000u && (x % 200u) == 0) {
		*branch = 1;
		return HOT_LOOP_START;
	}
	return ip + 4u;
}

int main(void)
{
	static hist h;
	kprof_lwp_caps caps;
	kprof_lwp_config cfg;
	kprof_lwp_event_config ev = {KPROF_LWP_EVENT_INSTRUCTIONS, 97};
	kprof_lwpmodel hw;
	kprof_lwp_ring ring;
	kprof_lwp_ring_config ring_cfg;
	kprof_lwpmodel_insn in;
	void *active;
	uint32_t handed_out;
	uint64_t ip = HOT_LOOP_START, rng = 7, missed = 0, i;
	int drain_now = 0, branch, rank, polls = 0;
	kprof_lwp_rule rule;

	/* 1. Capabilities (on hardware: kprof_lwp_caps_get). */
	if (kprof_lwpmodel_caps_get(&caps) != KPROF_OK)
		return 2;
	/* 2. The control block: 256-record ring, an instructions-retired sample every 97 +
	 *    4 random bits, threshold interrupt at half full. */
	memset(&cfg, 0, sizeof(cfg));
	cfg.buffer_base = (uint64_t)(uintptr_t)ring_buf;
	cfg.buffer_size = sizeof(ring_buf);
	cfg.events = &ev;
	cfg.event_count = 1;
	cfg.random = 4;
	cfg.threshold = sizeof(ring_buf) / 2;
	cfg.threshold_interrupt = 1;
	if (kprof_lwp_lwpcb_init(lwpcb, sizeof(lwpcb), &caps, &cfg, &rule) != KPROF_OK) {
		fprintf(stderr, "setup: rule %s\n", kprof_lwp_rule_name(rule));
		return 2;
	}
	/* 3. Start profiling (on hardware: kprof_lwp_lwpcb_load(lwpcb)) and attach the consumer. */
	kprof_lwpmodel_init(&hw, &caps, 0, 2024);
	kprof_lwpmodel_threshold_set(&hw, on_threshold, &drain_now);
	memset(&ring_cfg, 0, sizeof(ring_cfg));
	ring_cfg.caps = &caps;
	ring_cfg.expect_buffer = ring_buf; /* the consumer reads only the ring it set up */
	ring_cfg.expect_size = sizeof(ring_buf);
	if (kprof_lwpmodel_lwpcb_load(&hw, lwpcb) != KPROF_OK || kprof_lwp_ring_attach(&ring, lwpcb, &ring_cfg) != KPROF_OK)
		return 2;
	/* 4. Run; every 4096 instructions the JIT reaches a safepoint and polls: one load and
	 *    one compare when there is nothing to do. */
	memset(&in, 0, sizeof(in));
	for (i = 0; i < 4000000u; i++) {
		in.ip = ip;
		ip = next_ip(ip, &rng, &branch);
		in.is_branch = (uint8_t)branch;
		in.taken = (uint8_t)branch;
		in.next_ip = ip;
		kprof_lwpmodel_insn_execute(&hw, &in, NULL);
		if ((i & 4095u) == 0 || drain_now) {
			uint64_t d = 0;
			drain_now = 0;
			if (kprof_lwp_ring_drain(&ring, add_sample, &h, 0, &handed_out) == KPROF_OK && handed_out)
				polls++;
			kprof_lwp_ring_missed_get(&ring, &d);
			missed += d;
		}
	}
	kprof_lwpmodel_lwpcb_store(&hw, &active); /* on hardware: kprof_lwp_lwpcb_store, then a last drain */
	kprof_lwp_ring_drain(&ring, add_sample, &h, 0, NULL);
	kprof_lwpmodel_lwpcb_load(&hw, NULL);

	/* 5. Report the hottest addresses. */
	printf("%u samples (%u dropped) from %llu instructions (%d draining polls, %llu missed)\n", h.samples, h.dropped,
	       (unsigned long long)i, polls, (unsigned long long)missed);
	printf("rank  address     samples  share\n");
	for (rank = 0; rank < 8; rank++) {
		uint32_t best = 0, k, bi = 0;
		for (k = 0; k < HIST_SLOTS; k++)
			if (h.count[k] > best)
				best = h.count[k], bi = k;
		if (!best)
			break;
		printf("%4d  0x%08llx  %7u  %4.1f%%\n", rank + 1, (unsigned long long)h.ip[bi], best,
		       100.0 * best / (h.samples ? h.samples : 1));
		if (rank == 0 && !(h.ip[bi] >= HOT_LOOP_START && h.ip[bi] < HOT_LOOP_START + 4u * HOT_LOOP_INSNS)) {
			fprintf(stderr, "hottest address is not in the hot loop\n");
			return 1;
		}
		h.count[bi] = 0;
	}
	return h.samples > 0 ? 0 : 1;
}
