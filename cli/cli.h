/* kprof command: what every subcommand shares.
 *
 * A subcommand is `int kprof_cmd_NAME(int argc, char **argv)` (argv[0] is the subcommand's
 * name) listed in the table in kprof.c. It writes its result with kprof_cli_printf() and
 * friends, which only buffer: main() prints the buffer when the handler returns 0 and drops
 * it otherwise, so a command that finds bad input half way through never leaves partial
 * output that looks like success. Errors go straight to stderr through kprof_cli_error()
 * or kprof_cli_usage(), which return the exit code to hand back.
 *
 * `--help`/`-h` anywhere after the subcommand is answered by main() from the table; a
 * handler never sees it. */
#ifndef KPROF_CLI_H
#define KPROF_CLI_H

#include "kprof.h"

#include <stddef.h>
#include <stdint.h>

enum {
	KPROF_CLI_EXIT_OK = 0,
	KPROF_CLI_EXIT_FAILURE = 1, /* the machine or the system failed us (no cpuid, no memory) */
	KPROF_CLI_EXIT_USAGE = 2    /* bad usage or bad input; the message says which */
};

#if defined(__GNUC__) || defined(__clang__)
#define KPROF_CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define KPROF_CLI_PRINTF(f, a)
#endif

/* One subcommand. usage is the text after "kprof NAME" (options); help is one line. */
typedef struct kprof_cli_command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
	const char *usage;
	const char *details; /* printed by `kprof NAME --help` after the usage, may be NULL */
} kprof_cli_command;

const kprof_cli_command *kprof_cli_find(const char *name);

/* Buffered standard output (see above). */
void kprof_cli_printf(const char *fmt, ...) KPROF_CLI_PRINTF(1, 2);
void kprof_cli_puts(const char *s);
/* A JSON string literal, quotes included. Bytes >= 0x80 become \u0080..\u00FF (Latin-1), so
 * the output is valid UTF-8 whatever a dump holds. */
void kprof_cli_json_bytes(const char *s, size_t n);
void kprof_cli_json_string(const char *s); /* NULL prints null */
/* The same bytes for a terminal: printable ASCII as is, anything else as \xNN. */
void kprof_cli_text_bytes(const char *s, size_t n);

/* "kprof: " + message + newline on stderr; returns KPROF_CLI_EXIT_USAGE. */
int kprof_cli_error(const char *fmt, ...) KPROF_CLI_PRINTF(1, 2);
/* "kprof CMD: " + message, then CMD's usage line, on stderr; returns KPROF_CLI_EXIT_USAGE. */
int kprof_cli_usage(const char *cmd, const char *fmt, ...) KPROF_CLI_PRINTF(2, 3);

/* Option parsing for `--name VALUE` and `--name=VALUE`. When argv[*i] is option `name`:
 * returns 1 and sets *value (advancing *i past a separate value), or prints a usage error
 * and returns -1 when the value is missing. Returns 0 when argv[*i] is another word. */
int kprof_cli_option(const char *cmd, int argc, char **argv, int *i, const char *name,
                     const char **value);
/* An unsigned integer: decimal, or hex with 0x/0X. 0 on success, -1 when the text is not
 * a whole number or exceeds max. */
int kprof_cli_parse_u64(const char *text, uint64_t max, uint64_t *out);

/* The whole file in a malloc'd buffer with a NUL after the last byte (the file may hold NULs
 * of its own: use *len). Returns 0, or prints "kprof: FILE: reason" and returns exit 2. */
int kprof_cli_read_file(const char *path, char **data, size_t *len);

/* Command-line names of the source tables: "generic", "default", "emon", "amd64",
 * "intel-later". kprof_cli_interface_parse returns -1 for an unknown name. */
const char *kprof_cli_interface_name(kprof_interface itf);
int kprof_cli_interface_parse(const char *name);
/* The default interval the HAL reports for a source (wpr -pmcsources "Interval"). */
uint32_t kprof_cli_default_interval(const kprof_source *s);
/* One source as a JSON object (schema in README "The kprof command"). supported < 0 prints
 * false. */
void kprof_cli_source_json(const kprof_source *s, int supported);

/* This processor, as the HAL sees it: the vendor (kprof_vendor), and whether the HAL would
 * support a source here (1) or not (0). */
int kprof_cli_live_vendor(void);
int kprof_cli_live_supported(const kprof_source *s);

/* The source columns `sources` and `info` print (like `wpr -pmcsources`, plus select, ebx
 * bit and support). */
void kprof_cli_source_header(int with_interface);
void kprof_cli_source_row(const kprof_source *s, int with_interface, int supported);

/* Subcommands. */
int kprof_cmd_info(int argc, char **argv);
int kprof_cmd_sources(int argc, char **argv);
int kprof_cmd_decode_select(int argc, char **argv);
int kprof_cmd_perf(int argc, char **argv);
int kprof_cmd_cpuid_dump(int argc, char **argv);
/* Written in cli/cmd_lwp.c and cli/cmd_ds.c by their areas. */
int kprof_cmd_lwp_decode(int argc, char **argv);
int kprof_cmd_ds_decode(int argc, char **argv);
int kprof_cmd_sources_decode(int argc, char **argv);

#endif
