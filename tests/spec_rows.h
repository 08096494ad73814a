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

/* Load the dump at path into rows; returns the number of rows, or -1 (with a message) on
 * a malformed or unreadable file. */
static inline int spec_rows_load(const char *path, spec_row *rows, int cap)
{
	char line[1024];
	int n = 0;
	FILE *fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "cannot read %s\n", path);
		return -1;
	}
	while (fgets(line, sizeof line, fp)) {
		char *f[6];
		char *end;
		size_t len = strlen(line);
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (!spec_split(line, f, 6) || n == cap || strlen(f[0]) >= sizeof rows->table ||
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
