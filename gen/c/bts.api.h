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

/* kprof_ds_buffer flags for a BTS buffer. */
#define KPROF_BTS_WRAPPED 1u /* the circular buffer wrapped at least once (see kprof_bts_iter_init) */
