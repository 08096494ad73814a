/* Logical CPUs told apart. A hybrid or asymmetric part reports different cpuid leaves on its
 * kinds of cores (Intel's P- and E-cores: leaf 0x0A counters, leaf 0x1A core type, 0x23);
 * the HAL decides once, from the boot processor. kprof_cpu_facts holds the bits of one
 * logical CPU that matter to profiling (the kprof_cpu_fact list, from the spec);
 * kprof_cpu_groups puts CPUs with equal facts (those their leaves can be trusted for) into
 * one group; kprof_cpu_group_compare says what the boot processor's decision means on another
 * group, for a HAL build and a Windows release.
 *
 *     kprof_cpu_group g[8];
 *     uint32_t of_cpu[256];                 // optional: each CPU block's group
 *     kprof_cpu_groups gs;
 *     kprof_cpu_groups_init(&gs, g, 8, of_cpu, 256);
 *     st = kprof_cpu_dump_add(&gs, text, len, NULL);   // once per text (hwloc: per file)
 *     for (i = 1; i < gs.count; i++)
 *             kprof_cpu_group_compare(&g[0], &g[i], KPROF_HAL_BUILD_X64,
 *                                     KPROF_HAL_WINDOWS_NEWEST, &effect);
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
	kprof_cpuid_snapshot snap; /* the first CPU's leaves, for kprof_hal_decision_get */
	/* kprof's index of the groups, kept in the groups themselves: a balanced binary tree
	 * (AVL) ordered by facts. The left and right groups, or 0xFFFFFFFF for none; height in
	 * groups. */
	uint32_t tree[2];
	uint8_t tree_height;
} kprof_cpu_group;

/* Groups being collected into the caller's arrays. Read, never write, the fields.
 * Finding a CPU's group walks the index: at most 1.45 log2(count + 2) facts comparisons per
 * CPU, whatever the input (a hash could be made to put every CPU in one chain), so grouping
 * n CPUs costs O(n log groups), with no allocation and a fixed frame. */
typedef struct kprof_cpu_groups {
	kprof_cpu_group *group;
	uint32_t cap;
	uint32_t count;      /* groups so far; group[0] holds the boot processor (CPU 0) */
	uint32_t cpus;       /* CPUs added so far */
	uint32_t *cpu_group; /* optional: cpu_group[c] = group of CPU c (for c < cpu_cap) */
	uint32_t cpu_cap;
	uint32_t root;       /* the index's top group (0xFFFFFFFF: none yet) */
	uint32_t resume;     /* after kprof_cpu_dump_add ran out of groups: the blocks of
	                      * that text it added (the next call with the text goes on after
	                      * them); 0 otherwise */
	uint64_t compares;   /* facts comparisons made so far: what the index costs, for tests and
	                      * benchmarks */
} kprof_cpu_groups;

#if !defined(KPROF_NO_WINDOWS_MODEL)
/* What the boot processor's HAL decision means on another group (needs the hal section). */
typedef struct kprof_cpu_effect {
	uint64_t facts_differ;   /* bit f: fact f differs from the boot group's */
	kprof_source_table own_table; /* the interface this group's leaves alone would get */
	/* The boot processor's interface applied to this group's leaves: counters, counter_width,
	 * fixed_counters, ebx and source support (kprof_hal_source_presence_get) as the group has
	 * them. Compare with the boot decision. */
	kprof_hal_decision here;
	uint32_t sources_differ; /* sources of that interface supported on one group, not the other */
	uint8_t counters_differ; /* counter count or width differs */
} kprof_cpu_effect;
#endif
