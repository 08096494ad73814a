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
 * false. counts, when not NULL, adds its "counts" member. */
void kprof_cli_source_json(const kprof_source *s, int supported, const kprof_source_counts *counts);

/* A processor as `kprof info` reports it: every fact read from a kprof_cpuid_snapshot by the
 * header's functions (kprof_cli_view_fill), so live and dumped processors print alike. */
typedef struct kprof_cli_view {
	kprof_cpuid_snapshot snap;
	kprof_hal_decision decision;
	int hal32; /* the 32-bit HAL's rules */
	char vendor[12];
	size_t vendor_len;
	int vendor_id; /* kprof_vendor */
	unsigned family, model, stepping;
	int hypervisor, hv_vendor_known, microsoft_compatible, performance_monitors_available;
	char hv_vendor[12];
	size_t hv_vendor_len; /* trailing NULs dropped */
	kprof_interface iface;
	const char *reason;
	int perfmon;
	unsigned pm_version, pm_counters, pm_width, pm_ebx_length;
	uint32_t pm_ebx;
	int lwp;
	unsigned lwp_version, lwp_cb_size, lwp_event_size, lwp_max_events, lwp_event_offset;
	unsigned lwp_min_buffer_records, lwp_latency_max;
	int lwp_data_address;
	const char *lwp_supported[32], *lwp_enabled[32];
	unsigned lwp_supported_count, lwp_enabled_count;
	int ds, dtes64, ds_cpl, pdcm;
} kprof_cli_view;

void kprof_cli_view_fill(kprof_cli_view *v, const kprof_cpuid_snapshot *snap, int hal32);
/* Whether the HAL would support source s on the viewed processor: 1 or 0. */
int kprof_cli_view_supported(const kprof_cli_view *v, const kprof_source *s);
/* The leaves of CPU block cpu of a dump file. 0, or an exit code after a message naming the
 * file and line. */
int kprof_cli_snapshot_file(const char *path, uint32_t cpu, kprof_cpuid_snapshot *out);

/* This processor: its vendor (kprof_vendor; unknown without cpuid), and whether the HAL
 * would support a source here (1) or not (0). */
int kprof_cli_live_vendor(void);
int kprof_cli_live_supported(const kprof_source *s);
/* Print the Linux perf raw event for s ("r412e\n"); 0 or an exit code after a message. */
int kprof_cli_perf_print(const char *cmd, const kprof_source *s);

/* The source columns `sources` and `info` print (like `wpr -pmcsources`, plus select, ebx
 * bit and support, and what the select counts when counts is not NULL / with_counts). */
void kprof_cli_source_header(int with_interface, int with_counts);
void kprof_cli_source_row(const kprof_source *s, int with_interface, int supported,
                          const kprof_source_counts *counts);

/* What a source's select counts (cli/counts_print.c): the JSON member, the text column, and
 * the per-processor summary. */
typedef struct kprof_cli_counts_summary {
	unsigned n[KPROF_COUNTS_STATUS_COUNT]; /* sources per kprof_counts_status */
	unsigned total;
} kprof_cli_counts_summary;
void kprof_cli_counts_json(const kprof_source_counts *c);
void kprof_cli_counts_header(void);
void kprof_cli_counts_column(const kprof_source_counts *c);
void kprof_cli_counts_summary_add(kprof_cli_counts_summary *sum, const kprof_source_counts *c);
void kprof_cli_counts_summary_json(const kprof_cli_counts_summary *sum, unsigned cpu_class);
/* "counts      CLASS: of the N sources WHICH, n count what their names say, ..." */
void kprof_cli_counts_summary_text(const kprof_cli_counts_summary *sum, unsigned cpu_class,
                                   const char *which);
/* A processor named on the command line (`sources --vendor --family --model --stepping`). */
typedef struct kprof_cli_counts_cpu {
	char vendor[12];
	uint32_t value[3]; /* family, model, stepping */
	unsigned given;    /* bit k: value[k] was given */
} kprof_cli_counts_cpu;
int kprof_cli_counts_option(const char *cmd, int argc, char **argv, int *i,
                            kprof_cli_counts_cpu *cpu);
unsigned kprof_cli_counts_cpu_class(const kprof_cli_counts_cpu *cpu);

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
