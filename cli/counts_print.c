/* kprof info / kprof sources: what each source's select counts on a processor
 * (kprof_source_counts, spec/counts.yaml), as a column, a JSON member and a summary. */
#include "cli.h"

#include <string.h>

static const char *status_name(const kprof_source_counts *c)
{
	const char *n = kprof_counts_status_name(c->status);
	return n ? n : "unknown";
}

void kprof_cli_counts_json(const kprof_source_counts *c)
{
	kprof_cli_printf("\"counts\": {\"status\": \"%s\", \"event\": ", status_name(c));
	kprof_cli_json_string(c->event);
	kprof_cli_puts(", \"basis\": ");
	kprof_cli_json_string(c->basis);
	kprof_cli_puts("}");
}

void kprof_cli_counts_header(void)
{
	kprof_cli_printf("  %-9s  %s", "Counts", "Event");
}

void kprof_cli_counts_column(const kprof_source_counts *c)
{
	kprof_cli_printf("  %-9s  %s", status_name(c), c->event ? c->event : "-");
}

void kprof_cli_counts_summary_add(kprof_cli_counts_summary *sum, const kprof_source_counts *c)
{
	if (c->status < KPROF_COUNTS_STATUS_COUNT)
		sum->n[c->status]++;
	sum->total++;
}

void kprof_cli_counts_summary_json(const kprof_cli_counts_summary *sum, unsigned cpu_class)
{
	unsigned i;
	kprof_cli_puts("\"counts_class\": ");
	kprof_cli_json_string(kprof_counts_class_name(cpu_class));
	kprof_cli_puts(", \"counts_summary\": {");
	/* same first, unknown (status 0) last */
	for (i = 1; i <= KPROF_COUNTS_STATUS_COUNT; i++)
		kprof_cli_printf("%s\"%s\": %u", i > 1 ? ", " : "",
		                 kprof_counts_status_name((int)(i % KPROF_COUNTS_STATUS_COUNT)),
		                 sum->n[i % KPROF_COUNTS_STATUS_COUNT]);
	kprof_cli_puts("}");
}

void kprof_cli_counts_summary_text(const kprof_cli_counts_summary *sum, unsigned cpu_class,
                                   const char *which)
{
	const char *name = kprof_counts_class_name(cpu_class);
	unsigned i;
	kprof_cli_printf("counts      %s: of the %u sources %s, %u count what their names say",
	                 name ? name : "no known processor class", sum->total, which,
	                 sum->n[KPROF_COUNTS_SAME]);
	for (i = 1; i <= KPROF_COUNTS_STATUS_COUNT; i++)
		if (i != KPROF_COUNTS_SAME)
			kprof_cli_printf(", %u %s", sum->n[i % KPROF_COUNTS_STATUS_COUNT],
			                 kprof_counts_status_name((int)(i % KPROF_COUNTS_STATUS_COUNT)));
	kprof_cli_puts("\n");
}

/* `--vendor V --family F --model M --stepping S`: one of them at argv[*i]. 1 when taken (with
 * *i advanced), 0 for another word, -1 after a usage error. */
int kprof_cli_counts_option(const char *cmd, int argc, char **argv, int *i,
                            kprof_cli_counts_cpu *cpu)
{
	static const char *const names[] = {"--family", "--model", "--stepping"};
	static const uint64_t max[] = {0x10E, 0xFF, 0xF};
	const char *v;
	uint64_t n;
	int r, k;
	if ((r = kprof_cli_option(cmd, argc, argv, i, "--vendor", &v)) != 0) {
		if (r < 0)
			return -1;
		if (strcmp(v, "amd") == 0)
			v = "AuthenticAMD";
		else if (strcmp(v, "intel") == 0)
			v = "GenuineIntel";
		else if (strcmp(v, "hygon") == 0)
			v = "HygonGenuine";
		if (strlen(v) != 12) {
			kprof_cli_usage(cmd, "--vendor '%s': amd, intel, hygon or a 12-character cpuid "
			                     "vendor string", v);
			return -1;
		}
		memcpy(cpu->vendor, v, 12);
		return 1;
	}
	for (k = 0; k < 3; k++) {
		if ((r = kprof_cli_option(cmd, argc, argv, i, names[k], &v)) == 0)
			continue;
		if (r < 0)
			return -1;
		if (kprof_cli_parse_u64(v, max[k], &n) != 0) {
			kprof_cli_usage(cmd, "%s '%s' is not a number up to 0x%lX", names[k], v,
			                (unsigned long)max[k]);
			return -1;
		}
		cpu->value[k] = (uint32_t)n;
		cpu->given |= 1u << k;
		return 1;
	}
	return 0;
}

unsigned kprof_cli_counts_cpu_class(const kprof_cli_counts_cpu *cpu)
{
	return kprof_counts_class_find(cpu->vendor, cpu->value[0], cpu->value[1], cpu->value[2]);
}
