KPROF_API kprof_status kprof_pmu_select_unpack(kprof_cpuid_vendor vendor, uint64_t value, kprof_pmu_select *out)
{
	uint64_t defined;
	if (!out)
		return KPROF_E_ARGUMENT;
	if (vendor == KPROF_CPUID_VENDOR_INTEL) {
		out->event = (uint16_t)KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_EVENT, value);
		out->any = (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_ANY, value);
		out->guest_only = out->host_only = 0;
		/* kprof_pmu_select holds bits 31:0; the bits above (TSX, adaptive, UMASK2, ...) are
		 * reported as KPROF_E_RESERVED rather than dropped. */
		defined = KPROF_IA32_PERFEVTSEL_DEFINED_MASK & (KPROF_IA32_PERFEVTSEL_IN_TX_MASK - 1u);
	} else if (vendor == KPROF_CPUID_VENDOR_AMD) {
		out->event =
		        (uint16_t)(KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_EVENT, value) |
		                   (KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_EVENT_HI, value) << 8));
		out->any = 0;
		out->guest_only = (uint8_t)KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_GUEST_ONLY, value);
		out->host_only = (uint8_t)KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_HOST_ONLY, value);
		defined = KPROF_AMD_PERFEVTSEL_DEFINED_MASK;
	} else {
		return KPROF_E_ARGUMENT;
	}
	/* Bits 31:0 other than ANY/bit 21 sit in the same places on both vendors. */
	out->umask = (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_UMASK, value);
	out->cmask = (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_CMASK, value);
	out->usr = (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_USR, value);
	out->os = (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_OS, value);
	out->edge = (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_EDGE, value);
	out->pc = (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_PC, value);
	out->intr = (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_INTR, value);
	out->en = (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_EN, value);
	out->inv = (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_INV, value);
	return (value & ~defined) ? KPROF_E_RESERVED : KPROF_OK;
}

KPROF_API kprof_status kprof_pmu_select_pack(kprof_cpuid_vendor vendor, const kprof_pmu_select *in, uint64_t *out)
{
	uint64_t v = 0;
	if (!in || !out || (vendor != KPROF_CPUID_VENDOR_INTEL && vendor != KPROF_CPUID_VENDOR_AMD))
		return KPROF_E_ARGUMENT;
	if ((in->usr | in->os | in->edge | in->pc | in->intr | in->any | in->en | in->inv |
	     in->guest_only | in->host_only) > 1)
		return KPROF_E_RANGE;
	if (vendor == KPROF_CPUID_VENDOR_INTEL) {
		if (in->event > KPROF_IA32_PERFEVTSEL_EVENT_MASK || in->guest_only || in->host_only)
			return KPROF_E_RANGE;
		v |= KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_EVENT, in->event);
		v |= KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_ANY, in->any);
	} else {
		if (in->event / KPROF_IMPL_FIELD_SPAN(KPROF_AMD_PERFEVTSEL_EVENT) > KPROF_FIELD_MAX(KPROF_AMD_PERFEVTSEL_EVENT_HI) ||
		    in->any)
			return KPROF_E_RANGE;
		v |= KPROF_FIELD_PREP(KPROF_AMD_PERFEVTSEL_EVENT, in->event);
		v |= KPROF_FIELD_PREP(KPROF_AMD_PERFEVTSEL_EVENT_HI, in->event / KPROF_IMPL_FIELD_SPAN(KPROF_AMD_PERFEVTSEL_EVENT));
		v |= KPROF_FIELD_PREP(KPROF_AMD_PERFEVTSEL_GUEST_ONLY, in->guest_only);
		v |= KPROF_FIELD_PREP(KPROF_AMD_PERFEVTSEL_HOST_ONLY, in->host_only);
	}
	v |= KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_UMASK, in->umask);
	v |= KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_CMASK, in->cmask);
	v |= KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_USR, in->usr);
	v |= KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_OS, in->os);
	v |= KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_EDGE, in->edge);
	v |= KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_PC, in->pc);
	v |= KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_INTR, in->intr);
	v |= KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_EN, in->en);
	v |= KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_INV, in->inv);
	*out = v;
	return KPROF_OK;
}

/* A mask of the low n bits of 32. */
KPROF_IMPL_INTERNAL uint32_t kprof_impl_low_bits(uint32_t n)
{
	return n >= 32 ? 0xFFFFFFFFu : (((uint32_t)1 << n) - 1u);
}

/* Where a processor's counters are: the general-purpose ones (select and count MSRs, their
 * stride, how many the MSR range holds) and the fixed ones (none: 0, 0, 0). */
KPROF_IMPL_INTERNAL void kprof_impl_pmu_msrs(kprof_pmu_caps *c, uint32_t sel, uint32_t ctr, uint32_t stride,
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

KPROF_IMPL_INTERNAL void kprof_impl_pmu_caps_intel(const kprof_cpuid_snapshot *s, kprof_pmu_caps *c)
{
	uint32_t a = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_CPUID_REG_EAX);
	uint32_t d = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_CPUID_REG_EDX);
	uint32_t sub, lbr;
	c->version = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_VERSION, a);
	c->counter_width = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_WIDTH, a);
	c->events_length = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_EBX_LENGTH, a);
	c->events_unavailable = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_CPUID_REG_EBX);
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
			c->fixed_mask |= kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_CPUID_REG_ECX);
	}
	/* Leaf 0x23 (valid when leaf 7.1 eax[8] says so) replaces the counts with bitmaps. */
	c->perfmon_ext = (uint8_t)(kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_PERFMON_EXT) &&
	                           KPROF_FIELD_GET(KPROF_CPUID_07_1_EAX_ARCH_PERFMON_EXT,
	                                           kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_STRUCT_EXT1, KPROF_CPUID_REG_EAX)));
	if (c->perfmon_ext) {
		sub = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT, KPROF_CPUID_REG_EAX);
		c->umask2 = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_23_0_EBX_UMASK2,
		                                     kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT, KPROF_CPUID_REG_EBX));
		c->eq = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_23_0_EBX_EQ,
		                                 kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT, KPROF_CPUID_REG_EBX));
		if (KPROF_FIELD_GET(KPROF_CPUID_23_0_EAX_COUNTERS_LEAF, sub) &&
		    kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_PERFMON_EXT_COUNTERS)) {
			c->counter_mask = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_COUNTERS, KPROF_CPUID_REG_EAX);
			c->fixed_mask = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_COUNTERS, KPROF_CPUID_REG_EBX);
		}
		if (KPROF_FIELD_GET(KPROF_CPUID_23_0_EAX_ACR_LEAF, sub)) {
			c->acr_counter_mask = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_ACR, KPROF_CPUID_REG_EAX);
			c->acr_fixed_mask = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_ACR, KPROF_CPUID_REG_EBX);
		}
		if (KPROF_FIELD_GET(KPROF_CPUID_23_0_EAX_EVENTS_LEAF, sub))
			c->ext_events = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_EVENTS, KPROF_CPUID_REG_EAX);
		c->rdpmc_user_disable = (uint8_t)KPROF_FIELD_GET(
		        KPROF_CPUID_23_0_EBX_RDPMC_USER_DISABLE,
		        kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT, KPROF_CPUID_REG_EBX));
		/* Architectural PEBS needs both sub-leaves (Linux events/intel/core.c update_pmu_cap
		 * reads them only when eax bits 4 and 5 are both set). */
		c->arch_pebs = (uint8_t)(KPROF_FIELD_GET(KPROF_CPUID_23_0_EAX_PEBS_CAPS_LEAF, sub) &&
		                         KPROF_FIELD_GET(KPROF_CPUID_23_0_EAX_PEBS_COUNTERS_LEAF, sub) &&
		                         kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_PERFMON_EXT_PEBS_CAPS) &&
		                         kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_PERFMON_EXT_PEBS_COUNTERS));
		if (c->arch_pebs) {
			c->arch_pebs_caps = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_PEBS_CAPS, KPROF_CPUID_REG_EBX);
			c->arch_pebs_counter_mask =
			        kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_PEBS_COUNTERS, KPROF_CPUID_REG_EAX);
			c->pdist_counter_mask =
			        kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_PEBS_COUNTERS, KPROF_CPUID_REG_EBX);
			c->arch_pebs_fixed_mask =
			        kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_PEBS_COUNTERS, KPROF_CPUID_REG_ECX);
			c->pdist_fixed_mask =
			        kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON_EXT_PEBS_COUNTERS, KPROF_CPUID_REG_EDX);
		}
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
	/* An architectural event is available when its leaf 0x0A ebx bit is clear and below the
	 * length eax[31:24] says ebx has (Intel SDM vol. 2A CPUID leaf 0AH). */
	c->lbr_inserts = (uint8_t)(c->version >= 1 && c->events_length > KPROF_CPUID_0A_EBX_LBR_INSERTS_SHIFT &&
	                           !KPROF_FIELD_GET(KPROF_CPUID_0A_EBX_LBR_INSERTS, c->events_unavailable));
	lbr = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_ARCH_LBR, KPROF_CPUID_REG_EAX);
	c->arch_lbr = (uint8_t)(KPROF_FIELD_GET(KPROF_CPUID_07_0_EDX_ARCH_LBR,
	                                        kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_STRUCT_EXT, KPROF_CPUID_REG_EDX)) &&
	                        kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_ARCH_LBR));
	/* Depth bit n allows 8(n+1) entries (Intel SDM vol. 2A CPUID leaf 1CH). */
	for (sub = 0; c->arch_lbr && KPROF_FIELD_MAX(KPROF_CPUID_1C_EAX_DEPTH_MASK) >> sub; sub++)
		if (KPROF_FIELD_GET(KPROF_CPUID_1C_EAX_DEPTH_MASK, lbr) >> sub & 1u)
			c->lbr_depth_max = (uint8_t)(8u * (sub + 1u));
	if (c->arch_lbr)
		c->lbr_branch_counters = (uint8_t)KPROF_FIELD_GET(
		        KPROF_CPUID_1C_ECX_BRANCH_COUNTERS, kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_ARCH_LBR, KPROF_CPUID_REG_ECX));
}

KPROF_IMPL_INTERNAL void kprof_impl_pmu_caps_amd(const kprof_cpuid_snapshot *s, kprof_pmu_caps *c)
{
	uint32_t ecx = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_EXT_FEATURES, KPROF_CPUID_REG_ECX);
	uint32_t eax22 = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_AMD_PERFMON, KPROF_CPUID_REG_EAX);
	uint32_t ebx22 = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_AMD_PERFMON, KPROF_CPUID_REG_EBX);
	c->legacy_counters = KPROF_MSR_AMD_PERFEVTSEL_COUNT;
	c->counter_width = KPROF_PMU_AMD_COUNTER_WIDTH;
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
	c->ibs = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_80000001_ECX_IBS, ecx);
	/* The LLC counters: L3 from family 17h (six), L2I on family 16h (four) (Linux
	 * events/amd/uncore.c NUM_COUNTERS_L3 / NUM_COUNTERS_L2; the MSRs are the same). */
	if (c->perfctr_ext_llc) {
		c->llc_counters = (uint8_t)(kprof_cpuid_family_get(kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_FEATURES,
		                                                                        KPROF_CPUID_REG_EAX)) >=
		                                            KPROF_PMU_AMD_LLC_L3_FAMILY
		                                    ? KPROF_MSR_AMD_LLC_PERFEVTSEL_COUNT
		                                    : KPROF_PMU_AMD_LLC_L2I_COUNTERS);
		c->llc_perfevtsel_msr = KPROF_MSR_AMD_LLC_PERFEVTSEL_BASE;
	}
	if (c->perfmon_v2) {
		c->umc_counters = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_80000022_EBX_UMC_COUNTERS, ebx22);
		c->active_umc_mask = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_AMD_PERFMON, KPROF_CPUID_REG_ECX);
	}
}

KPROF_API kprof_status kprof_pmu_caps_get(const kprof_cpuid_snapshot *s, kprof_pmu_caps *c)
{
	if (!c)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(c, sizeof(*c));
	if (!s)
		return KPROF_OK;
	(void)kprof_cpuid_vendor_get(s, &c->vendor);
	if (c->vendor == KPROF_CPUID_VENDOR_INTEL)
		kprof_impl_pmu_caps_intel(s, c);
	else if (c->vendor == KPROF_CPUID_VENDOR_AMD)
		kprof_impl_pmu_caps_amd(s, c);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_pmu_perf_config_get(kprof_cpuid_vendor vendor, uint64_t select, uint64_t *config)
{
	kprof_pmu_select f;
	uint64_t c = 0;
	if (!config)
		return KPROF_E_ARGUMENT;
	*config = 0;
	if (!select || (vendor != KPROF_CPUID_VENDOR_INTEL && vendor != KPROF_CPUID_VENDOR_AMD))
		return KPROF_E_UNSUPPORTED;
	if (kprof_pmu_select_unpack(vendor, select, &f) != KPROF_OK || f.pc)
		return KPROF_E_UNSUPPORTED;
	c = ((c & ~KPROF_IA32_PERFEVTSEL_EVENT_MASK) |
	     KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_EVENT,
	                      f.event & KPROF_IA32_PERFEVTSEL_EVENT_MASK));
	c = ((c & ~KPROF_IA32_PERFEVTSEL_UMASK_MASK) |
	     KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_UMASK, f.umask));
	c = ((c & ~KPROF_IA32_PERFEVTSEL_EDGE_MASK) |
	     KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_EDGE, f.edge));
	c = ((c & ~KPROF_IA32_PERFEVTSEL_INV_MASK) |
	     KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_INV, f.inv));
	c = ((c & ~KPROF_IA32_PERFEVTSEL_CMASK_MASK) |
	     KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_CMASK, f.cmask));
	if (vendor == KPROF_CPUID_VENDOR_INTEL)
		c = ((c & ~KPROF_IA32_PERFEVTSEL_ANY_MASK) |
		     KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_ANY, f.any));
	else
		c = ((c & ~KPROF_AMD_PERFEVTSEL_EVENT_HI_MASK) |
		     KPROF_FIELD_PREP(KPROF_AMD_PERFEVTSEL_EVENT_HI,
		                      f.event / KPROF_IMPL_FIELD_SPAN(KPROF_AMD_PERFEVTSEL_EVENT)));
	*config = c;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_pmu_perf_raw_format(kprof_cpuid_vendor vendor, uint64_t select, char *buf, size_t cap,
                                             size_t *written)
{
	uint64_t config;
	char text[17];
	kprof_status st;
	if (!buf)
		return KPROF_E_ARGUMENT;
	text[0] = 'r';
	st = kprof_pmu_perf_config_get(vendor, select, &config);
	if (st != KPROF_OK)
		return st;
	return kprof_impl_text_out(text, 1 + kprof_impl_hex(text + 1, config, 1), buf, cap, written);
}

/* Where general-purpose counter i of the plan lives: the caps' layout, or AMD's four legacy
 * PerfEvtSel/PerfCtr pairs (every AMD part has them; without KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED
 * they are what a plan uses, as the Windows HAL does). */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_pmu_counter_msrs(const kprof_pmu_caps *c, uint32_t i, uint32_t flags,
                                                          uint32_t *sel, uint32_t *ctr)
{
	int legacy = c->vendor == KPROF_CPUID_VENDOR_AMD && !(flags & KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED);
	if (flags & KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED &&
	    (c->vendor != KPROF_CPUID_VENDOR_AMD || !c->perfctr_ext_core))
		return KPROF_E_UNSUPPORTED;
	if (legacy) {
		if (i >= c->legacy_counters || i >= KPROF_MSR_AMD_PERFEVTSEL_COUNT)
			return KPROF_E_RANGE;
		*sel = KPROF_MSR_AMD_PERFEVTSEL(i);
		*ctr = KPROF_MSR_AMD_PERFCTR(i);
		return KPROF_OK;
	}
	if (i >= c->counter_limit || i >= 32 || !(c->counter_mask >> i & 1u))
		return KPROF_E_RANGE;
	*sel = c->perfevtsel_msr + i * c->msr_stride;
	*ctr = c->counter_msr + i * c->msr_stride;
	return KPROF_OK;
}

/* The plan's MSR writes, its global bit and its reading, once the counter's MSRs are known:
 * ctrl = the select register's bits this counter owns (all for a PerfEvtSel), select and
 * start = its value stopped and counting, within them. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_pmu_plan_fill(const kprof_pmu_caps *c, const kprof_pmu_counter_config *cfg,
                                                       uint32_t sel_msr, uint64_t ctrl, uint64_t select,
                                                       uint64_t start, uint32_t ctr_msr, uint32_t width,
                                                       uint64_t global_bit, kprof_pmu_plan *p)
{
	uint64_t mask, limit;
	if (width == 0 || width > 64)
		return KPROF_E_UNSUPPORTED; /* a counter of no bits cannot be planned */
	mask = width == 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1u);
	/* The counter must hold the interval (a narrow counter from a hostile dump too); a write
	 * to an Intel counter sign-extends bit 31 (Intel SDM vol. 3B, full-width writes), so at
	 * most 2^31 - 1. */
	limit = c->vendor == KPROF_CPUID_VENDOR_INTEL && mask > 0x7FFFFFFFu ? 0x7FFFFFFFu : mask;
	if (cfg->interval > limit)
		return KPROF_E_RANGE;
	p->vendor = c->vendor;
	p->counter = cfg->counter;
	p->select = select;
	p->start_select = start;
	p->preload = cfg->interval ? ((uint64_t)0 - cfg->interval) & mask : 0;
	p->select_msr = sel_msr;
	p->select_mask = ctrl;
	p->counter_msr = ctr_msr;
	p->program[0].msr = sel_msr;
	p->program[0].value = select;
	p->program[1].msr = ctr_msr;
	p->program[1].value = p->preload;
	p->program[2].msr = sel_msr;
	p->program[2].value = start;
	p->program_count = (uint32_t)KPROF_IMPL_ARRAY_COUNT(p->program);
	p->stop.msr = sel_msr;
	p->stop.value = select;
	p->rdpmc_index = cfg->flags & KPROF_PMU_PLAN_FLAGS_FIXED ? KPROF_PMU_RDPMC_FIXED | cfg->counter : cfg->counter;
	p->counter_width = width;
	p->counter_mask = mask;
	/* Intel perfmon version 2+ and AMD PerfMonV2 also gate each counter globally (the caps
	 * name the MSR only then). */
	if (c->global_ctrl_msr) {
		p->global_ctrl_msr = c->global_ctrl_msr;
		p->global_ctrl_bit = global_bit;
	}
	return KPROF_OK;
}

/* An Intel fixed-function counter: its 4-bit field of IA32_FIXED_CTR_CTRL (OS, USR, PMI) from
 * the select's OS and USR and the interrupt flag; the select may hold nothing else. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_pmu_plan_fixed(const kprof_pmu_caps *c, const kprof_pmu_counter_config *cfg,
                                                        kprof_pmu_plan *p)
{
	uint32_t i = cfg->counter,
	         shift = i * (KPROF_IA32_FIXED_CTR_CTRL_CTR1_OS_SHIFT - KPROF_IA32_FIXED_CTR_CTRL_CTR0_OS_SHIFT);
	uint64_t start = 0;
	if (c->vendor != KPROF_CPUID_VENDOR_INTEL || (cfg->flags & KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED))
		return KPROF_E_UNSUPPORTED;
	if (i >= c->fixed_limit || i >= KPROF_IMPL_FIELD_BITS(KPROF_IA32_PERF_GLOBAL_CTRL_FIXED) ||
	    !(c->fixed_mask >> i & 1u))
		return KPROF_E_RANGE;
	if (cfg->select & ~(KPROF_IA32_PERFEVTSEL_USR_MASK | KPROF_IA32_PERFEVTSEL_OS_MASK))
		return KPROF_E_RESERVED;
	if (KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_OS, cfg->select))
		start |= KPROF_IA32_FIXED_CTR_CTRL_CTR0_OS_MASK;
	if (KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_USR, cfg->select))
		start |= KPROF_IA32_FIXED_CTR_CTRL_CTR0_USR_MASK;
	if (cfg->flags & KPROF_PMU_PLAN_FLAGS_INTERRUPT)
		start |= KPROF_IA32_FIXED_CTR_CTRL_CTR0_PMI_MASK;
	return kprof_impl_pmu_plan_fill(
	        c, cfg, KPROF_MSR_IA32_FIXED_CTR_CTRL,
	        (KPROF_IA32_FIXED_CTR_CTRL_CTR0_OS_MASK | KPROF_IA32_FIXED_CTR_CTRL_CTR0_USR_MASK |
	         KPROF_IA32_FIXED_CTR_CTRL_CTR0_ANY_MASK | KPROF_IA32_FIXED_CTR_CTRL_CTR0_PMI_MASK)
	                << shift,
	        0, start << shift, c->fixed_counter_msr + i * c->fixed_msr_stride, c->fixed_width,
	        KPROF_FIELD_PREP(KPROF_IA32_PERF_GLOBAL_CTRL_FIXED, (uint64_t)1 << i), p);
}

KPROF_API kprof_status kprof_pmu_plan_get(const kprof_pmu_caps *c, const kprof_pmu_counter_config *cfg,
                                          kprof_pmu_plan *p)
{
	uint32_t sel_msr = 0, ctr_msr = 0;
	uint64_t select;
	kprof_pmu_select fields;
	kprof_status st;
	if (!p)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(p, sizeof(*p));
	if (!c || !cfg ||
	    (cfg->flags & ~(uint32_t)(KPROF_PMU_PLAN_FLAGS_INTERRUPT | KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED |
	                              KPROF_PMU_PLAN_FLAGS_FIXED)))
		return KPROF_E_ARGUMENT;
	if ((c->vendor != KPROF_CPUID_VENDOR_INTEL && c->vendor != KPROF_CPUID_VENDOR_AMD) || c->version < 1)
		return KPROF_E_UNSUPPORTED;
	if (cfg->flags & KPROF_PMU_PLAN_FLAGS_FIXED)
		st = kprof_impl_pmu_plan_fixed(c, cfg, p);
	else if ((st = kprof_impl_pmu_counter_msrs(c, cfg->counter, cfg->flags, &sel_msr, &ctr_msr)) == KPROF_OK &&
	         /* a select the vendor's layout does not define would fault the wrmsr */
	         (st = kprof_pmu_select_unpack(c->vendor, cfg->select, &fields)) == KPROF_OK) {
		select = cfg->select & ~KPROF_IA32_PERFEVTSEL_EN_MASK;
		/* EN and INT sit at the same bits in both vendors' layouts. */
		st = kprof_impl_pmu_plan_fill(
		        c, cfg, sel_msr, ~(uint64_t)0, select,
		        select | KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_EN, 1) |
		                (cfg->flags & KPROF_PMU_PLAN_FLAGS_INTERRUPT ? KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_INTR, 1)
		                                                             : 0),
		        ctr_msr, c->counter_width,
		        c->vendor == KPROF_CPUID_VENDOR_INTEL
		                ? KPROF_FIELD_PREP(KPROF_IA32_PERF_GLOBAL_CTRL_PMC, (uint64_t)1 << cfg->counter)
		                : KPROF_FIELD_PREP(KPROF_AMD_PERF_GLOBAL_PMC, (uint64_t)1 << cfg->counter),
		        p);
	}
	if (st != KPROF_OK)
		kprof_impl_zero(p, sizeof(*p));
	return st;
}

/* Set (on) or clear the plan's bit in the global control MSR by a read-modify-write. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_pmu_global(const kprof_pmu_plan *p, int on)
{
	uint64_t v;
	kprof_status st;
	if (!p->global_ctrl_msr)
		return KPROF_OK;
	st = kprof_msr_read(p->global_ctrl_msr, &v);
	if (st != KPROF_OK)
		return st;
	return kprof_msr_write(p->global_ctrl_msr, on ? v | p->global_ctrl_bit : v & ~p->global_ctrl_bit);
}

/* One of the plan's writes: to the select MSR, only the bits the counter owns there (a
 * read-modify-write when it shares the register). */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_pmu_write(const kprof_pmu_plan *p, const kprof_msr_value *w)
{
	uint64_t v;
	kprof_status st;
	if (w->msr != p->select_msr || p->select_mask == ~(uint64_t)0)
		return kprof_msr_write(w->msr, w->value);
	st = kprof_msr_read(w->msr, &v);
	if (st != KPROF_OK)
		return st;
	return kprof_msr_write(w->msr, (v & ~p->select_mask) | (w->value & p->select_mask));
}

KPROF_API kprof_status kprof_pmu_plan_start(const kprof_pmu_plan *p)
{
	uint32_t i;
	kprof_status st;
	if (!p || !p->program_count || p->program_count > KPROF_IMPL_ARRAY_COUNT(p->program))
		return KPROF_E_ARGUMENT;
	for (i = 0; i < p->program_count; i++) {
		st = kprof_impl_pmu_write(p, &p->program[i]);
		if (st != KPROF_OK)
			return st;
	}
	return kprof_impl_pmu_global(p, 1);
}

KPROF_API kprof_status kprof_pmu_plan_stop(const kprof_pmu_plan *p)
{
	kprof_status st;
	if (!p || !p->program_count)
		return KPROF_E_ARGUMENT;
	st = kprof_impl_pmu_write(p, &p->stop);
	if (st != KPROF_OK)
		return st;
	return kprof_impl_pmu_global(p, 0);
}

KPROF_API kprof_status kprof_pmu_plan_read(const kprof_pmu_plan *p, uint64_t *count)
{
	kprof_status st;
	if (count)
		*count = 0;
	if (!p || !count || !p->program_count)
		return KPROF_E_ARGUMENT;
	st = kprof_msr_read(p->counter_msr, count);
	*count &= p->counter_mask;
	return st;
}
