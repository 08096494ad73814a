KPROF_INTERNAL int kprof_impl_dump_hexdigit(char ch)
{
	unsigned c = (unsigned char)ch;
	if (c - '0' < 10u)
		return (int)(c - '0');
	c |= 0x20u; /* ASCII lower case; no other byte lands on a..f */
	if (c - 'a' < 6u)
		return (int)(c - 'a' + 10);
	return -1;
}

/* Read hex digits at s[*i..n): between min and max of them, and no further hex digit after.
 * Advances *i past them; 0 when the run does not fit. */
KPROF_INTERNAL int kprof_impl_dump_hex(const char *s, size_t n, size_t *i, unsigned min,
                                       unsigned max, uint32_t *v)
{
	unsigned count = 0;
	uint32_t x = 0;
	int d;
	while (*i < n && (d = kprof_impl_dump_hexdigit(s[*i])) >= 0) {
		if (++count > max)
			return 0;
		x = (x << 4) | (uint32_t)d;
		(*i)++;
	}
	if (count < min)
		return 0;
	*v = x;
	return 1;
}

/* Exactly 8 hex digits at s[*i..n) and no hex digit after them (a register or a leaf): the
 * common case of kprof_impl_dump_hex, one table load per digit. */
KPROF_INTERNAL int kprof_impl_dump_hex8(const char *s, size_t n, size_t *i, uint32_t *v)
{
	/* Each byte's value as a hex digit, 16 for the bytes that are none. */
	static const uint8_t digit[256] = {
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0x00..0x0F */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0x10..0x1F */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0x20..0x2F */
		 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 16, 16, 16, 16, 16, 16, /* 0x30..0x3F: '0'..'9' */
		16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0x40..0x4F: 'A'..'F' */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0x50..0x5F */
		16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0x60..0x6F: 'a'..'f' */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0x70..0x7F */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0x80..0x8F */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0x90..0x9F */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0xA0..0xAF */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0xB0..0xBF */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0xC0..0xCF */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0xD0..0xDF */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0xE0..0xEF */
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, /* 0xF0..0xFF */
	};
	const unsigned char *p = (const unsigned char *)s + *i;
	uint32_t x = 0;
	unsigned bad = 0, k;
	if (n - *i < 8)
		return 0;
	for (k = 0; k < 8; k++) {
		bad |= digit[p[k]];
		x = (x << 4) | digit[p[k]];
	}
	if ((bad & 16u) || (n - *i > 8 && digit[p[8]] < 16u))
		return 0;
	*i += 8;
	*v = x;
	return 1;
}

/* Decimal digits at s[*i..n) into *v (saturating); 0 when there are none. */
KPROF_INTERNAL int kprof_impl_dump_dec(const char *s, size_t n, size_t *i, uint32_t *v)
{
	uint32_t x = 0;
	size_t start = *i;
	while (*i < n && s[*i] >= '0' && s[*i] <= '9') {
		uint32_t d = (uint32_t)(s[*i] - '0');
		x = x > (0xFFFFFFFEu - d) / 10u ? 0xFFFFFFFEu : x * 10u + d;
		(*i)++;
	}
	*v = x;
	return *i > start;
}

/* Whether s[*i..n) starts with the literal lit (of length m); advances past it. */
KPROF_INTERNAL int kprof_impl_dump_lit(const char *s, size_t n, size_t *i, const char *lit, size_t m)
{
	size_t k;
	if (n - *i < m)
		return 0;
	for (k = 0; k < m; k++)
		if (s[*i + k] != lit[k])
			return 0;
	*i += m;
	return 1;
}

KPROF_INTERNAL int kprof_impl_text_space(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

KPROF_INTERNAL void kprof_impl_text_skip_space(const char *s, size_t n, size_t *i)
{
	while (*i < n && kprof_impl_text_space(s[*i]))
		(*i)++;
}

/* The CPU number in an AIDA64 section header: the digits after "CPU #". */
KPROF_INTERNAL uint32_t kprof_impl_dump_header_cpu(const char *s, size_t n)
{
	size_t i, j;
	uint32_t v;
	for (i = 0; i + 5 <= n; i++) {
		j = i;
		if (kprof_impl_dump_lit(s, n, &j, "CPU #", 5) && kprof_impl_dump_dec(s, n, &j, &v))
			return v;
	}
	return KPROF_DUMP_NO_CPU_ID;
}

KPROF_API kprof_status kprof_dump_iter_init(kprof_dump_iter *it, const char *text, size_t len)
{
	if (!it)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(it, sizeof(*it));
	it->text = text;
	it->len = text ? len : 0;
	it->format = KPROF_DUMP_FORMAT_UNKNOWN;
	it->expect = KPROF_DUMP_EXPECT_NOTHING;
	it->cpu = -1;
	it->cpu_id = KPROF_DUMP_NO_CPU_ID;
	it->status = text || !len ? KPROF_OK : KPROF_E_ARGUMENT;
	return (kprof_status)it->status;
}

KPROF_INTERNAL kprof_status kprof_impl_dump_fail(kprof_dump_iter *it, kprof_status st,
                                                 kprof_dump_expect expect)
{
	it->status = st;
	it->expect = (int32_t)expect;
	return st;
}

/* A separator before the next AIDA64 register: one '-', or a run of blanks. */
KPROF_INTERNAL int kprof_impl_dump_separator(const char *s, size_t n, size_t *i)
{
	size_t start = *i;
	if (*i < n && s[*i] == '-') {
		(*i)++;
		return 1;
	}
	kprof_impl_text_skip_space(s, n, i);
	return *i > start;
}

/* An AIDA64/EVEREST/InstLatx64 leaf line from s[i..n), i just past "CPUID": the leaf, then ':',
 * ' : ', ' :' or blanks, then four registers of 8 hex digits separated by '-' or blanks, then
 * optional bracketed notes of which a leading [SL nn] names the sub-leaf. 0 on success, else
 * what was expected. */
KPROF_INTERNAL kprof_dump_expect kprof_impl_dump_parse_aida(const char *s, size_t n, size_t i,
                                                            kprof_dump_record *r)
{
	uint32_t *reg[4];
	size_t start;
	unsigned k;
	reg[0] = &r->eax;
	reg[1] = &r->ebx;
	reg[2] = &r->ecx;
	reg[3] = &r->edx;
	kprof_impl_text_skip_space(s, n, &i);
	if (!kprof_impl_dump_hex8(s, n, &i, &r->leaf))
		return KPROF_DUMP_EXPECT_LEAF;
	start = i;
	kprof_impl_text_skip_space(s, n, &i);
	if (i < n && s[i] == ':')
		i++;
	kprof_impl_text_skip_space(s, n, &i);
	if (i == start)
		return KPROF_DUMP_EXPECT_SEPARATOR;
	for (k = 0; k < 4; k++) {
		if (k && !kprof_impl_dump_separator(s, n, &i))
			return KPROF_DUMP_EXPECT_SEPARATOR;
		if (!kprof_impl_dump_hex8(s, n, &i, reg[k]))
			return KPROF_DUMP_EXPECT_REGISTER;
	}
	start = i;
	kprof_impl_text_skip_space(s, n, &i);
	if (i == n)
		return KPROF_DUMP_EXPECT_NOTHING;
	/* Notes follow blanks and a '[': only a leading [SL nn] means anything; the rest (vendor
	 * and brand strings with their own brackets, cache sizes, core names) is commentary. */
	if (i == start || s[i] != '[')
		return KPROF_DUMP_EXPECT_NOTE;
	if (kprof_impl_dump_lit(s, n, &i, "[SL", 3)) {
		kprof_impl_text_skip_space(s, n, &i);
		if (!kprof_impl_dump_hex(s, n, &i, 1, 8, &r->subleaf))
			return KPROF_DUMP_EXPECT_SUBLEAF_TAG;
		kprof_impl_text_skip_space(s, n, &i);
		if (!kprof_impl_dump_lit(s, n, &i, "]", 1))
			return KPROF_DUMP_EXPECT_SUBLEAF_TAG;
		r->flags |= KPROF_DUMP_SUBLEAF_TAGGED;
	}
	return KPROF_DUMP_EXPECT_NOTHING;
}

/* A `cpuid -r` line from s[i..n), i at "0x": "0xLLLLLLLL 0xSS: eax=0x.. ebx=0x.. ecx=0x..
 * edx=0x..", or the older "0xLLLLLLLL: eax=0x.." without a sub-leaf. */
KPROF_INTERNAL kprof_dump_expect kprof_impl_dump_parse_raw(const char *s, size_t n, size_t i,
                                                           kprof_dump_record *r)
{
	static const char names[4][7] = {"eax=0x", "ebx=0x", "ecx=0x", "edx=0x"};
	uint32_t *reg[4];
	unsigned k;
	reg[0] = &r->eax;
	reg[1] = &r->ebx;
	reg[2] = &r->ecx;
	reg[3] = &r->edx;
	i += 2;
	if (!kprof_impl_dump_hex8(s, n, &i, &r->leaf))
		return KPROF_DUMP_EXPECT_LEAF;
	if (!kprof_impl_dump_lit(s, n, &i, ":", 1)) {
		if (i == n || !kprof_impl_text_space(s[i]))
			return KPROF_DUMP_EXPECT_SUBLEAF;
		kprof_impl_text_skip_space(s, n, &i);
		if (!(kprof_impl_dump_lit(s, n, &i, "0x", 2) || kprof_impl_dump_lit(s, n, &i, "0X", 2)) ||
		    !kprof_impl_dump_hex(s, n, &i, 1, 8, &r->subleaf) || !kprof_impl_dump_lit(s, n, &i, ":", 1))
			return KPROF_DUMP_EXPECT_SUBLEAF;
		r->flags |= KPROF_DUMP_SUBLEAF_TAGGED;
	}
	for (k = 0; k < 4; k++) {
		if (i == n || !kprof_impl_text_space(s[i]))
			return KPROF_DUMP_EXPECT_NAMED_REGISTER;
		kprof_impl_text_skip_space(s, n, &i);
		if (!kprof_impl_dump_lit(s, n, &i, names[k], 6) || !kprof_impl_dump_hex8(s, n, &i, reg[k]))
			return KPROF_DUMP_EXPECT_NAMED_REGISTER;
	}
	kprof_impl_text_skip_space(s, n, &i);
	return i == n ? KPROF_DUMP_EXPECT_NOTHING : KPROF_DUMP_EXPECT_END_OF_LINE;
}

/* One hwloc number: optional 0x, 1 to 8 hex digits (what hwloc's "%x" reads back). */
KPROF_INTERNAL int kprof_impl_dump_hwloc_value(const char *s, size_t n, size_t *i, uint32_t *v)
{
	if (n - *i >= 3 && s[*i] == '0' && (s[*i + 1] == 'x' || s[*i + 1] == 'X') &&
	    kprof_impl_dump_hexdigit(s[*i + 2]) >= 0)
		*i += 2;
	return kprof_impl_dump_hex(s, n, i, 1, 8, v);
}

/* A hwloc-gather-cpuid line from s[i..n): "MASK EAX EBX ECX EDX => EAX EBX ECX EDX" in hex.
 * The mask says which inputs mattered: bit 0 eax (the leaf, always), bit 2 ecx (the
 * sub-leaf); bits 1 and 3 (ebx, edx) no leaf uses but hwloc's reader would honour. */
KPROF_INTERNAL kprof_dump_expect kprof_impl_dump_parse_hwloc(const char *s, size_t n, size_t i,
                                                             kprof_dump_record *r)
{
	uint32_t v[9];
	unsigned k;
	for (k = 0; k < 9; k++) {
		if (k == 5) {
			kprof_impl_text_skip_space(s, n, &i);
			if (!kprof_impl_dump_lit(s, n, &i, "=>", 2))
				return KPROF_DUMP_EXPECT_ARROW;
			kprof_impl_text_skip_space(s, n, &i);
		} else if (k) {
			if (i == n || !kprof_impl_text_space(s[i]))
				return k < 5 ? KPROF_DUMP_EXPECT_ARROW : KPROF_DUMP_EXPECT_HEX_VALUE;
			kprof_impl_text_skip_space(s, n, &i);
		}
		if (!kprof_impl_dump_hwloc_value(s, n, &i, &v[k]))
			return KPROF_DUMP_EXPECT_HEX_VALUE;
	}
	kprof_impl_text_skip_space(s, n, &i);
	if (i != n)
		return KPROF_DUMP_EXPECT_END_OF_LINE;
	if (!(v[0] & 1u) || v[0] > 0xFu)
		return KPROF_DUMP_EXPECT_INPUT_MASK;
	r->leaf = v[1];
	r->subleaf = (v[0] & 4u) ? v[3] : 0;
	r->eax = v[5];
	r->ebx = v[6];
	r->ecx = v[7];
	r->edx = v[8];
	/* A mask without ecx means "any sub-leaf": hwloc answers every sub-leaf with it. */
	r->flags |= KPROF_DUMP_SUBLEAF_TAGGED;
	return KPROF_DUMP_EXPECT_NOTHING;
}

/* Which format a line claims to be a leaf line of (KPROF_DUMP_FORMAT_UNKNOWN: none, the line
 * is text); *body = where its parser starts. A claim that then fails to parse is an error, so
 * a truncated or damaged leaf line is never skipped as text. */
KPROF_INTERNAL int kprof_impl_dump_claim(const char *s, size_t n, size_t *body)
{
	size_t i = 0, j, k;
	kprof_impl_text_skip_space(s, n, &i);
	if (kprof_impl_dump_lit(s, n, &i, "CPUID", 5)) {
		j = i;
		kprof_impl_text_skip_space(s, n, &j);
		if (j == i)
			return KPROF_DUMP_FORMAT_UNKNOWN;
		k = j;
		while (k < n && kprof_impl_dump_hexdigit(s[k]) >= 0)
			k++;
		/* "CPUID CPU Name :", "CPUID Revision :": text, not a leaf. */
		if (k > j && (k == n || s[k] == ':' || k - j >= 8)) {
			*body = i;
			return KPROF_DUMP_FORMAT_AIDA64;
		}
		return KPROF_DUMP_FORMAT_UNKNOWN;
	}
	if (n - i >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
		*body = i;
		return KPROF_DUMP_FORMAT_CPUID_R;
	}
	/* hwloc: a hex number (the input mask), a blank, and "=>" further on. */
	k = i;
	while (k < n && kprof_impl_dump_hexdigit(s[k]) >= 0)
		k++;
	if (k > i && k < n && kprof_impl_text_space(s[k])) {
		for (; k + 1 < n; k++) {
			if (s[k] == '=' && s[k + 1] == '>') {
				*body = i;
				return KPROF_DUMP_FORMAT_HWLOC;
			}
		}
	}
	return KPROF_DUMP_FORMAT_UNKNOWN;
}

/* Whether s[0..n) is a block header; *id gets its CPU number or KPROF_DUMP_NO_CPU_ID. */
KPROF_INTERNAL int kprof_impl_dump_header(const char *s, size_t n, uint32_t *id)
{
	size_t i = 0;
	*id = KPROF_DUMP_NO_CPU_ID;
	/* AIDA64/EVEREST sections and EVEREST's "CPUID Registers (CPU #n):" */
	if (kprof_impl_dump_lit(s, n, &i, "------[", 7) || kprof_impl_dump_lit(s, n, &i, "CPUID Registers", 15)) {
		*id = kprof_impl_dump_header_cpu(s, n);
		return 1;
	}
	/* InstLatx64's "CPU#000 AffMask: 0x..." */
	if (kprof_impl_dump_lit(s, n, &i, "CPU#", 4))
		return kprof_impl_dump_dec(s, n, &i, id);
	/* `cpuid -r`: "CPU 3:", and "CPU:" with -1 */
	if (kprof_impl_dump_lit(s, n, &i, "CPU", 3)) {
		uint32_t v;
		kprof_impl_text_skip_space(s, n, &i);
		if (kprof_impl_dump_dec(s, n, &i, &v))
			*id = v; /* "CPU:" (cpuid -r -1) has no number */
		if (kprof_impl_dump_lit(s, n, &i, ":", 1) && i == n)
			return 1;
		*id = KPROF_DUMP_NO_CPU_ID;
	}
	return 0;
}

/* The one line cursor of the text readers (cpuid dumps, profile-source listings): the next
 * line of text[*pos..len), read through explicit lengths only (no NUL terminator needed). A
 * line ends at LF, CR LF or a lone CR. KPROF_OK with *s and *n its start and length (the end
 * of line excluded) and *pos past it; *line counts the lines read (1-based), so after an
 * error it names the line to blame. KPROF_END when no text is left; KPROF_E_FORMAT for a NUL
 * byte (binary data) or a line over max bytes. */
KPROF_INTERNAL kprof_status kprof_impl_text_line(const char *text, size_t len, size_t *pos, uint32_t *line,
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
		uint64_t w = kprof_load_le64((const uint8_t *)p + k);
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

/* The bit of seen[] for a leaf, or -1 when repeats of that leaf are not tracked. */
KPROF_INTERNAL int kprof_impl_dump_seen_bit(uint32_t leaf)
{
	if ((leaf & 0x3FFFFFFFu) >= KPROF_DUMP_TRACKED_LEAVES)
		return -1;
	return (int)((leaf >> 30) * KPROF_DUMP_TRACKED_LEAVES + (leaf & (KPROF_DUMP_TRACKED_LEAVES - 1u)));
}

KPROF_API kprof_status kprof_dump_iter_next(kprof_dump_iter *it, kprof_dump_record *out)
{
	const char *s = NULL;
	size_t n = 0;
	kprof_status st;
	if (!it || !out)
		return KPROF_E_ARGUMENT;
	if (it->status != KPROF_OK)
		return (kprof_status)it->status;
	while ((st = kprof_impl_text_line(it->text, it->len, &it->pos, &it->line, (size_t)-1, &s, &n)) ==
	       KPROF_OK) {
		size_t body = 0;
		kprof_dump_record r;
		kprof_dump_expect expect;
		uint32_t id;
		int fmt, bit, same_run;
		while (n > 0 && kprof_impl_text_space(s[n - 1]))
			n--;
		fmt = kprof_impl_dump_claim(s, n, &body);
		if (fmt == KPROF_DUMP_FORMAT_UNKNOWN) {
			if (kprof_impl_dump_header(s, n, &id)) {
				it->block_pending = 1;
				it->cpu_id = id;
			}
			continue;
		}
		if (it->format != KPROF_DUMP_FORMAT_UNKNOWN && it->format != fmt)
			return kprof_impl_dump_fail(it, KPROF_E_FORMAT, KPROF_DUMP_EXPECT_ONE_FORMAT);
		r.subleaf = 0;
		r.flags = 0;
		expect = fmt == KPROF_DUMP_FORMAT_AIDA64    ? kprof_impl_dump_parse_aida(s, n, body, &r)
		         : fmt == KPROF_DUMP_FORMAT_CPUID_R ? kprof_impl_dump_parse_raw(s, n, body, &r)
		                                            : kprof_impl_dump_parse_hwloc(s, n, body, &r);
		if (expect != KPROF_DUMP_EXPECT_NOTHING)
			return kprof_impl_dump_fail(it, KPROF_E_FORMAT, expect);
		it->format = fmt;
		/* The line before, exactly again (same named sub-leaf, same values): nothing new,
		 * nothing contradicted. */
		if (!it->block_pending && it->block_records && (r.flags & KPROF_DUMP_SUBLEAF_TAGGED) &&
		    r.leaf == it->prev_leaf && r.subleaf == it->prev_subleaf && r.eax == it->prev_regs[0] &&
		    r.ebx == it->prev_regs[1] && r.ecx == it->prev_regs[2] && r.edx == it->prev_regs[3])
			continue;
		/* A header, or leaf 0 again, opens the next block. */
		if (it->cpu < 0 || it->block_pending || (r.leaf == 0 && r.subleaf == 0 && it->block_records)) {
			if (it->cpu == 0x7FFFFFFF) /* 2^31 blocks: give up rather than wrap */
				return kprof_impl_dump_fail(it, KPROF_E_RANGE, KPROF_DUMP_EXPECT_NOTHING);
			it->cpu++;
			if (!it->block_pending)
				it->cpu_id = KPROF_DUMP_NO_CPU_ID;
			it->block_pending = 0;
			it->block_records = 0;
			kprof_impl_zero(it->seen, sizeof(it->seen));
		}
		same_run = it->block_records && r.leaf == it->prev_leaf;
		if (same_run && !(r.flags & KPROF_DUMP_SUBLEAF_TAGGED)) {
			if (it->prev_subleaf == 0xFFFFFFFFu)
				return kprof_impl_dump_fail(it, KPROF_E_RANGE, KPROF_DUMP_EXPECT_NEW_LEAF);
			r.subleaf = it->prev_subleaf + 1;
			r.flags |= KPROF_DUMP_SUBLEAF_IMPLICIT;
		} else if (same_run && r.subleaf <= it->prev_subleaf) {
			return kprof_impl_dump_fail(it, KPROF_E_DUPLICATE, KPROF_DUMP_EXPECT_NEW_LEAF);
		} else if (!same_run && (bit = kprof_impl_dump_seen_bit(r.leaf)) >= 0) {
			if (it->seen[bit / 32] >> (bit % 32) & 1u)
				return kprof_impl_dump_fail(it, KPROF_E_DUPLICATE, KPROF_DUMP_EXPECT_NEW_LEAF);
			it->seen[bit / 32] |= 1u << (bit % 32);
		}
		it->prev_leaf = r.leaf;
		it->prev_subleaf = r.subleaf;
		it->prev_regs[0] = r.eax;
		it->prev_regs[1] = r.ebx;
		it->prev_regs[2] = r.ecx;
		it->prev_regs[3] = r.edx;
		it->block_records++;
		it->records++;
		r.cpu = (uint32_t)it->cpu;
		r.cpu_id = it->cpu_id;
		r.line = it->line;
		kprof_impl_copy(out, &r, sizeof(r));
		return KPROF_OK;
	}
	if (st != KPROF_END)
		return kprof_impl_dump_fail(it, KPROF_E_FORMAT, KPROF_DUMP_EXPECT_TEXT);
	if (it->records == 0)
		return kprof_impl_dump_fail(it, KPROF_E_FORMAT, KPROF_DUMP_EXPECT_LEAF_LINE);
	it->status = KPROF_END;
	return KPROF_END;
}

/* Fill err (optional) with where a whole-text read stopped: st is the reader's last status
 * (KPROF_END: read to the end) or what the caller makes of it. */
KPROF_INTERNAL void kprof_impl_dump_report(kprof_dump_error *err, const kprof_dump_iter *it, kprof_status st)
{
	int failed = it->status != KPROF_END;
	if (!err)
		return;
	err->status = st == KPROF_END ? KPROF_OK : st;
	err->line = failed ? it->line : 0;
	err->format = it->format;
	err->expect = failed ? it->expect : KPROF_DUMP_EXPECT_NOTHING;
	err->cpus = (uint32_t)(it->cpu + 1);
	err->records = it->records;
}

/* Fill *out with the leaves of CPU block cpu (0 = the first block, the boot processor the HAL
 * assesses). The whole text is read, so an error anywhere fails the call: then *out is left
 * empty (never a partial snapshot) and err (optional) says why, at which line and what the
 * line lacked. Errors are kprof_dump_iter_next's, plus KPROF_E_NOT_FOUND when the text has no
 * block cpu. A block lacking some leaves is not an error: the snapshot just does not have
 * them. */
static KPROF_NOINLINE kprof_status kprof_impl_dump_snapshot(const char *text, size_t len, uint32_t cpu,
                                           kprof_cpuid_snapshot *out, kprof_dump_error *err)
{
	kprof_dump_iter it;
	kprof_dump_record r;
	kprof_status st;
	int found = 0;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_cpuid_snapshot_init(out);
	st = kprof_dump_iter_init(&it, text, len);
	while (st == KPROF_OK && (st = kprof_dump_iter_next(&it, &r)) == KPROF_OK) {
		if (r.cpu != cpu)
			continue;
		found = 1;
		/* The iterator already refused repeats; leaves kprof does not keep are
		 * KPROF_E_NOT_FOUND here, and ignored. */
		(void)kprof_cpuid_snapshot_set(out, r.leaf, r.subleaf, r.eax, r.ebx, r.ecx, r.edx);
	}
	kprof_impl_dump_report(err, &it, st == KPROF_END && !found ? KPROF_E_NOT_FOUND : st);
	if (st == KPROF_END && found)
		return KPROF_OK;
	kprof_cpuid_snapshot_init(out);
	return st == KPROF_END ? KPROF_E_NOT_FOUND : st;
}

KPROF_API kprof_status kprof_dump_snapshot(const char *text, size_t len, uint32_t cpu,
                                           kprof_cpuid_snapshot *out, kprof_dump_error *err)
{
	return kprof_impl_dump_snapshot(text, len, cpu, out, err);
}

KPROF_API kprof_status kprof_dump_write_raw(const kprof_dump_record *r, char *buf, size_t cap,
                                            size_t *written)
{
	static const char names[4][8] = {" eax=0x", " ebx=0x", " ecx=0x", " edx=0x"};
	char line[96];
	size_t n = 0;
	uint32_t regs[4];
	unsigned k, m;
	if (!r || !buf)
		return KPROF_E_ARGUMENT;
	regs[0] = r->eax;
	regs[1] = r->ebx;
	regs[2] = r->ecx;
	regs[3] = r->edx;
	for (m = 0; m < 5; m++)
		line[n++] = "   0x"[m];
	n += kprof_impl_hex(line + n, r->leaf, 8);
	for (m = 0; m < 3; m++)
		line[n++] = " 0x"[m];
	n += kprof_impl_hex(line + n, r->subleaf, 2);
	line[n++] = ':';
	for (k = 0; k < 4; k++) {
		for (m = 0; m < 7; m++)
			line[n++] = names[k][m];
		n += kprof_impl_hex(line + n, regs[k], 8);
	}
	line[n++] = '\n';
	return kprof_impl_text_out(line, n, buf, cap, written);
}

KPROF_API kprof_status kprof_dump_write_raw_header(uint32_t cpu, char *buf, size_t cap,
                                                   size_t *written)
{
	char digits[10], line[16];
	size_t n, k = 0;
	if (!buf)
		return KPROF_E_ARGUMENT;
	for (n = 0; n < 4; n++)
		line[n] = "CPU "[n];
	do {
		digits[k++] = (char)('0' + cpu % 10u);
		cpu /= 10u;
	} while (cpu);
	while (k)
		line[n++] = digits[--k];
	line[n++] = ':';
	line[n++] = '\n';
	return kprof_impl_text_out(line, n, buf, cap, written);
}

KPROF_API void kprof_cpu_facts_init(kprof_cpu_facts *f)
{
	if (f)
		kprof_impl_zero(f, sizeof(*f));
}

KPROF_API void kprof_cpu_facts_add(kprof_cpu_facts *f, uint32_t leaf, uint32_t subleaf,
                                   const uint32_t regs[4])
{
	unsigned i;
	if (!f || !regs)
		return;
	if ((leaf & 0x3FFFFFFFu) == 0 && subleaf == 0) {
		f->max_leaf[leaf >> 30] = regs[KPROF_EAX];
		f->has_max |= 1u << (leaf >> 30);
	}
	for (i = 0; i < KPROF_CPU_FACT_COUNT; i++) {
		const kprof_cpu_fact_row *row = kprof_cpu_fact_row_get((int)i);
		if (row->leaf == leaf && row->subleaf == subleaf) {
			f->value[i] = regs[row->reg] & row->mask;
			f->present |= (uint64_t)1 << i;
		}
	}
}

KPROF_API void kprof_cpu_facts_finish(kprof_cpu_facts *f)
{
	unsigned i;
	if (!f)
		return;
	for (i = 0; i < KPROF_CPU_FACT_COUNT; i++) {
		uint32_t leaf = kprof_cpu_fact_row_get((int)i)->leaf;
		unsigned range = leaf >> 30;
		if (!(f->has_max >> range & 1u) || leaf > f->max_leaf[range]) {
			f->present &= ~((uint64_t)1 << i);
			f->value[i] = 0;
		}
	}
}

KPROF_API uint64_t kprof_cpu_facts_diff(const kprof_cpu_facts *a, const kprof_cpu_facts *b)
{
	uint64_t d;
	unsigned i;
	if (!a || !b)
		return 0;
	d = a->present ^ b->present;
	for (i = 0; i < KPROF_CPU_FACT_COUNT; i++)
		if (a->value[i] != b->value[i])
			d |= (uint64_t)1 << i;
	return d;
}

/* An empty link of the groups' index, and the deepest walk down it: the height of an AVL tree
 * of 2^32 - 1 groups is below 1.4405 log2(2^32 + 1) < 47. */
#define KPROF_IMPL_GROUP_NONE 0xFFFFFFFFu
#define KPROF_IMPL_GROUP_DEPTH 48u

KPROF_API kprof_status kprof_cpu_groups_init(kprof_cpu_groups *g, kprof_cpu_group *group,
                                             uint32_t cap, uint32_t *cpu_group, uint32_t cpu_cap)
{
	if (!g || (!group && cap))
		return KPROF_E_ARGUMENT;
	g->group = group;
	g->cap = cap;
	g->count = 0;
	g->cpus = 0;
	g->cpu_group = cpu_group;
	g->cpu_cap = cpu_group ? cpu_cap : 0;
	g->root = KPROF_IMPL_GROUP_NONE;
	g->resume = 0;
	g->compares = 0;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_cpu_groups_grow(kprof_cpu_groups *g, kprof_cpu_group *group, uint32_t cap)
{
	if (!g || !group || cap < g->count)
		return KPROF_E_ARGUMENT;
	g->group = group;
	g->cap = cap;
	return KPROF_OK;
}

/* -- the groups' index: an AVL tree ordered by facts, its links in the groups -- */

/* The order of the index: present, then each value, as unsigned numbers. Equal exactly when
 * kprof_cpu_facts_diff finds no difference. */
KPROF_INTERNAL int kprof_impl_cpu_facts_order(const kprof_cpu_facts *a, const kprof_cpu_facts *b)
{
	unsigned i;
	if (a->present != b->present)
		return a->present < b->present ? -1 : 1;
	for (i = 0; i < KPROF_CPU_FACT_COUNT; i++)
		if (a->value[i] != b->value[i])
			return a->value[i] < b->value[i] ? -1 : 1;
	return 0;
}

KPROF_INTERNAL unsigned kprof_impl_group_height(const kprof_cpu_group *gr, uint32_t i)
{
	return i == KPROF_IMPL_GROUP_NONE ? 0u : gr[i].tree_height;
}

KPROF_INTERNAL void kprof_impl_group_fix(kprof_cpu_group *gr, uint32_t i)
{
	unsigned l = kprof_impl_group_height(gr, gr[i].tree[0]), r = kprof_impl_group_height(gr, gr[i].tree[1]);
	gr[i].tree_height = (uint8_t)(1u + (l > r ? l : r));
}

/* Rotate the subtree at i: its child on side d (0 left, 1 right) up. Returns the new top. */
KPROF_INTERNAL uint32_t kprof_impl_group_lift(kprof_cpu_group *gr, uint32_t i, unsigned d)
{
	uint32_t c = gr[i].tree[d];
	gr[i].tree[d] = gr[c].tree[!d];
	gr[c].tree[!d] = i;
	kprof_impl_group_fix(gr, i);
	kprof_impl_group_fix(gr, c);
	return c;
}

/* Restore the AVL balance at i after an insertion below it: where one side is two higher,
 * lift its child (first that child's inner child, when that is the higher). Returns the
 * subtree's top. */
KPROF_INTERNAL uint32_t kprof_impl_group_rebalance(kprof_cpu_group *gr, uint32_t i)
{
	unsigned l = kprof_impl_group_height(gr, gr[i].tree[0]), r = kprof_impl_group_height(gr, gr[i].tree[1]);
	unsigned d = r > l;
	uint32_t c = gr[i].tree[d];
	if (l + 1 < r || r + 1 < l) {
		if (kprof_impl_group_height(gr, gr[c].tree[!d]) > kprof_impl_group_height(gr, gr[c].tree[d]))
			gr[i].tree[d] = kprof_impl_group_lift(gr, c, !d);
		return kprof_impl_group_lift(gr, i, d);
	}
	kprof_impl_group_fix(gr, i);
	return i;
}

static KPROF_NOINLINE kprof_status kprof_impl_cpu_groups_add(kprof_cpu_groups *g, const kprof_cpu_facts *f,
                                                 uint32_t cpu_id, uint32_t *index)
{
	/* The groups walked from the top (KPROF_IMPL_GROUP_DEPTH bounds a balanced tree's). */
	uint32_t path[KPROF_IMPL_GROUP_DEPTH];
	kprof_cpu_group *gr;
	uint32_t i, depth = 0, k;
	int order = 0;
	if (!g || !f)
		return KPROF_E_ARGUMENT;
	if (g->cpus == 0xFFFFFFFFu)
		return KPROF_E_RANGE;
	gr = g->group;
	for (i = g->root; i != KPROF_IMPL_GROUP_NONE;) {
		if (i >= g->count || depth == KPROF_IMPL_GROUP_DEPTH)
			return KPROF_E_CORRUPT;
		g->compares++;
		if ((order = kprof_impl_cpu_facts_order(f, &gr[i].facts)) == 0)
			break;
		path[depth++] = i;
		i = gr[i].tree[order > 0];
	}
	if (i == KPROF_IMPL_GROUP_NONE) {
		if (g->count == g->cap)
			return KPROF_E_BUFFER_TOO_SMALL;
		i = g->count++;
		gr[i].first_cpu = g->cpus;
		gr[i].first_cpu_id = cpu_id;
		gr[i].cpus = 0;
		kprof_impl_copy(&gr[i].facts, f, sizeof(*f));
		kprof_cpuid_snapshot_init(&gr[i].snap);
		gr[i].tree[0] = gr[i].tree[1] = KPROF_IMPL_GROUP_NONE;
		gr[i].tree_height = 1;
		if (depth == 0)
			g->root = i;
		else
			gr[path[depth - 1]].tree[order > 0] = i;
		/* Back up the path, rebalancing; each subtree's new top goes where it was. */
		for (k = depth; k-- > 0;) {
			uint32_t was = path[k], top = kprof_impl_group_rebalance(gr, was);
			if (k == 0)
				g->root = top;
			else
				gr[path[k - 1]].tree[gr[path[k - 1]].tree[1] == was] = top;
		}
	}
	gr[i].cpus++;
	if (g->cpus < g->cpu_cap)
		g->cpu_group[g->cpus] = i;
	g->cpus++;
	if (index)
		*index = i;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_cpu_groups_add(kprof_cpu_groups *g, const kprof_cpu_facts *f,
                                            uint32_t cpu_id, uint32_t *index)
{
	return kprof_impl_cpu_groups_add(g, f, cpu_id, index);
}

/* The text's blocks, in order, after the g->resume a call that ran out of groups added; then
 * each new group's snapshot. Three passes over the text (read it all, group, snapshots), each
 * linear: the snapshots walk the new groups alongside the records (the groups start at rising
 * blocks), not every group per record. */
static KPROF_NOINLINE kprof_status kprof_impl_cpu_groups_add_dump(kprof_cpu_groups *g, const char *text, size_t len,
                                                 kprof_dump_error *err)
{
	kprof_dump_iter it;
	kprof_dump_record r;
	kprof_cpu_facts f;
	kprof_status st;
	uint32_t first_group, text_cpu0, skip, cpu_id = KPROF_DUMP_NO_CPU_ID, k;
	int32_t block = -1;
	if (!g)
		return KPROF_E_ARGUMENT;
	skip = g->resume;
	g->resume = 0;
	/* Read it all first: a bad dump adds nothing. */
	st = kprof_dump_iter_init(&it, text, len);
	while (st == KPROF_OK)
		st = kprof_dump_iter_next(&it, &r);
	kprof_impl_dump_report(err, &it, st);
	if (st != KPROF_END)
		return st;
	if (skip && (skip > g->cpus || skip > (uint32_t)it.cpu))
		return KPROF_E_ARGUMENT; /* a resume count not from this text */
	first_group = g->count;
	text_cpu0 = g->cpus - skip;
	kprof_dump_iter_init(&it, text, len);
	kprof_cpu_facts_init(&f);
	for (;;) {
		st = kprof_dump_iter_next(&it, &r);
		/* At a new block or the end, the block before it is complete. */
		if (st != KPROF_OK || (int32_t)r.cpu != block) {
			if (block >= (int32_t)skip) {
				kprof_cpu_facts_finish(&f);
				if ((st = kprof_impl_cpu_groups_add(g, &f, cpu_id, NULL)) != KPROF_OK) {
					if (st == KPROF_E_BUFFER_TOO_SMALL)
						g->resume = (uint32_t)block;
					break;
				}
			}
			if (it.status != KPROF_OK)
				break;
			block = (int32_t)r.cpu;
			cpu_id = r.cpu_id;
			kprof_cpu_facts_init(&f);
		}
		if (block >= (int32_t)skip) {
			uint32_t regs[4];
			regs[KPROF_EAX] = r.eax;
			regs[KPROF_EBX] = r.ebx;
			regs[KPROF_ECX] = r.ecx;
			regs[KPROF_EDX] = r.edx;
			kprof_cpu_facts_add(&f, r.leaf, r.subleaf, regs);
		}
	}
	/* Each new group's snapshot: its first CPU's leaves (one more pass, on the same
	 * iterator: a kernel stack has no room for a second one). */
	kprof_dump_iter_init(&it, text, len);
	k = first_group;
	while (k < g->count && kprof_dump_iter_next(&it, &r) == KPROF_OK) {
		while (k < g->count && g->group[k].first_cpu - text_cpu0 < r.cpu)
			k++;
		if (k < g->count && g->group[k].first_cpu - text_cpu0 == r.cpu)
			(void)kprof_cpuid_snapshot_set(&g->group[k].snap, r.leaf, r.subleaf, r.eax, r.ebx, r.ecx, r.edx);
	}
	return st == KPROF_END ? KPROF_OK : st;
}

KPROF_API kprof_status kprof_cpu_groups_add_dump(kprof_cpu_groups *g, const char *text, size_t len,
                                                 kprof_dump_error *err)
{
	return kprof_impl_cpu_groups_add_dump(g, text, len, err);
}

/* -- profile-source listings -- */
/* The next whitespace-separated cell of line[*at..end): its start and length (0 at the end). */
KPROF_INTERNAL size_t kprof_impl_listing_cell(const char *line, size_t end, size_t *at)
{
	size_t start;
	kprof_impl_text_skip_space(line, end, at);
	start = *at;
	while (*at < end && !kprof_impl_text_space(line[*at]))
		(*at)++;
	return *at - start;
}

/* A decimal cell that fits 32 bits. */
KPROF_INTERNAL int kprof_impl_listing_u32(const char *p, size_t n, uint32_t *out)
{
	uint32_t v = 0;
	size_t i;
	if (n == 0)
		return 0;
	for (i = 0; i < n; i++) {
		uint32_t digit = (uint32_t)(unsigned char)p[i] - '0';
		if (digit > 9 || v > (UINT32_MAX - digit) / 10u)
			return 0;
		v = v * 10u + digit;
	}
	*out = v;
	return 1;
}

KPROF_INTERNAL int kprof_impl_listing_word(const char *p, size_t n, const char *word)
{
	size_t i;
	for (i = 0; i < n && word[i]; i++)
		if (kprof_impl_lower((unsigned char)p[i]) != (unsigned char)word[i])
			return 0;
	return i == n && !word[i];
}

/* Point a zeroed listing iterator at len bytes of text. */
KPROF_INTERNAL kprof_status kprof_impl_listing_iter_start(kprof_listing_iter *it, const char *text, size_t len)
{
	it->text = text;
	it->len = text ? len : 0;
	return text || !len ? KPROF_OK : KPROF_E_ARGUMENT;
}

KPROF_API kprof_status kprof_listing_iter_init(kprof_listing_iter *it, const char *text, size_t len)
{
	if (!it)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(it, sizeof(*it));
	return kprof_impl_listing_iter_start(it, text, len);
}

KPROF_API kprof_status kprof_listing_iter_next(kprof_listing_iter *it, kprof_listing_row *row)
{
	static const char *const header[5] = {"id", "name", "interval", "min", "max"};
	/* Newer xperf -pmcsources (Windows Kits 10.0.26100) first prints
	 * "Maximum selectable profile sources: N." */
	static const char *const selectable[4] = {"maximum", "selectable", "profile", "sources:"};
	const char *p = NULL;
	size_t n = 0;
	kprof_status st;
	if (!it || !row)
		return KPROF_E_ARGUMENT;
	row->line = row->id = row->interval = row->min = row->max = 0;
	row->name = NULL;
	row->name_len = 0;
	if (it->pos > it->len)
		return KPROF_E_FORMAT; /* an error stays */
	while ((st = kprof_impl_text_line(it->text, it->len, &it->pos, &it->line, KPROF_LISTING_LINE_MAX, &p,
	                                  &n)) == KPROF_OK) {
		size_t at = 0, len, k;
		const char *cell[6];
		size_t cell_len[6];
		unsigned cells = 0, dashes = 1;
		while (cells < 6 && (len = kprof_impl_listing_cell(p, n, &at)) != 0) {
			cell[cells] = p + at - len;
			cell_len[cells++] = len;
		}
		for (k = 0; k < n; k++)
			dashes &= p[k] == '-' || kprof_impl_text_space(p[k]);
		if (cells == 5) {
			unsigned h = 1;
			for (k = 0; k < 5; k++)
				h &= (unsigned)kprof_impl_listing_word(cell[k], cell_len[k], header[k]);
			if (h) {
				it->header = 1;
				continue;
			}
		}
		if (!it->header && cells >= 4) {
			unsigned m = 1;
			for (k = 0; k < 4; k++)
				m &= (unsigned)kprof_impl_listing_word(cell[k], cell_len[k], selectable[k]);
			/* The count, a decimal with an optional full stop; once, before the header. */
			if (m && (cells != 5 || it->has_max_selectable ||
			          !kprof_impl_listing_u32(cell[4],
			                                  cell_len[4] - (cell_len[4] > 1 && cell[4][cell_len[4] - 1] == '.'),
			                                  &it->max_selectable)))
				goto bad;
			if (m) {
				it->has_max_selectable = 1;
				continue;
			}
		}
		if (!it->header || cells == 0 || dashes)
			continue;
		if (cells != 5 || cell_len[1] > KPROF_LISTING_NAME_MAX ||
		    !kprof_impl_listing_u32(cell[0], cell_len[0], &row->id) ||
		    !kprof_impl_listing_u32(cell[2], cell_len[2], &row->interval) ||
		    !kprof_impl_listing_u32(cell[3], cell_len[3], &row->min) ||
		    !kprof_impl_listing_u32(cell[4], cell_len[4], &row->max))
			goto bad;
		for (k = 0; k < cell_len[1]; k++) {
			unsigned char c = (unsigned char)cell[1][k];
			if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
			      c == '_'))
				goto bad;
		}
		row->line = it->line;
		row->name = cell[1];
		row->name_len = cell_len[1];
		return KPROF_OK;
	bad:
		row->id = row->interval = row->min = row->max = 0;
		it->pos = it->len + 1;
		return KPROF_E_FORMAT;
	}
	if (st != KPROF_END) {
		it->pos = it->len + 1;
		return KPROF_E_FORMAT;
	}
	if (!it->header) {
		it->line = 0;
		it->pos = it->len + 1;
		return KPROF_E_FORMAT;
	}
	return KPROF_END;
}

#if !defined(KPROF_NO_HAL)
KPROF_API kprof_status kprof_cpu_group_compare(const kprof_cpu_group *boot, const kprof_cpu_group *g,
                                               kprof_hal_build hal, kprof_cpu_group_effect *out)
{
	kprof_hal_decision b;
	const kprof_source *rows;
	size_t n = 0, i;
	if (!boot || !g || !out)
		return KPROF_E_ARGUMENT;
	if (kprof_hal_decide(&boot->snap, hal, &b) != KPROF_OK ||
	    kprof_hal_decide(&g->snap, hal, &out->here) != KPROF_OK)
		return KPROF_E_ARGUMENT;
	out->facts_differ = kprof_cpu_facts_diff(&boot->facts, &g->facts);
	out->own_iface = out->here.iface;
	out->here.iface = b.iface;
	out->here.reason = b.reason;
	kprof_impl_hal_resources(&out->here);
	out->counters_differ = (uint8_t)(out->here.counters != b.counters ||
	                                 out->here.counter_width != b.counter_width ||
	                                 out->here.fixed_counters != b.fixed_counters ||
	                                 out->here.fixed_width != b.fixed_width);
	out->sources_differ = 0;
	rows = kprof_source_table((kprof_interface)b.iface, &n);
	for (i = 0; rows && i < n; i++)
		if (kprof_hal_source_supported(&b, &rows[i]) != kprof_hal_source_supported(&out->here, &rows[i]))
			out->sources_differ++;
	return KPROF_OK;
}

#ifndef KPROF_NO_NAMES
/* The minimum and maximum interval of a source's interval class. */
KPROF_INTERNAL void kprof_impl_source_bounds(const kprof_source *s, uint32_t *min, uint32_t *max)
{
	*min = s->interval == KPROF_INTERVAL_TIMER ? KPROF_INTERVAL_TIMER_MIN : KPROF_INTERVAL_HARDWARE_MIN;
	*max = s->interval == KPROF_INTERVAL_TIMER ? KPROF_INTERVAL_TIMER_MAX : KPROF_INTERVAL_HARDWARE_MAX;
}

/* The source a listed id means under a decision: the decided interface's row, else on Emon a
 * later Intel row; NULL when kprof knows none. */
KPROF_INTERNAL const kprof_source *kprof_impl_listing_source(const kprof_hal_decision *d, uint32_t id)
{
	const kprof_source *s = kprof_source_get((kprof_interface)d->iface, id);
	if (!s && d->iface == KPROF_INTERFACE_EMON)
		s = kprof_source_get(KPROF_INTERFACE_INTEL_LATER, id);
	return s;
}

/* Whether the decided HAL offers s, the open range of later Intel sources settled by what the
 * listing shows (it->later_last). */
KPROF_INTERNAL int kprof_impl_listing_offered(const kprof_listing_diff_iter *it, const kprof_source *s)
{
	if (s->iface == KPROF_INTERFACE_INTEL_LATER)
		return it->d->iface == KPROF_INTERFACE_EMON && s->value <= it->later_last;
	return kprof_hal_source_supported(it->d, s);
}

/* Whether a listed row's name is the NUL-terminated want (NULL: no). */
KPROF_INTERNAL int kprof_impl_listing_name_is(const kprof_listing_row *r, const char *want)
{
	size_t k;
	if (!want)
		return 0;
	for (k = 0; k < r->name_len && want[k] == r->name[k]; k++)
		;
	return k == r->name_len && !want[k];
}

/* The name kprof expects for s in the listing: the release's spelling, as the listing settled
 * it where the release's is unknown. */
KPROF_INTERNAL const char *kprof_impl_listing_want(const kprof_listing_diff_iter *it, const kprof_source *s)
{
	const char *later = it->later_names && s->iface == KPROF_INTERFACE_AMD64 ? kprof_impl_amd64_spelling(s->value)
	                                                                           : NULL;
	return later ? later : kprof_source_description(s);
}

/* Whether the listing has a row with this id: the bitmap for small ids, else a scan. */
KPROF_INTERNAL int kprof_impl_listing_has(const kprof_listing_diff_iter *it, uint32_t id)
{
	kprof_listing_iter scan;
	kprof_listing_row r;
	if (id < 8u * sizeof(it->seen))
		return (it->seen[id / 8] >> (id % 8)) & 1u;
	(void)kprof_listing_iter_init(&scan, it->rows.text, it->rows.len);
	while (kprof_listing_iter_next(&scan, &r) == KPROF_OK)
		if (r.id == id)
			return 1;
	return 0;
}

KPROF_API kprof_status kprof_listing_diff_iter_init(kprof_listing_diff_iter *it, const char *text,
                                                    size_t len, const kprof_hal_decision *d)
{
	kprof_listing_row r;
	kprof_status st;
	uint32_t highest = 0;
	unsigned names;
	int later = 0;
	if (!it || !d)
		return KPROF_E_ARGUMENT;
	names = kprof_impl_release_amd64_names(d);
	/* Zeroed whole, its rows iterator included: gcc 12 -O3 takes a second zeroing loop over
	 * the member (kprof_listing_iter_init's) for a write past it. */
	kprof_impl_zero(it, sizeof(*it));
	it->d = d;
	st = kprof_impl_listing_iter_start(&it->rows, text, len);
	while (st == KPROF_OK && (st = kprof_listing_iter_next(&it->rows, &r)) == KPROF_OK) {
		const kprof_source *s = kprof_impl_listing_source(d, r.id);
		if (r.id < 8u * sizeof(it->seen)) {
			if (it->seen[r.id / 8] & (1u << (r.id % 8)))
				return KPROF_E_DUPLICATE;
			it->seen[r.id / 8] |= (uint8_t)(1u << (r.id % 8));
		}
		if (s && s->iface == KPROF_INTERFACE_INTEL_LATER && r.id > highest)
			highest = r.id;
		if (s && s->iface == KPROF_INTERFACE_AMD64 && names == KPROF_PRESENCE_UNKNOWN &&
		    kprof_impl_listing_name_is(&r, kprof_impl_amd64_spelling(r.id)))
			later = 1;
	}
	if (st != KPROF_END)
		return st;
	/* The range's low end is what the release surely lists; the listing may show more, up to
	 * its high end. */
	it->later_last = highest < d->later_min ? d->later_min : highest > d->later_max ? d->later_max : highest;
	it->later_names = (uint8_t)(names == KPROF_PRESENCE_PRESENT || later);
	/* Rewound for the second pass: a fresh iterator copied in (gcc 12 -O3 takes a second
	 * zeroing loop over the member for a write past it). */
	{
		kprof_listing_iter fresh;
		st = kprof_listing_iter_init(&fresh, text, len);
		kprof_impl_copy(&it->rows, &fresh, sizeof(fresh));
	}
	return st;
}

KPROF_API kprof_status kprof_listing_diff_iter_next(kprof_listing_diff_iter *it, kprof_listing_diff *out)
{
	static const uint8_t order[3] = {KPROF_LISTING_DIFF_NAME, KPROF_LISTING_DIFF_MIN,
	                                 KPROF_LISTING_DIFF_MAX};
	if (!it || !out || !it->d)
		return KPROF_E_ARGUMENT;
	for (;;) {
		const kprof_source *s;
		unsigned k;
		out->kind = 0;
		out->id = out->min = out->max = 0;
		out->source = NULL;
		out->name = NULL;
		kprof_impl_copy(&out->row, &it->cur, sizeof(out->row));
		if (it->phase == 0 && it->pending) {
			s = kprof_impl_listing_source(it->d, it->cur.id);
			if (!s) { /* bits pending for an id kprof does not know: an iterator changed behind its back */
				it->pending = 0;
				continue;
			}
			out->id = it->cur.id;
			out->source = s;
			out->name = kprof_impl_listing_want(it, s);
			kprof_impl_source_bounds(s, &out->min, &out->max);
			for (k = 0; k < 3; k++)
				if (it->pending & (1u << order[k])) {
					it->pending = (uint8_t)(it->pending & ~(1u << order[k]));
					out->kind = order[k];
					return KPROF_OK;
				}
		}
		if (it->phase == 0) {
			kprof_status st = kprof_listing_iter_next(&it->rows, &it->cur);
			if (st != KPROF_OK) {
				/* init read the same text to its end, so this is KPROF_END */
				it->phase = 1;
				continue;
			}
			s = kprof_impl_listing_source(it->d, it->cur.id);
			kprof_impl_copy(&out->row, &it->cur, sizeof(out->row));
			out->id = it->cur.id;
			out->source = s;
			if (!s) {
				out->kind = KPROF_LISTING_DIFF_UNKNOWN;
				return KPROF_OK;
			}
			out->name = kprof_impl_listing_want(it, s);
			kprof_impl_source_bounds(s, &out->min, &out->max);
			if (!kprof_impl_listing_offered(it, s)) {
				out->kind = KPROF_LISTING_DIFF_UNEXPECTED;
				return KPROF_OK;
			}
			if (!kprof_impl_listing_name_is(&it->cur, out->name))
				it->pending |= 1u << KPROF_LISTING_DIFF_NAME;
			if (it->cur.min != out->min)
				it->pending |= 1u << KPROF_LISTING_DIFF_MIN;
			if (it->cur.max != out->max)
				it->pending |= 1u << KPROF_LISTING_DIFF_MAX;
			continue;
		}
		if (it->phase == 1) {
			size_t n;
			const kprof_source *t;
			kprof_interface itf = it->next >> 16 ? KPROF_INTERFACE_INTEL_LATER
			                                     : (kprof_interface)it->d->iface;
			t = kprof_source_table(itf, &n);
			if ((it->next & 0xFFFFu) >= n) {
				if (it->next >> 16 || it->d->iface != KPROF_INTERFACE_EMON) {
					it->phase = 2;
					continue;
				}
				it->next = 1u << 16; /* then the later Intel sources */
				continue;
			}
			s = &t[it->next & 0xFFFFu];
			it->next++;
			if (!kprof_impl_listing_offered(it, s) || kprof_impl_listing_has(it, s->value))
				continue;
			out->row.line = out->row.id = out->row.interval = out->row.min = out->row.max = 0;
			out->row.name = NULL;
			out->row.name_len = 0;
			out->kind = KPROF_LISTING_DIFF_MISSING;
			out->id = s->value;
			out->source = s;
			out->name = kprof_impl_listing_want(it, s);
			kprof_impl_source_bounds(s, &out->min, &out->max);
			return KPROF_OK;
		}
		return KPROF_END;
	}
}
#endif
#endif
