/* Profile-source listings (`wpr -pmcsources`, `tracelog -profilesources Help` text) through
 * kprof_listing_iter and kprof_listing_diff_iter. Input: one byte picks the decision (bit 0
 * the HAL width, bits 1-2 the processor: none, Intel with every event, AMD64; the next byte
 * the release id), the rest is the text (UTF-16 with a byte-order mark converted as the
 * command does, kf_command_text). Invariants: rows point inside the text with names
 * of [A-Za-z0-9_.-] no longer than KPROF_LISTING_NAME_MAX, lines rise; an error leaves the
 * iterator at the end; the diff iterator starts only on a readable listing, ends, and gives
 * at most three differences per row plus one per table row, each of a known kind, MISSING
 * without a listed row and UNKNOWN without a source (and then without an expected name); a
 * "Maximum selectable profile sources" count is only kept by a listing that reads to its end
 * or fails after it. */
#include "fuzz_common.h"

static void set_vendor(kprof_cpuid_snapshot *s, uint32_t max, const char *v)
{
	uint32_t r[3] = {0, 0, 0};
	unsigned i;
	for (i = 0; i < 12; i++)
		r[i / 4] |= (uint32_t)(unsigned char)v[i] << (8 * (i % 4));
	(void)kprof_cpuid_snapshot_set(s, 0, 0, max, r[0], r[2], r[1]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	uint8_t pick = kf_u8(&c), rel = kf_u8(&c);
	/* An exactly-sized copy, so ASan sees any read past the text; UTF-16 converted as the
	 * command does. */
	size_t len;
	char *text = (char *)kf_command_text(kf_rest_copy(&c, &len), &len);
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	kprof_listing_iter it;
	kprof_listing_row r;
	kprof_listing_diff_iter di;
	kprof_listing_diff df;
	kprof_status st;
	size_t rows = 0, diffs = 0, table = 0, n;
	uint32_t line = 0;
	unsigned t;
	if (!text)
		return 0; /* odd-length UTF-16: the command refuses it before reading */

	KF_CHECK(kprof_listing_iter_init(&it, text, len) == KPROF_OK);
	while ((st = kprof_listing_iter_next(&it, &r)) == KPROF_OK) {
		size_t k;
		KF_CHECK(r.name >= text && r.name + r.name_len <= text + len);
		KF_CHECK(r.name_len >= 1 && r.name_len <= KPROF_LISTING_NAME_MAX);
		for (k = 0; k < r.name_len; k++) {
			char ch = r.name[k];
			KF_CHECK((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
			         (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch == '-');
		}
		KF_CHECK(r.line > line && r.line == it.line);
		line = r.line;
		rows++;
	}
	KF_CHECK(st == KPROF_END || st == KPROF_E_FORMAT);
	KF_CHECK(kprof_listing_iter_next(&it, &r) == st); /* the end, or the error, stays */
	KF_CHECK(st == KPROF_END || it.line == 0 || it.line > line); /* the error is after the rows */
	KF_CHECK(!it.has_max_selectable || rows == 0 || it.header); /* read before the header */

	kprof_cpuid_snapshot_init(&s);
	if ((pick >> 1 & 3) == 1) {
		set_vendor(&s, KPROF_CPUID_LEAF_PERFMON, "GenuineIntel");
		(void)kprof_cpuid_snapshot_set(&s, KPROF_CPUID_LEAF_PERFMON, 0,
		                               (uint32_t)KPROF_FIELD_PREP(KPROF_CPUID_0A_EAX_VERSION, 1) |
		                                       KPROF_CPUID_0A_EAX_EBX_LENGTH_MASK,
		                               0, 0, 0);
	} else if ((pick >> 1 & 3) == 2) {
		set_vendor(&s, 1, "AuthenticAMD");
	}
	if (kprof_hal_decision_get(&s, (pick & 1u) | KPROF_HAL_RELEASE(rel), &d) != KPROF_OK)
		(void)kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, &d);
	for (t = 0; t < KPROF_SOURCE_TABLE_COUNT; t++) {
		(void)kprof_source_rows_by_table((kprof_source_table)t, &n);
		table += n;
	}
	st = kprof_listing_diff_iter_init(&di, text, len, &d);
	KF_CHECK(st == KPROF_OK || st == KPROF_E_FORMAT || st == KPROF_E_DUPLICATE);
	KF_CHECK(st != KPROF_OK || rows == 0 || it.header);
	if (st == KPROF_OK) {
		while (kprof_listing_diff_iter_next(&di, &df) == KPROF_OK) {
			KF_CHECK(df.kind <= KPROF_LISTING_DIFF_KIND_MAX);
			KF_CHECK(df.kind == KPROF_LISTING_DIFF_KIND_MISSING ? df.row.name == NULL && df.source
			                                               : df.row.name != NULL);
			KF_CHECK((df.kind == KPROF_LISTING_DIFF_KIND_UNKNOWN) == (df.source == NULL));
			KF_CHECK((df.name == NULL) == (df.source == NULL)); /* the name kprof expects */
			KF_CHECK(++diffs <= 3 * rows + table);
		}
		KF_CHECK(kprof_listing_diff_iter_next(&di, &df) == KPROF_END);
	}
	free(text);
	return 0;
}
