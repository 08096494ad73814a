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
/* The largest CPU number a pu<N> file may have (KPROF_DUMP_NO_CPU_ID is none). */
#define PU_MAX 0xFFFFFFFEu

/* What a directory entry is: 0 not a CPU's file (ignored), 1 CPU *n, -1 a name that starts
 * as a CPU's ("pu" and a digit) but is not "pu" and a decimal number up to PU_MAX
 * (pu0x10, pu1.bak, pu99999999999). */
static int pu_number(const char *name, uint32_t *n)
{
	const char *p;
	uint64_t v = 0;
	if (strncmp(name, "pu", 2) != 0 || name[2] < '0' || name[2] > '9')
		return 0;
	for (p = name + 2; *p; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		v = v * 10u + (uint64_t)(*p - '0');
		if (v > PU_MAX)
			return -1;
	}
	*n = (uint32_t)v;
	return 1;
}

typedef struct pu_entry {
	uint32_t id;
	char *name;
} pu_entry;

static int cmp_pu(const void *a, const void *b)
{
	const pu_entry *x = (const pu_entry *)a, *y = (const pu_entry *)b;
	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int add_text(kprof_cli_dump *d, char *text, size_t len, uint32_t id, char *file)
{
	/* Doubled at each power of two: one copy per element on average. */
	if ((d->count & (d->count - 1)) == 0 || d->count < 4) {
		size_t cap = d->count < 4 ? 4 : d->count * 2;
		char **t = (char **)realloc(d->text, cap * sizeof *t), **f;
		size_t *l;
		uint32_t *i;
		if (!t)
			return -1;
		d->text = t;
		if (!(l = (size_t *)realloc(d->len, cap * sizeof *l)))
			return -1;
		d->len = l;
		if (!(i = (uint32_t *)realloc(d->id, cap * sizeof *i)))
			return -1;
		d->id = i;
		if (!(f = (char **)realloc(d->file, cap * sizeof *f)))
			return -1;
		d->file = f;
	}
	d->text[d->count] = text;
	d->len[d->count] = len;
	d->id[d->count] = id;
	d->file[d->count] = file;
	d->count++;
	return 0;
}

void kprof_cli_dump_free(kprof_cli_dump *d)
{
	size_t i;
	for (i = 0; i < d->count; i++) {
		free(d->text[i]);
		free(d->file[i]);
	}
	free(d->text);
	free(d->len);
	free(d->id);
	free(d->file);
	memset(d, 0, sizeof *d);
}

/* dir/name in a malloc'd string, or NULL. */
static char *join(const char *dir, const char *name)
{
	size_t a = strlen(dir), b = strlen(name);
	char *p = (char *)malloc(a + b + 2);
	if (p) {
		memcpy(p, dir, a);
		p[a] = '/';
		memcpy(p + a + 1, name, b + 1);
	}
	return p;
}

/* hwloc's summary file: its first line must say x86 (hwloc refuses the directory otherwise).
 * Optional for kprof (the pu files say everything); when there, a regular file within the
 * directory's bound. */
static int check_hwloc_info(const char *dir, size_t *left)
{
	char *path = join(dir, "hwloc-cpuid-info"), *text;
	size_t len;
	struct stat st;
	int rc;
	if (!path)
		return kprof_cli_error("%s: out of memory", kprof_cli_file_label(dir));
	if (stat(path, &st) != 0 && errno == ENOENT) {
		free(path);
		return 0;
	}
	if ((rc = kprof_cli_read_dir_text(dir, path, left, &text, &len)) != 0) {
		free(path);
		return rc;
	}
	if (strncmp(text, "Architecture: x86\n", 18) != 0 && strcmp(text, "Architecture: x86") != 0)
		rc = kprof_cli_error(
		        "%s:1: not an x86 hwloc cpuid dump (expected \"Architecture: x86\")",
		        kprof_cli_file_label(path));
	free(text);
	free(path);
	return rc;
}

/* The pu<N> files of a directory, sorted by N; exit 2 for a name that cannot be a CPU's, two
 * names of one CPU, or more than KPROF_CLI_DIR_FILES_MAX. */
static int pu_entries(const char *path, pu_entry **out, size_t *count)
{
	DIR *dir = opendir(path);
	struct dirent *e;
	pu_entry *pu = NULL;
	size_t n = 0, cap = 0, i;
	int rc = 0;
	*out = NULL;
	*count = 0;
	if (!dir)
		return kprof_cli_error("%s: %s", kprof_cli_file_label(path), strerror(errno));
	while (!rc && (e = readdir(dir)) != NULL) {
		uint32_t id;
		int kind = pu_number(e->d_name, &id);
		if (kind == 0)
			continue;
		if (kind < 0) {
			char *f = join(path, e->d_name);
			rc = kprof_cli_error(
			        "%s: not a CPU's file: hwloc names them pu and the CPU's decimal "
			        "number, at most %lu",
			        f ? kprof_cli_file_label(f) : "?", (unsigned long)PU_MAX);
			free(f);
			break;
		}
		if (n == KPROF_CLI_DIR_FILES_MAX) {
			rc = kprof_cli_error(
			        "%s: more than %u pu files, the most kprof reads from one "
			        "directory",
			        kprof_cli_file_label(path), KPROF_CLI_DIR_FILES_MAX);
			break;
		}
		if (n == cap) {
			pu_entry *p =
			        (pu_entry *)realloc(pu, (cap = cap ? cap * 2 : 64) * sizeof *pu);
			if (!p) {
				rc = kprof_cli_error("%s: out of memory",
				                     kprof_cli_file_label(path));
				break;
			}
			pu = p;
		}
		pu[n].id = id;
		if (!(pu[n].name = join(path, e->d_name))) {
			rc = kprof_cli_error("%s: out of memory", kprof_cli_file_label(path));
			break;
		}
		n++;
	}
	closedir(dir);
	if (!rc && !n)
		rc = kprof_cli_error("%s: no pu<N> file: not a hwloc-gather-cpuid directory",
		                     kprof_cli_file_label(path));
	if (!rc) {
		qsort(pu, n, sizeof *pu, cmp_pu);
		for (i = 1; i < n && !rc; i++)
			if (pu[i].id == pu[i - 1].id)
				rc = kprof_cli_error("%s and %s: two files for CPU %lu",
				                     kprof_cli_file_label(pu[i - 1].name),
				                     kprof_cli_file_label(pu[i].name),
				                     (unsigned long)pu[i].id);
	}
	if (rc) {
		for (i = 0; i < n; i++)
			free(pu[i].name);
		free(pu);
		return rc;
	}
	*out = pu;
	*count = n;
	return 0;
}

int kprof_cli_dump_load(const char *path, kprof_cli_dump *d)
{
	struct stat st;
	memset(d, 0, sizeof *d);
	d->path = path;
	if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		pu_entry *pu;
		size_t count, i, left = KPROF_CLI_INPUT_MAX;
		int rc;
		if ((rc = check_hwloc_info(path, &left)) != 0 ||
		    (rc = pu_entries(path, &pu, &count)) != 0)
			return rc;
		d->is_dir = 1;
		for (i = 0; i < count; i++) {
			char *text = NULL;
			size_t len;
			if (!rc &&
			    (rc = kprof_cli_read_dir_text(path, pu[i].name, &left, &text, &len)) ==
			            0 &&
			    add_text(d, text, len, pu[i].id, pu[i].name)) {
				free(text);
				rc = kprof_cli_error("%s: out of memory",
				                     kprof_cli_file_label(path));
			}
			if (rc || d->file[d->count - 1] != pu[i].name)
				free(pu[i].name);
		}
		free(pu);
		if (rc)
			kprof_cli_dump_free(d);
		return rc;
	} else {
		char *text;
		size_t len;
		int rc = kprof_cli_read_text(path, &text, &len);
		if (rc)
			return rc;
		if (add_text(d, text, len, KPROF_DUMP_NO_CPU_ID, NULL)) {
			free(text);
			return kprof_cli_error("%s: out of memory", kprof_cli_file_label(path));
		}
		return 0;
	}
}

int kprof_cli_dump_from_text(char *text, size_t len, const char *label, kprof_cli_dump *d)
{
	memset(d, 0, sizeof *d);
	d->path = label;
	if (add_text(d, text, len, KPROF_DUMP_NO_CPU_ID, NULL)) {
		free(text);
		return kprof_cli_error("%s: out of memory", kprof_cli_file_label(label));
	}
	return 0;
}

/* The file a text came from, for messages (not escaped: the message escapes it). */
static const char *text_name(const kprof_cli_dump *d, size_t i)
{
	return d->is_dir ? d->file[i] : d->path;
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
	/* No leaf line anywhere: no line is to blame (the reader stopped at the last). */
	if (err->records == 0 && err->format == KPROF_DUMP_FORMAT_UNKNOWN &&
	    err->expect == KPROF_DUMP_EXPECT_LEAF_LINE)
		return kprof_cli_error("%s: not a cpuid dump: none of its %lu line%s is a leaf line "
		                       "(expected %s)",
		                       kprof_cli_file_label(name), (unsigned long)err->line,
		                       err->line == 1 ? "" : "s", expected);
	if (err->records == 0 && err->format == KPROF_DUMP_FORMAT_UNKNOWN)
		return kprof_cli_error_at(name, err->line, 0, "not a cpuid dump (expected %s)",
		                          expected);
	return kprof_cli_error_at(name, err->line, 0, "malformed %s line (expected %s)",
	                          kprof_dump_format_name(err->format), expected);
}

/* Each CPU block's number, in block order: a hwloc directory's pu number, else the number its
 * header gives (`CPU n:`), else its ordinal; when two blocks would share a number, every block
 * is numbered by its ordinal (one scheme for the whole dump). *ids is malloc'd (*n blocks);
 * -1 without memory. Only called on texts the reader accepted. */
static int block_ids(const kprof_cli_dump *d, uint32_t **ids, uint32_t *n)
{
	size_t i, cap = 64;
	uint32_t k, j, *v = (uint32_t *)malloc(cap * sizeof *v);
	int unique = 1;
	*n = 0;
	if (!v)
		return -1;
	for (i = 0; i < d->count; i++) {
		kprof_dump_iter it;
		kprof_dump_record r;
		int32_t block = -1;
		if (kprof_dump_iter_init(&it, d->text[i], d->len[i]) != KPROF_OK)
			continue;
		while (kprof_dump_iter_next(&it, &r) == KPROF_OK) {
			if ((int32_t)r.cpu == block)
				continue;
			block = (int32_t)r.cpu;
			if (*n == cap) {
				uint32_t *p = (uint32_t *)realloc(v, 2 * cap * sizeof *v);
				if (!p) {
					free(v);
					return -1;
				}
				v = p;
				cap *= 2;
			}
			v[*n] = d->is_dir && r.cpu == 0       ? d->id[i]
			        : r.cpu_id != KPROF_DUMP_NO_CPU_ID ? r.cpu_id
			                                           : *n;
			(*n)++;
		}
	}
	/* Sorted copies would be faster; dumps have thousands of blocks at most, and the
	 * directory loader already refuses two files for one CPU. */
	for (k = 0; k < *n && unique && *n <= 65536; k++)
		for (j = k + 1; j < *n && unique; j++)
			unique = v[k] != v[j];
	if (!unique || *n > 65536)
		for (k = 0; k < *n; k++)
			v[k] = d->is_dir && *n == d->count ? d->id[k] : k;
	*ids = v;
	return 0;
}

int kprof_cli_dump_cpu_block(const kprof_cli_dump *d, uint32_t cpu, uint32_t *block)
{
	uint32_t *ids, n, k;
	if (block_ids(d, &ids, &n) != 0)
		return kprof_cli_error("%s: out of memory", kprof_cli_file_label(d->path));
	for (k = 0; k < n && ids[k] != cpu; k++)
		;
	if (k == n) {
		char list[256];
		size_t len = 0;
		uint32_t a;
		list[0] = 0;
		/* The numbers it has, as ranges, cut with "..." when long. */
		for (a = 0; a < n && len + 32 < sizeof list; a++) {
			uint32_t b = a;
			while (b + 1 < n && ids[b + 1] == ids[b] + 1)
				b++;
			len += (size_t)snprintf(list + len, sizeof list - len, b > a ? "%s%lu-%lu" : "%s%lu",
			                        a ? "," : "", (unsigned long)ids[a], (unsigned long)ids[b]);
			a = b;
		}
		if (a < n)
			snprintf(list + len, sizeof list - len, ",...");
		free(ids);
		return kprof_cli_error("%s: no CPU %lu (the dump's CPUs: %s)",
		                       kprof_cli_file_label(d->path), (unsigned long)cpu, list);
	}
	*block = k;
	free(ids);
	return 0;
}

int kprof_cli_dump_snapshot(const kprof_cli_dump *d, uint32_t cpu, kprof_cpuid_snapshot *out)
{
	kprof_dump_error err;
	kprof_status st;
	size_t i, cpus = 0;
	/* Every text must read, even the ones not asked for. */
	for (i = 0; i < d->count; i++) {
		kprof_cpuid_snapshot s;
		st = kprof_dump_snapshot_get(d->text[i], d->len[i], 0, &s, &err);
		if (st != KPROF_OK && st != KPROF_E_NOT_FOUND)
			return dump_error(text_name(d, i), st, &err);
		if (st == KPROF_E_NOT_FOUND) /* no block at all cannot happen: END needs a record */
			return kprof_cli_error("%s: no CPU block",
			                       kprof_cli_file_label(text_name(d, i)));
		if (cpu >= cpus && cpu < cpus + err.cpus) {
			if (kprof_dump_snapshot_get(d->text[i], d->len[i], (uint32_t)(cpu - cpus), out,
			                        &err) != KPROF_OK)
				return kprof_cli_error("%s: no CPU block %lu",
				                       kprof_cli_file_label(text_name(d, i)),
				                       (unsigned long)(cpu - cpus));
		}
		cpus += err.cpus;
	}
	if (cpu >= cpus)
		return kprof_cli_error("%s: no CPU block %lu (the dump has %lu, numbered from 0)",
		                       kprof_cli_file_label(d->path), (unsigned long)cpu,
		                       (unsigned long)cpus);
	return 0;
}

/* Each group's CPUs as a list through cpu_next, in CPU order. 0, or -1 without memory (g is
 * freed then). */
static int link_groups(kprof_cli_groups *g)
{
	uint32_t n = g->gs.cpus, c,
	         *tail = (uint32_t *)malloc((g->gs.count ? g->gs.count : 1) * sizeof *tail);
	g->cpu_next = (uint32_t *)malloc((n ? n : 1) * sizeof *g->cpu_next);
	if (!tail || !g->cpu_next) {
		free(tail);
		kprof_cli_groups_free(g);
		return -1;
	}
	for (c = 0; c < g->gs.count; c++)
		tail[c] = KPROF_CLI_NO_CPU;
	for (c = 0; c < n; c++) {
		uint32_t k = g->cpu_group[c];
		g->cpu_next[c] = KPROF_CLI_NO_CPU;
		if (tail[k] != KPROF_CLI_NO_CPU)
			g->cpu_next[tail[k]] = c;
		tail[k] = c;
	}
	free(tail);
	return 0;
}

/* The groups start with room for 64 and double when a text needs more (the library goes on
 * where it stopped: kprof_cpu_groups_array_set and g->resume), up to one per CPU. */
int kprof_cli_dump_groups(const kprof_cli_dump *d, kprof_cli_groups *out)
{
	uint32_t cpus = 0;
	size_t i;
	memset(out, 0, sizeof *out);
	for (i = 0; i < d->count; i++) {
		kprof_dump_error err;
		kprof_cpuid_snapshot s;
		(void)kprof_dump_snapshot_get(d->text[i], d->len[i], 0, &s, &err);
		cpus += err.cpus;
	}
	out->cap = cpus < 64 ? (cpus ? cpus : 1) : 64;
	out->group = (kprof_cpu_group *)calloc(out->cap, sizeof *out->group);
	out->cpu_group = (uint32_t *)calloc(cpus ? cpus : 1, sizeof *out->cpu_group);
	out->cpu_id = (uint32_t *)calloc(cpus ? cpus : 1, sizeof *out->cpu_id);
	if (!out->group || !out->cpu_group || !out->cpu_id) {
		kprof_cli_groups_free(out);
		return kprof_cli_error("%s: out of memory", kprof_cli_file_label(d->path));
	}
	kprof_cpu_groups_init(&out->gs, out->group, out->cap, out->cpu_group, cpus);
	for (i = 0; i < d->count; i++) {
		kprof_dump_error err;
		uint32_t before = out->gs.cpus, g0 = out->gs.count, k;
		kprof_status st;
		while ((st = kprof_cpu_dump_add(&out->gs, d->text[i], d->len[i], &err)) ==
		       KPROF_E_BUFFER_TOO_SMALL) {
			uint32_t cap = out->cap > cpus / 2 ? cpus : out->cap * 2;
			kprof_cpu_group *p =
			        cap > out->cap ? (kprof_cpu_group *)realloc(out->group,
			                                                    (size_t)cap * sizeof *p)
			                       : NULL;
			if (!p) {
				kprof_cli_groups_free(out);
				return kprof_cli_error("%s: out of memory",
				                       kprof_cli_file_label(d->path));
			}
			out->group = p;
			out->cap = cap;
			kprof_cpu_groups_array_set(&out->gs, p, cap);
		}
		if (st != KPROF_OK) {
			kprof_cli_groups_free(out);
			return dump_error(text_name(d, i), st, &err);
		}
		/* Numbered afterwards, one scheme for the whole dump (block_ids). */
		(void)before;
		for (k = g0; k < out->gs.count; k++)
			if (d->is_dir)
				out->group[k].first_cpu_id = d->id[i];
	}
	{
		uint32_t *ids, n, k;
		if (block_ids(d, &ids, &n) != 0) {
			kprof_cli_groups_free(out);
			return kprof_cli_error("%s: out of memory", kprof_cli_file_label(d->path));
		}
		for (k = 0; k < out->gs.cpus && k < cpus; k++)
			out->cpu_id[k] = k < n ? ids[k] : k;
		for (k = 0; k < out->gs.count; k++)
			if (out->group[k].first_cpu < n)
				out->group[k].first_cpu_id = ids[out->group[k].first_cpu];
		free(ids);
	}
	return link_groups(out)
	               ? kprof_cli_error("%s: out of memory", kprof_cli_file_label(d->path))
	               : 0;
}

void kprof_cli_groups_free(kprof_cli_groups *g)
{
	free(g->group);
	free(g->cpu_group);
	free(g->cpu_id);
	free(g->cpu_next);
	memset(g, 0, sizeof *g);
}

/* ------------------------------------------------------------------ printing */
/* The CPUs of group k as "0-15,20", by their numbers: its list, runs of consecutive CPUs
 * with consecutive numbers as ranges. */
static void cpu_list(const kprof_cli_groups *g, uint32_t k, int json)
{
	uint32_t c, first = 1;
	kprof_cli_puts(json ? "[" : "");
	for (c = g->group[k].first_cpu; c != KPROF_CLI_NO_CPU; c = g->cpu_next[c]) {
		uint32_t e = c;
		if (!json)
			while (g->cpu_next[e] == e + 1 && g->cpu_id[e + 1] == g->cpu_id[e] + 1)
				e++;
		kprof_cli_printf("%s%lu",
		                 first  ? ""
		                 : json ? ", "
		                        : ",",
		                 (unsigned long)g->cpu_id[c]);
		if (e > c)
			kprof_cli_printf("-%lu", (unsigned long)g->cpu_id[e]);
		first = 0;
		c = e;
	}
	kprof_cli_puts(json ? "]" : "");
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
		        "\ncpu groups  %lu logical CPU%s in %lu group%s by the profiling facts "
		        "they report; the HAL decides once, from the boot processor (group 0)\n",
		        (unsigned long)g->gs.cpus, g->gs.cpus == 1 ? "" : "s",
		        (unsigned long)g->gs.count, g->gs.count == 1 ? "" : "s");
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
	{
		uint32_t online = kprof_cli_online_cpus();
		if (online > (uint32_t)done)
			kprof_cli_warn("--all read %d of the %lu online CPUs: the affinity mask (taskset, "
			               "cpuset, job object) hides the others",
			               done, (unsigned long)online);
	}
	return 0;
}

int kprof_cli_live_pin(uint32_t *cpu)
{
	int c;
#ifdef _WIN32
	DWORD_PTR allowed, system;
	if (!GetProcessAffinityMask(GetCurrentProcess(), &allowed, &system))
		return -1;
	for (c = 0; c < (int)(8 * sizeof allowed); c++)
		if (((allowed >> c) & 1u) && SetThreadAffinityMask(GetCurrentThread(), (DWORD_PTR)1 << c)) {
			*cpu = (uint32_t)c;
			return 0;
		}
#else
	cpu_set_t allowed, one;
	if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
		return -1;
	for (c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, &allowed))
			continue;
		CPU_ZERO(&one);
		CPU_SET(c, &one);
		if (sched_setaffinity(0, sizeof one, &one) == 0) {
			*cpu = (uint32_t)c;
			return 0;
		}
	}
#endif
	return -1;
}

uint32_t kprof_cli_online_cpus(void)
{
#ifdef _WIN32
	SYSTEM_INFO si;
	GetSystemInfo(&si);
	return (uint32_t)si.dwNumberOfProcessors;
#else
	/* /sys/devices/system/cpu/online: "0-3,5" */
	FILE *f = fopen("/sys/devices/system/cpu/online", "r");
	unsigned long a, b, n = 0;
	int ch;
	if (!f)
		return 0;
	while (fscanf(f, "%lu", &a) == 1) {
		b = a;
		ch = fgetc(f);
		if (ch == '-') {
			if (fscanf(f, "%lu", &b) != 1)
				break;
			ch = fgetc(f);
		}
		if (b >= a)
			n += b - a + 1;
		if (ch != ',')
			break;
	}
	fclose(f);
	return (uint32_t)n;
#endif
}

int kprof_cli_cpuid_dump_this_text(kprof_cli_text *t, uint32_t *cpu)
{
	char header[32];
	int rc;
	memset(t, 0, sizeof *t);
	/* The block is labelled with the CPU it was read on: CPU 0 (the boot processor) when the
	 * affinity mask allows it, else the lowest CPU it allows. */
	*cpu = 0;
	if (kprof_cli_live_pin(cpu) != 0)
		return kprof_cli_error("cannot pin this thread to one CPU: which CPU the leaves come "
		                       "from would be unknown");
	if (kprof_dump_header_format(*cpu, header, sizeof header, NULL) == KPROF_OK)
		to_buffer(header, t);
	if ((rc = kprof_cli_cpuid_lines(to_buffer, t)) != 0 || t->failed) {
		free(t->data);
		return rc ? rc : kprof_cli_error("cpuid-dump: out of memory");
	}
	return 0;
}

/* The file and header number of CPU block cpu of d (in->block_file, in->cpu_id) and how many
 * blocks d has (in->blocks). Only called after kprof_cli_dump_snapshot read every text. */
static void block_label(const kprof_cli_dump *d, uint32_t cpu, kprof_cli_input *in)
{
	size_t i;
	uint32_t before = 0;
	in->blocks = 0;
	for (i = 0; i < d->count; i++) {
		kprof_dump_iter it;
		kprof_dump_record r;
		uint32_t blocks = 0;
		if (kprof_dump_iter_init(&it, d->text[i], d->len[i]) != KPROF_OK)
			continue;
		while (kprof_dump_iter_next(&it, &r) == KPROF_OK) {
			blocks = r.cpu + 1;
			if (before + r.cpu == cpu && r.subleaf == 0 && r.leaf == 0) {
				snprintf(in->block_file, sizeof in->block_file, "%s",
				         d->is_dir ? d->file[i] : d->path);
				in->cpu_id = d->is_dir ? d->id[i] : r.cpu_id;
			}
		}
		before += blocks;
	}
	in->blocks = before;
}

int kprof_cli_info_source(const char *file, int all, uint32_t cpu, kprof_cpuid_snapshot *snap,
                          kprof_cli_groups *groups, kprof_cli_input *in)
{
	kprof_cli_dump dump;
	kprof_cli_text t;
	int rc;
	memset(groups, 0, sizeof *groups);
	memset(in, 0, sizeof *in);
	in->file = file;
	in->all = all;
	in->cpu = cpu;
	in->cpu_id = KPROF_DUMP_NO_CPU_ID;
	if (!file && !all) {
		/* This CPU alone is one group, as it is in its own `cpuid-dump`; the thread is
		 * pinned first, so the snapshot and the block are the same CPU's. */
		if ((rc = kprof_cli_cpuid_dump_this_text(&t, &in->cpu_id)) != 0)
			return rc;
		if (kprof_cpuid_snapshot_read(snap) != KPROF_OK) {
			free(t.data);
			kprof_cli_error(
			        "info: no cpuid on this build or processor; use --cpuid-file");
			return KPROF_CLI_EXIT_FAILURE;
		}
		if ((rc = kprof_cli_dump_from_text(t.data, t.len, "cpuid-dump", &dump)) != 0)
			return rc;
	} else if (file) {
		if ((rc = kprof_cli_dump_load(file, &dump)) != 0)
			return rc;
	} else {
		if ((rc = kprof_cli_cpuid_dump_all_text(&t)) != 0 ||
		    (rc = kprof_cli_dump_from_text(t.data, t.len, "cpuid-dump --all", &dump)) != 0)
			return rc;
	}
	/* --cpu N is the CPU numbered N, as the groups print it. */
	{
		uint32_t block = 0;
		rc = (file || all) && cpu != KPROF_CLI_NO_CPU ? kprof_cli_dump_cpu_block(&dump, cpu, &block) : 0;
		if (!rc && (file || all))
			rc = kprof_cli_dump_snapshot(&dump, block, snap);
		in->cpu = block;
		if (!rc)
			block_label(&dump, block, in);
	}
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
