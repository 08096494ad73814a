/* Reading cpuid dumps: AIDA64/InstLatx64 text and `cpuid -r` raw output.
 *
 *     kprof_dump_cursor c;
 *     kprof_dump_record r;
 *     kprof_status st;
 *     kprof_dump_init(&c, text, len);
 *     while ((st = kprof_dump_next(&c, &r)) == KPROF_OK)
 *             use(r.cpu, r.leaf, r.subleaf, r.eax, r.ebx, r.ecx, r.edx);
 *     if (st != KPROF_END)
 *             report(kprof_status_name(st), c.line);   // the offending line, 1-based
 *
 * The text is read through explicit lengths only (no NUL terminator needed, NUL bytes are an
 * error); nothing allocates and all state is in the cursor. */

/* Set in kprof_dump_record.flags. */
#define KPROF_DUMP_SUBLEAF_TAGGED 0x1u   /* the dump named the sub-leaf ([SL nn], cpuid -r) */
#define KPROF_DUMP_SUBLEAF_IMPLICIT 0x2u /* an untagged repeat of the previous line's leaf */
/* kprof_dump_record.cpu_id when the block had no numbered header. */
#define KPROF_DUMP_NO_CPU_ID 0xFFFFFFFFu

/* One cpuid leaf as a dump recorded it. */
typedef struct kprof_dump_record {
	uint32_t cpu;     /* ordinal of the CPU block, 0 = the first in the text (boot processor) */
	uint32_t cpu_id;  /* the number the block's header gives, or KPROF_DUMP_NO_CPU_ID */
	uint32_t leaf;    /* eax input */
	uint32_t subleaf; /* ecx input: tagged, implicit (0, 1, 2.. for untagged repeats) or 0 */
	uint32_t eax, ebx, ecx, edx;
	uint32_t line;  /* 1-based line number of the record */
	uint32_t flags; /* KPROF_DUMP_SUBLEAF_* */
} kprof_dump_record;

/* Where a parse stands. Initialise with kprof_dump_init; read but never write the fields.
 * A CPU block starts at the first leaf line after a block header (AIDA64
 * `------[ ... Logical CPU #n ]------` or `CPU#nnn AffMask:`, `cpuid -r` `CPU n:`), or at the
 * first leaf line of a text that has no headers; a header followed by no leaf lines (MSR
 * sections) opens no block. */
typedef struct kprof_dump_cursor {
	const char *text;
	size_t len;
	size_t pos;             /* offset of the next line to read */
	uint32_t line;          /* number of the line read last (1-based); on error, the bad line */
	int32_t format;         /* kprof_dump_format: fixed by the first leaf line */
	int32_t cpu;            /* ordinal of the current block, -1 before the first leaf line */
	uint32_t cpu_id;        /* header number of the current (or pending) block */
	uint32_t block_pending; /* a header was read: the next leaf line opens a block */
	uint32_t prev_leaf;     /* the previous record of this block */
	uint32_t prev_subleaf;
	uint32_t prev_untagged; /* 1 when that record had no sub-leaf tag */
	uint32_t records;       /* records returned so far */
	int32_t status;         /* KPROF_OK, or the error every later call returns again */
	/* The leaves a kprof_cpuid_snapshot keeps, as seen in the current block: a kept leaf
	 * given twice with different values is an error, not a silent choice. */
	kprof_cpuid_snapshot block;
} kprof_dump_cursor;

/* The outcome of kprof_dump_snapshot (filled on success too). */
typedef struct kprof_dump_error {
	int32_t status;   /* kprof_status */
	uint32_t line;    /* 1-based line of the error; 0 when no line is to blame */
	int32_t format;   /* kprof_dump_format detected */
	uint32_t cpus;    /* CPU blocks in the text (counted to the end, or to the error) */
	uint32_t records; /* leaf lines read */
} kprof_dump_error;
