/* A mask of the low n bits of 32. */
KPROF_INTERNAL uint32_t kprof_impl_low_bits(uint32_t n)
{
	return n >= 32 ? 0xFFFFFFFFu : (((uint32_t)1 << n) - 1u);
}

/* Where a processor's counters are: the general-purpose ones (select and count MSRs, their
 * stride, how many the MSR range holds) and the fixed ones (none: 0, 0, 0). */
KPROF_INTERNAL void kprof_impl_pmu_msrs(kprof_pmu_caps *c, uint32_t sel, uint32_t ctr, uint32_t stride,
                                        uint32_t limit, uint32_t fixed, uint32_t fixed_stride,
                                        uint32_t fixed_limit)
{
	c->perfevtsel_msr = sel;
	c->counter_msr = ctr;
	c->msr_stride = stride;
	c->counter_limit = (uint8_t)limit;
	c->fixed_counter_msr = fixed;
	c->fixed_msr_stride = fixed_stride;
	c->fixed_limit = (uint8_t)fixed_limit;
}

KPROF_INTERNAL void kprof_impl_pmu_caps_intel(const kprof_cpuid_snapshot *s, kprof_pmu_caps *c)
{
	uint32_t a = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_EAX);
	uint32_t d = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_EDX);
	uint32_t sub, lbr;
	c->version = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_VERSION, a);
	c->counter_width = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_WIDTH, a);
	c->events_length = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_EBX_LENGTH, a);
	c->events_unavailable = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_EBX);
	c->counter_mask = kprof_impl_low_bits(KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_COUNTERS, a));
	/* AnyThread from version 3; cpuid 0x0A edx[15] says a later part dropped it (Intel SDM
	 * vol. 2A CPUID leaf 0AH). */
	c->any_thread = (uint8_t)(c->version >= 3 && !KPROF_FIELD_GET(KPROF_CPUID_0A_EDX_ANYTHREAD_DEPRECATED, d));
	/* Fixed counters from version 2; version 5 adds the ecx bitmap to the contiguous count
	 * (Intel SDM vol. 2A CPUID leaf 0AH). */
	if (c->version >= 2) {
		c->fixed_width = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EDX_FIXED_WIDTH, d);
		c->fixed_mask = kprof_impl_low_bits(KPROF_FIELD_GET(KPROF_CPUID_0A_EDX_FIXED_COUNTERS, d));
		if (c->version >= 5)
			c->fixed_mask |= kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_ECX);
	}
	/* Leaf 0x23 (valid when leaf 7.1 eax[8] says so) replaces the counts with bitmaps. */
	c->perfmon_ext = (uint8_t)(kprof_cpuid_snapshot_has(s, KPROF_CPUID_SLOT_PERFMON_EXT) &&
	                           KPROF_FIELD_GET(KPROF_CPUID_07_1_EAX_ARCH_PERFMON_EXT,
	                                           kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_STRUCT_EXT1, KPROF_EAX)));
	if (c->perfmon_ext) {
		sub = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT, KPROF_EAX);
		c->umask2 = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_23_0_EBX_UMASK2,
		                                     kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT, KPROF_EBX));
		c->eq = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_23_0_EBX_EQ,
		                                 kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT, KPROF_EBX));
		if (KPROF_FIELD_GET(KPROF_CPUID_23_0_EAX_COUNTERS_LEAF, sub) &&
		    kprof_cpuid_snapshot_has(s, KPROF_CPUID_SLOT_PERFMON_EXT_COUNTERS)) {
			c->counter_mask = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_COUNTERS, KPROF_EAX);
			c->fixed_mask = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_COUNTERS, KPROF_EBX);
		}
		if (KPROF_FIELD_GET(KPROF_CPUID_23_0_EAX_ACR_LEAF, sub)) {
			c->acr_counter_mask = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_ACR, KPROF_EAX);
			c->acr_fixed_mask = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_ACR, KPROF_EBX);
		}
		if (KPROF_FIELD_GET(KPROF_CPUID_23_0_EAX_EVENTS_LEAF, sub))
			c->ext_events = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_EVENTS, KPROF_EAX);
	}
	c->counters = kprof_impl_bit_count(c->counter_mask);
	c->fixed_counters = kprof_impl_bit_count(c->fixed_mask);
	/* Version 6 moves the counters to the 0x19xx range (4 MSRs per counter; the legacy MSRs
	 * alias the first ones): 32 general-purpose slots before the fixed ones, 16 fixed (their
	 * IA32_PERF_GLOBAL_CTRL bits 47:32). Before it only the eight IA32_PERFEVTSELx/IA32_PMCx
	 * and four IA32_FIXED_CTRx exist (Intel SDM vol. 4 table 2-2; Linux events/intel/core.c). */
	if (c->version >= 6)
		kprof_impl_pmu_msrs(c, KPROF_MSR_IA32_PMC_GP_CFG_A_V6_BASE, KPROF_MSR_IA32_PMC_GP_CTR_V6_BASE,
		                    KPROF_MSR_IA32_PMC_GP_CTR_V6(1) - KPROF_MSR_IA32_PMC_GP_CTR_V6(0),
		                    KPROF_MSR_IA32_PMC_GP_CTR_V6_COUNT, KPROF_MSR_IA32_PMC_FX_CTR_V6_BASE,
		                    KPROF_MSR_IA32_PMC_FX_CTR_V6(1) - KPROF_MSR_IA32_PMC_FX_CTR_V6(0),
		                    KPROF_MSR_IA32_PMC_FX_CTR_V6_COUNT);
	else if (c->version >= 1)
		kprof_impl_pmu_msrs(c, KPROF_MSR_IA32_PERFEVTSEL_BASE, KPROF_MSR_IA32_PMC_BASE,
		                    KPROF_MSR_IA32_PMC(1) - KPROF_MSR_IA32_PMC(0), KPROF_MSR_IA32_PERFEVTSEL_COUNT,
		                    KPROF_MSR_IA32_FIXED_CTR_BASE, KPROF_MSR_IA32_FIXED_CTR(1) - KPROF_MSR_IA32_FIXED_CTR(0),
		                    c->version >= 2 ? KPROF_MSR_IA32_FIXED_CTR_COUNT : 0);
	if (c->version >= 2) {
		c->global_ctrl_msr = KPROF_MSR_IA32_PERF_GLOBAL_CTRL;
		c->global_status_msr = KPROF_MSR_IA32_PERF_GLOBAL_STATUS;
		c->global_clear_msr = KPROF_MSR_IA32_PERF_GLOBAL_OVF_CTRL;
	}
	lbr = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_ARCH_LBR, KPROF_EAX);
	c->arch_lbr = (uint8_t)(KPROF_FIELD_GET(KPROF_CPUID_07_0_EDX_ARCH_LBR,
	                                        kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_STRUCT_EXT, KPROF_EDX)) &&
	                        kprof_cpuid_snapshot_has(s, KPROF_CPUID_SLOT_ARCH_LBR));
	/* Depth bit n allows 8(n+1) entries (Intel SDM vol. 2A CPUID leaf 1CH). */
	for (sub = 0; c->arch_lbr && sub <= KPROF_CPUID_1C_EAX_DEPTH_MASK_WIDTH - 1u; sub++)
		if (KPROF_FIELD_GET(KPROF_CPUID_1C_EAX_DEPTH_MASK, lbr) >> sub & 1u)
			c->lbr_depth_max = (uint8_t)(8u * (sub + 1u));
}

KPROF_INTERNAL void kprof_impl_pmu_caps_amd(const kprof_cpuid_snapshot *s, kprof_pmu_caps *c)
{
	const kprof_interface_info *amd64 = kprof_interface_get_info(KPROF_INTERFACE_AMD64);
	uint32_t ecx = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_EXT_FEATURES, KPROF_ECX);
	uint32_t eax22 = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_AMD_PERFMON, KPROF_EAX);
	uint32_t ebx22 = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_AMD_PERFMON, KPROF_EBX);
	c->legacy_counters = amd64 ? amd64->counters : 0;
	c->counter_width = amd64 ? amd64->counter_width : 0;
	c->perfctr_ext_core = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_80000001_ECX_PERFCTR_EXT_CORE, ecx);
	c->perfctr_ext_nb = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_80000001_ECX_PERFCTR_EXT_NB, ecx);
	c->perfctr_ext_llc = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_80000001_ECX_PERFCTR_EXT_LLC, ecx);
	c->topoext = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_80000001_ECX_TOPOEXT, ecx);
	c->ptsc = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_80000001_ECX_PTSC, ecx);
	c->perfmon_v2 = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_80000022_EAX_PERFMON_V2, eax22);
	c->lbr_v2 = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_80000022_EAX_LBR_V2, eax22);
	if (c->lbr_v2)
		c->lbr_v2_stack = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_80000022_EBX_LBR_V2_STACK, ebx22);
	c->version = (uint8_t)(c->perfmon_v2 ? 2 : 1);
	/* Without PerfCtrExtCore only the legacy four; with it six at 0xC0010200+2i, or as many
	 * as PerfMonV2 reports - but never past the six MSR pairs the APM defines there (AMD APM
	 * vol. 2 chapter 13, Core Performance Counters; Linux events/amd/core.c uses the same MSRs). */
	if (c->perfctr_ext_core) {
		c->counters = (uint8_t)(c->perfmon_v2 ? KPROF_FIELD_GET(KPROF_CPUID_80000022_EBX_CORE_COUNTERS, ebx22)
		                                      : KPROF_MSR_AMD_PERFEVTSEL_EXT_COUNT);
		kprof_impl_pmu_msrs(c, KPROF_MSR_AMD_PERFEVTSEL_EXT_BASE, KPROF_MSR_AMD_PERFCTR_EXT_BASE,
		                    KPROF_MSR_AMD_PERFCTR_EXT(1) - KPROF_MSR_AMD_PERFCTR_EXT(0),
		                    KPROF_MSR_AMD_PERFEVTSEL_EXT_COUNT, 0, 0, 0);
	} else {
		c->counters = c->legacy_counters;
		kprof_impl_pmu_msrs(c, KPROF_MSR_AMD_PERFEVTSEL_BASE, KPROF_MSR_AMD_PERFCTR_BASE,
		                    KPROF_MSR_AMD_PERFCTR(1) - KPROF_MSR_AMD_PERFCTR(0), KPROF_MSR_AMD_PERFEVTSEL_COUNT,
		                    0, 0, 0);
	}
	c->counter_mask = kprof_impl_low_bits(c->counters);
	if (c->perfmon_v2) {
		c->global_ctrl_msr = KPROF_MSR_AMD_PERF_GLOBAL_CTL;
		c->global_status_msr = KPROF_MSR_AMD_PERF_GLOBAL_STATUS;
		c->global_clear_msr = KPROF_MSR_AMD_PERF_GLOBAL_STATUS_CLR;
	}
	if (c->perfctr_ext_nb) {
		c->nb_counters = (uint8_t)(c->perfmon_v2 ? KPROF_FIELD_GET(KPROF_CPUID_80000022_EBX_DF_COUNTERS, ebx22)
		                                         : KPROF_MSR_AMD_NB_PERFEVTSEL_COUNT);
		c->nb_perfevtsel_msr = KPROF_MSR_AMD_NB_PERFEVTSEL_BASE;
		c->nb_counter_msr = KPROF_MSR_AMD_NB_PERFCTR_BASE;
	}
	if (c->ptsc)
		c->ptsc_msr = KPROF_MSR_AMD_PTSC;
}

KPROF_API kprof_status kprof_pmu_caps_from_snapshot(const kprof_cpuid_snapshot *s, kprof_pmu_caps *c)
{
	if (!c)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(c, sizeof(*c));
	if (!s)
		return KPROF_OK;
	c->vendor = (uint8_t)kprof_cpuid_vendor(s);
	if (c->vendor == KPROF_VENDOR_INTEL)
		kprof_impl_pmu_caps_intel(s, c);
	else if (c->vendor == KPROF_VENDOR_AMD)
		kprof_impl_pmu_caps_amd(s, c);
	return KPROF_OK;
}

KPROF_INTERNAL void kprof_impl_hal_resources(kprof_hal_decision *d)
{
	const kprof_interface_info *info = kprof_interface_get_info((kprof_interface)d->iface);
	d->counters = 0;
	d->counter_width = 0;
	d->perfevtsel_msr = d->counter_msr = d->msr_stride = 0;
	if (d->iface == KPROF_INTERFACE_DEFAULT || !info)
		return;
	d->perfevtsel_msr = info->perfevtsel_msr;
	d->counter_msr = info->counter_msr;
	d->msr_stride = 1;
	/* A table's counters/width of 0 mean "as cpuid 0x0A says" (Emon). */
	d->counters = info->counters ? info->counters : d->perfmon_counters;
	d->counter_width = info->counter_width ? info->counter_width : d->perfmon_width;
	/* The HAL programs IA32_PERFEVTSELx/IA32_PMCx: past the eight of them (Intel SDM vol. 4
	 * table 2-2) lie unrelated MSRs. Counters beyond are the processor's (d->pmu), not the
	 * interface's. */
	if (d->iface == KPROF_INTERFACE_EMON && d->counters > KPROF_MSR_IA32_PERFEVTSEL_COUNT)
		d->counters = (uint8_t)KPROF_MSR_IA32_PERFEVTSEL_COUNT;
}

KPROF_API kprof_status kprof_hal_decide(const kprof_cpuid_snapshot *s, uint32_t hal,
                                        kprof_hal_decision *d)
{
	static const kprof_cpuid_snapshot empty = {0, {{0}}};
	const kprof_windows_release *rel;
	uint32_t a, eax1, ecx1, build, release;
	kprof_vendor vendor;
	unsigned have;
	if (!d)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(d, sizeof(*d));
	build = hal & KPROF_HAL_BUILD_MASK;
	release = (hal & KPROF_HAL_RELEASE_MASK) >> KPROF_HAL_RELEASE_SHIFT;
	rel = kprof_windows_release_get(release ? release : (uint32_t)KPROF_WINDOWS_DEFAULT);
	d->iface = d->tentative = KPROF_INTERFACE_DEFAULT;
	d->reason = KPROF_HAL_REASON_NO_LEAF_0;
	d->hal = (uint8_t)build;
	d->release = rel ? rel->id : 0;
	if ((build != KPROF_HAL_X64 && build != KPROF_HAL_X86) || !rel ||
	    (hal & ~(uint32_t)(KPROF_HAL_BUILD_MASK | KPROF_HAL_RELEASE_MASK)) ||
	    !(build == KPROF_HAL_X86 ? rel->x86 : rel->x64))
		return KPROF_E_ARGUMENT;
	if (!s)
		s = &empty;

	/* Facts */
	vendor = kprof_cpuid_vendor(s);
	d->vendor = (uint8_t)vendor;
	(void)kprof_cpuid_vendor_string(s, d->vendor_string);
	d->has_leaf1 = (uint8_t)kprof_cpuid_snapshot_has(s, KPROF_CPUID_SLOT_FEATURES);
	eax1 = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_FEATURES, KPROF_EAX);
	ecx1 = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_FEATURES, KPROF_ECX);
	if (d->has_leaf1) {
		d->family = kprof_cpuid_family(eax1);
		d->model = kprof_cpuid_model(eax1);
		d->stepping = kprof_cpuid_stepping(eax1);
	}
	d->hv_present = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_1_ECX_HYPERVISOR, ecx1);
	d->hv_has_vendor = (uint8_t)(kprof_cpuid_hv_vendor_string(s, d->hv_vendor) == KPROF_OK);
	d->hv_interface = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_HV_INTERFACE, KPROF_EAX);
	d->hv_microsoft = (uint8_t)(d->hv_present &&
	                            kprof_cpuid_snapshot_has(s, KPROF_CPUID_SLOT_HV_INTERFACE) &&
	                            KPROF_FIELD_GET(KPROF_CPUID_40000001_EAX_SIGNATURE,
	                                            d->hv_interface) == KPROF_HV_INTERFACE_HV1);
	d->hv_has_features = (uint8_t)kprof_cpuid_snapshot_has(s, KPROF_CPUID_SLOT_HV_FEATURES);
	d->hv_perfmon = (uint8_t)KPROF_FIELD_GET(
	        KPROF_CPUID_40000003_EDX_PERFORMANCE_MONITORS_AVAILABLE,
	        kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_HV_FEATURES, KPROF_EDX));
	d->has_perfmon_leaf = (uint8_t)kprof_cpuid_snapshot_has(s, KPROF_CPUID_SLOT_PERFMON);
	a = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_EAX);
	d->perfmon_version = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_VERSION, a);
	d->perfmon_counters = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_COUNTERS, a);
	d->perfmon_width = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_WIDTH, a);
	d->ebx_length = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_EBX_LENGTH, a);
	d->ebx = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_EBX);
	a = kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_EDX);
	d->fixed_counters = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EDX_FIXED_COUNTERS, a);
	d->fixed_width = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EDX_FIXED_WIDTH, a);
	d->long_mode = (uint8_t)KPROF_FIELD_GET(
	        KPROF_CPUID_80000001_EDX_LM,
	        kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_EXT_FEATURES, KPROF_EDX));
	(void)kprof_pmu_caps_from_snapshot(s, &d->pmu);

	/* Rule 1: the vendor */
	if (!kprof_cpuid_snapshot_has(s, KPROF_CPUID_SLOT_VENDOR)) {
		d->reason = KPROF_HAL_REASON_NO_LEAF_0;
	} else if (d->vendor == KPROF_VENDOR_AMD) {
		d->tentative = KPROF_INTERFACE_AMD64;
		d->reason = KPROF_HAL_REASON_VENDOR_AMD;
	} else if (d->vendor != KPROF_VENDOR_INTEL) {
		d->reason = KPROF_HAL_REASON_VENDOR_OTHER;
	} else if (KPROF_FIELD_GET(
	                   KPROF_CPUID_0_EAX_MAX_LEAF,
	                   kprof_cpuid_snapshot_reg(s, KPROF_CPUID_SLOT_VENDOR, KPROF_EAX)) <
	           KPROF_CPUID_LEAF_PERFMON) {
		d->reason = KPROF_HAL_REASON_MAX_LEAF_BELOW_0A;
	} else if (!d->has_perfmon_leaf) {
		d->reason = KPROF_HAL_REASON_NO_LEAF_0A;
	} else if (d->perfmon_version < 1) {
		d->reason = KPROF_HAL_REASON_PERFMON_VERSION_0;
	} else if (d->ebx_length == 0) {
		d->reason = KPROF_HAL_REASON_EBX_LENGTH_0;
	} else if (KPROF_FIELD_GET(KPROF_CPUID_0A_EBX_CORE_CYCLES, d->ebx)) {
		d->reason = KPROF_HAL_REASON_CORE_CYCLES_UNAVAILABLE;
	} else {
		d->tentative = KPROF_INTERFACE_EMON;
		d->reason = KPROF_HAL_REASON_INTEL_EMON;
	}
	d->iface = d->tentative;

	/* The release: does its HAL (of this width) have the interface at all? */
	have = d->iface == KPROF_INTERFACE_AMD64  ? rel->amd64
	       : d->iface == KPROF_INTERFACE_EMON ? rel->emon
	                                          : (unsigned)KPROF_PRESENCE_PRESENT;
	if (build == KPROF_HAL_X86 && d->iface != KPROF_INTERFACE_DEFAULT &&
	    rel->x86_sources != KPROF_PRESENCE_PRESENT)
		have = rel->x86_sources == KPROF_PRESENCE_ABSENT ? (unsigned)KPROF_PRESENCE_ABSENT
		                                                 : (unsigned)KPROF_PRESENCE_UNKNOWN;
	if (have == KPROF_PRESENCE_ABSENT) {
		d->iface = KPROF_INTERFACE_DEFAULT;
		d->reason = build == KPROF_HAL_X86 && rel->x86_sources == KPROF_PRESENCE_ABSENT
		                    ? KPROF_HAL_REASON_RELEASE_X86_TIMER_ONLY
		                    : KPROF_HAL_REASON_RELEASE_NO_INTERFACE;
	} else if (have == KPROF_PRESENCE_UNKNOWN) {
		d->uncertain |= KPROF_HAL_UNCERTAIN_INTERFACE;
	}

	/* Rule 3: the 32-bit HAL's extra requirements */
	if (build == KPROF_HAL_X86 && rel->x86_rules != KPROF_PRESENCE_ABSENT &&
	    d->iface != KPROF_INTERFACE_DEFAULT &&
	    ((d->iface == KPROF_INTERFACE_EMON && d->family != KPROF_CPUID_FAMILY_P6 &&
	      d->family != KPROF_CPUID_FAMILY_EXTENDED) ||
	     (d->iface == KPROF_INTERFACE_AMD64 && !d->long_mode))) {
		d->reason = d->iface == KPROF_INTERFACE_EMON ? KPROF_HAL_REASON_X86_INTEL_FAMILY
		                                             : KPROF_HAL_REASON_X86_AMD_NO_LONG_MODE;
		d->iface = KPROF_INTERFACE_DEFAULT;
		if (rel->x86_rules == KPROF_PRESENCE_UNKNOWN)
			d->uncertain |= KPROF_HAL_UNCERTAIN_X86_RULES;
	}

	/* Rule 2: a Microsoft-compatible hypervisor that does not offer the counters */
	if (rel->hypervisor_rule != KPROF_PRESENCE_ABSENT && d->iface != KPROF_INTERFACE_DEFAULT &&
	    d->hv_microsoft && !d->hv_perfmon) {
		d->iface = KPROF_INTERFACE_DEFAULT;
		d->reason = d->hv_has_features ? KPROF_HAL_REASON_HV_HIDES_PERFMON
		                               : KPROF_HAL_REASON_HV_NO_FEATURES_LEAF;
		if (rel->hypervisor_rule == KPROF_PRESENCE_UNKNOWN)
			d->uncertain |= KPROF_HAL_UNCERTAIN_HYPERVISOR;
	}
	if (d->iface != KPROF_INTERFACE_DEFAULT && rel->tables != KPROF_PRESENCE_PRESENT)
		d->uncertain |= KPROF_HAL_UNCERTAIN_TABLES;
	if (d->iface == KPROF_INTERFACE_EMON) {
		d->later_min = build == KPROF_HAL_X86 ? rel->later_intel_x86_min : rel->later_intel_min;
		d->later_max = build == KPROF_HAL_X86 ? rel->later_intel_x86_max : rel->later_intel_max;
		if (d->later_min != d->later_max)
			d->uncertain |= KPROF_HAL_UNCERTAIN_LATER_SOURCES;
	}
	if (d->iface == KPROF_INTERFACE_AMD64 && rel->amd64_names == KPROF_PRESENCE_UNKNOWN)
		d->uncertain |= KPROF_HAL_UNCERTAIN_AMD64_NAMES;
	kprof_impl_hal_resources(d);
	return KPROF_OK;
}

/* Whether the HAL the decision describes lists a source: KPROF_PRESENCE_PRESENT or _ABSENT,
 * or _UNKNOWN for a later Intel source (KPROF_INTERFACE_INTEL_LATER) within the release's
 * open range. A row of the decided interface's table: ProfileTime always; Default nothing
 * else; Emon when the source's leaf 0x0A ebx bit is below the meaningful length and clear;
 * Amd64 every row. A later Intel source: on Emon, when its value is at most d->later_min
 * (present), above d->later_max (absent). ABSENT for any other row or null arguments. */
/* The Emon rule for one architectural event: its cpuid 0x0A ebx bit lies below the ebx length
 * and is clear (the event is available). */
KPROF_INTERNAL int kprof_impl_hal_emon_available(const kprof_hal_decision *d, const kprof_source *s)
{
	return s->ebx_bit >= 0 && (unsigned)s->ebx_bit < d->ebx_length && !((d->ebx >> s->ebx_bit) & 1u);
}

KPROF_API kprof_presence kprof_hal_source_status(const kprof_hal_decision *d, const kprof_source *s)
{
	int on;
	if (!d || !s)
		return KPROF_PRESENCE_ABSENT;
	if (s->iface == KPROF_INTERFACE_INTEL_LATER && d->iface == KPROF_INTERFACE_EMON)
		return s->value <= d->later_min   ? KPROF_PRESENCE_PRESENT
		       : s->value > d->later_max ? KPROF_PRESENCE_ABSENT
		                                 : KPROF_PRESENCE_UNKNOWN;
	if (s->iface != d->iface)
		return KPROF_PRESENCE_ABSENT;
	if (s->value == KPROF_SOURCE_TIME)
		on = 1;
	else if (d->iface == KPROF_INTERFACE_AMD64)
		on = 1;
	else if (d->iface == KPROF_INTERFACE_EMON)
		on = kprof_impl_hal_emon_available(d, s);
	else
		on = 0;
	return on ? KPROF_PRESENCE_PRESENT : KPROF_PRESENCE_ABSENT;
}

/* Whether the release d was decided for spells the Amd64 sources the later way (the original
 * release, which does not, for a null d). */
KPROF_INTERNAL unsigned kprof_impl_release_amd64_names(const kprof_hal_decision *d)
{
	const kprof_windows_release *rel = kprof_windows_release_get(d ? d->release : (uint32_t)KPROF_WINDOWS_DEFAULT);
	return rel ? rel->amd64_names : (unsigned)KPROF_PRESENCE_ABSENT;
}

#ifndef KPROF_NO_NAMES
/* The later releases' spelling of an Amd64 source (kprof_amd64_spelling), or NULL when they
 * spell it as the original release. */
KPROF_INTERNAL const char *kprof_impl_amd64_spelling(uint32_t value)
{
	uint32_t i;
	for (i = 0; i < KPROF_AMD64_SPELLING_COUNT; i++) {
		const kprof_amd64_spelling *r = &kprof_impl_amd64_spelling_rows[i];
		if (r->value == value)
			return kprof_amd64_spelling_text(r->description);
	}
	return NULL;
}

KPROF_API const char *kprof_hal_source_description(const kprof_hal_decision *d, const kprof_source *s)
{
	const char *later;
	if (!s)
		return NULL;
	later = s->iface == KPROF_INTERFACE_AMD64 && kprof_impl_release_amd64_names(d) == KPROF_PRESENCE_PRESENT
	                ? kprof_impl_amd64_spelling(s->value)
	                : NULL;
	return later ? later : kprof_source_description(s);
}
#endif

KPROF_API int kprof_hal_source_supported(const kprof_hal_decision *d, const kprof_source *s)
{
	return kprof_hal_source_status(d, s) == KPROF_PRESENCE_PRESENT;
}

KPROF_API int kprof_hal_source_value_supported(const kprof_hal_decision *d, uint32_t value)
{
	if (!d)
		return 0;
	return kprof_hal_source_supported(d, kprof_source_get((kprof_interface)d->iface, value));
}

KPROF_API kprof_status kprof_counter_plan_make(const kprof_hal_decision *d, const kprof_source *s,
                                               uint32_t counter, uint64_t interval, uint32_t flags,
                                               kprof_counter_plan *p)
{
	uint32_t sel_msr, ctr_msr, width;
	int own;
	uint64_t mask, start, limit;
	if (!p)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(p, sizeof(*p));
	if (!d || !s || (flags & ~(uint32_t)(KPROF_PLAN_INTERRUPT | KPROF_PLAN_AMD_EXTENDED)))
		return KPROF_E_ARGUMENT;
	if (!kprof_hal_source_supported(d, s) || d->iface == KPROF_INTERFACE_DEFAULT ||
	    !s->select)
		return KPROF_E_UNSUPPORTED;
	if (flags & KPROF_PLAN_AMD_EXTENDED) {
		if (d->iface != KPROF_INTERFACE_AMD64 || !d->pmu.perfctr_ext_core)
			return KPROF_E_UNSUPPORTED;
		own = 1;
	} else {
		own = counter >= d->counters && d->iface == KPROF_INTERFACE_EMON;
	}
	if (own ? counter >= d->pmu.counter_limit || !(d->pmu.counter_mask >> counter & 1u)
	        : counter >= d->counters)
		return KPROF_E_RANGE;
	width = d->counter_width;
	if (width == 0 || width > 64)
		return KPROF_E_UNSUPPORTED; /* a counter of no bits cannot be planned */
	mask = width == 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1u);
	/* The counter must hold the interval (a narrow counter from a hostile dump too). */
	limit = d->iface == KPROF_INTERFACE_EMON && mask > 0x7FFFFFFFu ? 0x7FFFFFFFu : mask;
	if (interval > limit)
		return KPROF_E_RANGE;
	if (own) {
		sel_msr = d->pmu.perfevtsel_msr + counter * d->pmu.msr_stride;
		ctr_msr = d->pmu.counter_msr + counter * d->pmu.msr_stride;
	} else {
		sel_msr = d->perfevtsel_msr + counter * d->msr_stride;
		ctr_msr = d->counter_msr + counter * d->msr_stride;
	}
	p->iface = d->iface;
	p->vendor = (uint8_t)(d->iface == KPROF_INTERFACE_EMON ? KPROF_VENDOR_INTEL
	                                                           : KPROF_VENDOR_AMD);
	p->source = s->value;
	p->counter = counter;
	p->select = s->select;
	/* EN and INT sit at the same bits in both vendors' layouts. */
	start = ((s->select & ~KPROF_INTEL_PERFEVTSEL_EN_MASK) |
	         KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_EN, 1));
	if (flags & KPROF_PLAN_INTERRUPT)
		start = ((start & ~KPROF_INTEL_PERFEVTSEL_INTR_MASK) |
		         KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_INTR, 1));
	p->start_select = start;
	p->preload = interval ? ((uint64_t)0 - interval) & mask : 0;
	p->select_msr = sel_msr;
	p->counter_msr = ctr_msr;
	p->program[0].msr = sel_msr;
	p->program[0].value = s->select;
	p->program[1].msr = ctr_msr;
	p->program[1].value = p->preload;
	p->program[2].msr = sel_msr;
	p->program[2].value = start;
	p->program_count = 3;
	p->stop.msr = sel_msr;
	p->stop.value = s->select;
	p->rdpmc_index = counter;
	p->counter_width = width;
	p->counter_mask = mask;
	/* Intel perfmon version 2+ and AMD PerfMonV2 also gate each counter globally. */
	if (d->iface == KPROF_INTERFACE_EMON && d->perfmon_version >= 2) {
		p->global_ctrl_msr = KPROF_MSR_IA32_PERF_GLOBAL_CTRL;
		p->global_ctrl_bit = KPROF_FIELD_PREP(KPROF_IA32_PERF_GLOBAL_CTRL_PMC, (uint64_t)1 << counter);
	} else if (d->iface == KPROF_INTERFACE_AMD64 && d->pmu.perfmon_v2) {
		p->global_ctrl_msr = d->pmu.global_ctrl_msr;
		p->global_ctrl_bit = KPROF_FIELD_PREP(KPROF_AMD_PERF_GLOBAL_PMC, (uint64_t)1 << counter);
	}
	return KPROF_OK;
}

KPROF_API kprof_status kprof_source_perf_config(const kprof_source *s, uint64_t *config)
{
	const kprof_interface_info *info;
	kprof_select f;
	uint64_t c = 0;
	if (!s || !config)
		return KPROF_E_ARGUMENT;
	*config = 0;
	info = kprof_interface_get_info((kprof_interface)s->iface);
	if (!info || !s->select || (info->vendor != KPROF_VENDOR_INTEL && info->vendor != KPROF_VENDOR_AMD))
		return KPROF_E_UNSUPPORTED;
	if (kprof_select_decode((kprof_vendor)info->vendor, s->select, &f) != KPROF_OK || f.pc)
		return KPROF_E_UNSUPPORTED;
	c = ((c & ~KPROF_INTEL_PERFEVTSEL_EVENT_MASK) |
	     KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_EVENT,
	                      f.event & KPROF_INTEL_PERFEVTSEL_EVENT_MASK));
	c = ((c & ~KPROF_INTEL_PERFEVTSEL_UMASK_MASK) |
	     KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_UMASK, f.umask));
	c = ((c & ~KPROF_INTEL_PERFEVTSEL_EDGE_MASK) |
	     KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_EDGE, f.edge));
	c = ((c & ~KPROF_INTEL_PERFEVTSEL_INV_MASK) |
	     KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_INV, f.inv));
	c = ((c & ~KPROF_INTEL_PERFEVTSEL_CMASK_MASK) |
	     KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_CMASK, f.cmask));
	if (info->vendor == KPROF_VENDOR_INTEL)
		c = ((c & ~KPROF_INTEL_PERFEVTSEL_ANY_MASK) |
		     KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_ANY, f.any));
	else
		c = ((c & ~KPROF_AMD_PERFEVTSEL_EVENT_HI_MASK) |
		     KPROF_FIELD_PREP(KPROF_AMD_PERFEVTSEL_EVENT_HI,
		                      (uint64_t)f.event >> KPROF_AMD_PERFEVTSEL_EVENT_WIDTH));
	*config = c;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_source_perf_raw(const kprof_source *s, char *buf, size_t cap,
                                             size_t *written)
{
	uint64_t config;
	char text[17];
	kprof_status st;
	if (!buf)
		return KPROF_E_ARGUMENT;
	text[0] = 'r';
	st = kprof_source_perf_config(s, &config);
	if (st != KPROF_OK)
		return st;
	return kprof_impl_text_out(text, 1 + kprof_impl_hex(text + 1, config, 1), buf, cap, written);
}
