/* kprof info / kprof sources: what each source's select counts on a processor
 * (kprof_counts_entry, spec/counts.yaml), as a column, a JSON member and a summary. */
#include "counts_print.h"

#include <string.h>

static const char *status_name(const kprof_counts_entry *c)
{
	const char *n = kprof_counts_verdict_name(c->status);
	return n ? n : "unknown";
}

void kprof_cli_counts_json(const kprof_counts_entry *c)
{
	kprof_cli_printf("\"counts\": {\"status\": \"%s\", \"event\": ", status_name(c));
	kprof_cli_json_string(c->event);
	kprof_cli_puts(", \"basis\": ");
	kprof_cli_json_string(c->basis);
	kprof_cli_puts(", \"caveat\": ");
	kprof_cli_json_string(c->caveat);
	kprof_cli_puts("}");
}

/* Which list a verdict goes in: 1 counts nothing, 2 counts nothing right, 0 neither. */
static int nothing_kind(const kprof_counts_entry *c)
{
	return c->status == KPROF_COUNTS_VERDICT_ABSENT ? 1 : c->caveat ? 2 : 0;
}

void kprof_cli_counts_nothing_text(const kprof_hal_decision *names, const kprof_source *const *src,
                                   const kprof_counts_entry *c, size_t n)
{
	static const char *const heading[3] = {
	        NULL,
	        "counts nothing on this processor (Windows offers these sources, but no event the vendor "
	        "documents sits at their selects):\n",
	        "counts wrong values on this processor (Windows offers these sources):\n"};
	unsigned char done[512] = {0};
	size_t i, j;
	int kind;
	if (n > sizeof done)
		n = sizeof done;
	for (kind = 1; kind <= 2; kind++) {
		int any = 0;
		for (i = 0; i < n; i++) {
			size_t col;
			if (done[i] || nothing_kind(&c[i]) != kind)
				continue;
			if (!any)
				kprof_cli_puts(heading[kind]);
			any = 1;
			/* One group per reason: the caveat's words, or that the select is no core event. */
			if (c[i].caveat)
				kprof_cli_printf("  - %s:\n    ", c[i].caveat);
			else
				kprof_cli_printf("  - no core event with its select on %s:\n    ",
				                 kprof_counts_class_name(c[i].cpu_class) ? kprof_counts_class_name(c[i].cpu_class)
				                                                         : "this processor");
			for (j = i, col = 4; j < n; j++) {
				const char *name;
				if (done[j] || nothing_kind(&c[j]) != kind || c[j].caveat != c[i].caveat)
					continue;
				done[j] = 1;
				name = kprof_hal_source_description_get(names, src[j]);
				if (col > 4 && col + strlen(name) + 2 > KPROF_CLI_COLUMNS) {
					kprof_cli_puts(",\n    ");
					col = 4;
				} else if (col > 4) {
					kprof_cli_puts(", ");
					col += 2;
				}
				kprof_cli_puts(name);
				col += strlen(name);
			}
			kprof_cli_puts("\n");
		}
	}
}

void kprof_cli_counts_column(const kprof_counts_entry *c)
{
	kprof_cli_printf("\t%s\t%s", status_name(c), c->event ? c->event : "-");
}

void kprof_cli_counts_summary_add(kprof_cli_counts_summary *sum, const kprof_counts_entry *c)
{
	if (c->status < KPROF_COUNTS_VERDICT_COUNT)
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
	for (i = 1; i <= KPROF_COUNTS_VERDICT_COUNT; i++)
		kprof_cli_printf("%s\"%s\": %u", i > 1 ? ", " : "",
		                 kprof_counts_verdict_name((int)(i % KPROF_COUNTS_VERDICT_COUNT)),
		                 sum->n[i % KPROF_COUNTS_VERDICT_COUNT]);
	kprof_cli_puts("}");
}

void kprof_cli_counts_summary_text(const kprof_cli_counts_summary *sum, unsigned cpu_class,
                                   const char *which)
{
	const char *name = kprof_counts_class_name(cpu_class);
	unsigned i;
	kprof_cli_printf("counts      %s: of the %u %s %s, %u %s", name ? name : "no known processor class",
	                 sum->total, sum->total == 1 ? "source" : "sources", which,
	                 sum->n[KPROF_COUNTS_VERDICT_SAME],
	                 sum->n[KPROF_COUNTS_VERDICT_SAME] == 1 ? "counts what its name says"
	                                                       : "count what their names say");
	for (i = 1; i <= KPROF_COUNTS_VERDICT_COUNT; i++)
		if (i != KPROF_COUNTS_VERDICT_SAME)
			kprof_cli_printf(", %u %s", sum->n[i % KPROF_COUNTS_VERDICT_COUNT],
			                 kprof_counts_verdict_name((int)(i % KPROF_COUNTS_VERDICT_COUNT)));
	kprof_cli_puts("\n");
}

/* --vendor's words for the vendors whose classes spec/counts.yaml has (a signature names any
 * other). */
static const struct {
	const char *word, *signature;
} cpu_vendors[] = {{"amd", "AuthenticAMD"}, {"intel", "GenuineIntel"}, {"hygon", "HygonGenuine"}};

const char *kprof_cli_choice_cpu_vendor(int i)
{
	return i >= 0 && (size_t)i < KPROF_CLI_COUNT(cpu_vendors) ? cpu_vendors[i].word : NULL;
}

int kprof_cli_counts_named_class(const kprof_cli_args *a, kprof_cpuid_vendor default_vendor,
                                 unsigned *cpu_class)
{
	const kprof_cli_value *vendor = kprof_cli_opt(a, KPROF_CLI_OPT_VENDOR);
	const char *v = vendor->set ? vendor->text : kprof_cpuid_vendor_name(default_vendor);
	size_t i;
	for (i = 0; i < KPROF_CLI_COUNT(cpu_vendors); i++)
		if (kprof_cli_word_eq(v, cpu_vendors[i].word))
			v = cpu_vendors[i].signature;
	if (strlen(v) != 12)
		return kprof_cli_usage(a->cmd, "--vendor '%s': amd, intel, hygon or a "
		                                     "12-character cpuid vendor string", kprof_cli_quote(v));
	{
		const kprof_counts_class_info *c = kprof_counts_class_by_signature(
		        v, (uint32_t)kprof_cli_opt(a, KPROF_CLI_OPT_FAMILY)->num,
		        (uint32_t)kprof_cli_opt(a, KPROF_CLI_OPT_MODEL)->num,
		        (uint32_t)kprof_cli_opt(a, KPROF_CLI_OPT_STEPPING)->num);
		*cpu_class = c ? (unsigned)c->id : (unsigned)KPROF_COUNTS_CLASS_NONE;
	}
	return 0;
}
