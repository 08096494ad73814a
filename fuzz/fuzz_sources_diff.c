/* Differential: the generated lookups (name hash, value index, select index) against a
 * naive scan over kprof_source_rows_by_table() rows. The naive side is written from the documented
 * rules only: names compare ASCII-case-insensitively, with or without the "Profile" prefix;
 * "Timer" names source 0; the corrected spellings come from spec/source.yaml (read at build
 * time by gen-aliases.py into kf_aliases.h), never from the header's hash. */
#include "fuzz_common.h"
#include "kf_aliases.h"

#define KF_ALIAS_COUNT (sizeof kf_aliases / sizeof kf_aliases[0])

static int lower(int ch)
{
	return ch >= 'A' && ch <= 'Z' ? ch + 32 : ch;
}

/* q equals key, or "profile" + key, ignoring ASCII case. */
static int name_matches(const uint8_t *q, size_t qlen, const char *key)
{
	size_t klen = strlen(key), i, off = 0;
	if (klen == 0)
		return 0;
	if (qlen >= 7 && qlen - 7 == klen) {
		for (i = 0; i < 7; i++)
			if (lower(q[i]) != "profile"[i])
				return 0;
		off = 7;
	} else if (qlen != klen) {
		return 0;
	}
	for (i = 0; i < klen; i++)
		if (lower(q[off + i]) != lower((unsigned char)key[i]))
			return 0;
	return 1;
}

static const char *strip_profile(const char *n)
{
	return strncmp(n, "Profile", 7) == 0 && n[7] ? n + 7 : n;
}

static int row_matches(unsigned itf, const kprof_source *r, const uint8_t *q, size_t qlen)
{
	size_t a;
	if (name_matches(q, qlen, strip_profile(kprof_source_name_get(r))))
		return 1;
	if (r->value == 0 && name_matches(q, qlen, "Timer"))
		return 1;
	for (a = 0; a < KF_ALIAS_COUNT; a++)
		if (kf_aliases[a].itf == (int)itf && kf_aliases[a].value == r->value &&
		    name_matches(q, qlen, strip_profile(kf_aliases[a].name)))
			return 1;
	return 0;
}

/* Build a query near a real key: a row's name, alias or "Timer", with a prefix choice, case
 * flips and one optional edit, so the fuzzer spends its time near the hits. */
static size_t make_near_name(kf_cursor *c, unsigned itf, const kprof_source *rows, size_t count,
                             char *out, size_t cap)
{
	const char *base;
	size_t n = 0, blen, i;
	uint8_t pick = kf_u8(c), how = kf_u8(c);
	uint32_t flips = kf_u32(c);
	if ((how & 3) == 3) {
		size_t a = pick % KF_ALIAS_COUNT;
		base = kf_aliases[a].name;
	} else if ((how & 3) == 2) {
		base = "Timer";
	} else {
		base = count ? kprof_source_name_get(&rows[pick % count]) : "ProfileTime";
	}
	base = strip_profile(base);
	if (how & 4) {
		memcpy(out, (how & 8) ? "PROFILE" : "Profile", 7);
		n = 7;
	}
	blen = strlen(base);
	if (blen > cap - n - 2)
		blen = cap - n - 2;
	memcpy(out + n, base, blen);
	for (i = 0; i < blen; i++)
		if (flips & (1u << (i % 32)) && out[n + i] >= 'a' && out[n + i] <= 'z')
			out[n + i] = (char)(out[n + i] - 32);
	n += blen;
	switch ((how >> 4) & 3) {
	case 1: /* drop the last byte */
		if (n)
			n--;
		break;
	case 2: /* append a byte */
		out[n++] = (char)kf_u8(c);
		break;
	case 3: /* overwrite a byte */
		if (n)
			out[kf_u8(c) % n] = (char)kf_u8(c);
		break;
	}
	(void)itf;
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	uint8_t mode = kf_u8(&c);
	unsigned itf = kf_u8(&c) % KPROF_SOURCE_TABLE_COUNT;
	size_t count = 0, i, qlen, n, want;
	kprof_status st;
	const kprof_source *rows = kprof_source_rows_by_table((kprof_source_table)itf, &count);
	const kprof_source *got, *naive = NULL, *outv[8];
	uint8_t *q;
	uint32_t value, select;
	size_t cap;

	KF_CHECK(rows != NULL);
	/* name */
	if (mode & 1) {
		char tmp[96];
		qlen = make_near_name(&c, itf, rows, count, tmp, sizeof tmp);
		q = (uint8_t *)malloc(qlen ? qlen : 1);
		if (!q)
			abort();
		memcpy(q, tmp, qlen);
	} else {
		size_t want_len = kf_u8(&c);
		if (want_len > c.n)
			want_len = c.n;
		q = (uint8_t *)malloc(want_len ? want_len : 1);
		if (!q)
			abort();
		memcpy(q, c.p, want_len);
		c.p += want_len;
		c.n -= want_len;
		qlen = want_len;
	}
	got = kprof_source_by_name((kprof_source_table)itf, (const char *)q, qlen);
	n = 0;
	for (i = 0; i < count; i++)
		if (row_matches(itf, &rows[i], q, qlen)) {
			if (!naive)
				naive = &rows[i];
			n++;
		}
	if (!naive) {
		KF_CHECK(got == NULL);
	} else {
		KF_CHECK(got != NULL && got >= rows && got < rows + count);
		KF_CHECK(row_matches(itf, got, q, qlen));
	}
	free(q);

	/* value */
	value = (mode & 2) ? kf_u32(&c) : kf_u8(&c);
	got = kprof_source_by_value((kprof_source_table)itf, value);
	naive = NULL;
	for (i = 0; i < count; i++)
		if (rows[i].value == value) {
			KF_CHECK(naive == NULL); /* values are unique within a table */
			naive = &rows[i];
		}
	KF_CHECK(got == naive);

	/* select */
	select = (mode & 4) ? kf_u32(&c) : (count ? rows[kf_u8(&c) % count].select : 0);
	cap = kf_u8(&c) % 9;
	for (i = 0; i < 8; i++)
		outv[i] = NULL;
	st = kprof_source_all_by_select((kprof_source_table)itf, select, outv, cap, &n);
	want = 0;
	for (i = 0; i < count; i++)
		want += rows[i].select == select;
	KF_CHECK(n == want);
	KF_CHECK(st == (want > cap ? KPROF_E_BUFFER_TOO_SMALL : KPROF_OK));
	for (i = 0; i < 8; i++) {
		if (i < cap && i < n) {
			size_t j;
			KF_CHECK(outv[i] && outv[i] >= rows && outv[i] < rows + count);
			KF_CHECK(outv[i]->select == select);
			for (j = 0; j < i; j++)
				KF_CHECK(outv[j] != outv[i]);
		} else {
			KF_CHECK(outv[i] == NULL); /* nothing written past cap or count */
		}
	}
	KF_CHECK(kprof_source_all_by_select((kprof_source_table)itf, select, NULL, 0, &n) ==
	         (want ? KPROF_E_BUFFER_TOO_SMALL : KPROF_OK));
	KF_CHECK(n == want);
	return 0;
}
