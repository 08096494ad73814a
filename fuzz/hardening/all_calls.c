/* all_calls.c - one translation unit that calls every decoder and ring-0 function of kprof.h
 * on bytes the compiler cannot see through. It is what the kernel-discipline build compiles
 * (-ffreestanding -nostdlib -mgeneral-regs-only -mno-red-zone -fno-builtin, x86-64 and i386,
 * linked with its own _start) and what the static analysers (clang --analyze, gcc -fanalyzer,
 * cppcheck) read. Freestanding: no libc header, no libc call. It holds kprof's implementation
 * (external linkage: every body is compiled, called or not). */
#define KPROF_IMPLEMENTATION
#define KPROF_LWP_MODEL /* the LWP software model (opt-in): this program drives it */
#include "kprof.h"

#include "tests/kprof_helpers.h"

#define KH_INPUT 4096
/* Written by whoever links this (a debugger, a test): the compiler must assume anything. */
volatile uint8_t kprof_hardening_input[KH_INPUT];

/* The input every call reads: volatile-qualified access keeps the optimiser from folding
 * the calls away, so every decoder's code is really compiled and analysed. */
KPROF_IMPL_INTERNAL void kh_fill(uint8_t *dst, const volatile uint8_t *src, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		dst[i] = src[i];
}

KPROF_IMPL_INTERNAL uint32_t kh_u32(const uint8_t *p)
{
	return kprof_bytes_le32_load(p);
}

/* Each kh_* function exercises one area; kprof_hardening_all calls them all. Keeping them
 * apart keeps every frame small and shows in the stack report which area costs what. */
KPROF_IMPL_INTERNAL uint32_t kh_sources(const uint8_t *b, size_t n)
{
	uint32_t acc = 0;
	size_t count = 0;
	const kprof_source *same[4];
	const kprof_source *s;
	kprof_source_table itf = (kprof_source_table)(b[0] % KPROF_SOURCE_TABLE_COUNT);
	const kprof_source *rows = kprof_source_rows_by_table(itf, &count);
	const kprof_source_table_info *info = kprof_source_table_info_by_id(itf);
	if (rows && count)
		acc += rows[0].value;
	if (info)
		acc += info->counters;
	s = kprof_source_by_value(itf, kh_u32(b + 4));
	if (s)
		acc += s->select;
	{
		size_t k = 0;
		(void)kprof_source_all_by_select(itf, kh_u32(b + 8), same, 4, &k);
		acc += (uint32_t)k;
	}
#ifndef KPROF_NO_NAMES
	s = kprof_source_by_name(itf, (const char *)b + 12, n - 12);
	if (s) {
		acc += (uint32_t)(kprof_source_name_get(s)[0] + kprof_source_description_get(s)[0]);
	}
	acc += kprof_status_name((int)(int8_t)b[1]) ? 1u : 0u;
	acc += kprof_cpuid_vendor_name(b[2]) ? 1u : 0u;
#endif
	return acc;
}

KPROF_IMPL_INTERNAL uint32_t kh_select(const uint8_t *b)
{
	kprof_pmu_select sel;
	uint64_t v = kprof_bytes_le64_load(b), out = 0;
	kprof_cpuid_vendor vendor = (kprof_cpuid_vendor)(b[8] & 3);
	kprof_status st = kprof_pmu_select_unpack(vendor, v, &sel);
	if (st == KPROF_OK || st == KPROF_E_RESERVED) /* *out filled only for a known vendor */
		(void)kprof_pmu_select_pack(vendor, &sel, &out);
	return (uint32_t)out;
}

KPROF_IMPL_INTERNAL uint32_t kh_cpuid(const uint8_t *b)
{
	kprof_cpuid_snapshot s;
	uint32_t r[4], acc = 0;
	unsigned i;
	kprof_cpuid_snapshot_init(&s);
	for (i = 0; i + 20 <= 200; i += 20)
		(void)kprof_cpuid_snapshot_set(&s, kh_u32(b + i), 0, (const uint32_t[4]){kh_u32(b + i + 4), kh_u32(b + i + 8), kh_u32(b + i + 12), kh_u32(b + i + 16)});
	for (i = 0; i < KPROF_CPUID_SLOT_COUNT; i++)
		acc += (uint32_t)kprof_cpuid_snapshot_get(&s, (kprof_cpuid_slot)i, r) + r[b[i] & 3];
	acc += kprof_cpuid_leaf_by_number(kh_u32(b), 0) ? 1u : 0u;
	acc += kprof_cpuid_leaf_by_slot((kprof_cpuid_slot)b[0]) ? 1u : 0u;
	if (kprof_cpuid_leaf_read(0, 0, r) == KPROF_OK)
		acc += r[1];
	if (kprof_cpuid_snapshot_read(&s) == KPROF_OK)
		acc += s.present;
	return acc;
}


KPROF_IMPL_INTERNAL uint32_t kh_hal(const uint8_t *b)
{
	static kprof_cpuid_snapshot s;
	static kprof_hal_decision d;
	static kprof_pmu_plan plan;
	static kprof_source_profile_add add;
	static char str[13], raw[24];
	uint64_t cfg = 0;
	size_t n = 0, w = 0;
	uint32_t acc = 0;
	const kprof_source *rows;
	unsigned i;
	kprof_cpuid_snapshot_init(&s);
	for (i = 0; i + 20 <= 200; i += 20)
		(void)kprof_cpuid_snapshot_set(&s, kh_u32(b + i), 0, (const uint32_t[4]){kh_u32(b + i + 4), kh_u32(b + i + 8), kh_u32(b + i + 12), kh_u32(b + i + 16)});
	(void)kprof_hal_decision_get(&s, (kprof_hal_build)(b[0] & 1), KPROF_HAL_WINDOWS_10_1507, &d);
	acc += kprof_cpuid_family_get(kh_u32(b)) + kprof_cpuid_model_get(kh_u32(b)) + kprof_cpuid_stepping_get(kh_u32(b));
	{
		kprof_cpuid_vendor v = KPROF_CPUID_VENDOR_UNKNOWN;
		(void)kprof_cpuid_vendor_get(&s, &v);
		acc += (uint32_t)v;
	}
	if (kprof_cpuid_vendor_string_get(&s, str) == KPROF_OK)
		acc += (uint8_t)str[0];
	if (kprof_cpuid_hypervisor_string_get(&s, str) == KPROF_OK)
		acc += (uint8_t)str[0];
	rows = kprof_source_rows_by_table(d.table, &n);
	if (rows && n) {
		const kprof_source *r = &rows[b[1] % n];
		acc += (uint32_t)kc_supported(&d, r) + (uint32_t)kc_supported(&d, kprof_source_by_value((&d)->table, b[2]));
		kprof_pmu_counter_config pc = {0, kh_u32(b + 4), b[3] & 7u, b[5] & 3u};
		if (kprof_hal_plan_get(&d, r, &pc, &plan) == KPROF_OK)
			acc += plan.select_msr;
		if (kprof_pmu_plan_get(&d.pmu, &pc, &plan) == KPROF_OK)
			acc += plan.counter_msr;
		if (kprof_pmu_perf_config_get(kprof_source_table_info_vendor_get(kprof_source_table_info_by_id(kprof_source_table_get(r))), (r)->select, &cfg) == KPROF_OK)
			acc += (uint32_t)cfg;
		if (kprof_pmu_perf_raw_format(kprof_source_table_info_vendor_get(kprof_source_table_info_by_id(kprof_source_table_get(r))), (r)->select, raw, sizeof raw, &w) == KPROF_OK)
			acc += (uint32_t)w;
		if (kprof_source_profile_add_get(r, &add) == KPROF_OK)
			acc += add.event_select;
	}
	return acc;
}

KPROF_IMPL_INTERNAL uint32_t kh_dump(const uint8_t *b, size_t n)
{
	static kprof_dump_iter c;
	static kprof_dump_record r;
	static kprof_dump_error err;
	static kprof_cpuid_snapshot s;
	static char line[128];
	size_t w = 0;
	uint32_t acc = 0, k = 0;
	(void)kprof_dump_iter_init(&c, (const char *)b, n);
	while (k++ < 64 && kprof_dump_iter_next(&c, &r) == KPROF_OK) {
		if (kprof_dump_record_format(&r, line, sizeof line, &w) == KPROF_OK)
			acc += (uint32_t)w;
	}
	if (kprof_dump_header_format(b[0], line, sizeof line, &w) == KPROF_OK)
		acc += (uint32_t)w;
	if (kprof_dump_snapshot_get((const char *)b, n, b[1], &s, &err) == KPROF_OK)
		acc += s.present;
	{
		static kprof_cpu_group g[4];
		static kprof_cpu_groups gs;
		static kprof_cpu_effect e;
		static uint32_t of[8];
		kprof_status st;
		/* Two groups' room first, then all four, going on where it stopped. */
		(void)kprof_cpu_groups_init(&gs, g, 2, of, 8);
		st = kprof_cpu_dump_add(&gs, (const char *)b, n, &err);
		if (st == KPROF_E_BUFFER_TOO_SMALL && kprof_cpu_groups_array_set(&gs, g, 4) == KPROF_OK)
			st = kprof_cpu_dump_add(&gs, (const char *)b, n, &err);
		if (st == KPROF_OK && gs.count > 1 &&
		    kprof_cpu_group_compare(&g[0], &g[1], KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &e) == KPROF_OK)
			acc += e.sources_differ + (uint32_t)e.facts_differ + (uint32_t)gs.compares;
	}
	return acc;
}

KPROF_IMPL_INTERNAL int kh_record(void *ctx, const uint8_t *rec, uint32_t size)
{
	*(uint32_t *)ctx += rec[0] + size;
	return 0;
}

static uint8_t kh_ring_mem[4096 + 64];
static uint8_t kh_cb_mem[512 + 32];
#if !(defined(KH_FREESTANDING) && defined(__i386__))
static kprof_lwpmodel kh_model; /* large: kept off the stack */
#endif

/* The LWP ring calls of kh_lwp, in a frame of their own (i386 -O2 inlined them all into one
 * over the 512-byte bar: the harness's frame, not a library function's, which stack-frames
 * measures on its own). */
static KPROF_IMPL_NOINLINE uint32_t kh_lwp_ring(uint8_t *cb, uint8_t *ring_buf, const kprof_lwp_caps *caps)
{
	static kprof_lwp_ring ring;
	static kprof_lwp_span span;
	static kprof_lwp_ring_iter it;
	static kprof_lwp_ring_config rcfg;
	const uint8_t *rec;
	uint64_t missed = 0;
	size_t copied = 0;
	uint32_t used = 0, acc = 0;
	/* Every ring call whatever attach said (a refused attach leaves a ring every call
	 * refuses), and the hot calls on NULL. */
	rcfg.caps = caps;
	rcfg.expect_buffer = ring_buf;
	rcfg.expect_size = 4096;
	rcfg.options = 0;
	acc += (uint32_t)kprof_lwp_ring_attach(&ring, cb, &rcfg);
	if (kprof_lwp_ring_poll(&ring, &span) > 0)
		(void)kprof_lwp_ring_consume(&ring, span.first_count);
	if (kprof_lwp_ring_iter_init(&it, &ring) == KPROF_OK)
		while (kprof_lwp_ring_iter_next(&it, &rec) == KPROF_OK)
			acc += rec[0];
	(void)kprof_lwp_ring_iter_commit(&it);
	(void)kprof_lwp_ring_copy(&ring, kh_ring_mem, 64, &copied);
	(void)kprof_lwp_ring_drain(&ring, kh_record, &acc, 4, &used);
	(void)kprof_lwp_ring_missed_get(&ring, &missed);
	acc += (uint32_t)kprof_lwp_ring_check(&ring) + (uint32_t)missed + (uint32_t)copied;
	acc += (uint32_t)kprof_lwp_ring_poll(0, &span) + (uint32_t)kprof_lwp_ring_iter_next(0, &rec);
	return acc;
}

KPROF_IMPL_INTERNAL uint32_t kh_lwp(const uint8_t *b, size_t n)
{
	static kprof_lwp_caps caps;
	static kprof_lwp_config cfg;
	static kprof_lwp_event_config ev[2];
	static kprof_lwp_sample smp;
	static kprof_lwp_record_iter rit;
	static kprof_lwp_rule rule;
	static kprof_cpuid_snapshot s;
	uint32_t leaf[4], acc = 0;
	uint8_t *cb = kh_cb_mem + (32u - ((uintptr_t)kh_cb_mem & 31u));
	uint8_t *ring_buf = kh_ring_mem + (32u - ((uintptr_t)kh_ring_mem & 31u));
	void *active = 0;
	uint32_t used = 0;
	unsigned i;
	for (i = 0; i < 4; i++)
		leaf[i] = kh_u32(b + 4 * i);
	(void)kc_lwp_shipped(leaf[0], leaf[1], leaf[2], leaf[3], &caps);
	(void)kc_lwp_shipped(leaf[0], leaf[1], leaf[2], leaf[3], &caps);
	(void)kc_lwp_caps(kh_u32(b + 16), leaf, (kprof_lwp_revision)(b[20] & 3), &caps);
	kprof_cpuid_snapshot_init(&s);
	(void)kprof_lwp_caps_get(&s, KPROF_LWP_REVISION_NONE, &caps);
	(void)kprof_lwp_ring_space_get(kh_u32(b + 24), kh_u32(b + 28), 4096, &used);
	acc += used;
	(void)kprof_lwp_record_unpack(b + 32, n - 32, (kprof_lwp_revision)(b[21] & 3), &smp);
	(void)kprof_lwp_record_iter_init(&rit, b, 256, KPROF_LWP_REVISION_SHIPPED);
	while (kprof_lwp_record_iter_next(&rit, &smp) == KPROF_OK)
		acc += smp.event_id;
	(void)kprof_lwpmodel_caps_get(&caps);
	ev[0].event_id = 2;
	ev[0].interval = 1 + b[22];
	ev[1].event_id = 255;
	ev[1].interval = 1;
	cfg.buffer_base = (uint64_t)(uintptr_t)ring_buf;
	cfg.buffer_size = 4096;
	cfg.events = ev;
	cfg.event_count = 1u + (b[23] & 1);
	cfg.random = b[24] & 15;
	cfg.threshold_interrupt = cfg.cont = cfg.ptsc = 0;
	cfg.threshold = 0;
	cfg.filters = 0;
	cfg.base_ip = cfg.limit_ip = cfg.software_data1 = cfg.software_data2 = 0;
	(void)kprof_lwp_lwpcb_init(cb, 512, &caps, &cfg, &rule);
#if !(defined(KH_FREESTANDING) && defined(__i386__))
	/* The software model is user-mode code (a producer for tests): its 64-bit atomic
	 * MissedEvents store needs libatomic's __atomic_store_8 on i386 without SSE/x87, so the
	 * i386 freestanding build leaves it out. Every ring-0 and decoder path stays in. */
	if (kprof_lwpmodel_init(&kh_model, &caps, b[25], kh_u32(b + 28)) == KPROF_OK) {
		static kprof_lwpmodel_insn insn;
		static kprof_lwpmodel_user_event uev;
		int produced = 0;
		(void)kprof_lwpmodel_threshold_set(&kh_model, 0, 0);
		(void)kprof_lwpmodel_lwpcb_load(&kh_model, cb);
		insn.ip = kh_u32(b + 32);
		insn.cycles = 1;
		insn.is_branch = b[26] & 1;
		insn.taken = insn.predicted = 1;
		insn.dcache_miss = b[27] & 1;
		insn.data_source = insn.data_address_valid = 0;
		insn.latency = 0;
		insn.next_ip = insn.data_address = 0;
		(void)kprof_lwpmodel_insn_execute(&kh_model, &insn, &produced);
		acc += (uint32_t)produced;
		uev.data2 = 1;
		uev.data1 = 2;
		uev.flags = 3;
		uev.ip = 4;
		(void)kprof_lwpmodel_lwpval_execute(&kh_model, &uev, &produced);
		acc += (uint32_t)produced;
		(void)kprof_lwpmodel_lwpins_execute(&kh_model, &uev, &produced);
		acc += (uint32_t)produced;
		(void)kprof_lwpmodel_lwpcb_store(&kh_model, &active);
	}
#endif
	acc += kh_lwp_ring(cb, ring_buf, &caps);
	if (b[29] == 0x5A) { /* ring 0 / LWP-enabled only: compiled, executed only on request */
		(void)kprof_lwp_lwpcb_load(cb);
		(void)kprof_lwp_lwpcb_store(&active);
	}
	return acc + (active != 0);
}

static uint8_t kh_psi_mem[1024];

/* Large objects live in static storage: this TU checks the header's frames, not its own. */
static kprof_ds_request kh_req;
static kprof_ds_setup kh_setup;
static kprof_pebs_sample kh_ps;

KPROF_IMPL_INTERNAL uint32_t kh_ds_setup(const uint8_t *b)
{
	static kprof_cpuid_snapshot s;
	static kprof_ds_caps caps;
	uint64_t misc = kprof_bytes_le64_load(b);
	uint32_t size = 0;
	unsigned i;
	kprof_cpuid_snapshot_init(&s);
	(void)kprof_cpuid_snapshot_set(&s, 1, 0, (const uint32_t[4]){kh_u32(b), kh_u32(b + 4), kh_u32(b + 8), kh_u32(b + 12)});
	(void)kprof_ds_caps_get(&s, (b[16] & 1) ? &misc : 0, (b[16] & 2) ? &misc : 0, &caps);
	(void)kprof_pebs_record_size_get(b[17] & 7, kprof_bytes_le64_load(b + 24), &size);
	for (i = 0; i < sizeof kh_req; i++)
		((uint8_t *)&kh_req)[i] = b[32 + i];
	if (kprof_ds_setup_get(&kh_req, &caps, &kh_setup) == KPROF_OK)
		(void)kprof_ds_setup_write(&kh_setup, kh_psi_mem, sizeof kh_psi_mem);
	if (b[31] == 0x5A) /* ring 0 only: reads MSRs */
		(void)kprof_ds_caps_read(1, &caps);
	return size + caps.pebs_format;
}

KPROF_IMPL_INTERNAL uint32_t kh_ds_walks(const uint8_t *b, size_t n)
{
	static kprof_ds_area64 area;
	static kprof_bts_iter bw;
	static kprof_bts_entry be;
	static kprof_pebs_iter pw;
	static kprof_ds_buffer bbuf;
	static kprof_ds_buffer pbuf;
	uint64_t idx = 0;
	uint32_t acc = 0, k = 0;
	int wrapped = 0;
	kprof_ds_layout layout = (kprof_ds_layout)(b[18] % 5u);
	if (kprof_ds_area_unpack(b + 512, n - 512, layout, b[17] % 8u, &area) != KPROF_OK)
		return 0;
	(void)kprof_ds_pebs_index_get(b + 512, n - 512, layout, &idx);
	(void)kprof_ds_pebs_index_read(kprof_hardening_input + 512, layout, &idx);
	bbuf.bytes = b + 1024;
	bbuf.len = 1024;
	bbuf.base = area.bts_buffer_base;
	bbuf.index = area.bts_index;
	bbuf.maximum = area.bts_absolute_maximum;
	bbuf.format = 24;
	bbuf.flags = b[19] & 1;
	if (kprof_bts_iter_init(&bw, &bbuf) == KPROF_OK)
		while (k++ < 64 && kprof_bts_iter_next(&bw, &be) == KPROF_OK)
			acc += (uint32_t)be.from;
	bbuf.format = 12;
	(void)kprof_bts_wrapped_get(&bbuf, &wrapped);
	pbuf.bytes = b + 2048;
	pbuf.len = 1024;
	pbuf.base = area.pebs_buffer_base;
	pbuf.index = area.pebs_index;
	pbuf.maximum = area.pebs_absolute_maximum;
	pbuf.format = b[20] & 7;
	pbuf.data_cfg = kprof_bytes_le64_load(b + 24);
	pbuf.flags = b[21] & 1;
	if (kprof_pebs_iter_init(&pw, &pbuf) == KPROF_OK)
		while (k++ < 128 && kprof_pebs_iter_next(&pw, &kh_ps) == KPROF_OK)
			acc += (uint32_t)kh_ps.ip;
	return acc + (uint32_t)wrapped + (uint32_t)idx;
}

KPROF_IMPL_INTERNAL uint32_t kh_psi(const uint8_t *b)
{
	kprof_psi_iter pi;
	kprof_psi_entry pe;
	kprof_psi_match pm;
	kprof_psi_writer wr;
	char utf8[64];
	size_t ul = 0;
	uint32_t acc = 0, k = 0;
	if (kprof_psi_iter_init(&pi, b + 3072, 1024) == KPROF_OK)
		while (k++ < 64 && kprof_psi_iter_next(&pi, &pe) == KPROF_OK) {
			int equal = 0;
			(void)kprof_psi_description_to_utf8(&pi, &pe, utf8, sizeof utf8, &ul);
			(void)kprof_psi_description_compare(&pi, &pe, "Timer", 5, &equal);
			acc += (uint32_t)equal;
			if (kprof_psi_match_get(&pe, KPROF_SOURCE_TABLE_EMON, &pm) == KPROF_OK)
				acc += pm.later;
		}
	if (kprof_psi_writer_init(&wr, kh_psi_mem, sizeof kh_psi_mem) == KPROF_OK) {
		const kprof_psi_item timer = {0, 1221, 1000000, "Timer", 5};
		(void)kprof_psi_writer_add(&wr, &timer);
	}
	return acc + (uint32_t)ul;
}

/* Custom profile sources: a record of the input read back, checked against a decision made
 * of the input, packed again; and a description built of the input. */
KPROF_IMPL_INTERNAL uint32_t kh_custom(const uint8_t *b)
{
	static kprof_cpuid_snapshot s;
	static kprof_hal_decision d;
	static kprof_windows_custom_source cs;
	static kprof_windows_custom_source_verdict v;
	kprof_cpuid_vendor vendor = b[2047] & 1 ? KPROF_CPUID_VENDOR_AMD : KPROF_CPUID_VENDOR_INTEL;
	size_t n = 0;
	uint32_t acc = 0;
	unsigned i;
	kprof_cpuid_snapshot_init(&s);
	for (i = 0; i + 20 <= 120; i += 20)
		(void)kprof_cpuid_snapshot_set(&s, kh_u32(b + 1800 + i), 0, (const uint32_t[4]){kh_u32(b + 1804 + i), kh_u32(b + 1808 + i), kh_u32(b + 1812 + i), kh_u32(b + 1816 + i)});
	(void)kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
	if (kprof_windows_custom_source_unpack(b + 2048, 0x24u + b[2046] * 2u, vendor, &cs) == KPROF_OK) {
		acc += (uint32_t)-kprof_windows_custom_source_verdict_get(&cs, &d, &v) + v.warnings;
		if (kprof_windows_custom_source_pack(&cs, kh_psi_mem, sizeof kh_psi_mem, &n) == KPROF_OK)
			acc += (uint32_t)n;
	}
	if (kprof_windows_custom_source_init(&cs, vendor, kprof_bytes_le64_load(b + 2040)) == KPROF_OK &&
	    kprof_windows_custom_source_name_set(&cs, (const char *)b + 2020, b[2019] & 15) == KPROF_OK) {
		acc += (uint32_t)-kprof_windows_custom_source_verdict_get(&cs, &d, &v);
		if (kprof_windows_custom_source_pack(&cs, kh_psi_mem, sizeof kh_psi_mem, &n) == KPROF_OK)
			acc += (uint32_t)n;
	}
	return acc;
}

static uint8_t kh_codec_out[512];

/* Every generated struct codec (the list gen-structs.py writes from kprof.h). */
#define KF_STRUCT(n, size)                                                                          \
	KPROF_IMPL_INTERNAL uint32_t kh_codec_##n(const uint8_t *b, size_t len)                            \
	{                                                                                              \
		static kprof_##n o; /* off the stack: kprof_ds_area64 is 0x1C0 bytes */             \
		if (kprof_##n##_decode(b, len, &o) != KPROF_OK)                                       \
			return 0;                                                                      \
		return kprof_##n##_encode(&o, kh_codec_out, sizeof kh_codec_out) == KPROF_OK;        \
	}
#include "kf_structs.h"
#undef KF_STRUCT

KPROF_IMPL_INTERNAL uint32_t kh_codecs(const uint8_t *b, size_t len)
{
	uint32_t acc = 0;
#define KF_STRUCT(n, size) acc += kh_codec_##n(b, len);
#include "kf_structs.h"
#undef KF_STRUCT
	return acc;
}

/* Ring 0 only: compiled here so the kernel build proves they are freestanding-clean. */
KPROF_IMPL_INTERNAL uint32_t kh_ring0(const uint8_t *b)
{
	uint64_t v = 0;
	if (b[30] != 0xA5) /* executed only on request: rdmsr faults outside ring 0 */
		return 0;
	(void)kprof_msr_read(kh_u32(b), &v);
	(void)kprof_msr_write(kh_u32(b + 4), v);
	(void)kprof_pmu_counter_read(b[8], &v);
	return (uint32_t)v;
}

uint32_t kprof_hardening_all(void);
uint32_t kprof_hardening_all(void)
{
	static uint8_t buf[KH_INPUT]; /* static: a 4 KiB frame would break the 512-byte rule */
	uint32_t acc = 0;
	kh_fill(buf, kprof_hardening_input, sizeof buf);
/* KH_ONLY=n keeps one area (gcc -fanalyzer takes minutes over all of them at once). */
#if !defined(KH_ONLY) || KH_ONLY == 1
	acc += kh_sources(buf, sizeof buf);
	acc += kh_select(buf);
	acc += kh_cpuid(buf);
#endif
#if !defined(KH_ONLY) || KH_ONLY == 2
	acc += kh_hal(buf);
#endif
#if !defined(KH_ONLY) || KH_ONLY == 3
	acc += kh_dump(buf, sizeof buf);
#endif
#if !defined(KH_ONLY) || KH_ONLY == 4
	acc += kh_lwp(buf, sizeof buf);
#endif
#if !defined(KH_ONLY) || KH_ONLY == 5
	acc += kh_ds_setup(buf);
	acc += kh_ds_walks(buf, sizeof buf);
	acc += kh_psi(buf);
	acc += kh_custom(buf);
#endif
#if !defined(KH_ONLY) || KH_ONLY == 6
	acc += kh_codecs(buf, sizeof buf);
	acc += kh_ring0(buf);
#endif
	return acc;
}
