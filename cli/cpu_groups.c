/* Every logical CPU of a dump: loading a dump file or a hwloc-gather-cpuid directory, the
 * groups of CPUs that report the same profiling facts (kprof_cpu_groups) as `kprof info`
 * prints them, and `kprof cpuid-dump --all` (every online CPU, pinned in turn). */
#define _GNU_SOURCE
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <sched.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------------------ loading */
static int pu_number(const char *name, uint32_t *n)
{
	uint64_t v;
	if (strncmp(name, "pu", 2) != 0 || name[2] < '0' || name[2] > '9')
		return 0;
	if (kprof_cli_parse_u64(name + 2, 0xFFFFFFFEu, &v) != 0)
		return 0;
	*n = (uint32_t)v;
	return 1;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static int add_text(kprof_cli_dump *d, char *text, size_t len, uint32_t id)
{
	char **t = (char **)realloc(d->text, (d->count + 1) * sizeof *t);
	size_t *l;
	uint32_t *i;
	if (!t)
		return -1;
	d->text = t;
	l = (size_t *)realloc(d->len, (d->count + 1) * sizeof *l);
	if (!l)
		return -1;
	d->len = l;
	i = (uint32_t *)realloc(d->id, (d->count + 1) * sizeof *i);
	if (!i)
		return -1;
	d->id = i;
	d->text[d->count] = text;
	d->len[d->count] = len;
	d->id[d->count] = id;
	d->count++;
	return 0;
}

void kprof_cli_dump_free(kprof_cli_dump *d)
{
	size_t i;
	for (i = 0; i < d->count; i++)
		free(d->text[i]);
	free(d->text);
	free(d->len);
	free(d->id);
	memset(d, 0, sizeof *d);
}

/* hwloc's summary file: its first line must say x86 (hwloc refuses the directory otherwise). */
static int check_hwloc_info(const char *dir)
{
	char path[4096], *text;
	size_t len;
	FILE *f;
	snprintf(path, sizeof path, "%s/hwloc-cpuid-info", dir);
	f = fopen(path, "rb");
	if (!f)
		return 0; /* optional for kprof: the pu files say everything */
	fclose(f);
	if (kprof_cli_read_text(path, &text, &len))
		return KPROF_CLI_EXIT_USAGE;
	if (strncmp(text, "Architecture: x86\n", 18) != 0 &&
	    strcmp(text, "Architecture: x86") != 0) {
		free(text);
		return kprof_cli_error(
		        "%s:1: not an x86 hwloc cpuid dump (expected \"Architecture: x86\")", path);
	}
	free(text);
	return 0;
}

int kprof_cli_dump_load(const char *path, kprof_cli_dump *d)
{
	struct stat st;
	memset(d, 0, sizeof *d);
	d->path = path;
	if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		DIR *dir = opendir(path);
		struct dirent *e;
		uint32_t *ids = NULL, n;
		size_t count = 0, i;
		int rc;
		if (!dir)
			return kprof_cli_error("%s: %s", path, strerror(errno));
		if ((rc = check_hwloc_info(path)) != 0) {
			closedir(dir);
			return rc;
		}
		while ((e = readdir(dir)) != NULL) {
			uint32_t *p;
			if (!pu_number(e->d_name, &n))
				continue;
			p = (uint32_t *)realloc(ids, (count + 1) * sizeof *ids);
			if (!p) {
				free(ids);
				closedir(dir);
				return kprof_cli_error("%s: out of memory", path);
			}
			ids = p;
			ids[count++] = n;
		}
		closedir(dir);
		if (!count)
			return kprof_cli_error(
			        "%s: no pu<N> file: not a hwloc-gather-cpuid directory", path);
		qsort(ids, count, sizeof *ids, cmp_u32);
		d->is_dir = 1;
		for (i = 0; i < count; i++) {
			char file[4096];
			char *text;
			size_t len;
			snprintf(file, sizeof file, "%s/pu%lu", path, (unsigned long)ids[i]);
			if ((rc = kprof_cli_read_text(file, &text, &len)) != 0 ||
			    add_text(d, text, len, ids[i])) {
				free(ids);
				kprof_cli_dump_free(d);
				return rc ? rc : kprof_cli_error("%s: out of memory", path);
			}
		}
		free(ids);
		return 0;
	} else {
		char *text;
		size_t len;
		int rc = kprof_cli_read_text(path, &text, &len);
		if (rc)
			return rc;
		if (add_text(d, text, len, KPROF_DUMP_NO_CPU_ID)) {
			free(text);
			return kprof_cli_error("%s: out of memory", path);
		}
		return 0;
	}
}

int kprof_cli_dump_from_text(char *text, size_t len, const char *label, kprof_cli_dump *d)
{
	memset(d, 0, sizeof *d);
	d->path = label;
	if (add_text(d, text, len, KPROF_DUMP_NO_CPU_ID)) {
		free(text);
		return kprof_cli_error("%s: out of memory", label);
	}
	return 0;
}

/* The file a text came from, for messages. */
static void text_name(const kprof_cli_dump *d, size_t i, char *buf, size_t cap)
{
	if (d->is_dir)
		snprintf(buf, cap, "%s/pu%lu", d->path, (unsigned long)d->id[i]);
	else
		snprintf(buf, cap, "%s", d->path);
}

/* The one message for a dump the reader refused: file, line, what the line lacked. */
static int dump_error(const char *name, kprof_status st, const kprof_dump_error *err)
{
	const char *expected = kprof_dump_expect_name(err->expect);
	if (!expected)
		expected = "?";
	if (err->line == 0)
		return kprof_cli_error("%s: empty: not a cpuid dump (expected %s)",
		                       kprof_cli_file_label(name), expected);
	if (st == KPROF_E_DUPLICATE)
		return kprof_cli_error_at(name, err->line, 0,
		                          "leaf repeated in CPU block %lu (expected %s)",
		                          (unsigned long)(err->cpus ? err->cpus - 1 : 0), expected);
	if (err->records == 0 && err->format == KPROF_DUMP_FORMAT_UNKNOWN)
		return kprof_cli_error_at(name, err->line, 0, "not a cpuid dump (expected %s)",
		                          expected);
	return kprof_cli_error_at(name, err->line, 0, "malformed %s line (expected %s)",
	                          kprof_dump_format_name(err->format), expected);
}

int kprof_cli_dump_snapshot(const kprof_cli_dump *d, uint32_t cpu, kprof_cpuid_snapshot *out)
{
	char name[4200];
	kprof_dump_error err;
	kprof_status st;
	size_t i, cpus = 0;
	/* Every text must read, even the ones not asked for. */
	for (i = 0; i < d->count; i++) {
		kprof_cpuid_snapshot s;
		st = kprof_dump_snapshot_get(d->text[i], d->len[i], 0, &s, &err);
		if (st != KPROF_OK && st != KPROF_E_NOT_FOUND) {
			text_name(d, i, name, sizeof name);
			return dump_error(name, st, &err);
		}
		if (st ==
		    KPROF_E_NOT_FOUND) { /* no block at all cannot happen: END needs a record */
			text_name(d, i, name, sizeof name);
			return kprof_cli_error("%s: no CPU block", name);
		}
		if (cpu >= cpus && cpu < cpus + err.cpus) {
			if (kprof_dump_snapshot_get(d->text[i], d->len[i], (uint32_t)(cpu - cpus), out,
			                        &err) != KPROF_OK) {
				text_name(d, i, name, sizeof name);
				return kprof_cli_error("%s: no CPU block %lu", name,
				                       (unsigned long)(cpu - cpus));
			}
		}
		cpus += err.cpus;
	}
	if (cpu >= cpus)
		return kprof_cli_error("%s: no CPU block %lu (the dump has %lu, numbered from 0)",
		                       kprof_cli_file_label(d->path), (unsigned long)cpu,
		                       (unsigned long)cpus);
	return 0;
}

int kprof_cli_dump_groups(const kprof_cli_dump *d, kprof_cli_groups *out)
{
	size_t i;
	memset(out, 0, sizeof *out);
	out->cap = 16;
	for (;;) {
		uint32_t cpus = 0;
		for (i = 0; i < d->count; i++) {
			kprof_dump_error err;
			kprof_cpuid_snapshot s;
			(void)kprof_dump_snapshot_get(d->text[i], d->len[i], 0, &s, &err);
			cpus += err.cpus;
		}
		out->group = (kprof_cpu_group *)calloc(out->cap, sizeof *out->group);
		out->cpu_group = (uint32_t *)calloc(cpus ? cpus : 1, sizeof *out->cpu_group);
		out->cpu_id = (uint32_t *)calloc(cpus ? cpus : 1, sizeof *out->cpu_id);
		if (!out->group || !out->cpu_group || !out->cpu_id) {
			kprof_cli_groups_free(out);
			return kprof_cli_error("%s: out of memory", d->path);
		}
		kprof_cpu_groups_init(&out->gs, out->group, out->cap, out->cpu_group, cpus);
		for (i = 0; i < d->count; i++) {
			kprof_dump_error err;
			uint32_t before = out->gs.cpus, g0 = out->gs.count, k;
			kprof_status st =
			        kprof_cpu_dump_add(&out->gs, d->text[i], d->len[i], &err);
			if (st == KPROF_E_BUFFER_TOO_SMALL)
				break;
			if (st != KPROF_OK) {
				char name[4200];
				text_name(d, i, name, sizeof name);
				kprof_cli_groups_free(out);
				return dump_error(name, st, &err);
			}
			/* A directory's CPUs are numbered by their file names. */
			for (k = before; k < out->gs.cpus && k < cpus; k++)
				out->cpu_id[k] = d->is_dir ? d->id[i] : k;
			for (k = g0; k < out->gs.count; k++)
				if (d->is_dir)
					out->group[k].first_cpu_id = d->id[i];
		}
		if (i == d->count)
			return 0;
		free(out->group);
		free(out->cpu_group);
		free(out->cpu_id);
		out->cap *= 4;
	}
}

void kprof_cli_groups_free(kprof_cli_groups *g)
{
	free(g->group);
	free(g->cpu_group);
	free(g->cpu_id);
	memset(g, 0, sizeof *g);
}

/* ------------------------------------------------------------------ printing */
/* The CPUs of group k as "0-15,20", by their numbers. */
static void cpu_list(const kprof_cli_groups *g, uint32_t k, int json)
{
	uint32_t c, n = g->gs.cpus, first = 1;
	if (json) {
		kprof_cli_puts("[");
		for (c = 0; c < n; c++) {
			if (g->cpu_group[c] != k)
				continue;
			kprof_cli_printf("%s%lu", first ? "" : ", ", (unsigned long)g->cpu_id[c]);
			first = 0;
		}
		kprof_cli_puts("]");
		return;
	}
	for (c = 0; c < n; c++) {
		uint32_t e = c;
		if (g->cpu_group[c] != k)
			continue;
		while (e + 1 < n && g->cpu_group[e + 1] == k &&
		       g->cpu_id[e + 1] == g->cpu_id[e] + 1)
			e++;
		kprof_cli_printf("%s%lu", first ? "" : ",", (unsigned long)g->cpu_id[c]);
		if (e > c)
			kprof_cli_printf("-%lu", (unsigned long)g->cpu_id[e]);
		first = 0;
		c = e;
	}
}

static void fact_names(uint64_t mask, int json)
{
	unsigned f, first = 1;
	if (json)
		kprof_cli_puts("[");
	for (f = 0; f < KPROF_CPU_FACT_COUNT; f++) {
		if (!(mask >> f & 1u))
			continue;
		if (json) {
			kprof_cli_puts(first ? "" : ", ");
			kprof_cli_json_string(kprof_cpu_fact_name((int)f));
		} else {
			kprof_cli_printf("%s%s", first ? "" : " ", kprof_cpu_fact_name((int)f));
		}
		first = 0;
	}
	if (json)
		kprof_cli_puts("]");
}

/* The sources of the boot interface whose support differs on a group. */
static void differing_sources(const kprof_hal_decision *boot, const kprof_hal_decision *here,
                              int json)
{
	size_t n = 0, i;
	const kprof_source *rows = kprof_source_rows_by_table((kprof_source_table)boot->table, &n);
	unsigned first = 1;
	if (json)
		kprof_cli_puts("[");
	for (i = 0; rows && i < n; i++) {
		int a = kprof_cli_supported(boot, &rows[i]),
		    b = kprof_cli_supported(here, &rows[i]);
		if (a == b)
			continue;
		if (json) {
			kprof_cli_printf("%s{\"name\": ", first ? "" : ", ");
			kprof_cli_json_string(kprof_source_name_get(&rows[i]));
			kprof_cli_printf(", \"boot\": %s, \"here\": %s}", a ? "true" : "false",
			                 b ? "true" : "false");
		} else {
			kprof_cli_printf("%s%s (%s here)", first ? "" : ", ",
			                 kprof_source_name_get(&rows[i]),
			                 b ? "supported" : "unsupported");
		}
		first = 0;
	}
	if (json)
		kprof_cli_puts("]");
	else if (first)
		kprof_cli_puts("none");
}

void kprof_cli_groups_print(const kprof_cli_groups *g, kprof_hal_build hal, int json)
{
	kprof_hal_decision boot;
	uint32_t k;
	if (!g || !g->gs.count) {
		if (json)
			kprof_cli_puts(",\n  \"cpu_groups\": null");
		return;
	}
	kprof_hal_decision_get(&g->group[0].snap, hal, &boot);
	if (json)
		kprof_cli_puts(",\n  \"cpu_groups\": [");
	else
		kprof_cli_printf(
		        "\ncpu groups  %lu logical CPUs in %lu group%s by the profiling facts "
		        "they report; the HAL decides once, from the boot processor (group 0)\n",
		        (unsigned long)g->gs.cpus, (unsigned long)g->gs.count,
		        g->gs.count == 1 ? "" : "s");
	for (k = 0; k < g->gs.count; k++) {
		kprof_cpu_effect e;
		kprof_cpu_group_compare(&g->group[0], &g->group[k], hal, &e);
		if (json) {
			kprof_cli_printf("%s\n    {\"cpus\": ", k ? "," : "");
			cpu_list(g, k, 1);
			kprof_cli_puts(", \"facts_differ\": ");
			fact_names(e.facts_differ, 1);
			kprof_cli_printf(
			        ",\n     \"own_interface\": \"%s\", \"interface\": \"%s\", "
			        "\"counters\": %u, \"counter_width\": %u, \"fixed_counters\": %u, "
			        "\"fixed_width\": %u,\n     \"sources_differ\": ",
			        kprof_cli_interface_name((kprof_source_table)e.own_table),
			        kprof_cli_interface_name((kprof_source_table)boot.table),
			        e.here.counters, e.here.counter_width, e.here.fixed_counters,
			        e.here.fixed_width);
			differing_sources(&boot, &e.here, 1);
			kprof_cli_puts("}");
			continue;
		}
		kprof_cli_printf("  group %lu: %lu CPU%s: ", (unsigned long)k,
		                 (unsigned long)g->group[k].cpus, g->group[k].cpus == 1 ? "" : "s");
		cpu_list(g, k, 0);
		if (k == 0) {
			kprof_cli_printf(
			        "\n    boot processor: %s, %u counters %u bits wide, %u fixed\n",
			        kprof_cli_interface_name((kprof_source_table)boot.table),
			        boot.counters, boot.counter_width, boot.fixed_counters);
			continue;
		}
		kprof_cli_puts("\n    differs in: ");
		fact_names(e.facts_differ, 0);
		kprof_cli_printf(
		        "\n    alone it would get %s; the boot decision (%s) here: %u counters "
		        "%u bits wide, %u fixed%s\n    sources whose support differs: ",
		        kprof_cli_interface_name((kprof_source_table)e.own_table),
		        kprof_cli_interface_name((kprof_source_table)boot.table), e.here.counters,
		        e.here.counter_width, e.here.fixed_counters,
		        e.counters_differ ? " (not as on the boot processor)" : "");
		differing_sources(&boot, &e.here, 0);
		kprof_cli_puts("\n");
	}
	if (json)
		kprof_cli_puts("\n  ]");
}

/* ------------------------------------------------------------------ every online CPU */
static void to_buffer(const char *s, void *ctx)
{
	kprof_cli_text *t = (kprof_cli_text *)ctx;
	size_t n = strlen(s);
	if (t->failed)
		return;
	if (t->len + n + 1 > t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 65536;
		char *p;
		while (cap < t->len + n + 1)
			cap *= 2;
		p = (char *)realloc(t->data, cap);
		if (!p) {
			t->failed = 1;
			return;
		}
		t->data = p;
		t->cap = cap;
	}
	memcpy(t->data + t->len, s, n + 1);
	t->len += n;
}

/* Every CPU this process may run on, each pinned in turn, as `cpuid -r` text with `CPU n:`
 * blocks. 0, or an exit code after a message. */
/* One CPU's block (the thread already runs there). */
static int dump_pinned(int c, kprof_cli_text *t)
{
	char header[32];
	if (kprof_dump_header_format((uint32_t)c, header, sizeof header, NULL) == KPROF_OK)
		to_buffer(header, t);
	return kprof_cli_cpuid_lines(to_buffer, t);
}

int kprof_cli_cpuid_dump_all_text(kprof_cli_text *t)
{
	int c, done = 0, rc = 0;
#ifdef _WIN32
	HANDLE self = GetCurrentThread();
	DWORD_PTR allowed, system;
	memset(t, 0, sizeof *t);
	if (!GetProcessAffinityMask(GetCurrentProcess(), &allowed, &system))
		return kprof_cli_error("cpuid-dump --all: GetProcessAffinityMask failed (%lu)",
		                       (unsigned long)GetLastError());
	for (c = 0; c < (int)(8 * sizeof allowed); c++) {
		if (!((allowed >> c) & 1u))
			continue;
		if (!SetThreadAffinityMask(self, (DWORD_PTR)1 << c))
			continue; /* went offline meanwhile */
		if ((rc = dump_pinned(c, t)) != 0)
			break;
		done++;
	}
	(void)SetThreadAffinityMask(self, allowed);
#else
	cpu_set_t allowed, one;
	memset(t, 0, sizeof *t);
	if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
		return kprof_cli_error("cpuid-dump --all: sched_getaffinity: %s", strerror(errno));
	for (c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, &allowed))
			continue;
		CPU_ZERO(&one);
		CPU_SET(c, &one);
		if (sched_setaffinity(0, sizeof one, &one) != 0)
			continue; /* went offline meanwhile */
		if ((rc = dump_pinned(c, t)) != 0)
			break;
		done++;
	}
	(void)sched_setaffinity(0, sizeof allowed, &allowed);
#endif
	if (rc) {
		free(t->data);
		return rc;
	}
	if (t->failed || !done) {
		free(t->data);
		return t->failed ? kprof_cli_error("cpuid-dump --all: out of memory")
		                 : kprof_cli_error("cpuid-dump --all: could not run on any CPU");
	}
	return 0;
}

int kprof_cli_cpuid_dump_this_text(kprof_cli_text *t)
{
	char header[32];
	int rc;
	memset(t, 0, sizeof *t);
	if (kprof_dump_header_format(0, header, sizeof header, NULL) == KPROF_OK)
		to_buffer(header, t);
	if ((rc = kprof_cli_cpuid_lines(to_buffer, t)) != 0 || t->failed) {
		free(t->data);
		return rc ? rc : kprof_cli_error("cpuid-dump: out of memory");
	}
	return 0;
}

int kprof_cli_info_source(const char *file, int all, uint32_t cpu, kprof_cpuid_snapshot *snap,
                          kprof_cli_groups *groups)
{
	kprof_cli_dump dump;
	kprof_cli_text t;
	int rc;
	memset(groups, 0, sizeof *groups);
	if (!file && !all) {
		if (kprof_cpuid_snapshot_read(snap) != KPROF_OK) {
			kprof_cli_error(
			        "info: no cpuid on this build or processor; use --cpuid-file");
			return KPROF_CLI_EXIT_FAILURE;
		}
		/* This CPU alone is one group, as it is in its own `cpuid-dump`. */
		if ((rc = kprof_cli_cpuid_dump_this_text(&t)) != 0 ||
		    (rc = kprof_cli_dump_from_text(t.data, t.len, "cpuid-dump", &dump)) != 0)
			return rc;
	} else if (file) {
		if ((rc = kprof_cli_dump_load(file, &dump)) != 0)
			return rc;
	} else {
		if ((rc = kprof_cli_cpuid_dump_all_text(&t)) != 0 ||
		    (rc = kprof_cli_dump_from_text(t.data, t.len, "cpuid-dump --all", &dump)) != 0)
			return rc;
	}
	rc = file || all ? kprof_cli_dump_snapshot(&dump, cpu, snap) : 0;
	if (!rc)
		rc = kprof_cli_dump_groups(&dump, groups);
	kprof_cli_dump_free(&dump);
	return rc;
}

int kprof_cli_cpuid_dump_all(void)
{
	kprof_cli_text t;
	int rc = kprof_cli_cpuid_dump_all_text(&t);
	if (rc)
		return rc;
	kprof_cli_puts(t.data);
	free(t.data);
	return 0;
}
