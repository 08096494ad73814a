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
