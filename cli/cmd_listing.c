/* kprof listing-check: a real machine's profile-source listing against the HAL kprof models
 * for it. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ listing-check */

/* A vendor string into leaf 0's ebx, edx, ecx, as cpuid returns it. */
static void set_vendor(kprof_cpuid_snapshot *s, uint32_t max_leaf, const char *v)
{
	uint32_t r[3] = {0, 0, 0};
	unsigned i;
	for (i = 0; i < 12; i++)
		r[i / 4] |= (uint32_t)(unsigned char)v[i] << (8 * (i % 4));
	(void)kprof_cpuid_snapshot_set(s, 0, 0, max_leaf, r[0], r[2], r[1]);
}

/* The processors a listing is compared with when no dump says which: an Intel processor
 * whose leaf 0x0A declares every event (all ebx bits meaningful and clear), an AMD64
 * processor, and one the HAL gives Default. */
enum { CPU_INTEL, CPU_AMD, CPU_OTHER, CPU_ASSUMED };
static const char *const cpu_text[CPU_ASSUMED] = {
        "GenuineIntel, every architectural event available (assumed: no --cpuid-file)",
        "AuthenticAMD with long mode (assumed: no --cpuid-file)",
        "a processor the HAL gives Default (assumed: no --cpuid-file)"};

static void assumed_cpu(int which, kprof_cpuid_snapshot *s)
{
	kprof_cpuid_snapshot_init(s);
	if (which == CPU_INTEL) {
		set_vendor(s, KPROF_CPUID_LEAF_PERFMON, "GenuineIntel");
		(void)kprof_cpuid_snapshot_set(s, KPROF_CPUID_LEAF_FEATURES, 0,
		                               (uint32_t)KPROF_FIELD_PREP(KPROF_CPUID_1_EAX_FAMILY, 6), 0, 0, 0);
		(void)kprof_cpuid_snapshot_set(
		        s, KPROF_CPUID_LEAF_PERFMON, 0,
		        (uint32_t)(KPROF_FIELD_PREP(KPROF_CPUID_0A_EAX_VERSION, 1) |
		                   KPROF_CPUID_0A_EAX_EBX_LENGTH_MASK),
		        0, 0, 0);
	} else if (which == CPU_AMD) {
		set_vendor(s, KPROF_CPUID_LEAF_FEATURES, "AuthenticAMD");
		(void)kprof_cpuid_snapshot_set(s, KPROF_CPUID_LEAF_EXT_MAX, 0, KPROF_CPUID_LEAF_EXT_FEATURES, 0, 0, 0);
		(void)kprof_cpuid_snapshot_set(s, KPROF_CPUID_LEAF_EXT_FEATURES, 0, 0, 0, 0,
		                               KPROF_CPUID_80000001_EDX_LM_MASK);
	}
}

typedef struct candidate {
	uint32_t hal;
	int cpu;
	size_t diffs;
	kprof_hal_decision d;
} candidate;

/* Differences of text against d; (size_t)-1 cannot happen after the first check read it. */
static size_t count_diffs(const char *text, size_t len, const kprof_hal_decision *d)
{
	kprof_listing_diff_iter it;
	kprof_listing_diff df;
	size_t n = 0;
	if (kprof_listing_diff_iter_init(&it, text, len, d) != KPROF_OK)
		return (size_t)-1;
	while (kprof_listing_diff_iter_next(&it, &df) == KPROF_OK)
		n++;
	return n;
}

/* Two fits that read the same: one release and HAL, one interface (processors differ). */
static int same_fit(const candidate *a, const candidate *b)
{
	return a->hal == b->hal && a->d.table == b->d.table;
}

static const char *release_name(uint32_t id)
{
	const kprof_hal_release *r = kprof_hal_release_by_id(id);
	return r ? kprof_hal_release_name_get(r) : "?";
}

static void print_listed(const kprof_listing_row *r)
{
	kprof_cli_text_bytes(r->name, r->name_len);
}

static void print_diff_text(const kprof_listing_diff *df, const kprof_hal_decision *d)
{
	const char *kind = kprof_listing_diff_kind_name(df->kind);
	if (!kind)
		kind = "?";
	const char *have = df->name; /* the release's spelling */
	kprof_cli_printf("%-10s %lu ", kind, (unsigned long)df->id);
	switch (df->kind) {
	case KPROF_LISTING_DIFF_KIND_MISSING:
		kprof_cli_printf("%s: kprof predicts it (min %lu, max %lu); the listing lacks it\n", have,
		                 (unsigned long)df->min, (unsigned long)df->max);
		break;
	case KPROF_LISTING_DIFF_KIND_UNKNOWN:
		print_listed(&df->row);
		kprof_cli_printf(" (line %lu): kprof knows no %s source %lu\n", (unsigned long)df->row.line,
		                 kprof_cli_interface_name((kprof_source_table)d->table), (unsigned long)df->id);
		break;
	case KPROF_LISTING_DIFF_KIND_UNEXPECTED:
		print_listed(&df->row);
		kprof_cli_printf(" (line %lu): kprof predicts this HAL does not offer %s here\n",
		                 (unsigned long)df->row.line, have);
		break;
	case KPROF_LISTING_DIFF_KIND_NAME:
		kprof_cli_printf("(line %lu): listed \"", (unsigned long)df->row.line);
		print_listed(&df->row);
		kprof_cli_printf("\", kprof has \"%s\"\n", have);
		break;
	default:
		kprof_cli_printf("%s (line %lu): listed %lu, kprof has %lu\n", have,
		                 (unsigned long)df->row.line,
		                 (unsigned long)(df->kind == KPROF_LISTING_DIFF_KIND_MIN ? df->row.min : df->row.max),
		                 (unsigned long)(df->kind == KPROF_LISTING_DIFF_KIND_MIN ? df->min : df->max));
	}
}

static void print_diff_json(const kprof_listing_diff *df)
{
	kprof_cli_puts("{\"kind\": ");
	kprof_cli_json_string(kprof_listing_diff_kind_name(df->kind));
	kprof_cli_printf(", \"id\": %lu, \"listing\": ", (unsigned long)df->id);
	if (df->kind == KPROF_LISTING_DIFF_KIND_MISSING) {
		kprof_cli_puts("null");
	} else {
		kprof_cli_printf("{\"line\": %lu, \"name\": ", (unsigned long)df->row.line);
		kprof_cli_json_bytes(df->row.name, df->row.name_len);
		kprof_cli_printf(", \"interval\": %lu, \"min\": %lu, \"max\": %lu}",
		                 (unsigned long)df->row.interval, (unsigned long)df->row.min,
		                 (unsigned long)df->row.max);
	}
	kprof_cli_puts(", \"kprof\": ");
	if (!df->source) {
		kprof_cli_puts("null}");
	} else {
		kprof_cli_printf("{\"interface\": \"%s\", \"name\": ",
		                 kprof_cli_interface_name((kprof_source_table)df->source->table));
		kprof_cli_json_string(df->name);
		kprof_cli_printf(", \"min\": %lu, \"max\": %lu}}", (unsigned long)df->min,
		                 (unsigned long)df->max);
	}
}

/* The fitting releases per HAL as runs of consecutive releases with one interface:
 * "x64: vista..10-2004 (emon); x86: 8..10-22h2 (emon)". */
static void print_fits(const candidate *cand, size_t n)
{
	unsigned b;
	int any = 0;
	for (b = 0; b < 2; b++) {
		uint32_t build = b ? KPROF_HAL_BUILD_X86 : KPROF_HAL_BUILD_X64;
		const candidate *run = NULL, *prev = NULL;
		size_t k;
		int first = 1;
		for (k = 0; k <= n; k++) {
			const candidate *x = k < n ? &cand[k] : NULL;
			if (x && (x->diffs || x->d.hal != build || (prev && same_fit(x, prev))))
				continue;
			if (run && (!x || x->d.release != prev->d.release + 1 || x->d.table != run->d.table)) {
				kprof_cli_printf("%s%s", first ? (any ? "; " : "") : ", ", first ? (b ? "x86: " : "x64: ") : "");
				kprof_cli_puts(release_name(run->d.release));
				if (prev != run)
					kprof_cli_printf("..%s", release_name(prev->d.release));
				kprof_cli_printf(" (%s)", kprof_cli_interface_name((kprof_source_table)run->d.table));
				first = 0;
				any = 1;
				run = NULL;
			}
			if (x && !run)
				run = x;
			prev = x;
		}
	}
	kprof_cli_puts(any ? "\n" : "none of the releases tried\n");
}

/* Reads the listing once to name what makes it unreadable. 0 or exit 2; *selectable gets the
 * "Maximum selectable profile sources" count, -1 when the listing has none. */
static int listing_readable(const char *path, const char *text, size_t len, size_t *rows, long long *selectable)
{
	kprof_listing_diff_iter it;
	kprof_listing_row r;
	kprof_hal_decision d;
	kprof_status st;
	(void)kprof_hal_decision_get(NULL, KPROF_HAL_BUILD_X64, &d);
	st = kprof_listing_diff_iter_init(&it, text, len, &d);
	if (st == KPROF_E_DUPLICATE)
		return kprof_cli_error_at(path, it.rows.line, 0, "source id listed twice");
	if (st != KPROF_OK && it.rows.line == 0)
		return kprof_cli_error("%s: no 'Id Name Interval Min Max' header line: not the output of "
		                       "wpr -pmcsources or tracelog -profilesources Help",
		                       kprof_cli_file_label(path));
	if (st != KPROF_OK)
		return kprof_cli_error_at(path, it.rows.line, 0,
		                          it.rows.header ? "not a source row (Id Name Interval Min Max: a decimal id, a "
		                                           "name of letters, digits and _, three decimal numbers)"
		                                         : "'Maximum selectable profile sources:' needs one decimal "
		                                           "count, once, before the table");
	*rows = 0;
	while (kprof_listing_iter_next(&it.rows, &r) == KPROF_OK)
		(*rows)++;
	*selectable = it.rows.has_max_selectable ? (long long)it.rows.max_selectable : -1;
	return 0;
}

/* What kprof knows of the selectable count for an interface (spec/windows_releases.yaml
 * max_selectable): the row, or NULL. */
static const kprof_hal_max_selectable *selectable_fact(unsigned iface)
{
	const char *name = kprof_cli_interface_name((kprof_source_table)iface);
	return kprof_hal_max_selectable_by_table(name, strlen(name));
}

int kprof_cmd_listing_check(const kprof_cli_args *a)
{
	const char *file = kprof_cli_opt(a, KPROF_CLI_OPT_FILE)->text, *dump = NULL;
	const kprof_cli_value *win = kprof_cli_opt(a, KPROF_CLI_OPT_WINDOWS), *hal = kprof_cli_opt(a, KPROF_CLI_OPT_HAL);
	uint32_t release = 0;
	uint64_t cpu = kprof_cli_opt(a, KPROF_CLI_OPT_CPU)->num;
	int json = kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set, hal_only = hal->set ? (int)hal->num : -1;
	int rc, c, cpus;
	char *text;
	size_t len, rows = 0, n = 0, best = 0, k, fits = 0, last = 0;
	long long selectable = -1;
	const kprof_hal_max_selectable *sel;
	kprof_cpuid_snapshot snaps[CPU_ASSUMED];
	candidate *cand;
	kprof_listing_diff_iter it;
	kprof_listing_diff df;
	if (kprof_cli_opt(a, KPROF_CLI_OPT_CPUID_FILE)->set)
		dump = kprof_cli_opt(a, KPROF_CLI_OPT_CPUID_FILE)->text;
	if (win->set && kprof_cli_windows_parse(a->cmd, win->text, &release) != 0)
		return KPROF_CLI_EXIT_USAGE;
	if (release && hal_only >= 0 &&
	    (rc = kprof_cli_hal_check(a->cmd, (uint32_t)hal_only | KPROF_HAL_RELEASE(release))) != 0)
		return rc;
	if (!dump && cpu)
		return kprof_cli_usage(a->cmd, "--cpu needs --cpuid-file");
	if (dump) {
		rc = kprof_cli_dump_snapshot_file(dump, (uint32_t)cpu, &snaps[0]);
		if (rc)
			return rc;
		cpus = 1;
	} else {
		for (c = 0; c < CPU_ASSUMED; c++)
			assumed_cpu(c, &snaps[c]);
		cpus = CPU_ASSUMED;
	}
	rc = kprof_cli_read_text(file, &text, &len);
	if (rc)
		return rc;
	rc = listing_readable(file, text, len, &rows, &selectable);
	if (rc) {
		free(text);
		return rc;
	}
	cand = (candidate *)calloc((size_t)cpus * KPROF_HAL_RELEASE_COUNT * 2, sizeof *cand);
	if (!cand) {
		free(text);
		kprof_cli_error("out of memory");
		return KPROF_CLI_EXIT_FAILURE;
	}
	/* Every (release, HAL, processor) asked about, oldest release first. */
	for (k = 0; k < KPROF_HAL_RELEASE_COUNT; k++) {
		const kprof_hal_release *r = kprof_hal_release_by_id(KPROF_HAL_RELEASE_FIRST + (uint32_t)k);
		unsigned b;
		if (release && r->id != release)
			continue;
		for (b = 0; b < 2; b++) {
			uint32_t build = b ? KPROF_HAL_BUILD_X86 : KPROF_HAL_BUILD_X64;
			if ((hal_only >= 0 && build != (uint32_t)hal_only) || !(b ? r->x86 : r->x64))
				continue;
			for (c = 0; c < cpus; c++) {
				candidate *x = &cand[n];
				x->hal = build | KPROF_HAL_RELEASE(r->id);
				x->cpu = dump ? -1 : c;
				(void)kprof_hal_decision_get(&snaps[c], x->hal, &x->d);
				x->diffs = count_diffs(text, len, &x->d);
				fits += x->diffs == 0;
				/* The one shown: the fewest differences; on a tie the newer release, the 64-bit
				 * HAL, the first processor. */
				if (n == 0 || x->diffs < cand[best].diffs ||
				    (x->diffs == cand[best].diffs && x->d.release > cand[best].d.release))
					best = n;
				n++;
			}
		}
	}
	if (n == 0) {
		free(cand);
		free(text);
		return kprof_cli_usage(a->cmd, "no release shipped that HAL");
	}
	if (json) {
		kprof_cli_puts("{\"file\": ");
		kprof_cli_json_string(file);
		kprof_cli_printf(", \"sources\": %lu,\n \"cpu\": ", (unsigned long)rows);
		if (dump)
			kprof_cli_json_string(dump);
		else
			kprof_cli_json_string(cpu_text[cand[best].cpu]);
		kprof_cli_printf(",\n \"windows\": \"%s\", \"hal\": \"%s\", \"interface\": \"%s\", \"reason\": ",
		                 release_name(cand[best].d.release),
		                 cand[best].d.hal == KPROF_HAL_BUILD_X86 ? "x86" : "x64",
		                 kprof_cli_interface_name((kprof_source_table)cand[best].d.table));
		kprof_cli_json_string(kprof_hal_reason_name(cand[best].d.reason));
		kprof_cli_puts(", \"uncertain\": ");
		kprof_cli_uncertain_print(cand[best].d.uncertain, 1);
		kprof_cli_puts(",\n \"fits\": [");
		for (k = 0, c = 0; k < n; k++) {
			if (cand[k].diffs || (c && same_fit(&cand[k], &cand[last])))
				continue;
			last = k;
			kprof_cli_printf("%s{\"windows\": \"%s\", \"hal\": \"%s\", \"interface\": \"%s\"}",
			                 c++ ? ", " : "", release_name(cand[k].d.release),
			                 cand[k].d.hal == KPROF_HAL_BUILD_X86 ? "x86" : "x64",
			                 kprof_cli_interface_name((kprof_source_table)cand[k].d.table));
		}
		sel = selectable_fact(cand[best].d.table);
		kprof_cli_puts("],\n \"max_selectable\": {\"listed\": ");
		if (selectable < 0)
			kprof_cli_puts("null");
		else
			kprof_cli_printf("%lld", selectable);
		if (sel && sel->known)
			kprof_cli_printf(", \"predicted\": %u}", (unsigned)sel->count);
		else
			kprof_cli_puts(", \"predicted\": null}");
		kprof_cli_printf(",\n \"agree\": %s,\n \"differences\": [", fits ? "true" : "false");
	} else {
		kprof_cli_printf("listing    %s: %lu sources\n", kprof_cli_file_label(file), (unsigned long)rows);
		kprof_cli_puts("cpu        ");
		if (dump)
			kprof_cli_printf("%s\n", kprof_cli_file_label(dump));
		else
			kprof_cli_printf("%s\n", cpu_text[cand[best].cpu]);
		kprof_cli_puts("fits       ");
		print_fits(cand, n);
		/* The count newer xperf prints first, and kprof's prediction for the interface shown. */
		sel = selectable_fact(cand[best].d.table);
		if (selectable < 0)
			kprof_cli_puts("selectable not listed (the tool printed no 'Maximum selectable profile sources' line)");
		else
			kprof_cli_printf("selectable %lld listed", selectable);
		if (sel && sel->known)
			kprof_cli_printf("; kprof predicts %u for %s\n", (unsigned)sel->count,
			                 kprof_cli_interface_name((kprof_source_table)cand[best].d.table));
		else
			kprof_cli_printf("; kprof cannot predict it for %s: no public source settles it\n",
			                 kprof_cli_interface_name((kprof_source_table)cand[best].d.table));
		if (!fits) {
			kprof_cli_puts("closest    ");
			kprof_cli_release_print(&cand[best].d);
			kprof_cli_printf(": %s (%s)\n",
			                 kprof_cli_interface_name((kprof_source_table)cand[best].d.table),
			                 kprof_hal_reason_name(cand[best].d.reason));
			if (cand[best].d.uncertain) {
				kprof_cli_puts("uncertain  ");
				kprof_cli_uncertain_print(cand[best].d.uncertain, 0);
				kprof_cli_puts("\n");
			}
		}
		if (fits)
			kprof_cli_puts("result     agree\n");
		else
			kprof_cli_printf("result     %lu difference%s\n", (unsigned long)cand[best].diffs,
			                 cand[best].diffs == 1 ? "" : "s");
	}
	if (!fits && kprof_listing_diff_iter_init(&it, text, len, &cand[best].d) == KPROF_OK) {
		int first = 1;
		while (kprof_listing_diff_iter_next(&it, &df) == KPROF_OK) {
			if (json) {
				kprof_cli_puts(first ? "\n  " : ",\n  ");
				print_diff_json(&df);
			} else {
				print_diff_text(&df, &cand[best].d);
			}
			first = 0;
		}
	}
	if (json)
		kprof_cli_puts(fits ? "]}\n" : "\n ]}\n");
	free(cand);
	free(text);
	/* main() prints the buffer only for exit 0: a difference is a result, not an error. */
	return fits ? KPROF_CLI_EXIT_OK : KPROF_CLI_EXIT_DIFFER;
}
