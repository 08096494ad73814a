/* The rows of one table, in the seeds' order, and their number. NULL for an unknown table. */
KPROF_API const kprof_source *kprof_source_table(kprof_interface itf, size_t *count)
{
	if ((unsigned)itf >= KPROF_INTERFACE_COUNT) {
		if (count)
			*count = 0;
		return NULL;
	}
	if (count)
		*count = kprof_impl_interface_infos()[itf].count;
	return kprof_impl_source_rows() + kprof_impl_table_start((unsigned)itf);
}

/* Facts about a table as a whole (counters, MSRs, vendor), or NULL for an unknown table. */
KPROF_API const kprof_interface_info *kprof_interface_get_info(kprof_interface itf)
{
	if ((unsigned)itf >= KPROF_INTERFACE_COUNT)
		return NULL;
	return &kprof_impl_interface_infos()[itf];
}

/* The source with this KPROFILE_SOURCE value in a table, or NULL. O(1): one index load. */
KPROF_API const kprof_source *kprof_source_get(kprof_interface itf, uint32_t value)
{
	const kprof_interface_info *info = kprof_interface_get_info(itf);
	uint8_t slot;
	if (!info || value > info->max_value)
		return NULL;
	slot = kprof_impl_value_index()[kprof_impl_value_index_start((unsigned)itf) + value];
	if (!slot)
		return NULL;
	return kprof_impl_source_rows() + kprof_impl_table_start((unsigned)itf) + (slot - 1u);
}

/* The sources of a table whose select value equals select (the mapping is not one-to-one:
 * Emon's ProfileTotalCycles, ProfileUnhaltedCoreCycles and ProfileTime share 0x0003003C).
 * Writes up to cap pointers to out (out may be NULL when cap is 0) and returns how many
 * sources match, which may exceed cap. Binary search over a select-sorted index. */
KPROF_API size_t kprof_sources_by_select(kprof_interface itf, uint32_t select,
                                         const kprof_source **out, size_t cap)
{
	const kprof_interface_info *info = kprof_interface_get_info(itf);
	const uint8_t *order;
	const kprof_source *rows;
	size_t lo = 0, hi, n = 0;
	if (!info)
		return 0;
	order = kprof_impl_select_index() + kprof_impl_select_index_start((unsigned)itf);
	rows = kprof_impl_source_rows() + kprof_impl_table_start((unsigned)itf);
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
/* The source's name as the seeds spell it ("ProfileLLCMisses", HAL typos included). */
KPROF_API const char *kprof_source_name(const kprof_source *s)
{
	return s ? kprof_impl_string_pool() + s->name : NULL;
}

/* The HAL's descriptive string, as `wpr -pmcsources` prints it ("LLCMisses"; source 0 is
 * "Timer"). */
KPROF_API const char *kprof_source_description(const kprof_source *s)
{
	return s ? kprof_impl_string_pool() + s->description : NULL;
}

/* Eight bytes of a name with ASCII capitals folded to lower case, and a mask of 0x20 in
 * every byte that holds a letter (where a capital and its small letter may differ). */
KPROF_INTERNAL uint64_t kprof_impl_fold_word(uint64_t x, uint64_t *letters)
{
	const uint64_t ones = UINT64_C(0x0101010101010101), high = ones * 0x80u, low7 = x & ~high;
	uint64_t upper = (low7 + ones * (0x80u - 'A')) & ~(low7 + ones * (0x80u - 'Z' - 1u)) & ~x & high;
	uint64_t lower = (low7 + ones * (0x80u - 'a')) & ~(low7 + ones * (0x80u - 'z' - 1u)) & ~x & high;
	*letters = (upper | lower) >> 2;
	return x | upper >> 2;
}

/* Find a source by name in a table: "ProfileLLCMisses", "LLCMisses", "llcmisses", "Timer"
 * and corrected spellings of the HAL's typos all resolve. name need not be NUL-terminated
 * and may hold any bytes; exactly len bytes are read. NULL when nothing matches.
 * A perfect hash made by the generator: the name is read eight bytes at a time, folded to
 * lower case, hashed, and compared with the one key its slot holds. */
KPROF_API const kprof_source *kprof_source_by_name(kprof_interface itf, const char *name,
                                                   size_t len)
{
	uint64_t word[(KPROF_IMPL_NAME_MAX + 7u) / 8u], letters[(KPROF_IMPL_NAME_MAX + 7u) / 8u];
	const uint64_t ones = UINT64_C(0x0101010101010101);
	uint64_t acc, x, prefix, nul = 0;
	const uint8_t *p = (const uint8_t *)name, *slot, *key;
	const kprof_source *s;
	size_t i, n;
	if (!name || (unsigned)itf >= KPROF_INTERFACE_COUNT)
		return NULL;
	if (len > 7) {
		prefix = kprof_impl_fold_word(kprof_load_le64(p), &x) & UINT64_C(0x00FFFFFFFFFFFFFF);
		if (prefix == UINT64_C(0x00656C69666F7270)) { /* "profile", little-endian */
			p += 7;
			len -= 7;
		}
	}
	if (len == 0 || len > KPROF_IMPL_NAME_MAX)
		return NULL;
	n = (len + 7u) / 8u;
	acc = len | (uint64_t)itf << 16;
	for (i = 0; i < n; i++) {
		if (len >= 8u) { /* whole words; the tail is the last eight bytes, shifted down */
			x = kprof_load_le64(p + (8u * i + 8u <= len ? 8u * i : len - 8u));
			nul |= (x - ones) & ~x & ones << 7;
			if (8u * i + 8u > len)
				x >>= 8u * (8u * n - len);
		} else {
			size_t j;
			for (x = 0, j = len; j-- > 0;) {
				x = x << 8 | p[j];
				nul |= !p[j];
			}
		}
		word[i] = kprof_impl_fold_word(x, &letters[i]);
		acc = (acc << KPROF_IMPL_NAME_HASH_ROTATE | acc >> (64u - KPROF_IMPL_NAME_HASH_ROTATE)) ^ word[i];
	}
	if (nul) /* no key holds a NUL */
		return NULL;
	acc *= KPROF_IMPL_NAME_HASH_MULTIPLIER;
	i = (size_t)(acc >> (64u - KPROF_IMPL_NAME_HASH_BUCKET_BITS));
	i = ((size_t)(acc >> 16) ^ kprof_load_le16(kprof_impl_name_displacement() + 2u * i)) &
	    (KPROF_IMPL_NAME_HASH_SIZE - 1u);
	slot = kprof_impl_name_slots() + 4u * i;
	if (kprof_load_le16(slot + 2) == 0xFFFFu)
		return NULL;
	s = kprof_impl_source_rows() + kprof_load_le16(slot + 2);
	key = (const uint8_t *)kprof_impl_string_pool() + kprof_load_le16(slot);
	if (s->iface != (uint8_t)itf || key[len] != '\0')
		return NULL;
	/* Equal ignoring case: bytes differ only in the letter bit of letters. The pool has
	 * seven spare bytes at its end, so whole words of a key are readable. */
	for (i = 0; i < n; i++) {
		uint64_t diff = (kprof_load_le64(key + 8u * i) ^ word[i]) & ~letters[i];
		if (8u * i + 8u > len)
			diff &= ~(uint64_t)0 >> (8u * (8u * n - len));
		if (diff)
			return NULL;
	}
	return s;
}
#endif
