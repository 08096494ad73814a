/* cpuid snapshot -> HAL decision. The input is a sequence of leaves as a dump would give
 * them (any leaf, repeats, garbage values); an independent model of the snapshot's documented
 * trust rule checks _set/_has/_reg, and the HAL's decision is checked against the rules of
 * reference/hal-profile-interfaces.md that can be stated without re-implementing it. */
#include "fuzz_common.h"

/* The leaf and sub-leaf of each slot: the library's public slot -> leaf mapping (spec data,
 * so a slot the spec adds needs no edit here); what the harness models independently is the
 * snapshot's trust rule below. */
static uint32_t slot_leaf(unsigned slot)
{
	return kprof_cpuid_leaf_by_slot((kprof_cpuid_slot)slot)->leaf;
}

static uint32_t slot_sub(unsigned slot)
{
	return kprof_cpuid_leaf_by_slot((kprof_cpuid_slot)slot)->subleaf;
}

typedef struct model {
	int present[KPROF_CPUID_SLOT_COUNT];
	uint32_t regs[KPROF_CPUID_SLOT_COUNT][4];
} model;

static int model_has(const model *m, unsigned slot)
{
	uint32_t leaf = slot_leaf(slot);
	if (!m->present[slot])
		return 0;
	if (leaf >= 0x80000000u)
		return m->present[KPROF_CPUID_SLOT_EXT_MAX] &&
		       leaf <= m->regs[KPROF_CPUID_SLOT_EXT_MAX][KPROF_CPUID_REG_EAX];
	if (leaf >= 0x40000000u) {
		uint32_t max = m->regs[KPROF_CPUID_SLOT_HV_VENDOR][KPROF_CPUID_REG_EAX];
		/* hypervisor leaves: only with cpuid.1:ecx[31]; max 0 means "unknown" */
		return m->present[KPROF_CPUID_SLOT_HV_VENDOR] && model_has(m, KPROF_CPUID_SLOT_FEATURES) &&
		       (m->regs[KPROF_CPUID_SLOT_FEATURES][KPROF_CPUID_REG_ECX] & 0x80000000u) &&
		       (max == 0 || leaf <= max);
	}
	return m->present[KPROF_CPUID_SLOT_VENDOR] &&
	       leaf <= m->regs[KPROF_CPUID_SLOT_VENDOR][KPROF_CPUID_REG_EAX];
}

static void check_snapshot(const kprof_cpuid_snapshot *s, const model *m)
{
	unsigned slot, r;
	uint32_t regs[4];
	for (slot = 0; slot < KPROF_CPUID_SLOT_COUNT; slot++) {
		kprof_status st = kprof_cpuid_snapshot_get(s, (kprof_cpuid_slot)slot, regs);
		int has = st == KPROF_OK;
		KF_CHECK(has == model_has(m, slot) && (has || st == KPROF_E_NOT_FOUND));
		for (r = 0; r < 4; r++)
			KF_CHECK(regs[r] == (has ? m->regs[slot][r] : 0));
	}
	KF_CHECK(kprof_cpuid_snapshot_get(s, KPROF_CPUID_SLOT_COUNT, regs) == KPROF_E_NOT_FOUND && regs[0] == 0);
	KF_CHECK(kprof_cpuid_snapshot_get(s, (kprof_cpuid_slot)-1, regs) == KPROF_E_NOT_FOUND);
}


/* The x64 HAL's decision restated from reference/hal-profile-interfaces.md over the
 * harness's own model of which leaves are trusted. */
static unsigned expected_x64(const model *m)
{
	const uint32_t *v = m->regs[KPROF_CPUID_SLOT_VENDOR];
	unsigned itf = KPROF_SOURCE_TABLE_DEFAULT;
	if (model_has(m, KPROF_CPUID_SLOT_VENDOR)) {
		if (v[1] == 0x68747541u && v[3] == 0x69746E65u && v[2] == 0x444D4163u) /* AuthenticAMD */
			itf = KPROF_SOURCE_TABLE_AMD64;
		if (v[1] == 0x756E6547u && v[3] == 0x49656E69u && v[2] == 0x6C65746Eu && /* GenuineIntel */
		    model_has(m, KPROF_CPUID_SLOT_PERFMON)) {
			const uint32_t *p = m->regs[KPROF_CPUID_SLOT_PERFMON];
			if ((p[0] & 0xFF) >= 1 && (p[0] >> 24) != 0 && !(p[1] & 1))
				itf = KPROF_SOURCE_TABLE_EMON;
		}
	}
	/* rule 2: a Microsoft-compatible hypervisor without PerformanceMonitorsAvailable */
	if (itf != KPROF_SOURCE_TABLE_DEFAULT && model_has(m, KPROF_CPUID_SLOT_HV_INTERFACE) &&
	    m->regs[KPROF_CPUID_SLOT_HV_INTERFACE][KPROF_CPUID_REG_EAX] == 0x31237648u /* "Hv#1" */ &&
	    !(model_has(m, KPROF_CPUID_SLOT_HV_FEATURES) &&
	      (m->regs[KPROF_CPUID_SLOT_HV_FEATURES][KPROF_CPUID_REG_EDX] & 4u)))
		itf = KPROF_SOURCE_TABLE_DEFAULT;
	return itf;
}

static void check_decision(const kprof_cpuid_snapshot *s, const model *m, kf_cursor *c)
{
	kprof_hal_decision d64, d32, dx;
	size_t count = 0, i;
	const kprof_source *rows;
	unsigned want = expected_x64(m);
	KF_CHECK(kprof_hal_decision_get(s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d64) == KPROF_OK);
	KF_CHECK(kprof_hal_decision_get(s, KPROF_HAL_BUILD_X86, KPROF_HAL_WINDOWS_10_1507, &d32) == KPROF_OK);
	KF_CHECK(kprof_hal_decision_get(s, (kprof_hal_build)(2 + kf_u8(c) % 8u), KPROF_HAL_WINDOWS_10_1507, &dx) == KPROF_E_ARGUMENT);
	KF_CHECK(dx.table == KPROF_SOURCE_TABLE_DEFAULT);
	KF_CHECK(kprof_hal_decision_get(s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, NULL) == KPROF_E_ARGUMENT);
	KF_CHECK(d64.table == want);
	/* the 32-bit HAL only adds reasons to fall back */
	KF_CHECK(d32.table == d64.table || d32.table == KPROF_SOURCE_TABLE_DEFAULT);
	KF_CHECK(d64.hv_present == (model_has(m, KPROF_CPUID_SLOT_FEATURES) &&
	                            (m->regs[KPROF_CPUID_SLOT_FEATURES][KPROF_CPUID_REG_ECX] >> 31)));
	KF_CHECK(d64.vendor_string[12] == '\0' && d64.hv_vendor[12] == '\0');
	if (d64.table == KPROF_SOURCE_TABLE_EMON) {
		const uint32_t *p = m->regs[KPROF_CPUID_SLOT_PERFMON];
		unsigned n = (p[0] >> 8) & 0xFF;
		KF_CHECK(d64.counters == (n > 8 ? 8 : n) && d64.counter_width == ((p[0] >> 16) & 0xFF));
		KF_CHECK(d64.perfevtsel_msr == 0x186u && d64.counter_msr == 0xC1u);
	} else if (d64.table == KPROF_SOURCE_TABLE_AMD64) {
		KF_CHECK(d64.counters == 4 && d64.counter_width == 48);
		KF_CHECK(d64.perfevtsel_msr == 0xC0010000u && d64.counter_msr == 0xC0010004u);
	} else {
		KF_CHECK(d64.counters == 0);
	}
	/* per-source support, and the plans and bridges built on it */
	rows = kprof_source_rows_by_table((kprof_source_table)d64.table, &count);
	for (i = 0; i < count; i++) {
		const kprof_source *r = &rows[i];
		int sup = kc_supported(&d64, r), want_sup;
		kprof_pmu_plan plan;
		kprof_status st;
		uint32_t counter = kf_u8(c) % 10u;
		if (r->value == 0)
			want_sup = 1;
		else if (d64.table == KPROF_SOURCE_TABLE_AMD64)
			want_sup = 1;
		else if (d64.table == KPROF_SOURCE_TABLE_EMON)
			want_sup = r->ebx_bit >= 0 && r->ebx_bit < (int)d64.ebx_length &&
			           !((d64.ebx >> r->ebx_bit) & 1);
		else
			want_sup = 0;
		KF_CHECK(sup == want_sup);
		KF_CHECK(kc_supported(&d64, kprof_source_by_value((kprof_source_table)(&d64)->table, r->value)) == want_sup);
		uint64_t interval = (kf_u8(c) & 1) ? kf_u32(c) : 0;
		uint64_t mask = d64.counter_width >= 64 ? ~(uint64_t)0
		                                        : (((uint64_t)1 << d64.counter_width) - 1u);
		kprof_pmu_counter_config cfg = {0, interval, counter, kf_u8(c) & 1u};
		/* the hardware core alone: never an MSR outside the processor's layout */
		cfg.select = r->select;
		cfg.flags |= kf_u8(c) & (KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED | KPROF_PMU_PLAN_FLAGS_FIXED);
		if (cfg.flags & KPROF_PMU_PLAN_FLAGS_FIXED)
			cfg.select &= 0x30000; /* USR, OS: all a fixed counter takes */
		if (kprof_pmu_plan_get(&d64.pmu, &cfg, &plan) == KPROF_OK)
			KF_CHECK(cfg.flags & KPROF_PMU_PLAN_FLAGS_FIXED
			                 ? d64.pmu.vendor == KPROF_CPUID_VENDOR_INTEL && counter < d64.pmu.fixed_limit &&
			                           plan.select_msr == 0x38Du && plan.select_mask == 0xFull << (4 * counter) &&
			                           plan.counter_msr == d64.pmu.fixed_counter_msr + counter * d64.pmu.fixed_msr_stride
			         : d64.pmu.vendor == KPROF_CPUID_VENDOR_AMD && !(cfg.flags & KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED)
			                 ? counter < 4 && plan.select_msr == 0xC0010000u + counter
			                 : counter < d64.pmu.counter_limit && (d64.pmu.counter_mask >> counter & 1u) &&
			                           plan.select_msr == d64.pmu.perfevtsel_msr + counter * d64.pmu.msr_stride);
		else
			KF_CHECK(plan.program_count == 0);
		cfg.select = 0;
		cfg.flags &= KPROF_PMU_PLAN_FLAGS_INTERRUPT;
		st = kprof_hal_plan_get(&d64, r, &cfg, &plan);
		if (st == KPROF_OK) {
			/* the preload makes the counter overflow after exactly interval events */
			KF_CHECK(interval <= mask && (d64.table != KPROF_SOURCE_TABLE_EMON || interval <= 0x7FFFFFFFu));
			KF_CHECK(((plan.preload + interval) & mask) == 0 && plan.preload <= mask);
			KF_CHECK(sup && r->select != 0);
			KF_CHECK(plan.program_count >= 1 && plan.program_count <= 3);
			if (counter < d64.counters) {
				KF_CHECK(plan.select_msr == d64.perfevtsel_msr + counter * d64.msr_stride);
			} else {
				/* beyond the interface: the processor's counters, never past the layout */
				KF_CHECK(d64.table == KPROF_SOURCE_TABLE_EMON && counter < d64.pmu.counter_limit &&
				         (d64.pmu.counter_mask >> counter & 1u) &&
				         plan.select_msr == d64.pmu.perfevtsel_msr + counter * d64.pmu.msr_stride);
			}
			KF_CHECK(plan.start_select & (1u << 22)); /* EN */
			KF_CHECK((plan.stop.value & (1u << 22)) == 0 && plan.stop.msr == plan.select_msr);
			KF_CHECK((plan.start_select & ~(uint64_t)0x500000u) == r->select);
		} else {
			KF_CHECK(st == KPROF_E_UNSUPPORTED || st == KPROF_E_RANGE);
			if (sup && r->select && counter < d64.counters)
				/* the interval, or a counter of no bits */
				KF_CHECK(st == KPROF_E_RANGE || (st == KPROF_E_UNSUPPORTED && (d64.counter_width == 0 || d64.counter_width > 64)));
		}
		if (r->select) {
			uint64_t cfg = 0;
			char raw[24], *tight;
			size_t w = 0;
			KF_CHECK(kprof_pmu_perf_config_get(kprof_source_table_info_vendor_get(kprof_source_table_info_by_id(kprof_source_table_get(r))), (r)->select, &cfg) == KPROF_OK);
			KF_CHECK(cfg == (r->select & ~(uint64_t)0x530000u));
			KF_CHECK(kprof_pmu_perf_raw_format(kprof_source_table_info_vendor_get(kprof_source_table_info_by_id(kprof_source_table_get(r))), (r)->select, raw, sizeof raw, &w) == KPROF_OK);
			KF_CHECK(w == strlen(raw) && raw[0] == 'r' && strtoull(raw + 1, NULL, 16) == cfg);
			tight = (char *)malloc(w);
			if (!tight)
				abort();
			KF_CHECK(kprof_pmu_perf_raw_format(kprof_source_table_info_vendor_get(kprof_source_table_info_by_id(kprof_source_table_get(r))), (r)->select, tight, w, NULL) == KPROF_E_BUFFER_TOO_SMALL);
			free(tight);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	kprof_cpuid_snapshot s;
	model m;
	unsigned steps = 0;

	memset(&m, 0, sizeof m);
	memset(&s, 0xCC, sizeof s); /* _init must not rely on a zeroed object */
	kprof_cpuid_snapshot_init(&s);
	while (c.n && steps++ < 64) {
		uint8_t sel = kf_u8(&c);
		uint32_t leaf, sub = 0, r[4];
		int slot, expect_slot = -1;
		kprof_status st;
		unsigned i;
		/* mostly the leaves kprof keeps; sometimes anything */
		if (sel & 0x80) {
			leaf = kf_u32(&c);
		} else {
			leaf = slot_leaf(sel % KPROF_CPUID_SLOT_COUNT);
			sub = slot_sub(sel % KPROF_CPUID_SLOT_COUNT);
		}
		if (sel & 0x40)
			sub = kf_u8(&c);
		for (i = 0; i < 4; i++)
			r[i] = (sel & 0x20) ? kf_u32(&c) : (uint32_t)kf_u8(&c) << (8 * (i & 3));
		for (i = 0; i < KPROF_CPUID_SLOT_COUNT; i++)
			if (slot_leaf(i) == leaf && slot_sub(i) == sub)
				expect_slot = (int)i;
		{
			const kprof_cpuid_leaf *l = kprof_cpuid_leaf_by_number(leaf, sub);
			slot = l ? (int)l->slot : -1;
			KF_CHECK(!l || (l->leaf == leaf && l->subleaf == sub && kprof_cpuid_leaf_by_slot(l->slot) == l));
		}
		KF_CHECK(slot == expect_slot);
		st = kprof_cpuid_snapshot_set(&s, leaf, sub, (const uint32_t[4]){r[0], r[1], r[2], r[3]});
		if (slot < 0) {
			KF_CHECK(st == KPROF_E_NOT_FOUND);
		} else if (!m.present[slot]) {
			KF_CHECK(st == KPROF_OK);
			m.present[slot] = 1;
			memcpy(m.regs[slot], r, sizeof r);
		} else {
			KF_CHECK(st == (memcmp(m.regs[slot], r, sizeof r) ? KPROF_E_DUPLICATE : KPROF_OK));
		}
	}
	check_snapshot(&s, &m);
	check_decision(&s, &m, &c);
	KF_CHECK(kprof_cpuid_snapshot_set(NULL, 0, 0, (const uint32_t[4]){0, 0, 0, 0}) == KPROF_E_ARGUMENT);
	return 0;
}
