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
 * PowerShell's `>`) goes through kprof_utf16le_to_utf8 first, as the command does.
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

/* The outcome of kprof_dump_snapshot (filled on success too). */
typedef struct kprof_dump_error {
	int32_t status;   /* kprof_status */
	uint32_t line;    /* 1-based line of the error; 0 when no line is to blame */
	int32_t format;   /* kprof_dump_format detected */
	int32_t expect;   /* kprof_dump_expect: what the line lacked */
	uint32_t cpus;    /* CPU blocks in the text (counted to the end, or to the error) */
	uint32_t records; /* leaf lines read */
} kprof_dump_error;

/* Logical CPUs told apart. A hybrid or asymmetric part reports different cpuid leaves on its
 * kinds of cores (Intel's P- and E-cores: leaf 0x0A counters, leaf 0x1A core type, 0x23);
 * the HAL decides once, from the boot processor. kprof_cpu_facts holds the bits of one
 * logical CPU that matter to profiling (the kprof_cpu_fact list, from the spec);
 * kprof_cpu_groups puts CPUs with equal facts into one group; kprof_cpu_group_compare says
 * what the boot processor's decision means on another group.
 *
 *     kprof_cpu_group g[8];
 *     uint32_t of_cpu[256];                 // optional: each CPU block's group
 *     kprof_cpu_groups gs;
 *     kprof_cpu_groups_init(&gs, g, 8, of_cpu, 256);
 *     st = kprof_cpu_groups_add_dump(&gs, text, len, NULL);   // once per text (hwloc: per file)
 *     for (i = 1; i < gs.count; i++)
 *             kprof_cpu_group_compare(&g[0], &g[i], KPROF_HAL_X64, &effect);
 */
typedef struct kprof_cpu_facts {
	uint64_t present;                     /* bit f: fact f was given, within its leaf range */
	uint32_t value[KPROF_CPU_FACT_COUNT]; /* register & mask; 0 when absent */
	uint32_t max_leaf[4];                 /* max leaf of the ranges 0, 0x4.., 0x8.., 0xC.. */
	uint32_t has_max;                     /* bit r: max_leaf[r] was given */
} kprof_cpu_facts;

/* One kind of logical CPU. */
typedef struct kprof_cpu_group {
	uint32_t first_cpu;        /* its first CPU: ordinal among all CPUs added */
	uint32_t first_cpu_id;     /* that CPU's number (header, file), or KPROF_DUMP_NO_CPU_ID */
	uint32_t cpus;             /* logical CPUs in the group */
	kprof_cpu_facts facts;
	kprof_cpuid_snapshot snap; /* the first CPU's leaves, for kprof_hal_decide */
} kprof_cpu_group;

/* Groups being collected into the caller's arrays. Read, never write, the fields. */
typedef struct kprof_cpu_groups {
	kprof_cpu_group *group;
	uint32_t cap;
	uint32_t count;      /* groups so far; group[0] holds the boot processor (CPU 0) */
	uint32_t cpus;       /* CPUs added so far */
	uint32_t *cpu_group; /* optional: cpu_group[c] = group of CPU c (for c < cpu_cap) */
	uint32_t cpu_cap;
} kprof_cpu_groups;

#if !defined(KPROF_NO_HAL)
/* What the boot processor's HAL decision means on another group (needs the hal section). */
typedef struct kprof_cpu_group_effect {
	uint64_t facts_differ;   /* bit f: fact f differs from the boot group's */
	uint8_t own_iface;       /* kprof_interface this group's leaves alone would get */
	/* The boot processor's interface applied to this group's leaves: counters, counter_width,
	 * fixed_counters, ebx and source support (kprof_hal_source_supported) as the group has
	 * them. Compare with the boot decision. */
	kprof_hal_decision here;
	uint32_t sources_differ; /* sources of that interface supported on one group, not the other */
	uint8_t counters_differ; /* counter count or width differs */
} kprof_cpu_group_effect;
#endif

/* One row of a profile-source listing as `wpr -pmcsources` or `tracelog -profilesources Help`
 * print it ("  26 InstructionRetired   65536  4096 2147483647"). name points into the text
 * read (not NUL-terminated). */
typedef struct kprof_listing_row {
	uint32_t line;  /* 1-based line of the text */
	uint32_t id;    /* KPROFILE_SOURCE value (decimal in the listing) */
	uint32_t interval, min, max;
	const char *name;
	size_t name_len;
} kprof_listing_row;

/* Reads a listing line by line, without copying or allocating: every line before the header
 * ("Id Name Interval Min Max", any spacing) is skipped (tool banners, notes); after it, blank
 * lines and dash rules are skipped and every other line must be a row of five cells. A
 * leading UTF-8 byte-order mark is skipped; UTF-16 text goes through kprof_utf16le_to_utf8
 * first, as for dumps. A NUL byte, a line over KPROF_LISTING_LINE_MAX bytes, a name over
 * KPROF_LISTING_NAME_MAX characters or not of [A-Za-z0-9_], a number over 32 bits, or no
 * header at all is KPROF_E_FORMAT; line then says where (0: the whole text, no header). */
typedef struct kprof_listing_iter {
	const char *text;
	size_t len, pos;
	uint32_t line;   /* the line read last: where an error is */
	uint8_t header;  /* the header was seen */
} kprof_listing_iter;

#if !defined(KPROF_NO_HAL) && !defined(KPROF_NO_NAMES)
/* One difference between a listing and kprof's prediction (needs the hal section and the
 * names). */
typedef struct kprof_listing_diff {
	uint8_t kind;               /* kprof_listing_diff_kind */
	uint32_t id;                /* KPROFILE_SOURCE value */
	const kprof_source *source; /* kprof's source for the id; NULL for KPROF_LISTING_DIFF_UNKNOWN */
	kprof_listing_row row;      /* the listing's row; all zero for KPROF_LISTING_DIFF_MISSING */
	uint32_t min, max;          /* kprof's bounds for the source (0 without a source) */
} kprof_listing_diff;

/* Compares a listing with a decision (kprof_hal_decide for the processor and release):
 * each listed row against the source of the decided interface (and, on Emon, the later Intel
 * sources) with the same id - unknown, not offered, name, min, max - then each source the
 * decision offers that the listing lacks. Where the release's later Intel sources are known
 * only as a range, the listing picks the count within it (the highest it lists, clamped). */
typedef struct kprof_listing_diff_iter {
	kprof_listing_iter rows;
	const kprof_hal_decision *d;
	kprof_listing_row cur;
	uint32_t later_last;  /* highest later Intel source taken as offered */
	uint32_t next;        /* phase 2: the next table row to look for */
	uint8_t phase;        /* 0 rows, 1 missing sources, 2 done */
	uint8_t pending;      /* bit per kind still to report for cur */
	uint8_t seen[32];     /* ids 0..255 the listing has */
} kprof_listing_diff_iter;
#endif

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
KPROF_API kprof_status kprof_dump_snapshot(const char *text, size_t len, uint32_t cpu,
                                           kprof_cpuid_snapshot *out, kprof_dump_error *err);
/* Write one record as a `cpuid -r` line ("   0x0000000a 0x00: eax=0x... edx=0x...\n", lower
 * case, as the Debian tool prints it) into buf. *written (optional) gets the length without
 * the NUL. KPROF_E_BUFFER_TOO_SMALL when the line and its NUL do not fit cap (nothing useful
 * is left in buf then). A `cpuid -r` text is "CPU n:\n" (kprof_dump_write_raw_header) then
 * these lines, block by block. */
KPROF_API kprof_status kprof_dump_write_raw(const kprof_dump_record *r, char *buf, size_t cap,
                                            size_t *written);
/* Write the `cpuid -r` block header "CPU n:\n" into buf (with a NUL; *written without it).
 * KPROF_E_BUFFER_TOO_SMALL when it does not fit cap. */
KPROF_API kprof_status kprof_dump_write_raw_header(uint32_t cpu, char *buf, size_t cap,
                                                   size_t *written);
/* Empty facts: nothing given. */
KPROF_API void kprof_cpu_facts_init(kprof_cpu_facts *f);
/* Take the facts one leaf (leaf, subleaf, regs = {eax, ebx, ecx, edx}) gives, from a dump or
 * the live cpuid instruction. Leaves that hold no fact are ignored. */
KPROF_API void kprof_cpu_facts_add(kprof_cpu_facts *f, uint32_t leaf, uint32_t subleaf,
                                   const uint32_t regs[4]);
/* Drop the facts whose leaf cannot be trusted: its range's max leaf was not given, or is
 * below it (processors echo the highest leaf above it). Call once all leaves are added. */
KPROF_API void kprof_cpu_facts_finish(kprof_cpu_facts *f);
/* The facts in which a and b differ (bit f: present in one only, or different values). */
KPROF_API uint64_t kprof_cpu_facts_diff(const kprof_cpu_facts *a, const kprof_cpu_facts *b);
/* Start collecting groups into group[0..cap); cpu_group (may be NULL) gets each CPU's group
 * index for the first cpu_cap CPUs. */
KPROF_API kprof_status kprof_cpu_groups_init(kprof_cpu_groups *g, kprof_cpu_group *group,
                                             uint32_t cap, uint32_t *cpu_group, uint32_t cpu_cap);
/* Add one logical CPU by its finished facts. Its snapshot, when it starts a group, is the
 * caller's to fill (kprof_cpu_groups_add_dump does). KPROF_OK with *index (optional) = its
 * group; KPROF_E_BUFFER_TOO_SMALL when it needs a new group and all cap are used (the CPU is
 * not added); KPROF_E_RANGE past 2^32 - 1 CPUs. */
KPROF_API kprof_status kprof_cpu_groups_add(kprof_cpu_groups *g, const kprof_cpu_facts *f,
                                            uint32_t cpu_id, uint32_t *index);
KPROF_API kprof_status kprof_cpu_groups_add_dump(kprof_cpu_groups *g, const char *text, size_t len,
                                                 kprof_dump_error *err);
#if !defined(KPROF_NO_HAL)
/* What the boot processor's decision (made from boot's snapshot) means on group g: the
 * interface this group alone would get, the boot interface applied to g's leaves (counters,
 * width, source support as g has them), how many of that interface's sources are supported
 * on one but not the other, and which facts differ. KPROF_E_ARGUMENT for null pointers or an
 * unknown hal. */
KPROF_API kprof_status kprof_cpu_group_compare(const kprof_cpu_group *boot, const kprof_cpu_group *g,
                                               kprof_hal_build hal, kprof_cpu_group_effect *out);
#endif
/* Start reading a listing of len bytes. KPROF_E_ARGUMENT for a null it, or null text with a
 * length. */
KPROF_API kprof_status kprof_listing_iter_init(kprof_listing_iter *it, const char *text, size_t len);
/* The next row: KPROF_OK, KPROF_END after the last, KPROF_E_FORMAT (it->line says where; every
 * later call returns KPROF_E_FORMAT again). *row is zeroed on anything but KPROF_OK. */
KPROF_API kprof_status kprof_listing_iter_next(kprof_listing_iter *it, kprof_listing_row *row);
#if !defined(KPROF_NO_HAL) && !defined(KPROF_NO_NAMES)
/* Start comparing a listing with a decision. Reads the whole listing once: KPROF_E_FORMAT
 * for an unreadable one, KPROF_E_DUPLICATE for an id listed twice (it->rows.line says where
 * in both cases); KPROF_E_ARGUMENT for null it or d. */
KPROF_API kprof_status kprof_listing_diff_iter_init(kprof_listing_diff_iter *it, const char *text,
                                                    size_t len, const kprof_hal_decision *d);
/* The next difference: KPROF_OK, or KPROF_END when there are no more. */
KPROF_API kprof_status kprof_listing_diff_iter_next(kprof_listing_diff_iter *it, kprof_listing_diff *out);
#endif
