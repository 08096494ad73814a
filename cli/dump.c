/* kprof command, dump loading: a cpuid dump (`cpuid -r`, AIDA64/InstLatx64 text, one hwloc
 * pu file, `-` for standard input) or a hwloc-gather-cpuid directory read into its texts, and
 * one CPU block of it as a snapshot. */
#define _GNU_SOURCE
#include "dump.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
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

int kprof_cli_dump_refused(const kprof_cli_dump *d, size_t i, kprof_status st,
                           const kprof_dump_error *err)
{
	const char *name = text_name(d, i);
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
			return kprof_cli_dump_refused(d, i, st, &err);
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

int kprof_cli_dump_cpu_ids(const kprof_cli_dump *d, uint32_t **ids, uint32_t *n)
{
	size_t i, cap = 64;
	uint32_t k, *v = (uint32_t *)malloc(cap * sizeof *v);
	int unique = 1;
	*n = 0;
	if (!v)
		return kprof_cli_error("%s: out of memory", kprof_cli_file_label(d->path));
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
					return kprof_cli_error("%s: out of memory", kprof_cli_file_label(d->path));
				}
				v = p;
				cap *= 2;
			}
			v[*n] = d->is_dir && r.cpu == 0           ? d->id[i]
			        : r.cpu_id != KPROF_DUMP_NO_CPU_ID ? r.cpu_id
			                                           : *n;
			(*n)++;
		}
	}
	/* Unique when no two neighbours of a sorted copy are equal (the directory loader
	 * already refuses two files for one CPU). */
	if (*n > 1) {
		uint32_t *sorted = (uint32_t *)malloc(*n * sizeof *sorted);
		if (!sorted) {
			free(v);
			return kprof_cli_error("%s: out of memory", kprof_cli_file_label(d->path));
		}
		memcpy(sorted, v, *n * sizeof *sorted);
		qsort(sorted, *n, sizeof *sorted, cmp_u32);
		for (k = 1; k < *n && unique; k++)
			unique = sorted[k] != sorted[k - 1];
		free(sorted);
	}
	if (!unique)
		for (k = 0; k < *n; k++)
			v[k] = d->is_dir && *n == d->count ? d->id[k] : k;
	*ids = v;
	return 0;
}

int kprof_cli_dump_cpu_block(const kprof_cli_dump *d, uint32_t cpu, uint32_t *block)
{
	uint32_t *ids, n, k, a;
	char list[256];
	size_t len = 0;
	int rc = kprof_cli_dump_cpu_ids(d, &ids, &n);
	if (rc)
		return rc;
	for (k = 0; k < n && ids[k] != cpu; k++)
		;
	if (k < n) {
		*block = k;
		free(ids);
		return 0;
	}
	/* The numbers it has, as ranges, cut with "..." when long. */
	list[0] = 0;
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
	return kprof_cli_error("%s: no CPU %lu (the dump's CPUs: %s)", kprof_cli_file_label(d->path),
	                       (unsigned long)cpu, list);
}

void kprof_cli_dump_block_file(const kprof_cli_dump *d, uint32_t block, char *file, size_t cap)
{
	size_t i;
	uint32_t before = 0;
	snprintf(file, cap, "%s", d->path);
	for (i = 0; d->is_dir && i < d->count; i++) {
		kprof_dump_error err;
		kprof_cpuid_snapshot s;
		(void)kprof_dump_snapshot_get(d->text[i], d->len[i], 0, &s, &err);
		if (block >= before && block < before + err.cpus) {
			snprintf(file, cap, "%s", d->file[i]);
			return;
		}
		before += err.cpus;
	}
}

int kprof_cli_dump_snapshot_file(const char *path, uint32_t cpu, kprof_cpuid_snapshot *out)
{
	kprof_cli_dump d;
	uint32_t block = 0;
	int rc = kprof_cli_dump_load(path, &d);
	if (!rc && cpu != KPROF_CLI_NO_CPU) /* --cpu N: the CPU numbered N; else the first block */
		rc = kprof_cli_dump_cpu_block(&d, cpu, &block);
	if (!rc)
		rc = kprof_cli_dump_snapshot(&d, block, out);
	kprof_cli_dump_free(&d);
	return rc;
}
