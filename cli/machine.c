/* kprof command: the processor a command describes (live or from a dump), what the HAL would
 * make of it, and the source rows every command prints the same way. Every fact comes from
 * kprof.h; this file only gathers and prints them. */
#include "counts_print.h"
#include "machine.h"

#include <stdlib.h>
#include <string.h>

kprof_hal_presence kprof_cli_presence(const kprof_hal_decision *d, const kprof_source *s)
{
	kprof_hal_presence p;
	return kprof_hal_source_presence_get(d, s, &p) == KPROF_OK ? p : KPROF_HAL_PRESENCE_ABSENT;
}

int kprof_cli_supported(const kprof_hal_decision *d, const kprof_source *s)
{
	return kprof_cli_presence(d, s) == KPROF_HAL_PRESENCE_PRESENT;
}

const char *kprof_cli_interface_name(unsigned itf)
{
	const char *name = kprof_source_table_name((kprof_source_table)itf);
	return name ? name : "unknown";
}

uint32_t kprof_cli_default_interval(const kprof_source *s)
{
	const kprof_source_interval_info *iv = kprof_source_interval_info_by_id(kprof_source_interval_get(s));
	return iv ? iv->default_interval : 0;
}

const char *kprof_cli_interval_unit(const kprof_source *s)
{
	const kprof_source_interval_info *iv = kprof_source_interval_info_by_id(kprof_source_interval_get(s));
	return iv ? iv->unit : "";
}

/* The source table's columns, as `wpr -pmcsources` shows them (Id in decimal, the HAL's name,
 * the interval and its unit) and kprof's (value in hex, select, ebx bit, support, counts).
 * Drop ranks: to fit a terminal, the ebx bit goes first, then the select, then the hex value;
 * the names fold. With counts (a processor's table), the interval goes before the names fold
 * (drop_counts): what the processor counts is the question there, and `sources` lists the
 * intervals. */
typedef struct source_column {
	kprof_cli_column col;
	unsigned drop_counts; /* the column's drop rank in a table with counts */
} source_column;

static const source_column source_columns[] = {
        {{"Interface", 0, 0}, 0},
        {{"Id", KPROF_CLI_COLUMN_RIGHT, 0}, 0},
        {{"Value", 0, 3}, 3},
        {{"Name", KPROF_CLI_COLUMN_FOLD, 0}, 0},
        {{"Interval", KPROF_CLI_COLUMN_RIGHT, 0}, 1},
        {{"Unit", 0, 0}, 1},
        {{"Select", 0, 4}, 4},
        {{"Ebx", KPROF_CLI_COLUMN_RIGHT, 5}, 5},
        {{"Supported", 0, 0}, 0},
        {{"Counts", 0, 0}, 0},
        {{"Event", KPROF_CLI_COLUMN_FOLD, 0}, 0},
};

void kprof_cli_source_header(int with_interface, int with_counts)
{
	/* The table writer keeps the pointer until the table ends: static. */
	static kprof_cli_column cols[KPROF_CLI_COUNT(source_columns)];
	size_t i;
	/* A column no row fills is left out: Interface and the counts' without them. */
	(void)with_interface;
	for (i = 0; i < KPROF_CLI_COUNT(source_columns); i++) {
		cols[i] = source_columns[i].col;
		if (with_counts)
			cols[i].drop = source_columns[i].drop_counts;
	}
	kprof_cli_table_begin(cols, KPROF_CLI_COUNT(cols));
}

void kprof_cli_source_row(const kprof_hal_decision *release, const kprof_source *s, int with_interface,
                          int supported, const kprof_counts_entry *counts)
{
	char select[16], ebx[8];
	if (s->select)
		snprintf(select, sizeof select, "0x%08lX", (unsigned long)s->select);
	else
		snprintf(select, sizeof select, "-");
	if (s->ebx_bit >= 0)
		snprintf(ebx, sizeof ebx, "%d", (int)s->ebx_bit);
	else
		snprintf(ebx, sizeof ebx, "-");
	kprof_cli_printf("%s\t%u\t0x%04X\t%s\t%lu\t%s\t%s\t%s\t%s",
	                 with_interface ? kprof_cli_interface_name(s->table) : "", (unsigned)s->value,
	                 (unsigned)s->value, kprof_hal_source_description_get(release, s),
	                 (unsigned long)kprof_cli_default_interval(s), kprof_cli_interval_unit(s), select, ebx,
	                 supported == KPROF_HAL_PRESENCE_UNKNOWN ? "unknown" : supported > 0 ? "yes" : "no");
	if (counts)
		kprof_cli_counts_column(counts);
	kprof_cli_puts("\n");
}

void kprof_cli_source_json(const kprof_hal_decision *release, const kprof_source *s, int supported,
                           const kprof_counts_entry *counts)
{
	kprof_cli_puts("{\"interface\": ");
	kprof_cli_json_string(kprof_cli_interface_name(s->table));
	kprof_cli_printf(", \"value\": %u, \"name\": ", (unsigned)s->value);
	kprof_cli_json_string(kprof_source_name_get(s));
	kprof_cli_puts(", \"description\": ");
	kprof_cli_json_string(kprof_hal_source_description_get(release, s));
	if (s->select)
		kprof_cli_printf(", \"select\": %lu", (unsigned long)s->select);
	else
		kprof_cli_puts(", \"select\": null");
	if (s->ebx_bit >= 0)
		kprof_cli_printf(", \"ebx_bit\": %d", (int)s->ebx_bit);
	else
		kprof_cli_puts(", \"ebx_bit\": null");
	kprof_cli_printf(", \"default_interval\": %lu, \"interval_unit\": \"%s\", \"supported\": %s",
	                 (unsigned long)kprof_cli_default_interval(s), kprof_cli_interval_unit(s), supported == KPROF_HAL_PRESENCE_UNKNOWN ? "null" : kprof_cli_json_bool(supported > 0));
	if (counts) {
		kprof_cli_puts(", ");
		kprof_cli_counts_json(counts);
	}
	kprof_cli_puts("}");
}

