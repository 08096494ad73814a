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

KPROF_INTERNAL uint32_t kprof_impl_name_hash_of(const char *name, size_t len, unsigned itf)
{
	uint32_t h = 0x811C9DC5u ^ (uint32_t)(itf * 0x9E3779B1u);
	size_t i;
	for (i = 0; i < len; i++)
		h = (h ^ kprof_impl_lower((unsigned char)name[i])) * 0x01000193u;
	return h;
}

/* Find a source by name in a table: "ProfileLLCMisses", "LLCMisses", "llcmisses", "Timer"
 * and corrected spellings of the HAL's typos all resolve. name need not be NUL-terminated
 * and may hold any bytes; exactly len bytes are read. NULL when nothing matches.
 * Hash lookup: a bounded number of probes, never a scan. */
KPROF_API const kprof_source *kprof_source_by_name(kprof_interface itf, const char *name,
                                                   size_t len)
{
	static const char prefix[] = "profile";
	const uint16_t *slots = kprof_impl_name_hash();
	const char *pool = kprof_impl_string_pool();
	uint32_t h;
	unsigned probe;
	size_t i;
	if (!name || (unsigned)itf >= KPROF_INTERFACE_COUNT)
		return NULL;
	if (len > 7) {
		for (i = 0; i < 7 && kprof_impl_lower((unsigned char)name[i]) == (unsigned char)prefix[i]; i++)
			;
		if (i == 7) {
			name += 7;
			len -= 7;
		}
	}
	if (len == 0 || len > 0xFFFF)
		return NULL;
	h = kprof_impl_name_hash_of(name, len, (unsigned)itf);
	for (probe = 0; probe < KPROF_IMPL_NAME_HASH_PROBES; probe++) {
		uint32_t slot = (h + probe) & (KPROF_IMPL_NAME_HASH_SIZE - 1u);
		uint16_t key = slots[2 * slot], row = slots[2 * slot + 1];
		const kprof_source *s;
		if (row == 0xFFFFu)
			return NULL;
		s = kprof_impl_source_rows() + row;
		if (s->iface != (uint8_t)itf)
			continue;
		for (i = 0; i < len && pool[key + i] &&
		            kprof_impl_lower((unsigned char)pool[key + i]) == kprof_impl_lower((unsigned char)name[i]);
		     i++)
			;
		if (i == len && pool[key + i] == '\0')
			return s;
	}
	return NULL;
}
#endif
