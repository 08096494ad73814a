/* kprof command, the HAL's view of a processor (cli/machine.c): whether a decision has a
 * source, and the source rows every command prints the same way. */
#ifndef KPROF_CLI_MACHINE_H
#define KPROF_CLI_MACHINE_H

#include "util.h"

/* Whether the HAL that made d has source s (kprof_hal_source_presence_get; ABSENT for null
 * arguments), and whether that is PRESENT. */
kprof_hal_presence kprof_cli_presence(const kprof_hal_decision *d, const kprof_source *s);
int kprof_cli_supported(const kprof_hal_decision *d, const kprof_source *s);
/* kprof_source_table_name, or "unknown" for a value that names no table. */
const char *kprof_cli_interface_name(unsigned itf);
/* The default interval the HAL reports for a source (wpr -pmcsources "Interval"). */
uint32_t kprof_cli_default_interval(const kprof_source *s);
/* What its interval counts: "100ns" (the timer) or "events" (kprof_source_interval_info). */
const char *kprof_cli_interval_unit(const kprof_source *s);

/* The source table `sources`, `info` and `decode-select` print (a kprof_cli_table_begin()
 * table: the header begins it, the caller ends it with kprof_cli_table_end()) (like `wpr -pmcsources`,
 * plus select, ebx bit and support, and what the select counts when counts is not NULL /
 * with_counts), and one source as a JSON object (docs/schema; counts adds its member). */
void kprof_cli_source_header(int with_interface, int with_counts);
/* supported: 1 yes, 0 no, KPROF_HAL_PRESENCE_UNKNOWN (2) not publicly known for the release
 * (text "unknown", JSON null). release: a decision for the Windows release whose spelling of
 * the names to show (kprof_hal_source_description_get), NULL for the original release's. */
void kprof_cli_source_row(const kprof_hal_decision *release, const kprof_source *s, int with_interface,
                          int supported, const kprof_counts_entry *counts);
void kprof_cli_source_json(const kprof_hal_decision *release, const kprof_source *s, int supported,
                           const kprof_counts_entry *counts);

#endif
