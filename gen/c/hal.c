KPROF_IMPL_INTERNAL void kprof_impl_hal_resources(kprof_hal_decision *d)
{
	const kprof_source_table_info *info = kprof_source_table_info_by_id(d->table);
	d->counters = 0;
	d->counter_width = 0;
	d->perfevtsel_msr = d->counter_msr = d->msr_stride = 0;
	if (d->table == KPROF_SOURCE_TABLE_DEFAULT || !info)
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
	if (d->table == KPROF_SOURCE_TABLE_EMON && d->counters > KPROF_MSR_IA32_PERFEVTSEL_COUNT)
		d->counters = (uint8_t)KPROF_MSR_IA32_PERFEVTSEL_COUNT;
}

KPROF_API kprof_status kprof_hal_decision_get(const kprof_cpuid_snapshot *s, kprof_hal_build build,
                                              kprof_hal_windows windows, kprof_hal_decision *d)
{
	static const kprof_cpuid_snapshot empty = {0, {{0}}};
	const kprof_hal_release *rel;
	uint32_t a, eax1, ecx1;
	kprof_cpuid_vendor vendor;
	unsigned have;
	if (!d)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(d, sizeof(*d));
	rel = kprof_hal_release_by_id(windows);
	d->table = d->tentative = KPROF_SOURCE_TABLE_DEFAULT;
	d->reason = KPROF_HAL_REASON_NO_LEAF_0;
	d->hal = build;
	d->release = rel ? windows : (kprof_hal_windows)0;
	if ((build != KPROF_HAL_BUILD_X64 && build != KPROF_HAL_BUILD_X86) || !rel ||
	    !(build == KPROF_HAL_BUILD_X86 ? rel->x86 : rel->x64))
		return KPROF_E_ARGUMENT;
	if (!s)
		s = &empty;

	/* Facts */
	(void)kprof_cpuid_vendor_get(s, &vendor);
	d->vendor = vendor;
	(void)kprof_cpuid_vendor_string_get(s, d->vendor_string);
	d->has_leaf1 = (uint8_t)kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_FEATURES);
	eax1 = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_FEATURES, KPROF_CPUID_REG_EAX);
	ecx1 = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_FEATURES, KPROF_CPUID_REG_ECX);
	if (d->has_leaf1) {
		d->family = kprof_cpuid_family_get(eax1);
		d->model = kprof_cpuid_model_get(eax1);
		d->stepping = kprof_cpuid_stepping_get(eax1);
	}
	d->hv_present = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_1_ECX_HYPERVISOR, ecx1);
	d->hv_has_vendor = (uint8_t)(kprof_cpuid_hypervisor_string_get(s, d->hv_vendor) == KPROF_OK);
	d->hv_interface = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_HV_INTERFACE, KPROF_CPUID_REG_EAX);
	d->hv_microsoft = (uint8_t)(d->hv_present &&
	                            kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_HV_INTERFACE) &&
	                            KPROF_FIELD_GET(KPROF_CPUID_40000001_EAX_SIGNATURE,
	                                            d->hv_interface) == KPROF_CPUID_HV_INTERFACE_HV1);
	d->hv_has_features = (uint8_t)kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_HV_FEATURES);
	d->hv_perfmon = (uint8_t)KPROF_FIELD_GET(
	        KPROF_CPUID_40000003_EDX_PERFORMANCE_MONITORS_AVAILABLE,
	        kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_HV_FEATURES, KPROF_CPUID_REG_EDX));
	d->has_perfmon_leaf = (uint8_t)kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_PERFMON);
	a = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_CPUID_REG_EAX);
	d->perfmon_version = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_VERSION, a);
	d->perfmon_counters = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_COUNTERS, a);
	d->perfmon_width = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_WIDTH, a);
	d->ebx_length = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EAX_EBX_LENGTH, a);
	d->ebx = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_CPUID_REG_EBX);
	a = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_PERFMON, KPROF_CPUID_REG_EDX);
	d->fixed_counters = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EDX_FIXED_COUNTERS, a);
	d->fixed_width = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_0A_EDX_FIXED_WIDTH, a);
	d->long_mode = (uint8_t)KPROF_FIELD_GET(
	        KPROF_CPUID_80000001_EDX_LM,
	        kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_EXT_FEATURES, KPROF_CPUID_REG_EDX));
	(void)kprof_pmu_caps_get(s, &d->pmu);

	/* Rule 1: the vendor */
	if (!kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_VENDOR)) {
		d->reason = KPROF_HAL_REASON_NO_LEAF_0;
	} else if (d->vendor == KPROF_CPUID_VENDOR_AMD) {
		d->tentative = KPROF_SOURCE_TABLE_AMD64;
		d->reason = KPROF_HAL_REASON_VENDOR_AMD;
	} else if (d->vendor != KPROF_CPUID_VENDOR_INTEL) {
		d->reason = KPROF_HAL_REASON_VENDOR_OTHER;
	} else if (KPROF_FIELD_GET(
	                   KPROF_CPUID_0_EAX_MAX_LEAF,
	                   kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_VENDOR, KPROF_CPUID_REG_EAX)) <
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
		d->tentative = KPROF_SOURCE_TABLE_EMON;
		d->reason = KPROF_HAL_REASON_INTEL_EMON;
	}
	d->table = d->tentative;

	/* The release: does its HAL (of this width) have the interface at all? */
	have = d->table == KPROF_SOURCE_TABLE_AMD64  ? rel->amd64
	       : d->table == KPROF_SOURCE_TABLE_EMON ? rel->emon
	                                          : (unsigned)KPROF_HAL_PRESENCE_PRESENT;
	if (build == KPROF_HAL_BUILD_X86 && d->table != KPROF_SOURCE_TABLE_DEFAULT &&
	    rel->x86_sources != KPROF_HAL_PRESENCE_PRESENT)
		have = rel->x86_sources == KPROF_HAL_PRESENCE_ABSENT ? (unsigned)KPROF_HAL_PRESENCE_ABSENT
		                                                 : (unsigned)KPROF_HAL_PRESENCE_UNKNOWN;
	if (have == KPROF_HAL_PRESENCE_ABSENT) {
		d->table = KPROF_SOURCE_TABLE_DEFAULT;
		d->reason = build == KPROF_HAL_BUILD_X86 && rel->x86_sources == KPROF_HAL_PRESENCE_ABSENT
		                    ? KPROF_HAL_REASON_RELEASE_X86_TIMER_ONLY
		                    : KPROF_HAL_REASON_RELEASE_NO_INTERFACE;
	} else if (have == KPROF_HAL_PRESENCE_UNKNOWN) {
		d->uncertain |= KPROF_HAL_UNCERTAIN_INTERFACE;
	}

	/* Rule 3: the 32-bit HAL's extra requirements */
	if (build == KPROF_HAL_BUILD_X86 && rel->x86_rules != KPROF_HAL_PRESENCE_ABSENT &&
	    d->table != KPROF_SOURCE_TABLE_DEFAULT &&
	    ((d->table == KPROF_SOURCE_TABLE_EMON && d->family != KPROF_CPUID_FAMILY_P6 &&
	      d->family != KPROF_CPUID_FAMILY_EXTENDED) ||
	     (d->table == KPROF_SOURCE_TABLE_AMD64 && !d->long_mode))) {
		d->reason = d->table == KPROF_SOURCE_TABLE_EMON ? KPROF_HAL_REASON_X86_INTEL_FAMILY
		                                             : KPROF_HAL_REASON_X86_AMD_NO_LONG_MODE;
		d->table = KPROF_SOURCE_TABLE_DEFAULT;
		if (rel->x86_rules == KPROF_HAL_PRESENCE_UNKNOWN)
			d->uncertain |= KPROF_HAL_UNCERTAIN_X86_RULES;
	}

	/* Rule 2: a Microsoft-compatible hypervisor that does not offer the counters */
	if (rel->hypervisor_rule != KPROF_HAL_PRESENCE_ABSENT && d->table != KPROF_SOURCE_TABLE_DEFAULT &&
	    d->hv_microsoft && !d->hv_perfmon) {
		d->table = KPROF_SOURCE_TABLE_DEFAULT;
		d->reason = d->hv_has_features ? KPROF_HAL_REASON_HV_HIDES_PERFMON
		                               : KPROF_HAL_REASON_HV_NO_FEATURES_LEAF;
		if (rel->hypervisor_rule == KPROF_HAL_PRESENCE_UNKNOWN)
			d->uncertain |= KPROF_HAL_UNCERTAIN_HYPERVISOR;
	}
	if (d->table != KPROF_SOURCE_TABLE_DEFAULT && rel->tables != KPROF_HAL_PRESENCE_PRESENT)
		d->uncertain |= KPROF_HAL_UNCERTAIN_TABLES;
	if (d->table == KPROF_SOURCE_TABLE_EMON) {
		d->later_min = build == KPROF_HAL_BUILD_X86 ? rel->later_intel_x86_min : rel->later_intel_min;
		d->later_max = build == KPROF_HAL_BUILD_X86 ? rel->later_intel_x86_max : rel->later_intel_max;
		if (d->later_min != d->later_max)
			d->uncertain |= KPROF_HAL_UNCERTAIN_LATER_SOURCES;
	}
	if (d->table == KPROF_SOURCE_TABLE_AMD64 && rel->amd64_names == KPROF_HAL_PRESENCE_UNKNOWN)
		d->uncertain |= KPROF_HAL_UNCERTAIN_AMD64_NAMES;
	kprof_impl_hal_resources(d);
	return KPROF_OK;
}

/* Whether the HAL the decision describes lists a source: KPROF_HAL_PRESENCE_PRESENT or _ABSENT,
 * or _UNKNOWN for a later Intel source (KPROF_SOURCE_TABLE_INTEL_LATER) within the release's
 * open range. A row of the decided interface's table: ProfileTime always; Default nothing
 * else; Emon when the source's leaf 0x0A ebx bit is below the meaningful length and clear;
 * Amd64 every row. A later Intel source: on Emon, when its value is at most d->later_min
 * (present), above d->later_max (absent). ABSENT for any other row or null arguments. */
/* The Emon rule for one architectural event: its cpuid 0x0A ebx bit lies below the ebx length
 * and is clear (the event is available). */
KPROF_IMPL_INTERNAL int kprof_impl_hal_emon_available(const kprof_hal_decision *d, const kprof_source *s)
{
	return s->ebx_bit >= 0 && (unsigned)s->ebx_bit < d->ebx_length && !((d->ebx >> s->ebx_bit) & 1u);
}

/* Whether the HAL that made d has source s (ABSENT for null arguments). */
KPROF_IMPL_INTERNAL kprof_hal_presence kprof_impl_hal_presence(const kprof_hal_decision *d, const kprof_source *s)
{
	int on;
	if (!d || !s)
		return KPROF_HAL_PRESENCE_ABSENT;
	if (s->table == KPROF_SOURCE_TABLE_INTEL_LATER && d->table == KPROF_SOURCE_TABLE_EMON)
		return s->value <= d->later_min   ? KPROF_HAL_PRESENCE_PRESENT
		       : s->value > d->later_max ? KPROF_HAL_PRESENCE_ABSENT
		                                 : KPROF_HAL_PRESENCE_UNKNOWN;
	if (s->table != d->table)
		return KPROF_HAL_PRESENCE_ABSENT;
	if (s->value == KPROF_SOURCE_GENERIC_TIME)
		on = 1;
	else if (d->table == KPROF_SOURCE_TABLE_AMD64)
		on = 1;
	else if (d->table == KPROF_SOURCE_TABLE_EMON)
		on = kprof_impl_hal_emon_available(d, s);
	else
		on = 0;
	return on ? KPROF_HAL_PRESENCE_PRESENT : KPROF_HAL_PRESENCE_ABSENT;
}

KPROF_IMPL_INTERNAL int kprof_impl_hal_supported(const kprof_hal_decision *d, const kprof_source *s)
{
	return kprof_impl_hal_presence(d, s) == KPROF_HAL_PRESENCE_PRESENT;
}

/* Whether the release d was decided for spells the Amd64 sources the later way (the original
 * release, which does not, for a null d). */
KPROF_IMPL_INTERNAL unsigned kprof_impl_release_amd64_names(const kprof_hal_decision *d)
{
	const kprof_hal_release *rel = kprof_hal_release_by_id(d ? d->release : KPROF_HAL_WINDOWS_10_1507);
	return rel ? rel->amd64_names : (unsigned)KPROF_HAL_PRESENCE_ABSENT;
}

#ifndef KPROF_NO_NAMES
/* The later releases' spelling of an Amd64 source (kprof_hal_amd64_spelling), or NULL when they
 * spell it as the original release. */
KPROF_IMPL_INTERNAL const char *kprof_impl_amd64_spelling(uint32_t value)
{
	uint32_t i;
	for (i = 0; i < KPROF_HAL_AMD64_SPELLING_COUNT; i++) {
		const kprof_hal_amd64_spelling *r = &kprof_impl_hal_amd64_spelling_rows[i];
		if (r->value == value)
			return kprof_hal_amd64_spelling_description_get(r);
	}
	return NULL;
}

KPROF_API const char *kprof_hal_source_description_get(const kprof_hal_decision *d, const kprof_source *s)
{
	const char *later;
	if (!s)
		return NULL;
	later = s->table == KPROF_SOURCE_TABLE_AMD64 && kprof_impl_release_amd64_names(d) == KPROF_HAL_PRESENCE_PRESENT
	                ? kprof_impl_amd64_spelling(s->value)
	                : NULL;
	return later ? later : kprof_source_description_get(s);
}
#endif

KPROF_API kprof_status kprof_hal_source_presence_get(const kprof_hal_decision *d, const kprof_source *s,
                                                     kprof_hal_presence *presence)
{
	if (presence)
		*presence = KPROF_HAL_PRESENCE_ABSENT;
	if (!d || !s || !presence)
		return KPROF_E_ARGUMENT;
	*presence = kprof_impl_hal_presence(d, s);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_hal_plan_get(const kprof_hal_decision *d, const kprof_source *s,
                                          const kprof_pmu_counter_config *cfg, kprof_pmu_plan *p)
{
	const kprof_source_table_info *info;
	kprof_pmu_caps caps;
	kprof_pmu_counter_config k;
	if (!p)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(p, sizeof(*p));
	if (!d || !s || !cfg || cfg->select ||
	    (cfg->flags & ~(uint32_t)(KPROF_PMU_PLAN_FLAGS_INTERRUPT | KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED)))
		return KPROF_E_ARGUMENT;
	if (!kprof_impl_hal_supported(d, s) || d->table == KPROF_SOURCE_TABLE_DEFAULT || !s->select)
		return KPROF_E_UNSUPPORTED;
	if (cfg->flags & KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED && d->table != KPROF_SOURCE_TABLE_AMD64)
		return KPROF_E_UNSUPPORTED;
	info = kprof_source_table_info_by_id(d->table);
	if (!info || info->vendor == KPROF_CPUID_VENDOR_UNKNOWN)
		return KPROF_E_UNSUPPORTED;
	/* The processor's counters, seen through the interface: its vendor's layout; below
	 * d->counters the interface's MSRs (Amd64's four legacy pairs, Emon's IA32_PERFEVTSELx),
	 * beyond them (Emon) the processor's own. */
	kprof_impl_copy(&caps, &d->pmu, sizeof(caps));
	caps.vendor = kprof_source_table_info_vendor_get(info);
	caps.counter_width = d->counter_width;
	if (d->table == KPROF_SOURCE_TABLE_AMD64)
		caps.legacy_counters = d->counters;
	if (d->table == KPROF_SOURCE_TABLE_EMON && cfg->counter < d->counters) {
		caps.perfevtsel_msr = d->perfevtsel_msr;
		caps.counter_msr = d->counter_msr;
		caps.msr_stride = d->msr_stride;
		caps.counter_limit = d->counters;
		caps.counter_mask = kprof_impl_low_bits(d->counters);
	}
	kprof_impl_copy(&k, cfg, sizeof(k));
	k.select = s->select;
	return kprof_pmu_plan_get(&caps, &k, p);
}
