/* Debug Store: layouts against reference/intel-ds-perfmon.md, availability, setup, and the
 * BTS/PEBS walkers over hand-built buffers of every format, wrapped and corrupt ones.
 * Expected values come from the reference's numbers (typed here, or parsed from it), never
 * from kprof's own output. */
#include "kprof.h"
#include "kprof_test.h"
#include "own_cpuid.h"

static char *reference(const char *name)
{
	char path[1024];
	char *text;
	snprintf(path, sizeof(path), "%s/reference/%s", kt_shared_dir(), name);
	text = kt_read_file(path, NULL);
	if (!text) {
		fprintf(stderr, "cannot read %s\n", path);
		CHECK(!"shared reference readable");
	}
	return text;
}

/* ---- layouts (numbers from reference/intel-ds-perfmon.md) */
static void test_layouts(void)
{
	CHECK_EQ(KPROF_DS_AREA64_BTS_BUFFER_BASE_OFFSET, 0x00);
	CHECK_EQ(KPROF_DS_AREA64_BTS_INDEX_OFFSET, 0x08);
	CHECK_EQ(KPROF_DS_AREA64_BTS_ABSOLUTE_MAXIMUM_OFFSET, 0x10);
	CHECK_EQ(KPROF_DS_AREA64_BTS_INTERRUPT_THRESHOLD_OFFSET, 0x18);
	CHECK_EQ(KPROF_DS_AREA64_PEBS_BUFFER_BASE_OFFSET, 0x20);
	CHECK_EQ(KPROF_DS_AREA64_PEBS_INDEX_OFFSET, 0x28);
	CHECK_EQ(KPROF_DS_AREA64_PEBS_ABSOLUTE_MAXIMUM_OFFSET, 0x30);
	CHECK_EQ(KPROF_DS_AREA64_PEBS_INTERRUPT_THRESHOLD_OFFSET, 0x38);
	CHECK_EQ(KPROF_DS_AREA64_PEBS_GP_COUNTER_RESET_OFFSET, 0x40);
	/* PEBS format 5 and later: 32 general-purpose reset slots, then 16 fixed (Linux
	 * intel_ds.h pebs_event_reset[MAX_PEBS_EVENTS + MAX_FIXED_PEBS_EVENTS]); formats 0..4:
	 * 8, then 4 (MAX_PEBS_EVENTS_FMT4). */
	CHECK_EQ(KPROF_DS_AREA64_PEBS_FIXED_COUNTER_RESET_OFFSET, 0x140);
	CHECK_EQ(KPROF_DS_AREA64_SIZE, 0x1C0);
	CHECK_EQ(KPROF_DS_AREA64_FMT4_PEBS_GP_COUNTER_RESET_OFFSET, 0x40);
	CHECK_EQ(KPROF_DS_AREA64_FMT4_PEBS_FIXED_COUNTER_RESET_OFFSET, 0x80);
	CHECK_EQ(KPROF_DS_AREA64_FMT4_SIZE, 0xA0);
	CHECK_EQ(KPROF_PEBS_CNTR_HEADER_SIZE, 16);
	CHECK_EQ(KPROF_PEBS_FORMAT_ADAPTIVE_MAX, 6);
	CHECK_EQ(KPROF_DS_AREA32_BTS_INDEX_OFFSET, 0x04);
	CHECK_EQ(KPROF_DS_AREA32_PEBS_INTERRUPT_THRESHOLD_OFFSET, 0x1C);
	CHECK_EQ(KPROF_DS_AREA32_PEBS_COUNTER_RESET_OFFSET, 0x20);
	CHECK_EQ(KPROF_BTS_RECORD64_SIZE, 24);
	CHECK_EQ(KPROF_BTS_RECORD64_FLAGS_OFFSET, 0x10);
	CHECK_EQ(KPROF_BTS_RECORD32_SIZE, 12);
	CHECK_EQ(KPROF_BTS_RECORD32_FLAGS_OFFSET, 8);
	CHECK_EQ(KPROF_BTS_RECORD64_FLAGS_PREDICTED_MASK, 1u << 4);
	CHECK_EQ(KPROF_BTS_RECORD32_FLAGS_PREDICTED_MASK, 1u << 4);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT0_SIZE, 0x90);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT1_SIZE, 0xB0);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT2_SIZE, 0xC0);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT3_SIZE, 0xC8);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT1_STATUS_OFFSET, 0x90);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT1_DLA_OFFSET, 0x98);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT1_DSE_OFFSET, 0xA0);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT1_LAT_OFFSET, 0xA8);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT2_REAL_IP_OFFSET, 0xB0);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT2_TSX_TUNING_OFFSET, 0xB8);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT3_TSC_OFFSET, 0xC0);
	CHECK_EQ(KPROF_PEBS_RECORD_FMT3_R15_OFFSET, 0x88);
	CHECK_EQ(KPROF_PEBS_RECORD_NETBURST32_SIZE, 40);
	CHECK_EQ(KPROF_PEBS_RECORD_NETBURST32_ESP_OFFSET, 36);
	CHECK_EQ(KPROF_PEBS_BASIC_SIZE, 0x20);
	CHECK_EQ(KPROF_PEBS_BASIC_IP_OFFSET, 0x08);
	CHECK_EQ(KPROF_PEBS_BASIC_APPLICABLE_COUNTERS_OFFSET, 0x10);
	CHECK_EQ(KPROF_PEBS_BASIC_TSC_OFFSET, 0x18);
	CHECK_EQ(KPROF_PEBS_BASIC_FORMAT_SIZE_RECORD_SIZE_SHIFT, 48);
	CHECK_EQ(KPROF_PEBS_MEMINFO_SIZE, 32);
	CHECK_EQ(KPROF_PEBS_GPRS_SIZE, 144);
	CHECK_EQ(KPROF_PEBS_XMM_SIZE, 256);
	CHECK_EQ(KPROF_PEBS_LBR_ENTRY_SIZE, 24);
}

/* The adaptive GPR group's order, parsed from the reference's sentence. */
static void test_gpr_order(void)
{
	static const struct {
		const char *name;
		size_t off;
	} fields[] = {
		{"flags", offsetof(kprof_pebs_gprs, flags)}, {"ip", offsetof(kprof_pebs_gprs, ip)},
		{"ax", offsetof(kprof_pebs_gprs, ax)},       {"bx", offsetof(kprof_pebs_gprs, bx)},
		{"cx", offsetof(kprof_pebs_gprs, cx)},       {"dx", offsetof(kprof_pebs_gprs, dx)},
		{"si", offsetof(kprof_pebs_gprs, si)},       {"di", offsetof(kprof_pebs_gprs, di)},
		{"bp", offsetof(kprof_pebs_gprs, bp)},       {"sp", offsetof(kprof_pebs_gprs, sp)},
		{"r8", offsetof(kprof_pebs_gprs, r8)},
	};
	char *ref = reference("intel-ds-perfmon.md");
	const char *p = ref ? strstr(ref, "order ") : NULL;
	size_t pos = 0, i;
	CHECK(p != NULL);
	if (!p)
		return;
	p += 6;
	for (;;) {
		char name[8];
		size_t n = 0;
		while (*p == ' ' || *p == ',')
			p++;
		if (!*p || strncmp(p, "r8", 2) == 0 || pos >= 12)
			break;
		while (*p >= 'a' && *p <= 'z' && n < 7)
			name[n++] = *p++;
		name[n] = 0;
		for (i = 0; i < KT_COUNT(fields); i++)
			if (strcmp(fields[i].name, name) == 0)
				CHECK_EQ(fields[i].off, pos * 8);
		pos++;
	}
	CHECK_EQ(pos, 10);
	CHECK_EQ(offsetof(kprof_pebs_gprs, r8), 10 * 8);
	free(ref);
}

/* ---- availability */
static void snap(kprof_cpuid_snapshot *s, uint32_t ecx, uint32_t edx)
{
	kprof_cpuid_snapshot_init(s);
	kprof_cpuid_snapshot_set(s, 0, 0, (const uint32_t[4]){0x0A, 0x756E6547, 0x6C65746E, 0x49656E69});
	kprof_cpuid_snapshot_set(s, 1, 0, (const uint32_t[4]){0x000906EA, 0, ecx, edx});
}

/* The live wrapper in user mode (no MSR reads, never faults) against this processor's own
 * cpuid (own_cpuid.h): DS is leaf 1 edx[21]; DTES64, DS-CPL and PDCM are ecx[2], [4], [15] as
 * reported, DS or not (a KVM guest reports PDCM without DS); with DS the MSR-backed facts are
 * unknown, without it no. Off x86: not available. */
static void test_ds_live(void)
{
	kprof_ds_caps c;
	uint32_t r[4];
	unsigned ds;
	if (!own_cpuid(1, 0, r)) {
		CHECK_EQ(kprof_ds_caps_read(0, &c), KPROF_E_NOT_AVAILABLE);
		return;
	}
	ds = (r[3] >> 21) & 1;
	CHECK_EQ(kprof_ds_caps_read(0, &c), KPROF_OK);
	CHECK_EQ(c.ds, ds);
	CHECK_EQ(c.dtes64, 1 & (r[2] >> 2));
	CHECK_EQ(c.ds_cpl, 1 & (r[2] >> 4));
	CHECK_EQ(c.pdcm, 1 & (r[2] >> 15));
	CHECK_EQ(c.bts, ds ? KPROF_DS_AVAIL_UNKNOWN : 0);
	printf("live: DS %u, DTES64 %u, DS-CPL %u, PDCM %u (this processor's cpuid)\n", ds, c.dtes64,
	       c.ds_cpl, c.pdcm);
}

/* IA32_PEBS_ENABLE and the format 0..4 DS area, typed here from the Intel SDM and Linux (not
 * from the spec): PEBS on fixed counter i at bit 32 + i (asm/perf_event.h INTEL_PMC_IDX_FIXED
 * 32), load latency on bits 35:32 before perfmon version 5 (events/intel/ds.c
 * intel_pmu_pebs_enable), an interrupt after every record at bit 60 and the output at 62:61
 * (events/perf_event.h PEBS_PMI_AFTER_EACH_RECORD, PEBS_OUTPUT_OFFSET 61, PEBS_OUTPUT_MASK),
 * precise stores at 63 (ds.c 1ULL << 63); resets for 8 general-purpose counters below
 * format 5 (intel_ds.h MAX_PEBS_EVENTS_FMT4). */
static void test_pebs_enable_fields(void)
{
	kprof_ds_area64_fmt4 a;
	CHECK_EQ(KPROF_IA32_PEBS_ENABLE_FIXED_MASK, 0xFFFFull << 32);
	CHECK_EQ(KPROF_IA32_PEBS_ENABLE_LOAD_LATENCY_MASK, 0xFull << 32);
	CHECK_EQ(KPROF_IA32_PEBS_ENABLE_PMI_EACH_RECORD_MASK, 1ull << 60);
	CHECK_EQ(KPROF_IA32_PEBS_ENABLE_OUTPUT_MASK, 3ull << 61);
	CHECK_EQ(KPROF_IA32_PEBS_ENABLE_PRECISE_STORE_MASK, 1ull << 63);
	CHECK_EQ(KT_COUNT(a.pebs_gp_counter_reset), 8);
	CHECK_EQ(KPROF_IA32_PERF_CAPABILITIES_PEBS_TIMING_INFO_MASK, 1ull << 17);
}

static void test_caps(void)
{
	const uint32_t DS = 1u << 21, DTES64 = 1u << 2, DSCPL = 1u << 4, PDCM = 1u << 15;
	kprof_cpuid_snapshot s;
	kprof_ds_caps c;
	uint64_t misc, caps;

	kprof_cpuid_snapshot_init(&s);
	CHECK_EQ(kprof_ds_caps_get(&s, NULL, NULL, &c), KPROF_E_NOT_FOUND);
	CHECK_EQ(c.ds, 0);
	CHECK_EQ(kprof_ds_caps_get(NULL, NULL, NULL, &c), KPROF_E_ARGUMENT);

	snap(&s, DTES64 | PDCM, 0); /* no DS */
	misc = 1u << 7;
	CHECK_EQ(kprof_ds_caps_get(&s, &misc, NULL, &c), KPROF_OK);
	CHECK_EQ(c.ds, 0);
	CHECK_EQ(c.bts, KPROF_DS_AVAIL_NO);
	CHECK_EQ(c.pebs, KPROF_DS_AVAIL_NO);
	/* DTES64, DS-CPL and PDCM as reported, DS or not (KVM guests report PDCM without DS);
	 * nothing of the DS itself. */
	CHECK(c.dtes64 && c.pdcm && !c.ds_cpl);
	CHECK_EQ(c.pebs_format, KPROF_PEBS_FORMAT_UNKNOWN);
	CHECK_EQ(c.bts_record_size, 0);
	snap(&s, DSCPL | PDCM, 0);
	caps = 4u << 8;
	CHECK_EQ(kprof_ds_caps_get(&s, &misc, &caps, &c), KPROF_OK);
	CHECK(!c.ds && !c.dtes64 && c.ds_cpl && c.pdcm);
	CHECK_EQ(c.pebs_format, KPROF_PEBS_FORMAT_UNKNOWN);

	snap(&s, DTES64 | DSCPL | PDCM, DS);
	CHECK_EQ(kprof_ds_caps_get(&s, NULL, NULL, &c), KPROF_OK);
	CHECK(c.ds && c.dtes64 && c.ds_cpl && c.pdcm);
	CHECK_EQ(c.bts, KPROF_DS_AVAIL_UNKNOWN);
	CHECK_EQ(c.pebs, KPROF_DS_AVAIL_UNKNOWN);
	CHECK_EQ(c.pebs_format, KPROF_PEBS_FORMAT_UNKNOWN);
	CHECK_EQ(c.pebs_baseline, KPROF_DS_AVAIL_UNKNOWN);
	CHECK_EQ(c.bts_record_size, 24);

	misc = 1u << 7; /* perfmon available, BTS and PEBS available */
	caps = (4u << 8) | (1u << 14);
	CHECK_EQ(kprof_ds_caps_get(&s, &misc, &caps, &c), KPROF_OK);
	CHECK_EQ(c.perfmon, KPROF_DS_AVAIL_YES);
	CHECK_EQ(c.bts, KPROF_DS_AVAIL_YES);
	CHECK_EQ(c.pebs, KPROF_DS_AVAIL_YES);
	CHECK_EQ(c.pebs_format, 4);
	CHECK_EQ(c.pebs_baseline, KPROF_DS_AVAIL_YES);

	misc = (1u << 7) | (1u << 11); /* BTS unavailable */
	kprof_ds_caps_get(&s, &misc, &caps, &c);
	CHECK_EQ(c.bts, KPROF_DS_AVAIL_NO);
	CHECK_EQ(c.pebs, KPROF_DS_AVAIL_YES);
	misc = (1u << 7) | (1u << 12); /* PEBS unavailable */
	kprof_ds_caps_get(&s, &misc, &caps, &c);
	CHECK_EQ(c.bts, KPROF_DS_AVAIL_YES);
	CHECK_EQ(c.pebs, KPROF_DS_AVAIL_NO);
	misc = 0; /* perfmon not available: no PEBS */
	kprof_ds_caps_get(&s, &misc, &caps, &c);
	CHECK_EQ(c.perfmon, KPROF_DS_AVAIL_NO);
	CHECK_EQ(c.pebs, KPROF_DS_AVAIL_NO);
	CHECK_EQ(c.bts, KPROF_DS_AVAIL_YES);

	caps = 3u << 8; /* Skylake */
	kprof_ds_caps_get(&s, NULL, &caps, &c);
	CHECK_EQ(c.pebs_format, 3);
	CHECK_EQ(c.pebs_baseline, KPROF_DS_AVAIL_NO);

	snap(&s, DTES64, DS); /* no PDCM: PERF_CAPABILITIES absent, the value is ignored */
	caps = 0xFFFFFFFF;
	kprof_ds_caps_get(&s, NULL, &caps, &c);
	CHECK_EQ(c.pebs_format, KPROF_PEBS_FORMAT_CORE);
	CHECK_EQ(c.pebs_baseline, KPROF_DS_AVAIL_NO);
	CHECK_EQ(c.ds_cpl, 0);
	snap(&s, 0, DS); /* no DTES64: 32-bit layout, NetBurst record */
	kprof_ds_caps_get(&s, NULL, NULL, &c);
	CHECK_EQ(c.pebs_format, KPROF_PEBS_FORMAT_NETBURST32);
	CHECK_EQ(c.bts_record_size, 12);
	test_ds_live();
}

static void test_record_size(void)
{
	uint32_t n = 0;
	const uint64_t MEM = 1, GPR = 2, XMM = 4, LBR = 8;
	CHECK_EQ(kprof_pebs_record_size_get(0, 0, &n), KPROF_OK);
	CHECK_EQ(n, 0x90);
	kprof_pebs_record_size_get(1, 0, &n);
	CHECK_EQ(n, 0xB0);
	kprof_pebs_record_size_get(2, 0, &n);
	CHECK_EQ(n, 0xC0);
	kprof_pebs_record_size_get(3, 0xFFFF, &n); /* data_cfg means nothing before adaptive */
	CHECK_EQ(n, 0xC8);
	kprof_pebs_record_size_get(KPROF_PEBS_FORMAT_NETBURST32, 0, &n);
	CHECK_EQ(n, 40);
	kprof_pebs_record_size_get(4, 0, &n);
	CHECK_EQ(n, 0x20);
	kprof_pebs_record_size_get(4, MEM | GPR, &n);
	CHECK_EQ(n, 0x20 + 32 + 144);
	kprof_pebs_record_size_get(5, MEM | GPR | XMM | LBR | (31ull << 24), &n);
	CHECK_EQ(n, 0x20 + 32 + 144 + 256 + 32 * 24);
	kprof_pebs_record_size_get(4, LBR, &n);
	CHECK_EQ(n, 0x20 + 24);
	CHECK_EQ(kprof_pebs_record_size_get(4, 1u << 4, &n), KPROF_E_FORMAT); /* a group kprof does not know */
	/* format 6: the counters group (Linux adaptive_pebs_record_size_update): a 16-byte
	 * header, two u64 of metrics, one u64 per general-purpose (47:32) and fixed (55:48) bit */
	CHECK_EQ(kprof_pebs_record_size_get(6, 0, &n), KPROF_OK);
	CHECK_EQ(n, 0x20);
	CHECK_EQ(kprof_pebs_record_size_get(6, 1u << 4 | 0x5ull << 32 | 0x3ull << 48, &n), KPROF_OK);
	CHECK_EQ(n, 0x20 + 16 + 4 * 8);
	CHECK_EQ(kprof_pebs_record_size_get(6, 1u << 5, &n), KPROF_OK);
	CHECK_EQ(n, 0x20 + 16 + 2 * 8);
	CHECK_EQ(kprof_pebs_record_size_get(6, MEM | 1u << 4 | 1u << 5 | 0xFFFFull << 32 | 0xFFull << 48, &n), KPROF_OK);
	CHECK_EQ(n, 0x20 + 32 + 16 + 2 * 8 + 24 * 8);
	CHECK_EQ(kprof_pebs_record_size_get(5, 1u << 4 | 1ull << 32, &n), KPROF_E_FORMAT); /* not before format 6 */
	CHECK_EQ(kprof_pebs_record_size_get(5, 1ull << 32, &n), KPROF_E_FORMAT);
	CHECK_EQ(kprof_pebs_record_size_get(6, 1ull << 56, &n), KPROF_E_FORMAT);
	CHECK_EQ(kprof_pebs_record_size_get(7, 0, &n), KPROF_E_FORMAT);
	CHECK_EQ(kprof_pebs_record_size_get(15, 0, &n), KPROF_E_FORMAT);
}

/* The 32-bit area (DTES64 clear): each buffer field at its offset in the reference's 32-bit
 * layout (0x00..0x1C, u32), the PEBS counter reset at 0x20 (u64); values computed here from
 * the request (BTS 10 records of 12 bytes, interrupt after 5; PEBS 4 NetBurst records of
 * 0x28, interrupt after 2). */
static void test_setup_32(void)
{
	uint8_t area[0x30];
	kprof_ds_request r;
	kprof_ds_setup s;
	memset(&r, 0, sizeof(r));
	r.pebs_format = KPROF_PEBS_FORMAT_NETBURST32;
	r.bts_base = 0x1000;
	r.bts_size = 120;
	r.bts_os = r.bts_usr = 1;
	r.bts_interrupt = 1;
	r.bts_interrupt_after = 5;
	r.pebs_base = 0x2000;
	r.pebs_interrupt_after = 2;
	r.pebs_size = 0xA0;
	r.pebs_record_size = 0x28;
	r.pebs_gp_mask = 1;
	r.gp_reset[0] = 0x123456789Aull;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_OK);
	CHECK_EQ(s.area_size, 0x28);
	memset(area, 0xEE, sizeof(area));
	CHECK_EQ(kprof_ds_setup_write(&s, area, 0x27), KPROF_E_BUFFER_TOO_SMALL);
	CHECK_EQ(kprof_ds_setup_write(&s, area, sizeof(area)), KPROF_OK);
	CHECK_EQ(kc_get64(area + 0x00) & 0xFFFFFFFFu, 0x1000);
	CHECK_EQ(kc_get64(area + 0x04) & 0xFFFFFFFFu, 0x1000);
	CHECK_EQ(kc_get64(area + 0x08) & 0xFFFFFFFFu, 0x1000 + 120);
	CHECK_EQ(kc_get64(area + 0x0C) & 0xFFFFFFFFu, 0x1000 + 5 * 12);
	CHECK_EQ(kc_get64(area + 0x10) & 0xFFFFFFFFu, 0x2000);
	CHECK_EQ(kc_get64(area + 0x14) & 0xFFFFFFFFu, 0x2000);
	CHECK_EQ(kc_get64(area + 0x18) & 0xFFFFFFFFu, 0x20A0);
	CHECK_EQ(kc_get64(area + 0x1C) & 0xFFFFFFFFu, 0x2000 + 2 * 0x28);
	CHECK_EQ(kc_get64(area + 0x20), 0x123456789Aull);
	CHECK_EQ(area[0x28], 0xEE);
}

/* Fixed-counter resets land where the processor of each PEBS format reads them: 0x80 + 8i
 * below format 5, 0x140 + 8i from it (Linux ds.c intel_pmu_pebs_enable); nothing else moves. */
static void test_setup_formats(void)
{
	static const struct {
		unsigned format, fixed_at, size;
	} cases[] = {{4, 0x80, 0xA0}, {5, 0x140, 0x1C0}, {6, 0x140, 0x1C0}};
	uint8_t area[0x200];
	kprof_ds_request rq, *r = &rq;
	kprof_ds_setup s;
	kprof_ds_area64 back;
	unsigned i, j;
	memset(r, 0, sizeof(*r));
	r->dtes64 = 1;
	r->pebs_base = 0x200000;
	r->pebs_size = 0x1000;
	r->pebs_record_size = 0x20;
	r->adaptive = 1;
	r->pebs_gp_mask = 0x1;
	r->pebs_fixed_mask = 0x5;
	r->gp_reset[0] = 0x1111;
	r->fixed_reset[0] = 0xF0F0;
	r->fixed_reset[2] = 0xF2F2;
	for (i = 0; i < KT_COUNT(cases); i++) {
		r->pebs_format = (uint8_t)cases[i].format;
		CHECK_EQ(kprof_ds_setup_get(r, NULL, &s), KPROF_OK);
		CHECK_EQ(s.area_size, cases[i].size);
		memset(area, 0xEE, sizeof(area));
		CHECK_EQ(kprof_ds_setup_write(&s, area, cases[i].size - 1), KPROF_E_BUFFER_TOO_SMALL);
		CHECK_EQ(kprof_ds_setup_write(&s, area, sizeof(area)), KPROF_OK);
		CHECK_EQ(kc_get64(area + 0x40), 0x1111);
		CHECK_EQ(kc_get64(area + cases[i].fixed_at), 0xF0F0);
		CHECK_EQ(kc_get64(area + cases[i].fixed_at + 8), 0);
		CHECK_EQ(kc_get64(area + cases[i].fixed_at + 16), 0xF2F2);
		for (j = 0x48; j < cases[i].fixed_at; j += 8) /* general-purpose slots 1.. stay zero */
			CHECK_EQ(kc_get64(area + j), 0);
		CHECK_EQ(area[cases[i].size], 0xEE); /* nothing past the area */
		CHECK_EQ(kprof_ds_area_unpack(area, cases[i].size, KPROF_DS_LAYOUT_INTEL64, cases[i].format, &back),
		         KPROF_OK);
		CHECK_EQ(back.pebs_fixed_counter_reset[2], 0xF2F2);
		CHECK_EQ(back.pebs_gp_counter_reset[8], 0);
		CHECK_EQ(kprof_ds_area_unpack(area, cases[i].size - 1, KPROF_DS_LAYOUT_INTEL64, cases[i].format, &back),
		         KPROF_E_TRUNCATED);
	}
	r->pebs_format = KPROF_PEBS_FORMAT_ADAPTIVE_MAX + 1;
	CHECK_EQ(kprof_ds_setup_get(r, NULL, &s), KPROF_E_FORMAT);
	CHECK_EQ(kprof_ds_area_unpack(area, sizeof(area), KPROF_DS_LAYOUT_INTEL64, KPROF_PEBS_FORMAT_ADAPTIVE_MAX + 1,
	                              &back),
	         KPROF_E_FORMAT);
	/* Windows 2004's PEBS_DS_SAVE_AREA64 names resets at the format-4 place: on format 5 the
	 * processor reads its PebsFixedCounterReset[i] bytes (0x80 + 8i) as gp 8 + i. */
	memset(area, 0, sizeof(area));
	kc_put64(area + 0x80, 0xAAAA);
	kc_put64(area + 0x98, 0xBBBB);
	CHECK_EQ(kprof_ds_area_unpack(area, 0xA0, KPROF_DS_LAYOUT_WIN64, 4, &back), KPROF_OK);
	CHECK_EQ(back.pebs_fixed_counter_reset[0], 0xAAAA);
	CHECK_EQ(back.pebs_fixed_counter_reset[3], 0xBBBB);
	CHECK_EQ(back.pebs_gp_counter_reset[8], 0);
	CHECK_EQ(kprof_ds_area_unpack(area, 0xA0, KPROF_DS_LAYOUT_WIN64, 5, &back), KPROF_OK);
	CHECK_EQ(back.pebs_gp_counter_reset[8], 0xAAAA);
	CHECK_EQ(back.pebs_gp_counter_reset[11], 0xBBBB);
	CHECK_EQ(back.pebs_fixed_counter_reset[0], 0);
	CHECK_EQ(back.pebs_fixed_counter_reset[3], 0);
	kc_put64(area + 0x60, 0xCCCC); /* PEBS_DS_SAVE_AREA32: fixed resets at 0x60 */
	CHECK_EQ(kprof_ds_area_unpack(area, 0x80, KPROF_DS_LAYOUT_WIN32, 6, &back), KPROF_OK);
	CHECK_EQ(back.pebs_gp_counter_reset[8], 0xCCCC);
	CHECK_EQ(back.pebs_fixed_counter_reset[0], 0);
}

/* ---- setup */
static void test_setup(void)
{
	kprof_ds_request r;
	kprof_ds_setup s;
	kprof_ds_caps caps;
	kprof_cpuid_snapshot cpu;
	uint64_t misc = 1u << 7, pc = (4u << 8) | (1u << 14);
	uint8_t area[0xA0 + 8];
	kprof_ds_area64 back;

	memset(&r, 0, sizeof(r));
	r.dtes64 = 1;
	r.bts_base = 0x100000;
	r.bts_size = 24 * 100 + 5;
	r.bts_interrupt = 1;
	r.bts_interrupt_after = 90;
	r.bts_os = r.bts_usr = 1;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_OK);
	CHECK_EQ(s.bts_capacity, 100);
	CHECK_EQ(s.area.bts_buffer_base, 0x100000);
	CHECK_EQ(s.area.bts_index, 0x100000);
	CHECK_EQ(s.area.bts_absolute_maximum, 0x100000 + 2400);
	CHECK_EQ(s.area.bts_interrupt_threshold, 0x100000 + 90 * 24);
	CHECK_EQ(s.debugctl_bits, (1u << 6) | (1u << 7) | (1u << 8)); /* TR, BTS, BTINT */
	CHECK_EQ(s.debugctl_mask, 0x7C0);
	CHECK_EQ(s.pebs_enable, 0);
	r.bts_interrupt = 0; /* circular: no threshold wanted */
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_ARGUMENT);
	r.bts_interrupt_after = 0;
	r.bts_os = 0;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_OK);
	CHECK_EQ(s.debugctl_bits, (1u << 6) | (1u << 7) | (1u << 9)); /* BTS_OFF_OS */
	CHECK_EQ(s.area.bts_interrupt_threshold, s.area.bts_absolute_maximum);
	r.bts_usr = 0;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_ARGUMENT); /* records nothing */
	r.bts_os = r.bts_usr = 1;
	r.bts_base = 0x100004;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_ALIGNMENT);
	r.bts_base = 0x100000;
	r.bts_size = 23;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_RANGE);
	r.bts_size = 2400;
	r.bts_interrupt = 1;
	r.bts_interrupt_after = 100; /* == capacity: no headroom */
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_RANGE);
	r.bts_interrupt_after = 99;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_OK);
	r.bts_base = UINT64_MAX - 0x7FF; /* end (base + 2400) overflows */
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_RANGE);
	r.bts_base = 0x100000;

	/* PEBS beside BTS */
	r.pebs_base = 0x200000;
	r.pebs_size = 0x1000;
	r.pebs_record_size = 0xC8;
	r.pebs_interrupt_after = 1;
	r.pebs_gp_mask = 0x5;
	r.gp_reset[0] = 0xFFFFFFFF0000ull;
	r.gp_reset[2] = 0xFFFFFFFFF000ull;
	r.gp_reset[1] = 0x1234; /* not enabled: not written */
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_OK);
	CHECK_EQ(s.pebs_capacity, 0x1000 / 0xC8);
	CHECK_EQ(s.area.pebs_absolute_maximum, 0x200000 + (0x1000 / 0xC8) * 0xC8);
	CHECK_EQ(s.area.pebs_interrupt_threshold, 0x200000 + 0xC8);
	CHECK_EQ(s.pebs_enable, 0x5);
	CHECK_EQ(s.area.pebs_gp_counter_reset[1], 0);
	memset(area, 0xEE, sizeof(area));
	CHECK_EQ(kprof_ds_setup_write(&s, area, sizeof(area)), KPROF_OK);
	CHECK_EQ(kc_get64(area + 0x00), 0x100000);
	CHECK_EQ(kc_get64(area + 0x08), 0x100000);
	CHECK_EQ(kc_get64(area + 0x28), 0x200000);
	CHECK_EQ(kc_get64(area + 0x40), 0xFFFFFFFF0000ull);
	CHECK_EQ(kc_get64(area + 0x50), 0xFFFFFFFFF000ull);
	CHECK_EQ(area[0xA0], 0xEE); /* nothing past the area */
	CHECK_EQ(kprof_ds_area_unpack(area, 0xA0, KPROF_DS_LAYOUT_INTEL64, KPROF_PEBS_FORMAT_ADAPTIVE, &back), KPROF_OK);
	CHECK_EQ(back.pebs_interrupt_threshold, s.area.pebs_interrupt_threshold);
	CHECK_EQ(kprof_ds_setup_write(&s, area, 0x9F), KPROF_E_BUFFER_TOO_SMALL);
	r.load_latency_mask = 0x1;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_OK);
	CHECK_EQ(s.pebs_enable, 0x5 | (1ull << 32));
	r.load_latency_mask = 0x2; /* counter 1 has no PEBS */
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_ARGUMENT);
	r.load_latency_mask = 0;
	r.pebs_fixed_mask = 1; /* fixed counters need adaptive PEBS */
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_ARGUMENT);
	r.adaptive = 1;
	r.fixed_reset[0] = 0xFFFFFFFFFF00ull;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_OK);
	CHECK_EQ(s.pebs_enable, 0x5 | (1ull << 32));
	CHECK_EQ(s.area.pebs_fixed_counter_reset[0], 0xFFFFFFFFFF00ull);
	r.pebs_fixed_mask = 1u << 4; /* four fixed slots */
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_RANGE);
	r.pebs_fixed_mask = 0;
	r.pebs_gp_mask = 1u << 8; /* eight gp slots */
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_RANGE);
	r.pebs_gp_mask = 1;
	r.pebs_base = 0x100000 + 2400 - 8; /* overlaps the BTS buffer */
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_ARGUMENT);
	r.pebs_base = 0x200000;
	r.pebs_interrupt_after = 0x1000 / 0xC8;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_RANGE);
	r.pebs_interrupt_after = 1;
	r.pebs_gp_mask = 0;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_ARGUMENT); /* PEBS on no counter */
	r.pebs_gp_mask = 1;

	/* against a processor */
	snap(&cpu, (1u << 2) | (1u << 15), 1u << 21); /* no DS-CPL */
	kprof_ds_caps_get(&cpu, &misc, &pc, &caps);
	r.bts_os = 0;
	CHECK_EQ(kprof_ds_setup_get(&r, &caps, &s), KPROF_E_UNSUPPORTED);
	r.bts_os = 1;
	CHECK_EQ(kprof_ds_setup_get(&r, &caps, &s), KPROF_OK);
	misc |= 1u << 11;
	kprof_ds_caps_get(&cpu, &misc, &pc, &caps);
	CHECK_EQ(kprof_ds_setup_get(&r, &caps, &s), KPROF_E_UNSUPPORTED);
	r.dtes64 = 0;
	misc = 1u << 7;
	kprof_ds_caps_get(&cpu, &misc, &pc, &caps);
	CHECK_EQ(kprof_ds_setup_get(&r, &caps, &s), KPROF_E_ARGUMENT); /* layout differs */

	/* 32-bit layout: one reset slot, 32-bit addresses */
	memset(&r, 0, sizeof(r));
	r.bts_base = 0x1000;
	r.bts_size = 12 * 10;
	r.bts_os = r.bts_usr = 1;
	r.bts_interrupt = 1;
	r.bts_interrupt_after = 5;
	r.pebs_base = 0x2000;
	r.pebs_interrupt_after = 2;
	r.pebs_size = 40 * 10;
	r.pebs_record_size = 40;
	r.pebs_gp_mask = 1;
	r.gp_reset[0] = 0xFFFFFF0000ull;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_OK);
	CHECK_EQ(s.area.bts_absolute_maximum, 0x1000 + 120);
	memset(area, 0xEE, sizeof(area));
	CHECK_EQ(kprof_ds_setup_write(&s, area, sizeof(area)), KPROF_OK);
	CHECK_EQ(area[0x00] | area[0x01] << 8, 0x1000);
	CHECK_EQ(area[0x08] | area[0x09] << 8, 0x1000 + 120);
	CHECK_EQ(area[0x10] | area[0x11] << 8, 0x2000);
	CHECK_EQ(kc_get64(area + 0x20), 0xFFFFFF0000ull);
	CHECK_EQ(area[0x28], 0xEE);
	r.pebs_gp_mask = 2;
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_RANGE);
	r.pebs_gp_mask = 1;
	r.bts_base = 0xFFFFFFF0; /* past 4 GiB */
	CHECK_EQ(kprof_ds_setup_get(&r, NULL, &s), KPROF_E_RANGE);
}

/* ---- BTS walker */
static void bts_put(uint8_t *buf, unsigned rs, unsigned slot, uint64_t from, uint64_t to, uint64_t flags)
{
	uint8_t *p = buf + slot * rs;
	if (rs == 24) {
		kc_put64(p, from);
		kc_put64(p + 8, to);
		kc_put64(p + 16, flags);
	} else {
		kc_put32(p, (uint32_t)from);
		kc_put32(p + 4, (uint32_t)to);
		kc_put32(p + 8, (uint32_t)flags);
	}
}

static void test_bts_walk(void)
{
	unsigned sizes[2] = {24, 12}, k;
	for (k = 0; k < 2; k++) {
		unsigned rs = sizes[k], i, n;
		uint8_t buf[24 * 8];
		const uint64_t base = 0xFFFF800000010000ull & (rs == 24 ? ~0ull : 0xFFFFFFFFull);
		const uint64_t max = base + 8 * rs;
		kprof_bts_iter w;
		kprof_bts_entry e;
		int wrapped = -1;
		memset(buf, 0, sizeof(buf));
		for (i = 0; i < 5; i++)
			bts_put(buf, rs, i, 0x1000 + i, 0x2000 + i, (i & 1) ? 0x10 : 0);
		CHECK_EQ(kc_bts_wrapped(buf, sizeof(buf), base, base + 5 * rs, max, rs, &wrapped), KPROF_OK);
		CHECK_EQ(wrapped, 0);
		CHECK_EQ(kc_bts_iter_init(&w, buf, 8 * rs, base, base + 5 * rs, max, rs, 0), KPROF_OK);
		for (n = 0; kprof_bts_iter_next(&w, &e) == KPROF_OK; n++) {
			CHECK_EQ(e.from, 0x1000 + n);
			CHECK_EQ(e.to, 0x2000 + n);
			CHECK_EQ(e.predicted, n & 1);
			CHECK_EQ(e.at, base + n * rs);
		}
		CHECK_EQ(n, 5);
		CHECK_EQ(kprof_bts_iter_next(&w, &e), KPROF_END);
		/* only the records below index need to be present */
		CHECK_EQ(kc_bts_iter_init(&w, buf, 5 * rs, base, base + 5 * rs, max, rs, 0), KPROF_OK);
		CHECK_EQ(kc_bts_iter_init(&w, buf, 5 * rs - 1, base, base + 5 * rs, max, rs, 0), KPROF_E_TRUNCATED);
		/* empty, and full without wrapping */
		CHECK_EQ(kc_bts_iter_init(&w, buf, 0, base, base, max, rs, 0), KPROF_OK);
		CHECK_EQ(kprof_bts_iter_next(&w, &e), KPROF_END);

		/* A circular producer wrote 13 records into 8 slots: slot = n % 8. */
		memset(buf, 0, sizeof(buf));
		for (i = 0; i < 13; i++)
			bts_put(buf, rs, i % 8, 0x1000 + i, 0x2000 + i, 0);
		CHECK_EQ(kc_bts_wrapped(buf, 8 * rs, base, base + 5 * rs, max, rs, &wrapped), KPROF_OK);
		CHECK_EQ(wrapped, 1);
		CHECK_EQ(kc_bts_iter_init(&w, buf, 8 * rs, base, base + 5 * rs, max, rs, KPROF_BTS_WRAPPED), KPROF_OK);
		for (n = 0; kprof_bts_iter_next(&w, &e) == KPROF_OK; n++) {
			CHECK_EQ(e.from, 0x1000 + 5 + n); /* oldest surviving: record 5 */
			CHECK_EQ(e.at, base + ((5 + n) % 8) * rs);
		}
		CHECK_EQ(n, 8);
		/* Wrapped needs the whole buffer. */
		CHECK_EQ(kc_bts_iter_init(&w, buf, 8 * rs - 1, base, base + 5 * rs, max, rs, KPROF_BTS_WRAPPED),
		         KPROF_E_TRUNCATED);
		/* Exactly 16 records: index back at base, looks empty unless told. */
		CHECK_EQ(kc_bts_iter_init(&w, buf, 8 * rs, base, base, max, rs, KPROF_BTS_WRAPPED), KPROF_OK);
		for (n = 0; kprof_bts_iter_next(&w, &e) == KPROF_OK; n++)
			CHECK_EQ(e.at, base + n * rs);
		CHECK_EQ(n, 8);

		/* corrupt DS areas: refused before any read */
		CHECK_EQ(kc_bts_iter_init(&w, buf, sizeof(buf), base, base - rs, max, rs, 0), KPROF_E_RANGE);
		CHECK_EQ(kc_bts_iter_init(&w, buf, sizeof(buf), base, max + rs, max, rs, 0), KPROF_E_RANGE);
		CHECK_EQ(kc_bts_iter_init(&w, buf, sizeof(buf), base, base + rs + 4, max, rs, 0), KPROF_E_ALIGNMENT);
		CHECK_EQ(kc_bts_iter_init(&w, buf, sizeof(buf), base, base, base + rs - 1, rs, KPROF_BTS_WRAPPED),
		         KPROF_E_RANGE);
		CHECK_EQ(kc_bts_iter_init(&w, buf, sizeof(buf), base, base, max, 16, 0), KPROF_E_FORMAT);
		CHECK_EQ(kprof_bts_iter_next(&w, &e), KPROF_E_FORMAT); /* sticky */
		CHECK_EQ(kprof_bts_iter_next(&w, &e), KPROF_E_FORMAT);
		/* the buffer description itself: NULL is refused, and the refusal is final */
		{
			int wr = 7;
			CHECK_EQ(kprof_bts_iter_init(&w, NULL), KPROF_E_ARGUMENT);
			CHECK_EQ(kprof_bts_iter_next(&w, &e), KPROF_E_ARGUMENT);
			CHECK_EQ(kprof_bts_wrapped_get(NULL, &wr), KPROF_E_ARGUMENT);
			CHECK_EQ(wr, 0);
		}
		/* SDM-style maximum (one past whole records): whole records only */
		CHECK_EQ(kc_bts_iter_init(&w, buf, 8 * rs, base, base + 8 * rs, max + 1, rs, 0), KPROF_OK);
	}
}

/* ---- PEBS walker */
static void fill_legacy(uint8_t *p, unsigned fmt, uint64_t tag)
{
	unsigned size = fmt == 0 ? 0x90 : fmt == 1 ? 0xB0 : fmt == 2 ? 0xC0 : 0xC8, i;
	for (i = 0; i < size / 8; i++)
		kc_put64(p + 8 * i, tag << 16 | i); /* field at offset 8i holds tag:i */
}

static void test_pebs_legacy(void)
{
	unsigned fmt;
	for (fmt = 0; fmt <= 3; fmt++) {
		unsigned size = fmt == 0 ? 0x90 : fmt == 1 ? 0xB0 : fmt == 2 ? 0xC0 : 0xC8, n;
		uint8_t buf[0xC8 * 3];
		kprof_pebs_iter w;
		kprof_pebs_sample s;
		const uint64_t base = 0xFFFFA00000000000ull;
		fill_legacy(buf, fmt, 1);
		fill_legacy(buf + size, fmt, 2);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, 2 * size, base, base + 2 * size, base + 3 * size, fmt, 0, 0), KPROF_OK);
		for (n = 0; kprof_pebs_iter_next(&w, &s) == KPROF_OK; n++) {
			uint64_t t = (uint64_t)(n + 1) << 16;
			CHECK_EQ(s.size, size);
			CHECK_EQ(s.at, base + n * size);
			CHECK_EQ(s.gprs.flags, t | 0);
			CHECK_EQ(s.ip, t | 1);
			CHECK_EQ(s.gprs.ax, t | 2);
			CHECK_EQ(s.gprs.bx, t | 3);
			CHECK_EQ(s.gprs.cx, t | 4);
			CHECK_EQ(s.gprs.sp, t | 9);
			CHECK_EQ(s.gprs.r15, t | 17);
			if (fmt >= 1) {
				CHECK_EQ(s.applicable_counters, t | (0x90 / 8));
				CHECK_EQ(s.data_address, t | (0x98 / 8));
				CHECK_EQ(s.data_source, t | (0xA0 / 8));
				CHECK_EQ(s.latency, t | (0xA8 / 8));
			} else {
				CHECK(!(s.has & KPROF_PEBS_HAS_MEMINFO));
			}
			if (fmt >= 2) {
				CHECK_EQ(s.eventing_ip, t | (0xB0 / 8));
				CHECK_EQ(s.tsx_tuning, t | (0xB8 / 8));
			} else {
				CHECK(!(s.has & KPROF_PEBS_HAS_EVENTING_IP));
			}
			if (fmt >= 3)
				CHECK_EQ(s.tsc, t | (0xC0 / 8));
			else
				CHECK(!(s.has & KPROF_PEBS_HAS_TSC));
		}
		CHECK_EQ(n, 2);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, 2 * size, base, base + size + 8, base + 3 * size, fmt, 0, 0),
		         KPROF_E_ALIGNMENT);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, 2 * size - 1, base, base + 2 * size, base + 3 * size, fmt, 0, 0),
		         KPROF_E_TRUNCATED);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, 2 * size, base, base + 2 * size, base + size, fmt, 0, 0),
		         KPROF_E_RANGE);
	}
	{ /* NetBurst 32-bit */
		uint8_t buf[80];
		unsigned i;
		kprof_pebs_iter w;
		kprof_pebs_sample s;
		for (i = 0; i < 20; i++)
			kc_put32(buf + 4 * i, 0x100 + i);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, 80, 0x1000, 0x1000 + 80, 0x1000 + 80, KPROF_PEBS_FORMAT_NETBURST32, 0,
		                              0),
		         KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_OK);
		CHECK_EQ(s.gprs.flags, 0x100);
		CHECK_EQ(s.ip, 0x101);
		CHECK_EQ(s.gprs.ax, 0x102);
		CHECK_EQ(s.gprs.bx, 0x103);
		CHECK_EQ(s.gprs.cx, 0x104);
		CHECK_EQ(s.gprs.dx, 0x105);
		CHECK_EQ(s.gprs.si, 0x106);
		CHECK_EQ(s.gprs.di, 0x107);
		CHECK_EQ(s.gprs.bp, 0x108);
		CHECK_EQ(s.gprs.sp, 0x109);
		CHECK_EQ(s.gprs.r8, 0);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_OK);
		CHECK_EQ(s.ip, 0x10B);
		CHECK_EQ(s.at, 0x1000 + 40);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_END);
	}
	{
		kprof_pebs_iter w;
		uint8_t b[8];
		CHECK_EQ(kc_pebs_iter_init(&w, b, 8, 0, 0, 0, 7, 0, 0), KPROF_E_FORMAT);
		CHECK_EQ(kc_pebs_iter_init(&w, b, 8, 0, 0, 0, 4, 1u << 5, 1), KPROF_E_FORMAT);
		/* data_cfg is read only with KPROF_PEBS_DATA_CFG_KNOWN: the same unknown bit is then ignored */
		CHECK_EQ(kc_pebs_iter_init(&w, b, 8, 0, 0, 0, 4, 1u << 5, 0), KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_init(&w, NULL), KPROF_E_ARGUMENT);
		{
			kprof_pebs_sample s;
			CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_E_ARGUMENT); /* final */
		}
	}
}

/* An adaptive record for the groups in cfg; returns its size. */
static unsigned adaptive_put(uint8_t *p, uint64_t cfg, uint64_t tag)
{
	unsigned at = 0x20, i, lbrs = (unsigned)((cfg >> 24) & 0xFF) + 1;
	if (cfg & 1) {
		for (i = 0; i < 4; i++)
			kc_put64(p + at + 8 * i, tag << 16 | 0x100 | i);
		at += 32;
	}
	if (cfg & 2) {
		for (i = 0; i < 18; i++)
			kc_put64(p + at + 8 * i, tag << 16 | 0x200 | i);
		at += 144;
	}
	if (cfg & 4) {
		for (i = 0; i < 32; i++)
			kc_put64(p + at + 8 * i, tag << 16 | 0x300 | i);
		at += 256;
	}
	if (cfg & 8) {
		for (i = 0; i < 3 * lbrs; i++)
			kc_put64(p + at + 8 * i, tag << 16 | 0x400 | i);
		at += 24 * lbrs;
	}
	kc_put64(p, (uint64_t)at << 48 | (0x7ull << 32) | cfg);
	kc_put64(p + 8, tag << 16 | 0xA);
	kc_put64(p + 16, 0x5);
	kc_put64(p + 24, tag << 16 | 0xC);
	return at;
}

/* One struct describes a BTS and a PEBS buffer (issue 32): the caller fills one
 * kprof_ds_buffer from a DS area's fields and hands it to either walker; a BTS buffer's
 * format is its record size. Expectations: two 24-byte BTS records and one format-0 PEBS
 * record (0x90 bytes) written here. */
static void fill_from_area(kprof_ds_buffer *b, const void *bytes, size_t len, uint64_t base, uint64_t index,
                           uint64_t maximum, unsigned format)
{
	memset(b, 0, sizeof(*b));
	b->bytes = bytes, b->len = len, b->base = base, b->index = index, b->maximum = maximum;
	b->format = format;
}

static void test_one_buffer_type(void)
{
	uint8_t bts[48], pebs[0x90];
	const uint64_t base = 0xFFFF800000010000ull;
	kprof_ds_buffer b;
	kprof_bts_iter bw;
	kprof_bts_entry e;
	kprof_pebs_iter pw;
	kprof_pebs_sample s;
	unsigned n;
	int wrapped = -1;
	memset(bts, 0, sizeof(bts));
	bts_put(bts, 24, 0, 0x1000, 0x2000, 0);
	bts_put(bts, 24, 1, 0x1001, 0x2001, 0);
	fill_from_area(&b, bts, sizeof(bts), base, base + 48, base + 48, KPROF_BTS_RECORD64_SIZE);
	CHECK_EQ(kprof_bts_wrapped_get(&b, &wrapped), KPROF_OK);
	CHECK_EQ(wrapped, 0);
	CHECK_EQ(kprof_bts_iter_init(&bw, &b), KPROF_OK);
	for (n = 0; kprof_bts_iter_next(&bw, &e) == KPROF_OK; n++)
		CHECK_EQ(e.from, 0x1000u + n);
	CHECK_EQ(n, 2);
	b.format = KPROF_BTS_RECORD64_SIZE + 1; /* neither record size */
	CHECK_EQ(kprof_bts_iter_init(&bw, &b), KPROF_E_FORMAT);
	fill_legacy(pebs, 0, 1);
	fill_from_area(&b, pebs, sizeof(pebs), base, base + 0x90, base + 0x90, 0);
	CHECK_EQ(kprof_pebs_iter_init(&pw, &b), KPROF_OK);
	for (n = 0; kprof_pebs_iter_next(&pw, &s) == KPROF_OK; n++)
		CHECK_EQ(s.size, 0x90u);
	CHECK_EQ(n, 1);
}

static void test_pebs_adaptive(void)
{
	static uint8_t buf[8192];
	const uint64_t cfgs[] = {0, 1, 2, 4, 8, 1 | 2 | 4 | 8 | (2ull << 24), 1 | 8 | (31ull << 24)};
	unsigned c;
	kprof_pebs_iter w;
	kprof_pebs_sample s;
	for (c = 0; c < KT_COUNT(cfgs); c++) {
		uint64_t cfg = cfgs[c];
		unsigned size = 0, n, at = 0;
		const uint64_t base = 0x7000000;
		for (n = 0; n < 3; n++)
			at += size = adaptive_put(buf + at, cfg, n + 1);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, at, base, base + at, base + at, 4 + (c & 1), cfg, 1), KPROF_OK);
		for (n = 0; kprof_pebs_iter_next(&w, &s) == KPROF_OK; n++) {
			uint64_t t = (uint64_t)(n + 1) << 16;
			CHECK_EQ(s.size, size);
			CHECK_EQ(s.ip, t | 0xA);
			CHECK_EQ(s.eventing_ip, t | 0xA);
			CHECK_EQ(s.applicable_counters, 5);
			CHECK_EQ(s.tsc, t | 0xC);
			CHECK_EQ(s.retire_latency, 7);
			CHECK_EQ(!!(s.has & KPROF_PEBS_HAS_MEMINFO), cfg & 1);
			if (cfg & 1) {
				CHECK_EQ(s.data_address, t | 0x100);
				CHECK_EQ(s.latency, t | 0x102);
				/* bits 15:0 instruction latency, 47:32 cache latency (Linux ds.c
				 * PEBS_LATENCY_MASK, PEBS_CACHE_LATENCY_OFFSET) */
				CHECK_EQ(s.instr_latency, 0x102);
				CHECK_EQ(s.cache_latency, 0);
			}
			CHECK_EQ(!!(s.has & KPROF_PEBS_HAS_GPRS), !!(cfg & 2));
			if (cfg & 2) {
				CHECK_EQ(s.gprs.ax, t | 0x202); /* flags, ip, ax */
				CHECK_EQ(s.gprs.cx, t | 0x203);
				CHECK_EQ(s.gprs.bx, t | 0x205);
				CHECK_EQ(s.gprs.r15, t | 0x211);
			}
			if (cfg & 4) {
				kprof_pebs_xmm x;
				CHECK(s.has & KPROF_PEBS_HAS_XMM);
				CHECK_EQ(kprof_pebs_xmm_decode(buf + s.xmm_offset, sizeof(buf) - s.xmm_offset, &x), KPROF_OK);
				CHECK_EQ(x.xmm[31], t | 0x31F);
			}
			if (cfg & 8) {
				kprof_pebs_lbr_entry l;
				CHECK_EQ(s.lbr_count, ((cfg >> 24) & 0xFF) + 1);
				kprof_pebs_lbr_entry_decode(buf + s.lbr_offset + (s.lbr_count - 1) * 24, 24, &l);
				CHECK_EQ(l.info, t | (0x400 + 3 * s.lbr_count - 1));
			} else {
				CHECK_EQ(s.lbr_count, 0);
			}
		}
		CHECK_EQ(n, 3);
		/* the same buffer without PEBS_DATA_CFG: each record's own size */
		CHECK_EQ(kc_pebs_iter_init(&w, buf, at, base, base + at, base + at, 4, 0, 0), KPROF_OK);
		for (n = 0; kprof_pebs_iter_next(&w, &s) == KPROF_OK; n++)
			;
		CHECK_EQ(n, 3);
		/* a PEBS_DATA_CFG that differs from the records' */
		{
			kprof_status st = kc_pebs_iter_init(&w, buf, at, base, base + at, base + at, 4, cfg ^ 1, 1);
			CHECK(st == KPROF_OK || st == KPROF_E_ALIGNMENT);
			if (st == KPROF_OK)
				CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_E_CORRUPT);
		}
	}
	{ /* mixed shapes, no data_cfg */
		unsigned at = 0, n = 0;
		at += adaptive_put(buf + at, 1, 1);
		at += adaptive_put(buf + at, 2 | 8, 2);
		at += adaptive_put(buf + at, 0, 3);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, at, 0, at, at, 5, 0, 0), KPROF_OK);
		while (kprof_pebs_iter_next(&w, &s) == KPROF_OK)
			n++;
		CHECK_EQ(n, 3);
		CHECK_EQ(w.status, KPROF_OK);
	}
	{ /* the latency split on a real-looking value: instr 0x1234, cache 0x56 */
		unsigned at = adaptive_put(buf, 1, 1);
		kc_put64(buf + 0x20 + 16, 0x0000005600001234ull);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, at, 0, at, at, 5, 1, 1), KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_OK);
		CHECK_EQ(s.instr_latency, 0x1234);
		CHECK_EQ(s.cache_latency, 0x56);
		CHECK_EQ(s.latency, 0x0000005600001234ull);
	}
	{ /* format 6: LBRs, then the counters group: header {cntr, fixed, metrics}, values */
		const uint64_t cfg = 8 | 1u << 4 | 1u << 5 | 0x6ull << 32 | 0x1ull << 48; /* gp 1, 2; fixed 0 */
		unsigned at = 0x20 + 24, n;
		uint32_t size = 0;
		CHECK_EQ(kprof_pebs_record_size_get(6, cfg, &size), KPROF_OK);
		CHECK_EQ(size, 0x20 + 24 + 16 + 2 * 8 + 3 * 8);
		memset(buf, 0, size);
		kc_put64(buf, (uint64_t)size << 48 | (cfg & 0xFFFFFFFFu)); /* the basic group copies bits 31:0 */
		kc_put32(buf + at, 0x6);     /* cntr */
		kc_put32(buf + at + 4, 0x1); /* fixed */
		kc_put32(buf + at + 8, 3);   /* metrics: INTEL_CNTR_METRICS */
		for (n = 0; n < 5; n++)
			kc_put64(buf + at + 16 + 8 * n, 0xC00 + n);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, size, 0, size, size, 6, cfg, 1), KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_OK);
		CHECK(s.has & KPROF_PEBS_HAS_CNTR);
		CHECK_EQ(s.cntr_offset, at);
		CHECK_EQ(s.cntr_count, 5);
		CHECK_EQ(s.lbr_count, 1);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_END);
		/* a record that snapshotted nothing (not a group read): header zero */
		kc_put32(buf + at, 0);
		kc_put32(buf + at + 4, 0);
		kc_put32(buf + at + 8, 0);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, size, 0, size, size, 6, cfg, 1), KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_OK);
		CHECK_EQ(s.cntr_count, 0);
		/* a header naming a counter data_cfg does not: corrupt */
		kc_put32(buf + at, 0x8);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, size, 0, size, size, 6, cfg, 1), KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_E_CORRUPT);
		kc_put32(buf + at, 0);
		kc_put32(buf + at + 8, 2); /* metrics other than INTEL_CNTR_METRICS */
		CHECK_EQ(kc_pebs_iter_init(&w, buf, size, 0, size, size, 6, cfg, 1), KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_E_CORRUPT);
		/* the same record to a format-5 walker: groups format 5 lacks */
		CHECK_EQ(kc_pebs_iter_init(&w, buf, size, 0, size, size, 5, 0, 0), KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_E_CORRUPT);
	}
	{ /* corrupt: size field disagrees, size 0, a record past index */
		unsigned at = adaptive_put(buf, 2, 1);
		kc_put64(buf, (uint64_t)(at + 8) << 48 | 2);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, at + 8, 0, at + 8, at + 8, 4, 0, 0), KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_E_CORRUPT);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_E_CORRUPT);
		kc_put64(buf, 0);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, at, 0, at, at, 4, 0, 0), KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_E_CORRUPT);
		at = adaptive_put(buf, 2, 1);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, at - 8, 0, at - 8, at, 4, 0, 0), KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_E_CORRUPT);
		CHECK_EQ(kc_pebs_iter_init(&w, buf, 16, 0, 16, 16, 4, 0, 0), KPROF_OK); /* shorter than a basic group */
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_E_CORRUPT);
		kc_put64(buf, (uint64_t)0x20 << 48 | 0x10); /* unknown group bit */
		CHECK_EQ(kc_pebs_iter_init(&w, buf, 0x20, 0, 0x20, 0x20, 4, 0, 0), KPROF_OK);
		CHECK_EQ(kprof_pebs_iter_next(&w, &s), KPROF_E_CORRUPT);
	}
}

/* Hostile bytes and DS fields: every walker stops with a status, reading nothing outside
 * the buffer (the sanitizers would say). */
static void test_hostile(void)
{
	uint8_t *buf;
	uint32_t x = 12345;
	unsigned i;
	size_t len;
	for (i = 0; i < 3000; i++) {
		kprof_pebs_iter w;
		kprof_pebs_sample s;
		kprof_bts_iter b;
		kprof_bts_entry e;
		uint64_t index, max;
		unsigned j, steps = 0, fmt;
		x = x * 1103515245u + 12345u;
		len = (x >> 8) % 600;
		buf = (uint8_t *)malloc(len ? len : 1);
		for (j = 0; j < len; j++) {
			x = x * 1103515245u + 12345u;
			buf[j] = (uint8_t)(x >> 16);
			if ((x >> 28) == 0 && j >= 7 && j % 8 == 7)
				buf[j - 1] = 0, buf[j] = (uint8_t)((x >> 10) & 3); /* plausible size fields */
		}
		x = x * 1103515245u + 12345u;
		index = 0x1000 + (x >> 4) % 700;
		max = index + (x >> 20) % 64;
		fmt = (x >> 12) % 8;
		if (kc_pebs_iter_init(&w, buf, len, 0x1000, index, max, fmt, (x >> 3) & 0xF, (x >> 7) & 1) == KPROF_OK)
			while (kprof_pebs_iter_next(&w, &s) == KPROF_OK)
				CHECK(++steps <= len / 0x20 + 1);
		if (kc_bts_iter_init(&b, buf, len, 0x1000, index, max, (x & 1) ? 24 : 12, (x >> 9) & 1) == KPROF_OK)
			while (kprof_bts_iter_next(&b, &e) == KPROF_OK)
				CHECK(e.at >= 0x1000 && e.at < 0x1000 + len);
		free(buf);
	}
	CHECK(1);
}

/* The PEBS index, from bytes and from live memory, in every layout. */
static void test_pebs_index(void)
{
	static const struct {
		kprof_ds_layout layout;
		size_t off, width, size;
	} cases[] = {
		{KPROF_DS_LAYOUT_INTEL64, 0x28, 8, 0xA0}, {KPROF_DS_LAYOUT_INTEL32, 0x14, 4, 0x28},
		{KPROF_DS_LAYOUT_WIN62, 0x28, 8, 0x60},   {KPROF_DS_LAYOUT_WIN64, 0x28, 8, 0xA0},
		{KPROF_DS_LAYOUT_WIN32, 0x14, 4, 0x80},
	};
	union {
		uint64_t align;
		uint8_t b[0xA0];
	} u;
	unsigned i;
	for (i = 0; i < KT_COUNT(cases); i++) {
		uint64_t v = 0, live = 0;
		kprof_ds_area64 a;
		memset(u.b, 0, sizeof(u.b));
		if (cases[i].width == 8)
			kc_put64(u.b + cases[i].off, 0x00000000DEAD1238ull);
		else
			kc_put32(u.b + cases[i].off, 0xDEAD1238u);
		CHECK_EQ(kprof_ds_pebs_index_get(u.b, cases[i].size, cases[i].layout, &v), KPROF_OK);
		CHECK_EQ(v, 0xDEAD1238u);
		CHECK_EQ(kprof_ds_pebs_index_get(u.b, cases[i].off + cases[i].width - 1, cases[i].layout, &v),
		         KPROF_E_TRUNCATED);
		/* The live read is a host-order load of memory the processor writes: store the index
		 * in host order for it (on x86 the same bytes; on a big-endian test host, not). */
		if (cases[i].width == 8) {
			uint64_t host = 0x00000000DEAD1238ull;
			memcpy(u.b + cases[i].off, &host, sizeof(host));
		} else {
			uint32_t host = 0xDEAD1238u;
			memcpy(u.b + cases[i].off, &host, sizeof(host));
		}
		CHECK_EQ(kprof_ds_pebs_index_read(u.b, cases[i].layout, &live), KPROF_OK);
		CHECK_EQ(live, 0xDEAD1238u);
		if (cases[i].width == 8)
			kc_put64(u.b + cases[i].off, 0x00000000DEAD1238ull);
		else
			kc_put32(u.b + cases[i].off, 0xDEAD1238u);
		CHECK_EQ(kprof_ds_pebs_index_read(u.b + 1, cases[i].layout, &live), KPROF_E_ALIGNMENT);
		CHECK_EQ(kprof_ds_area_unpack(u.b, cases[i].size, cases[i].layout, KPROF_PEBS_FORMAT_ADAPTIVE, &a), KPROF_OK);
		CHECK_EQ(a.pebs_index, 0xDEAD1238u);
		CHECK_EQ(kprof_ds_area_unpack(u.b, cases[i].size - 1, cases[i].layout, KPROF_PEBS_FORMAT_ADAPTIVE, &a), KPROF_E_TRUNCATED);
	}
	{
		uint64_t v;
		CHECK_EQ(kprof_ds_pebs_index_get(u.b, sizeof(u.b), (kprof_ds_layout)9, &v), KPROF_E_ARGUMENT);
	}
}

int main(void)
{
	test_setup_32();
	test_layouts();
	test_gpr_order();
	test_pebs_enable_fields();
	test_caps();
	test_record_size();
	test_setup();
	test_setup_formats();
	test_bts_walk();
	test_pebs_legacy();
	test_one_buffer_type();
	test_pebs_adaptive();
	test_hostile();
	test_pebs_index();
	return kt_done();
}
