KPROF_API const kprof_source *kprof_source_table(kprof_interface itf, size_t *count)
{
	if ((unsigned)itf >= KPROF_INTERFACE_COUNT) {
		if (count)
			*count = 0;
		return NULL;
	}
	if (count)
		*count = kprof_impl_interface_infos[itf].count;
	return kprof_impl_source_rows + kprof_impl_source_tables[itf].first_row;
}

KPROF_API const kprof_interface_info *kprof_interface_get_info(kprof_interface itf)
{
	if ((unsigned)itf >= KPROF_INTERFACE_COUNT)
		return NULL;
	return &kprof_impl_interface_infos[itf];
}

KPROF_API const kprof_source *kprof_source_get(kprof_interface itf, uint32_t value)
{
	uint8_t slot;
	if ((unsigned)itf >= KPROF_INTERFACE_COUNT || value > kprof_impl_interface_infos[itf].max_value)
		return NULL;
	slot = kprof_impl_source_value_index[kprof_impl_source_tables[itf].value_index + value];
	if (!slot)
		return NULL;
	return kprof_impl_source_rows + kprof_impl_source_tables[itf].first_row + (slot - 1u);
}

KPROF_API size_t kprof_sources_by_select(kprof_interface itf, uint32_t select,
                                         const kprof_source **out, size_t cap)
{
	const kprof_interface_info *info = kprof_interface_get_info(itf);
	const uint8_t *order;
	const kprof_source *rows;
	size_t lo = 0, hi, n = 0;
	if (!info)
		return 0;
	order = kprof_impl_source_select_index + kprof_impl_source_tables[itf].select_index;
	rows = kprof_impl_source_rows + kprof_impl_source_tables[itf].first_row;
	hi = info->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (rows[order[mid]].select < select)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < info->count && rows[order[lo]].select == select; lo++, n++)
		if (out && n < cap)
			out[n] = &rows[order[lo]];
	return n;
}

#ifndef KPROF_NO_NAMES
KPROF_API const char *kprof_source_name(const kprof_source *s)
{
	return s ? (const char *)&kprof_impl_source_pool + s->name : NULL;
}

KPROF_API const char *kprof_source_description(const kprof_source *s)
{
	return s ? (const char *)&kprof_impl_source_pool + s->description : NULL;
}

/* 0x20 in every byte of x that holds a letter (either case): where a capital and its small
 * letter differ. */
KPROF_INTERNAL uint64_t kprof_impl_letter_bits(uint64_t x)
{
	const uint64_t ones = UINT64_C(0x0101010101010101), high = ones << 7, low7 = (x | ones << 5) & ~high;
	return ((low7 + ones * (0x80u - 'a')) & ~(low7 + ones * (0x80u - 'z' - 1u)) & ~x & high) >> 2;
}

KPROF_API const kprof_source *kprof_source_by_name(kprof_interface itf, const char *name,
                                                   size_t len)
{
	const uint64_t case_bits = UINT64_C(0x2020202020202020);
	uint64_t acc, x, last;
	const uint8_t *p = (const uint8_t *)name, *key;
	const kprof_impl_name_slot *slot;
	size_t i, n;
	if (!name || (unsigned)itf >= KPROF_INTERFACE_COUNT)
		return NULL;
	/* "profile", little-endian, ignoring case */
	if (len > 7 && ((kprof_load_le64(p) | case_bits) & UINT64_C(0x00FFFFFFFFFFFFFF)) ==
	                       UINT64_C(0x00656C69666F7270)) {
		p += 7;
		len -= 7;
	}
	if (len == 0 || len > KPROF_IMPL_NAME_MAX)
		return NULL;
	n = (len + 7u) / 8u;
	if (len >= 8u) { /* the last word: the last eight bytes, shifted down */
		last = kprof_load_le64(p + len - 8u) >> (8u * (8u * n - len));
	} else {
		for (last = 0, i = len; i-- > 0;)
			last = last << 8 | p[i];
	}
	acc = len | (uint64_t)itf << 16;
	for (i = 0; i < n; i++) {
		x = i + 1u < n ? kprof_load_le64(p + 8u * i) : last;
		acc = (acc << KPROF_IMPL_NAME_HASH_ROTATE | acc >> (64u - KPROF_IMPL_NAME_HASH_ROTATE)) ^ (x | case_bits);
	}
	acc *= KPROF_IMPL_NAME_HASH_MULTIPLIER;
	i = (size_t)(acc >> (64u - KPROF_IMPL_NAME_HASH_BUCKET_BITS));
	i = ((size_t)(acc >> 16) ^ kprof_impl_source_name_displacement[i]) & (KPROF_IMPL_NAME_HASH_SIZE - 1u);
	slot = &kprof_impl_source_name_slots[i];
	if (slot->length != len || slot->table != (unsigned)itf)
		return NULL;
	/* Equal ignoring case: a word may differ from the key only in its letters' 0x20 bits.
	 * The pool has seven spare bytes at its end, so whole words of a key are readable. */
	key = (const uint8_t *)&kprof_impl_source_pool + slot->key;
	for (i = 0; i < n; i++) {
		uint64_t diff;
		x = i + 1u < n ? kprof_load_le64(p + 8u * i) : last;
		diff = kprof_load_le64(key + 8u * i) ^ x;
		if (i + 1u == n)
			diff &= ~(uint64_t)0 >> (8u * (8u * n - len));
		if (diff && (diff & ~kprof_impl_letter_bits(x)))
			return NULL;
	}
	return kprof_impl_source_rows + slot->row;
}
#endif

/* A PerfEvtSel value of vendor's layout taken apart into the add pieces (interval left 0): the
 * one place a select becomes Windows' profile-add fields. KPROF_E_RESERVED for a bit the pieces
 * cannot carry (pin control, Intel's bits above 31, reserved bits); USR, OS, INT and EN are
 * dropped (the HAL sets them itself). KPROF_E_ARGUMENT for a vendor other than Intel or AMD. */
KPROF_INTERNAL kprof_status kprof_impl_profile_add_fields(kprof_vendor vendor, uint64_t select,
                                                          kprof_profile_source_add *out)
{
	kprof_select f;
	kprof_status st;
	kprof_impl_zero(out, sizeof(*out));
	st = kprof_select_decode(vendor, select, &f);
	if (st != KPROF_OK)
		return st;
	if (f.pc)
		return KPROF_E_RESERVED;
	out->vendor = (uint8_t)vendor;
	out->event_select = f.event;
	out->unit_select = f.umask;
	out->cmask = f.cmask;
	out->cinv = f.inv;
	out->any_thread = f.any;
	out->edge_detect = f.edge;
	out->host_guest = (uint8_t)(f.guest_only | f.host_only << 1);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_source_profile_add(const kprof_source *s, kprof_profile_source_add *out)
{
	const kprof_interface_info *info;
	if (!s || !out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	info = kprof_interface_get_info((kprof_interface)s->iface);
	if (!info || !s->select || (info->vendor != KPROF_VENDOR_INTEL && info->vendor != KPROF_VENDOR_AMD))
		return KPROF_E_UNSUPPORTED;
	if (kprof_impl_profile_add_fields((kprof_vendor)info->vendor, s->select, out) != KPROF_OK) {
		kprof_impl_zero(out, sizeof(*out));
		return KPROF_E_UNSUPPORTED;
	}
	out->interval = s->interval == KPROF_INTERVAL_TIMER ? KPROF_INTERVAL_TIMER_DEFAULT
	                                                    : KPROF_INTERVAL_HARDWARE_DEFAULT;
	return KPROF_OK;
}
