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

/* Copy an object byte by byte: a struct assignment is a memcpy call for clang (at every -O
 * level for large structs, at -O0 for small ones), even freestanding, and ring 0 has no libc
 * memcpy. tests/ring0.py finds any that remains. */
KPROF_INTERNAL void kprof_impl_copy(void *dst, const void *src, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		((uint8_t *)dst)[i] = ((const uint8_t *)src)[i];
}

/* Zero an object byte by byte (no libc memset in ring 0). Outputs are zeroed first, so a
 * caller never reads what a failed call left unwritten. */
KPROF_INTERNAL void kprof_impl_zero(void *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		((uint8_t *)p)[i] = 0;
}

/* ASCII case folding, locale-free (no libc). */
KPROF_INTERNAL unsigned char kprof_impl_lower(unsigned char c)
{
	return (unsigned char)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
}

/* The generated struct codecs. Each C mirror has its layout's offsets and size (checked by
 * static assertions), so a codec copies the bytes and then converts every multi-byte scalar
 * between little-endian and host order. runs lists those scalars as 4-byte records: offset
 * (16 bits, little-endian), count, width in bytes. */
KPROF_INTERNAL void kprof_impl_struct_convert(uint8_t *dst, const uint8_t *src, size_t size, const char *runs,
                                              unsigned nruns, int encode)
{
	const uint8_t *run = (const uint8_t *)runs;
	size_t i, off;
	unsigned k;
	for (i = 0; i < size; i++)
		dst[i] = src[i];
	for (; nruns; nruns--, run += 4) {
		off = (size_t)run[0] | (size_t)run[1] << 8;
		for (k = 0; k < run[2]; k++, off += run[3]) {
			if (run[3] == 2 && encode)
				kprof_store_le16(dst + off, *(const uint16_t *)(const void *)(src + off));
			else if (run[3] == 2)
				*(uint16_t *)(void *)(dst + off) = kprof_load_le16(src + off);
			else if (run[3] == 4 && encode)
				kprof_store_le32(dst + off, *(const uint32_t *)(const void *)(src + off));
			else if (run[3] == 4)
				*(uint32_t *)(void *)(dst + off) = kprof_load_le32(src + off);
			else if (encode)
				kprof_store_le64(dst + off, *(const uint64_t *)(const void *)(src + off));
			else
				*(uint64_t *)(void *)(dst + off) = kprof_load_le64(src + off);
		}
	}
}

/* Decode: *out is defined (zero) on every error return, so callers never read an
 * uninitialised struct; nothing past size bytes of buf is read. */
KPROF_INTERNAL kprof_status kprof_impl_struct_decode(const void *buf, size_t len, void *out, size_t size,
                                                     const char *runs, unsigned nruns)
{
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, size);
	if (!buf)
		return KPROF_E_ARGUMENT;
	if (len < size)
		return KPROF_E_TRUNCATED;
	kprof_impl_struct_convert((uint8_t *)out, (const uint8_t *)buf, size, runs, nruns, 0);
	return KPROF_OK;
}

KPROF_INTERNAL kprof_status kprof_impl_struct_encode(const void *in, void *buf, size_t len, size_t size,
                                                     const char *runs, unsigned nruns)
{
	if (!buf || !in)
		return KPROF_E_ARGUMENT;
	if (len < size)
		return KPROF_E_BUFFER_TOO_SMALL;
	kprof_impl_struct_convert((uint8_t *)buf, (const uint8_t *)in, size, runs, nruns, 1);
	return KPROF_OK;
}

/* The generated widenings (kprof_<s>_widen): out all zero, then each unsigned scalar of in
 * stored in its counterpart, both in host order. runs lists them as 7-byte records: source and
 * target offset (16 bits each, little-endian), count, source width, target width in bytes.
 * Out of line: inlined next to a caller's kprof_ds_area64 (448 bytes), gcc -O3's unrolled
 * loops would take that frame past 512 bytes. */
KPROF_COLD void kprof_impl_struct_widen(void *out, size_t size, const void *in, const char *runs, unsigned nruns)
{
	const uint8_t *run = (const uint8_t *)runs;
	const uint16_t one = 1;
	size_t i, k, big = *(const uint8_t *)&one == 0; /* a big-endian host keeps a value's low bytes last */
	kprof_impl_zero(out, size);
	for (; nruns; nruns--, run += 7)
		for (i = 0; i < run[4]; i++)
			for (k = 0; k < run[5]; k++)
				((uint8_t *)out)[(size_t)(run[2] | run[3] << 8) + i * run[6] + k + big * (size_t)(run[6] - run[5])] =
				        ((const uint8_t *)in)[(size_t)(run[0] | run[1] << 8) + i * run[5] + k];
}

/* Set bits of v (counter bitmaps; PEBS counter groups). */
KPROF_INTERNAL uint8_t kprof_impl_bit_count(uint32_t v)
{
	uint8_t n = 0;
	for (; v; v &= v - 1u)
		n++;
	return n;
}

/* v in lower-case hex, at least min digits (zero-padded), into out (room for 16): the digits
 * written. */
KPROF_INTERNAL size_t kprof_impl_hex(char *out, uint64_t v, unsigned min)
{
	unsigned n = 1, k;
	while (n < 16 && (n < min || v >> (4 * n)))
		n++;
	for (k = 0; k < n; k++)
		out[k] = "0123456789abcdef"[(v >> (4 * (n - 1 - k))) & 0xFu];
	return n;
}

/* Hand back the n characters built in text: into buf with a NUL when they fit cap (else
 * KPROF_E_BUFFER_TOO_SMALL and buf untouched); *written (optional) = n. */
KPROF_INTERNAL kprof_status kprof_impl_text_out(const char *text, size_t n, char *buf, size_t cap,
                                                size_t *written)
{
	size_t k;
	if (cap < n + 1)
		return KPROF_E_BUFFER_TOO_SMALL;
	for (k = 0; k < n; k++)
		buf[k] = text[k];
	buf[n] = '\0';
	if (written)
		*written = n;
	return KPROF_OK;
}
