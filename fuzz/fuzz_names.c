/* Name lookup over arbitrary bytes: kprof_source_by_name must read exactly len bytes of a
 * name that has no NUL (the heap copy is sized exactly, so ASan sees a read one past it),
 * and whatever it returns must be a row of the table asked for that names itself back. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	/* Out-of-range interfaces too: the lookup must refuse them, not index with them. */
	unsigned itf = kf_u8(&c) % (KPROF_SOURCE_TABLE_COUNT + 3u);
	size_t len, count = 0;
	uint8_t *name = kf_rest_copy(&c, &len);
	const kprof_source *rows = kprof_source_rows_by_table((kprof_source_table)itf, &count);
	const kprof_source *s = kprof_source_by_name((kprof_source_table)itf, (const char *)name, len);

	if (itf >= KPROF_SOURCE_TABLE_COUNT) {
		KF_CHECK(s == NULL && rows == NULL && count == 0);
	} else if (s) {
		const char *n = kprof_source_name_get(s);
		const char *d = kprof_source_description_get(s);
		KF_CHECK(s >= rows && s < rows + count);
		KF_CHECK(s->table == itf);
		KF_CHECK(kprof_source_by_value((kprof_source_table)itf, s->value) == s);
		/* The row's own name and description find it again. */
		KF_CHECK(kprof_source_by_name((kprof_source_table)itf, n, strlen(n)) == s);
		KF_CHECK(kprof_source_by_name((kprof_source_table)itf, d, strlen(d)) == s);
		/* A match needs at least one byte of key after an optional 7-byte prefix. */
		KF_CHECK(len >= 1);
	}
	/* The NULL name is refused for every length. */
	KF_CHECK(kprof_source_by_name((kprof_source_table)itf, NULL, len) == NULL);
	free(name);
	return 0;
}
