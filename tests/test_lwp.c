/* test_lwp - AMD Lightweight Profiling: caps of real dumps and of the proposal, LWPCB setup
 * rules, record decode, the software model's rules, the ring consumer, and hostile LWPCBs
 * (guard pages make any read outside the ring crash). Expectations come from
 * reference/lwp-shipped.md and the seed, worked out by hand, never from kprof's output. */
#define _GNU_SOURCE
#define KPROF_LWP_MODEL /* the LWP software model (opt-in): this program drives it */
#include "kprof.h"
#include "kprof_test.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <ucontext.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---------------------------------------------------------------- dumps */
typedef struct cpu_regs {
	int have_ext_max, have_ext, have_lwp;
	uint32_t ext_max[4], ext[4], lwp[4];
} cpu_regs;

static int parse_regs(const char *s, uint32_t r[4])
{
	unsigned a, b, c, d;
	if (sscanf(s, "%8x-%8x-%8x-%8x", &a, &b, &c, &d) != 4)
		return 0;
	r[0] = a, r[1] = b, r[2] = c, r[3] = d;
	return 1;
}

/* Split a dump into logical CPUs ("Logical CPU #n" headers; a file without them is one CPU)
 * and keep each CPU's first 80000000, 80000001 and 8000001C lines. */
static int parse_dump(const char *name, cpu_regs *cpus, int max)
{
	char path[512];
	char *text, *line, *save = NULL;
	int n = 0;
	snprintf(path, sizeof(path), "%s/cpuid-dumps/instlatx64/%s", kt_shared_dir(), name);
	text = kt_read_file(path, NULL);
	if (!text) {
		fprintf(stderr, "cannot read %s\n", path);
		return -1;
	}
	memset(cpus, 0, sizeof(*cpus) * (size_t)max);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		cpu_regs *c;
		if (strstr(line, "Logical CPU #")) {
			if (n < max && (cpus[n].have_ext || cpus[n].have_lwp))
				n++;
			continue;
		}
		if (n >= max)
			break;
		c = &cpus[n];
		if (!strncmp(line, "CPUID 80000000: ", 16) && !c->have_ext_max)
			c->have_ext_max = parse_regs(line + 16, c->ext_max);
		else if (!strncmp(line, "CPUID 80000001: ", 16) && !c->have_ext)
			c->have_ext = parse_regs(line + 16, c->ext);
		else if (!strncmp(line, "CPUID 8000001C: ", 16) && !c->have_lwp)
			c->have_lwp = parse_regs(line + 16, c->lwp);
	}
	if (n < max && (cpus[n].have_ext || cpus[n].have_lwp))
		n++;
	free(text);
	return n;
}

static kprof_status caps_of(const cpu_regs *c, kprof_lwp_caps *caps)
{
	kprof_cpuid_snapshot s;
	kprof_cpuid_snapshot_init(&s);
	if (c->have_ext_max)
		kprof_cpuid_snapshot_set(&s, 0x80000000u, 0, (const uint32_t[4]){c->ext_max[0], c->ext_max[1], c->ext_max[2], c->ext_max[3]});
	if (c->have_ext)
		kprof_cpuid_snapshot_set(&s, 0x80000001u, 0, (const uint32_t[4]){c->ext[0], c->ext[1], c->ext[2], c->ext[3]});
	if (c->have_lwp)
		kprof_cpuid_snapshot_set(&s, 0x8000001Cu, 0, (const uint32_t[4]){c->lwp[0], c->lwp[1], c->lwp[2], c->lwp[3]});
	return kprof_lwp_caps_get(&s, KPROF_LWP_REVISION_NONE, caps);
}

/* Values worked out by hand from reference/lwp-shipped.md's bit positions. */
typedef struct expect_caps {
	uint16_t lwpcb_size, event_offset;
	uint8_t event_size, max_events, version;
	uint32_t min_buffer, hw_events;
	uint8_t intr, cont, ptsc, latency_bits, data_address, branch_prediction, cache_levels, cache_latency;
} expect_caps;

static void check_caps(const kprof_lwp_caps *c, const expect_caps *e)
{
	CHECK_EQ(c->revision, KPROF_LWP_REVISION_SHIPPED);
	CHECK_EQ(c->hw_available, 1);
	CHECK_EQ(c->os_enabled, 0); /* eax 0: the OS that took the dump had not enabled LWP */
	CHECK_EQ(c->lwpcb_size, e->lwpcb_size);
	CHECK_EQ(c->event_offset, e->event_offset);
	CHECK_EQ(c->event_size, e->event_size);
	CHECK_EQ(c->max_events, e->max_events);
	CHECK_EQ(c->version, e->version);
	CHECK_EQ(c->min_buffer_size, e->min_buffer);
	CHECK_EQ(c->hw_events, e->hw_events);
	CHECK_EQ(c->hw_interrupt, e->intr);
	CHECK_EQ(c->hw_cont, e->cont);
	CHECK_EQ(c->hw_ptsc, e->ptsc);
	CHECK_EQ(c->latency_bits, e->latency_bits);
	CHECK_EQ(c->data_address, e->data_address);
	CHECK_EQ(c->branch_prediction, e->branch_prediction);
	CHECK_EQ(c->cache_levels, e->cache_levels);
	CHECK_EQ(c->cache_latency, e->cache_latency);
}

static void test_dumps(void)
{
	/* Bulldozer/Piledriver: 8000001C = 00000000-80032013-00010200-8000000F: 0x13 = 19 qwords
	 * = 152 bytes, 0x20 = 32-byte records, 3 events, offset 0x80 = 128; ecx 15:9 = 1, 23:16 = 1
	 * unit of 32 records = 1024 bytes; edx 0xF = Avail|VAL|IRE|BRE (events 1..3), bit 31 Int. */
	static const expect_caps bd = {152, 128, 32, 3, 1, 1024, 0xE, 1, 0, 0, 0, 0, 0, 0, 0};
	/* Steamroller/Excavator: edx E000000F adds Cont (29) and PTSC (30). */
	static const expect_caps sr = {152, 128, 32, 3, 1, 1024, 0xE, 1, 1, 1, 0, 0, 0, 0, 0};
	/* Family 17h model 47h: 00000000-80082018-D0010430-E000019F: 0x18 = 24 qwords = 192 bytes,
	 * 8 events; ecx 0x10 latency bits, bit 5 data address, 0x430 >> 9 = version 2, 23:16 = 1,
	 * bits 28, 30, 31; edx 0x19F = Avail + events 1,2,3,4,7,8 = 0x19E, + Cont|PTSC|Int. */
	static const expect_caps zen = {192, 128, 32, 8, 2, 1024, 0x19E, 1, 1, 1, 16, 1, 1, 1, 1};
	static const struct {
		const char *file;
		const expect_caps *e;
	} on[] = {
		{"AuthenticAMD0600F12_K15_Zambezi8C_CPUID.txt", &bd},
		{"AuthenticAMD0600F20_K15_Vishera_CPUID.txt", &bd},
		{"AuthenticAMD0630F01_K15_Kaveri_CPUID.txt", &sr},
		{"AuthenticAMD0660F51_K15_BristolRidge_CPUID.txt", &sr},
		{"AuthenticAMD0840F70_K17_CPUID.txt", &zen},
	};
	cpu_regs cpus[64];
	kprof_lwp_caps c;
	unsigned f;
	int n, i, on_count = 0, off_count = 0;
	for (f = 0; f < sizeof(on) / sizeof(on[0]); f++) {
		n = parse_dump(on[f].file, cpus, 64);
		if (!CHECK(n > 0))
			continue;
		for (i = 0; i < n; i++) {
			CHECK(cpus[i].have_lwp && (cpus[i].ext[2] & 0x8000u));
			if (!CHECK_EQ(caps_of(&cpus[i], &c), KPROF_OK))
				continue;
			check_caps(&c, on[f].e);
		}
	}
	/* Opteron 6344 (AbuDhabi): leaf 8000001C is filled on every logical CPU, but CPU #0 (and
	 * every other one) has 80000001 ecx 01EB3FFF, bit 15 clear: no LWP there. */
	n = parse_dump("AuthenticAMD0600F20_K15_AbuDhabi_CPUID1.txt", cpus, 64);
	CHECK(n > 1);
	if (n > 0) {
		CHECK_EQ(cpus[0].ext[2], 0x01EB3FFFu);
		CHECK_EQ(cpus[0].lwp[1], 0x80032013u);
		CHECK_EQ(caps_of(&cpus[0], &c), KPROF_E_UNSUPPORTED);
		CHECK_EQ(c.revision, KPROF_LWP_REVISION_NONE);
	}
	for (i = 0; i < n; i++) {
		kprof_status st = caps_of(&cpus[i], &c);
		if (cpus[i].ext[2] & 0x8000u) {
			on_count++;
			if (CHECK_EQ(st, KPROF_OK))
				check_caps(&c, &bd);
		} else {
			off_count++;
			CHECK_EQ(st, KPROF_E_UNSUPPORTED);
		}
	}
	CHECK(off_count > 0);
	/* Zen 1: bit 15 clear and the leaf all zero. */
	n = parse_dump("AuthenticAMD0800F11_K17_Zen_CPUID4.txt", cpus, 64);
	CHECK(n > 0);
	for (i = 0; i < n; i++)
		CHECK_EQ(caps_of(&cpus[i], &c), KPROF_E_UNSUPPORTED);
	/* The snapshot must hold both leaves: no 80000001 means no claim of LWP. */
	n = parse_dump("AuthenticAMD0600F12_K15_Zambezi8C_CPUID.txt", cpus, 64);
	if (n > 0) {
		cpus[0].have_ext = 0;
		CHECK_EQ(caps_of(&cpus[0], &c), KPROF_E_UNSUPPORTED);
	}
	(void)on_count;
}

/* Each one-bit capability alone, at the bit the documents give (reference/lwp-shipped.md for
 * the shipped leaf, the 2007 proposal's Table 2), written here and not taken from the spec: on
 * a valid leaf, that bit sets its member and no other member from hw_available to
 * cache_latency; a multi-bit field likewise moves only its own member. */
typedef struct lwp_bit {
	unsigned word, shift;
	uint32_t value;
	size_t member;
} lwp_bit;
#define LWP_BIT(w, b, m)      {w, b, 1, offsetof(kprof_lwp_caps, m)}
#define LWP_FIELD(w, b, v, m) {w, b, v, offsetof(kprof_lwp_caps, m)}

static void check_lwp_bits(kprof_lwp_revision rev, const uint32_t base[4], const lwp_bit *b, size_t n)
{
	size_t i, k;
	for (i = 0; i < n; i++) {
		uint32_t leaf[4];
		kprof_lwp_caps c;
		const uint8_t *bytes = (const uint8_t *)&c;
		memcpy(leaf, base, sizeof(leaf));
		leaf[b[i].word] |= b[i].value << b[i].shift;
		CHECK_EQ(kc_lwp_caps(0x8000u, leaf, rev, &c), KPROF_OK);
		for (k = offsetof(kprof_lwp_caps, hw_available); k <= offsetof(kprof_lwp_caps, cache_latency); k++)
			CHECK_EQ(bytes[k], k == b[i].member                             ? b[i].value
			                   : k == offsetof(kprof_lwp_caps, hw_available) ? 1u
			                                                                 : 0u);
	}
}

static void test_cap_bits(void)
{
	/* Base leaves: available (edx bit 0), events 1..3, nothing else set. */
	static const uint32_t shipped[4] = {0, 0x80032013u, 0x00010200u, 0x0000000Fu};
	static const uint32_t proposal[4] = {0, 0x01032040u, 0, 0x0000001Du};
	static const lwp_bit shipped_bits[] = {
	        LWP_BIT(0, 0, os_enabled),          LWP_BIT(3, 31, hw_interrupt),
	        LWP_BIT(0, 31, os_interrupt),       LWP_BIT(3, 29, hw_cont),
	        LWP_BIT(0, 29, os_cont),            LWP_BIT(3, 30, hw_ptsc),
	        LWP_BIT(0, 30, os_ptsc),            LWP_FIELD(2, 0, 17, latency_bits),
	        LWP_BIT(2, 5, data_address),        LWP_FIELD(2, 6, 5, latency_rnd),
	        LWP_BIT(2, 28, branch_prediction),  LWP_BIT(2, 29, ip_filtering),
	        LWP_BIT(2, 30, cache_levels),       LWP_BIT(2, 31, cache_latency),
	};
	static const lwp_bit proposal_bits[] = {
	        LWP_BIT(0, 0, os_enabled),       LWP_BIT(3, 1, hw_interrupt),
	        LWP_BIT(0, 31, os_interrupt),    LWP_BIT(0, 30, extension),
	        LWP_FIELD(2, 0, 17, latency_bits), LWP_BIT(2, 5, data_address),
	        LWP_BIT(2, 30, cache_levels),    LWP_BIT(2, 31, cache_latency),
	};
	check_lwp_bits(KPROF_LWP_REVISION_SHIPPED, shipped, shipped_bits, KT_COUNT(shipped_bits));
	check_lwp_bits(KPROF_LWP_REVISION_PROPOSAL, proposal, proposal_bits, KT_COUNT(proposal_bits));
}

/* The map walker itself on hand-made rows (offset, size, word, shift, width): each member
 * size, a field at the top of a word, and a whole word (width 32, not masked). The LWP maps
 * above fill only u8 and u16 members from fields of at most 8 bits. */
typedef struct walker_out {
	uint8_t a;
	uint16_t b;
	uint32_t c, d;
} walker_out;

static void test_fields_walker(void)
{
	static const uint32_t words[2] = {0xA5C3F00Fu, 0x80000001u};
	const kprof_impl_struct_field map[] = {
	        {offsetof(walker_out, a), 1, 0, 8, 8},   /* bits 15:8 of word 0 */
	        {offsetof(walker_out, b), 2, 0, 16, 16}, /* bits 31:16 of word 0 */
	        {offsetof(walker_out, c), 4, 1, 0, 32},  /* all of word 1 */
	        {offsetof(walker_out, d), 4, 0, 12, 20}, /* bits 31:12 of word 0 */
	};
	walker_out out;
	memset(&out, 0xFF, sizeof out);
	kprof_impl_fields_get(&out, words, map, 4);
	CHECK_EQ(out.a, 0xF0);
	CHECK_EQ(out.b, 0xA5C3);
	CHECK_EQ(out.c, 0x80000001u);
	CHECK_EQ(out.d, 0xA5C3Fu);
}

static void test_revisions(void)
{
	kprof_lwp_caps c;
	/* Proposal Table 2, hand-built: eax Enabled|IRE|BRE|Interrupt; ebx 64-byte LWPCB (40 + 3*8),
	 * 32-byte records, 3 events, version 1 in 31:24; ecx CacheMax 10, DataAddress, CacheLatency;
	 * edx Enabled|Interrupt|IRE|BRE|DME. */
	const uint32_t prop[4] = {0x80000007u, 0x01032040u, 0x8000002Au, 0x0000001Fu};
	const uint32_t bd[4] = {0x00000000u, 0x80032013u, 0x00010200u, 0x8000000Fu};
	CHECK_EQ(kc_lwp_caps(0, prop, KPROF_LWP_REVISION_PROPOSAL, &c), KPROF_OK);
	CHECK_EQ(c.revision, KPROF_LWP_REVISION_PROPOSAL);
	CHECK_EQ(c.version, 1);
	CHECK_EQ(c.lwpcb_size, 64);
	CHECK_EQ(c.event_size, 32);
	CHECK_EQ(c.max_events, 3);
	CHECK_EQ(c.event_offset, 40);
	CHECK_EQ(c.hw_events, 0xE); /* proposal ids 1 instructions, 2 branches, 3 DCache */
	CHECK_EQ(c.os_events, 0x6); /* IRE, BRE */
	CHECK_EQ(c.hw_interrupt, 1);
	CHECK_EQ(c.os_interrupt, 1);
	CHECK_EQ(c.os_enabled, 1);
	CHECK_EQ(c.latency_bits, 10);
	CHECK_EQ(c.data_address, 1);
	CHECK_EQ(c.cache_latency, 1);
	CHECK_EQ(c.cache_levels, 0);
	CHECK_EQ(c.min_buffer_size, 0);
	{
		uint32_t bad[4] = {0x80000007u, 0x0103203Fu, 0, 0x1Fu}; /* 63 < 40 + 3*8 */
		CHECK_EQ(kc_lwp_caps(0, bad, KPROF_LWP_REVISION_PROPOSAL, &c), KPROF_E_CORRUPT);
	}
	/* Table 2 directly: Extension (eax 30) and LWPCacheLevels (ecx 30); edx Enabled (bit 0)
	 * clear is "not available"; a record size below 32 or not a power of two is corrupt. */
	CHECK_EQ(kc_lwp_proposal(0xC0000001u, 0x01032040u, 0x40000010u, 0x1Fu, &c), KPROF_OK);
	CHECK_EQ(c.extension, 1);
	CHECK_EQ(c.cache_levels, 1);
	CHECK_EQ(c.cache_latency, 0);
	CHECK_EQ(c.latency_bits, 16);
	CHECK_EQ(c.os_events, 0);
	CHECK_EQ(c.raw[0], 0xC0000001u);
	CHECK_EQ(c.raw[3], 0x1Fu);
	CHECK_EQ(kc_lwp_proposal(0x80000007u, 0x01032040u, 0, 0x1Eu, &c), KPROF_E_UNSUPPORTED);
	CHECK_EQ(kc_lwp_proposal(0x80000007u, 0x01031840u, 0, 0x1Fu, &c), KPROF_E_CORRUPT);
	CHECK_EQ(kc_lwp_proposal(0x80000007u, 0x01031040u, 0, 0x1Fu, &c), KPROF_E_CORRUPT);
	CHECK_EQ(kc_lwp_proposal(0x80000007u, 0x01032040u, 0, 0x1Fu, NULL), KPROF_E_ARGUMENT);
	/* Ring occupancy, (head - tail) mod size, across the wrap (the proposal's 5.4). */
	static const uint32_t cases[][4] = {{10, 4, 16, 6},  {4, 10, 16, 10}, {0, 15, 16, 1},
	                                    {15, 0, 16, 15}, {7, 7, 16, 0},   {0, 0xFFFFFFE0u, 0xFFFFFFFFu, 0x1F}};
	uint32_t used = 7;
	size_t i;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK_EQ(kprof_lwp_ring_space_get(cases[i][0], cases[i][1], cases[i][2], &used), KPROF_OK);
		CHECK_EQ(used, cases[i][3]);
	}
	CHECK_EQ(kprof_lwp_ring_space_get(16, 0, 16, &used), KPROF_E_RANGE);
	CHECK_EQ(used, 0);
	CHECK_EQ(kprof_lwp_ring_space_get(0, 16, 16, &used), KPROF_E_RANGE);
	CHECK_EQ(kprof_lwp_ring_space_get(0, 0, 16, NULL), KPROF_E_ARGUMENT);
	/* Automatic detection never uses the proposal layout, even for proposal-shaped values. */
	CHECK_EQ(kc_lwp_caps(0x8000u, prop, KPROF_LWP_REVISION_NONE, &c), KPROF_E_CORRUPT);
	CHECK_EQ(c.revision, KPROF_LWP_REVISION_SHIPPED);
	CHECK_EQ(kc_lwp_caps(0x8000u, bd, KPROF_LWP_REVISION_NONE, &c), KPROF_OK);
	CHECK_EQ(c.revision, KPROF_LWP_REVISION_SHIPPED);
	CHECK_EQ(c.version, 1);     /* ecx 15:9; the proposal would have read ebx 31:24 = 0x80 */
	CHECK_EQ(c.lwpcb_size, 152); /* quadwords; the proposal would have read 19 bytes */
	CHECK_EQ(kc_lwp_caps(0, bd, KPROF_LWP_REVISION_SHIPPED, &c), KPROF_E_UNSUPPORTED);
	CHECK_EQ(kc_lwp_caps(0x8000u, bd, (kprof_lwp_revision)7, &c), KPROF_E_ARGUMENT);
	/* Shipped geometry checks. */
	CHECK_EQ(kc_lwp_shipped(0, 0x80030013u, 0x00010200u, 0x8000000Fu, &c), KPROF_E_CORRUPT);
	CHECK_EQ(kc_lwp_shipped(0, 0x80032012u, 0x00010200u, 0x8000000Fu, &c), KPROF_E_CORRUPT);
	CHECK_EQ(kc_lwp_shipped(0, 0x80032013u, 0x00010200u, 0x8000000Eu, &c), KPROF_E_UNSUPPORTED);
	/* The model's caps. */
	CHECK_EQ(kprof_lwpmodel_caps_get(&c), KPROF_OK);
	CHECK_EQ(c.lwpcb_size, 160);
	CHECK_EQ(c.max_events, 4);
	CHECK_EQ(c.hw_events, 0x1E);
	CHECK_EQ(c.os_events, 0x1E);
}

/* ---------------------------------------------------------------- spec numbers */
static void test_spec(void)
{
	CHECK_EQ(KPROF_MSR_LWP_CFG, 0xC0000105u);
	CHECK_EQ(KPROF_MSR_LWP_CBADDR, 0xC0000106u);
	CHECK_EQ(KPROF_LWP_CFG_CORE_ID_SHIFT, 32);
	CHECK_EQ(KPROF_LWP_CFG_VECTOR_SHIFT, 40);
	CHECK_EQ(KPROF_FIELD_GET(KPROF_LWP_CFG_VECTOR, UINT64_C(0x0000AB0700000000)), 0xAB);
	CHECK_EQ(KPROF_FIELD_GET(KPROF_LWP_CFG_CORE_ID, UINT64_C(0x0000AB0700000000)), 7);
	/* A field's largest value: bits 47:40 and 31:28 in the 2007 proposal. */
	CHECK_EQ(KPROF_FIELD_MAX(KPROF_LWP_CFG_VECTOR), 0xFF);
	CHECK_EQ(KPROF_FIELD_MAX(KPROF_LWP_LWPCB_BUFFER_SIZE_RANDOM), 0xF);
	CHECK_EQ(KPROF_LWP_LWPCB_FAM15H_SIZE, 152);
	CHECK_EQ(KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET, 16);
	CHECK_EQ(KPROF_LWP_LWPCB_MISSED_EVENTS_OFFSET, 24);
	CHECK_EQ(KPROF_LWP_LWPCB_THRESHOLD_OFFSET, 32);
	CHECK_EQ(KPROF_LWP_LWPCB_FILTERS_OFFSET, 36);
	CHECK_EQ(KPROF_LWP_LWPCB_BASE_IP_OFFSET, 40);
	CHECK_EQ(KPROF_LWP_LWPCB_LIMIT_IP_OFFSET, 48);
	CHECK_EQ(KPROF_LWP_LWPCB_BUFFER_TAIL_OFFSET_OFFSET, 64);
	CHECK_EQ(KPROF_LWP_LWPCB_SOFTWARE_DATA2_OFFSET, 80);
	CHECK_EQ(KPROF_LWP_LWPCB_FAM15H_EVENTS_OFFSET, 128);
	CHECK_EQ(KPROF_LWP_LWPCB_BUFFER_SIZE_RANDOM_SHIFT, 28);
	CHECK_EQ(KPROF_LWP_EVENT_INTERVAL_INTERVAL_MASK, 0x3FFFFFFu);
	CHECK_EQ(KPROF_LWP_RECORD_SIZE, 32);
	CHECK_EQ(KPROF_LWP_RECORD_DATA2_OFFSET, 16);
	CHECK_EQ(KPROF_LWP_LWPCB_PROPOSAL_SIZE + 3 * KPROF_LWP_PROPOSAL_EVENT_SLOT_SIZE, 64); /* 40 + 3*8 */
	CHECK_EQ(KPROF_LWP_EVENT_PROGRAMMED_EVENT, 255);
	CHECK_EQ(KPROF_LWP_EVENT_BRANCHES, 3);
	CHECK_EQ(KPROF_LWP_PROPOSAL_EVENT_BRANCHES, 2);
	CHECK_STR(kprof_lwp_rule_name(KPROF_LWP_RULE_EVENT_DUPLICATE), "event-duplicate");
}

/* ---------------------------------------------------------------- setup */
#define RING_BYTES 1024u /* 32 records: the model's minimum */
typedef struct env {
	uint8_t lwpcb[256] __attribute__((aligned(64)));
	uint8_t buf[4096] __attribute__((aligned(64)));
	kprof_lwp_caps caps;
	kprof_lwpmodel m;
	kprof_lwp_ring r;
} env;

static kprof_status env_setup(env *e, const kprof_lwp_event_config *ev, unsigned n, uint32_t size,
                              uint8_t random, uint32_t threshold, uint8_t intr, uint8_t ptsc)
{
	kprof_lwp_config cfg;
	kprof_status st;
	memset(&cfg, 0, sizeof(cfg));
	kprof_lwpmodel_caps_get(&e->caps);
	cfg.buffer_base = (uint64_t)(uintptr_t)e->buf;
	cfg.buffer_size = size;
	cfg.events = ev;
	cfg.event_count = n;
	cfg.random = random;
	cfg.threshold = threshold;
	cfg.threshold_interrupt = intr;
	cfg.ptsc = ptsc;
	st = kprof_lwp_lwpcb_init(e->lwpcb, sizeof(e->lwpcb), &e->caps, &cfg, NULL);
	if (st)
		return st;
	st = kprof_lwpmodel_init(&e->m, &e->caps, 7, 12345);
	if (st)
		return st;
	st = kprof_lwpmodel_lwpcb_load(&e->m, e->lwpcb);
	if (st)
		return st;
	return kc_lwp_attach(&e->r, e->lwpcb, &e->caps, e->buf, size, 0);
}

static void test_setup(void)
{
	static env e;
	kprof_lwp_caps c;
	kprof_lwp_config cfg;
	kprof_lwp_rule rule;
	kprof_lwp_event_config ev[5] = {{2, 1000}, {3, 77}, {1, 5}, {4, 9}, {2, 5}};
	uint8_t *cb = e.lwpcb;
	kprof_lwpmodel_caps_get(&c);
	memset(&cfg, 0, sizeof(cfg));
	cfg.buffer_base = (uint64_t)(uintptr_t)e.buf;
	cfg.buffer_size = 2048;
	cfg.events = ev;
	cfg.event_count = 2;
	cfg.random = 3;
	cfg.threshold = 512;
	cfg.threshold_interrupt = 1;
	cfg.ptsc = 1;
	cfg.filters = 0x20000000u;
	memset(cb, 0xAA, sizeof(e.lwpcb));
	CHECK_EQ(kprof_lwp_lwpcb_init(cb, sizeof(e.lwpcb), &c, &cfg, &rule), KPROF_OK);
	CHECK_EQ(rule, KPROF_LWP_RULE_NONE);
	/* Bytes at the reference's offsets. */
	CHECK_EQ(kprof_bytes_le32_load(cb + 0), (1u << 2) | (1u << 3) | (1u << 30) | (1u << 31));
	CHECK_EQ(kprof_bytes_le32_load(cb + 4), 2048u | (3u << 28));
	CHECK_EQ(kprof_bytes_le64_load(cb + 8), (uint64_t)(uintptr_t)e.buf);
	CHECK_EQ(kprof_bytes_le32_load(cb + 16), 0);
	CHECK_EQ(kprof_bytes_le64_load(cb + 24), 0);
	CHECK_EQ(kprof_bytes_le32_load(cb + 32), 512);
	CHECK_EQ(kprof_bytes_le32_load(cb + 36), 0x20000000u);
	CHECK_EQ(kprof_bytes_le32_load(cb + 64), 0);
	CHECK_EQ(kprof_bytes_le32_load(cb + 128), 0);        /* event 1 slot unused */
	CHECK_EQ(kprof_bytes_le32_load(cb + 128 + 8), 1000); /* event 2 */
	CHECK_EQ(kprof_bytes_le32_load(cb + 128 + 12), 1000);
	CHECK_EQ(kprof_bytes_le32_load(cb + 128 + 16), 77); /* event 3 */
	CHECK_EQ(cb[159], 0);                         /* zeroed to LwpCbSize * 8 = 160 */
	CHECK_EQ(cb[160], 0xAA);                      /* and not beyond */

#define RULE(expr_setup, want_st, want_rule)                                                       \
	do {                                                                                       \
		kprof_lwp_config t = cfg;                                                          \
		kprof_lwp_caps tc = c;                                                             \
		uint8_t *tcb = cb;                                                                 \
		size_t tlen = sizeof(e.lwpcb);                                                     \
		expr_setup;                                                                        \
		memset(cb, 0x55, sizeof(e.lwpcb));                                                 \
		CHECK_EQ(kprof_lwp_lwpcb_init(tcb, tlen, &tc, &t, &rule), want_st);                     \
		CHECK_EQ(rule, want_rule);                                                         \
		CHECK_EQ(cb[0], 0x55); /* nothing written */                                       \
		(void)tc;                                                                          \
	} while (0)
	RULE(tcb = cb + 8, KPROF_E_ALIGNMENT, KPROF_LWP_RULE_LWPCB_ALIGNMENT);
	RULE(tlen = 159, KPROF_E_BUFFER_TOO_SMALL, KPROF_LWP_RULE_LWPCB_SIZE);
	RULE(t.buffer_base += 16, KPROF_E_ALIGNMENT, KPROF_LWP_RULE_BUFFER_ALIGNMENT);
	RULE(t.buffer_size = 2048 + 16, KPROF_E_ALIGNMENT, KPROF_LWP_RULE_BUFFER_MULTIPLE);
	RULE(t.buffer_size = 992, KPROF_E_BUFFER_TOO_SMALL, KPROF_LWP_RULE_BUFFER_MINIMUM);
	RULE((tc.min_buffer_size = 0, t.buffer_size = 32), KPROF_E_BUFFER_TOO_SMALL, KPROF_LWP_RULE_BUFFER_MINIMUM);
	RULE(t.buffer_size = 1u << 28, KPROF_E_RANGE, KPROF_LWP_RULE_BUFFER_MAXIMUM);
	RULE(t.event_count = 5, KPROF_E_RANGE, KPROF_LWP_RULE_EVENT_COUNT);
	RULE(t.event_count = 0, KPROF_E_RANGE, KPROF_LWP_RULE_EVENT_COUNT); /* LWP would stay off */
	RULE((t.event_count = 0, t.events = NULL), KPROF_E_RANGE, KPROF_LWP_RULE_EVENT_COUNT);
	RULE((t.events = ev + 4, t.event_count = 1, ev[4].event_id = 0), KPROF_E_RANGE, KPROF_LWP_RULE_EVENT_ID);
	RULE((t.events = ev + 4, t.event_count = 1, ev[4].event_id = 5), KPROF_E_RANGE, KPROF_LWP_RULE_EVENT_ID);
	RULE((t.events = ev + 4, t.event_count = 1, ev[4].event_id = 255), KPROF_E_RANGE, KPROF_LWP_RULE_EVENT_ID);
	RULE((t.events = ev + 3, t.event_count = 1, tc.hw_events = 0xE), KPROF_E_UNSUPPORTED,
	     KPROF_LWP_RULE_EVENT_UNSUPPORTED);
	ev[4].event_id = 2;
	RULE((t.events = ev, t.event_count = 5, t.random = 0, tc.max_events = 5, tc.hw_events = 0x3E), KPROF_E_DUPLICATE,
	     KPROF_LWP_RULE_EVENT_DUPLICATE);
	RULE((t.events = ev + 4, t.event_count = 1, ev[4].interval = 0), KPROF_E_RANGE, KPROF_LWP_RULE_INTERVAL);
	RULE((t.events = ev + 4, t.event_count = 1, ev[4].interval = 1u << 26), KPROF_E_RANGE, KPROF_LWP_RULE_INTERVAL);
	ev[4].interval = (1u << 26) - 1u;
	RULE((t.events = ev + 4, t.event_count = 1, t.random = 16), KPROF_E_RANGE, KPROF_LWP_RULE_RANDOM);
	RULE((t.events = ev + 2, t.event_count = 1, t.random = 3), KPROF_E_RANGE, KPROF_LWP_RULE_RANDOM); /* 5 <= 7 */
	RULE(t.threshold = 2048, KPROF_E_RANGE, KPROF_LWP_RULE_THRESHOLD);
	RULE(t.threshold = 100, KPROF_E_RANGE, KPROF_LWP_RULE_THRESHOLD);
	RULE(tc.hw_interrupt = 0, KPROF_E_UNSUPPORTED, KPROF_LWP_RULE_FEATURE);
	RULE(tc.hw_ptsc = 0, KPROF_E_UNSUPPORTED, KPROF_LWP_RULE_FEATURE);
	RULE(tc.revision = KPROF_LWP_REVISION_PROPOSAL, KPROF_E_UNSUPPORTED, KPROF_LWP_RULE_ARGUMENT);
	/* The largest legal interval passes. */
	ev[4].event_id = 2;
	cfg.events = ev + 4;
	cfg.event_count = 1;
	CHECK_EQ(kprof_lwp_lwpcb_init(cb, sizeof(e.lwpcb), &c, &cfg, &rule), KPROF_OK);
}

/* ---------------------------------------------------------------- records */
static void test_records(void)
{
	uint8_t rec[32];
	kprof_lwp_sample s;
	kprof_lwp_record_iter rit;
	uint8_t two[80];
	memset(rec, 0, sizeof(rec));
	rec[0] = 3;    /* shipped: branches; proposal: DCache */
	rec[1] = 5;    /* core */
	rec[3] = 0xE0; /* record bits 31, 30, 29 */
	rec[4] = 0x2C, rec[5] = 0x01; /* data1 = 300 */
	rec[8] = 0x10, rec[9] = 0x32, rec[10] = 0x54, rec[15] = 0x80; /* ip */
	rec[16] = 0x40, rec[23] = 0x7F;
	rec[24] = 1, rec[31] = 2;
	CHECK_EQ(kprof_lwp_record_unpack(rec, 32, KPROF_LWP_REVISION_SHIPPED, &s), KPROF_OK);
	CHECK_EQ(s.event_id, 3);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_BRANCH);
	CHECK_EQ(s.core_id, 5);
	CHECK_EQ(s.flags, 0xE000);
	CHECK_EQ(s.branch_taken, 1);
	CHECK_EQ(s.branch_predicted, 1);
	CHECK_EQ(s.branch_prediction_valid, 1);
	CHECK_EQ(s.ip, UINT64_C(0x8000000000543210));
	CHECK_EQ(s.next_ip, UINT64_C(0x7F00000000000040));
	CHECK_EQ(s.data1, 300);
	CHECK_EQ(s.timestamp, UINT64_C(0x0200000000000001));
	CHECK_EQ(kprof_lwp_record_unpack(rec, 32, KPROF_LWP_REVISION_PROPOSAL, &s), KPROF_OK);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_DCACHE);
	CHECK_EQ(s.data_source, 7); /* bits 31:29 = 111 */
	CHECK_EQ(s.data_address_valid, 0);
	CHECK_EQ(s.data_address, 0);
	CHECK_EQ(s.latency, 300);
	rec[3] = 0x70; /* bits 30:28 -> source 3 (DRAM), address valid */
	rec[0] = 4;
	CHECK_EQ(kprof_lwp_record_unpack(rec, 32, KPROF_LWP_REVISION_SHIPPED, &s), KPROF_OK);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_DCACHE);
	CHECK_EQ(s.data_source, KPROF_LWP_DATA_SOURCE_DRAM);
	CHECK_EQ(s.data_address_valid, 1);
	CHECK_EQ(s.data_address, UINT64_C(0x7F00000000000040));
	rec[0] = 255;
	rec[2] = 0x78, rec[3] = 0x56;
	CHECK_EQ(kprof_lwp_record_unpack(rec, 32, KPROF_LWP_REVISION_SHIPPED, &s), KPROF_OK);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_PROGRAMMED_EVENT);
	CHECK_EQ(s.flags, 0x5678);
	CHECK_EQ(kprof_lwp_record_unpack(rec, 32, KPROF_LWP_REVISION_PROPOSAL, &s), KPROF_OK);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_UNKNOWN);
	rec[0] = 0;
	CHECK_EQ(kprof_lwp_record_unpack(rec, 32, KPROF_LWP_REVISION_SHIPPED, &s), KPROF_E_FORMAT);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_EMPTY);
	CHECK_EQ(s.flags, 0x5678);
	CHECK_EQ(kprof_lwp_record_unpack(rec, 32, KPROF_LWP_REVISION_PROPOSAL, &s), KPROF_E_FORMAT);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_EMPTY);
	CHECK_EQ(kprof_lwp_record_unpack(rec, 31, KPROF_LWP_REVISION_SHIPPED, &s), KPROF_E_TRUNCATED);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_UNKNOWN); /* a refused record is all zeros */
	CHECK_EQ(s.revision, KPROF_LWP_REVISION_NONE);
	CHECK_EQ(s.flags, 0);
	CHECK_EQ(kprof_lwp_record_unpack(rec, 32, KPROF_LWP_REVISION_NONE, &s), KPROF_E_ARGUMENT);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_UNKNOWN);
	/* Buffer walk: two records and 16 trailing bytes. */
	memset(two, 0, sizeof(two));
	two[0] = 2, two[32] = 3, two[64] = 9;
	CHECK_EQ(kprof_lwp_record_iter_init(&rit, two, sizeof(two), KPROF_LWP_REVISION_SHIPPED), KPROF_OK);
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_OK);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_INSTRUCTION);
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_OK);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_BRANCH);
	CHECK_EQ(rit.offset, 64);
	/* Every iterator error is final: the truncation is repeated, nothing more handed out. */
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_E_TRUNCATED);
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_E_TRUNCATED);
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_E_TRUNCATED);
	CHECK_EQ(rit.offset, 64);
	/* An exact multiple ends with KPROF_END, repeated; an empty slot (event id 0) is handed
	 * out with KPROF_OK, flagged in the record, and walked past. */
	two[32] = 0;
	CHECK_EQ(kprof_lwp_record_iter_init(&rit, two, 64, KPROF_LWP_REVISION_SHIPPED), KPROF_OK);
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_OK);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_INSTRUCTION);
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_OK);
	CHECK_EQ(s.kind, KPROF_LWP_KIND_EMPTY);
	CHECK_EQ(s.event_id, 0);
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_END);
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_END);
	CHECK_EQ(kprof_lwp_record_iter_init(&rit, two, 64, KPROF_LWP_REVISION_NONE), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_E_ARGUMENT); /* init's error, repeated */
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_record_iter_init(&rit, NULL, 64, KPROF_LWP_REVISION_SHIPPED), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_record_iter_init(&rit, NULL, 0, KPROF_LWP_REVISION_SHIPPED), KPROF_OK);
	CHECK_EQ(kprof_lwp_record_iter_next(&rit, &s), KPROF_END);
}

/* ---------------------------------------------------------------- model */
static uint64_t rec_u64(const uint8_t *r, unsigned off) { return kprof_bytes_le64_load(r + off); }

/* Drain everything visible into arrays of (event id, ip, data2). */
typedef struct got {
	unsigned n;
	uint8_t id[4096];
	uint64_t ip[4096], data2[4096], ts[4096];
	uint16_t flags[4096];
	uint8_t core[4096];
} got;

static int collect(void *ctx, const uint8_t *r, uint32_t rs)
{
	got *g = (got *)ctx;
	(void)rs;
	if (g->n < 4096) {
		g->id[g->n] = r[0];
		g->core[g->n] = r[1];
		g->flags[g->n] = kprof_bytes_le16_load(r + 2);
		g->ip[g->n] = rec_u64(r, 8);
		g->data2[g->n] = rec_u64(r, 16);
		g->ts[g->n] = rec_u64(r, 24);
	}
	g->n++;
	return 0;
}

/* collect, asking the drain to stop once collect_stop records are in (0: never). */
static unsigned collect_stop;
static int collect_until(void *ctx, const uint8_t *r, uint32_t rs)
{
	collect(ctx, r, rs);
	return collect_stop && ((got *)ctx)->n >= collect_stop;
}

static kprof_lwpmodel_insn insn_at(uint64_t ip, int branch)
{
	kprof_lwpmodel_insn i;
	memset(&i, 0, sizeof(i));
	i.ip = ip;
	i.is_branch = (uint8_t)branch;
	i.next_ip = ip + 0x100;
	i.taken = 1;
	i.predicted = 1;
	return i;
}

static int thr_calls;
static void on_thr(void *ctx, kprof_lwpmodel *m)
{
	(void)m;
	(*(int *)ctx)++;
}

static void test_model(void)
{
	static env e;
	static got g;
	kprof_lwp_event_config ev[4];
	kprof_lwpmodel_insn in;
	kprof_lwp_span sp;
	unsigned i, k;
	uint64_t d;

	/* Intervals and the lazy head: event 2 every 5 instructions -> records at 4, 9, 14 ... */
	ev[0].event_id = 2, ev[0].interval = 5;
	CHECK_EQ(env_setup(&e, ev, 1, RING_BYTES, 0, 0, 0, 0), KPROF_OK);
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb), 1u << 2); /* Flags written back: event 2 active */
	for (i = 0; i < 100; i++) {
		in = insn_at(i, 0);
		kc_model_insn(&e.m, &in);
	}
	CHECK_EQ(e.m.stored, 20);
	CHECK_EQ(kprof_lwp_ring_poll(&e.r, &sp), 0); /* head still in the model's register */
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 16), 0);
	CHECK(kc_model_store(&e.m) == e.lwpcb);
	CHECK_EQ(kprof_lwp_ring_poll(&e.r, &sp), 20);
	CHECK_EQ(sp.first_count, 20);
	CHECK_EQ(sp.second_count, 0);
	memset(&g, 0, sizeof(g));
	CHECK_EQ(kc_lwp_drain(&e.r, collect, &g, 0), 20);
	for (i = 0; i < 20 && i < g.n; i++) {
		CHECK_EQ(g.ip[i], 4 + 5 * i);
		CHECK_EQ(g.id[i], 2);
		CHECK_EQ(g.core[i], 7);
		CHECK_EQ(g.ts[i], 0); /* no PTSC */
	}
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 64), 20 * 32); /* tail published */

	/* Counters frozen at zero; one record per instruction. Events 2 and 3 every 2: both
	 * expire at instruction 1 (a branch); 2 is stored, 3 waits at zero for the next branch. */
	ev[0].event_id = 2, ev[0].interval = 2;
	ev[1].event_id = 3, ev[1].interval = 2;
	CHECK_EQ(env_setup(&e, ev, 2, RING_BYTES, 0, 0, 0, 0), KPROF_OK);
	for (i = 0; i < 5; i++) {
		in = insn_at(i, i == 0 || i == 1 || i == 4);
		kc_model_insn(&e.m, &in);
	}
	kc_model_store(&e.m);
	memset(&g, 0, sizeof(g));
	kc_lwp_drain(&e.r, collect, &g, 0);
	CHECK_EQ(g.n, 3);
	CHECK_EQ(g.id[0], 2), CHECK_EQ(g.ip[0], 1);
	CHECK_EQ(g.id[1], 2), CHECK_EQ(g.ip[1], 3);
	CHECK_EQ(g.id[2], 3), CHECK_EQ(g.ip[2], 4);
	CHECK_EQ(g.data2[2], 4 + 0x100);
	CHECK_EQ(g.flags[2], 0xE000); /* taken, predicted, prediction valid */
	/* The frozen-at-zero counter is written back as 0 by SLWPCB... */
	kc_model_store(&e.m);
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 128 + 8 + 4), 1); /* event 2: reloaded 2, one insn since */
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 128 + 16 + 4), 2); /* event 3: reloaded at insn 4 */

	/* Full ring, missed events, the reused slot and wrap. 32 slots hold 31 records. */
	ev[0].event_id = 1, ev[0].interval = 1000;
	CHECK_EQ(env_setup(&e, ev, 1, RING_BYTES, 0, 0, 0, 0), KPROF_OK);
	for (i = 0; i < 100; i++)
		CHECK_EQ(kc_model_lwpins(&e.m, i, 0, 0, 0x1000 + i), i < 31 ? 0 : 1);
	CHECK_EQ(kprof_bytes_le64_load(e.lwpcb + 24), 69);          /* MissedEvents in memory */
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 16), 31 * 32);     /* head flushed when full */
	CHECK_EQ(rec_u64(e.buf + 31 * 32, 16), 99);           /* the reused slot holds the last */
	memset(&g, 0, sizeof(g));
	CHECK_EQ(kprof_lwp_ring_poll(&e.r, &sp), 31);
	CHECK_EQ(sp.missed_delta, 69);
	CHECK_EQ(kc_lwp_drain(&e.r, collect, &g, 0), 31);
	for (i = 0; i < 31; i++)
		CHECK_EQ(g.data2[i], i);
	for (i = 100; i < 140; i++)
		kc_model_lwpins(&e.m, i, 0, 0, 0);
	/* tail 31: records 100 (slot 31) and 101..130 (slots 0..29) fit; 131..139 are missed. */
	kc_model_store(&e.m);
	CHECK_EQ(kprof_lwp_ring_poll(&e.r, &sp), 31);
	CHECK_EQ(sp.first_count, 1);
	CHECK_EQ(sp.second_count, 30);
	CHECK_EQ(sp.missed_delta, 9);
	CHECK(sp.first == e.buf + 31 * 32);
	CHECK(sp.second == e.buf);
	{
		uint8_t out[64 * 32];
		size_t n = 0;
		CHECK_EQ(kprof_lwp_ring_copy(&e.r, out, 5 * 32 + 7, &n), KPROF_OK);
		CHECK_EQ(n, 5);
		for (i = 0; i < 5; i++)
			CHECK_EQ(rec_u64(out + 32 * i, 16), 100 + i);
		CHECK_EQ(kprof_lwp_ring_copy(&e.r, out, sizeof(out), &n), KPROF_OK);
		CHECK_EQ(n, 26);
		for (i = 0; i < 26; i++)
			CHECK_EQ(rec_u64(out + 32 * i, 16), 105 + i);
		CHECK_EQ(kprof_lwp_ring_copy(&e.r, out, sizeof(out), &n), KPROF_OK);
		CHECK_EQ(n, 0);
	}
	CHECK_EQ(kprof_lwp_ring_missed_get(&e.r, &d), KPROF_OK);
	CHECK_EQ(d, 0);
	/* Drain across the wrap: tail at slot 30, so 31 records lie in slots 30, 31 and 0..28. A
	 * callback that stops takes its record with it; max_records cuts the second run; every
	 * drain publishes the tail past exactly what it handed out. */
	for (i = 200; i < 231; i++)
		CHECK_EQ(kc_model_lwpins(&e.m, i, 0, 0, 0), 0);
	kc_model_store(&e.m);
	CHECK_EQ(kprof_lwp_ring_poll(&e.r, &sp), 31);
	CHECK_EQ(sp.first_count, 2);
	memset(&g, 0, sizeof(g));
	collect_stop = 3;
	CHECK_EQ(kc_lwp_drain(&e.r, collect_until, &g, 0), 3);
	CHECK_EQ(g.n, 3);
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 64), 1 * 32);
	collect_stop = 0;
	CHECK_EQ(kc_lwp_drain(&e.r, collect_until, &g, 4), 4);
	CHECK_EQ(g.n, 7);
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 64), 5 * 32);
	CHECK_EQ(kc_lwp_drain(&e.r, collect_until, &g, 0), 24);
	CHECK_EQ(g.n, 31);
	for (i = 0; i < 31; i++)
		CHECK_EQ(g.data2[i], 200 + i);
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 64), 29 * 32);
	CHECK_EQ(kc_lwp_drain(&e.r, collect_until, &g, 0), 0);

	/* Threshold equality: 8 records, interrupt on. Fires once per crossing. */
	ev[0].event_id = 1, ev[0].interval = 1000;
	CHECK_EQ(env_setup(&e, ev, 1, RING_BYTES, 0, 8 * 32, 1, 0), KPROF_OK);
	thr_calls = 0;
	kprof_lwpmodel_threshold_set(&e.m, on_thr, &thr_calls);
	for (i = 0; i < 7; i++)
		kc_model_lwpins(&e.m, i, 0, 0, 0);
	CHECK_EQ(thr_calls, 0);
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 16), 0); /* lazy */
	kc_model_lwpins(&e.m, 7, 0, 0, 0);
	CHECK_EQ(thr_calls, 1);
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 16), 8 * 32); /* forced to memory at the threshold */
	for (i = 8; i < 20; i++)
		kc_model_lwpins(&e.m, i, 0, 0, 0);
	CHECK_EQ(thr_calls, 1);
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 16), 8 * 32); /* lazy again past it */
	CHECK_EQ(kprof_lwp_ring_poll(&e.r, &sp), 8);
	CHECK_EQ(sp.at_threshold, 1);
	kprof_lwp_ring_consume(&e.r, 8);
	kc_model_store(&e.m);
	CHECK_EQ(kprof_lwp_ring_poll(&e.r, &sp), 12);
	CHECK_EQ(sp.at_threshold, 0);
	kprof_lwp_ring_consume(&e.r, 12); /* empty: head == tail == 20 */
	for (i = 20; i < 27; i++)
		kc_model_lwpins(&e.m, i, 0, 0, 0);
	CHECK_EQ(thr_calls, 1);
	kc_model_lwpins(&e.m, 27, 0, 0, 0);
	CHECK_EQ(thr_calls, 2);
	CHECK_EQ(e.m.threshold_hits, 2);
	/* Threshold without the interrupt flag: head still forced out, no callback. */
	CHECK_EQ(env_setup(&e, ev, 1, RING_BYTES, 0, 4 * 32, 0, 0), KPROF_OK);
	thr_calls = 0;
	kprof_lwpmodel_threshold_set(&e.m, on_thr, &thr_calls);
	for (i = 0; i < 4; i++)
		kc_model_lwpins(&e.m, i, 0, 0, 0);
	CHECK_EQ(thr_calls, 0);
	CHECK_EQ(e.m.threshold_hits, 1);
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb + 16), 4 * 32);

	/* Randomisation bounds: interval 100, Random 3 -> reloads in [96, 103]. */
	ev[0].event_id = 2, ev[0].interval = 100;
	CHECK_EQ(env_setup(&e, ev, 1, 4096, 3, 0, 0, 0), KPROF_OK);
	{
		uint64_t last = 99, lo = ~(uint64_t)0, hi = 0;
		kprof_lwpmodel m2 = e.m;
		(void)m2;
		for (i = 0; i < 100 * 120; i++) {
			in = insn_at(i, 0);
			kc_model_insn(&e.m, &in);
		}
		kc_model_store(&e.m);
		memset(&g, 0, sizeof(g));
		kc_lwp_drain(&e.r, collect, &g, 0);
		CHECK(g.n >= 110);
		CHECK_EQ(g.ip[0], 99); /* first counter = the interval as setup wrote it */
		for (k = 1; k < g.n; k++) {
			uint64_t gap = g.ip[k] - last;
			last = g.ip[k];
			lo = gap < lo ? gap : lo;
			hi = gap > hi ? gap : hi;
		}
		CHECK(lo >= 96);
		CHECK(hi <= 103);
		CHECK(hi > lo); /* it does vary */
	}

	/* CoreId, timestamps, branch and DCache records, LWPVAL. */
	ev[0].event_id = 3, ev[0].interval = 1;
	ev[1].event_id = 4, ev[1].interval = 1;
	ev[2].event_id = 1, ev[2].interval = 3;
	CHECK_EQ(env_setup(&e, ev, 3, RING_BYTES, 0, 0, 0, 1), KPROF_OK);
	in = insn_at(0x400000, 1);
	in.taken = 0;
	in.predicted = 0;
	in.cycles = 10;
	kc_model_insn(&e.m, &in);
	memset(&in, 0, sizeof(in));
	in.ip = 0x400010;
	in.dcache_miss = 1;
	in.latency = 70000; /* capped at 2^16 - 1 */
	in.data_source = KPROF_LWP_DATA_SOURCE_DRAM;
	in.data_address_valid = 1;
	in.data_address = 0xDEADBEEF00ull;
	in.cycles = 5;
	kc_model_insn(&e.m, &in);
	for (i = 0; i < 9; i++)
		kc_model_lwpval(&e.m, 1000 + i, 2000 + i, 0x12345678u, 0x500000 + i);
	kc_model_store(&e.m);
	{
		kprof_lwp_ring_iter it;
		const uint8_t *r;
		kprof_lwp_sample s;
		CHECK_EQ(kprof_lwp_ring_iter_init(&it, &e.r), KPROF_OK);
		CHECK_EQ(it.count, 5);
		CHECK_EQ(kprof_lwp_ring_iter_next(&it, &r), KPROF_OK);
		kprof_lwp_record_unpack(r, 32, KPROF_LWP_REVISION_SHIPPED, &s);
		CHECK_EQ(s.kind, KPROF_LWP_KIND_BRANCH);
		CHECK_EQ(s.core_id, 7);
		CHECK_EQ(s.branch_taken, 0);
		CHECK_EQ(s.branch_prediction_valid, 1);
		CHECK_EQ(s.next_ip, 0x400100);
		CHECK_EQ(s.timestamp, 10);
		CHECK_EQ(kprof_lwp_ring_iter_next(&it, &r), KPROF_OK);
		kprof_lwp_record_unpack(r, 32, KPROF_LWP_REVISION_SHIPPED, &s);
		CHECK_EQ(s.kind, KPROF_LWP_KIND_DCACHE);
		CHECK_EQ(s.latency, 65535);
		CHECK_EQ(s.data_source, 3);
		CHECK_EQ(s.data_address, 0xDEADBEEF00ull);
		CHECK_EQ(s.timestamp, 15);
		for (i = 0; i < 3; i++) {
			CHECK_EQ(kprof_lwp_ring_iter_next(&it, &r), KPROF_OK);
			kprof_lwp_record_unpack(r, 32, KPROF_LWP_REVISION_SHIPPED, &s);
			CHECK_EQ(s.kind, KPROF_LWP_KIND_PROGRAMMED_VALUE);
			CHECK_EQ(s.data2, 1002 + 3 * i);
			CHECK_EQ(s.data1, 2002 + 3 * i);
			CHECK_EQ(s.flags, 0x5678);
			CHECK_EQ(s.ip, 0x500002 + 3 * i);
		}
		CHECK_EQ(kprof_lwp_ring_iter_next(&it, &r), KPROF_END);
		CHECK(r == NULL);
		CHECK_EQ(kprof_lwp_ring_iter_commit(&it), KPROF_OK);
		CHECK_EQ(kprof_lwp_ring_poll(&e.r, &sp), 0);
	}
	/* Same seed, same records; LLWPCB(NULL) turns the model off. */
	CHECK_EQ(kprof_lwpmodel_lwpcb_load(&e.m, NULL), KPROF_OK);
	CHECK_EQ(kc_model_lwpins(&e.m, 1, 1, 1, 1), 0);
	CHECK(kc_model_store(&e.m) == NULL);
	/* An LWPCB asking for an event the OS did not enable gets Flags without it. */
	ev[0].event_id = 2, ev[0].interval = 10;
	CHECK_EQ(env_setup(&e, ev, 1, RING_BYTES, 0, 0, 0, 0), KPROF_OK);
	e.caps.os_events = 0x8;
	kprof_lwpmodel_init(&e.m, &e.caps, 0, 1);
	CHECK_EQ(kprof_lwpmodel_lwpcb_load(&e.m, e.lwpcb), KPROF_OK);
	CHECK_EQ(kprof_bytes_le32_load(e.lwpcb), 0); /* nothing active: LWP off */
	CHECK(e.m.lwpcb == NULL);
}

/* docs/lwp.md on Threshold: with 0 a consumer polling without SLWPCB sees nothing until the
 * ring is full and a record is lost; with half the ring it sees records at half a ring. */
static void test_threshold(void)
{
	static env e;
	kprof_lwp_event_config ev = {KPROF_LWP_EVENT_INSTRUCTIONS, 1};
	kprof_lwp_span sp;
	kprof_lwpmodel_insn in;
	unsigned i;
	int seen_at = -1;
	CHECK_EQ(env_setup(&e, &ev, 1, RING_BYTES, 0, 0, 0, 0), KPROF_OK);
	for (i = 0; i < RING_BYTES / 32; i++) { /* 32 slots: 31 records fit */
		in = insn_at(i, 0);
		kc_model_insn(&e.m, &in);
		if (seen_at < 0 && kprof_lwp_ring_poll(&e.r, &sp) != 0)
			seen_at = (int)i;
	}
	CHECK_EQ(seen_at, 31); /* the 32nd record: the first one lost */
	CHECK_EQ(sp.missed_delta, 1);
	CHECK_EQ(env_setup(&e, &ev, 1, RING_BYTES, 0, RING_BYTES / 2, 0, 0), KPROF_OK);
	seen_at = -1;
	for (i = 0; i < RING_BYTES / 32 && seen_at < 0; i++) {
		in = insn_at(i, 0);
		kc_model_insn(&e.m, &in);
		if (kprof_lwp_ring_poll(&e.r, &sp) != 0)
			seen_at = (int)i;
	}
	CHECK_EQ(seen_at, 15); /* 16 records = 512 bytes = Threshold */
	CHECK_EQ(sp.missed_delta, 0);
	CHECK(sp.at_threshold);
}

/* ---------------------------------------------------------------- hostile LWPCBs */
static void test_changed_geometry(env *e, uint32_t good_bs, uint64_t good_base);
static void test_canonical(env *e);
static void test_corrupt_attach(void)
{
	static env e;
	kprof_lwp_event_config ev = {2, 10};
	kprof_lwp_ring r;
	kprof_lwp_span sp;
	uint8_t *cb = e.lwpcb;
	uint32_t good_bs;
	uint64_t good_base;
	CHECK_EQ(env_setup(&e, &ev, 1, RING_BYTES, 0, 0, 0, 0), KPROF_OK);
	good_bs = kprof_bytes_le32_load(cb + 4);
	good_base = kprof_bytes_le64_load(cb + 8);
#define ATTACH_BAD(mutate, want)                                                                   \
	do {                                                                                       \
		mutate;                                                                            \
		CHECK_EQ(kc_lwp_attach(&r, cb, &e.caps, NULL, 0, 0), want);                \
		kprof_bytes_le32_store(cb + 4, good_bs);                                                 \
		kprof_bytes_le64_store(cb + 8, good_base);                                               \
		kprof_bytes_le32_store(cb + 64, 0);                                                      \
	} while (0)
	ATTACH_BAD(kprof_bytes_le32_store(cb + 4, 0), KPROF_E_CORRUPT);
	ATTACH_BAD(kprof_bytes_le32_store(cb + 4, 32), KPROF_E_CORRUPT);
	ATTACH_BAD(kprof_bytes_le32_store(cb + 4, 1000), KPROF_E_CORRUPT);
	ATTACH_BAD(kprof_bytes_le64_store(cb + 8, 0), KPROF_E_CORRUPT);
	ATTACH_BAD(kprof_bytes_le64_store(cb + 8, good_base + 8), KPROF_E_CORRUPT);
	ATTACH_BAD(kprof_bytes_le64_store(cb + 8, UINT64_MAX - 31), KPROF_E_CORRUPT);
	ATTACH_BAD(kprof_bytes_le32_store(cb + 64, RING_BYTES), KPROF_E_CORRUPT);
	ATTACH_BAD(kprof_bytes_le32_store(cb + 64, 33), KPROF_E_CORRUPT);
	test_canonical(&e);
	CHECK_EQ(kc_lwp_attach(&r, cb, &e.caps, e.buf + 32, RING_BYTES, 0), KPROF_E_CORRUPT);
	CHECK_EQ(kc_lwp_attach(&r, cb, &e.caps, e.buf, RING_BYTES * 2, 0), KPROF_E_CORRUPT);
	CHECK_EQ(kc_lwp_attach(&r, cb + 8, &e.caps, NULL, 0, 0), KPROF_E_ALIGNMENT);
	CHECK_EQ(kc_lwp_attach(&r, cb, &e.caps, e.buf, RING_BYTES, 0), KPROF_OK);
	/* Hostile heads: refused, nothing consumed, tail untouched. */
	{
		static const uint32_t bad[] = {RING_BYTES, RING_BYTES + 32, 17, 31, 0xFFFFFFFFu, 0xFFFFFFE0u, 0x80000000u};
		unsigned i;
		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			kprof_bytes_le32_store(cb + 16, bad[i]);
			CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), KPROF_E_CORRUPT);
			CHECK_EQ(kprof_lwp_ring_consume(&r, 1), KPROF_E_RANGE);
			CHECK_EQ(r.tail, 0);
		}
	}
	kprof_bytes_le32_store(cb + 16, 0);
	/* Base or size changed after attach: the ring keeps its captured view and says so. */
	CHECK_EQ(kprof_lwp_ring_check(&r), KPROF_OK);
	kprof_bytes_le64_store(cb + 8, good_base + 4096);
	CHECK_EQ(kprof_lwp_ring_check(&r), KPROF_E_CHANGED);
	CHECK(r.buffer == e.buf);
	kprof_bytes_le64_store(cb + 8, good_base);
	kprof_bytes_le32_store(cb + 4, good_bs * 2);
	CHECK_EQ(kprof_lwp_ring_check(&r), KPROF_E_CHANGED);
	kprof_bytes_le32_store(cb + 4, good_bs);
	test_changed_geometry(&e, good_bs, good_base);
}

/* docs/lwp.md "What poll detects", sentence by sentence. */
static void test_changed_geometry(env *e, uint32_t good_bs, uint64_t good_base)
{
	uint8_t *cb = e->lwpcb;
	kprof_lwp_ring r;
	kprof_lwp_span sp;
	kprof_lwp_ring_iter it;
	uint8_t out[64];
	size_t got = 1;
	uint64_t d = 1;
	memset(e->buf, 0, 64);
	e->buf[0] = 2, e->buf[32] = 2;
	kprof_bytes_le32_store(cb + 16, 0);
	kprof_bytes_le32_store(cb + 64, 0);
	kprof_bytes_le64_store(cb + 24, 10);
	CHECK_EQ(kc_lwp_attach(&r, cb, &e->caps, e->buf, RING_BYTES, 0), KPROF_OK);
	/* "An empty poll reads nothing but the head: a change while the ring is empty is not seen
	 * by poll (it returns 0) but by kprof_lwp_ring_check." */
	kprof_bytes_le32_store(cb + 4, good_bs * 2);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), 0);
	CHECK_EQ(kprof_lwp_ring_check(&r), KPROF_E_CHANGED);
	/* "Every non-empty poll compares BufferSize and BufferBase with attach's:
	 * KPROF_E_CHANGED, nothing read, nothing consumed." */
	kprof_bytes_le32_store(cb + 16, 64);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), KPROF_E_CHANGED);
	CHECK_EQ(kprof_lwp_ring_consume(&r, 1), KPROF_E_RANGE);
	kprof_bytes_le32_store(cb + 4, good_bs);
	kprof_bytes_le64_store(cb + 8, good_base + 4096);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), KPROF_E_CHANGED);
	/* "... and so do the iterator, copy and drain, which poll first." */
	CHECK_EQ(kprof_lwp_ring_iter_init(&it, &r), KPROF_E_CHANGED);
	CHECK_EQ(it.count, 0);
	CHECK_EQ(kprof_lwp_ring_copy(&r, out, sizeof(out), &got), KPROF_E_CHANGED);
	CHECK_EQ(got, 0);
	CHECK_EQ(kc_lwp_drain(&r, collect, NULL, 0), KPROF_E_CHANGED);
	CHECK_EQ(kprof_bytes_le32_load(cb + 64), 0);
	/* Restored: the records read as before. */
	kprof_bytes_le64_store(cb + 8, good_base);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), 2);
	CHECK_EQ(sp.missed_delta, 0);
	/* "MissedEvents going down is KPROF_E_CORRUPT (never a huge delta); nothing changes." */
	kprof_bytes_le64_store(cb + 24, 3);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), KPROF_E_CORRUPT);
	CHECK_EQ(kprof_lwp_ring_missed_get(&r, &d), KPROF_E_CORRUPT);
	CHECK_EQ(d, 0);
	CHECK_EQ(r.missed_seen, 10);
	kprof_bytes_le64_store(cb + 24, 12);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), 2);
	CHECK_EQ(sp.missed_delta, 2);
	CHECK_EQ(kprof_lwp_ring_consume(&r, 2), KPROF_OK);
	kprof_bytes_le64_store(cb + 24, 0);
	kprof_bytes_le32_store(cb + 16, 0);
	kprof_bytes_le32_store(cb + 64, 0);
}

/* Non-canonical ring addresses are refused without an expected buffer too. */
static void test_canonical(env *e)
{
	uint8_t *cb = e->lwpcb;
	kprof_lwp_ring r;
	uint64_t good_base = kprof_bytes_le64_load(cb + 8);
	if (sizeof(void *) < 8) {
		kprof_bytes_le64_store(cb + 8, UINT64_C(0x800000000000));
		CHECK_EQ(kc_lwp_attach(&r, cb, &e->caps, NULL, 0, 0), KPROF_E_CORRUPT);
	} else {
		kprof_bytes_le64_store(cb + 8, UINT64_C(0x800000000000));
		CHECK_EQ(kc_lwp_attach(&r, cb, &e->caps, NULL, 0, 0), KPROF_E_CORRUPT);
		kprof_bytes_le64_store(cb + 8, UINT64_C(0x800000000000) - RING_BYTES / 2); /* straddles */
		CHECK_EQ(kc_lwp_attach(&r, cb, &e->caps, NULL, 0, 0), KPROF_E_CORRUPT);
		kprof_bytes_le64_store(cb + 8, UINT64_C(0x0001000000000000));
		CHECK_EQ(kc_lwp_attach(&r, cb, &e->caps, NULL, 0, 0), KPROF_E_CORRUPT);
		kprof_bytes_le64_store(cb + 8, UINT64_C(0x7FFFFFFFFFFFFFE0) & ~(uint64_t)(RING_BYTES - 1));
		CHECK_EQ(kc_lwp_attach(&r, cb, &e->caps, NULL, 0, 0), KPROF_E_CORRUPT);
	}
	kprof_bytes_le64_store(cb + 8, good_base);
	CHECK_EQ(kc_lwp_attach(&r, cb, &e->caps, NULL, 0, 0), KPROF_OK);
}

static const kprof_lwp_event_config one_event = {KPROF_LWP_EVENT_INSTRUCTIONS, 1000};

#if defined(__x86_64__) && defined(__linux__)
/* No processor here has LWP, so SLWPCB raises #UD: the handler counts each one, returns "no
 * active LWPCB" in rax and steps over the 5-byte instruction. */
static volatile int slwpcb_count;
static void on_sigill(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = (ucontext_t *)ucv;
	const uint8_t *ip = (const uint8_t *)uc->uc_mcontext.gregs[REG_RIP];
	static const uint8_t slwpcb_rax[5] = {0x8f, 0xe9, 0xf8, 0x12, 0xc8};
	(void)sig;
	(void)si;
	if (memcmp(ip, slwpcb_rax, 5) != 0)
		abort();
	slwpcb_count++;
	uc->uc_mcontext.gregs[REG_RAX] = 0;
	uc->uc_mcontext.gregs[REG_RIP] += 5;
}

/* docs/lwp.md: a KPROF_LWP_RING_SLWPCB ring executes SLWPCB at every poll (never the
 * one-compare empty path) and then reads the head; a plain ring never executes it. */
static void test_slwpcb_option(void)
{
	static env e;
	kprof_lwp_ring r;
	kprof_lwp_span sp;
	struct sigaction sa, old;
	CHECK_EQ(env_setup(&e, &one_event, 1, RING_BYTES, 0, 0, 0, 0), KPROF_OK);
	memset(&sa, 0, sizeof(sa));
	sa.sa_flags = SA_SIGINFO;
	sa.sa_sigaction = on_sigill;
	sigaction(SIGILL, &sa, &old);
	slwpcb_count = 0;
	CHECK_EQ(kc_lwp_attach(&r, e.lwpcb, &e.caps, e.buf, RING_BYTES, KPROF_LWP_RING_SLWPCB), KPROF_OK);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), 0);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), 0);
	CHECK_EQ(slwpcb_count, 2);
	e.buf[0] = KPROF_LWP_EVENT_INSTRUCTIONS;
	kprof_bytes_le32_store(e.lwpcb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET, 32);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), 1);
	CHECK_EQ(slwpcb_count, 3);
	CHECK_EQ(kprof_lwp_ring_consume(&r, 1), KPROF_OK);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), 0); /* still flushes after a consume */
	CHECK_EQ(slwpcb_count, 4);
	slwpcb_count = 0;
	kprof_bytes_le32_store(e.lwpcb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET, 32);
	CHECK_EQ(kc_lwp_attach(&r, e.lwpcb, &e.caps, e.buf, RING_BYTES, 0), KPROF_OK);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), 0);
	kprof_bytes_le32_store(e.lwpcb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET, 64);
	CHECK_EQ(kprof_lwp_ring_poll(&r, &sp), 1);
	CHECK_EQ(slwpcb_count, 0);
	sigaction(SIGILL, &old, NULL);
}
#else
static void test_slwpcb_option(void)
{
}
#endif

/* ---------------------------------------------------------------- the result rule */
/* The 1.0 signatures called directly (the other tests use kprof_helpers.h's wrappers): the
 * attach config, the drain's and the model's out-parameters, and their state on error. */
static void test_result_rule(void)
{
	static env e;
	static got g;
	kprof_lwp_event_config ev[1];
	kprof_lwp_ring_config rc;
	kprof_lwpmodel_insn in;
	kprof_lwpmodel_user_event uev;
	uint32_t handed = 99;
	int produced = 9;
	void *active = (void *)1;
	unsigned i;

	ev[0].event_id = 2, ev[0].interval = 5;
	CHECK_EQ(env_setup(&e, ev, 1, RING_BYTES, 0, 0, 0, 0), KPROF_OK);
	memset(&rc, 0, sizeof(rc)); /* a zeroed config: 32-byte records, any buffer */
	CHECK_EQ(kprof_lwp_ring_attach(&e.r, e.lwpcb, &rc), KPROF_OK);
	CHECK_EQ(kprof_lwp_ring_attach(&e.r, e.lwpcb, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_poll(&e.r, NULL), KPROF_E_ARGUMENT); /* refused: left detached */
	rc.caps = &e.caps;
	rc.expect_buffer = e.buf + 32;
	rc.expect_size = RING_BYTES;
	CHECK_EQ(kprof_lwp_ring_attach(&e.r, e.lwpcb, &rc), KPROF_E_CORRUPT);
	rc.expect_buffer = e.buf;
	CHECK_EQ(kprof_lwp_ring_attach(&e.r, e.lwpcb, &rc), KPROF_OK);
	CHECK_EQ(kprof_lwp_ring_drain(&e.r, collect, &g, 0, &handed), KPROF_OK); /* empty */
	CHECK_EQ(handed, 0);
	for (i = 0; i < 10; i++) {
		in = insn_at(i, 0);
		produced = 9;
		CHECK_EQ(kprof_lwpmodel_insn_execute(&e.m, &in, &produced), KPROF_OK);
		CHECK_EQ(produced, i % 5 == 4);
	}
	CHECK_EQ(kprof_lwpmodel_insn_execute(&e.m, NULL, &produced), KPROF_E_ARGUMENT);
	CHECK_EQ(produced, 0);
	CHECK_EQ(kprof_lwpmodel_lwpcb_store(&e.m, &active), KPROF_OK);
	CHECK(active == e.lwpcb);
	CHECK_EQ(kprof_lwpmodel_lwpcb_store(NULL, &active), KPROF_E_ARGUMENT);
	CHECK(active == NULL);
	memset(&g, 0, sizeof(g));
	handed = 99;
	CHECK_EQ(kprof_lwp_ring_drain(&e.r, collect, &g, 1, &handed), KPROF_OK);
	CHECK_EQ(handed, 1);
	CHECK_EQ(kprof_lwp_ring_drain(&e.r, collect, &g, 0, NULL), KPROF_OK); /* count optional */
	CHECK_EQ(g.n, 2);
	CHECK_EQ(kprof_lwp_ring_drain(&e.r, NULL, &g, 0, &handed), KPROF_E_ARGUMENT);
	CHECK_EQ(handed, 0);
	/* LWPVAL is not enabled here (event 1 off): nothing produced; LWPINS always stores. */
	uev.data2 = 0x1234, uev.data1 = 0x56, uev.flags = 0xABCD, uev.ip = 0x401000;
	produced = 9;
	CHECK_EQ(kprof_lwpmodel_lwpval_execute(&e.m, &uev, &produced), KPROF_OK);
	CHECK_EQ(produced, 0);
	CHECK_EQ(kprof_lwpmodel_lwpins_execute(&e.m, &uev, &produced), KPROF_OK);
	CHECK_EQ(produced, 0); /* stored, ring not full */
	CHECK_EQ(kprof_lwpmodel_lwpins_execute(&e.m, NULL, &produced), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwpmodel_threshold_set(&e.m, NULL, NULL), KPROF_OK);
	CHECK_EQ(kprof_lwpmodel_threshold_set(NULL, NULL, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwpmodel_lwpcb_store(&e.m, &active), KPROF_OK);
	memset(&g, 0, sizeof(g));
	CHECK_EQ(kprof_lwp_ring_drain(&e.r, collect, &g, 0, &handed), KPROF_OK);
	CHECK_EQ(handed, 1);
	CHECK_EQ(g.id[0], 255);
	CHECK_EQ(g.ip[0], 0x401000);
	CHECK_EQ(g.data2[0], 0x1234);
	CHECK_EQ(g.flags[0], 0xABCD);
}

/* ---------------------------------------------------------------- refused attach, NULL ring */
static int drain_calls;
static int count_drain(void *ctx, const uint8_t *rec, uint32_t size)
{
	(void)ctx;
	(void)rec;
	(void)size;
	drain_calls++;
	return 0;
}

/* Every ring call on a ring attach refused: KPROF_E_ARGUMENT, nothing handed out, nothing read
 * through a NULL or stale LWPCB, nothing written to the LWPCB attach was given. Run in a child
 * by detached_case, so a crash is one failed check, not the end of the test. */
static void every_call_refuses(kprof_lwp_ring *r, const uint8_t *cb)
{
	static uint8_t before[256];
	kprof_lwp_span sp;
	kprof_lwp_ring_iter it;
	const uint8_t *rec = (const uint8_t *)1;
	uint8_t out[64];
	size_t copied = 7;
	uint64_t delta = 7;
	if (cb)
		memcpy(before, cb, sizeof(before));
	CHECK_EQ(kprof_lwp_ring_poll(r, &sp), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_poll(r, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_consume(r, 0), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_consume(r, 1), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_iter_init(&it, r), KPROF_E_ARGUMENT);
	CHECK_EQ(it.count, 0);
	CHECK_EQ(kprof_lwp_ring_iter_next(&it, &rec), KPROF_E_ARGUMENT); /* init's error, repeated */
	CHECK(rec == NULL);
	CHECK_EQ(kprof_lwp_ring_iter_next(&it, &rec), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_iter_commit(&it), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_copy(r, out, sizeof(out), &copied), KPROF_E_ARGUMENT);
	CHECK_EQ(copied, 0);
	drain_calls = 0;
	CHECK_EQ(kc_lwp_drain(r, count_drain, NULL, 0), KPROF_E_ARGUMENT);
	CHECK_EQ(drain_calls, 0);
	CHECK_EQ(kprof_lwp_ring_missed_get(r, &delta), KPROF_E_ARGUMENT);
	CHECK_EQ(delta, 0);
	CHECK_EQ(kprof_lwp_ring_check(r), KPROF_E_ARGUMENT);
	/* Once more: a refusal changes nothing that would let a later call through. */
	CHECK_EQ(kprof_lwp_ring_poll(r, &sp), KPROF_E_ARGUMENT);
	if (cb)
		CHECK(memcmp(before, cb, sizeof(before)) == 0);
}

typedef void (*detach_fn)(kprof_lwp_ring *r, env *e);

/* One way of getting a refused attach: fn attaches r (garbage before) and must be refused;
 * then every call, in a child process. */
static void detached_case(const char *what, detach_fn fn)
{
	static env e;
	kprof_lwp_event_config ev = {2, 10};
	kprof_lwp_ring r;
	pid_t pid;
	int status = 0;
	CHECK_EQ(env_setup(&e, &ev, 1, RING_BYTES, 0, 0, 0, 0), KPROF_OK);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		memset(&r, 0xA5, sizeof(r)); /* what an uninitialised stack slot may hold */
		fn(&r, &e);
		every_call_refuses(&r, e.lwpcb);
		_exit(kt_failed ? 1 : 0);
	}
	if (!CHECK(pid > 0))
		return;
	CHECK(waitpid(pid, &status, 0) == pid);
	if (!kt_check(WIFEXITED(status) && WEXITSTATUS(status) == 0, __FILE__, __LINE__, what))
		fprintf(stderr, "  %s: %s %d\n", what, WIFSIGNALED(status) ? "killed by signal" : "exit status",
		        WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
}

static void refuse_null_lwpcb(kprof_lwp_ring *r, env *e)
{
	(void)e;
	CHECK_EQ(kc_lwp_attach(r, NULL, NULL, NULL, 0, 0), KPROF_E_ARGUMENT);
}

static void refuse_revision(kprof_lwp_ring *r, env *e)
{
	kprof_lwp_caps c = e->caps;
	c.revision = KPROF_LWP_REVISION_PROPOSAL;
	CHECK_EQ(kc_lwp_attach(r, e->lwpcb, &c, NULL, 0, 0), KPROF_E_UNSUPPORTED);
}

static void refuse_alignment(kprof_lwp_ring *r, env *e)
{
	CHECK_EQ(kc_lwp_attach(r, e->lwpcb + 8, &e->caps, NULL, 0, 0), KPROF_E_ALIGNMENT);
}

static void refuse_size(kprof_lwp_ring *r, env *e)
{
	kprof_bytes_le32_store(e->lwpcb + KPROF_LWP_LWPCB_BUFFER_SIZE_OFFSET, 0);
	CHECK_EQ(kc_lwp_attach(r, e->lwpcb, &e->caps, NULL, 0, 0), KPROF_E_CORRUPT);
}

static void refuse_expected(kprof_lwp_ring *r, env *e)
{
	CHECK_EQ(kc_lwp_attach(r, e->lwpcb, &e->caps, e->buf + 32, RING_BYTES, 0), KPROF_E_CORRUPT);
}

/* A ring that worked, then a second attach refused: the old LWPCB is not polled any more. */
static void refuse_reattach(kprof_lwp_ring *r, env *e)
{
	kprof_lwp_span sp;
	CHECK_EQ(kc_lwp_attach(r, e->lwpcb, &e->caps, NULL, 0, 0), KPROF_OK);
	CHECK_EQ(kprof_lwp_ring_poll(r, &sp), 0);
	CHECK_EQ(kc_lwp_attach(r, e->lwpcb + 8, &e->caps, NULL, 0, 0), KPROF_E_ALIGNMENT);
}

static void null_ring_calls(void)
{
	kprof_lwp_span sp;
	kprof_lwp_ring_iter it;
	const uint8_t *rec = (const uint8_t *)1;
	CHECK_EQ(kprof_lwp_ring_poll(NULL, &sp), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_poll(NULL, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_iter_next(NULL, &rec), KPROF_E_ARGUMENT);
	CHECK(rec == NULL);
	CHECK_EQ(kprof_lwp_ring_iter_init(&it, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_iter_next(&it, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_iter_next(&it, &rec), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_lwp_ring_iter_commit(&it), KPROF_E_ARGUMENT);
	CHECK_EQ(kc_lwp_attach(NULL, NULL, NULL, NULL, 0, 0), KPROF_E_ARGUMENT);
}

static void null_ring_case(kprof_lwp_ring *r, env *e)
{
	null_ring_calls();
	refuse_null_lwpcb(r, e);
}

static void test_detached_ring(void)
{
	detached_case("every call refuses a ring whose attach got a NULL LWPCB", refuse_null_lwpcb);
	detached_case("every call refuses a ring whose attach refused the caps", refuse_revision);
	detached_case("every call refuses a ring whose attach refused a misaligned LWPCB", refuse_alignment);
	detached_case("every call refuses a ring whose attach refused BufferSize 0", refuse_size);
	detached_case("every call refuses a ring whose attach refused an unexpected buffer", refuse_expected);
	detached_case("every call refuses a ring whose second attach was refused", refuse_reattach);
	detached_case("poll, iter_next, iter_init and attach refuse NULL", null_ring_case);
}

/* An empty poll stores nothing: with the LWPCB and the ring itself read-only it still works. */
static void test_empty_poll_readonly(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	uint8_t *mem = (uint8_t *)mmap(NULL, (size_t)pg * 3, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint8_t *cb, *ring_page;
	kprof_lwp_ring *r;
	kprof_lwp_caps c;
	kprof_lwp_config cfg;
	kprof_lwp_span sp;
	int i, ok = 1;
	if (!CHECK(mem != MAP_FAILED))
		return;
	cb = mem;
	ring_page = mem + pg;
	kprof_lwpmodel_caps_get(&c);
	memset(&cfg, 0, sizeof(cfg));
	cfg.buffer_base = (uint64_t)(uintptr_t)(mem + 2 * pg);
	cfg.buffer_size = (uint32_t)pg;
	cfg.events = &one_event;
	cfg.event_count = 1;
	CHECK_EQ(kprof_lwp_lwpcb_init(cb, 256, &c, &cfg, NULL), KPROF_OK);
	kprof_bytes_le32_store(cb + 16, 64); /* head = tail = 64 */
	kprof_bytes_le32_store(cb + 64, 64);
	r = (kprof_lwp_ring *)ring_page;
	CHECK_EQ(kc_lwp_attach(r, cb, &c, NULL, 0, 0), KPROF_OK);
	CHECK_EQ(mprotect(mem, (size_t)pg * 2, PROT_READ), 0);
	for (i = 0; i < 1000; i++)
		ok &= kprof_lwp_ring_poll(r, &sp) == 0;
	CHECK(ok);
	CHECK_EQ(mprotect(mem, (size_t)pg * 2, PROT_READ | PROT_WRITE), 0);
	munmap(mem, (size_t)pg * 3);
}

/* A mutator thread flips head, size and base to hostile values while the consumer polls with
 * every API. The ring sits between PROT_NONE guard pages: one read outside it crashes. */
typedef struct hostile {
	uint8_t *cb;
	uint32_t size;
	uint64_t base;
	uint64_t missed; /* the honest MissedEvents: from 2^63 up, above every hostile value */
	volatile int stop;
	unsigned long flips;
} hostile;

/* Set under valgrind (KPROF_TEST_SHRINK): its scheduler runs one thread at a time for a fixed
 * slice, so without a yield per flip the consumer would see the mutator stopped at the same
 * phase every time. */
static int mutator_yields;

/* v as the LWPCB holds it (little-endian), for one atomic store of the whole word. */
static uint32_t as_le32(uint32_t v)
{
	uint32_t w;
	kprof_bytes_le32_store((uint8_t *)&w, v);
	return w;
}
static uint64_t as_le64(uint64_t v)
{
	uint64_t w;
	kprof_bytes_le64_store((uint8_t *)&w, v);
	return w;
}

static void *mutator(void *arg)
{
	hostile *h = (hostile *)arg;
	static const uint32_t heads_fixed[] = {0, 32, 64, 0, 0xFFFFFFFFu, 0xFFFFFFE0u, 0x80000000u, 1, 31, 33};
	uint64_t x = 88172645463325252ull;
	unsigned i = 0;
	while (!__atomic_load_n(&h->stop, __ATOMIC_RELAXED)) {
		uint32_t v;
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		switch (i++ % 6) {
		case 0: v = heads_fixed[x % 10]; break;
		case 1: v = h->size - 32; break;
		case 2: v = h->size; break;
		case 3: v = (uint32_t)(x % h->size) & ~31u; break;
		case 4: v = (uint32_t)x; break;
		default: v = h->size + 32; break;
		}
		__atomic_store_n((uint32_t *)(h->cb + 16), v, __ATOMIC_RELEASE);
		/* Geometry and MissedEvents hostile half the time, intact the other half. A
		 * hostile MissedEvents is below every honest one: a decrease, never accepted. */
		if (i & 8) {
			__atomic_store_n((uint32_t *)(h->cb + 4), (uint32_t)x, __ATOMIC_RELAXED);
			__atomic_store_n((uint64_t *)(h->cb + 8), x, __ATOMIC_RELAXED);
			__atomic_store_n((uint64_t *)(h->cb + 24), as_le64(x >> 1), __ATOMIC_RELAXED);
		} else {
			__atomic_store_n((uint32_t *)(h->cb + 4), as_le32(h->size), __ATOMIC_RELAXED);
			__atomic_store_n((uint64_t *)(h->cb + 8), as_le64(h->base), __ATOMIC_RELAXED);
			__atomic_store_n((uint64_t *)(h->cb + 24), as_le64(++h->missed), __ATOMIC_RELAXED);
		}
		h->flips++;
		if (mutator_yields)
			sched_yield();
	}
	return NULL;
}

static int sum_cb(void *ctx, const uint8_t *r, uint32_t rs)
{
	uint32_t i;
	for (i = 0; i < rs; i++)
		*(unsigned long *)ctx += r[i];
	return 0;
}

static void test_hostile_threads(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t ring_bytes = (size_t)pg * 2;
	uint8_t *mem = (uint8_t *)mmap(NULL, (size_t)pg * 5, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint8_t *ring_mem, *cb;
	kprof_lwp_caps c;
	kprof_lwp_config cfg;
	kprof_lwp_ring r;
	hostile h;
	pthread_t th;
	unsigned long sum = 0, polls = 0, corrupt = 0, records = 0;
	uint8_t out[4096];
	if (!CHECK(mem != MAP_FAILED))
		return;
	/* [cb page][guard][ring 2 pages][guard] */
	cb = mem;
	ring_mem = mem + 2 * pg;
	CHECK_EQ(mprotect(mem + pg, (size_t)pg, PROT_NONE), 0);
	CHECK_EQ(mprotect(mem + 4 * pg, (size_t)pg, PROT_NONE), 0);
	kprof_lwpmodel_caps_get(&c);
	memset(&cfg, 0, sizeof(cfg));
	cfg.buffer_base = (uint64_t)(uintptr_t)ring_mem;
	cfg.buffer_size = (uint32_t)ring_bytes;
	cfg.events = &one_event;
	cfg.event_count = 1;
	CHECK_EQ(kprof_lwp_lwpcb_init(cb, 256, &c, &cfg, NULL), KPROF_OK);
	kprof_bytes_le64_store(cb + 24, UINT64_C(1) << 63);
	CHECK_EQ(kc_lwp_attach(&r, cb, &c, ring_mem, (uint32_t)ring_bytes, 0), KPROF_OK);
	memset(&h, 0, sizeof(h));
	h.missed = UINT64_C(1) << 63;
	h.cb = cb;
	h.size = (uint32_t)ring_bytes;
	h.base = cfg.buffer_base;
	pthread_create(&th, NULL, mutator, &h);
	/* Until the mutator has been seen both ways (it shares 2 cores with everything else).
	 * Under valgrind (KPROF_TEST_SHRINK, set by fuzz/run-tests) threads run one at a time
	 * and a poll costs ~1 ms: fewer polls, the same conditions. */
	unsigned long min_polls = getenv("KPROF_TEST_SHRINK") ? 3000ul : 300000ul;
	mutator_yields = getenv("KPROF_TEST_SHRINK") != NULL;
	while (polls < min_polls || ((!corrupt || !records) && polls < 100000000ul)) {
		int n;
		size_t got = 0;
		kprof_lwp_ring_iter it;
		const uint8_t *rec;
		switch (polls % 3) {
		case 0:
			n = kc_lwp_drain(&r, sum_cb, &sum, 0);
			break;
		case 1:
			n = kprof_lwp_ring_iter_init(&it, &r);
			while (kprof_lwp_ring_iter_next(&it, &rec) == KPROF_OK)
				sum_cb(&sum, rec, r.record_size);
			kprof_lwp_ring_iter_commit(&it);
			break;
		default:
			n = (int)kprof_lwp_ring_copy(&r, out, sizeof(out), &got);
			if (n == 0)
				n = (int)got;
			break;
		}
		if (n == KPROF_E_CORRUPT || n == KPROF_E_CHANGED)
			corrupt++;
		else if (n > 0)
			records += (unsigned long)n;
		polls++;
		if (!(polls & 1023))
			sched_yield();
		if (r.tail >= r.size || (r.tail & 31u))
			break;
	}
	__atomic_store_n(&h.stop, 1, __ATOMIC_RELAXED);
	pthread_join(th, NULL);
	CHECK(r.tail < r.size && !(r.tail & 31u));
	CHECK(r.buffer == ring_mem && r.size == ring_bytes);
	CHECK(r.missed_seen >= UINT64_C(1) << 63); /* no hostile (lower) value was ever accepted */
	CHECK(corrupt > 0);
	CHECK(records > 0);
	printf("hostile: %lu polls, %lu refused, %lu records read in bounds, %lu flips (sum %lu)\n", polls,
	       corrupt, records, h.flips, sum);
	munmap(mem, (size_t)pg * 5);
}

int main(void)
{
	test_dumps();
	test_revisions();
	test_cap_bits();
	test_fields_walker();
	test_spec();
	test_setup();
	test_records();
	test_model();
	test_result_rule();
	test_threshold();
	test_slwpcb_option();
	test_corrupt_attach();
	test_detached_ring();
	test_empty_poll_readonly();
	test_hostile_threads();
	return kt_done();
}
