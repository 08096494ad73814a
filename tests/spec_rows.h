/* spec_rows.h - read the rows of spec/sources.yaml as tests/spec_rows.py prints them
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

/* Load the dump at path into rows; returns the number of rows, or -1 (with a message) on
 * a malformed or unreadable file. */
static inline int spec_rows_load(const char *path, spec_row *rows, int cap)
{
	char line[1024], *f[6];
	int n = 0, got;
	FILE *fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "cannot read %s\n", path);
		return -1;
	}
	while ((got = spec_next_fields(fp, line, sizeof line, f, 6)) != 0) {
		char *end;
		if (got < 0 || n == cap || strlen(f[0]) >= sizeof rows->table ||
		    strlen(f[2]) >= sizeof rows->name || strlen(f[5]) >= sizeof rows->reason) {
			fprintf(stderr, "%s:%d: malformed row\n", path, n + 1);
			fclose(fp);
			return -1;
		}
		memset(&rows[n], 0, sizeof rows[n]);
		strcpy(rows[n].table, f[0]);
		rows[n].value = strtoul(f[1], &end, 16);
		strcpy(rows[n].name, f[2]);
		rows[n].has_select = f[3][0] != '\0';
		rows[n].select = rows[n].has_select ? strtoul(f[3], &end, 16) : 0;
		rows[n].ebx_bit = f[4][0] ? atoi(f[4]) : -1;
		strcpy(rows[n].reason, f[5]);
		n++;
	}
	fclose(fp);
	return n;
}
#endif
