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
 * ASCII or UTF-8 (a UTF-8 byte-order mark is fine); UTF-16 text (Windows PowerShell's `>`)
 * goes through kprof_bytes_utf16le_to_utf8 first, as the command does.
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

/* Empty the iterator and point it at len bytes of text. Nothing is read yet. */
KPROF_API kprof_status kprof_dump_iter_init(kprof_dump_iter *it, const char *text, size_t len);
/* The next leaf of the dump, in text order. KPROF_OK with *out filled; KPROF_END after the
 * last leaf; on error the status (returned again by every later call), it->line = the line
 * to blame and it->expect = what it lacked: KPROF_E_FORMAT for a text with no leaf line, a
 * NUL byte, a malformed or truncated leaf line, or leaf lines of two formats;
 * KPROF_E_DUPLICATE for a leaf repeated in a CPU block other than as rising sub-leaves on
 * consecutive lines (see the top of this section); KPROF_E_RANGE past 2^31 blocks or
 * 2^32 implicit sub-leaves. Lines other than leaves and block headers (MSRs, cache text,
 * section titles, `#` comments) are skipped. */
KPROF_API kprof_status kprof_dump_iter_next(kprof_dump_iter *it, kprof_dump_record *out);
KPROF_API kprof_status kprof_dump_snapshot_get(const char *text, size_t len, uint32_t cpu,
                                           kprof_cpuid_snapshot *out, kprof_dump_error *err);
/* Write one record as a `cpuid -r` line ("   0x0000000a 0x00: eax=0x... edx=0x...\n", lower
 * case, as the Debian tool prints it) into buf. *written (optional) gets the length without
 * the NUL. KPROF_E_BUFFER_TOO_SMALL when the line and its NUL do not fit cap (nothing useful
 * is left in buf then). A `cpuid -r` text is "CPU n:\n" (kprof_dump_header_format) then
 * these lines, block by block. */
KPROF_API kprof_status kprof_dump_record_format(const kprof_dump_record *r, char *buf, size_t cap,
                                            size_t *written);
/* Write the `cpuid -r` block header "CPU n:\n" into buf (with a NUL; *written without it).
 * KPROF_E_BUFFER_TOO_SMALL when it does not fit cap. */
KPROF_API kprof_status kprof_dump_header_format(uint32_t cpu, char *buf, size_t cap,
                                                   size_t *written);
