KPROF_API const kprof_source *kprof_source_rows_by_table(kprof_source_table table, size_t *count)
{
	if ((unsigned)table >= KPROF_SOURCE_TABLE_COUNT) {
		if (count)
			*count = 0;
		return NULL;
	}
	if (count)
		*count = kprof_impl_interface_infos[table].count;
	return kprof_impl_source_rows + kprof_impl_source_tables[table].first_row;
}

KPROF_API const kprof_source_table_info *kprof_source_table_info_by_id(kprof_source_table table)
{
	if ((unsigned)table >= KPROF_SOURCE_TABLE_COUNT)
		return NULL;
	return &kprof_impl_interface_infos[table];
}

KPROF_API const kprof_source *kprof_source_by_value(kprof_source_table table, uint32_t value)
{
	const kprof_source_table_info *info = kprof_source_table_info_by_id(table);
	uint8_t slot;
	/* info is NULL for a table past the last; the table is tested again for cppcheck, which
	 * does not follow that NULL to the index below. */
	if (!info || (unsigned)table >= KPROF_SOURCE_TABLE_COUNT || value > info->max_value)
		return NULL;
	slot = kprof_impl_source_value_index[kprof_impl_source_tables[table].value_index + value];
	if (!slot)
		return NULL;
	return kprof_impl_source_rows + kprof_impl_source_tables[table].first_row + (slot - 1u);
}

KPROF_API kprof_status kprof_source_all_by_select(kprof_source_table table, uint32_t select,
                                               const kprof_source **out, size_t cap, size_t *count)
{
	const kprof_source_table_info *info = kprof_source_table_info_by_id(table);
	const uint8_t *order;
	const kprof_source *rows;
	size_t lo = 0, hi, n = 0;
	if (count)
		*count = 0;
	if (!count || (!out && cap))
		return KPROF_E_ARGUMENT;
	if (!info || (unsigned)table >= KPROF_SOURCE_TABLE_COUNT) /* the table again: see kprof_source_by_value */
		return KPROF_E_ARGUMENT;
	order = kprof_impl_source_select_index + kprof_impl_source_tables[table].select_index;
	rows = kprof_impl_source_rows + kprof_impl_source_tables[table].first_row;
	hi = info->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (rows[order[mid]].select < select)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < info->count && rows[order[lo]].select == select; lo++, n++)
		if (n < cap)
			out[n] = &rows[order[lo]];
	*count = n;
	return n > cap ? KPROF_E_BUFFER_TOO_SMALL : KPROF_OK;
}

#ifndef KPROF_NO_NAMES
KPROF_API const char *kprof_source_name_get(const kprof_source *s)
{
	return s ? (const char *)&kprof_impl_source_pool + s->name : NULL;
}

KPROF_API const char *kprof_source_description_get(const kprof_source *s)
{
	return s ? (const char *)&kprof_impl_source_pool + s->description : NULL;
}

/* 0x20 in every byte of x that holds a letter (either case): where a capital and its small
 * letter differ. */
KPROF_IMPL_INTERNAL uint64_t kprof_impl_letter_bits(uint64_t x)
{
	const uint64_t ones = UINT64_C(0x0101010101010101), high = ones << 7, low7 = (x | ones << 5) & ~high;
	return ((low7 + ones * (0x80u - 'a')) & ~(low7 + ones * (0x80u - 'z' - 1u)) & ~x & high) >> 2;
}

KPROF_API const kprof_source *kprof_source_by_name(kprof_source_table table, const char *name,
                                                   size_t len)
{
	const uint64_t case_bits = UINT64_C(0x2020202020202020);
	uint64_t acc, x, last;
	const uint8_t *p = (const uint8_t *)name, *key;
	const kprof_impl_name_slot *slot;
	size_t i, n;
	if (!name || (unsigned)table >= KPROF_SOURCE_TABLE_COUNT)
		return NULL;
	/* "profile", little-endian, ignoring case */
	if (len > 7 && ((kprof_bytes_le64_load(p) | case_bits) & UINT64_C(0x00FFFFFFFFFFFFFF)) ==
	                       UINT64_C(0x00656C69666F7270)) {
		p += 7;
		len -= 7;
	}
	if (len == 0 || len > KPROF_IMPL_NAME_MAX)
		return NULL;
	n = (len + 7u) / 8u;
	if (len >= 8u) { /* the last word: the last eight bytes, shifted down */
		last = kprof_bytes_le64_load(p + len - 8u) >> (8u * (8u * n - len));
	} else {
		for (last = 0, i = len; i-- > 0;)
			last = last << 8 | p[i];
	}
	acc = len | (uint64_t)table << 16;
	for (i = 0; i < n; i++) {
		x = i + 1u < n ? kprof_bytes_le64_load(p + 8u * i) : last;
		acc = (acc << KPROF_IMPL_NAME_HASH_ROTATE | acc >> (64u - KPROF_IMPL_NAME_HASH_ROTATE)) ^ (x | case_bits);
	}
	acc *= KPROF_IMPL_NAME_HASH_MULTIPLIER;
	i = (size_t)(acc >> (64u - KPROF_IMPL_NAME_HASH_BUCKET_BITS));
	i = ((size_t)(acc >> 16) ^ kprof_impl_source_name_displacement[i]) & (KPROF_IMPL_NAME_HASH_SIZE - 1u);
	slot = &kprof_impl_source_name_slots[i];
	if (slot->length != len || slot->table != (unsigned)table)
		return NULL;
	/* Equal ignoring case: a word may differ from the key only in its letters' 0x20 bits.
	 * The pool has seven spare bytes at its end, so whole words of a key are readable. */
	key = (const uint8_t *)&kprof_impl_source_pool + slot->key;
	for (i = 0; i < n; i++) {
		uint64_t diff;
		x = i + 1u < n ? kprof_bytes_le64_load(p + 8u * i) : last;
		diff = kprof_bytes_le64_load(key + 8u * i) ^ x;
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
KPROF_IMPL_INTERNAL kprof_status kprof_impl_profile_add_fields(kprof_cpuid_vendor vendor, uint64_t select,
                                                          kprof_source_profile_add *out)
{
	kprof_pmu_select f;
	kprof_status st;
	kprof_impl_zero(out, sizeof(*out));
	st = kprof_pmu_select_unpack(vendor, select, &f);
	if (st != KPROF_OK)
		return st;
	if (f.pc)
		return KPROF_E_RESERVED;
	out->vendor = vendor;
	out->event_select = f.event;
	out->unit_select = f.umask;
	out->cmask = f.cmask;
	out->cinv = f.inv;
	out->any_thread = f.any;
	out->edge_detect = f.edge;
	out->host_guest = (uint8_t)(f.guest_only | f.host_only << 1);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_source_profile_add_get(const kprof_source *s, kprof_source_profile_add *out)
{
	const kprof_source_table_info *info;
	if (!s || !out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	info = kprof_source_table_info_by_id(kprof_source_table_get(s));
	if (!info || !s->select || (info->vendor != KPROF_CPUID_VENDOR_INTEL && info->vendor != KPROF_CPUID_VENDOR_AMD))
		return KPROF_E_UNSUPPORTED;
	if (kprof_impl_profile_add_fields(kprof_source_table_info_vendor_get(info), s->select, out) != KPROF_OK) {
		kprof_impl_zero(out, sizeof(*out));
		return KPROF_E_UNSUPPORTED;
	}
	out->interval = s->interval == KPROF_SOURCE_INTERVAL_TIMER ? KPROF_SOURCE_INTERVAL_TIMER_DEFAULT
	                                                    : KPROF_SOURCE_INTERVAL_HARDWARE_DEFAULT;
	return KPROF_OK;
}
