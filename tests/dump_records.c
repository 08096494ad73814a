/* dump_records FILE...: every record kprof's dump iterator reads from each FILE, one per line
 * ("R cpu cpu_id leaf subleaf eax ebx ecx edx line flags", hex), then "END records blocks
 * format" or "ERR status line expect". tests/test_dump_formats.py compares this with its own
 * reading of the same bytes; it is a window on the library, not an expectation. */
#define _POSIX_C_SOURCE 200809L
#define KPROF_IMPLEMENTATION /* the program holds kprof's implementation, static */
#define KPROF_STATIC
#include "kprof.h"

#include <stdio.h>
#include <stdlib.h>

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, got;
	if (!f)
		return NULL;
	do {
		if (cap - n < 65536) {
			cap = cap ? 2 * cap : 65536;
			buf = (char *)realloc(buf, cap);
			if (!buf)
				abort();
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got);
	fclose(f);
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	int a;
	for (a = 1; a < argc; a++) {
		size_t len;
		char *text = slurp(argv[a], &len);
		kprof_dump_iter it;
		kprof_dump_record r;
		kprof_status st;
		if (!text) {
			printf("ERR open 0 0\n");
			continue;
		}
		kprof_dump_iter_init(&it, text, len);
		while ((st = kprof_dump_iter_next(&it, &r)) == KPROF_OK)
			printf("R %x %x %x %x %x %x %x %x %u %x\n", r.cpu, r.cpu_id, r.leaf,
			       r.subleaf, r.eax, r.ebx, r.ecx, r.edx, r.line, r.flags);
		if (st == KPROF_END)
			printf("END %u %d %s\n", it.records, it.cpu + 1,
			       kprof_dump_format_name(it.format));
		else
			printf("ERR %s %u %s\n", kprof_status_name(st), it.line,
			       kprof_dump_expect_name(it.expect));
		free(text);
	}
	return 0;
}
