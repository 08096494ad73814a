/* kprof command, dump loading (cli/dump.c): a cpuid dump file or hwloc directory read into
 * its texts, and one CPU block of it as a snapshot. */
#ifndef KPROF_CLI_DUMP_H
#define KPROF_CLI_DUMP_H

#include "util.h"

/* A dump as `kprof info` reads it: one text (AIDA64, `cpuid -r`, one hwloc pu file; `-` is
 * standard input) or a hwloc-gather-cpuid directory, one text per pu<N> file in N order. CPU
 * n is the n-th block over all texts. Loaders return 0 or an exit code after a message naming
 * the file, the line and what it lacked. In a directory every name that starts with "pu" and a
 * digit names a CPU: N must be decimal (leading zeros allowed) and at most 4294967294, and no
 * two files may name one CPU (pu1 and pu01); otherwise exit 2 naming the files. */
typedef struct kprof_cli_dump {
	const char *path;
	int is_dir;
	char **text;
	size_t *len;
	uint32_t *id; /* a directory's pu numbers */
	char **file;  /* a directory's files, as found (path/puN) */
	size_t count;
} kprof_cli_dump;
int kprof_cli_dump_load(const char *path, kprof_cli_dump *d);
int kprof_cli_dump_from_text(char *text, size_t len, const char *label, kprof_cli_dump *d);
void kprof_cli_dump_free(kprof_cli_dump *d);
/* The leaves of CPU block cpu of d. */
int kprof_cli_dump_snapshot(const kprof_cli_dump *d, uint32_t cpu, kprof_cpuid_snapshot *out);
/* The leaves of CPU block cpu of the dump at path (load, snapshot, free). 0, or an exit code
 * after a message naming the file and line. */
/* The one message for text i of d that the reader refused (st, err: what it said): file,
 * line, what the line lacked. Returns exit 2. */
int kprof_cli_dump_refused(const kprof_cli_dump *d, size_t i, kprof_status st,
                           const kprof_dump_error *err);
int kprof_cli_dump_snapshot_file(const char *path, uint32_t cpu, kprof_cpuid_snapshot *out);

#endif
