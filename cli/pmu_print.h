/* kprof command, the counters of kprof info (cli/pmu_print.c). */
#ifndef KPROF_CLI_PMU_PRINT_H
#define KPROF_CLI_PMU_PRINT_H

#include "util.h"

/* kprof info's counters: the processor's (kprof_pmu_caps) and the interface's
 * (cli/pmu_print.c). */
void kprof_cli_pmu_json(const kprof_hal_decision *d);
void kprof_cli_pmu_text(const kprof_hal_decision *d);

#endif
