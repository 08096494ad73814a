/* cpuid snapshot -> HAL decision. The input is a sequence of leaves as a dump would give
 * them (any leaf, repeats, garbage values); an independent model of the snapshot's documented
 * trust rule checks _set/_has/_reg, and the HAL's decision is checked against the rules of
 * reference/hal-profile-interfaces.md that can be stated without re-implementing it. */
#include "fuzz_common.h"

static const uint32_t slot_leaf[KPROF_CPUID_SLOT_COUNT] = {
        KPROF_CPUID_LEAF_VENDOR,       KPROF_CPUID_LEAF_FEATURES, KPROF_CPUID_LEAF_PERFMON,
        KPROF_CPUID_LEAF_HV_VENDOR,    KPROF_CPUID_LEAF_HV_INTERFACE,
        KPROF_CPUID_LEAF_HV_FEATURES,  KPROF_CPUID_LEAF_EXT_MAX,  KPROF_CPUID_LEAF_EXT_FEATURES,
        KPROF_CPUID_LEAF_LWP,
};

typedef struct model {
	int present[KPROF_CPUID_SLOT_COUNT];
	uint32_t regs[KPROF_CPUID_SLOT_COUNT][4];
} model;

static int model_has(const model *m, unsigned slot)
{
	uint32_t leaf = slot_leaf[slot];
	if (!m->present[slot])
		return 0;
	if (leaf >= 0x80000000u)
		return m->present[KPROF_CPUID_SLOT_EXT_MAX] &&
		       leaf <= m->regs[KPROF_CPUID_SLOT_EXT_MAX][KPROF_EAX];
	if (leaf >= 0x40000000u) {
		uint32_t max = m->regs[KPROF_CPUID_SLOT_HV_VENDOR][KPROF_EAX];
		/* hypervisor leaves: only with cpuid.1:ecx[31]; max 0 means "unknown" */
		return m->present[KPROF_CPUID_SLOT_HV_VENDOR] && model_has(m, KPROF_CPUID_SLOT_FEATURES) &&
		       (m->regs[KPROF_CPUID_SLOT_FEATURES][KPROF_ECX] & 0x80000000u) &&
		       (max == 0 || leaf <= max);
	}
	return m->present[KPROF_CPUID_SLOT_VENDOR] &&
	       leaf <= m->regs[KPROF_CPUID_SLOT_VENDOR][KPROF_EAX];
}

static void check_snapshot(const kprof_cpuid_snapshot *s, const model *m)
{
	unsigned slot, r;
	for (slot = 0; slot < KPROF_CPUID_SLOT_COUNT; slot++) {
		int has = kprof_cpuid_snapshot_has(s, (kprof_cpuid_slot)slot);
		KF_CHECK(has == model_has(m, slot));
		for (r = 0; r < 4; r++)
			KF_CHECK(kprof_cpuid_snapshot_reg(s, (kprof_cpuid_slot)slot, r) ==
			         (has ? m->regs[slot][r] : 0));
		KF_CHECK(kprof_cpuid_snapshot_reg(s, (kprof_cpuid_slot)slot, 4 + r) == 0);
	}
	KF_CHECK(kprof_cpuid_snapshot_has(s, KPROF_CPUID_SLOT_COUNT) == 0);
	KF_CHECK(kprof_cpuid_snapshot_has(s, (kprof_cpuid_slot)-1) == 0);
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
		if (sel & 0x80)
			leaf = kf_u32(&c);
		else
			leaf = slot_leaf[sel % KPROF_CPUID_SLOT_COUNT];
		if (sel & 0x40)
			sub = kf_u8(&c);
		for (i = 0; i < 4; i++)
			r[i] = (sel & 0x20) ? kf_u32(&c) : (uint32_t)kf_u8(&c) << (8 * (i & 3));
		for (i = 0; i < KPROF_CPUID_SLOT_COUNT; i++)
			if (slot_leaf[i] == leaf && sub == 0)
				expect_slot = (int)i;
		slot = kprof_cpuid_slot_of(leaf, sub);
		KF_CHECK(slot == expect_slot);
		st = kprof_cpuid_snapshot_set(&s, leaf, sub, r[0], r[1], r[2], r[3]);
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
	KF_CHECK(kprof_cpuid_snapshot_set(NULL, 0, 0, 0, 0, 0, 0) == KPROF_E_ARGUMENT);
	return 0;
}
