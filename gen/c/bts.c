KPROF_API kprof_status kprof_bts_iter_init(kprof_bts_iter *w, const kprof_ds_buffer *buffer)
{
	uint64_t slot, cap, need, base, index, maximum;
	const void *bytes;
	size_t len;
	unsigned record_size, flags;
	kprof_status st;
	if (!w)
		return KPROF_E_ARGUMENT;
	w->status = KPROF_E_ARGUMENT;
	w->left = 0;
	if (!buffer || (!buffer->bytes && buffer->len))
		return KPROF_E_ARGUMENT;
	bytes = buffer->bytes;
	len = buffer->len;
	base = buffer->base;
	index = buffer->index;
	maximum = buffer->maximum;
	record_size = buffer->format;
	flags = buffer->flags;
	if (record_size != KPROF_BTS_RECORD64_SIZE && record_size != KPROF_BTS_RECORD32_SIZE)
		return w->status = KPROF_E_FORMAT;
	st = kprof_impl_ds_span(base, index, maximum, record_size, &slot, &cap);
	if (st != KPROF_OK)
		return w->status = st;
	if (flags & KPROF_BTS_WRAPPED) {
		if (cap == 0)
			return w->status = KPROF_E_RANGE;
		need = cap;
		if (slot == cap)
			slot = 0;
	} else {
		need = slot;
		slot = 0;
	}
	if (need > len / record_size)
		return w->status = KPROF_E_TRUNCATED;
	w->bytes = (const uint8_t *)bytes;
	w->base = base;
	w->capacity = cap;
	w->slot = slot;
	w->left = need;
	w->record_size = record_size;
	w->status = KPROF_OK;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_bts_iter_next(kprof_bts_iter *w, kprof_bts_entry *out)
{
	const uint8_t *p;
	size_t width;
	if (!w || !out)
		return KPROF_E_ARGUMENT;
	if (w->status != KPROF_OK)
		return w->status;
	if (w->left == 0)
		return KPROF_END;
	p = w->bytes + (size_t)w->slot * w->record_size;
	width = w->record_size == KPROF_BTS_RECORD64_SIZE ? 8u : 4u;
	out->at = w->base + w->slot * w->record_size;
	out->from = kprof_impl_ds_word(p, width, 0);
	out->to = kprof_impl_ds_word(p, width, 1);
	out->flags = kprof_impl_ds_word(p, width, 2);
	out->predicted = (uint8_t)(width == 8u ? KPROF_FIELD_GET(KPROF_BTS_RECORD64_FLAGS_PREDICTED, out->flags)
	                                       : KPROF_FIELD_GET(KPROF_BTS_RECORD32_FLAGS_PREDICTED, out->flags));
	w->left--;
	w->slot++;
	if (w->slot == w->capacity)
		w->slot = 0;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_bts_wrapped_get(const kprof_ds_buffer *buffer, int *wrapped)
{
	uint64_t slot, cap;
	const uint8_t *p;
	unsigned i, record_size;
	kprof_status st;
	if (wrapped)
		*wrapped = 0;
	if (!wrapped || !buffer || (!buffer->bytes && buffer->len))
		return KPROF_E_ARGUMENT;
	record_size = buffer->format;
	if (record_size != KPROF_BTS_RECORD64_SIZE && record_size != KPROF_BTS_RECORD32_SIZE)
		return KPROF_E_FORMAT;
	st = kprof_impl_ds_span(buffer->base, buffer->index, buffer->maximum, record_size, &slot, &cap);
	if (st != KPROF_OK || slot == cap)
		return st;
	if (cap > buffer->len / record_size)
		return KPROF_E_TRUNCATED;
	p = (const uint8_t *)buffer->bytes + (size_t)slot * record_size;
	for (i = 0; i < record_size; i++)
		if (p[i])
			*wrapped = 1;
	return KPROF_OK;
}
