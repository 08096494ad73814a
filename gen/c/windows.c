/* One DS layout: its size and the width of its eight buffer fields (kprof_ds_area64 is all
 * u64 fields, those eight first); its u64 counter resets run from gp_at to the end of the
 * area, the fixed ones from fixed_at (= size: none). */
KPROF_INTERNAL kprof_status kprof_impl_ds_area_load(const uint8_t *b, size_t len, size_t size, size_t width,
                                                    size_t gp_at, size_t fixed_at, kprof_ds_area64 *out)
{
	size_t i;
	kprof_impl_zero(out, sizeof(*out));
	if (len < size)
		return KPROF_E_TRUNCATED;
	for (i = 0; i < KPROF_DS_AREA64_PEBS_GP_COUNTER_RESET_OFFSET / sizeof(uint64_t); i++)
		((uint64_t *)(void *)out)[i] = kprof_impl_ds_word(b, width, i);
	for (i = 0; i < (fixed_at - gp_at) / sizeof(uint64_t); i++)
		out->pebs_gp_counter_reset[i] = kprof_impl_ds_word(b + gp_at, 8, i);
	for (i = 0; i < (size - fixed_at) / sizeof(uint64_t); i++)
		out->pebs_fixed_counter_reset[i] = kprof_impl_ds_word(b + fixed_at, 8, i);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_ds_area_decode(const void *bytes, size_t len, kprof_ds_layout layout,
                                            unsigned pebs_format, kprof_ds_area64 *out)
{
	const uint8_t *b = (const uint8_t *)bytes;
	int wide = kprof_impl_ds_wide_resets(pebs_format);
	if (!bytes || !out)
		return KPROF_E_ARGUMENT;
	if (wide < 0)
		return KPROF_E_FORMAT;
	/* From PEBS format 5 on, a Windows 2004 fixed-reset slot is a general-purpose one. */
	switch (layout) {
	case KPROF_DS_LAYOUT_INTEL64:
		if (wide)
			return kprof_impl_ds_area_load(b, len, KPROF_DS_AREA64_SIZE, 8, KPROF_DS_AREA64_PEBS_GP_COUNTER_RESET_OFFSET,
			                               KPROF_DS_AREA64_PEBS_FIXED_COUNTER_RESET_OFFSET, out);
		return kprof_impl_ds_area_load(b, len, KPROF_DS_AREA64_FMT4_SIZE, 8,
		                               KPROF_DS_AREA64_FMT4_PEBS_GP_COUNTER_RESET_OFFSET,
		                               KPROF_DS_AREA64_FMT4_PEBS_FIXED_COUNTER_RESET_OFFSET, out);
	case KPROF_DS_LAYOUT_INTEL32:
		return kprof_impl_ds_area_load(b, len, KPROF_DS_AREA32_SIZE, 4, KPROF_DS_AREA32_PEBS_COUNTER_RESET_OFFSET,
		                               KPROF_DS_AREA32_SIZE, out);
	case KPROF_DS_LAYOUT_WIN62:
		return kprof_impl_ds_area_load(b, len, KPROF_PROCESSOR_PROFILE_CONTROL_AREA_SIZE, 8,
		                               KPROF_PROCESSOR_PROFILE_CONTROL_AREA_PEBS_DS_SAVE_AREA_OFFSET +
		                                       KPROF_PEBS_DS_SAVE_AREA_PEBS_COUNTER_RESET0_OFFSET,
		                               KPROF_PROCESSOR_PROFILE_CONTROL_AREA_SIZE, out);
	case KPROF_DS_LAYOUT_WIN64:
		return kprof_impl_ds_area_load(b, len, KPROF_PEBS_DS_SAVE_AREA64_SIZE, 8,
		                               KPROF_PEBS_DS_SAVE_AREA64_PEBS_GP_COUNTER_RESET_OFFSET,
		                               wide ? KPROF_PEBS_DS_SAVE_AREA64_SIZE
		                                    : KPROF_PEBS_DS_SAVE_AREA64_PEBS_FIXED_COUNTER_RESET_OFFSET,
		                               out);
	case KPROF_DS_LAYOUT_WIN32:
		return kprof_impl_ds_area_load(b, len, KPROF_PEBS_DS_SAVE_AREA32_SIZE, 4,
		                               KPROF_PEBS_DS_SAVE_AREA32_PEBS_GP_COUNTER_RESET_OFFSET,
		                               wide ? KPROF_PEBS_DS_SAVE_AREA32_SIZE
		                                    : KPROF_PEBS_DS_SAVE_AREA32_PEBS_FIXED_COUNTER_RESET_OFFSET,
		                               out);
	default: return KPROF_E_ARGUMENT;
	}
}

/* Where a layout keeps the PEBS index, and how wide it is. */
KPROF_INTERNAL kprof_status kprof_impl_pebs_index_field(kprof_ds_layout layout, size_t *off, size_t *width)
{
	switch (layout) {
	case KPROF_DS_LAYOUT_INTEL64: *off = KPROF_DS_AREA64_PEBS_INDEX_OFFSET; *width = 8; return KPROF_OK;
	case KPROF_DS_LAYOUT_INTEL32: *off = KPROF_DS_AREA32_PEBS_INDEX_OFFSET; *width = 4; return KPROF_OK;
	case KPROF_DS_LAYOUT_WIN62:
		*off = KPROF_PROCESSOR_PROFILE_CONTROL_AREA_PEBS_DS_SAVE_AREA_OFFSET + KPROF_PEBS_DS_SAVE_AREA_PEBS_INDEX_OFFSET;
		*width = 8;
		return KPROF_OK;
	case KPROF_DS_LAYOUT_WIN64: *off = KPROF_PEBS_DS_SAVE_AREA64_PEBS_INDEX_OFFSET; *width = 8; return KPROF_OK;
	case KPROF_DS_LAYOUT_WIN32: *off = KPROF_PEBS_DS_SAVE_AREA32_PEBS_INDEX_OFFSET; *width = 4; return KPROF_OK;
	default: return KPROF_E_ARGUMENT;
	}
}

KPROF_API kprof_status kprof_ds_pebs_index_decode(const void *bytes, size_t len, kprof_ds_layout layout,
                                                  uint64_t *out)
{
	size_t off, width;
	kprof_status st;
	if (!bytes || !out)
		return KPROF_E_ARGUMENT;
	st = kprof_impl_pebs_index_field(layout, &off, &width);
	if (st != KPROF_OK)
		return st;
	if (len < off + width)
		return KPROF_E_TRUNCATED;
	*out = width == 8 ? kprof_load_le64((const uint8_t *)bytes + off) : kprof_load_le32((const uint8_t *)bytes + off);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_ds_pebs_index_read(const volatile void *area, kprof_ds_layout layout, uint64_t *out)
{
	size_t off, width;
	const volatile uint8_t *p;
	kprof_status st;
	if (!area || !out)
		return KPROF_E_ARGUMENT;
	st = kprof_impl_pebs_index_field(layout, &off, &width);
	if (st != KPROF_OK)
		return st;
	p = (const volatile uint8_t *)area + off;
	if ((uintptr_t)p % width)
		return KPROF_E_ALIGNMENT;
	if (width == 8 && sizeof(void *) >= 8)
		*out = *(const volatile uint64_t *)(const volatile void *)p;
	else
		*out = *(const volatile uint32_t *)(const volatile void *)p; /* little-endian: the low half */
	return KPROF_OK;
}

KPROF_API kprof_status kprof_psi_iter_init(kprof_psi_iter *it, const void *buf, size_t len)
{
	if (!it)
		return KPROF_E_ARGUMENT;
	it->status = KPROF_E_ARGUMENT; /* a walk after a failed init stops at once */
	it->len = it->at = 0;
	it->buf = NULL;
	if (!buf && len)
		return KPROF_E_ARGUMENT;
	it->buf = (const uint8_t *)buf;
	it->len = len;
	it->at = 0;
	it->status = len ? KPROF_OK : KPROF_END;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_psi_iter_next(kprof_psi_iter *it, kprof_psi_entry *out)
{
	const uint8_t *p;
	size_t end, i, units, hdr = KPROF_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET;
	uint32_t next;
	if (!it || !out)
		return KPROF_E_ARGUMENT;
	if (it->status != KPROF_OK)
		return (kprof_status)it->status;
	if (it->len - it->at < hdr)
		return (kprof_status)(it->status = KPROF_E_TRUNCATED);
	p = it->buf + it->at;
	next = kprof_load_le32(p + KPROF_PROFILE_SOURCE_INFO_NEXT_ENTRY_OFFSET_OFFSET);
	if (next) {
		/* Strictly forward and the next header inside the buffer: no loop is possible. */
		if (next < hdr || next > it->len - it->at || it->len - it->at - next < hdr)
			return (kprof_status)(it->status = KPROF_E_CORRUPT);
		end = it->at + next;
	} else {
		end = it->len;
	}
	out->offset = (uint32_t)it->at;
	out->next_entry_offset = next;
	out->source = kprof_load_le32(p + KPROF_PROFILE_SOURCE_INFO_SOURCE_OFFSET);
	out->min_interval = kprof_load_le32(p + KPROF_PROFILE_SOURCE_INFO_MIN_INTERVAL_OFFSET);
	out->max_interval = kprof_load_le32(p + KPROF_PROFILE_SOURCE_INFO_MAX_INTERVAL_OFFSET);
	out->reserved = kprof_load_le64(p + KPROF_PROFILE_SOURCE_INFO_RESERVED_OFFSET);
	out->description_offset = (uint32_t)(it->at + hdr);
	units = (end - it->at - hdr) / 2;
	out->description_terminated = 0;
	for (i = 0; i < units; i++) {
		if (kprof_load_le16(p + hdr + 2 * i) == 0) {
			out->description_terminated = 1;
			break;
		}
	}
	out->description_units = (uint32_t)i;
	out->pad[0] = out->pad[1] = out->pad[2] = 0;
	if (next)
		it->at = end;
	else
		it->status = KPROF_END;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_psi_description_utf8(const void *buf, size_t len, const kprof_psi_entry *e, char *out,
                                                  size_t out_size, size_t *out_len)
{
	if (out_len)
		*out_len = 0;
	if (!buf || !e || !out || out_size == 0)
		return KPROF_E_ARGUMENT;
	out[0] = '\0';
	if (e->description_offset > len || e->description_units > (len - e->description_offset) / 2)
		return KPROF_E_RANGE;
	return kprof_utf16le_to_utf8((const uint8_t *)buf + e->description_offset, e->description_units, out,
	                             out_size, out_len);
}

KPROF_API int kprof_psi_description_equals(const void *buf, size_t len, const kprof_psi_entry *e, const char *s,
                                           size_t n)
{
	const uint8_t *p;
	size_t i;
	if (!buf || !e || (!s && n) || e->description_offset > len ||
	    e->description_units > (len - e->description_offset) / 2 || e->description_units != n)
		return 0;
	p = (const uint8_t *)buf + e->description_offset;
	for (i = 0; i < n; i++)
		if (kprof_load_le16(p + 2 * i) != (uint8_t)s[i] || (uint8_t)s[i] >= 0x80)
			return 0;
	return 1;
}

KPROF_API kprof_status kprof_psi_match_source(const kprof_psi_entry *e, kprof_interface itf, kprof_psi_match *match)
{
	if (!e || !match)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(match, sizeof(*match));
	match->itf = (uint8_t)itf;
	match->source = kprof_source_get(itf, e->source);
	if (!match->source && itf == KPROF_INTERFACE_EMON) {
		match->source = kprof_source_get(KPROF_INTERFACE_INTEL_LATER, e->source);
		if (match->source) {
			match->later = 1;
			match->itf = (uint8_t)KPROF_INTERFACE_INTEL_LATER;
		}
	}
	return match->source ? KPROF_OK : KPROF_E_NOT_FOUND;
}

KPROF_API kprof_status kprof_psi_writer_init(kprof_psi_writer *w, void *buf, size_t cap)
{
	if (!w)
		return KPROF_E_ARGUMENT;
	w->buf = (uint8_t *)buf;
	w->cap = buf ? cap : 0;
	w->used = w->last = 0;
	w->has_last = 0;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_psi_append(kprof_psi_writer *w, uint32_t source, uint32_t min_interval,
                                        uint32_t max_interval, const char *desc, size_t n)
{
	size_t size, i, at;
	uint8_t *p;
	if (!w || (!desc && n))
		return KPROF_E_ARGUMENT;
	for (i = 0; i < n; i++)
		if ((uint8_t)desc[i] >= 0x80)
			return KPROF_E_RANGE;
	if (n > (0xFFFFFFFFu - KPROF_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET) / 2 - 8)
		return KPROF_E_RANGE;
	size = KPROF_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET + 2 * (n + 1);
	size = (size + 7) & ~(size_t)7;
	at = w->used;
	if (w->cap - at < size)
		return KPROF_E_BUFFER_TOO_SMALL;
	p = w->buf + at;
	kprof_impl_zero(p, size);
	kprof_store_le32(p + KPROF_PROFILE_SOURCE_INFO_SOURCE_OFFSET, source);
	kprof_store_le32(p + KPROF_PROFILE_SOURCE_INFO_MIN_INTERVAL_OFFSET, min_interval);
	kprof_store_le32(p + KPROF_PROFILE_SOURCE_INFO_MAX_INTERVAL_OFFSET, max_interval);
	for (i = 0; i < n; i++)
		kprof_store_le16(p + KPROF_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET + 2 * i, (uint8_t)desc[i]);
	if (w->has_last)
		kprof_store_le32(w->buf + w->last + KPROF_PROFILE_SOURCE_INFO_NEXT_ENTRY_OFFSET_OFFSET,
		                 (uint32_t)(at - w->last));
	w->last = at;
	w->has_last = 1;
	w->used = at + size;
	return KPROF_OK;
}

/* ---- custom profile sources ---- */

/* The status a custom-source problem is reported with. */
KPROF_INTERNAL kprof_status kprof_impl_custom_status(kprof_windows_custom_source_problem p)
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
KPROF_INTERNAL kprof_windows_custom_source_problem kprof_impl_custom_name_problem(const char *name, size_t len)
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
KPROF_INTERNAL size_t kprof_impl_custom_name_length(const kprof_windows_custom_source *cs)
{
	size_t n = 0;
	while (n < sizeof(cs->name) && cs->name[n])
		n++;
	return n;
}

/* Every rule that does not depend on the processor, in order: the first one broken. Fills f
 * (the select taken apart, the interval Windows gets) and the version the record needs
 * whenever the select can be read, whatever else is wrong; f is zero when it cannot. */
KPROF_INTERNAL kprof_windows_custom_source_problem kprof_impl_custom_rules(const kprof_windows_custom_source *cs,
                                                                            kprof_profile_source_add *f,
                                                                            kprof_windows_profile_add_version *version)
{
	kprof_windows_custom_source_problem p;
	int vendor = cs->vendor == KPROF_VENDOR_INTEL || cs->vendor == KPROF_VENDOR_AMD;
	int fields = vendor && kprof_impl_profile_add_fields(cs->vendor, cs->select, f) == KPROF_OK;
	size_t i;
	*version = KPROF_WINDOWS_PROFILE_ADD_VERSION_V2;
	if (!fields) {
		kprof_impl_zero(f, sizeof(*f));
	} else {
		/* Version 2's AMD member holds an 8-bit event and the unit mask, nothing else. */
		f->interval = cs->interval ? cs->interval : KPROF_INTERVAL_HARDWARE_DEFAULT;
		if (cs->vendor == KPROF_VENDOR_AMD &&
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
	if (cs->vendor == KPROF_VENDOR_INTEL && f->event_select == 0)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_FIXED_EVENT;
	if (f->cmask > KPROF_WINDOWS_PROFILE_ADD_CMASK_MAX)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_CMASK_WIDTH;
	if (cs->pmu_type != KPROF_WINDOWS_PMU_TYPE_CORE &&
	    (cs->vendor != KPROF_VENDOR_AMD || (unsigned)cs->pmu_type > KPROF_WINDOWS_PMU_TYPE_L3))
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PMU_TYPE;
	if (f->interval < KPROF_INTERVAL_HARDWARE_MIN || f->interval > KPROF_INTERVAL_HARDWARE_MAX)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_INTERVAL;
	for (i = 1; i < KPROF_ARRAY_COUNT(cs->cpu_info_hierarchy); i++)
		if (cs->cpu_info_hierarchy[i - 1] == KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY &&
		    cs->cpu_info_hierarchy[i] != KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY)
			return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_HIERARCHY_ORDER;
	if (cs->core_type)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_CORE_TYPE;
	if (cs->persist > 1)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PERSIST;
	return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE;
}

KPROF_API kprof_status kprof_windows_custom_source_init(kprof_windows_custom_source *cs, kprof_vendor vendor,
                                                        uint64_t select)
{
	size_t i;
	if (!cs)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(cs, sizeof(*cs));
	if (vendor != KPROF_VENDOR_INTEL && vendor != KPROF_VENDOR_AMD)
		return KPROF_E_ARGUMENT;
	cs->vendor = vendor;
	cs->select = select;
	for (i = 0; i < KPROF_ARRAY_COUNT(cs->cpu_info_hierarchy); i++)
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

KPROF_API kprof_status kprof_windows_custom_source_pack(const kprof_windows_custom_source *cs, void *buf,
                                                        size_t cap, size_t *written)
{
	uint8_t *b = (uint8_t *)buf, *u;
	kprof_profile_source_add f;
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
	kprof_store_le32(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_EVENT_TRACE_INFORMATION_CLASS_OFFSET,
	                 KPROF_EVENT_TRACE_PROFILE_SOURCE_ADD_INFORMATION);
	b[KPROF_WINDOWS_PROFILE_ADD_INFORMATION_VERSION_OFFSET] = (uint8_t)version;
	u = b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_V2_OFFSET;
	if (cs->vendor == KPROF_VENDOR_INTEL) {
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
		kprof_store_le16(u + KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_EVENT_SELECT_OFFSET, f.event_select);
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_UNIT_SELECT_OFFSET] = f.unit_select;
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_C_MASK_OFFSET] = f.cmask;
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_C_INV_OFFSET] = f.cinv;
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_EDGE_DETECT_OFFSET] = f.edge_detect;
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_HOST_GUEST_OFFSET] = f.host_guest;
		u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_PMU_TYPE_OFFSET] = (uint8_t)cs->pmu_type;
	}
	for (i = 0; i < KPROF_ARRAY_COUNT(cs->cpu_info_hierarchy); i++)
		kprof_store_le32(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_CPU_INFO_HIERARCHY_OFFSET + 4u * i,
		                 cs->cpu_info_hierarchy[i]);
	kprof_store_le32(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_INITIAL_INTERVAL_OFFSET, f.interval);
	b[KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PERSIST_OFFSET] = cs->persist;
	n = kprof_impl_custom_name_length(cs);
	for (i = 0; i < n; i++) /* ASCII: one UTF-16 unit per character; the NUL after is zero already */
		kprof_store_le16(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PROFILE_SOURCE_DESCRIPTION_OFFSET + 2u * i,
		                 (uint8_t)cs->name[i]);
	if (written)
		*written = KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE;
	return KPROF_OK;
}

/* Zero *out and report st: every error of the unpacker leaves nothing behind. */
KPROF_INTERNAL kprof_status kprof_impl_custom_unpack_fail(kprof_windows_custom_source *out, kprof_status st)
{
	kprof_impl_zero(out, sizeof(*out));
	return st;
}

KPROF_API kprof_status kprof_windows_custom_source_unpack(const void *buf, size_t len, kprof_vendor vendor,
                                                          kprof_windows_custom_source *out)
{
	const uint8_t *b = (const uint8_t *)buf, *u;
	kprof_select f;
	uint64_t select;
	unsigned version;
	size_t i, units;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	if (!buf || (vendor != KPROF_VENDOR_INTEL && vendor != KPROF_VENDOR_AMD))
		return KPROF_E_ARGUMENT;
	if (len < KPROF_WINDOWS_PROFILE_ADD_LENGTH_MIN)
		return KPROF_E_TRUNCATED;
	if (len > KPROF_WINDOWS_PROFILE_ADD_LENGTH_MAX)
		return KPROF_E_RANGE;
	version = b[KPROF_WINDOWS_PROFILE_ADD_INFORMATION_VERSION_OFFSET];
	if (kprof_load_le32(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_EVENT_TRACE_INFORMATION_CLASS_OFFSET) !=
	            KPROF_EVENT_TRACE_PROFILE_SOURCE_ADD_INFORMATION ||
	    (version != KPROF_WINDOWS_PROFILE_ADD_VERSION_V2 && version != KPROF_WINDOWS_PROFILE_ADD_VERSION_V3))
		return KPROF_E_FORMAT;
	/* The union as Windows reads it: Intel's six bytes whatever the Version; AMD's by Version.
	 * The flags are bit 0 of their bytes and Host/Guest bits 1:0 (EmonAddProfileSource,
	 * Amd64GetEventSelectDef). */
	kprof_impl_zero(&f, sizeof(f));
	u = b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_V2_OFFSET;
	if (vendor == KPROF_VENDOR_INTEL) {
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
		f.event = kprof_load_le16(u + KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_EVENT_SELECT_OFFSET);
		f.umask = u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_UNIT_SELECT_OFFSET];
		f.cmask = u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_C_MASK_OFFSET];
		f.inv = u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_C_INV_OFFSET] & 1u;
		f.edge = u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_EDGE_DETECT_OFFSET] & 1u;
		f.guest_only = hg & 1u;
		f.host_only = (hg >> 1) & 1u;
		out->pmu_type = (kprof_windows_pmu_type)u[KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_PMU_TYPE_OFFSET];
	}
	if (kprof_select_encode(vendor, &f, &select) != KPROF_OK)
		return kprof_impl_custom_unpack_fail(out, KPROF_E_RANGE);
	/* The description: UTF-16LE to its NUL, which must lie inside the record. */
	units = (len - KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PROFILE_SOURCE_DESCRIPTION_OFFSET) / 2u;
	for (i = 0; i < units; i++) {
		uint16_t c = kprof_load_le16(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PROFILE_SOURCE_DESCRIPTION_OFFSET +
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
	for (i = 0; i < KPROF_ARRAY_COUNT(out->cpu_info_hierarchy); i++)
		out->cpu_info_hierarchy[i] =
		        kprof_load_le32(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_CPU_INFO_HIERARCHY_OFFSET + 4u * i);
	out->interval = kprof_load_le32(b + KPROF_WINDOWS_PROFILE_ADD_INFORMATION_INITIAL_INTERVAL_OFFSET);
	out->persist = b[KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PERSIST_OFFSET] != 0;
	return KPROF_OK;
}

#if !defined(KPROF_NO_COUNTS) && !defined(KPROF_NO_NAMES)
/* The HAL source of d's tables named name (n bytes) that the processor and release have (or
 * may have), or NULL. Emon processors also carry the later Intel sources. */
KPROF_INTERNAL const kprof_source *kprof_impl_custom_taken(const kprof_hal_decision *d, const char *name, size_t n)
{
	const kprof_source *s = kprof_source_by_name((kprof_interface)d->iface, name, n);
	if (!s && d->iface == KPROF_INTERFACE_EMON)
		s = kprof_source_by_name(KPROF_INTERFACE_INTEL_LATER, name, n);
	return s && kprof_hal_source_status(d, s) != KPROF_PRESENCE_ABSENT ? s : NULL;
}

/* The first row of d's table whose select has the same pieces as f. */
KPROF_INTERNAL const kprof_source *kprof_impl_custom_same(const kprof_hal_decision *d, const kprof_profile_source_add *f)
{
	const kprof_source *rows = kprof_source_table((kprof_interface)d->iface, NULL);
	size_t i, n = 0;
	kprof_profile_source_add g;
	(void)kprof_source_table((kprof_interface)d->iface, &n);
	for (i = 0; rows && i < n; i++) {
		if (!rows[i].select ||
		    kprof_impl_profile_add_fields((kprof_vendor)f->vendor, rows[i].select, &g) != KPROF_OK)
			continue;
		if (g.event_select == f->event_select && g.unit_select == f->unit_select && g.cmask == f->cmask &&
		    g.cinv == f->cinv && g.any_thread == f->any_thread && g.edge_detect == f->edge_detect &&
		    g.host_guest == f->host_guest)
			return &rows[i];
	}
	return NULL;
}

/* The rules that depend on the processor and release, in order. */
KPROF_INTERNAL kprof_windows_custom_source_problem kprof_impl_custom_processor(const kprof_windows_custom_source *cs,
                                                                                const kprof_hal_decision *d,
                                                                                kprof_windows_custom_source_verdict *v)
{
	const kprof_windows_release *rel = kprof_windows_release_get(d->release);
	const kprof_profile_source_add *f = &v->fields;
	uint32_t have[3];
	size_t i;
	if ((unsigned)cs->vendor != d->vendor)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_VENDOR;
	if (!rel || rel->build < KPROF_WINDOWS_PROFILE_ADD_FIRST_BUILD)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_RELEASE;
	if (d->iface == KPROF_INTERFACE_DEFAULT)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NO_INTERFACE;
	v->taken = kprof_impl_custom_taken(d, cs->name, kprof_impl_custom_name_length(cs));
	if (v->taken)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_TAKEN;
	if (f->any_thread && !d->pmu.any_thread)
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_ANY_THREAD;
	if (cs->vendor == KPROF_VENDOR_AMD && d->family == KPROF_WINDOWS_PROFILE_ADD_AMD_FAMILY_0F &&
	    (f->event_select > KPROF_AMD_PERFEVTSEL_EVENT_MASK || f->host_guest))
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_AMD_FAMILY_0F;
	if ((cs->pmu_type == KPROF_WINDOWS_PMU_TYPE_DATA_FABRIC && !(d->pmu.perfctr_ext_nb && d->pmu.topoext)) ||
	    (cs->pmu_type == KPROF_WINDOWS_PMU_TYPE_L3 && !(d->pmu.perfctr_ext_llc && d->pmu.topoext)))
		return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PMU_TYPE;
	/* Windows compares family, model, stepping in turn and stops at the first any. */
	have[0] = d->family;
	have[1] = d->model;
	have[2] = d->stepping;
	for (i = 0; i < KPROF_ARRAY_COUNT(have) && cs->cpu_info_hierarchy[i] != KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY; i++)
		if (!d->has_leaf1 || cs->cpu_info_hierarchy[i] != have[i])
			return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_HIERARCHY_MISMATCH;
	return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE;
}

/* What kprof knows, whatever the verdict: the HAL source with the same event, what the event
 * counts here, and the warnings. */
KPROF_INTERNAL void kprof_impl_custom_knowledge(const kprof_windows_custom_source *cs, const kprof_hal_decision *d,
                                                kprof_windows_custom_source_verdict *v)
{
	const kprof_windows_release *rel = kprof_windows_release_get(d->release);
	const kprof_profile_source_add *f = &v->fields;
	unsigned cpu_class;
	if (d->hal == KPROF_HAL_X86)
		v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_X86;
	if (rel && rel->build < KPROF_WINDOWS_PROFILE_ADD_V2_LAYOUT_BUILD)
		v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_LAYOUT;
	if (v->version == KPROF_WINDOWS_PROFILE_ADD_VERSION_V3)
		v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_BINARY_V3;
	if ((f->cmask || f->cinv || f->edge_detect || f->any_thread || f->host_guest ||
	     f->event_select > KPROF_AMD_PERFEVTSEL_EVENT_MASK || cs->pmu_type != KPROF_WINDOWS_PMU_TYPE_CORE) &&
	    (!rel || rel->build != KPROF_WINDOWS_PROFILE_DECOMPILED_BUILD))
		v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_REGISTRY_EXTRAS;
	if ((unsigned)cs->vendor != d->vendor || d->iface == KPROF_INTERFACE_DEFAULT ||
	    cs->pmu_type != KPROF_WINDOWS_PMU_TYPE_CORE) {
		cpu_class = KPROF_COUNTS_CLASS_NONE; /* no table of this processor judges it */
		(void)kprof_impl_counts_start(cpu_class, d->iface, &v->counts);
		return;
	}
	v->same = kprof_impl_custom_same(d, f);
	if (v->same) {
		(void)kprof_source_counts_from_decision(d, v->same, &v->counts);
		if (kprof_hal_source_status(d, v->same) == KPROF_PRESENCE_PRESENT)
			v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_DUPLICATE;
	} else {
		cpu_class = d->has_leaf1 ? kprof_counts_class_find(d->vendor_string, d->family, d->model, d->stepping)
		                         : (unsigned)KPROF_COUNTS_CLASS_NONE;
		if (kprof_impl_counts_start(cpu_class, d->iface, &v->counts))
			kprof_impl_counts_lookup(cpu_class, f->event_select, f->unit_select, &v->counts);
	}
	if (v->counts.status == KPROF_COUNTS_ABSENT)
		v->warnings |= KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_COUNTS_ABSENT;
	else if (v->counts.status == KPROF_COUNTS_DIFFERENT || v->counts.status == KPROF_COUNTS_PARTIAL)
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
