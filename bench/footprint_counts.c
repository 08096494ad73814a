/* Footprint of the per-family counts tables: every public entry point that reads them
 * (class lookup, class name, verdict for a class), exported, so no table can be dropped.
 * Built like footprint.c (object and PIC shared object) by bench/run.py; what it measures is
 * reached through the API only, so it holds whatever form the generator gives the tables. */
/* The implementation, static: what the exported functions below reach is all that stays. */
#define KPROF_IMPLEMENTATION
#define KPROF_STATIC
#include "kprof.h"

unsigned foot_counts_class(const char *vendor, uint32_t family, uint32_t model, uint32_t stepping);
const char *foot_counts_class_name(unsigned cpu_class);
kprof_status foot_counts_for_class(unsigned cpu_class, const kprof_source *s, kprof_counts_entry *out);

unsigned foot_counts_class(const char *vendor, uint32_t family, uint32_t model, uint32_t stepping)
{
	return kprof_counts_class_by_signature(vendor, family, model, stepping);
}
const char *foot_counts_class_name(unsigned cpu_class)
{
	return kprof_counts_class_name(cpu_class);
}
kprof_status foot_counts_for_class(unsigned cpu_class, const kprof_source *s, kprof_counts_entry *out)
{
	return kprof_counts_class_entry_get(cpu_class, s, out);
}
