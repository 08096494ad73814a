/* Empty a snapshot: no leaf present. */
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

/* The snapshot slot that holds (leaf, subleaf), or -1 when kprof does not keep that leaf. */
KPROF_API int kprof_cpuid_slot_of(uint32_t leaf, uint32_t subleaf)
{
	unsigned i;
	for (i = 0; i < KPROF_CPUID_SLOT_COUNT; i++)
		if (kprof_impl_cpuid_slot_leaf(i) == leaf && kprof_impl_cpuid_slot_subleaf(i) == subleaf)
			return (int)i;
	return -1;
}

/* Record one leaf as a dump or a caller gives it. KPROF_E_NOT_FOUND for a leaf kprof does
 * not keep (ignore it), KPROF_E_DUPLICATE when the leaf is already present with other
 * values (the snapshot keeps the first). */
KPROF_API kprof_status kprof_cpuid_snapshot_set(kprof_cpuid_snapshot *s, uint32_t leaf,
                                                uint32_t subleaf, uint32_t eax, uint32_t ebx,
                                                uint32_t ecx, uint32_t edx)
{
	int slot;
	if (!s)
		return KPROF_E_ARGUMENT;
	slot = kprof_cpuid_slot_of(leaf, subleaf);
	if (slot < 0)
		return KPROF_E_NOT_FOUND;
	if (s->present & (1u << slot)) {
		const uint32_t *r = s->regs[slot];
		return (r[0] == eax && r[1] == ebx && r[2] == ecx && r[3] == edx) ? KPROF_OK
		                                                                  : KPROF_E_DUPLICATE;
	}
	s->regs[slot][KPROF_EAX] = eax;
	s->regs[slot][KPROF_EBX] = ebx;
	s->regs[slot][KPROF_ECX] = ecx;
	s->regs[slot][KPROF_EDX] = edx;
	s->present |= 1u << slot;
	return KPROF_OK;
}

/* The range a leaf belongs to (0, 0x40000000, 0x80000000) and the slot holding that range's
 * max leaf. */
KPROF_INTERNAL int kprof_impl_cpuid_range_slot(uint32_t leaf)
{
	if (leaf >= KPROF_CPUID_LEAF_EXT_MAX)
		return KPROF_CPUID_SLOT_EXT_MAX;
	if (leaf >= KPROF_CPUID_LEAF_HV_VENDOR && leaf < KPROF_CPUID_HV_RANGE_END)
		return KPROF_CPUID_SLOT_HV_VENDOR;
	return KPROF_CPUID_SLOT_VENDOR;
}

/* Whether a leaf may be trusted: present, and not above its range's max leaf. Hypervisor
 * leaves also need cpuid.1:ecx[31] (hypervisor present). */
KPROF_API int kprof_cpuid_snapshot_has(const kprof_cpuid_snapshot *s, kprof_cpuid_slot slot)
{
	uint32_t leaf;
	int range;
	if (!s || (unsigned)slot >= KPROF_CPUID_SLOT_COUNT || !(s->present & (1u << slot)))
		return 0;
	leaf = kprof_impl_cpuid_slot_leaf((unsigned)slot);
	range = kprof_impl_cpuid_range_slot(leaf);
	if (!(s->present & (1u << range)))
		return 0;
	if (range == KPROF_CPUID_SLOT_HV_VENDOR) {
		/* cpuid.1 itself must be trusted (within the basic range) before its bit is. */
		if (!(s->present & (1u << KPROF_CPUID_SLOT_FEATURES)) ||
		    !(s->present & (1u << KPROF_CPUID_SLOT_VENDOR)) ||
		    s->regs[KPROF_CPUID_SLOT_VENDOR][KPROF_EAX] < KPROF_CPUID_LEAF_FEATURES ||
		    !(s->regs[KPROF_CPUID_SLOT_FEATURES][KPROF_ECX] & KPROF_CPUID_1_ECX_HYPERVISOR_MASK))
			return 0;
		/* Hypervisors report their max leaf in eax; 0 means "up to 0x40000001" for some
		 * old hypervisors, but the HAL reads leaf 0x40000001/3 regardless: trust the
		 * leaf when the max is 0 or covers it. */
		if (s->regs[range][KPROF_EAX] != 0 && leaf > s->regs[range][KPROF_EAX])
			return 0;
		return 1;
	}
	return leaf <= s->regs[range][KPROF_EAX];
}

/* One register of a leaf, or 0 when the leaf cannot be trusted (see kprof_cpuid_snapshot_has).
 * reg is KPROF_EAX..KPROF_EDX. */
KPROF_API uint32_t kprof_cpuid_snapshot_reg(const kprof_cpuid_snapshot *s, kprof_cpuid_slot slot,
                                            unsigned reg)
{
	if (reg > KPROF_EDX || !kprof_cpuid_snapshot_has(s, slot))
		return 0;
	return s->regs[slot][reg];
}

/* Execute cpuid. KPROF_E_NOT_AVAILABLE when this build has no live access (KPROF_NO_LIVE,
 * non-x86 targets); out is then zeroed. Safe at any privilege level. */
KPROF_API kprof_status kprof_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t out[4])
{
#if defined(KPROF_NO_LIVE)
	(void)leaf;
	(void)subleaf;
	out[0] = out[1] = out[2] = out[3] = 0;
	return KPROF_E_NOT_AVAILABLE;
#elif defined(_MSC_VER) && !defined(__clang__)
	int r[4];
	__cpuidex(r, (int)leaf, (int)subleaf);
	out[0] = (uint32_t)r[0];
	out[1] = (uint32_t)r[1];
	out[2] = (uint32_t)r[2];
	out[3] = (uint32_t)r[3];
	return KPROF_OK;
#elif defined(__i386__) && defined(__PIC__)
	/* ebx is the PIC register on i386: save it around cpuid by hand. */
	uint32_t a, b, c, d;
	__asm__ __volatile__("xchgl %%ebx, %1\n\tcpuid\n\txchgl %%ebx, %1"
	                     : "=a"(a), "=&r"(b), "=c"(c), "=d"(d)
	                     : "0"(leaf), "2"(subleaf));
	out[0] = a;
	out[1] = b;
	out[2] = c;
	out[3] = d;
	return KPROF_OK;
#else
	uint32_t a, b, c, d;
	__asm__ __volatile__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "0"(leaf), "2"(subleaf));
	out[0] = a;
	out[1] = b;
	out[2] = c;
	out[3] = d;
	return KPROF_OK;
#endif
}

/* Fill a snapshot from this processor: one cpuid per leaf, and only leaves at or below their
 * range's max leaf (hypervisor leaves only when cpuid.1:ecx[31] says one is present). */
KPROF_API kprof_status kprof_cpuid_snapshot_live(kprof_cpuid_snapshot *s)
{
	uint32_t r[4], max_basic, max_ext = 0, max_hv = 0;
	unsigned i;
	kprof_status st;
	if (!s)
		return KPROF_E_ARGUMENT;
	kprof_cpuid_snapshot_init(s);
	st = kprof_cpuid(0, 0, r);
	if (st != KPROF_OK)
		return st;
	max_basic = r[0];
	(void)kprof_cpuid_snapshot_set(s, 0, 0, r[0], r[1], r[2], r[3]);
	(void)kprof_cpuid(KPROF_CPUID_LEAF_EXT_MAX, 0, r);
	if (r[0] >= KPROF_CPUID_LEAF_EXT_MAX && r[0] < KPROF_CPUID_EXT_RANGE_END) {
		max_ext = r[0];
		(void)kprof_cpuid_snapshot_set(s, KPROF_CPUID_LEAF_EXT_MAX, 0, r[0], r[1], r[2], r[3]);
	}
	for (i = 0; i < KPROF_CPUID_SLOT_COUNT; i++) {
		uint32_t leaf = kprof_impl_cpuid_slot_leaf(i);
		if (s->present & (1u << i))
			continue;
		if (leaf >= KPROF_CPUID_LEAF_EXT_MAX ? (leaf > max_ext)
		    : leaf >= KPROF_CPUID_LEAF_HV_VENDOR
		            ? !(s->present & (1u << KPROF_CPUID_SLOT_FEATURES)) ||
		                      !(s->regs[KPROF_CPUID_SLOT_FEATURES][KPROF_ECX] &
		                        KPROF_CPUID_1_ECX_HYPERVISOR_MASK) ||
		                      (leaf != KPROF_CPUID_LEAF_HV_VENDOR && max_hv != 0 && leaf > max_hv)
		                          : leaf > max_basic)
			continue;
		(void)kprof_cpuid(leaf, kprof_impl_cpuid_slot_subleaf(i), r);
		if (leaf == KPROF_CPUID_LEAF_HV_VENDOR)
			max_hv = r[0];
		(void)kprof_cpuid_snapshot_set(s, leaf, kprof_impl_cpuid_slot_subleaf(i), r[0], r[1], r[2], r[3]);
	}
	return KPROF_OK;
}

/* The displayed family from leaf 1 eax: the base family, plus the extended family when the
 * base family is 15 (Intel SDM and AMD APM agree). */
KPROF_API uint32_t kprof_cpuid_family(uint32_t leaf1_eax)
{
	uint32_t base = KPROF_FIELD_GET(KPROF_CPUID_1_EAX_FAMILY, leaf1_eax);
	return base == KPROF_CPUID_FAMILY_EXTENDED ? base + KPROF_FIELD_GET(KPROF_CPUID_1_EAX_EXT_FAMILY, leaf1_eax)
	                    : base;
}

/* The displayed model from leaf 1 eax: the extended model supplies bits 7:4 when the base
 * family is 6 or 15 (Intel's rule; AMD's "family 15" rule gives the same on every AMD part,
 * whose family-6 parts have extended model 0). */
KPROF_API uint32_t kprof_cpuid_model(uint32_t leaf1_eax)
{
	uint32_t base = KPROF_FIELD_GET(KPROF_CPUID_1_EAX_FAMILY, leaf1_eax);
	uint32_t model = KPROF_FIELD_GET(KPROF_CPUID_1_EAX_MODEL, leaf1_eax);
	if (base == KPROF_CPUID_FAMILY_P6 || base == KPROF_CPUID_FAMILY_EXTENDED)
		model |= KPROF_FIELD_GET(KPROF_CPUID_1_EAX_EXT_MODEL, leaf1_eax)
		         << KPROF_CPUID_1_EAX_MODEL_WIDTH;
	return model;
}

/* The stepping from leaf 1 eax. */
KPROF_API uint32_t kprof_cpuid_stepping(uint32_t leaf1_eax)
{
	return KPROF_FIELD_GET(KPROF_CPUID_1_EAX_STEPPING, leaf1_eax);
}

/* Twelve signature bytes from three registers (little-endian each) and a NUL. */
KPROF_INTERNAL void kprof_impl_cpuid_sig(char out[13], uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t r[3];
	unsigned i;
	r[0] = a;
	r[1] = b;
	r[2] = c;
	for (i = 0; i < 12; i++)
		out[i] = (char)(uint8_t)(r[i / 4] >> (8 * (i % 4)));
	out[12] = '\0';
}

/* The vendor string of leaf 0 (ebx, edx, ecx: "GenuineIntel", "AuthenticAMD") into out,
 * NUL-terminated. KPROF_E_NOT_FOUND (out = "") when the snapshot lacks leaf 0. */
KPROF_API kprof_status kprof_cpuid_vendor_string(const kprof_cpuid_snapshot *s, char out[13])
{
	if (!out)
		return KPROF_E_ARGUMENT;
	out[0] = '\0';
	if (!kprof_cpuid_snapshot_has(s, KPROF_CPUID_SLOT_VENDOR))
		return KPROF_E_NOT_FOUND;
	kprof_impl_cpuid_sig(out, s->regs[KPROF_CPUID_SLOT_VENDOR][KPROF_EBX],
	                     s->regs[KPROF_CPUID_SLOT_VENDOR][KPROF_EDX],
	                     s->regs[KPROF_CPUID_SLOT_VENDOR][KPROF_ECX]);
	return KPROF_OK;
}

/* The hypervisor vendor signature of leaf 0x40000000 (ebx, ecx, edx: "Microsoft Hv",
 * "KVMKVMKVM" + NULs, "VMwareVMware") into out, NUL-terminated; it may hold NULs before byte
 * 12. KPROF_E_NOT_FOUND (out = "") when no hypervisor is reported or the leaf is missing. */
KPROF_API kprof_status kprof_cpuid_hv_vendor_string(const kprof_cpuid_snapshot *s, char out[13])
{
	if (!out)
		return KPROF_E_ARGUMENT;
	out[0] = '\0';
	if (!kprof_cpuid_snapshot_has(s, KPROF_CPUID_SLOT_HV_VENDOR))
		return KPROF_E_NOT_FOUND;
	kprof_impl_cpuid_sig(out, s->regs[KPROF_CPUID_SLOT_HV_VENDOR][KPROF_EBX],
	                     s->regs[KPROF_CPUID_SLOT_HV_VENDOR][KPROF_ECX],
	                     s->regs[KPROF_CPUID_SLOT_HV_VENDOR][KPROF_EDX]);
	return KPROF_OK;
}

KPROF_INTERNAL int kprof_impl_cpuid_sig_is(const kprof_cpuid_snapshot *s, const char *want)
{
	char v[13];
	unsigned i;
	if (kprof_cpuid_vendor_string(s, v) != KPROF_OK)
		return 0;
	for (i = 0; i < 12; i++)
		if (v[i] != want[i])
			return 0;
	return 1;
}

/* The processor vendor by leaf 0's string: KPROF_VENDOR_INTEL for "GenuineIntel",
 * KPROF_VENDOR_AMD for "AuthenticAMD", KPROF_VENDOR_UNKNOWN otherwise (also for a missing
 * leaf 0). Exactly the two strings the HAL compares. */
KPROF_API kprof_vendor kprof_cpuid_vendor(const kprof_cpuid_snapshot *s)
{
	if (kprof_impl_cpuid_sig_is(s, "GenuineIntel"))
		return KPROF_VENDOR_INTEL;
	if (kprof_impl_cpuid_sig_is(s, "AuthenticAMD"))
		return KPROF_VENDOR_AMD;
	return KPROF_VENDOR_UNKNOWN;
}
