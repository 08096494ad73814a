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
#define KPROF_CLI_NO_CPU 0xFFFFFFFFu
int kprof_cli_groups_from_dump(const kprof_cli_dump *d, kprof_cli_groups *out);
void kprof_cli_groups_free(kprof_cli_groups *g);
/* `kprof info`'s cpu groups: text lines, or `,\n  "cpu_groups": [...]` (null without g). */
void kprof_cli_groups_print(const kprof_cli_groups *g, kprof_hal_build hal, int json);
/* `kprof info`'s processor: live (this CPU, or every online CPU with all) or the dump file,
 * CPU block cpu; with its groups. 0 or an exit code after a message. */
int kprof_cli_info_source(const char *file, int all, uint32_t cpu, kprof_cpuid_snapshot *snap,
                          kprof_cli_groups *groups);

#endif
