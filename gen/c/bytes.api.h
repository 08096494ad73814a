/* The little-endian loads are inline in every unit: a decoder calls them per field, a name
 * lookup per word of the name, and a call each would cost more than the load (bench/lookup
 * and bench/lwp_drain: the lookups took 2-3 times as long and the in-place drain with these
 * loads fell to 0.30 of its floor when they were the implementation's). */
KPROF_IMPL_INLINE uint16_t kprof_bytes_le16_load(const uint8_t *p)
{
	return (uint16_t)(p[0] | (uint16_t)(p[1] << 8));
}

KPROF_IMPL_INLINE uint32_t kprof_bytes_le32_load(const uint8_t *p)
{
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

KPROF_IMPL_INLINE uint64_t kprof_bytes_le64_load(const uint8_t *p)
{
	return (uint64_t)kprof_bytes_le32_load(p) | ((uint64_t)kprof_bytes_le32_load(p + 4) << 32);
}

/* The walkers behind the generated struct macros (kprof_<s>_decode, _encode and _widen, which
 * are the way to call them): a struct's size and its rows of the implementation's runs or
 * moves tables. Internal. */
KPROF_API kprof_status kprof_impl_struct_decode(const void *buf, size_t len, void *out, size_t size,
                                                unsigned first, unsigned nruns);
KPROF_API kprof_status kprof_impl_struct_encode(const void *in, void *buf, size_t len, size_t size,
                                                unsigned first, unsigned nruns);
KPROF_API void kprof_impl_struct_widen(const void *in, void *out, size_t size, unsigned first, unsigned nmoves);
