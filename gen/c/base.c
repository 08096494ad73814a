/* Little-endian loads and stores, byte by byte: decoders read buffers that came from
 * hardware, files or other hosts, so they never depend on host order or alignment. */
KPROF_API uint16_t kprof_load_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | (uint16_t)(p[1] << 8));
}

KPROF_API uint32_t kprof_load_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

KPROF_API uint64_t kprof_load_le64(const uint8_t *p)
{
	return (uint64_t)kprof_load_le32(p) | ((uint64_t)kprof_load_le32(p + 4) << 32);
}

KPROF_API void kprof_store_le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

KPROF_API void kprof_store_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

KPROF_API void kprof_store_le64(uint8_t *p, uint64_t v)
{
	kprof_store_le32(p, (uint32_t)v);
	kprof_store_le32(p + 4, (uint32_t)(v >> 32));
}

/* ASCII case folding, locale-free (no libc). */
/* Copy an object byte by byte: a struct assignment is a memcpy call for clang (at every -O
 * level for large structs, at -O0 for small ones), even freestanding, and ring 0 has no libc
 * memcpy. tests/ring0.py finds any that remains. */
KPROF_INTERNAL void kprof_impl_copy(void *dst, const void *src, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		((uint8_t *)dst)[i] = ((const uint8_t *)src)[i];
}

KPROF_INTERNAL unsigned char kprof_impl_lower(unsigned char c)
{
	return (unsigned char)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
}
