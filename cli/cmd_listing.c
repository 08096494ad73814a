/* kprof listing-check: a real machine's profile-source listing against the HAL kprof models
 * for it. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ listing-check */

/* A vendor string into leaf 0's ebx, edx, ecx, as cpuid returns it. */
static void set_vendor(kprof_cpuid_snapshot *s, uint32_t max_leaf, kprof_cpuid_vendor vendor)
{
	const char *v = kprof_cpuid_vendor_name(vendor);
	uint32_t r[3] = {0, 0, 0};
	unsigned i;
	for (i = 0; i < 12; i++)
		r[i / 4] |= (uint32_t)(unsigned char)v[i] << (8 * (i % 4));
	(void)kprof_cpuid_snapshot_set(s, 0, 0, (const uint32_t[4]){max_leaf, r[0], r[2], r[1]});
}

/* The processors a listing is compared with when no dump says which: an Intel processor
 * whose leaf 0x0A declares every event (all ebx bits meaningful and clear), an AMD64
 * processor, and one the HAL gives Default. */
enum { CPU_INTEL, CPU_AMD, CPU_OTHER, CPU_ASSUMED };
static const struct {
	kprof_cpuid_vendor vendor; /* its vendor string starts the text; UNKNOWN: none */
	const char *text;
} cpu_assumed[CPU_ASSUMED] = {
        {KPROF_CPUID_VENDOR_INTEL, ", every architectural event available (assumed: no --cpuid-file)"},
        {KPROF_CPUID_VENDOR_AMD, " with long mode (assumed: no --cpuid-file)"},
        {KPROF_CPUID_VENDOR_UNKNOWN, "a processor the HAL gives Default (assumed: no --cpuid-file)"}};

/* The words for an assumed processor, in buf. */
static const char *cpu_text(int which, char *buf, size_t size)
{
	(void)snprintf(buf, size, "%s%s",
	               cpu_assumed[which].vendor ? kprof_cpuid_vendor_name(cpu_assumed[which].vendor) : "",
	               cpu_assumed[which].text);
	return buf;
}

static void assumed_cpu(int which, kprof_cpuid_snapshot *s)
{
	kprof_cpuid_snapshot_init(s);
	if (which == CPU_INTEL) {
		set_vendor(s, KPROF_CPUID_LEAF_PERFMON, cpu_assumed[which].vendor);
		(void)kprof_cpuid_snapshot_set(s, KPROF_CPUID_LEAF_FEATURES, 0, (const uint32_t[4]){(uint32_t)KPROF_FIELD_PREP(KPROF_CPUID_1_EAX_FAMILY, KPROF_CPUID_FAMILY_P6), 0, 0, 0});
		(void)kprof_cpuid_snapshot_set(s, KPROF_CPUID_LEAF_PERFMON, 0, (const uint32_t[4]){(uint32_t)(KPROF_FIELD_PREP(KPROF_CPUID_0A_EAX_VERSION, 1) |
		                   KPROF_CPUID_0A_EAX_EBX_LENGTH_MASK), 0, 0, 0});
	} else if (which == CPU_AMD) {
		set_vendor(s, KPROF_CPUID_LEAF_FEATURES, cpu_assumed[which].vendor);
		(void)kprof_cpuid_snapshot_set(s, KPROF_CPUID_LEAF_EXT_MAX, 0, (const uint32_t[4]){KPROF_CPUID_LEAF_EXT_FEATURES, 0, 0, 0});
		(void)kprof_cpuid_snapshot_set(s, KPROF_CPUID_LEAF_EXT_FEATURES, 0, (const uint32_t[4]){0, 0, 0, KPROF_CPUID_80000001_EDX_LM_MASK});
	}
}

typedef struct candidate {
	uint32_t hal;
	int cpu;
	size_t diffs;
	kprof_hal_decision d;
} candidate;

/* Differences of text against d and the custom sources (NULL: none); (size_t)-1 cannot
 * happen after the first check read it. */
static size_t count_diffs(const char *text, size_t len, const kprof_hal_decision *d,
                          kprof_cli_custom_set *custom)
{
	kprof_listing_diff_iter it;
	kprof_listing_diff df;
	size_t n = 0;
	if (kprof_listing_diff_iter_init(&it, text, len, d) != KPROF_OK)
		return (size_t)-1;
	kprof_cli_custom_reset(custom);
	while (kprof_listing_diff_iter_next(&it, &df) == KPROF_OK)
		n += kprof_cli_custom_match(custom, &df, d) != KPROF_CLI_CUSTOM_AGREES;
	return n + kprof_cli_custom_missing(custom, d);
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
		                 kprof_cli_interface_name(d->table), (unsigned long)df->id);
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
		                 kprof_cli_interface_name(kprof_source_table_get(df->source)));
		kprof_cli_json_string(df->name);
		kprof_cli_printf(", \"min\": %lu, \"max\": %lu}}", (unsigned long)df->min,
		                 (unsigned long)df->max);
	}
}

/* A custom source listed with another interval than its file gives, and one not listed. */
static void print_custom_diff(const kprof_cli_custom_set *c, const kprof_listing_row *r, int json)
{
	size_t i;
	for (i = 0; i < c->n && !(strlen(c->src[i].name) == r->name_len &&
	                          memcmp(c->src[i].name, r->name, r->name_len) == 0);
	     i++)
		;
	if (i == c->n)
		return;
	if (json) {
		kprof_cli_printf("{\"kind\": \"custom_interval\", \"id\": %lu, \"listing\": {\"line\": %lu, \"name\": ",
		                 (unsigned long)r->id, (unsigned long)r->line);
		kprof_cli_json_bytes(r->name, r->name_len);
		kprof_cli_printf(", \"interval\": %lu, \"min\": %lu, \"max\": %lu}, \"kprof\": {\"interface\": "
		                 "\"custom\", \"name\": ",
		                 (unsigned long)r->interval, (unsigned long)r->min, (unsigned long)r->max);
		kprof_cli_json_string(c->src[i].name);
		kprof_cli_printf(", \"interval\": %lu, \"line\": %lu}}", (unsigned long)c->src[i].interval,
		                 (unsigned long)c->src[i].line);
	} else {
		kprof_cli_printf("custom     %lu %s (line %lu): listed interval %lu, %s line %lu gives %lu\n",
		                 (unsigned long)r->id, c->src[i].name, (unsigned long)r->line,
		                 (unsigned long)r->interval, kprof_cli_file_label(c->path),
		                 (unsigned long)c->src[i].line, (unsigned long)c->src[i].interval);
	}
}

static void print_custom_missing(const kprof_cli_custom_set *c, const kprof_cli_custom_source *s, int json)
{
	if (json) {
		kprof_cli_puts("{\"kind\": \"custom_missing\", \"id\": null, \"listing\": null, \"kprof\": "
		               "{\"interface\": \"custom\", \"name\": ");
		kprof_cli_json_string(s->name);
		kprof_cli_printf(", \"interval\": %lu, \"line\": %lu}}", (unsigned long)s->interval,
		                 (unsigned long)s->line);
	} else {
		kprof_cli_printf("custom     - %s: %s line %lu adds it for this processor; the listing "
		                 "lacks it\n",
		                 s->name, kprof_cli_file_label(c->path), (unsigned long)s->line);
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
				kprof_cli_printf(" (%s)", kprof_cli_interface_name(run->d.table));
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
	(void)kprof_cli_decide(NULL, KPROF_HAL_BUILD_X64, &d);
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
		                                           "name of letters, digits, _, . and -, three decimal numbers)"
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
	char *text = NULL, cpu_words[96];
	size_t len, rows = 0, n = 0, best = 0, k, fits = 0, last = 0;
	long long selectable = -1;
	const kprof_hal_max_selectable *sel;
	kprof_cpuid_snapshot snaps[CPU_ASSUMED];
	candidate *cand;
	kprof_listing_diff_iter it;
	kprof_listing_diff df;
	kprof_cli_custom_set custom_set = {NULL, NULL, 0, 0}, *custom = NULL;
	const kprof_cli_value *custom_file = kprof_cli_opt(a, KPROF_CLI_OPT_CUSTOM_SOURCES);
	if (kprof_cli_opt(a, KPROF_CLI_OPT_CPUID_FILE)->set)
		dump = kprof_cli_opt(a, KPROF_CLI_OPT_CPUID_FILE)->text;
	if (win->set && kprof_cli_windows_parse(a->cmd, win->text, &release) != 0)
		return KPROF_CLI_EXIT_USAGE;
	if (release && hal_only >= 0 &&
	    (rc = kprof_cli_hal_check(a->cmd, (uint32_t)hal_only | KPROF_CLI_RELEASE(release))) != 0)
		return rc;
	if (!dump && cpu)
		return kprof_cli_usage(a->cmd, "--cpu needs --cpuid-file");
	if (!dump && custom_file->set)
		return kprof_cli_usage(a->cmd, "--custom-sources needs --cpuid-file (a group loads "
		                               "only on the processors it names)");
	if (dump) {
		rc = kprof_cli_dump_snapshot_file(dump, kprof_cli_opt(a, KPROF_CLI_OPT_CPU)->set ? (uint32_t)cpu
		                                                                          : KPROF_CLI_NO_CPU,
		                                  &snaps[0]);
		if (rc)
			return rc;
		cpus = 1;
	} else {
		for (c = 0; c < CPU_ASSUMED; c++)
			assumed_cpu(c, &snaps[c]);
		cpus = CPU_ASSUMED;
	}
	if (custom_file->set) {
		kprof_hal_decision d0;
		(void)kprof_hal_decision_get(&snaps[0], KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d0);
		rc = kprof_cli_custom_load(custom_file->text, &d0, &custom_set);
		if (rc)
			return rc;
		custom = &custom_set;
	}
	rc = kprof_cli_read_text(file, &text, &len);
	if (!rc)
		rc = listing_readable(file, text, len, &rows, &selectable);
	if (rc) {
		free(text);
		kprof_cli_custom_free(&custom_set);
		return rc;
	}
	cand = (candidate *)calloc((size_t)cpus * KPROF_HAL_RELEASE_COUNT * 2, sizeof *cand);
	if (!cand) {
		free(text);
		kprof_cli_custom_free(&custom_set);
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
				x->hal = build | KPROF_CLI_RELEASE(r->id);
				x->cpu = dump ? -1 : c;
				(void)kprof_cli_decide(&snaps[c], x->hal, &x->d);
				x->diffs = count_diffs(text, len, &x->d, custom);
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
		kprof_cli_custom_free(&custom_set);
		return kprof_cli_usage(a->cmd, "no release shipped that HAL");
	}
	if (json) {
		kprof_cli_puts("{\"file\": ");
		kprof_cli_json_string(file);
		kprof_cli_printf(", \"sources\": %lu,\n \"cpu\": ", (unsigned long)rows);
		if (dump)
			kprof_cli_json_string(dump);
		else
			kprof_cli_json_string(cpu_text(cand[best].cpu, cpu_words, sizeof(cpu_words)));
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
			kprof_cli_printf("%s\n", cpu_text(cand[best].cpu, cpu_words, sizeof(cpu_words)));
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
		if (custom)
			kprof_cli_printf("custom     %s: %lu sources, %lu load on this processor\n",
			                 kprof_cli_file_label(custom->path), (unsigned long)custom->n,
			                 (unsigned long)custom->loading);
		if (fits)
			kprof_cli_puts("result     agree\n");
		else
			kprof_cli_printf("result     %lu difference%s\n", (unsigned long)cand[best].diffs,
			                 cand[best].diffs == 1 ? "" : "s");
	}
	if (!fits && kprof_listing_diff_iter_init(&it, text, len, &cand[best].d) == KPROF_OK) {
		int first = 1;
		kprof_cli_custom_reset(custom);
		while (kprof_listing_diff_iter_next(&it, &df) == KPROF_OK) {
			int m = kprof_cli_custom_match(custom, &df, &cand[best].d);
			if (m == KPROF_CLI_CUSTOM_AGREES)
				continue;
			if (json)
				kprof_cli_puts(first ? "\n  " : ",\n  ");
			if (m == KPROF_CLI_CUSTOM_INTERVAL)
				print_custom_diff(custom, &df.row, json);
			else if (json)
				print_diff_json(&df);
			else
				print_diff_text(&df, &cand[best].d);
			first = 0;
		}
		if (kprof_cli_custom_missing(custom, &cand[best].d))
			for (k = 0; k < custom->n; k++)
				if (custom->src[k].loads && !custom->src[k].listed) {
					if (json)
						kprof_cli_puts(first ? "\n  " : ",\n  ");
					print_custom_missing(custom, &custom->src[k], json);
					first = 0;
				}
	}
	if (json && custom)
		kprof_cli_printf(fits ? "],\n \"custom_sources\": {\"file\": " : "\n ],\n \"custom_sources\": {\"file\": ");
	if (json && custom) {
		kprof_cli_json_string(custom->path);
		kprof_cli_printf(", \"given\": %lu, \"loading\": %lu}}\n", (unsigned long)custom->n,
		                 (unsigned long)custom->loading);
	} else if (json) {
		kprof_cli_puts(fits ? "]}\n" : "\n ]}\n");
	}
	free(cand);
	free(text);
	kprof_cli_custom_free(&custom_set);
	/* main() prints the buffer only for exit 0: a difference is a result, not an error. */
	return fits ? KPROF_CLI_EXIT_OK : KPROF_CLI_EXIT_DIFFER;
}
