/* Custom profile sources (Windows 10 1803 and later). The packer and the checker take a
 * select apart as the source section does (kprof_source_profile_add); the checker also
 * reads what the counts section knows. */

/* The status a custom-source problem is reported with. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_custom_status(kprof_windows_custom_source_problem p)
{
	switch (p) {
	case KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE: return KPROF_OK;
	case KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_EMPTY:
	case KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_CHARACTER: return KPROF_E_FORMAT;
	case KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_TAKEN: return KPROF_E_DUPLICATE;
	case KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_SELECT_BITS: return KPROF_E_RESERVED;
	case KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_LONG:
	case KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_CMASK_WIDTH:
	case KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_INTERVAL:
	case KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_HIERARCHY_ORDER:
	case KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_HIERARCHY_MISMATCH:
	case KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PERSIST: return KPROF_E_RANGE;
	default: return KPROF_E_UNSUPPORTED;
	}
}

/* The name rules: 1..NAME_MAX characters, each a letter, a digit, '_', '.' or '-' (a registry
 * key name cannot hold '\', a listing's columns are split at blanks, and a .reg file quotes
 * and brackets). */
KPROF_IMPL_INTERNAL kprof_windows_custom_source_problem kprof_impl_custom_name_problem(const char *name, size_t len)
{
	size_t i;
	if (len == 0)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_EMPTY;
	if (len > KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_LONG;
	for (i = 0; i < len; i++) {
		char c = name[i];
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
		      c == '.' || c == '-'))
			return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_CHARACTER;
	}
	return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE;
}

/* The length of cs's name: up to its NUL, or one past the maximum when the array has none. */
KPROF_IMPL_INTERNAL size_t kprof_impl_custom_name_length(const kprof_windows_custom_source *cs)
{
	size_t n = 0;
	while (n < sizeof(cs->name) && cs->name[n])
		n++;
	return n;
}

KPROF_API kprof_status kprof_windows_custom_source_init(kprof_windows_custom_source *cs, kprof_cpuid_vendor vendor,
                                                        uint64_t select)
{
	size_t i;
	if (!cs)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(cs, sizeof(*cs));
	if (vendor != KPROF_CPUID_VENDOR_INTEL && vendor != KPROF_CPUID_VENDOR_AMD)
		return KPROF_E_ARGUMENT;
	cs->vendor = vendor;
	cs->select = select;
	for (i = 0; i < KPROF_IMPL_ARRAY_COUNT(cs->cpu_info_hierarchy); i++)
		cs->cpu_info_hierarchy[i] = KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_windows_custom_source_name_set(kprof_windows_custom_source *cs, const char *name,
                                                            size_t len)
{
	kprof_windows_custom_source_problem p;
	size_t i;
	if (!cs || (!name && len))
		return KPROF_E_ARGUMENT;
	p = kprof_impl_custom_name_problem(name, len);
	if (p != KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE)
		return kprof_impl_custom_status(p);
	for (i = 0; i < len; i++)
		cs->name[i] = name[i];
	for (; i < sizeof(cs->name); i++)
		cs->name[i] = '\0';
	return KPROF_OK;
}

/* Zero *out and report st: every error of the unpacker leaves nothing behind. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_custom_unpack_fail(kprof_windows_custom_source *out, kprof_status st)
{
	kprof_impl_zero(out, sizeof(*out));
	return st;
}

KPROF_API kprof_status kprof_windows_custom_source_unpack(const void *buf, size_t len, kprof_cpuid_vendor vendor,
                                                          kprof_windows_custom_source *out)
{
	const uint8_t *b = (const uint8_t *)buf, *u;
	kprof_pmu_select f;
	uint64_t select;
	unsigned version;
	size_t i, units;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	if (!buf || (vendor != KPROF_CPUID_VENDOR_INTEL && vendor != KPROF_CPUID_VENDOR_AMD))
		return KPROF_E_ARGUMENT;
	if (len < KPROF_WINDOWS_PROFILE_ADD_LENGTH_MIN)
		return KPROF_E_TRUNCATED;
	if (len > KPROF_WINDOWS_PROFILE_ADD_LENGTH_MAX)
		return KPROF_E_RANGE;
	version = b[KPROF_WINDOWS_PROFILE_ADD_INFORMATION_VERSION_OFFSET];
	if (kprof_bytes_le32_load(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_EVENT_TRACE_INFORMATION_CLASS_OFFSET) !=
	            KPROF_WINDOWS_EVENT_TRACE_INFORMATION_CLASS_PROFILE_SOURCE_ADD_INFORMATION ||
	    (version != KPROF_WINDOWS_PROFILE_ADD_VERSION_V2 && version != KPROF_WINDOWS_PROFILE_ADD_VERSION_V3))
		return KPROF_E_FORMAT;
	/* The union as Windows reads it: Intel's six bytes whatever the Version; AMD's by Version.
	 * The flags are bit 0 of their bytes and Host/Guest bits 1:0 (EmonAddProfileSource,
	 * Amd64GetEventSelectDef). */
	kprof_impl_zero(&f, sizeof(f));
	u = b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_V2_OFFSET;
	if (vendor == KPROF_CPUID_VENDOR_INTEL) {
		f.event = u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_EVENT_SELECT_OFFSET];
		f.umask = u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_UNIT_SELECT_OFFSET];
		f.cmask = u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_C_MASK_OFFSET];
		f.inv = u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_C_INV_OFFSET] & 1u;
		f.any = u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_ANY_THREAD_OFFSET] & 1u;
		f.edge = u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_EDGE_DETECT_OFFSET] & 1u;
	} else if (version == KPROF_WINDOWS_PROFILE_ADD_VERSION_V2) {
		f.event = u[KPROF_WINDOWS_PROFILE_ADD_AMD_V2_PERF_EVT_EVENT_SELECT_OFFSET];
		f.umask = u[KPROF_WINDOWS_PROFILE_ADD_AMD_V2_PERF_EVT_UNIT_SELECT_OFFSET];
	} else {
		uint8_t hg = u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_HOST_GUEST_OFFSET];
		f.event = kprof_bytes_le16_load(u + KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_EVENT_SELECT_OFFSET);
		f.umask = u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_UNIT_SELECT_OFFSET];
		f.cmask = u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_C_MASK_OFFSET];
		f.inv = u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_C_INV_OFFSET] & 1u;
		f.edge = u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_EDGE_DETECT_OFFSET] & 1u;
		f.guest_only = hg & 1u;
		f.host_only = (hg >> 1) & 1u;
		out->pmu_type = (kprof_windows_pmu_type)u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_PMU_TYPE_OFFSET];
	}
	if (kprof_pmu_select_pack(vendor, &f, &select) != KPROF_OK)
		return kprof_impl_custom_unpack_fail(out, KPROF_E_RANGE);
	/* The description: UTF-16LE to its NUL, which must lie inside the record. */
	units = (len - KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PROFILE_SOURCE_DESCRIPTION_OFFSET) / 2u;
	for (i = 0; i < units; i++) {
		uint16_t c = kprof_bytes_le16_load(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PROFILE_SOURCE_DESCRIPTION_OFFSET +
		                             2u * i);
		if (c == 0)
			break;
		if (i == KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX)
			return kprof_impl_custom_unpack_fail(out, KPROF_E_RANGE);
		if (c > 0x7Fu)
			return kprof_impl_custom_unpack_fail(out, KPROF_E_FORMAT);
		out->name[i] = (char)c;
	}
	if (i == units)
		return kprof_impl_custom_unpack_fail(out, KPROF_E_FORMAT);
	out->vendor = vendor;
	out->select = select;
	for (i = 0; i < KPROF_IMPL_ARRAY_COUNT(out->cpu_info_hierarchy); i++)
		out->cpu_info_hierarchy[i] =
		        kprof_bytes_le32_load(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_CPU_INFO_HIERARCHY_OFFSET + 4u * i);
	out->interval = kprof_bytes_le32_load(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_INITIAL_INTERVAL_OFFSET);
	out->persist = b[KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PERSIST_OFFSET] != 0;
	return KPROF_OK;
}

#ifndef KPROF_NO_WINDOWS_MODEL
/* Every rule that does not depend on the processor, in order: the first one broken. Fills f
 * (the select taken apart, the interval Windows gets) and the version the record needs
 * whenever the select can be read, whatever else is wrong; f is zero when it cannot. */
KPROF_IMPL_INTERNAL kprof_windows_custom_source_problem kprof_impl_custom_rules(const kprof_windows_custom_source *cs,
                                                                            kprof_source_profile_add *f,
                                                                            kprof_windows_profile_add_version *version)
{
	kprof_windows_custom_source_problem p;
	int vendor = cs->vendor == KPROF_CPUID_VENDOR_INTEL || cs->vendor == KPROF_CPUID_VENDOR_AMD;
	int fields = vendor && kprof_impl_profile_add_fields(cs->vendor, cs->select, f) == KPROF_OK;
	size_t i;
	*version = KPROF_WINDOWS_PROFILE_ADD_VERSION_V2;
	if (!fields) {
		kprof_impl_zero(f, sizeof(*f));
	} else {
		/* Version 2's AMD member holds an 8-bit event and the unit mask, nothing else. */
		f->interval = cs->interval ? cs->interval : KPROF_SOURCE_INTERVAL_HARDWARE_DEFAULT;
		if (cs->vendor == KPROF_CPUID_VENDOR_AMD &&
		    (f->event_select > KPROF_AMD_PERFEVTSEL_EVENT_MASK || f->cmask || f->cinv || f->edge_detect ||
		     f->host_guest || cs->pmu_type != KPROF_WINDOWS_PMU_TYPE_CORE))
			*version = KPROF_WINDOWS_PROFILE_ADD_VERSION_V3;
	}
	p = kprof_impl_custom_name_problem(cs->name, kprof_impl_custom_name_length(cs));
	if (p != KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE)
		return p;
	if (!vendor)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_VENDOR;
	if (!fields)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_SELECT_BITS;
	if (cs->vendor == KPROF_CPUID_VENDOR_INTEL && f->event_select == 0)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_FIXED_EVENT;
	if (f->cmask > KPROF_WINDOWS_PROFILE_ADD_CMASK_MAX)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_CMASK_WIDTH;
	if (cs->pmu_type != KPROF_WINDOWS_PMU_TYPE_CORE &&
	    (cs->vendor != KPROF_CPUID_VENDOR_AMD || (unsigned)cs->pmu_type > KPROF_WINDOWS_PMU_TYPE_L3))
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PMU_TYPE;
	if (f->interval < KPROF_SOURCE_INTERVAL_HARDWARE_MIN || f->interval > KPROF_SOURCE_INTERVAL_HARDWARE_MAX)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_INTERVAL;
	for (i = 1; i < KPROF_IMPL_ARRAY_COUNT(cs->cpu_info_hierarchy); i++)
		if (cs->cpu_info_hierarchy[i - 1] == KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY &&
		    cs->cpu_info_hierarchy[i] != KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY)
			return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_HIERARCHY_ORDER;
	if (cs->core_type)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_CORE_TYPE;
	if (cs->persist > 1)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PERSIST;
	return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE;
}

KPROF_API kprof_status kprof_windows_custom_source_pack(const kprof_windows_custom_source *cs, void *buf,
                                                        size_t cap, size_t *written)
{
	uint8_t *b = (uint8_t *)buf, *u;
	kprof_source_profile_add f;
	kprof_windows_profile_add_version version;
	kprof_windows_custom_source_problem p;
	size_t i, n;
	if (written)
		*written = 0;
	if (!cs || !buf)
		return KPROF_E_ARGUMENT;
	p = kprof_impl_custom_rules(cs, &f, &version);
	if (p != KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE)
		return kprof_impl_custom_status(p);
	if (cap < KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE)
		return KPROF_E_BUFFER_TOO_SMALL;
	kprof_impl_zero(b, KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE);
	kprof_bytes_le32_store(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_EVENT_TRACE_INFORMATION_CLASS_OFFSET,
	                 KPROF_WINDOWS_EVENT_TRACE_INFORMATION_CLASS_PROFILE_SOURCE_ADD_INFORMATION);
	b[KPROF_WINDOWS_PROFILE_ADD_INFORMATION_VERSION_OFFSET] = (uint8_t)version;
	u = b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_V2_OFFSET;
	if (cs->vendor == KPROF_CPUID_VENDOR_INTEL) {
		u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_EVENT_SELECT_OFFSET] = (uint8_t)f.event_select;
		u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_UNIT_SELECT_OFFSET] = f.unit_select;
		u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_C_MASK_OFFSET] = f.cmask;
		u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_C_INV_OFFSET] = f.cinv;
		u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_ANY_THREAD_OFFSET] = f.any_thread;
		u[KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_EDGE_DETECT_OFFSET] = f.edge_detect;
	} else if (version == KPROF_WINDOWS_PROFILE_ADD_VERSION_V2) {
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V2_PERF_EVT_EVENT_SELECT_OFFSET] = (uint8_t)f.event_select;
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V2_PERF_EVT_UNIT_SELECT_OFFSET] = f.unit_select;
	} else {
		kprof_bytes_le16_store(u + KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_EVENT_SELECT_OFFSET, f.event_select);
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_UNIT_SELECT_OFFSET] = f.unit_select;
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_C_MASK_OFFSET] = f.cmask;
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_C_INV_OFFSET] = f.cinv;
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_EDGE_DETECT_OFFSET] = f.edge_detect;
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_HOST_GUEST_OFFSET] = f.host_guest;
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_PMU_TYPE_OFFSET] = (uint8_t)cs->pmu_type;
	}
	for (i = 0; i < KPROF_IMPL_ARRAY_COUNT(cs->cpu_info_hierarchy); i++)
		kprof_bytes_le32_store(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_CPU_INFO_HIERARCHY_OFFSET + 4u * i,
		                 cs->cpu_info_hierarchy[i]);
	kprof_bytes_le32_store(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_INITIAL_INTERVAL_OFFSET, f.interval);
	b[KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PERSIST_OFFSET] = cs->persist;
	n = kprof_impl_custom_name_length(cs);
	for (i = 0; i < n; i++) /* ASCII: one UTF-16 unit per character; the NUL after is zero already */
		kprof_bytes_le16_store(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PROFILE_SOURCE_DESCRIPTION_OFFSET + 2u * i,
		                 (uint8_t)cs->name[i]);
	if (written)
		*written = KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE;
	return KPROF_OK;
}

/* Whether d's processor is one a CpuInfoHierarchy selects: Windows compares family, model,
 * stepping in turn and stops at the first any. */
KPROF_IMPL_INTERNAL int kprof_impl_custom_hierarchy_matches(const kprof_hal_decision *d, const uint32_t hierarchy[3])
{
	uint32_t have[3];
	size_t i;
	have[0] = d->family;
	have[1] = d->model;
	have[2] = d->stepping;
	for (i = 0; i < KPROF_IMPL_ARRAY_COUNT(have) && hierarchy[i] != KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY; i++)
		if (!d->has_leaf1 || hierarchy[i] != have[i])
			return 0;
	return 1;
}

KPROF_API kprof_status kprof_windows_profile_group_get(const kprof_hal_decision *d, const kprof_windows_profile_group *g,
                                                       uint32_t *architecture, int *loads)
{
	uint32_t arch = 0, hierarchy[3];
	if (architecture)
		*architecture = 0;
	if (loads)
		*loads = 0;
	if (!d || !architecture)
		return KPROF_E_ARGUMENT;
	/* The kernel's CPU_VENDORS code, which the x64 and x86 kernels number differently; the
	 * public sources give none for another vendor. */
	if (d->vendor == KPROF_CPUID_VENDOR_INTEL)
		arch = d->hal == KPROF_HAL_BUILD_X86 ? KPROF_WINDOWS_PROFILE_REGISTRY_ARCHITECTURE_X86_INTEL
		                                     : KPROF_WINDOWS_PROFILE_REGISTRY_ARCHITECTURE_X64_INTEL;
	else if (d->vendor == KPROF_CPUID_VENDOR_AMD)
		arch = d->hal == KPROF_HAL_BUILD_X86 ? KPROF_WINDOWS_PROFILE_REGISTRY_ARCHITECTURE_X86_AMD
		                                     : KPROF_WINDOWS_PROFILE_REGISTRY_ARCHITECTURE_X64_AMD;
	else
		return KPROF_E_UNSUPPORTED;
	*architecture = arch;
	if (g && loads) {
		/* A Model without a Family: Windows stops at the missing Family and loads the group
		 * everywhere, its Model unused; kprof refuses it (windows_profile_group_value). */
		if (g->family == KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY && g->model != KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY)
			return KPROF_E_FORMAT;
		/* The group's Family and Model are a CpuInfoHierarchy without a stepping. */
		hierarchy[0] = g->family;
		hierarchy[1] = g->model;
		hierarchy[2] = KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY;
		*loads = g->architecture == arch && kprof_impl_custom_hierarchy_matches(d, hierarchy);
	}
	return KPROF_OK;
}

#endif

#if !defined(KPROF_NO_WINDOWS_MODEL) && !defined(KPROF_NO_COUNTS) && !defined(KPROF_NO_NAMES)
/* The HAL source of d's tables named name (n bytes) that the processor and release have (or
 * may have), or NULL. Emon processors also carry the later Intel sources. */
KPROF_IMPL_INTERNAL const kprof_source *kprof_impl_custom_taken(const kprof_hal_decision *d, const char *name, size_t n)
{
	const kprof_source *s = kprof_source_by_name(d->table, name, n);
	if (!s && d->table == KPROF_SOURCE_TABLE_EMON)
		s = kprof_source_by_name(KPROF_SOURCE_TABLE_INTEL_LATER, name, n);
	return s && kprof_impl_hal_presence(d, s) != KPROF_HAL_PRESENCE_ABSENT ? s : NULL;
}

/* The first row of d's table whose select has the same pieces as f. */
KPROF_IMPL_INTERNAL const kprof_source *kprof_impl_custom_same(const kprof_hal_decision *d, const kprof_source_profile_add *f)
{
	size_t i, n = 0;
	const kprof_source *rows = kprof_source_rows_by_table(d->table, &n);
	kprof_source_profile_add g;
	for (i = 0; rows && i < n; i++) {
		if (!rows[i].select ||
		    kprof_impl_profile_add_fields(f->vendor, rows[i].select, &g) != KPROF_OK)
			continue;
		if (g.event_select == f->event_select && g.unit_select == f->unit_select && g.cmask == f->cmask &&
		    g.cinv == f->cinv && g.any_thread == f->any_thread && g.edge_detect == f->edge_detect &&
		    g.host_guest == f->host_guest)
			return &rows[i];
	}
	return NULL;
}

/* The rules that depend on the processor and release, in order. */
KPROF_IMPL_INTERNAL kprof_windows_custom_source_problem kprof_impl_custom_processor(const kprof_windows_custom_source *cs,
                                                                                const kprof_hal_decision *d,
                                                                                kprof_windows_custom_source_verdict *v)
{
	const kprof_hal_release *rel = kprof_hal_release_by_id(d->release);
	const kprof_source_profile_add *f = &v->fields;
	if (cs->vendor != d->vendor)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_VENDOR;
	if (!rel || rel->build < KPROF_WINDOWS_PROFILE_ADD_FIRST_BUILD)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_RELEASE;
	if (d->table == KPROF_SOURCE_TABLE_DEFAULT)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NO_INTERFACE;
	v->taken = kprof_impl_custom_taken(d, cs->name, kprof_impl_custom_name_length(cs));
	if (v->taken)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_TAKEN;
	if (f->any_thread && !d->pmu.any_thread)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_ANY_THREAD;
	if (cs->vendor == KPROF_CPUID_VENDOR_AMD && d->family == KPROF_WINDOWS_PROFILE_ADD_AMD_FAMILY_0F &&
	    (f->event_select > KPROF_AMD_PERFEVTSEL_EVENT_MASK || f->host_guest))
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_AMD_FAMILY_0F;
	if ((cs->pmu_type == KPROF_WINDOWS_PMU_TYPE_DATA_FABRIC && !(d->pmu.perfctr_ext_nb && d->pmu.topoext)) ||
	    (cs->pmu_type == KPROF_WINDOWS_PMU_TYPE_L3 && !(d->pmu.perfctr_ext_llc && d->pmu.topoext)))
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PMU_TYPE;
	if (!kprof_impl_custom_hierarchy_matches(d, cs->cpu_info_hierarchy))
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_HIERARCHY_MISMATCH;
	return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE;
}

/* What kprof knows, whatever the verdict: the HAL source with the same event, what the event
 * counts here, and the warnings. */
KPROF_IMPL_INTERNAL void kprof_impl_custom_knowledge(const kprof_windows_custom_source *cs, const kprof_hal_decision *d,
                                                kprof_windows_custom_source_verdict *v)
{
	const kprof_hal_release *rel = kprof_hal_release_by_id(d->release);
	const kprof_source_profile_add *f = &v->fields;
	unsigned cpu_class;
	if (d->hal == KPROF_HAL_BUILD_X86)
		v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_X86;
	if (rel && rel->build < KPROF_WINDOWS_PROFILE_ADD_V2_LAYOUT_BUILD)
		v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_LAYOUT;
	if (v->version == KPROF_WINDOWS_PROFILE_ADD_VERSION_V3)
		v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_BINARY_V3;
	if ((f->cmask || f->cinv || f->edge_detect || f->any_thread || f->host_guest ||
	     f->event_select > KPROF_AMD_PERFEVTSEL_EVENT_MASK || cs->pmu_type != KPROF_WINDOWS_PMU_TYPE_CORE) &&
	    (!rel || rel->build != KPROF_WINDOWS_PROFILE_DECOMPILED_BUILD))
		v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_REGISTRY_EXTRAS;
	if (cs->vendor != d->vendor || d->table == KPROF_SOURCE_TABLE_DEFAULT ||
	    cs->pmu_type != KPROF_WINDOWS_PMU_TYPE_CORE) {
		cpu_class = KPROF_COUNTS_CLASS_NONE; /* no table of this processor judges it */
		(void)kprof_impl_counts_start(cpu_class, d->table, &v->counts);
		return;
	}
	v->same = kprof_impl_custom_same(d, f);
	if (v->same) {
		(void)kprof_counts_entry_get(d, v->same, &v->counts);
		if (kprof_impl_hal_presence(d, v->same) == KPROF_HAL_PRESENCE_PRESENT)
			v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_DUPLICATE;
	} else {
		const kprof_counts_class_info *c =
		        d->has_leaf1 ? kprof_counts_class_by_signature(d->vendor_string, d->family, d->model, d->stepping)
		                     : NULL;
		cpu_class = c ? (unsigned)c->id : (unsigned)KPROF_COUNTS_CLASS_NONE;
		if (kprof_impl_counts_start(cpu_class, d->table, &v->counts))
			kprof_impl_counts_lookup(cpu_class, f->event_select, f->unit_select, &v->counts);
	}
	if (v->counts.status == KPROF_COUNTS_VERDICT_ABSENT)
		v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_COUNTS_ABSENT;
	else if (v->counts.status == KPROF_COUNTS_VERDICT_DIFFERENT || v->counts.status == KPROF_COUNTS_VERDICT_PARTIAL)
		v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_COUNTS_DIFFERENT;
}

KPROF_API kprof_status kprof_windows_custom_source_verdict_get(const kprof_windows_custom_source *cs,
                                                               const kprof_hal_decision *d,
                                                               kprof_windows_custom_source_verdict *v)
{
	kprof_windows_custom_source_problem p;
	if (!v)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(v, sizeof(*v));
	if (!cs || !d)
		return KPROF_E_ARGUMENT;
	p = kprof_impl_custom_rules(cs, &v->fields, &v->version);
	if (p == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE)
		p = kprof_impl_custom_processor(cs, d, v);
	/* What the event counts is worth knowing even when a rule fails, once the select is read. */
	if (v->fields.vendor)
		kprof_impl_custom_knowledge(cs, d, v);
	v->problem = p;
	return kprof_impl_custom_status(p);
}
#endif
