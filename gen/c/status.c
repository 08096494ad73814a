/* A generated kprof_<enum>_name(): out of line, or clang folds the search into a table of
 * pointers (relocations) per function. count entries of a 32-bit value and a 16-bit offset into
 * names, little-endian; NULL for a value none has. */
KPROF_IMPL_COLD const char *kprof_impl_name(const char *names, const uint8_t *index, uint32_t count, int value)
{
	for (; count; count--, index += 6)
		if (kprof_bytes_le32_load(index) == (uint32_t)value)
			return names + kprof_bytes_le16_load(index + 4);
	return NULL;
}
