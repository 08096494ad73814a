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
/* No CPU: a list's end (cpu_groups.h), or no --cpu given (the first block, the boot
 * processor). */
#define KPROF_CLI_NO_CPU 0xFFFFFFFFu
/* The leaves of CPU block cpu of d. */
int kprof_cli_dump_snapshot(const kprof_cli_dump *d, uint32_t cpu, kprof_cpuid_snapshot *out);
/* Each CPU block's number, in block order, into a malloc'd *ids (*n blocks): a hwloc
 * directory's pu number, else the number the block's header gives (`CPU n:`), else its
 * ordinal; when two blocks would share a number, every block is numbered by its ordinal (one
 * scheme for the whole dump). 0, or exit 1 after a message (no memory). */
int kprof_cli_dump_cpu_ids(const kprof_cli_dump *d, uint32_t **ids, uint32_t *n);
/* The block of the CPU numbered cpu (the numbers kprof_cli_dump_cpu_ids gives, which `info`
 * prints in its groups and --cpu takes) into *block. 0, or exit 2 after a message listing the
 * numbers the dump has. */
int kprof_cli_dump_cpu_block(const kprof_cli_dump *d, uint32_t cpu, uint32_t *block);
/* The file holding block `block` of d (a directory's pu file, else d->path) into file[cap]. */
void kprof_cli_dump_block_file(const kprof_cli_dump *d, uint32_t block, char *file, size_t cap);
/* The leaves of the CPU numbered cpu of the dump at path (load, kprof_cli_dump_cpu_block,
 * snapshot, free); the first block for KPROF_CLI_NO_CPU. 0, or an exit code after a message
 * naming the file and line. */
/* The one message for text i of d that the reader refused (st, err: what it said): file,
 * line, what the line lacked. Returns exit 2. */
int kprof_cli_dump_refused(const kprof_cli_dump *d, size_t i, kprof_status st,
                           const kprof_dump_error *err);
int kprof_cli_dump_snapshot_file(const char *path, uint32_t cpu, kprof_cpuid_snapshot *out);

#endif
