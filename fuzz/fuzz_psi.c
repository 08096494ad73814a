/* PROFILE_SOURCE_INFO chains (what EventTraceProfileSourceListInformation returns), parsed
 * from an exactly-sized copy of the input, and built back by the writer. Layout facts from
 * reference/windows-structures.md: NextEntryOffset 0, Source 4, MinInterval 8, MaxInterval
 * 0xC, Reserved 0x10, Description (UTF-16LE) 0x18. Invariants: entries strictly forward,
 * headers and descriptions inside the buffer (so no loop, at most len/0x18 entries); UTF-8
 * output well formed, equal to the UTF-16 (unpaired surrogates as U+FFFD), a whole-character
 * prefix when the output is short, never written past out_size; the writer's chains parse
 * back to what was appended; source matching agrees with the tables. */
#include "fuzz_common.h"

static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	while (n--)
		v = v << 8 | p[n];
	return v;
}

/* Decode one UTF-8 character; 0 on malformed input (overlong, surrogate, > U+10FFFF). */
static size_t utf8_one(const uint8_t *s, size_t n, uint32_t *cp)
{
	uint32_t c;
	size_t k, m;
	if (!n)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if ((s[0] & 0xE0) == 0xC0)
		m = 2, c = s[0] & 0x1F;
	else if ((s[0] & 0xF0) == 0xE0)
		m = 3, c = s[0] & 0x0F;
	else if ((s[0] & 0xF8) == 0xF0)
		m = 4, c = s[0] & 0x07;
	else
		return 0;
	if (n < m)
		return 0;
	for (k = 1; k < m; k++) {
		if ((s[k] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[k] & 0x3F);
	}
	if ((m == 2 && c < 0x80) || (m == 3 && c < 0x800) || (m == 4 && c < 0x10000) || c > 0x10FFFF ||
	    (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return m;
}

/* The UTF-8 text must be exactly the UTF-16 units (pairs joined, lone surrogates U+FFFD),
 * or a whole-character prefix of them when prefix is set. */
static void check_utf8(const uint8_t *u16, size_t units, const char *out, size_t olen, int prefix)
{
	size_t i = 0, j = 0;
	KF_CHECK(strlen(out) == olen);
	while (j < olen) {
		uint32_t cp = 0, want;
		size_t m = utf8_one((const uint8_t *)out + j, olen - j, &cp);
		KF_CHECK(m > 0 && i < units);
		want = (uint32_t)le(u16 + 2 * i, 2);
		if (want >= 0xD800 && want <= 0xDBFF && i + 1 < units) {
			uint32_t lo = (uint32_t)le(u16 + 2 * i + 2, 2);
			if (lo >= 0xDC00 && lo <= 0xDFFF) {
				want = 0x10000 + ((want - 0xD800) << 10) + (lo - 0xDC00);
				i++;
			}
		}
		if (want >= 0xD800 && want <= 0xDFFF)
			want = 0xFFFD;
		KF_CHECK(cp == want);
		i++;
		j += m;
	}
	if (!prefix)
		KF_CHECK(i == units);
}

static void parse_chain(const uint8_t *buf, size_t len, kf_cursor *c)
{
	kprof_psi_iter it;
	kprof_psi_entry e;
	kprof_status st;
	size_t n = 0;
	int64_t last = -1;
	KF_CHECK(kprof_psi_iter_init(&it, buf, len) == KPROF_OK);
	while ((st = kprof_psi_iter_next(&it, &e)) == KPROF_OK) {
		const uint8_t *p = buf + e.offset;
		size_t end = e.next_entry_offset ? e.offset + e.next_entry_offset : len;
		size_t i, full_len = 0, osz, olen = 0;
		char *full, *part;
		kprof_psi_match m;
		unsigned itf;
		KF_CHECK((int64_t)e.offset > last && e.offset + 0x18u <= len && end <= len);
		last = e.offset;
		KF_CHECK(++n <= len / 0x18);
		KF_CHECK(e.next_entry_offset == le(p, 4) && e.source == le(p + 4, 4));
		KF_CHECK(e.min_interval == le(p + 8, 4) && e.max_interval == le(p + 12, 4));
		KF_CHECK(e.reserved == le(p + 16, 8) && e.description_offset == e.offset + 0x18u);
		KF_CHECK(e.description_offset + 2 * (size_t)e.description_units <= end);
		for (i = 0; i < e.description_units; i++)
			KF_CHECK(le(buf + e.description_offset + 2 * i, 2) != 0);
		if (e.description_terminated)
			KF_CHECK(e.description_offset + 2 * (size_t)e.description_units + 2 <= end &&
			         le(buf + e.description_offset + 2 * (size_t)e.description_units, 2) == 0);
		else
			KF_CHECK(e.description_offset + 2 * (size_t)e.description_units + 2 > end);

		/* UTF-8, in full and into a short exactly-sized block */
		full = (char *)malloc(3u * e.description_units + 1u);
		if (!full)
			abort();
		KF_CHECK(kc_psi_utf8(buf, len, &e, full, 3u * e.description_units + 1u,
		                                    &full_len) == KPROF_OK);
		check_utf8(buf + e.description_offset, e.description_units, full, full_len, 0);
		osz = 1u + kf_u8(c) % (full_len + 1u);
		part = (char *)malloc(osz);
		if (!part)
			abort();
		st = kc_psi_utf8(buf, len, &e, part, osz, &olen);
		KF_CHECK(st == (osz > full_len ? KPROF_OK : KPROF_E_BUFFER_TOO_SMALL));
		KF_CHECK(olen < osz && memcmp(part, full, olen) == 0);
		check_utf8(buf + e.description_offset, e.description_units, part, olen, 1);
		/* equals: true for its own ASCII text, false for anything one byte off */
		{
			int ascii = 1;
			for (i = 0; i < full_len; i++)
				ascii &= (uint8_t)full[i] < 0x80;
			KF_CHECK(kc_psi_equals(buf, len, &e, full, full_len) ==
			         (ascii && full_len == e.description_units));
			if (full_len)
				KF_CHECK(kc_psi_equals(buf, len, &e, full, full_len - 1) == 0);
		}
		free(full);
		free(part);

		for (itf = 0; itf < KPROF_SOURCE_TABLE_COUNT; itf++) {
			st = kprof_psi_match_get(&e, (kprof_source_table)itf, &m);
			if (kprof_source_by_value((kprof_source_table)itf, e.source)) {
				KF_CHECK(st == KPROF_OK && m.source == kprof_source_by_value((kprof_source_table)itf, e.source));
				KF_CHECK(m.later == 0 && m.table == itf);
			} else if (itf == KPROF_SOURCE_TABLE_EMON &&
			           kprof_source_by_value(KPROF_SOURCE_TABLE_INTEL_LATER, e.source)) {
				KF_CHECK(st == KPROF_OK && m.later == 1 &&
				         m.table == KPROF_SOURCE_TABLE_INTEL_LATER);
			} else {
				KF_CHECK(st == KPROF_E_NOT_FOUND && m.source == NULL);
			}
		}
	}
	KF_CHECK(st == KPROF_END || st == KPROF_E_TRUNCATED || st == KPROF_E_CORRUPT);
	if (len == 0)
		KF_CHECK(st == KPROF_END && n == 0);
	KF_CHECK(kprof_psi_iter_next(&it, &e) == st); /* sticky */
}

static void write_chain(kf_cursor *c)
{
	uint32_t src[8], mn[8], mx[8];
	char desc[8][24];
	size_t dlen[8], cap = kf_u16(c) % 512u, i, n = kf_u8(c) % 9u, written = 0;
	uint8_t *buf = (uint8_t *)malloc(cap ? cap : 1);
	kprof_psi_writer w;
	kprof_psi_iter it;
	kprof_psi_entry e;
	kprof_status st;
	if (!buf)
		abort();
	KF_CHECK(kprof_psi_writer_init(&w, buf, cap) == KPROF_OK);
	for (i = 0; i < n; i++) {
		size_t k, used = w.used;
		int ascii = 1;
		src[i] = kf_u8(c);
		mn[i] = kf_u32(c);
		mx[i] = kf_u32(c);
		dlen[i] = kf_u8(c) % 24u;
		for (k = 0; k < dlen[i]; k++) {
			desc[i][k] = (char)(kf_u8(c) & 0xFF);
			if (desc[i][k] == 0)
				desc[i][k] = 'x'; /* a NUL would end the Description early */
			ascii &= (uint8_t)desc[i][k] < 0x80;
		}
		st = kc_psi_add(&w, src[i], mn[i], mx[i], desc[i], dlen[i]);
		if (!ascii) {
			KF_CHECK(st == KPROF_E_RANGE && w.used == used);
			break;
		}
		if (st == KPROF_E_BUFFER_TOO_SMALL) {
			KF_CHECK(w.used == used && cap - used < ((0x18 + 2 * (dlen[i] + 1) + 7) & ~(size_t)7));
			break;
		}
		KF_CHECK(st == KPROF_OK && w.used % 8 == 0 && w.used <= cap);
		written++;
	}
	KF_CHECK(kprof_psi_iter_init(&it, buf, w.used) == KPROF_OK);
	for (i = 0; i < written; i++) {
		KF_CHECK(kprof_psi_iter_next(&it, &e) == KPROF_OK);
		KF_CHECK(e.source == src[i] && e.min_interval == mn[i] && e.max_interval == mx[i]);
		KF_CHECK(e.description_units == dlen[i] && e.description_terminated);
		KF_CHECK(kc_psi_equals(buf, w.used, &e, desc[i], dlen[i]));
	}
	KF_CHECK(kprof_psi_iter_next(&it, &e) == KPROF_END);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	uint8_t sel = kf_u8(&c);
	size_t len;
	uint8_t *buf;
	kf_cursor knobs;
	if (sel & 1) {
		write_chain(&c);
		return 0;
	}
	/* knobs (short-output sizes) come from the input's tail, the chain is the rest */
	knobs = kf_init(c.n > 16 ? c.p + c.n - 16 : c.p, c.n > 16 ? 16 : 0);
	if (c.n > 16)
		c.n -= 16;
	buf = kf_rest_copy(&c, &len);
	parse_chain(buf, len, &knobs);
	free(buf);
	return 0;
}
