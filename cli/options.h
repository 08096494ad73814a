/* kprof command, option layer (cli/options.c): options as data, the one parser, and the usage,
 * help and completion made from a command's rows. It knows no command: the command table
 * (cli/kprof.c) hands it the rows.
 *
 * A subcommand is one row of the command table in cli/kprof.c and one handler
 * `int kprof_cmd_NAME(const kprof_cli_args *a)` (declared in cli/commands.h). The row
 * declares, as data, the command's name, one-line help, details, and its options and operands
 * (kprof_cli_option: id, type, value name, limits or choices, help). From the rows alone come
 * the parser (both `--opt VALUE` and `--opt=VALUE`; `--` ends the options), the usage line,
 * `kprof CMD --help`, the top-level `kprof --help` and the bash completion.
 *
 *   Adding an option:  its id and spelling once in KPROF_CLI_OPTIONS below (if no command has
 *                      it yet), one kprof_cli_option line in the command's row, and in the
 *                      handler kprof_cli_opt(a, KPROF_CLI_OPT_NAME) (->set, ->num, ->text).
 *                      A misspelled id does not compile.
 *   Adding a command:  one row in the table in cli/kprof.c, and its handler in a file of its
 *                      own under cli/ (every .c file there is built into kprof), declared in
 *                      cli/commands.h.
 *
 * The parser has checked each value against its row before the handler runs (a number is
 * whole and within [min, max], a choice is one of the names, required options and operands
 * are there), so a handler only reads values. Choices and other facts kprof prints come from
 * kprof.h (kprof_source_table_name, kprof_hal_build_name, ...): cli/ keeps no second list. */
#ifndef KPROF_CLI_OPTIONS_H
#define KPROF_CLI_OPTIONS_H

#include "util.h"

/* Every option and operand of every command, once: X(ID, spelling). An option's spelling
 * starts with "--"; an operand's is its placeholder in usage ("FILE"). Sorted by spelling. */
/* clang-format off */
#define KPROF_CLI_OPTIONS(X)              \
	X(ALL,        "--all")                \
	X(BASE,       "--base")               \
	X(COUNTER,    "--counter")            \
	X(CPU,        "--cpu")                \
	X(CPUID_FILE, "--cpuid-file")         \
	X(CUSTOM_SOURCES, "--custom-sources") \
	X(DATA_CFG,   "--data-cfg")           \
	X(FAMILY,     "--family")             \
	X(FORMAT,     "--format")             \
	X(GROUP,      "--group")              \
	X(HAL,        "--hal")                \
	X(INDEX,      "--index")              \
	X(INTERFACE,  "--interface")          \
	X(INTERVAL,   "--interval")           \
	X(JSON,       "--json")               \
	X(MAX,        "--max")                \
	X(MODEL,      "--model")              \
	X(PROPOSAL,   "--proposal")           \
	X(STEPPING,   "--stepping")           \
	X(VENDOR,     "--vendor")             \
	X(WIDE,       "--wide")               \
	X(WINDOWS,    "--windows")            \
	X(WRAPPED,    "--wrapped")            \
	X(FILE,       "FILE")                 \
	X(NAME_EVENT, "NAME=EVENT")           \
	X(FILTER,     "FILTER")               \
	X(SOURCE,     "SOURCE")               \
	X(VALUE,      "VALUE")
/* clang-format on */

typedef enum kprof_cli_opt_id {
#define KPROF_CLI_OPT_ENUM(id, spelling) KPROF_CLI_OPT_##id,
	KPROF_CLI_OPTIONS(KPROF_CLI_OPT_ENUM)
#undef KPROF_CLI_OPT_ENUM
	        KPROF_CLI_OPT_COUNT /* also ends a command's rows */
} kprof_cli_opt_id;

/* The spelling of an option id ("--json", "FILE"), or NULL past the last. */
const char *kprof_cli_opt_name(kprof_cli_opt_id id);

typedef enum kprof_cli_type {
	KPROF_CLI_FLAG,   /* --json: no value; ->set */
	KPROF_CLI_NUMBER, /* decimal or 0x hex, min..max; ->num */
	KPROF_CLI_TEXT,   /* any word; ->text */
	KPROF_CLI_FILE,   /* a file name, `-` for standard input; ->text */
	KPROF_CLI_CHOICE  /* one of choice(i)'s names; ->num = i, ->text = the word */
} kprof_cli_type;

#define KPROF_CLI_REQUIRED 0x1u
/* An operand that takes every remaining operand word (NAME=EVENT...): the words are in
 * kprof_cli_args.many, their number in the value's ->num. Usage shows it as "NAME=EVENT...". */
#define KPROF_CLI_MANY     0x2u
/* The most words a KPROF_CLI_MANY operand takes. */
#define KPROF_CLI_MAX_MANY 256

/* One option or operand of a command, in the order usage shows them; operands are taken in
 * row order. */
typedef struct kprof_cli_option {
	kprof_cli_opt_id id;
	kprof_cli_type type;
	const char *metavar;          /* the value's placeholder in usage ("N"); operands: NULL */
	uint64_t min, max;            /* KPROF_CLI_NUMBER */
	const char *(*choice)(int i); /* KPROF_CLI_CHOICE: name of value i; "" = i is not a choice;
	                               * NULL = past the last. KPROF_CLI_TEXT: words the
	                               * completion offers (any word is taken), or NULL */
	unsigned flags;               /* KPROF_CLI_REQUIRED, KPROF_CLI_MANY */
	const char *help;             /* lines after the first start with "\n" */
} kprof_cli_option;

/* A parsed value. */
typedef struct kprof_cli_value {
	int set;
	uint64_t num;
	const char *text;
} kprof_cli_value;

struct kprof_cli_args;
typedef struct kprof_cli_command {
	const char *name;
	int (*run)(const struct kprof_cli_args *a);
	const char *help;                /* one line, for `kprof --help` */
	const char *details;             /* printed by `kprof NAME --help`, may be NULL */
	const kprof_cli_option *options; /* ends with a row whose id is KPROF_CLI_OPT_COUNT */
	/* Examples for the man page and docs/cli.md, may be NULL: lines "ARGUMENTS\tWHAT IT SHOWS\n"
	 * (the arguments after `kprof`; the tests run each, with DUMP, RING, BUFFER, CHAIN and
	 * LISTING their sample inputs). */
	const char *examples;
} kprof_cli_command;

/* A command line parsed against its command's rows: value[id] for each option id (unset for
 * an option the command does not have). */
typedef struct kprof_cli_args {
	const kprof_cli_command *cmd;
	kprof_cli_value value[KPROF_CLI_OPT_COUNT];
	const char *many[KPROF_CLI_MAX_MANY]; /* the KPROF_CLI_MANY operand's words, in order */
} kprof_cli_args;

/* The value of option or operand id. */
const kprof_cli_value *kprof_cli_opt(const kprof_cli_args *a, kprof_cli_opt_id id);

/* Parse argv (argv[0] = the command's name) against c's rows into *a. 0, or exit 2 after a
 * usage message. */
int kprof_cli_parse(const kprof_cli_command *c, int argc, char **argv, kprof_cli_args *a);
/* "kprof CMD: " + message, then c's usage line, on stderr; returns KPROF_CLI_EXIT_USAGE. */
int kprof_cli_usage(const kprof_cli_command *c, const char *fmt, ...) KPROF_CLI_PRINTF(2, 3);
/* The help texts, to f / stdout. */
void kprof_cli_print_usage_line(FILE *f, const kprof_cli_command *c);
void kprof_cli_print_help(const kprof_cli_command *c);
/* The completion script for shell (bash, zsh, fish) of the n commands of table c, to stdout:
 * commands, options, and the values of each option and operand (a choice row's names, a text
 * row's suggestions, file names for a file). 0, or -1 for a shell it does not know. */
int kprof_cli_print_completion(const char *shell, const kprof_cli_command *c, size_t n);
/* The synopses, options and examples of the n commands of table c, to stdout, in format man
 * (kprof.1's COMMANDS and EXAMPLES sections) or markdown (docs/cli.md's synopsis and examples):
 * tools/cli-docs puts them in those files. 0, or -1 for a format it does not know. */
int kprof_cli_print_doc(const char *format, const kprof_cli_command *c, size_t n);
/* Choices taken from kprof.h: table names, HAL builds; and suggestions: release names,
 * source names (each once). */
const char *kprof_cli_choice_interface(int i);
const char *kprof_cli_choice_hal(int i);
const char *kprof_cli_choice_release(int i);
const char *kprof_cli_choice_source(int i);

#endif
