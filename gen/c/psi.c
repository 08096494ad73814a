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
	size_t end, i, units, hdr = KPROF_WINDOWS_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET;
	uint32_t next;
	if (!it || !out)
		return KPROF_E_ARGUMENT;
	if (it->status != KPROF_OK)
		return it->status;
	if (it->len - it->at < hdr)
		return it->status = KPROF_E_TRUNCATED;
	p = it->buf + it->at;
	next = kprof_bytes_le32_load(p + KPROF_WINDOWS_PROFILE_SOURCE_INFO_NEXT_ENTRY_OFFSET_OFFSET);
	if (next) {
		/* Strictly forward and the next header inside the buffer: no loop is possible. */
		if (next < hdr || next > it->len - it->at || it->len - it->at - next < hdr)
			return it->status = KPROF_E_CORRUPT;
		end = it->at + next;
	} else {
		end = it->len;
	}
	out->offset = (uint32_t)it->at;
	out->next_entry_offset = next;
	out->source = kprof_bytes_le32_load(p + KPROF_WINDOWS_PROFILE_SOURCE_INFO_SOURCE_OFFSET);
	out->min_interval = kprof_bytes_le32_load(p + KPROF_WINDOWS_PROFILE_SOURCE_INFO_MIN_INTERVAL_OFFSET);
	out->max_interval = kprof_bytes_le32_load(p + KPROF_WINDOWS_PROFILE_SOURCE_INFO_MAX_INTERVAL_OFFSET);
	out->reserved = kprof_bytes_le64_load(p + KPROF_WINDOWS_PROFILE_SOURCE_INFO_RESERVED_OFFSET);
	out->description_offset = (uint32_t)(it->at + hdr);
	units = (end - it->at - hdr) / 2;
	out->description_terminated = 0;
	for (i = 0; i < units; i++) {
		if (kprof_bytes_le16_load(p + hdr + 2 * i) == 0) {
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

/* The Description of e inside the chain it walks: KPROF_E_RANGE when e does not lie in it. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_psi_description(const kprof_psi_iter *it, const kprof_psi_entry *e,
                                                            const uint8_t **p)
{
	if (!it->buf || e->description_offset > it->len ||
	    e->description_units > (it->len - e->description_offset) / 2)
		return KPROF_E_RANGE;
	*p = it->buf + e->description_offset;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_psi_description_to_utf8(const kprof_psi_iter *it, const kprof_psi_entry *e, char *out,
                                                     size_t out_size, size_t *out_len)
{
	const uint8_t *p;
	kprof_status st;
	if (out_len)
		*out_len = 0;
	if (!it || !e || !out || out_size == 0)
		return KPROF_E_ARGUMENT;
	out[0] = '\0';
	if ((st = kprof_impl_psi_description(it, e, &p)) != KPROF_OK)
		return st;
	return kprof_bytes_utf16le_to_utf8(p, e->description_units, out, out_size, out_len);
}

KPROF_API kprof_status kprof_psi_description_compare(const kprof_psi_iter *it, const kprof_psi_entry *e, const char *s,
                                                     size_t n, int *equal)
{
	const uint8_t *p;
	size_t i;
	kprof_status st;
	if (equal)
		*equal = 0;
	if (!it || !e || (!s && n) || !equal)
		return KPROF_E_ARGUMENT;
	if ((st = kprof_impl_psi_description(it, e, &p)) != KPROF_OK)
		return st;
	if (e->description_units != n)
		return KPROF_OK;
	for (i = 0; i < n; i++)
		if (kprof_bytes_le16_load(p + 2 * i) != (uint8_t)s[i] || (uint8_t)s[i] >= 0x80)
			return KPROF_OK;
	*equal = 1;
	return KPROF_OK;
}

#if !defined(KPROF_NO_WINDOWS_MODEL)
KPROF_API kprof_status kprof_psi_match_get(const kprof_psi_entry *e, kprof_source_table table, kprof_psi_match *match)
{
	if (!e || !match)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(match, sizeof(*match));
	match->table = table;
	match->source = kprof_source_by_value(table, e->source);
	if (!match->source && table == KPROF_SOURCE_TABLE_EMON) {
		match->source = kprof_source_by_value(KPROF_SOURCE_TABLE_INTEL_LATER, e->source);
		if (match->source) {
			match->later = 1;
			match->table = KPROF_SOURCE_TABLE_INTEL_LATER;
		}
	}
	return match->source ? KPROF_OK : KPROF_E_NOT_FOUND;
}
#endif

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

KPROF_API kprof_status kprof_psi_writer_add(kprof_psi_writer *w, const kprof_psi_item *item)
{
	size_t size, i, at, n;
	const char *desc;
	uint8_t *p;
	if (!w || !item || (!item->description && item->description_len))
		return KPROF_E_ARGUMENT;
	desc = item->description;
	n = item->description_len;
	for (i = 0; i < n; i++)
		if ((uint8_t)desc[i] >= 0x80)
			return KPROF_E_RANGE;
	if (n > (0xFFFFFFFFu - KPROF_WINDOWS_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET) / 2 - 8)
		return KPROF_E_RANGE;
	size = KPROF_WINDOWS_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET + 2 * (n + 1);
	size = (size + 7) & ~(size_t)7;
	at = w->used;
	if (w->cap - at < size)
		return KPROF_E_BUFFER_TOO_SMALL;
	p = w->buf + at;
	kprof_impl_zero(p, size);
	kprof_bytes_le32_store(p + KPROF_WINDOWS_PROFILE_SOURCE_INFO_SOURCE_OFFSET, item->source);
	kprof_bytes_le32_store(p + KPROF_WINDOWS_PROFILE_SOURCE_INFO_MIN_INTERVAL_OFFSET, item->min_interval);
	kprof_bytes_le32_store(p + KPROF_WINDOWS_PROFILE_SOURCE_INFO_MAX_INTERVAL_OFFSET, item->max_interval);
	for (i = 0; i < n; i++)
		kprof_bytes_le16_store(p + KPROF_WINDOWS_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET + 2 * i, (uint8_t)desc[i]);
	if (w->has_last)
		kprof_bytes_le32_store(w->buf + w->last + KPROF_WINDOWS_PROFILE_SOURCE_INFO_NEXT_ENTRY_OFFSET_OFFSET,
		                 (uint32_t)(at - w->last));
	w->last = at;
	w->has_last = 1;
	w->used = at + size;
	return KPROF_OK;
}
