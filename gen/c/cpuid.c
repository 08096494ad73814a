KPROF_API void kprof_cpuid_snapshot_init(kprof_cpuid_snapshot *s)
{
	unsigned i, r;
	if (!s)
		return;
	s->present = 0;
	for (i = 0; i < KPROF_CPUID_SLOT_COUNT; i++)
		for (r = 0; r < 4; r++)
			s->regs[i][r] = 0;
}

KPROF_API const kprof_cpuid_leaf *kprof_cpuid_leaf_by_slot(kprof_cpuid_slot slot)
{
	return (unsigned)slot < KPROF_CPUID_SLOT_COUNT ? &kprof_impl_cpuid_leaves[slot] : NULL;
}

KPROF_API const kprof_cpuid_leaf *kprof_cpuid_leaf_by_number(uint32_t leaf, uint32_t subleaf)
{
	const kprof_cpuid_leaf *l = kprof_impl_cpuid_leaves;
	unsigned i;
	for (i = 0; i < KPROF_CPUID_SLOT_COUNT; i++)
		if (l[i].leaf == leaf && l[i].subleaf == subleaf)
			return &l[i];
	return NULL;
}

KPROF_API kprof_status kprof_cpuid_snapshot_set(kprof_cpuid_snapshot *s, uint32_t leaf,
                                                uint32_t subleaf, const uint32_t regs[4])
{
	const kprof_cpuid_leaf *l = kprof_cpuid_leaf_by_number(leaf, subleaf);
	unsigned slot, i;
	if (!s || !regs)
		return KPROF_E_ARGUMENT;
	if (!l)
		return KPROF_E_NOT_FOUND;
	slot = (unsigned)l->slot;
	if (s->present & (1u << slot)) {
		const uint32_t *r = s->regs[slot];
		return (r[0] == regs[0] && r[1] == regs[1] && r[2] == regs[2] && r[3] == regs[3]) ? KPROF_OK
		                                                                              : KPROF_E_DUPLICATE;
	}
	for (i = 0; i < 4; i++)
		s->regs[slot][i] = regs[i];
	s->present |= 1u << slot;
	return KPROF_OK;
}

/* The range a leaf belongs to (0, 0x40000000, 0x80000000) and the slot holding that range's
 * max leaf. */
KPROF_IMPL_INTERNAL int kprof_impl_cpuid_range_slot(uint32_t leaf)
{
	if (leaf >= KPROF_CPUID_LEAF_EXT_MAX)
		return KPROF_CPUID_SLOT_EXT_MAX;
	if (leaf >= KPROF_CPUID_LEAF_HV_VENDOR && leaf < KPROF_CPUID_HV_RANGE_END)
		return KPROF_CPUID_SLOT_HV_VENDOR;
	return KPROF_CPUID_SLOT_VENDOR;
}

/* Whether a leaf may be trusted: present, and not above its range's max leaf. Hypervisor
 * leaves also need cpuid.1:ecx[31] (hypervisor present). */
KPROF_IMPL_INTERNAL int kprof_impl_cpuid_has(const kprof_cpuid_snapshot *s, kprof_cpuid_slot slot)
{
	uint32_t leaf;
	int range;
	if (!s || (unsigned)slot >= KPROF_CPUID_SLOT_COUNT || !(s->present & (1u << slot)))
		return 0;
	leaf = kprof_impl_cpuid_leaves[slot].leaf;
	range = kprof_impl_cpuid_range_slot(leaf);
	if (!(s->present & (1u << range)))
		return 0;
	if (range == KPROF_CPUID_SLOT_HV_VENDOR) {
		/* cpuid.1 itself must be trusted (within the basic range) before its bit is. */
		if (!(s->present & (1u << KPROF_CPUID_SLOT_FEATURES)) ||
		    !(s->present & (1u << KPROF_CPUID_SLOT_VENDOR)) ||
		    s->regs[KPROF_CPUID_SLOT_VENDOR][KPROF_CPUID_REG_EAX] < KPROF_CPUID_LEAF_FEATURES ||
		    !(s->regs[KPROF_CPUID_SLOT_FEATURES][KPROF_CPUID_REG_ECX] & KPROF_CPUID_1_ECX_HYPERVISOR_MASK))
			return 0;
		/* Hypervisors report their max leaf in eax; 0 means "up to 0x40000001" for some
		 * old hypervisors, but the HAL reads leaf 0x40000001/3 regardless: trust the
		 * leaf when the max is 0 or covers it. */
		if (s->regs[range][KPROF_CPUID_REG_EAX] != 0 && leaf > s->regs[range][KPROF_CPUID_REG_EAX])
			return 0;
		return 1;
	}
	return leaf <= s->regs[range][KPROF_CPUID_REG_EAX];
}

/* One register of a trusted leaf, or 0. */
KPROF_IMPL_INTERNAL uint32_t kprof_impl_cpuid_reg(const kprof_cpuid_snapshot *s, kprof_cpuid_slot slot, unsigned reg)
{
	if (reg > KPROF_CPUID_REG_EDX || !kprof_impl_cpuid_has(s, slot))
		return 0;
	return s->regs[slot][reg];
}

KPROF_API kprof_status kprof_cpuid_snapshot_get(const kprof_cpuid_snapshot *s, kprof_cpuid_slot slot,
                                                uint32_t regs[4])
{
	unsigned r;
	if (!regs)
		return KPROF_E_ARGUMENT;
	for (r = 0; r < 4; r++)
		regs[r] = 0;
	if (!s)
		return KPROF_E_ARGUMENT;
	if (!kprof_impl_cpuid_has(s, slot))
		return KPROF_E_NOT_FOUND;
	for (r = 0; r < 4; r++)
		regs[r] = s->regs[slot][r];
	return KPROF_OK;
}

KPROF_API kprof_status kprof_cpuid_snapshot_read(kprof_cpuid_snapshot *s)
{
	uint32_t r[4], max_basic, max_ext = 0, max_hv = 0;
	unsigned i;
	kprof_status st;
	if (!s)
		return KPROF_E_ARGUMENT;
	kprof_cpuid_snapshot_init(s);
	st = kprof_cpuid_leaf_read(0, 0, r);
	if (st != KPROF_OK)
		return st;
	max_basic = r[0];
	(void)kprof_cpuid_snapshot_set(s, 0, 0, r);
	(void)kprof_cpuid_leaf_read(KPROF_CPUID_LEAF_EXT_MAX, 0, r);
	if (r[0] >= KPROF_CPUID_LEAF_EXT_MAX && r[0] < KPROF_CPUID_EXT_RANGE_END) {
		max_ext = r[0];
		(void)kprof_cpuid_snapshot_set(s, KPROF_CPUID_LEAF_EXT_MAX, 0, r);
	}
	for (i = 0; i < KPROF_CPUID_SLOT_COUNT; i++) {
		uint32_t leaf = kprof_impl_cpuid_leaves[i].leaf;
		if (s->present & (1u << i))
			continue;
		if (leaf >= KPROF_CPUID_LEAF_EXT_MAX ? (leaf > max_ext)
		    : leaf >= KPROF_CPUID_LEAF_HV_VENDOR
		            ? !(s->present & (1u << KPROF_CPUID_SLOT_FEATURES)) ||
		                      !(s->regs[KPROF_CPUID_SLOT_FEATURES][KPROF_CPUID_REG_ECX] &
		                        KPROF_CPUID_1_ECX_HYPERVISOR_MASK) ||
		                      (leaf != KPROF_CPUID_LEAF_HV_VENDOR && max_hv != 0 && leaf > max_hv)
		                          : leaf > max_basic)
			continue;
		(void)kprof_cpuid_leaf_read(leaf, kprof_impl_cpuid_leaves[i].subleaf, r);
		if (leaf == KPROF_CPUID_LEAF_HV_VENDOR)
			max_hv = r[0];
		(void)kprof_cpuid_snapshot_set(s, leaf, kprof_impl_cpuid_leaves[i].subleaf, r);
	}
	return KPROF_OK;
}

KPROF_API uint32_t kprof_cpuid_family_get(uint32_t leaf1_eax)
{
	uint32_t base = KPROF_FIELD_GET(KPROF_CPUID_1_EAX_FAMILY, leaf1_eax);
	return base == KPROF_CPUID_FAMILY_EXTENDED ? base + KPROF_FIELD_GET(KPROF_CPUID_1_EAX_EXT_FAMILY, leaf1_eax)
	                    : base;
}

KPROF_API uint32_t kprof_cpuid_model_get(uint32_t leaf1_eax)
{
	uint32_t base = KPROF_FIELD_GET(KPROF_CPUID_1_EAX_FAMILY, leaf1_eax);
	uint32_t model = KPROF_FIELD_GET(KPROF_CPUID_1_EAX_MODEL, leaf1_eax);
	if (base >= KPROF_CPUID_FAMILY_P6)
		model += KPROF_FIELD_GET(KPROF_CPUID_1_EAX_EXT_MODEL, leaf1_eax) *
		         KPROF_IMPL_FIELD_SPAN(KPROF_CPUID_1_EAX_MODEL);
	return model;
}

KPROF_API uint32_t kprof_cpuid_stepping_get(uint32_t leaf1_eax)
{
	return KPROF_FIELD_GET(KPROF_CPUID_1_EAX_STEPPING, leaf1_eax);
}

/* A vendor signature: twelve bytes from three registers of a slot's leaf (little-endian
 * each, in the order given as register numbers, two bits each) and a NUL. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_cpuid_sig(const kprof_cpuid_snapshot *s, kprof_cpuid_slot slot, unsigned order,
                                                 char out[13])
{
	unsigned i;
	if (!out)
		return KPROF_E_ARGUMENT;
	out[0] = '\0';
	if (!kprof_impl_cpuid_has(s, slot))
		return KPROF_E_NOT_FOUND;
	for (i = 0; i < 12; i++)
		out[i] = (char)(uint8_t)(s->regs[slot][order >> (2 * (i / 4)) & 3u] >> (8 * (i % 4)));
	out[12] = '\0';
	return KPROF_OK;
}

KPROF_API kprof_status kprof_cpuid_vendor_string_get(const kprof_cpuid_snapshot *s, char out[13])
{
	return kprof_impl_cpuid_sig(s, KPROF_CPUID_SLOT_VENDOR, KPROF_CPUID_REG_EBX | KPROF_CPUID_REG_EDX << 2 | KPROF_CPUID_REG_ECX << 4, out);
}

KPROF_API kprof_status kprof_cpuid_hypervisor_string_get(const kprof_cpuid_snapshot *s, char out[13])
{
	return kprof_impl_cpuid_sig(s, KPROF_CPUID_SLOT_HV_VENDOR, KPROF_CPUID_REG_EBX | KPROF_CPUID_REG_ECX << 2 | KPROF_CPUID_REG_EDX << 4, out);
}

KPROF_IMPL_INTERNAL int kprof_impl_cpuid_sig_is(const kprof_cpuid_snapshot *s, const char *want)
{
	char v[13];
	unsigned i;
	if (kprof_cpuid_vendor_string_get(s, v) != KPROF_OK)
		return 0;
	for (i = 0; i < 12; i++)
		if (v[i] != want[i])
			return 0;
	return 1;
}

KPROF_API kprof_status kprof_cpuid_vendor_get(const kprof_cpuid_snapshot *s, kprof_cpuid_vendor *vendor)
{
	size_t i;
	if (vendor)
		*vendor = KPROF_CPUID_VENDOR_UNKNOWN;
	if (!s || !vendor)
		return KPROF_E_ARGUMENT;
	for (i = 0; i < KPROF_IMPL_ARRAY_COUNT(kprof_impl_cpuid_vendor_signatures); i++)
		if (kprof_impl_cpuid_sig_is(s, kprof_impl_cpuid_vendor_signatures[i].signature))
			*vendor = (kprof_cpuid_vendor)kprof_impl_cpuid_vendor_signatures[i].vendor;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_cpuid_brand_get(const kprof_cpuid_snapshot *s, char *out, size_t size,
                                             size_t *len)
{
	static const kprof_cpuid_slot part[3] = {KPROF_CPUID_SLOT_BRAND_0, KPROF_CPUID_SLOT_BRAND_1,
	                                         KPROF_CPUID_SLOT_BRAND_2};
	char raw[48];
	size_t i, first, end;
	if (len)
		*len = 0;
	if (!s || !out || !size)
		return KPROF_E_ARGUMENT;
	out[0] = '\0';
	for (i = 0; i < 3; i++)
		if (!kprof_impl_cpuid_has(s, part[i]))
			return KPROF_E_NOT_FOUND;
	/* 16 bytes per leaf: eax, ebx, ecx, edx, each little-endian. */
	for (i = 0; i < sizeof(raw); i++)
		raw[i] = (char)(uint8_t)(s->regs[part[i / 16]][i / 4 % 4] >> (8 * (i % 4)));
	for (end = 0; end < sizeof(raw) && raw[end]; end++)
		;
	for (first = 0; first < end && raw[first] == ' '; first++)
		;
	while (end > first && raw[end - 1] == ' ')
		end--;
	if (len)
		*len = end - first;
	if (end - first >= size)
		return KPROF_E_BUFFER_TOO_SMALL;
	for (i = first; i < end; i++)
		out[i - first] = raw[i];
	out[end - first] = '\0';
	return KPROF_OK;
}

#ifndef KPROF_NO_NAMES
KPROF_API const kprof_cpuid_uarch *kprof_cpuid_uarch_by_signature(const char *vendor, uint32_t family,
                                                                  uint32_t model, uint32_t stepping)
{
	uint32_t i;
	unsigned k;
	if (!vendor)
		return NULL;
	/* The rows never overlap (the spec's `disjoint`), so the first match is the only one. */
	for (i = 0; i < KPROF_CPUID_UARCH_COUNT; i++) {
		const kprof_cpuid_uarch *u = &kprof_impl_cpuid_uarch_rows[i];
		const char *v;
		if (u->family != family || model < u->model_min || model > u->model_max ||
		    stepping < u->stepping_min || stepping > u->stepping_max)
			continue;
		v = kprof_cpuid_uarch_vendor_get(u);
		for (k = 0; k < 12 && v[k] && v[k] == vendor[k]; k++)
			;
		if (k == 12)
			return u;
	}
	return NULL;
}

KPROF_API const kprof_cpuid_uarch *kprof_cpuid_uarch_by_snapshot(const kprof_cpuid_snapshot *s)
{
	char vendor[13];
	uint32_t eax;
	if (!s || kprof_cpuid_vendor_string_get(s, vendor) != KPROF_OK ||
	    !kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_FEATURES))
		return NULL;
	eax = s->regs[KPROF_CPUID_SLOT_FEATURES][KPROF_CPUID_REG_EAX];
	return kprof_cpuid_uarch_by_signature(vendor, kprof_cpuid_family_get(eax), kprof_cpuid_model_get(eax),
	                                      kprof_cpuid_stepping_get(eax));
}
#endif

KPROF_API const kprof_cpuid_core *kprof_cpuid_core_by_type(const kprof_cpuid_uarch *u, int hybrid,
                                                           uint32_t core_type)
{
	const kprof_cpuid_core *core, *atom;
	if (!u)
		return NULL;
	core = kprof_cpuid_core_by_id(kprof_cpuid_uarch_core_get(u));
	atom = kprof_cpuid_core_by_id(kprof_cpuid_uarch_atom_get(u));
	if (core_type == 0)
		return atom && hybrid ? NULL : core;
	if (core && core->type == core_type)
		return core;
	return atom && atom->type == core_type ? atom : NULL;
}
