/* Footprint: every table reachable from outside, so none can be dropped. Built as an
 * object (section sizes) and as a PIC shared object (dynamic relocations), with and
 * without KPROF_NO_NAMES, by bench/run.py. */
/* The implementation, static: what the exported functions below reach is all that stays. */
#define KPROF_IMPLEMENTATION
#define KPROF_STATIC
#include "kprof.h"

const kprof_source *foot_table(int itf, size_t *count);
const kprof_source *foot_get(int itf, uint32_t value);
const kprof_source_table_info *foot_info(int itf);
size_t foot_by_select(int itf, uint32_t select, const kprof_source **out, size_t cap);

const kprof_source *foot_table(int itf, size_t *count)
{
	return kprof_source_rows_by_table((kprof_source_table)itf, count);
}
const kprof_source *foot_get(int itf, uint32_t value)
{
	return kprof_source_by_value((kprof_source_table)itf, value);
}
const kprof_source_table_info *foot_info(int itf)
{
	return kprof_source_table_info_by_id((kprof_source_table)itf);
}
size_t foot_by_select(int itf, uint32_t select, const kprof_source **out, size_t cap)
{
	return kprof_source_all_by_select((kprof_source_table)itf, select, out, cap);
}
#ifndef KPROF_NO_NAMES
const kprof_source *foot_by_name(int itf, const char *name, size_t len);
const char *foot_name(const kprof_source *s);
const char *foot_description(const kprof_source *s);
const kprof_source *foot_by_name(int itf, const char *name, size_t len)
{
	return kprof_source_by_name((kprof_source_table)itf, name, len);
}
const char *foot_name(const kprof_source *s)
{
	return kprof_source_name_get(s);
}
const char *foot_description(const kprof_source *s)
{
	return kprof_source_description_get(s);
}
#endif
