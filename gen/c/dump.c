KPROF_IMPL_INTERNAL int kprof_impl_dump_hexdigit(char ch)
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
KPROF_IMPL_INTERNAL int kprof_impl_dump_hex(const char *s, size_t n, size_t *i, unsigned min,
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
KPROF_IMPL_INTERNAL int kprof_impl_dump_hex8(const char *s, size_t n, size_t *i, uint32_t *v)
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
KPROF_IMPL_INTERNAL int kprof_impl_dump_dec(const char *s, size_t n, size_t *i, uint32_t *v)
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
KPROF_IMPL_INTERNAL int kprof_impl_dump_lit(const char *s, size_t n, size_t *i, const char *lit, size_t m)
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

/* The CPU number in an AIDA64 section header: the digits after "CPU #". */
KPROF_IMPL_INTERNAL uint32_t kprof_impl_dump_header_cpu(const char *s, size_t n)
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
	it->pos = kprof_impl_text_start(text, len);
	it->format = KPROF_DUMP_FORMAT_UNKNOWN;
	it->expect = KPROF_DUMP_EXPECT_NOTHING;
	it->cpu = -1;
	it->cpu_id = KPROF_DUMP_NO_CPU_ID;
	it->status = text || !len ? KPROF_OK : KPROF_E_ARGUMENT;
	return (kprof_status)it->status;
}

KPROF_IMPL_INTERNAL kprof_status kprof_impl_dump_fail(kprof_dump_iter *it, kprof_status st,
                                                 kprof_dump_expect expect)
{
	it->status = st;
	it->expect = (int32_t)expect;
	return st;
}

/* A separator before the next AIDA64 register: one '-', or a run of blanks. */
KPROF_IMPL_INTERNAL int kprof_impl_dump_separator(const char *s, size_t n, size_t *i)
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
KPROF_IMPL_INTERNAL kprof_dump_expect kprof_impl_dump_parse_aida(const char *s, size_t n, size_t i,
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
KPROF_IMPL_INTERNAL kprof_dump_expect kprof_impl_dump_parse_raw(const char *s, size_t n, size_t i,
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
KPROF_IMPL_INTERNAL int kprof_impl_dump_hwloc_value(const char *s, size_t n, size_t *i, uint32_t *v)
{
	if (n - *i >= 3 && s[*i] == '0' && (s[*i + 1] == 'x' || s[*i + 1] == 'X') &&
	    kprof_impl_dump_hexdigit(s[*i + 2]) >= 0)
		*i += 2;
	return kprof_impl_dump_hex(s, n, i, 1, 8, v);
}

/* A hwloc-gather-cpuid line from s[i..n): "MASK EAX EBX ECX EDX => EAX EBX ECX EDX" in hex.
 * The mask says which inputs mattered: bit 0 eax (the leaf, always), bit 2 ecx (the
 * sub-leaf); bits 1 and 3 (ebx, edx) no leaf uses but hwloc's reader would honour. */
KPROF_IMPL_INTERNAL kprof_dump_expect kprof_impl_dump_parse_hwloc(const char *s, size_t n, size_t i,
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
KPROF_IMPL_INTERNAL int kprof_impl_dump_claim(const char *s, size_t n, size_t *body)
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
KPROF_IMPL_INTERNAL int kprof_impl_dump_header(const char *s, size_t n, uint32_t *id)
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

/* The bit of seen[] for a leaf, or -1 when repeats of that leaf are not tracked. */
KPROF_IMPL_INTERNAL int kprof_impl_dump_seen_bit(uint32_t leaf)
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
KPROF_IMPL_INTERNAL void kprof_impl_dump_report(kprof_dump_error *err, const kprof_dump_iter *it, kprof_status st)
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

/* kprof_dump_snapshot_get's body, out of line (KPROF_IMPL_NOINLINE). */
static KPROF_IMPL_NOINLINE kprof_status kprof_impl_dump_snapshot(const char *text, size_t len, uint32_t cpu,
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

KPROF_API kprof_status kprof_dump_snapshot_get(const char *text, size_t len, uint32_t cpu,
                                           kprof_cpuid_snapshot *out, kprof_dump_error *err)
{
	return kprof_impl_dump_snapshot(text, len, cpu, out, err);
}

KPROF_API kprof_status kprof_dump_record_format(const kprof_dump_record *r, char *buf, size_t cap,
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

KPROF_API kprof_status kprof_dump_header_format(uint32_t cpu, char *buf, size_t cap,
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
