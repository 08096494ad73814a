/* A generated kprof_<enum>_name(): out of line, or clang folds the search into a table of
 * pointers (relocations) per function. count entries of a 32-bit value and a 16-bit offset into
 * names, little-endian; NULL for a value none has. */
KPROF_COLD const char *kprof_impl_name(const char *names, const uint8_t *index, uint32_t count, int value)
{
	for (; count; count--, index += 6)
		if (kprof_load_le32(index) == (uint32_t)value)
			return names + kprof_load_le16(index + 4);
	return NULL;
}
