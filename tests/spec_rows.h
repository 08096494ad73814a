/* spec_rows.h - read the rows of spec/source.yaml as tests/spec_rows.py prints them
 * (table, value, name, select, ebx_bit, libpfm4 reason; tab-separated), so C tests can
 * check the spec itself and not only the header generated from it. */
#ifndef KPROF_SPEC_ROWS_H
#define KPROF_SPEC_ROWS_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct spec_row {
	char table[32];
	unsigned long value;
	char name[96];
	int has_select;
	unsigned long select;
	int ebx_bit;      /* -1 = none */
	char reason[512]; /* libpfm4 exception reason, "" = none */
	int seen;         /* set by a test that matched the row to something */
} spec_row;

#define SPEC_ROWS_MAX 512

/* Split one line at tabs into exactly n fields (in place). 0 when the count differs. */
static inline int spec_split(char *line, char **f, int n)
{
	int i = 0;
	f[i++] = line;
	for (; *line; line++) {
		if (*line == '\t') {
			*line = '\0';
			if (i == n)
				return 0;
			f[i++] = line + 1;
		}
	}
	return i == n;
}

/* The next line of fp split at tabs into exactly n fields f (in place in line, size bytes):
 * 1, 0 at the end of the file, -1 for a line of another field count or too long. */
static inline int spec_next_fields(FILE *fp, char *line, size_t size, char **f, int n)
{
	size_t len;
	if (!fgets(line, (int)size, fp))
		return 0;
	len = strlen(line);
	if (len && line[len - 1] == '\n')
		line[--len] = '\0';
	else if (len == size - 1)
		return -1;
	return spec_split(line, f, n) ? 1 : -1;
}

/* Every line of the tab-separated file at path, split into exactly n (<= 8) fields and handed
 * to row(f, ctx), which returns 0, or -1 when the fields do not fit what the caller holds.
 * Returns the number of lines, or -1 with "cannot read" or "path:line: ..." on stderr. */
static inline int spec_read_rows(const char *path, int n, int (*row)(char **f, void *ctx),
                                 void *ctx)
{
	char line[1024], *f[8];
	int lines = 0, got;
	FILE *fp;
	if (n < 1 || n > (int)(sizeof f / sizeof f[0])) {
		fprintf(stderr, "spec_read_rows: %d fields per line (1 to 8)\n", n);
		return -1;
	}
	if (!(fp = fopen(path, "r"))) {
		fprintf(stderr, "cannot read %s\n", path);
		return -1;
	}
	while ((got = spec_next_fields(fp, line, sizeof line, f, n)) != 0) {
		if (got < 0 || row(f, ctx) < 0) {
			fprintf(stderr, "%s:%d: malformed line, or one more than the test holds\n",
			        path, lines + 1);
			fclose(fp);
			return -1;
		}
		lines++;
	}
	fclose(fp);
	return lines;
}

typedef struct spec_rows_sink {
	spec_row *rows;
	int cap, n;
} spec_rows_sink;

static inline int spec_rows_add(char **f, void *ctx)
{
	spec_rows_sink *s = (spec_rows_sink *)ctx;
	spec_row *r = &s->rows[s->n];
	if (s->n == s->cap || strlen(f[0]) >= sizeof r->table || strlen(f[2]) >= sizeof r->name ||
	    strlen(f[5]) >= sizeof r->reason)
		return -1;
	memset(r, 0, sizeof *r);
	strcpy(r->table, f[0]);
	r->value = strtoul(f[1], NULL, 16);
	strcpy(r->name, f[2]);
	r->has_select = f[3][0] != '\0';
	r->select = r->has_select ? strtoul(f[3], NULL, 16) : 0;
	r->ebx_bit = f[4][0] ? atoi(f[4]) : -1;
	strcpy(r->reason, f[5]);
	s->n++;
	return 0;
}

/* Load the dump at path into rows; returns the number of rows, or -1 (with a message) on
 * a malformed or unreadable file. */
static inline int spec_rows_load(const char *path, spec_row *rows, int cap)
{
	spec_rows_sink s = {rows, cap, 0};
	return spec_read_rows(path, 6, spec_rows_add, &s);
}
#endif
