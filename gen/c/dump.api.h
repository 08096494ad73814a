/* Reading cpuid dumps: AIDA64/EVEREST/InstLatx64 text in every spelling they have used,
 * `cpuid -r` output (Debian's cpuid, and `kprof cpuid-dump`) and one hwloc-gather-cpuid
 * `pu<N>` file.
 *
 *     kprof_dump_iter it;
 *     kprof_dump_record r;
 *     kprof_status st;
 *     kprof_dump_iter_init(&it, text, len);
 *     while ((st = kprof_dump_iter_next(&it, &r)) == KPROF_OK)
 *             use(r.cpu, r.leaf, r.subleaf, r.eax, r.ebx, r.ecx, r.edx);
 *     if (st != KPROF_END)      // the offending line (1-based) and what it lacked
 *             report(kprof_status_name(st), it.line, kprof_dump_expect_name(it.expect));
 *
 * The text is read through explicit lengths only (no NUL terminator needed; a NUL byte is an
 * error), byte by byte, once; nothing allocates and all state is in the iterator. The text is
 * ASCII or UTF-8 (a leading UTF-8 byte-order mark is skipped); UTF-16 text (Windows
 * PowerShell's `>`) goes through kprof_bytes_utf16le_to_utf8 first, as the command does.
 *
 * Blocks. Each logical CPU is a block: it starts at a header (`------[ ... ]------` sections
 * of AIDA64/EVEREST, `CPUID Registers (CPU #n):`, `CPU#nnn AffMask: ...`, `cpuid -r`'s
 * `CPU n:` and `CPU:`) or at a leaf 0 line in a block that already has leaves (dumps whose
 * CPUs are only separated by blank lines). A header followed by no leaf line (MSR sections)
 * opens no block.
 *
 * Sub-leaves. `[SL nn]` tags, `cpuid -r` and hwloc lines name them; a line that does not is
 * sub-leaf 0, or, when it repeats the leaf of the line before it, the next sub-leaf
 * (consecutive lines of leaf 4 are sub-leaves 0, 1, 2...). A leaf given again after other
 * leaves, or a named sub-leaf that does not rise within its run, is KPROF_E_DUPLICATE; a line
 * that repeats the line before it exactly (same named sub-leaf, same values) is skipped.
 * Leaves at offsets 0x80 and above of their range (0, 0x40000000, 0x80000000, 0xC0000000)
 * and leaves outside those ranges are not checked for such repeats. */

/* Set in kprof_dump_record.flags. */
#define KPROF_DUMP_SUBLEAF_TAGGED 0x1u   /* the dump named the sub-leaf ([SL nn], cpuid -r, hwloc) */
#define KPROF_DUMP_SUBLEAF_IMPLICIT 0x2u /* an untagged repeat of the previous line's leaf */
/* kprof_dump_record.cpu_id when the block had no numbered header. */
#define KPROF_DUMP_NO_CPU_ID 0xFFFFFFFFu
/* Leaves per range whose repeats the iterator tracks (see above). */
#define KPROF_DUMP_TRACKED_LEAVES 0x80u

/* One cpuid leaf as a dump recorded it. */
typedef struct kprof_dump_record {
	uint32_t cpu;     /* ordinal of the CPU block, 0 = the first in the text (boot processor) */
	uint32_t cpu_id;  /* the number the block's header gives, or KPROF_DUMP_NO_CPU_ID */
	uint32_t leaf;    /* eax input */
	uint32_t subleaf; /* ecx input: named, implicit (0, 1, 2.. for untagged repeats) or 0 */
	uint32_t eax, ebx, ecx, edx;
	uint32_t line;  /* 1-based line number of the record */
	uint32_t flags; /* KPROF_DUMP_SUBLEAF_* */
} kprof_dump_record;

/* Where a read stands. Initialise with kprof_dump_iter_init; read but never write the fields. */
typedef struct kprof_dump_iter {
	const char *text;
	size_t len;
	size_t pos;             /* offset of the next line to read */
	uint32_t line;          /* number of the line read last (1-based); on error, the bad line */
	int32_t format;         /* kprof_dump_format: fixed by the first leaf line */
	int32_t expect;         /* kprof_dump_expect: on error, what the line lacked */
	int32_t cpu;            /* ordinal of the current block, -1 before the first leaf line */
	uint32_t cpu_id;        /* header number of the current (or pending) block */
	uint32_t block_pending; /* a header was read: the next leaf line opens a block */
	uint32_t block_records; /* records of the current block so far */
	uint32_t prev_leaf;     /* the previous record of this block */
	uint32_t prev_subleaf;
	uint32_t prev_regs[4];
	uint32_t records;       /* records returned so far */
	int32_t status;         /* KPROF_OK, or the status every later call returns again */
	uint32_t seen[4 * KPROF_DUMP_TRACKED_LEAVES / 32]; /* leaves given in this block */
} kprof_dump_iter;

/* The outcome of kprof_dump_snapshot_get (filled on success too). */
typedef struct kprof_dump_error {
	int32_t status;   /* kprof_status */
	uint32_t line;    /* 1-based line of the error; 0 when no line is to blame */
	int32_t format;   /* kprof_dump_format detected */
	int32_t expect;   /* kprof_dump_expect: what the line lacked */
	uint32_t cpus;    /* CPU blocks in the text (counted to the end, or to the error) */
	uint32_t records; /* leaf lines read */
} kprof_dump_error;
