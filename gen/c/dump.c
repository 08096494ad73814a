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
	/* Each byte's value as a hex digit, 16 for bytes that are none. */
	static const uint8_t digit[256] = {
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 16, 16, 16, 16, 16,
		16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
		16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
		16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
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

KPROF_INTERNAL int kprof_impl_dump_space(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

KPROF_INTERNAL void kprof_impl_dump_skip_space(const char *s, size_t n, size_t *i)
{
	while (*i < n && kprof_impl_dump_space(s[*i]))
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

/* Empty the iterator and point it at len bytes of text. Nothing is read yet. */
KPROF_API kprof_status kprof_dump_iter_init(kprof_dump_iter *it, const char *text, size_t len)
{
	unsigned k;
	if (!it)
		return KPROF_E_ARGUMENT;
	it->text = text;
	it->len = text ? len : 0;
	it->pos = 0;
	it->line = 0;
	it->format = KPROF_DUMP_FORMAT_UNKNOWN;
	it->expect = KPROF_DUMP_EXPECT_NOTHING;
	it->cpu = -1;
	it->cpu_id = KPROF_DUMP_NO_CPU_ID;
	it->block_pending = 0;
	it->block_records = 0;
	it->prev_leaf = it->prev_subleaf = 0;
	for (k = 0; k < 4; k++)
		it->prev_regs[k] = 0;
	it->records = 0;
	for (k = 0; k < KPROF_ARRAY_COUNT(it->seen); k++)
		it->seen[k] = 0;
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
	kprof_impl_dump_skip_space(s, n, i);
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
	kprof_impl_dump_skip_space(s, n, &i);
	if (!kprof_impl_dump_hex8(s, n, &i, &r->leaf))
		return KPROF_DUMP_EXPECT_LEAF;
	start = i;
	kprof_impl_dump_skip_space(s, n, &i);
	if (i < n && s[i] == ':')
		i++;
	kprof_impl_dump_skip_space(s, n, &i);
	if (i == start)
		return KPROF_DUMP_EXPECT_SEPARATOR;
	for (k = 0; k < 4; k++) {
		if (k && !kprof_impl_dump_separator(s, n, &i))
			return KPROF_DUMP_EXPECT_SEPARATOR;
		if (!kprof_impl_dump_hex8(s, n, &i, reg[k]))
			return KPROF_DUMP_EXPECT_REGISTER;
	}
	start = i;
	kprof_impl_dump_skip_space(s, n, &i);
	if (i == n)
		return KPROF_DUMP_EXPECT_NOTHING;
	/* Notes follow blanks and a '[': only a leading [SL nn] means anything; the rest (vendor
	 * and brand strings with their own brackets, cache sizes, core names) is commentary. */
	if (i == start || s[i] != '[')
		return KPROF_DUMP_EXPECT_NOTE;
	if (kprof_impl_dump_lit(s, n, &i, "[SL", 3)) {
		kprof_impl_dump_skip_space(s, n, &i);
		if (!kprof_impl_dump_hex(s, n, &i, 1, 8, &r->subleaf))
			return KPROF_DUMP_EXPECT_SUBLEAF_TAG;
		kprof_impl_dump_skip_space(s, n, &i);
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
		if (i == n || !kprof_impl_dump_space(s[i]))
			return KPROF_DUMP_EXPECT_SUBLEAF;
		kprof_impl_dump_skip_space(s, n, &i);
		if (!(kprof_impl_dump_lit(s, n, &i, "0x", 2) || kprof_impl_dump_lit(s, n, &i, "0X", 2)) ||
		    !kprof_impl_dump_hex(s, n, &i, 1, 8, &r->subleaf) || !kprof_impl_dump_lit(s, n, &i, ":", 1))
			return KPROF_DUMP_EXPECT_SUBLEAF;
		r->flags |= KPROF_DUMP_SUBLEAF_TAGGED;
	}
	for (k = 0; k < 4; k++) {
		if (i == n || !kprof_impl_dump_space(s[i]))
			return KPROF_DUMP_EXPECT_NAMED_REGISTER;
		kprof_impl_dump_skip_space(s, n, &i);
		if (!kprof_impl_dump_lit(s, n, &i, names[k], 6) || !kprof_impl_dump_hex8(s, n, &i, reg[k]))
			return KPROF_DUMP_EXPECT_NAMED_REGISTER;
	}
	kprof_impl_dump_skip_space(s, n, &i);
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
			kprof_impl_dump_skip_space(s, n, &i);
			if (!kprof_impl_dump_lit(s, n, &i, "=>", 2))
				return KPROF_DUMP_EXPECT_ARROW;
			kprof_impl_dump_skip_space(s, n, &i);
		} else if (k) {
			if (i == n || !kprof_impl_dump_space(s[i]))
				return k < 5 ? KPROF_DUMP_EXPECT_ARROW : KPROF_DUMP_EXPECT_HEX_VALUE;
			kprof_impl_dump_skip_space(s, n, &i);
		}
		if (!kprof_impl_dump_hwloc_value(s, n, &i, &v[k]))
			return KPROF_DUMP_EXPECT_HEX_VALUE;
	}
	kprof_impl_dump_skip_space(s, n, &i);
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
	kprof_impl_dump_skip_space(s, n, &i);
	if (kprof_impl_dump_lit(s, n, &i, "CPUID", 5)) {
		j = i;
		kprof_impl_dump_skip_space(s, n, &j);
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
	if (k > i && k < n && kprof_impl_dump_space(s[k])) {
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
		kprof_impl_dump_skip_space(s, n, &i);
		if (kprof_impl_dump_dec(s, n, &i, &v))
			*id = v; /* "CPU:" (cpuid -r -1) has no number */
		if (kprof_impl_dump_lit(s, n, &i, ":", 1) && i == n)
			return 1;
		*id = KPROF_DUMP_NO_CPU_ID;
	}
	return 0;
}

/* Length of the line at s[0..avail): up to the first LF, CR or NUL. Eight bytes at a time
 * (a dump is mostly text between line ends), then byte by byte. */
KPROF_INTERNAL size_t kprof_impl_dump_line_end(const char *s, size_t avail)
{
	const uint64_t ones = UINT64_C(0x0101010101010101), highs = UINT64_C(0x8080808080808080);
	size_t n = 0;
	while (avail - n >= 8) {
		uint64_t w = kprof_load_le64((const uint8_t *)s + n);
		uint64_t lf = w ^ (ones * '\n'), cr = w ^ (ones * '\r');
		/* A zero byte in w, lf or cr: one of the three ends the line within these 8. */
		if (((w - ones) & ~w & highs) | ((lf - ones) & ~lf & highs) | ((cr - ones) & ~cr & highs))
			break;
		n += 8;
	}
	while (n < avail && s[n] != '\n' && s[n] != '\r' && s[n] != '\0')
		n++;
	return n;
}

/* The bit of seen[] for a leaf, or -1 when repeats of that leaf are not tracked. */
KPROF_INTERNAL int kprof_impl_dump_seen_bit(uint32_t leaf)
{
	if ((leaf & 0x3FFFFFFFu) >= KPROF_DUMP_TRACKED_LEAVES)
		return -1;
	return (int)((leaf >> 30) * KPROF_DUMP_TRACKED_LEAVES + (leaf & (KPROF_DUMP_TRACKED_LEAVES - 1u)));
}

/* The next leaf of the dump, in text order. KPROF_OK with *out filled; KPROF_END after the
 * last leaf; on error the status (returned again by every later call), it->line = the line
 * to blame and it->expect = what it lacked: KPROF_E_FORMAT for a text with no leaf line, a
 * NUL byte, a malformed or truncated leaf line, or leaf lines of two formats;
 * KPROF_E_DUPLICATE for a leaf repeated in a CPU block other than as rising sub-leaves on
 * consecutive lines (see the top of this section); KPROF_E_RANGE past 2^31 blocks or
 * 2^32 implicit sub-leaves. Lines other than leaves and block headers (MSRs, cache text,
 * section titles, `#` comments) are skipped. */
KPROF_API kprof_status kprof_dump_iter_next(kprof_dump_iter *it, kprof_dump_record *out)
{
	if (!it || !out)
		return KPROF_E_ARGUMENT;
	if (it->status != KPROF_OK)
		return (kprof_status)it->status;
	while (it->pos < it->len) {
		const char *s = it->text + it->pos;
		size_t avail = it->len - it->pos, n = 0, body = 0, next;
		kprof_dump_record r;
		kprof_dump_expect expect;
		uint32_t id;
		int fmt, bit, same_run;
		n = kprof_impl_dump_line_end(s, avail);
		if (n < avail && s[n] == '\0') {
			it->line++;
			return kprof_impl_dump_fail(it, KPROF_E_FORMAT, KPROF_DUMP_EXPECT_TEXT);
		}
		/* Lines end at LF, CR LF or a lone CR. */
		next = n;
		if (next < avail && s[next] == '\r')
			next++;
		if (next < avail && s[next] == '\n')
			next++;
		it->pos += next;
		it->line++;
		while (n > 0 && kprof_impl_dump_space(s[n - 1]))
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
			unsigned k;
			if (it->cpu == 0x7FFFFFFF) /* 2^31 blocks: give up rather than wrap */
				return kprof_impl_dump_fail(it, KPROF_E_RANGE, KPROF_DUMP_EXPECT_NOTHING);
			it->cpu++;
			if (!it->block_pending)
				it->cpu_id = KPROF_DUMP_NO_CPU_ID;
			it->block_pending = 0;
			it->block_records = 0;
			for (k = 0; k < KPROF_ARRAY_COUNT(it->seen); k++)
				it->seen[k] = 0;
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
	if (it->records == 0)
		return kprof_impl_dump_fail(it, KPROF_E_FORMAT, KPROF_DUMP_EXPECT_LEAF_LINE);
	it->status = KPROF_END;
	return KPROF_END;
}

/* Fill *out with the leaves of CPU block cpu (0 = the first block, the boot processor the HAL
 * assesses). The whole text is read, so an error anywhere fails the call: then *out is left
 * empty (never a partial snapshot) and err (optional) says why, at which line and what the
 * line lacked. Errors are kprof_dump_iter_next's, plus KPROF_E_NOT_FOUND when the text has no
 * block cpu. A block lacking some leaves is not an error: the snapshot just does not have
 * them. */
KPROF_COLD kprof_status kprof_impl_dump_snapshot(const char *text, size_t len, uint32_t cpu,
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
	if (err) {
		err->status = st == KPROF_END ? (found ? KPROF_OK : KPROF_E_NOT_FOUND) : st;
		err->line = st == KPROF_END ? 0 : it.line;
		err->format = it.format;
		err->expect = st == KPROF_END ? KPROF_DUMP_EXPECT_NOTHING : it.expect;
		err->cpus = (uint32_t)(it.cpu + 1);
		err->records = it.records;
	}
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

/* Write one record as a `cpuid -r` line ("   0x0000000a 0x00: eax=0x... edx=0x...\n", lower
 * case, as the Debian tool prints it) into buf. *written (optional) gets the length without
 * the NUL. KPROF_E_BUFFER_TOO_SMALL when the line and its NUL do not fit cap (nothing useful
 * is left in buf then). A `cpuid -r` text is "CPU n:\n" (kprof_dump_write_raw_header) then
 * these lines, block by block. */
KPROF_API kprof_status kprof_dump_write_raw(const kprof_dump_record *r, char *buf, size_t cap,
                                            size_t *written)
{
	static const char hex[] = "0123456789abcdef";
	static const char names[4][8] = {" eax=0x", " ebx=0x", " ecx=0x", " edx=0x"};
	char line[96];
	size_t n = 0, k;
	uint32_t regs[4];
	unsigned d, digits;
	int j;
	if (!r || !buf)
		return KPROF_E_ARGUMENT;
	regs[0] = r->eax;
	regs[1] = r->ebx;
	regs[2] = r->ecx;
	regs[3] = r->edx;
	line[n++] = ' ';
	line[n++] = ' ';
	line[n++] = ' ';
	line[n++] = '0';
	line[n++] = 'x';
	for (j = 28; j >= 0; j -= 4)
		line[n++] = hex[(r->leaf >> j) & 0xF];
	line[n++] = ' ';
	line[n++] = '0';
	line[n++] = 'x';
	for (digits = 2; digits < 8 && (r->subleaf >> (4 * digits)) != 0; digits++)
		;
	for (d = digits; d > 0; d--)
		line[n++] = hex[(r->subleaf >> (4 * (d - 1))) & 0xF];
	line[n++] = ':';
	for (k = 0; k < 4; k++) {
		unsigned m;
		for (m = 0; m < 7; m++)
			line[n++] = names[k][m];
		for (j = 28; j >= 0; j -= 4)
			line[n++] = hex[(regs[k] >> j) & 0xF];
	}
	line[n++] = '\n';
	if (cap < n + 1)
		return KPROF_E_BUFFER_TOO_SMALL;
	for (k = 0; k < n; k++)
		buf[k] = line[k];
	buf[n] = '\0';
	if (written)
		*written = n;
	return KPROF_OK;
}

/* Write the `cpuid -r` block header "CPU n:\n" into buf (with a NUL; *written without it).
 * KPROF_E_BUFFER_TOO_SMALL when it does not fit cap. */
KPROF_API kprof_status kprof_dump_write_raw_header(uint32_t cpu, char *buf, size_t cap,
                                                   size_t *written)
{
	char digits[10];
	size_t n = 0, k = 0, need;
	if (!buf)
		return KPROF_E_ARGUMENT;
	do {
		digits[k++] = (char)('0' + cpu % 10u);
		cpu /= 10u;
	} while (cpu);
	need = 4 + k + 2;
	if (cap < need + 1)
		return KPROF_E_BUFFER_TOO_SMALL;
	buf[n++] = 'C';
	buf[n++] = 'P';
	buf[n++] = 'U';
	buf[n++] = ' ';
	while (k)
		buf[n++] = digits[--k];
	buf[n++] = ':';
	buf[n++] = '\n';
	buf[n] = '\0';
	if (written)
		*written = n;
	return KPROF_OK;
}

/* Empty facts: nothing given. */
KPROF_API void kprof_cpu_facts_init(kprof_cpu_facts *f)
{
	unsigned i;
	if (!f)
		return;
	f->present = 0;
	f->has_max = 0;
	for (i = 0; i < KPROF_CPU_FACT_COUNT; i++)
		f->value[i] = 0;
	for (i = 0; i < 4; i++)
		f->max_leaf[i] = 0;
}

/* Take the facts one leaf (leaf, subleaf, regs = {eax, ebx, ecx, edx}) gives, from a dump or
 * the live cpuid instruction. Leaves that hold no fact are ignored. */
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

/* Drop the facts whose leaf cannot be trusted: its range's max leaf was not given, or is
 * below it (processors echo the highest leaf above it). Call once all leaves are added. */
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

/* The facts in which a and b differ (bit f: present in one only, or different values). */
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

/* Start collecting groups into group[0..cap); cpu_group (may be NULL) gets each CPU's group
 * index for the first cpu_cap CPUs. */
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
	return KPROF_OK;
}

/* Add one logical CPU by its finished facts. Its snapshot, when it starts a group, is the
 * caller's to fill (kprof_cpu_groups_add_dump does). KPROF_OK with *index (optional) = its
 * group; KPROF_E_BUFFER_TOO_SMALL when it needs a new group and all cap are used (the CPU is
 * not added); KPROF_E_RANGE past 2^32 - 1 CPUs. */
KPROF_API kprof_status kprof_cpu_groups_add(kprof_cpu_groups *g, const kprof_cpu_facts *f,
                                            uint32_t cpu_id, uint32_t *index)
{
	uint32_t i;
	if (!g || !f)
		return KPROF_E_ARGUMENT;
	if (g->cpus == 0xFFFFFFFFu)
		return KPROF_E_RANGE;
	for (i = 0; i < g->count; i++)
		if (kprof_cpu_facts_diff(&g->group[i].facts, f) == 0)
			break;
	if (i == g->count) {
		if (g->count == g->cap)
			return KPROF_E_BUFFER_TOO_SMALL;
		g->group[i].first_cpu = g->cpus;
		g->group[i].first_cpu_id = cpu_id;
		g->group[i].cpus = 0;
		kprof_impl_copy(&g->group[i].facts, f, sizeof(*f));
		kprof_cpuid_snapshot_init(&g->group[i].snap);
		g->count++;
	}
	g->group[i].cpus++;
	if (g->cpus < g->cpu_cap)
		g->cpu_group[g->cpus] = i;
	g->cpus++;
	if (index)
		*index = i;
	return KPROF_OK;
}

/* Add every CPU block of a dump text (a whole AIDA64 or `cpuid -r` dump, or one hwloc `pu`
 * file) in order, and fill the snapshot of each group it starts. Errors: the dump reader's
 * (with err, optional, as kprof_dump_snapshot fills it; nothing is added then) or
 * kprof_cpu_groups_add's (the CPUs before it stay added). */
KPROF_COLD kprof_status kprof_impl_cpu_groups_add_dump(kprof_cpu_groups *g, const char *text, size_t len,
                                                 kprof_dump_error *err)
{
	kprof_dump_iter it;
	kprof_dump_record r;
	kprof_cpu_facts f;
	kprof_status st;
	uint32_t first_group, first_cpu, cpu_id = KPROF_DUMP_NO_CPU_ID, k;
	int32_t block = -1;
	if (!g)
		return KPROF_E_ARGUMENT;
	/* Read it all first: a bad dump adds nothing. */
	st = kprof_dump_iter_init(&it, text, len);
	while (st == KPROF_OK)
		st = kprof_dump_iter_next(&it, &r);
	if (err) {
		err->status = st == KPROF_END ? KPROF_OK : st;
		err->line = st == KPROF_END ? 0 : it.line;
		err->format = it.format;
		err->expect = st == KPROF_END ? KPROF_DUMP_EXPECT_NOTHING : it.expect;
		err->cpus = (uint32_t)(it.cpu + 1);
		err->records = it.records;
	}
	if (st != KPROF_END)
		return st;
	first_group = g->count;
	first_cpu = g->cpus;
	kprof_dump_iter_init(&it, text, len);
	kprof_cpu_facts_init(&f);
	for (;;) {
		st = kprof_dump_iter_next(&it, &r);
		/* At a new block or the end, the block before it is complete. */
		if (st != KPROF_OK || (int32_t)r.cpu != block) {
			if (block >= 0) {
				kprof_cpu_facts_finish(&f);
				if ((st = kprof_cpu_groups_add(g, &f, cpu_id, NULL)) != KPROF_OK)
					break;
			}
			if (it.status != KPROF_OK)
				break;
			block = (int32_t)r.cpu;
			cpu_id = r.cpu_id;
			kprof_cpu_facts_init(&f);
		}
		{
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
	while (first_group < g->count && kprof_dump_iter_next(&it, &r) == KPROF_OK)
		for (k = first_group; k < g->count; k++)
			if (g->group[k].first_cpu - first_cpu == r.cpu)
				(void)kprof_cpuid_snapshot_set(&g->group[k].snap, r.leaf, r.subleaf, r.eax, r.ebx,
				                               r.ecx, r.edx);
	return st == KPROF_END ? KPROF_OK : st;
}

KPROF_API kprof_status kprof_cpu_groups_add_dump(kprof_cpu_groups *g, const char *text, size_t len,
                                                 kprof_dump_error *err)
{
	return kprof_impl_cpu_groups_add_dump(g, text, len, err);
}

#if !defined(KPROF_NO_HAL)
/* What the boot processor's decision (made from boot's snapshot) means on group g: the
 * interface this group alone would get, the boot interface applied to g's leaves (counters,
 * width, source support as g has them), how many of that interface's sources are supported
 * on one but not the other, and which facts differ. KPROF_E_ARGUMENT for null pointers or an
 * unknown hal. */
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
#endif
