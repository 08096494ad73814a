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
	kprof_status status; /* sticky error */
} kprof_bts_iter;

/* kprof_bts_buffer flags. */
#define KPROF_BTS_WRAPPED 1u /* the circular buffer wrapped at least once (see kprof_bts_iter_init) */

/* A BTS buffer as the caller holds it, for kprof_bts_iter_init and kprof_bts_wrapped_get. */
typedef struct kprof_bts_buffer {
	const void *bytes;    /* the caller's copy of the buffer */
	size_t len;           /* bytes at bytes */
	uint64_t base;        /* the producer address bytes[0] had (the DS area's BTS base) */
	uint64_t index;       /* the DS area's BTS index */
	uint64_t maximum;     /* the DS area's BTS absolute maximum */
	unsigned record_size; /* KPROF_BTS_RECORD64_SIZE (DTES64) or KPROF_BTS_RECORD32_SIZE */
	unsigned flags;       /* KPROF_BTS_WRAPPED, or 0 */
} kprof_bts_buffer;
