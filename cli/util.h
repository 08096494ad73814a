/* kprof command, bottom layer (cli/util.c): buffered output, the JSON and text escapers,
 * error messages, the number parser and the file readers. Includes nothing of cli/.
 *
 * Output goes through kprof_cli_printf() and friends, which only buffer: main() prints the
 * buffer when the handler returns 0 and drops it otherwise, so a command that finds bad
 * input half way through never leaves partial output that looks like success. Every error
 * goes to stderr through kprof_cli_error() (or kprof_cli_error_at() for a place in a file, or
 * kprof_cli_usage() in cli/options.h for a bad command line), which return the exit code to
 * hand back.
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
#ifndef KPROF_CLI_UTIL_H
#define KPROF_CLI_UTIL_H

#include "kprof.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The elements of an array. */
#define KPROF_CLI_COUNT(a) (sizeof(a) / sizeof((a)[0]))

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

/* ---- output ---------------------------------------------------------------------------- */
/* Buffered standard output (see above). */
void kprof_cli_printf(const char *fmt, ...) KPROF_CLI_PRINTF(1, 2);
void kprof_cli_puts(const char *s);
/* n bytes as they are (binary output: custom-source --format bin). */
void kprof_cli_write(const void *data, size_t n);
/* Text fitted to a terminal (issue 33): main() sets the width, KPROF_CLI_COLUMNS for text, 0
 * for --json and --wide; a command that writes a file format (custom-source, cpuid-dump) sets
 * 0. At the flush every line longer than the width is folded: at a space, its further lines
 * indented under the text after its label ("windows     ..."). Tables are laid out to fit
 * before that: kprof_cli_table_begin(), then one line per row of tab-separated cells through
 * kprof_cli_printf(), then kprof_cli_table_end() measures the columns and prints the header
 * and rows; where they are wider than the width it leaves out the columns of the highest drop
 * rank first, then folds the foldable columns (a name at a CamelCase or '_' boundary) onto
 * further lines whose other cells are blank. */
#define KPROF_CLI_COLUMNS 80u
#define KPROF_CLI_TABLE_MAX_COLUMNS 16
#define KPROF_CLI_FOLD_MIN 12u
#define KPROF_CLI_COLUMN_RIGHT 0x1u /* numbers: right-aligned */
#define KPROF_CLI_COLUMN_FOLD  0x2u /* may fold onto further lines */
typedef struct kprof_cli_column {
	const char *head;
	unsigned flags;
	unsigned drop; /* 0: always shown; else left out, highest rank first, to fit */
} kprof_cli_column;
void kprof_cli_output_width(unsigned columns);
/* A name as text whose space before a number never folds ("Zen 5", "Windows 11 version 24H2"):
 * each such space is written as a non-breaking join the output turns back into a space. */
void kprof_cli_name(const char *s);
/* What is printed between these two goes to standard error after the output (when it is
 * printed at all): a summary kept off a table's lines, so awk and cut see rows only. */
void kprof_cli_aside_begin(void);
void kprof_cli_aside_end(void);
unsigned kprof_cli_output_width_get(void);
void kprof_cli_table_begin(const kprof_cli_column *cols, size_t n);
void kprof_cli_table_end(void);
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
/* Whether a[0..n) and b[0..n) are equal, ASCII case ignored. */
int kprof_cli_strncaseeq(const char *a, const char *b, size_t n);
/* "kprof: warning: " + message + newline on stderr, at once: the command goes on. */
void kprof_cli_warn(const char *fmt, ...) KPROF_CLI_PRINTF(1, 2);
/* "kprof: " + message + newline on stderr; returns KPROF_CLI_EXIT_USAGE. */
int kprof_cli_error(const char *fmt, ...) KPROF_CLI_PRINTF(1, 2);
/* Bad input at a place in a file: "kprof: FILE:LINE: message" (line > 0) or
 * "kprof: FILE: offset 0xN: message" (line 0); returns KPROF_CLI_EXIT_USAGE. */
int kprof_cli_error_at(const char *path, unsigned long line, uint64_t offset, const char *fmt, ...)
        KPROF_CLI_PRINTF(4, 5);

/* ---- input ----------------------------------------------------------------------------- */
/* Whether two words are the same, ASCII letters in any case: how kprof compares a value that
 * names something (--vendor Intel, --interface EMON, --format PEBS3). */
int kprof_cli_word_eq(const char *a, const char *b);
/* Whether pattern names text the way `perf list FILTER` does: anywhere in it, ASCII letters in
 * any case, `*` any run of characters, `?` any one. */
int kprof_cli_word_match(const char *pattern, const char *text);
/* An unsigned integer: decimal, or hex with 0x/0X. 0 on success, -1 when the text is not
 * a whole number or exceeds max. The one number parser of the command. */
int kprof_cli_parse_u64(const char *text, uint64_t max, uint64_t *out);
/* A hex digit's value (0-9, a-f, A-F), or -1 for any other character. */
int kprof_cli_hex_digit(char c);
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

/* Text being built in memory (kprof_cli_text_append). */
typedef struct kprof_cli_text {
	char *data;
	size_t len, cap;
	int failed;
} kprof_cli_text;
/* Append the NUL-terminated s to t (t->failed when out of memory). */
void kprof_cli_text_append(kprof_cli_text *t, const char *s);

/* The command carries a HAL as one value, hal: a kprof_hal_build in the low byte and the
 * kprof_hal_windows above it (0: the default, kprof_cli_release_newest). KPROF_CLI_RELEASE(id) builds the second part; kprof_cli_decide decides for it. */
#define KPROF_CLI_RELEASE(id) ((uint32_t)(id) << 8)
#define KPROF_CLI_BUILD(hal) ((kprof_hal_build)((hal) & 0xFFu))
#define KPROF_CLI_WINDOWS(hal) ((hal) >> 8 ? (kprof_hal_windows)((hal) >> 8) : kprof_cli_release_newest(KPROF_CLI_BUILD(hal)))
/* The one default of every command that answers for a Windows release: the newest release
 * kprof models that shipped a HAL of that build (the 32-bit one: the newest Windows 10). */
kprof_hal_windows kprof_cli_release_newest(kprof_hal_build build);
/* The one default HAL of every command that answers for a processor: the 64-bit one, unless
 * the processor has no long mode (which no 64-bit Windows runs on) and release (NULL: the
 * default release) shipped a 32-bit HAL. *no_long_mode (may be NULL): the input says the
 * processor has no long mode, not just no extended leaves. */
kprof_hal_build kprof_cli_build_default(const kprof_cpuid_snapshot *s, const kprof_hal_windows *release,
                                        int *no_long_mode);
kprof_status kprof_cli_decide(const kprof_cpuid_snapshot *s, uint32_t hal, kprof_hal_decision *d);

#endif
