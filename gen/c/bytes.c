KPROF_API void kprof_bytes_le16_store(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

KPROF_API void kprof_bytes_le32_store(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

KPROF_API void kprof_bytes_le64_store(uint8_t *p, uint64_t v)
{
	kprof_bytes_le32_store(p, (uint32_t)v);
	kprof_bytes_le32_store(p + 4, (uint32_t)(v >> 32));
}

KPROF_API kprof_status kprof_bytes_utf16le_to_utf8(const void *p, size_t units, char *out, size_t out_size,
                                             size_t *out_len)
{
	const uint8_t *u = (const uint8_t *)p;
	size_t i, n = 0;
	kprof_status st = KPROF_OK;
	if (out_len)
		*out_len = 0;
	if ((!u && units) || !out || out_size == 0)
		return KPROF_E_ARGUMENT;
	for (i = 0; i < units; i++) {
		uint32_t c = kprof_bytes_le16_load(u + 2 * i);
		size_t k, m;
		if (c >= 0xD800 && c <= 0xDBFF && i + 1 < units) {
			uint32_t lo = kprof_bytes_le16_load(u + 2 * i + 2);
			if (lo >= 0xDC00 && lo <= 0xDFFF) {
				c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
				i++;
			}
		}
		if (c >= 0xD800 && c <= 0xDFFF)
			c = 0xFFFD;
		m = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
		if (out_size - 1 - n < m) {
			st = KPROF_E_BUFFER_TOO_SMALL;
			break;
		}
		/* the lead byte: m - 1 continuation bytes of six bits each follow */
		out[n++] = (char)(m == 1 ? c : (uint8_t)(0xF00u >> m) | c >> 6 * (m - 1));
		for (k = m - 1; k-- > 0;)
			out[n++] = (char)(0x80 | (c >> 6 * k & 0x3F));
	}
	out[n] = '\0';
	if (out_len)
		*out_len = n;
	return st;
}

/* Copy an object byte by byte: a struct assignment is a memcpy call for clang (at every -O
 * level for large structs, at -O0 for small ones), even freestanding, and ring 0 has no libc
 * memcpy. tests/ring0.py finds any that remains. */
KPROF_IMPL_INTERNAL void kprof_impl_copy(void *dst, const void *src, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		((uint8_t *)dst)[i] = ((const uint8_t *)src)[i];
}

/* Zero an object byte by byte (no libc memset in ring 0). Outputs are zeroed first, so a
 * caller never reads what a failed call left unwritten. */
KPROF_IMPL_INTERNAL void kprof_impl_zero(void *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		((uint8_t *)p)[i] = 0;
}

/* ASCII case folding, locale-free (no libc). */
KPROF_IMPL_INTERNAL unsigned char kprof_impl_lower(unsigned char c)
{
	return (unsigned char)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
}

/* Where the text readers start: past a UTF-8 byte-order mark (Notepad and PowerShell 7 write
 * one), which is no part of the first line. */
KPROF_IMPL_INTERNAL size_t kprof_impl_text_start(const char *text, size_t len)
{
	if (text && len >= 3 && (uint8_t)text[0] == 0xEF && (uint8_t)text[1] == 0xBB &&
	    (uint8_t)text[2] == 0xBF)
		return 3;
	return 0;
}

/* The generated struct codecs. Each C mirror has its layout's offsets and size (checked by
 * static assertions), so a codec copies the bytes and then converts every multi-byte scalar
 * between little-endian and host order: the struct's nruns rows of kprof_impl_struct_runs
 * from the first. */
KPROF_IMPL_INTERNAL void kprof_impl_struct_convert(uint8_t *dst, const uint8_t *src, size_t size, unsigned first,
                                              unsigned nruns, int encode)
{
	const kprof_impl_struct_run *run = kprof_impl_struct_runs + first;
	size_t i, off;
	unsigned k;
	for (i = 0; i < size; i++)
		dst[i] = src[i];
	for (; nruns; nruns--, run++) {
		off = run->offset;
		for (k = 0; k < run->count; k++, off += run->width) {
			if (run->width == 2 && encode)
				kprof_bytes_le16_store(dst + off, *(const uint16_t *)(const void *)(src + off));
			else if (run->width == 2)
				*(uint16_t *)(void *)(dst + off) = kprof_bytes_le16_load(src + off);
			else if (run->width == 4 && encode)
				kprof_bytes_le32_store(dst + off, *(const uint32_t *)(const void *)(src + off));
			else if (run->width == 4)
				*(uint32_t *)(void *)(dst + off) = kprof_bytes_le32_load(src + off);
			else if (encode)
				kprof_bytes_le64_store(dst + off, *(const uint64_t *)(const void *)(src + off));
			else
				*(uint64_t *)(void *)(dst + off) = kprof_bytes_le64_load(src + off);
		}
	}
}

/* v as a scalar of width bytes (1, 2, 4 or 8) in host order at dst: the struct walkers' store. */
KPROF_IMPL_INTERNAL void kprof_impl_store_host(void *dst, unsigned width, uint64_t v)
{
	if (width == 1)
		*(uint8_t *)dst = (uint8_t)v;
	else if (width == 2)
		*(uint16_t *)dst = (uint16_t)v;
	else if (width == 4)
		*(uint32_t *)dst = (uint32_t)v;
	else
		*(uint64_t *)dst = v;
}

/* The generated kprof_<s>_widen(): out zeroed, then each of the struct's nmoves rows of
 * kprof_impl_struct_moves from the first copies count scalars of one width from in to scalars
 * of the same or a wider width in out, host order. */
KPROF_API void kprof_impl_struct_widen(const void *in, void *out, size_t size, unsigned first, unsigned nmoves)
{
	const kprof_impl_struct_move *m = kprof_impl_struct_moves + first;
	kprof_impl_zero(out, size);
	for (; nmoves; nmoves--, m++) {
		const uint8_t *src = (const uint8_t *)in + m->from;
		uint8_t *dst = (uint8_t *)out + m->to;
		unsigned sw = m->from_width, dw = m->to_width, k;
		for (k = 0; k < m->count; k++, src += sw, dst += dw) {
			uint64_t v = sw == 1 ? *src
			             : sw == 2 ? *(const uint16_t *)(const void *)src
			             : sw == 4 ? *(const uint32_t *)(const void *)src
			                       : *(const uint64_t *)(const void *)src;
			kprof_impl_store_host(dst, dw, v);
		}
	}
}

/* One member a field map fills: its offset and size in bytes, the index of the word that holds
 * the field, the field's shift and width. */
typedef struct kprof_impl_struct_field {
	uint16_t offset;
	uint8_t size, word, shift, width;
} kprof_impl_struct_field;

/* A struct's members from the register fields the spec names (a struct field's `from`): n
 * rows of kprof_impl_struct_fields from m, as the generated KPROF_IMPL_<S>_FROM_<MAP> names
 * them. One walker instead of a statement per member. */
KPROF_IMPL_INTERNAL void kprof_impl_fields_get(void *out, const uint32_t *words, const kprof_impl_struct_field *m,
                                          unsigned n)
{
	for (; n; n--, m++) {
		uint32_t v = words[m->word] >> m->shift;
		if (m->width < 32)
			v &= (1u << m->width) - 1u;
		kprof_impl_store_host((uint8_t *)out + m->offset, m->size, v);
	}
}

/* Decode: *out is defined (zero) on every error return, so callers never read an
 * uninitialised struct; nothing past size bytes of buf is read. */
KPROF_API kprof_status kprof_impl_struct_decode(const void *buf, size_t len, void *out, size_t size,
                                                unsigned first, unsigned nruns)
{
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, size);
	if (!buf)
		return KPROF_E_ARGUMENT;
	if (len < size)
		return KPROF_E_TRUNCATED;
	kprof_impl_struct_convert((uint8_t *)out, (const uint8_t *)buf, size, first, nruns, 0);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_impl_struct_encode(const void *in, void *buf, size_t len, size_t size,
                                                unsigned first, unsigned nruns)
{
	if (!buf || !in)
		return KPROF_E_ARGUMENT;
	if (len < size)
		return KPROF_E_BUFFER_TOO_SMALL;
	kprof_impl_struct_convert((uint8_t *)buf, (const uint8_t *)in, size, first, nruns, 1);
	return KPROF_OK;
}

/* Set bits of v (counter bitmaps; PEBS counter groups). */
KPROF_IMPL_INTERNAL uint8_t kprof_impl_bit_count(uint32_t v)
{
	uint8_t n = 0;
	for (; v; v &= v - 1u)
		n++;
	return n;
}

/* Register field f's width in bits (at most 32 here), from its mask: there is no _WIDTH. */
#define KPROF_IMPL_FIELD_BITS(f) kprof_impl_bit_count((uint32_t)KPROF_FIELD_MAX(f))
/* How many values field f holds: a value split across two fields puts its upper part in the
 * second (hi) as x / KPROF_IMPL_FIELD_SPAN(lo) and joins them back as hi * _SPAN(lo) + lo. */
#define KPROF_IMPL_FIELD_SPAN(f) (KPROF_FIELD_MAX(f) + 1u)

/* v in lower-case hex, at least min digits (zero-padded), into out (room for 16): the digits
 * written. */
KPROF_IMPL_INTERNAL size_t kprof_impl_hex(char *out, uint64_t v, unsigned min)
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
KPROF_IMPL_INTERNAL kprof_status kprof_impl_text_out(const char *text, size_t n, char *buf, size_t cap,
                                                size_t *written)
{
	if (n >= cap) /* room for n characters and the NUL, with no n + 1 to overflow */
		return KPROF_E_BUFFER_TOO_SMALL;
	kprof_impl_copy(buf, text, n);
	buf[n] = '\0';
	if (written)
		*written = n;
	return KPROF_OK;
}

KPROF_IMPL_INTERNAL int kprof_impl_text_space(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

KPROF_IMPL_INTERNAL void kprof_impl_text_skip_space(const char *s, size_t n, size_t *i)
{
	while (*i < n && kprof_impl_text_space(s[*i]))
		(*i)++;
}

/* The one line cursor of the text readers (cpuid dumps, profile-source listings): the next
 * line of text[*pos..len), read through explicit lengths only (no NUL terminator needed). A
 * line ends at LF, CR LF or a lone CR. KPROF_OK with *s and *n its start and length (the end
 * of line excluded) and *pos past it; *line counts the lines read (1-based), so after an
 * error it names the line to blame. KPROF_END when no text is left; KPROF_E_FORMAT for a NUL
 * byte (binary data) or a line over max bytes. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_text_line(const char *text, size_t len, size_t *pos, uint32_t *line,
                                                 size_t max, const char **s, size_t *n)
{
	const uint64_t ones = UINT64_C(0x0101010101010101), highs = UINT64_C(0x8080808080808080);
	const char *p;
	size_t avail, k = 0;
	if (*pos >= len)
		return KPROF_END;
	p = text + *pos;
	avail = len - *pos;
	/* Eight bytes at a time (a text is mostly bytes between line ends), then byte by byte. */
	while (avail - k >= 8) {
		uint64_t w = kprof_bytes_le64_load((const uint8_t *)p + k);
		uint64_t lf = w ^ (ones * '\n'), cr = w ^ (ones * '\r');
		/* A zero byte in w, lf or cr: one of the three ends the line within these 8. */
		if (((w - ones) & ~w & highs) | ((lf - ones) & ~lf & highs) | ((cr - ones) & ~cr & highs))
			break;
		k += 8;
	}
	while (k < avail && p[k] != '\n' && p[k] != '\r' && p[k] != '\0')
		k++;
	(*line)++;
	if ((k < avail && p[k] == '\0') || k > max)
		return KPROF_E_FORMAT;
	*s = p;
	*n = k;
	if (k < avail && p[k] == '\r')
		k++;
	if (k < avail && p[k] == '\n')
		k++;
	*pos += k;
	return KPROF_OK;
}
