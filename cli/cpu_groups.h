/* kprof command, every logical CPU of a dump (cli/cpu_groups.c): the groups of CPUs that
 * report the same profiling facts, and the processor `kprof info` describes. */
#ifndef KPROF_CLI_CPU_GROUPS_H
#define KPROF_CLI_CPU_GROUPS_H

#include "dump.h"

/* The groups of a dump's CPUs (kprof_cpu_groups), with each CPU's number, and each group's
 * CPUs as a list (group[k].first_cpu, then cpu_next[c] until KPROF_CLI_NO_CPU), so printing
 * every group's CPUs reads each CPU once. */
typedef struct kprof_cli_groups {
	kprof_cpu_groups gs;
	kprof_cpu_group *group;
	uint32_t cap;
	uint32_t *cpu_group, *cpu_id, *cpu_next;
} kprof_cli_groups;
int kprof_cli_groups_from_dump(const kprof_cli_dump *d, kprof_cli_groups *out);
void kprof_cli_groups_free(kprof_cli_groups *g);
/* `kprof info`'s cpu groups: text lines, or `,\n  "cpu_groups": [...]` (null without g). */
void kprof_cli_groups_print(const kprof_cli_groups *g, kprof_hal_build hal, int json);
/* Where `kprof info` read its processor: a file's CPU block (file set) or this machine. */
typedef struct kprof_cli_input {
	const char *file;      /* the dump (NULL: this machine) */
	char block_file[4096]; /* a hwloc directory's pu file holding the block, else file */
	int all;               /* this machine, every online CPU */
	uint32_t cpu;          /* block ordinal (0 = first) */
	uint32_t cpu_id;       /* the CPU's number: the block header's, a pu file's, the live CPU's;
	                        * KPROF_DUMP_NO_CPU_ID when the dump gives none */
	uint32_t blocks;       /* blocks (CPUs) the input holds */
} kprof_cli_input;
/* `kprof info`'s processor: live (this CPU, or every online CPU with all) or the dump file,
 * the CPU numbered cpu (KPROF_CLI_NO_CPU: the first block); with its groups and where it was
 * read (*in). 0 or an exit code after a message. */
int kprof_cli_info_source(const char *file, int all, uint32_t cpu, kprof_cpuid_snapshot *snap,
                          kprof_cli_groups *groups, kprof_cli_input *in);

#endif
