/* kprof command, Windows releases: the --windows RELEASE and --hal options of info, sources
 * and listing-check, which Windows release's HAL kprof models, and the release lines every
 * command prints the same way. */
#include "releases.h"
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int kprof_cli_windows_parse(const kprof_cli_command *c, const char *text, uint32_t *release)
{
	const kprof_hal_release *r = kprof_hal_release_by_name(text, strlen(text));
	uint64_t build;
	uint32_t i;
	size_t n = strlen(text);
	*release = 0;
	/* A product without its version ("10") names its newest release ("10-22h2"): the last
	 * row (rows go oldest first) whose name is the text, any case, and a dash. */
	for (i = 0; !r && n && i < KPROF_HAL_RELEASE_COUNT; i++) {
		const kprof_hal_release *x = kprof_hal_release_by_id(KPROF_HAL_RELEASE_FIRST + i);
		const char *name = kprof_hal_release_name_get(x);
		if (strlen(name) > n && name[n] == '-' && kprof_cli_strncaseeq(name, text, n))
			*release = x->id;
	}
	if (!r && n && *release)
		return 0;
	/* A build number (what `ver` or winver shows: 10.0.19045 -> 19045) picks the newest
	 * release that begins at or before it. */
	if (!r && kprof_cli_parse_u64(text, 0xFFFFFFFF, &build) == 0) {
		for (i = 0; i < KPROF_HAL_RELEASE_COUNT; i++) {
			const kprof_hal_release *x = kprof_hal_release_by_id(KPROF_HAL_RELEASE_FIRST + i);
			if (x->build <= build)
				r = x;
		}
		if (r && build < kprof_hal_release_by_id(KPROF_HAL_RELEASE_FIRST)->build)
			r = NULL;
	}
	if (!r) {
		kprof_cli_usage(c, "--windows '%s': no such release (kprof info --windows all lists "
		                     "them; a build number such as 19045 also works)",
		                kprof_cli_quote(text));
		return -1;
	}
	*release = r->id;
	return 0;
}

int kprof_cli_hal_check(const kprof_cli_command *c, uint32_t hal)
{
	const kprof_hal_release *r = kprof_hal_release_by_id(KPROF_CLI_WINDOWS(hal));
	int x86 = KPROF_CLI_BUILD(hal) == KPROF_HAL_BUILD_X86;
	if (r && !(x86 ? r->x86 : r->x64))
		return kprof_cli_usage(c, "%s shipped no %s HAL", kprof_hal_release_title_get(r),
		                       x86 ? "32-bit" : "64-bit");
	return 0;
}

/* The names of the kprof_hal_uncertain bits set in u, for text ("a, b") or JSON. */
static const struct {
	unsigned bit;
	const char *name, *text;
} uncertain_names[] = {
        {KPROF_HAL_UNCERTAIN_INTERFACE, "interface", "whether this release has the interface"},
        {KPROF_HAL_UNCERTAIN_X86_RULES, "x86_rules", "whether this release's 32-bit HAL has the family/long-mode rule"},
        {KPROF_HAL_UNCERTAIN_HYPERVISOR, "hypervisor", "whether this release has the hypervisor rule"},
        {KPROF_HAL_UNCERTAIN_TABLES, "tables", "this release's rows (kprof uses Windows 10's)"},
        {KPROF_HAL_UNCERTAIN_LATER_SOURCES, "later_sources", "how many Intel sources above 0x1F it lists"},
        {KPROF_HAL_UNCERTAIN_AMD64_NAMES, "amd64_names",
         "whether it spells ten Amd64 sources as later releases do (kprof shows the original spelling)"},
};

void kprof_cli_uncertain_print(unsigned u, int json)
{
	size_t i;
	int first = 1;
	if (json)
		kprof_cli_puts("[");
	for (i = 0; i < KPROF_CLI_COUNT(uncertain_names); i++) {
		if (!(u & uncertain_names[i].bit))
			continue;
		if (json)
			kprof_cli_printf("%s\"%s\"", first ? "" : ", ", uncertain_names[i].name);
		else
			kprof_cli_printf("%s%s", first ? "" : "; ", uncertain_names[i].text);
		first = 0;
	}
	if (json)
		kprof_cli_puts("]");
	else if (first)
		kprof_cli_puts("nothing");
}

/* "Windows 10 version 22H2 [10-22h2, build 19045], 64-bit HAL" */
void kprof_cli_release_print(const kprof_hal_decision *d)
{
	const kprof_hal_release *r = kprof_hal_release_by_id(d->release);
	if (!r)
		return;
	kprof_cli_printf("%s [%s, build %lu], %s HAL", kprof_hal_release_title_get(r),
	                 kprof_hal_release_name_get(r), (unsigned long)r->build,
	                 d->hal == KPROF_HAL_BUILD_X86 ? "32-bit" : "64-bit");
}

/* How many sources the decided HAL lists: *lo surely, *hi at most. */
static void count_sources(const kprof_hal_decision *d, size_t *lo, size_t *hi)
{
	unsigned t;
	*lo = *hi = 0;
	for (t = 0; t < KPROF_SOURCE_TABLE_COUNT; t++) {
		size_t n, k;
		const kprof_source *rows = kprof_source_rows_by_table((kprof_source_table)t, &n);
		for (k = 0; k < n; k++) {
			kprof_hal_presence p = kprof_cli_presence(d, &rows[k]);
			*lo += p == KPROF_HAL_PRESENCE_PRESENT;
			*hi += p != KPROF_HAL_PRESENCE_ABSENT;
		}
	}
}

int kprof_cli_windows_all(const kprof_cpuid_snapshot *snap, int json)
{
	uint32_t i, b;
	int first = 1;
	if (json)
		kprof_cli_puts("[");
	else
		kprof_cli_printf("%-9s %-4s %-8s %-9s %s\n", "Windows", "HAL", "Sources", "Interface",
		                 "Reason [uncertain]");
	for (i = 0; i < KPROF_HAL_RELEASE_COUNT; i++) {
		const kprof_hal_release *r = kprof_hal_release_by_id(KPROF_HAL_RELEASE_FIRST + i);
		for (b = 0; b < 2; b++) {
			uint32_t build = b ? KPROF_HAL_BUILD_X86 : KPROF_HAL_BUILD_X64;
			kprof_hal_decision d;
			size_t lo, hi;
			char count[32];
			if (!(b ? r->x86 : r->x64))
				continue;
			(void)kprof_cli_decide(snap, build | KPROF_CLI_RELEASE(r->id), &d);
			count_sources(&d, &lo, &hi);
			if (json) {
				kprof_cli_printf("%s\n  {\"windows\": ", first ? "" : ",");
				kprof_cli_json_string(kprof_hal_release_name_get(r));
				kprof_cli_printf(", \"hal\": \"%s\", \"interface\": \"%s\", \"reason\": ",
				                 b ? "x86" : "x64",
				                 kprof_cli_interface_name((kprof_source_table)d.table));
				kprof_cli_json_string(kprof_hal_reason_name(d.reason));
				kprof_cli_printf(", \"sources_min\": %lu, \"sources_max\": %lu, \"uncertain\": ",
				                 (unsigned long)lo, (unsigned long)hi);
				kprof_cli_uncertain_print(d.uncertain, 1);
				kprof_cli_puts("}");
			} else {
				if (lo == hi)
					snprintf(count, sizeof count, "%lu", (unsigned long)lo);
				else
					snprintf(count, sizeof count, "%lu..%lu", (unsigned long)lo, (unsigned long)hi);
				kprof_cli_printf("%-9s %-4s %-8s %-9s %s", kprof_hal_release_name_get(r),
				                 b ? "x86" : "x64", count,
				                 kprof_cli_interface_name((kprof_source_table)d.table),
				                 kprof_hal_reason_name(d.reason));
				if (d.uncertain) {
					kprof_cli_puts(" [uncertain: ");
					kprof_cli_uncertain_print(d.uncertain, 0);
					kprof_cli_puts("]");
				}
				kprof_cli_puts("\n");
			}
			first = 0;
		}
	}
	if (json)
		kprof_cli_puts("\n]\n");
	return 0;
}

void kprof_cli_release_line(uint32_t hal, int defaulted)
{
	kprof_hal_decision d;
	(void)kprof_cli_decide(NULL, hal, &d);
	kprof_cli_puts("windows     ");
	kprof_cli_release_print(&d);
	if (defaulted)
		kprof_cli_puts(": the newest release kprof models (--windows RELEASE for another)");
	kprof_cli_puts("\n");
}
