KPROF_INTERNAL int kprof_impl_dump_hexdigit(char ch)
{
	unsigned char c = (unsigned char)ch;
	if (c >= '0' && c <= '9')
		return c - '0';
	c = kprof_impl_lower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
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

/* Empty the cursor and point it at len bytes of text. Nothing is read yet. */
KPROF_API kprof_status kprof_dump_init(kprof_dump_cursor *c, const char *text, size_t len)
{
	if (!c)
		return KPROF_E_ARGUMENT;
	c->text = text;
	c->len = text ? len : 0;
	c->pos = 0;
	c->line = 0;
	c->format = KPROF_DUMP_FORMAT_UNKNOWN;
	c->cpu = -1;
	c->cpu_id = KPROF_DUMP_NO_CPU_ID;
	c->block_pending = 0;
	c->prev_leaf = c->prev_subleaf = c->prev_untagged = 0;
	c->records = 0;
	c->status = text || !len ? KPROF_OK : KPROF_E_ARGUMENT;
	kprof_cpuid_snapshot_init(&c->block);
	return (kprof_status)c->status;
}

KPROF_INTERNAL kprof_status kprof_impl_dump_fail(kprof_dump_cursor *c, kprof_status st)
{
	c->status = st;
	return st;
}

/* Parse the leaf line s[0..n) of the cursor's format into *r (leaf, sub-leaf if tagged and
 * registers). 1 on success, 0 when the line is malformed. */
KPROF_INTERNAL int kprof_impl_dump_parse_aida(const char *s, size_t n, kprof_dump_record *r)
{
	size_t i = 6; /* past "CPUID " */
	uint32_t *reg[4];
	unsigned k;
	reg[0] = &r->eax;
	reg[1] = &r->ebx;
	reg[2] = &r->ecx;
	reg[3] = &r->edx;
	if (!kprof_impl_dump_hex(s, n, &i, 8, 8, &r->leaf) || !kprof_impl_dump_lit(s, n, &i, ":", 1))
		return 0;
	kprof_impl_dump_skip_space(s, n, &i);
	for (k = 0; k < 4; k++) {
		if (k && !kprof_impl_dump_lit(s, n, &i, "-", 1))
			return 0;
		if (!kprof_impl_dump_hex(s, n, &i, 8, 8, reg[k]))
			return 0;
	}
	kprof_impl_dump_skip_space(s, n, &i);
	if (i == n)
		return 1;
	/* Tags follow: only a leading [SL nn] means anything; the rest (vendor strings, cache
	 * sizes, brand text with its own brackets) is commentary. */
	if (s[i] != '[')
		return 0;
	if (kprof_impl_dump_lit(s, n, &i, "[SL", 3)) {
		kprof_impl_dump_skip_space(s, n, &i);
		if (!kprof_impl_dump_hex(s, n, &i, 1, 8, &r->subleaf) || !kprof_impl_dump_lit(s, n, &i, "]", 1))
			return 0;
		r->flags |= KPROF_DUMP_SUBLEAF_TAGGED;
	}
	return 1;
}

KPROF_INTERNAL int kprof_impl_dump_parse_raw(const char *s, size_t n, kprof_dump_record *r)
{
	static const char names[4][7] = {"eax=0x", "ebx=0x", "ecx=0x", "edx=0x"};
	uint32_t *reg[4];
	size_t i = 0;
	unsigned k;
	reg[0] = &r->eax;
	reg[1] = &r->ebx;
	reg[2] = &r->ecx;
	reg[3] = &r->edx;
	kprof_impl_dump_skip_space(s, n, &i);
	if (!kprof_impl_dump_lit(s, n, &i, "0x", 2) || !kprof_impl_dump_hex(s, n, &i, 8, 8, &r->leaf))
		return 0;
	if (i == n || !kprof_impl_dump_space(s[i]))
		return 0;
	kprof_impl_dump_skip_space(s, n, &i);
	if (!kprof_impl_dump_lit(s, n, &i, "0x", 2) || !kprof_impl_dump_hex(s, n, &i, 1, 8, &r->subleaf) ||
	    !kprof_impl_dump_lit(s, n, &i, ":", 1))
		return 0;
	for (k = 0; k < 4; k++) {
		if (i == n || !kprof_impl_dump_space(s[i]))
			return 0;
		kprof_impl_dump_skip_space(s, n, &i);
		if (!kprof_impl_dump_lit(s, n, &i, names[k], 6) || !kprof_impl_dump_hex(s, n, &i, 8, 8, reg[k]))
			return 0;
	}
	kprof_impl_dump_skip_space(s, n, &i);
	r->flags |= KPROF_DUMP_SUBLEAF_TAGGED;
	return i == n;
}

/* The next leaf of the dump, in text order. KPROF_OK with *out filled; KPROF_END after the
 * last leaf; on error (status in every later call too, c->line = the line to blame):
 * KPROF_E_FORMAT for a text with no leaf line, binary bytes (NUL and other controls), a
 * malformed or truncated leaf line, or lines of both formats; KPROF_E_DUPLICATE when a leaf
 * kprof keeps (see kprof_cpuid_slot_of) appears twice in one CPU block with different values.
 * Untagged repeats of a leaf on consecutive lines (leaf 4 in old AIDA64 dumps) get sub-leaves
 * 0, 1, 2..; kept leaves have no sub-leaves and never get implicit ones. Lines other than
 * leaves and block headers (MSRs, cache text, section titles) are skipped. */
KPROF_API kprof_status kprof_dump_next(kprof_dump_cursor *c, kprof_dump_record *out)
{
	if (!c || !out)
		return KPROF_E_ARGUMENT;
	if (c->status != KPROF_OK)
		return (kprof_status)c->status;
	while (c->pos < c->len) {
		const char *s = c->text + c->pos;
		size_t avail = c->len - c->pos, n = 0, i = 0, next;
		kprof_dump_record r;
		int fmt = KPROF_DUMP_FORMAT_UNKNOWN;
		int slot;
		while (n < avail && s[n] != '\n' && s[n] != '\r')
			n++;
		/* Lines end at LF, CR LF or a lone CR. */
		next = n;
		if (next < avail && s[next] == '\r')
			next++;
		if (next < avail && s[next] == '\n')
			next++;
		c->pos += next;
		c->line++;
		for (i = 0; i < n; i++) {
			unsigned char ch = (unsigned char)s[i];
			if ((ch < 0x20 && !kprof_impl_dump_space(s[i])) || ch == 0x7F)
				return kprof_impl_dump_fail(c, KPROF_E_FORMAT);
		}
		while (n > 0 && kprof_impl_dump_space(s[n - 1]))
			n--;
		i = 0;
		/* Block headers. */
		if (kprof_impl_dump_lit(s, n, &i, "------[", 7)) {
			c->block_pending = 1;
			c->cpu_id = kprof_impl_dump_header_cpu(s, n);
			continue;
		}
		i = 0;
		if (kprof_impl_dump_lit(s, n, &i, "CPU#", 4)) {
			uint32_t id;
			if (kprof_impl_dump_dec(s, n, &i, &id)) {
				c->block_pending = 1;
				c->cpu_id = id;
			}
			continue;
		}
		i = 0;
		if (kprof_impl_dump_lit(s, n, &i, "CPU", 3) && i < n && s[i] != 'I') {
			uint32_t id = KPROF_DUMP_NO_CPU_ID;
			kprof_impl_dump_skip_space(s, n, &i);
			(void)kprof_impl_dump_dec(s, n, &i, &id);
			if (kprof_impl_dump_lit(s, n, &i, ":", 1) && i == n) {
				c->block_pending = 1;
				c->cpu_id = id;
			}
			continue;
		}
		/* Leaf lines: which format does the line claim to be? */
		i = 0;
		if (kprof_impl_dump_lit(s, n, &i, "CPUID ", 6)) {
			size_t j = i;
			while (j < n && kprof_impl_dump_hexdigit(s[j]) >= 0)
				j++;
			/* "CPUID CPU Name", "CPUID Revision": text, not a leaf. */
			if (j > i && (j == n || s[j] == ':' || j - i >= 8))
				fmt = KPROF_DUMP_FORMAT_AIDA64;
		} else {
			kprof_impl_dump_skip_space(s, n, &i);
			if (n - i >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X'))
				fmt = KPROF_DUMP_FORMAT_CPUID_R;
		}
		if (fmt == KPROF_DUMP_FORMAT_UNKNOWN)
			continue;
		if (c->format != KPROF_DUMP_FORMAT_UNKNOWN && c->format != fmt)
			return kprof_impl_dump_fail(c, KPROF_E_FORMAT);
		r.subleaf = 0;
		r.flags = 0;
		if (!(fmt == KPROF_DUMP_FORMAT_AIDA64 ? kprof_impl_dump_parse_aida(s, n, &r)
		                                      : kprof_impl_dump_parse_raw(s, n, &r)))
			return kprof_impl_dump_fail(c, KPROF_E_FORMAT);
		c->format = fmt;
		if (c->cpu < 0 || c->block_pending) {
			if (c->cpu == 0x7FFFFFFF) /* 2^31 blocks: give up rather than wrap */
				return kprof_impl_dump_fail(c, KPROF_E_RANGE);
			c->cpu++;
			c->block_pending = 0;
			c->prev_untagged = 0;
			kprof_cpuid_snapshot_init(&c->block);
		} else if (!(r.flags & KPROF_DUMP_SUBLEAF_TAGGED) && c->prev_untagged &&
		           c->prev_leaf == r.leaf && kprof_cpuid_slot_of(r.leaf, 0) < 0) {
			r.subleaf = c->prev_subleaf + 1;
			r.flags |= KPROF_DUMP_SUBLEAF_IMPLICIT;
		}
		slot = kprof_cpuid_slot_of(r.leaf, r.subleaf);
		if (slot >= 0 && kprof_cpuid_snapshot_set(&c->block, r.leaf, r.subleaf, r.eax, r.ebx, r.ecx,
		                                          r.edx) == KPROF_E_DUPLICATE)
			return kprof_impl_dump_fail(c, KPROF_E_DUPLICATE);
		c->prev_leaf = r.leaf;
		c->prev_subleaf = r.subleaf;
		c->prev_untagged = !(r.flags & KPROF_DUMP_SUBLEAF_TAGGED);
		c->records++;
		r.cpu = (uint32_t)c->cpu;
		r.cpu_id = c->cpu_id;
		r.line = c->line;
		kprof_impl_copy(out, &r, sizeof(r));
		return KPROF_OK;
	}
	if (c->records == 0)
		return kprof_impl_dump_fail(c, KPROF_E_FORMAT);
	return KPROF_END;
}

/* Fill *out with the leaves of CPU block cpu (0 = the first block, the boot processor the HAL
 * assesses). The whole text is read, so an error anywhere fails the call: then *out is left
 * empty (never a partial snapshot) and err (optional) says why and at which line. Errors are
 * kprof_dump_next's, plus KPROF_E_NOT_FOUND when the text has no block cpu. A block lacking
 * some leaves is not an error: the snapshot just does not have them. */
KPROF_API kprof_status kprof_dump_snapshot(const char *text, size_t len, uint32_t cpu,
                                           kprof_cpuid_snapshot *out, kprof_dump_error *err)
{
	kprof_dump_cursor c;
	kprof_dump_record r;
	kprof_status st;
	int found = 0;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_cpuid_snapshot_init(out);
	st = kprof_dump_init(&c, text, len);
	while (st == KPROF_OK && (st = kprof_dump_next(&c, &r)) == KPROF_OK) {
		if (r.cpu != cpu)
			continue;
		found = 1;
		/* The cursor already refused conflicting repeats; leaves kprof does not keep are
		 * KPROF_E_NOT_FOUND here, and ignored. */
		(void)kprof_cpuid_snapshot_set(out, r.leaf, r.subleaf, r.eax, r.ebx, r.ecx, r.edx);
	}
	if (err) {
		err->status = st == KPROF_END ? (found ? KPROF_OK : KPROF_E_NOT_FOUND) : st;
		err->line = st == KPROF_END ? 0 : c.line;
		err->format = c.format;
		err->cpus = (uint32_t)(c.cpu + 1);
		err->records = c.records;
	}
	if (st == KPROF_END && found)
		return KPROF_OK;
	kprof_cpuid_snapshot_init(out);
	return st == KPROF_END ? KPROF_E_NOT_FOUND : st;
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
