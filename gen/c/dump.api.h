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
 * error), byte by byte, once; nothing allocates and all state is in the iterator.
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
