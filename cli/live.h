/* kprof command, this machine (cli/live.c): its cpuid leaves as `cpuid -r` text (this CPU
 * or every online CPU, pinned in turn) and the HAL's decision on it. */
#ifndef KPROF_CLI_LIVE_H
#define KPROF_CLI_LIVE_H

#include "util.h"

/* This processor's HAL decision (64-bit HAL), or NULL without cpuid. Read once per run. */
const kprof_hal_decision *kprof_cli_live_decision(void);
/* Whether the HAL of hal (kprof_hal_decision_get's argument) lists s on this processor: a
 * kprof_hal_presence (ABSENT without cpuid). */
int kprof_cli_live_status(const kprof_source *s, uint32_t hal);
/* This processor's leaves as `cpuid -r` lines (no header), each handed to out. */
int kprof_cli_live_cpuid_lines(void (*out)(const char *line, void *ctx), void *ctx);
/* Every CPU this process may run on, pinned in turn: `cpuid -r` text with `CPU n:` blocks (a
 * warning on stderr when the affinity mask hides online CPUs); and one CPU alone, the thread
 * pinned to CPU 0 (the boot processor) when the mask allows it, else to the lowest CPU it
 * allows, as one block labelled with that CPU (*cpu). */
int kprof_cli_live_cpuid_all_text(kprof_cli_text *t);
int kprof_cli_live_cpuid_this_text(kprof_cli_text *t, uint32_t *cpu);
/* Pin the calling thread as kprof_cli_live_cpuid_this_text does; *cpu = the CPU. 0, or -1
 * when no CPU could be pinned. */
int kprof_cli_live_pin(uint32_t *cpu);
/* The CPUs the system has online (0 when it cannot tell). */
uint32_t kprof_cli_live_online_cpus(void);
/* The one rule for defaults: a command that needs a vendor or a table and was not told one
 * takes this machine's - its vendor (AMD on AMD, Intel otherwise, also without cpuid) and the
 * table the HAL may choose whose selects use that vendor's layout (amd64, emon). */
kprof_cpuid_vendor kprof_cli_default_vendor(void);
kprof_source_table kprof_cli_default_interface(void);

#endif
