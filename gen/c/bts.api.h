/* One BTS record, widened to 64 bits. */
typedef struct kprof_bts_entry {
	uint64_t at; /* producer address of the record */
	uint64_t from, to, flags;
	uint8_t predicted;
	uint8_t reserved[7];
} kprof_bts_entry;

/* Iterates the records of a BTS buffer. Fields are private. */
typedef struct kprof_bts_iter {
	const uint8_t *bytes;
	uint64_t base;
	uint64_t capacity; /* records between base and the absolute maximum */
	uint64_t slot;     /* next record to return */
	uint64_t left;     /* records still to return */
	uint32_t record_size;
	int32_t status;    /* sticky error */
} kprof_bts_iter;

/* kprof_bts_iter_init flags. */
#define KPROF_BTS_WRAPPED 1u /* the circular buffer wrapped at least once (see kprof_bts_iter_init) */

/* Start iterating a BTS buffer. bytes/len: the caller's copy of the buffer; base: the
 * producer address bytes[0] had; index, maximum: the DS area's BTS index and absolute
 * maximum; record_size: KPROF_BTS_RECORD64_SIZE (DTES64) or KPROF_BTS_RECORD32_SIZE.
 * Without KPROF_BTS_WRAPPED the records are base .. index, oldest first.
 * A circular buffer (BTINT clear) that wrapped holds capacity records, oldest at index; but
 * the DS area cannot say whether it wrapped - after exactly one lap index == base, as when
 * empty - nor how many laps or records were lost. Pass KPROF_BTS_WRAPPED when you know
 * (kprof_bts_wrapped_get tells, for a buffer zeroed before BTS started).
 * Errors (nothing is read): KPROF_E_FORMAT unknown record size; KPROF_E_RANGE index outside
 * [base, maximum] or a wrapped buffer with no room; KPROF_E_ALIGNMENT index not on a record;
 * KPROF_E_TRUNCATED len shorter than the records to read. */
KPROF_API kprof_status kprof_bts_iter_init(kprof_bts_iter *w, const void *bytes, size_t len, uint64_t base,
                                           uint64_t index, uint64_t maximum, unsigned record_size, unsigned flags);

/* The next BTS record, oldest first. KPROF_END after the last. */
KPROF_API kprof_status kprof_bts_iter_next(kprof_bts_iter *w, kprof_bts_entry *out);

/* Whether a circular BTS buffer has wrapped, for a buffer that was zeroed before BTS was
 * started: the record at index is then non-zero only if a previous lap wrote it (no branch
 * goes from 0 to 0). *wrapped = 0 when index is at the maximum (the buffer filled without
 * wrapping). Same arguments and errors as kprof_bts_iter_init. */
KPROF_API kprof_status kprof_bts_wrapped_get(const void *bytes, size_t len, uint64_t base, uint64_t index,
                                         uint64_t maximum, unsigned record_size, int *wrapped);
