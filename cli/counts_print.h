/* kprof command, what a source's select counts (cli/counts_print.c). */
#ifndef KPROF_CLI_COUNTS_PRINT_H
#define KPROF_CLI_COUNTS_PRINT_H

#include "options.h"

/* What a source's select counts (cli/counts_print.c): the JSON member, the text column, and
 * the per-processor summary. */
typedef struct kprof_cli_counts_summary {
	unsigned n[KPROF_COUNTS_VERDICT_COUNT]; /* sources per kprof_counts_verdict */
	unsigned total;
} kprof_cli_counts_summary;
void kprof_cli_counts_json(const kprof_counts_entry *c);
/* The Counts and Event cells of a source row (tab-separated, cli/machine.h). */
void kprof_cli_counts_column(const kprof_counts_entry *c);
void kprof_cli_counts_summary_add(kprof_cli_counts_summary *sum, const kprof_counts_entry *c);
void kprof_cli_counts_summary_json(const kprof_cli_counts_summary *sum, unsigned cpu_class);
/* "counts      CLASS: of the N sources WHICH, n count what their names say, ..." */
void kprof_cli_counts_summary_text(const kprof_cli_counts_summary *sum, unsigned cpu_class,
                                   const char *which);
/* The processor class `sources --vendor V --family F --model M --stepping S` names: 0, or
 * exit 2 after a usage message for a vendor that is not amd, intel, hygon (any case) or 12
 * characters; without --vendor, default_vendor's. */
/* --vendor's words (amd, intel, hygon), for completion. */
const char *kprof_cli_choice_cpu_vendor(int i);
int kprof_cli_counts_named_class(const kprof_cli_args *a, kprof_cpuid_vendor default_vendor,
                                 unsigned *cpu_class);
/* After a source table: the sources Windows offers there (src[0..n), their verdicts c) that
 * count nothing on the processor (absent) or nothing right (a caveat), grouped by why, in
 * words; names as the release of names spells them. Prints nothing when there are none. */
void kprof_cli_counts_nothing_text(const kprof_hal_decision *names, const kprof_source *const *src,
                                   const kprof_counts_entry *c, size_t n);

#endif
