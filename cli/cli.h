/* kprof command: the one command-line layer every subcommand shares.
 *
 * A subcommand is one row of the command table in cli/kprof.c and one handler
 * `int kprof_cmd_NAME(const kprof_cli_args *a)`. The row declares, as data, the command's
 * name, one-line help, details, and its options and operands (kprof_cli_option: name, type,
 * value name, limits or choices, help). From the rows alone come the parser (both
 * `--opt VALUE` and `--opt=VALUE`; `--` ends the options), the usage line, `kprof CMD --help`,
 * the top-level `kprof --help` and the bash completion (`kprof --completion bash`).
 *
 *   Adding an option:  one kprof_cli_option line in the command's row, and in the handler
 *                      kprof_cli_get(a, "--name") (->set, ->num, ->text).
 *   Adding a command:  one row in the table in cli/kprof.c, and its handler in a file of its
 *                      own under cli/ (every .c file there is built into kprof), declared
 *                      below.
 *
 * The parser has checked each value against its row before the handler runs (a number is
 * whole and within [min, max], a choice is one of the names, required options and operands
 * are there), so a handler only reads values. Choices and other facts kprof prints come from
 * kprof.h (kprof_source_table_name, kprof_hal_build_name, kprof_source_interval_info_by_id, ...): cli/
 * keeps no second list of them.
 *
 * Output goes through kprof_cli_printf() and friends, which only buffer: main() prints the
 * buffer when the handler returns 0 and drops it otherwise, so a command that finds bad
 * input half way through never leaves partial output that looks like success. Every error
 * goes to stderr through kprof_cli_error() (or kprof_cli_error_at() for a place in a file, or
 * kprof_cli_usage() for a bad command line), which return the exit code to hand back.
 *
 * Input files go through kprof_cli_read_file() (binary) or kprof_cli_read_text() (text):
 * `-` is standard input, and input larger than KPROF_CLI_INPUT_MAX is refused (exit 2)
 * instead of read without end; a FIFO is read as its data comes, for at most
 * KPROF_CLI_PIPE_WAIT_S seconds without any. A hwloc directory's files go through
 * kprof_cli_read_dir_text(): regular files only, KPROF_CLI_INPUT_MAX for all of them together.
 *
 * Every string that comes from input (a file's contents, a file name, a word of the command
 * line) is printed through one of two escapers: kprof_cli_text_escape() (and
 * kprof_cli_text_bytes(), kprof_cli_quote(), kprof_cli_file_label(), built on it) for text and
 * messages, json_string() (kprof_cli_json_text/_bytes/_string) for JSON. Never with a bare %s. */
#ifndef KPROF_CLI_H
#define KPROF_CLI_H

#include "kprof.h"

/* The elements of an array. */
#define KPROF_CLI_COUNT(a) (sizeof(a) / sizeof((a)[0]))

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum {
	KPROF_CLI_EXIT_OK = 0,
	KPROF_CLI_EXIT_FAILURE = 1, /* the machine or the system failed us (no cpuid, no memory) */
	KPROF_CLI_EXIT_USAGE = 2,   /* bad usage or bad input; the message says which */
	/* A handler's result that is not an error but exits 1: the output is printed (listing-check:
	 * the listing differs from kprof's prediction). */
	KPROF_CLI_EXIT_DIFFER = 0x101
};

/* The most kprof reads from one input: 16 MiB from a file or standard input, and 16 MiB from
 * all the files of a hwloc directory together. Real inputs are far smaller (a 256-CPU cpuid
 * dump is about 2 MiB, an LWP or DS buffer a few MiB). */
#define KPROF_CLI_INPUT_MAX       ((size_t)16 << 20)
#define KPROF_CLI_INPUT_MAX_LABEL "16 MiB"
/* The most pu<N> files kprof reads from one hwloc directory (one per logical CPU), so a
 * directory of countless empty files is refused instead of costing memory per name. */
#define KPROF_CLI_DIR_FILES_MAX   65536u
/* How long kprof waits for data from a FIFO (a named pipe, `<(cmd)`) or a device it was
 * named: 60 s in which nothing came, then exit 2 naming it. A regular file is never waited
 * for; standard input (`-`) is waited for as long as it takes. */
#define KPROF_CLI_PIPE_WAIT_S     60

#if defined(__GNUC__) || defined(__clang__)
#define KPROF_CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define KPROF_CLI_PRINTF(f, a)
#endif

/* ---- options as data ------------------------------------------------------------------ */
typedef enum kprof_cli_type {
	KPROF_CLI_FLAG,   /* --json: no value; ->set */
	KPROF_CLI_NUMBER, /* decimal or 0x hex, min..max; ->num */
	KPROF_CLI_TEXT,   /* any word; ->text */
	KPROF_CLI_FILE,   /* a file name, `-` for standard input; ->text */
	KPROF_CLI_CHOICE  /* one of choice(i)'s names; ->num = i, ->text = the word */
} kprof_cli_type;

#define KPROF_CLI_REQUIRED 0x1u

/* One option (name starts with "--") or operand (name is its placeholder, "FILE"), in the
 * order usage shows them; operands are taken in row order. */
typedef struct kprof_cli_option {
	const char *name;
	kprof_cli_type type;
	const char *metavar;          /* the value's placeholder in usage ("N"); operands: name */
	uint64_t min, max;            /* KPROF_CLI_NUMBER */
	const char *(*choice)(int i); /* KPROF_CLI_CHOICE: name of value i; "" = i is not a choice;
	                               * NULL = past the last */
	unsigned flags;               /* KPROF_CLI_REQUIRED */
	const char *help;             /* lines after the first start with "\n" */
} kprof_cli_option;

/* A parsed value: the target of the row with the same index. */
typedef struct kprof_cli_value {
	int set;
	uint64_t num;
	const char *text;
} kprof_cli_value;

#define KPROF_CLI_MAX_OPTIONS 16

struct kprof_cli_args;
typedef struct kprof_cli_command {
	const char *name;
	int (*run)(const struct kprof_cli_args *a);
	const char *help;                /* one line, for `kprof --help` */
	const char *details;             /* printed by `kprof NAME --help`, may be NULL */
	const kprof_cli_option *options; /* ends with a row whose name is NULL */
} kprof_cli_command;

typedef struct kprof_cli_args {
	const kprof_cli_command *cmd;
	kprof_cli_value value[KPROF_CLI_MAX_OPTIONS];
} kprof_cli_args;

/* The value of option or operand `name` of a's command (a row of it: a name that is not
 * one is a bug, reported and aborted). */
const kprof_cli_value *kprof_cli_get(const kprof_cli_args *a, const char *name);

/* The command table (cli/kprof.c). */
const kprof_cli_command *kprof_cli_commands(size_t *count);
/* Parse argv (argv[0] = the command's name) against c's rows into *a. 0, or exit 2 after a
 * usage message. */
int kprof_cli_parse(const kprof_cli_command *c, int argc, char **argv, kprof_cli_args *a);
/* The help texts and the completion script, written to stdout. */
void kprof_cli_print_usage_line(FILE *f, const kprof_cli_command *c);
void kprof_cli_print_help(const kprof_cli_command *c);
void kprof_cli_print_completion(void);
/* Choices taken from kprof.h: table names, HAL builds. */
const char *kprof_cli_choice_interface(int i);
const char *kprof_cli_choice_hal(int i);

/* ---- output ---------------------------------------------------------------------------- */
/* Buffered standard output (see above). */
void kprof_cli_printf(const char *fmt, ...) KPROF_CLI_PRINTF(1, 2);
void kprof_cli_puts(const char *s);
/* Called by main() only: write the buffer (exit code 0) or drop it. Returns the exit code. */
int kprof_cli_flush(int rc);

/* The JSON writer: a string literal, quotes included, in ASCII: every character outside
 * printable ASCII as \uXXXX, so the output is valid JSON and valid UTF-8 and holds no control
 * code whatever the input holds. _bytes: raw bytes (a dumped signature), each its Latin-1
 * character. _text: UTF-8 where it is valid, each other byte its Latin-1 character (file
 * names, decoded descriptions). _string: a NUL-terminated _text; NULL prints null. */
void kprof_cli_json_bytes(const char *s, size_t n);
void kprof_cli_json_text(const char *s, size_t n);
void kprof_cli_json_string(const char *s);
const char *kprof_cli_json_bool(int f); /* "true" / "false" */
/* `"key": "0x..."`, preceded by ", " unless first. */
void kprof_cli_json_hex(const char *key, uint64_t v, int first);
/* The text escaper: n bytes of s for a terminal or a message, into out (cap bytes with the
 * NUL; cut with "..." when they do not fit). Printable ASCII as is, a backslash doubled, any
 * other byte as \xNN (so ESC, BEL, CR, LF and every byte of a non-ASCII character such as
 * U+202E are escaped): input never reaches a terminal as a control code or a line of its
 * own. Returns out. */
const char *kprof_cli_text_escape(const char *s, size_t n, char *out, size_t cap);
/* The same, appended to the output. */
void kprof_cli_text_bytes(const char *s, size_t n);
/* The same for a NUL-terminated word in a message (a file name, a word of the command line):
 * a static buffer, one of 4 used in turn (a message may name 4 inputs), cut past 1 KiB. */
const char *kprof_cli_quote(const char *s);

/* ---- errors ---------------------------------------------------------------------------- */
/* "kprof: " + message + newline on stderr; returns KPROF_CLI_EXIT_USAGE. */
int kprof_cli_error(const char *fmt, ...) KPROF_CLI_PRINTF(1, 2);
/* Whether a[0..n) and b[0..n) are equal, ASCII case ignored. */
int kprof_cli_strncaseeq(const char *a, const char *b, size_t n);
/* "kprof: warning: " + message + newline on stderr, at once: the command goes on. */
void kprof_cli_warn(const char *fmt, ...) KPROF_CLI_PRINTF(1, 2);
/* Bad input at a place in a file: "kprof: FILE:LINE: message" (line > 0) or
 * "kprof: FILE: offset 0xN: message" (line 0); returns KPROF_CLI_EXIT_USAGE. */
int kprof_cli_error_at(const char *path, unsigned long line, uint64_t offset, const char *fmt, ...)
        KPROF_CLI_PRINTF(4, 5);
/* "kprof CMD: " + message, then CMD's usage line, on stderr; returns KPROF_CLI_EXIT_USAGE. */
int kprof_cli_usage(const char *cmd, const char *fmt, ...) KPROF_CLI_PRINTF(2, 3);

/* ---- input ----------------------------------------------------------------------------- */
/* An unsigned integer: decimal, or hex with 0x/0X. 0 on success, -1 when the text is not
 * a whole number or exceeds max. The one number parser of the command. */
int kprof_cli_parse_u64(const char *text, uint64_t max, uint64_t *out);
/* The whole file (`-`: standard input) in a malloc'd buffer with a NUL after the last byte
 * (the file may hold NULs of its own: use *len). Returns 0, or prints "kprof: FILE: reason"
 * and returns exit 2 (also for input over KPROF_CLI_INPUT_MAX). */
int kprof_cli_read_file(const char *path, char **data, size_t *len);
/* A text input (cpuid dump, hwloc file, profile-source listing) read as kprof_cli_read_file
 * does, and UTF-16 that starts with a byte-order mark (FF FE or FE FF: what Windows
 * PowerShell 5.1's `>` and Out-File write) re-encoded as UTF-8 without the mark by
 * kprof_bytes_utf16le_to_utf8 (unpaired surrogates become U+FFFD), lines unchanged, so the header's
 * byte-oriented readers see the text itself. An odd byte count is refused naming file and
 * line (exit 2). */
int kprof_cli_read_text(const char *path, char **data, size_t *len);
/* A file of hwloc directory dir, read as kprof_cli_read_text does, but only a regular file
 * (anything else is refused naming it), and at most *left bytes, the rest of the directory's
 * KPROF_CLI_INPUT_MAX (past it: exit 2 naming dir); *left is lowered by what was read. */
int kprof_cli_read_dir_text(const char *dir, const char *path, size_t *left, char **data,
                            size_t *len);
/* How messages name a file: the path escaped (kprof_cli_quote), or "(standard input)" for
 * `-`. */
const char *kprof_cli_file_label(const char *path);

/* ---- the processor, live or dumped ----------------------------------------------------- */
/* The leaves of the CPU numbered cpu of a dump file (kprof_cli_dump_cpu_block), the first block
 * for KPROF_CLI_NO_CPU (no --cpu: the boot processor). 0, or an exit code after a message
 * naming the file and line. */
int kprof_cli_snapshot_file(const char *path, uint32_t cpu, kprof_cpuid_snapshot *out);
/* This processor's HAL decision (64-bit HAL), or NULL without cpuid. Read once per run. */
const kprof_hal_decision *kprof_cli_live_decision(void);
/* Whether the HAL would support s on this processor: 1 or 0 (0 without cpuid). */
int kprof_cli_live_supported(const kprof_source *s);
/* Whether the HAL that made d has source s (kprof_hal_source_presence_get; ABSENT for null
 * arguments), and whether that is PRESENT. */
kprof_hal_presence kprof_cli_presence(const kprof_hal_decision *d, const kprof_source *s);
int kprof_cli_supported(const kprof_hal_decision *d, const kprof_source *s);
/* kprof_source_table_name, or "unknown" for a value that names no table. */
const char *kprof_cli_interface_name(unsigned itf);
/* The default interval the HAL reports for a source (wpr -pmcsources "Interval"). */
uint32_t kprof_cli_default_interval(const kprof_source *s);

/* The source columns `sources`, `info` and `decode-select` print (like `wpr -pmcsources`,
 * plus select, ebx bit and support, and what the select counts when counts is not NULL /
 * with_counts), and one source as a JSON object (docs/schema; counts adds its member). */
void kprof_cli_source_header(int with_interface, int with_counts);
/* supported: 1 yes, 0 no, KPROF_HAL_PRESENCE_UNKNOWN (2) not publicly known for the release
 * (text "unknown", JSON null). release: a decision for the Windows release whose spelling of
 * the names to show (kprof_hal_source_description_get), NULL for the original release's. */
void kprof_cli_source_row(const kprof_hal_decision *release, const kprof_source *s, int with_interface,
                          int supported, const kprof_counts_entry *counts);
void kprof_cli_source_json(const kprof_hal_decision *release, const kprof_source *s, int supported,
                           const kprof_counts_entry *counts);

/* What a source's select counts (cli/counts_print.c): the JSON member, the text column, and
 * the per-processor summary. */
typedef struct kprof_cli_counts_summary {
	unsigned n[KPROF_COUNTS_VERDICT_COUNT]; /* sources per kprof_counts_verdict */
	unsigned total;
} kprof_cli_counts_summary;
void kprof_cli_counts_json(const kprof_counts_entry *c);
void kprof_cli_counts_header(void);
void kprof_cli_counts_column(const kprof_counts_entry *c);
void kprof_cli_counts_summary_add(kprof_cli_counts_summary *sum, const kprof_counts_entry *c);
void kprof_cli_counts_summary_json(const kprof_cli_counts_summary *sum, unsigned cpu_class);
/* "counts      CLASS: of the N sources WHICH, n count what their names say, ..." */
void kprof_cli_counts_summary_text(const kprof_cli_counts_summary *sum, unsigned cpu_class,
                                   const char *which);
/* The processor class `sources --vendor V --family F --model M --stepping S` names: 0, or
 * exit 2 after a usage message for a vendor that is not amd, intel, hygon or 12 characters. */
int kprof_cli_counts_named_class(const kprof_cli_args *a, unsigned *cpu_class);
/* After a source table: the sources Windows offers there (src[0..n), their verdicts c) that
 * count nothing on the processor (absent) or nothing right (a caveat), grouped by why, in
 * words; names as the release of names spells them. Prints nothing when there are none. */
void kprof_cli_counts_nothing_text(const kprof_hal_decision *names, const kprof_source *const *src,
                                   const kprof_counts_entry *c, size_t n);
/* kprof info's counters: the processor's (kprof_pmu_caps) and the interface's
 * (cli/pmu_print.c). */
void kprof_cli_pmu_json(const kprof_hal_decision *d);
void kprof_cli_pmu_text(const kprof_hal_decision *d);

/* ---- Windows releases (cli/cmd_listing.c) ---------------------------------------------- */
/* --windows RELEASE: a release name or build number into *release (a
 * kprof_hal_windows); 0, or exit 2 after a usage message. */
int kprof_cli_windows_parse(const char *cmd, const char *text, uint32_t *release);
/* 0, or exit 2 after a message when hal's release shipped no HAL of that width. */
int kprof_cli_hal_check(const char *cmd, uint32_t hal);
/* `--windows all`: one line (or JSON object) per release and HAL for this processor. */
int kprof_cli_windows_all(const kprof_cpuid_snapshot *snap, int json);
/* kprof_hal_uncertain bits as text ("; "-separated) or a JSON array of names. */
void kprof_cli_uncertain_print(unsigned u, int json);
/* The decision's release and HAL: "Windows 8.1 / Server 2012 R2 (6.3) [8.1, build 9600],
 * 64-bit HAL". */
void kprof_cli_release_print(const kprof_hal_decision *d);
/* Whether the HAL of hal (kprof_hal_decision_get's argument) lists s on this processor: a
 * kprof_hal_presence (ABSENT without cpuid). */
int kprof_cli_live_status(const kprof_source *s, uint32_t hal);
/* ---- every logical CPU of a dump (cli/cpu_groups.c) -------------------------------------- */
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
int kprof_cli_dump_snapshot(const kprof_cli_dump *d, uint32_t cpu, kprof_cpuid_snapshot *out);
/* The block of the CPU numbered cpu (a hwloc pu number, a `CPU n:` label, else the block's
 * ordinal: the numbers `info` prints in its groups) into *block. 0, or exit 2 after a message
 * listing the numbers the dump has. */
int kprof_cli_dump_cpu_block(const kprof_cli_dump *d, uint32_t cpu, uint32_t *block);
/* The groups of a dump's CPUs (kprof_cpu_groups), with each CPU's number, and each group's
 * CPUs as a list (group[k].first_cpu, then cpu_next[c] until KPROF_CLI_NO_CPU), so printing
 * every group's CPUs reads each CPU once. */
typedef struct kprof_cli_groups {
	kprof_cpu_groups gs;
	kprof_cpu_group *group;
	uint32_t cap;
	uint32_t *cpu_group, *cpu_id, *cpu_next;
} kprof_cli_groups;
#define KPROF_CLI_NO_CPU 0xFFFFFFFFu
int kprof_cli_dump_groups(const kprof_cli_dump *d, kprof_cli_groups *out);
void kprof_cli_groups_free(kprof_cli_groups *g);
/* `kprof info`'s cpu groups: text lines, or `,\n  "cpu_groups": [...]` (null without g). */
void kprof_cli_groups_print(const kprof_cli_groups *g, kprof_hal_build hal, int json);
/* Where `kprof info` read its processor: a file's CPU block (file set) or this machine. */
typedef struct kprof_cli_input {
	const char *file;  /* the dump (NULL: this machine) */
	char block_file[4096]; /* a hwloc directory's pu file holding the block, else file */
	int all;           /* this machine, every online CPU */
	uint32_t cpu;      /* block ordinal (0 = first) */
	uint32_t cpu_id;   /* the CPU's number: the block header's, a pu file's, the live CPU's;
	                    * KPROF_DUMP_NO_CPU_ID when the dump gives none */
	uint32_t blocks;   /* blocks (CPUs) the input holds */
} kprof_cli_input;
/* `kprof info`'s processor: live (this CPU, or every online CPU with all) or the dump file,
 * the CPU numbered cpu (KPROF_CLI_NO_CPU: the first block); with its groups and where it was
 * read (*in). 0 or an exit code after a message. */
int kprof_cli_info_source(const char *file, int all, uint32_t cpu, kprof_cpuid_snapshot *snap,
                          kprof_cli_groups *groups, kprof_cli_input *in);
/* Text being built. */
typedef struct kprof_cli_text {
	char *data;
	size_t len, cap;
	int failed;
} kprof_cli_text;
/* This processor's leaves as `cpuid -r` lines (no header), each handed to out (cmd_cpuid.c). */
int kprof_cli_cpuid_lines(void (*out)(const char *line, void *ctx), void *ctx);
/* Every CPU this process may run on, pinned in turn: `cpuid -r` text with `CPU n:` blocks;
 * and the same for the CPU kprof runs on alone, as one `CPU 0:` block. */
int kprof_cli_cpuid_dump_all_text(kprof_cli_text *t);
int kprof_cli_cpuid_dump_this_text(kprof_cli_text *t, uint32_t *cpu);
/* Pin the calling thread to CPU 0 (the boot processor) when the affinity mask allows it, else
 * to the lowest CPU it allows; *cpu = that CPU. 0, or -1 when no CPU could be pinned. */
int kprof_cli_live_pin(uint32_t *cpu);
/* The CPUs the system has online (0 when it cannot tell). */
uint32_t kprof_cli_online_cpus(void);
int kprof_cli_cpuid_dump_all(void);

/* ---- subcommands ----------------------------------------------------------------------- */
int kprof_cmd_info(const kprof_cli_args *a);
int kprof_cmd_sources(const kprof_cli_args *a);
int kprof_cmd_decode_select(const kprof_cli_args *a);
int kprof_cmd_perf(const kprof_cli_args *a);
int kprof_cmd_cpuid_dump(const kprof_cli_args *a);
int kprof_cmd_lwp_decode(const kprof_cli_args *a);
int kprof_cmd_ds_decode(const kprof_cli_args *a);
int kprof_cmd_sources_decode(const kprof_cli_args *a);
int kprof_cmd_listing_check(const kprof_cli_args *a);
/* ds-decode's --format choices (cli/cmd_ds.c). */
const char *kprof_cli_choice_ds_format(int i);
/* decode-select's --vendor choices (cli/cmd_sources.c). */
const char *kprof_cli_choice_vendor(int i);

#endif
