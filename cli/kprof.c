/* kprof - what the Windows HAL would do on this machine or a dumped one, and decoders for
 * what the profiling hardware writes. Built from kprof.h and libc alone: this unit holds
 * kprof's implementation, the command's other units include kprof.h without it. */
#define KPROF_IMPLEMENTATION
#include "commands.h"
#include "counts_print.h"

#include <errno.h>
#include <string.h>

/* clang-format off */
#define FLAG(id, help)                      {KPROF_CLI_OPT_##id, KPROF_CLI_FLAG, NULL, 0, 0, NULL, 0, help}
#define NUMBER(id, var, min, max, help)     {KPROF_CLI_OPT_##id, KPROF_CLI_NUMBER, var, min, max, NULL, 0, help}
#define OPERAND_NUMBER(id, max, help)       {KPROF_CLI_OPT_##id, KPROF_CLI_NUMBER, NULL, 0, max, NULL, KPROF_CLI_REQUIRED, help}
#define CHOICE(id, var, fn, flags, help)    {KPROF_CLI_OPT_##id, KPROF_CLI_CHOICE, var, 0, 0, fn, flags, help}
#define TEXT(id, var, flags, help)          {KPROF_CLI_OPT_##id, KPROF_CLI_TEXT, var, 0, 0, NULL, flags, help}
#define WORD(id, var, fn, flags, help)      {KPROF_CLI_OPT_##id, KPROF_CLI_TEXT, var, 0, 0, fn, flags, help}
#define FILE_ARG(id, var, flags, help)      {KPROF_CLI_OPT_##id, KPROF_CLI_FILE, var, 0, 0, NULL, flags, help}
#define END                                 {KPROF_CLI_OPT_COUNT, KPROF_CLI_FLAG, NULL, 0, 0, NULL, 0, NULL}
#define OPTIONS(...)                        (const kprof_cli_option[]){__VA_ARGS__, END}
#define JSON_FLAG(what)                     FLAG(JSON, what " (schema in docs/schema/)")
/* The one --windows of the commands that answer for one release. */
#define WINDOWS_RELEASE                     WORD(WINDOWS, "RELEASE", kprof_cli_choice_release, 0, \
                                                 "that Windows release's HAL (default: the newest kprof models):\n" \
                                                 "a name (11-23h2), a product for its newest release (10, 11),\n" \
                                                 "or a build number (19045)")
#define WIDE_FLAG                           FLAG(WIDE, "every column, whole names, one line per row or record, however\n" \
                                                       "wide (default: fitted to 80 columns; for awk and cut)")
/* clang-format on */

/* The command table: one row per command, its options as data (see cli/options.h). The order is the
 * order of `kprof --help`. */
static const kprof_cli_command commands[] = {
        {"info", kprof_cmd_info,
         "what Windows' HAL would do on this machine or a dumped one",
         "  Vendor, family/model/stepping, hypervisor, the profile interface the HAL would\n"
         "  choose and why, architectural perfmon facts, the interface's sources, whether\n"
         "  each is supported and what its select counts there (docs/counts.md), AMD LWP\n"
         "  capabilities and Intel DS features. The logical CPUs of a dump are grouped by\n"
         "  the profiling facts they report (hybrid parts differ per core type); each group\n"
         "  says what the boot processor's decision means there.\n",
         OPTIONS(FILE_ARG(CPUID_FILE, "FILE", 0,
                          "read the leaves from a dump instead of this processor: `cpuid -r`\n"
                          "output, AIDA64/EVEREST/InstLatx64 text (one block per logical CPU),\n"
                          "or a hwloc-gather-cpuid directory or one of its pu<N> files; ASCII,\n"
                          "UTF-8, or UTF-16 with a byte-order mark"),
                 FLAG(ALL, "every online CPU of this machine (as `cpuid-dump --all`)"),
                 NUMBER(CPU, "N", 0, 0x7FFFFFFF,
                        "the CPU numbered N (a `CPU n:` label, a hwloc pu number: the numbers\n"
                        "the cpu groups print; default the first block: the HAL assesses\n"
                        "the boot processor)"),
                 CHOICE(HAL, NULL, kprof_cli_choice_hal, 0,
                        "the 64-bit HAL (default; the 32-bit HAL for a processor without\n"
                        "long mode) or the 32-bit HAL's extra rules"),
                 WORD(WINDOWS, "RELEASE", kprof_cli_choice_release, 0,
                      "that Windows release's HAL (default: the newest kprof models; a name\n"
                      "such as 11-21h2, a product for its newest release: 10, 11, or a build\n"
                      "number); `all`: one line per release and HAL"),
                 WIDE_FLAG,
                 JSON_FLAG("one JSON object")),
         "info\twhat the Windows HAL would do on this machine, in words and tables\n"
         "info --cpuid-file DUMP --windows 11\tthe same for a dumped processor under the newest Windows 11's HAL\n"
         "info --cpuid-file DUMP --windows all\tone line per Windows release and HAL\n"},
        {"sources", kprof_cmd_sources, "the profile-source tables",
         "  Every source of one table (default: all tables): value, name, the HAL's string,\n"
         "  default interval, select value, cpuid 0x0A ebx bit, and whether the HAL would\n"
         "  support it on this machine. With a processor (--family, or --cpuid-file), also\n"
         "  what each select counts there (docs/counts.md).\n",
         OPTIONS(WORD(FILTER, "FILTER", kprof_cli_choice_source, 0,
                      "only the sources whose name or HAL string FILTER names, as\n"
                      "`perf list FILTER` does: anywhere in it, any case, `*` and `?`\n"
                      "wildcards"),
                 CHOICE(INTERFACE, NULL, kprof_cli_choice_interface, 0,
                        "one table (default: all)"),
                 WORD(WINDOWS, "RELEASE", kprof_cli_choice_release, 0,
                      "only the tables that release's HAL has, its names, and support as\n"
                      "its HAL would decide here (unknown: not publicly known); default:\n"
                      "the newest kprof models; a name (11-21h2), a product for its newest\n"
                      "release (10, 11), or a build number"),
                 CHOICE(HAL, NULL, kprof_cli_choice_hal, 0,
                        "whose support the Supported column shows: the 64-bit HAL\n"
                        "(default; the 32-bit one for a release that shipped no other)"),
                 NUMBER(FAMILY, "F", 0, 0x10E, "judge the selects on this family (displayed\n"
                                                  "value, e.g. 0x17)"),
                 NUMBER(MODEL, "M", 0, 0xFF, "with --family: the model (default 0)"),
                 NUMBER(STEPPING, "S", 0, 0xF, "with --family: the stepping (default 0)"),
                 WORD(VENDOR, "V", kprof_cli_choice_cpu_vendor, 0, "with --family: amd, intel, hygon (any case) or a\n"
                                          "12-character cpuid vendor string (default: this\n"
                                          "machine's vendor)"),
                 FILE_ARG(CPUID_FILE, "FILE", 0, "judge the selects on a dumped processor"),
                 NUMBER(CPU, "N", 0, 0x7FFFFFFF, "which block of the dump (default 0)"),
                 WIDE_FLAG,
                 JSON_FLAG("an array of source objects")),
         "sources llc\tthe sources of every table whose name has llc in it (any case)\n"
         "sources --interface emon --cpuid-file DUMP\tthe Emon table, and what each select counts on the dumped processor\n"},
        {"decode-select", kprof_cmd_decode_select, "take a PerfEvtSel value apart",
         "  The fields of an event-select value by the vendor's layout, and the sources\n"
         "  whose select it is (EN and INT ignored: the HAL adds them when it starts a\n"
         "  counter).\n",
         OPTIONS(TEXT(VALUE, "VALUE", KPROF_CLI_REQUIRED,
                      "the value: hex with 0x, decimal, or a perf raw event as `kprof\n"
                      "perf` prints it (r412e: USR and OS counted as set, as perf does)"),
                 CHOICE(VENDOR, NULL, kprof_cli_choice_vendor, 0,
                        "whose layout (default: this machine's vendor; intel when it\n"
                        "is neither)"),
                 CHOICE(HAL, NULL, kprof_cli_choice_hal, 0,
                        "whose support the Supported column shows (default x64)"),
                 WINDOWS_RELEASE,
                 WIDE_FLAG,
                 JSON_FLAG("one JSON object")),
         "decode-select 0x41412e --vendor intel\tthe fields of an Intel event select, and the sources that use it\n"},
        {"perf", kprof_cmd_perf, "the Linux perf raw event for a source",
         "  Prints the raw event (e.g. r412e) to count SOURCE with `perf stat -e`.\n",
         OPTIONS(WORD(SOURCE, "SOURCE", kprof_cli_choice_source, KPROF_CLI_REQUIRED,
                      "a name (ProfileLLCMisses, LLCMisses, any case) or a value (0x1D)"),
                 CHOICE(INTERFACE, NULL, kprof_cli_choice_interface, 0,
                        "the table (default: this machine's vendor's, amd64 on AMD,\n"
                        "emon otherwise)"),
                 JSON_FLAG("one JSON object")),
         "perf LLCMisses --interface emon\tthe perf raw event: perf stat -e $(kprof perf LLCMisses --interface emon)\n"},
        {"plan", kprof_cmd_plan, "the MSR writes that make a counter count a source",
         "  The counter plan the HAL's interface would follow for SOURCE on this machine or\n"
         "  a dumped one (kprof_hal_plan_get): the MSR writes that program and start the\n"
         "  counter, in order (select without EN, the preload, select with EN and INT: the\n"
         "  HAL samples on overflow), the write that stops it, and how to read it.\n",
         OPTIONS(WORD(SOURCE, "SOURCE", kprof_cli_choice_source, KPROF_CLI_REQUIRED,
                      "a name of the interface's table (any case) or a value (0x1D)"),
                 FILE_ARG(CPUID_FILE, "DUMP", 0, "plan for a dumped processor"),
                 NUMBER(CPU, "N", 0, 0x7FFFFFFF, "which block of the dump (default 0)"),
                 CHOICE(HAL, NULL, kprof_cli_choice_hal, 0, "the 64-bit HAL (default) or the 32-bit HAL"),
                 WINDOWS_RELEASE,
                 NUMBER(COUNTER, "N", 0, 0xFF, "which counter (default 0)"),
                 NUMBER(INTERVAL, "N", 0, UINT64_MAX,
                        "events per overflow (default: the source's default interval;\n"
                        "0 counts from 0)"),
                 JSON_FLAG("one JSON object")),
         "plan TotalIssues --cpuid-file DUMP\tthe MSR writes that count ProfileTotalIssues on the dumped processor\n"},
        {"cpuid-dump", kprof_cmd_cpuid_dump, "this processor's cpuid leaves, `cpuid -r` format",
         "  Every leaf of the basic, hypervisor and extended ranges up to their max leaves\n"
         "  (sub-leaves where a leaf has them), in the format `cpuid -r` prints and\n"
         "  `kprof info --cpuid-file` reads. Without --all, the CPU kprof runs on. With\n"
         "  --cpuid-file, any dump kprof reads converted to that format, CPU by CPU.\n",
         OPTIONS(FLAG(ALL, "every online CPU in turn (the thread pinned to each), in\n"
                           "`CPU n:` blocks"),
                 FILE_ARG(CPUID_FILE, "DUMP", 0,
                          "convert this dump (AIDA64/InstLatx64 text, `cpuid -r`, a hwloc\n"
                          "directory or pu<N> file) instead: blocks numbered as the dump\n"
                          "numbers them (a hwloc pu<N> file is CPU N)"),
                 JSON_FLAG("one JSON object: each CPU's leaves")),
         "cpuid-dump --all\tevery online CPU's leaves, for kprof info --cpuid-file elsewhere\n"
         "cpuid-dump --cpuid-file DUMP\tany dump kprof reads, in cpuid -r format\n"},
        {"lwp-decode", kprof_cmd_lwp_decode, "decode a buffer of AMD LWP event records",
         "  Each 32-byte record of FILE (a raw LWP ring buffer) by the shipped layout, or\n"
         "  by the 2007 proposal's with --proposal.\n",
         OPTIONS(FILE_ARG(FILE, "FILE", KPROF_CLI_REQUIRED, "the records"),
                 WIDE_FLAG,
                 JSON_FLAG("one JSON object per line"),
                 FLAG(PROPOSAL, "the 2007 proposal's event ids")),
         "lwp-decode --json RING\tthe records of a saved LWP ring, one JSON object per line\n"},
        {"ds-decode", kprof_cmd_ds_decode, "decode a BTS or PEBS buffer",
         "  The records of a Debug Store buffer (raw bytes as the processor wrote them, from\n"
         "  the buffer's base). pebs32 is NetBurst's 32-bit record; pebs4/pebs5 take\n"
         "  --data-cfg (PEBS_DATA_CFG) or read each record's own size.\n",
         OPTIONS(CHOICE(FORMAT, "FORMAT", kprof_cli_choice_ds_format, KPROF_CLI_REQUIRED,
                        "the record layout"),
                 NUMBER(DATA_CFG, "X", 0, UINT64_MAX, "PEBS_DATA_CFG (adaptive PEBS only)"),
                 NUMBER(BASE, "ADDR", 0, UINT64_MAX, "the buffer's base address (default 0)"),
                 NUMBER(INDEX, "ADDR", 0, UINT64_MAX,
                        "the DS index (default: the end of the file)"),
                 NUMBER(MAX, "ADDR", 0, UINT64_MAX,
                        "the DS absolute maximum (default: the index, or the end of\n"
                        "the file with --wrapped)"),
                 FLAG(WRAPPED, "the BTS buffer wrapped: the oldest record is at the index"),
                 WIDE_FLAG,
                 JSON_FLAG("one JSON object"),
                 FILE_ARG(FILE, "FILE", KPROF_CLI_REQUIRED, "the buffer")),
         "ds-decode --format pebs3 BUFFER\tthe PEBS records of a saved Debug Store buffer\n"},
        {"sources-decode", kprof_cmd_sources_decode, "decode a PROFILE_SOURCE_INFO buffer",
         "  The chain EventTraceProfileSourceListInformation returns, each entry mapped to\n"
         "  kprof's tables (unknown sources are reported, not dropped).\n",
         OPTIONS(CHOICE(INTERFACE, NULL, kprof_cli_choice_interface, 0,
                        "the table to map sources to (default: this machine's vendor's,\n"
                        "amd64 on AMD, emon otherwise)"),
                 WIDE_FLAG,
                 JSON_FLAG("one JSON object"),
                 FILE_ARG(FILE, "FILE", KPROF_CLI_REQUIRED, "the chain")),
         "sources-decode --interface emon CHAIN\ta PROFILE_SOURCE_INFO chain mapped to the Emon table\n"},
        {"listing-check", kprof_cmd_listing_check,
         "check a machine's source listing against kprof's model",
         "  FILE is what `wpr -pmcsources` or `tracelog -profilesources Help` printed on a\n"
         "  Windows machine (ASCII, UTF-8, or UTF-16 with a byte-order mark, as PowerShell's\n"
         "  `>` writes it). Every listed source's id, name, minimum and maximum interval is\n"
         "  compared with what kprof predicts that machine's HAL lists; so are the sources the\n"
         "  listing lacks. Exit 0 when they agree, 1 when they differ (one line per\n"
         "  difference), 2 when FILE is not such a listing (the message names the line).\n",
         OPTIONS(FILE_ARG(FILE, "FILE", KPROF_CLI_REQUIRED, "the listing"),
                 FILE_ARG(CPUID_FILE, "DUMP", 0,
                          "the machine's cpuid (`kprof cpuid-dump`, `cpuid -r`); without it\n"
                          "kprof tries an Intel processor with every architectural event,\n"
                          "an AMD64 one and one the HAL gives Default"),
                 NUMBER(CPU, "N", 0, 0x7FFFFFFF, "which block of the dump (default 0)"),
                 WORD(WINDOWS, "RELEASE", kprof_cli_choice_release, 0,
                      "the machine's Windows (kprof info --windows all lists them; a build\n"
                      "number works too); without it every release is tried and those\n"
                      "the listing fits are named"),
                 CHOICE(HAL, NULL, kprof_cli_choice_hal, 0,
                        "only that HAL (default: every HAL the release shipped)"),
                 FILE_ARG(CUSTOM_SOURCES, "FILE", 0,
                          "the registry file (or JSON) of `kprof custom-source`: its sources\n"
                          "are expected in the listing after the restart, by name and\n"
                          "interval, where their group loads (needs --cpuid-file)"),
                 WIDE_FLAG,
                 JSON_FLAG("one JSON object")),
         "listing-check --cpuid-file DUMP LISTING\twhich Windows releases a wpr -pmcsources listing fits\n"},
        {"custom-source", kprof_cmd_custom_source,
         "make Windows count an event: custom profile sources, checked",
         "  Each NAME=EVENT becomes a Windows custom profile source (Windows 10 1803 and\n"
         "  later) for the processor (this one, or a dumped one), checked first: the name\n"
         "  Windows will list (A-Z a-z 0-9 _ . -, at most 127 characters, no source the\n"
         "  HAL already has), the event within the vendor's widths, options the vendor\n"
         "  has. EVENT is event=0x60,umask=0xff[,cmask=N][,inv][,edge][,any][,host]\n"
         "  [,guest][,interval=N] or the raw form `kprof perf` prints (r412e). Written to\n"
         "  standard output: reg, a registry file for regedit (loaded at the next\n"
         "  restart); wprp, a WPR profile sampling them (profile kprof-sample) or counting\n"
         "  them on context switches (kprof-cswitch); bin, the\n"
         "  EventTraceProfileSourceAddInformation records for NtSetSystemInformation;\n"
         "  json, all of it described. What kprof knows the event counts on the processor\n"
         "  is said; warnings go to standard error. Bad input: exit 2, nothing written.\n"
         "  docs/custom-sources.md walks from choosing the event to WPR sampling it.\n",
         OPTIONS(FILE_ARG(CPUID_FILE, "DUMP", 0,
                          "the processor the sources are for, from a dump (default: this one)"),
                 NUMBER(CPU, "N", 0, 0x7FFFFFFF, "which block of the dump (default 0)"),
                 WORD(WINDOWS, "RELEASE", kprof_cli_choice_release, 0,
                      "the Windows release (a name, a product for its newest release: 10,\n"
                      "11, or a build number; default: the newest kprof models)"),
                 TEXT(GROUP, "NAME", 0,
                      "the registry group key (default kprof-Family-F-Model-M)"),
                 CHOICE(FORMAT, NULL, kprof_cli_choice_custom_format, 0,
                        "what to write (default reg)"),
                 TEXT(NAME_EVENT, NULL, KPROF_CLI_REQUIRED | KPROF_CLI_MANY,
                      "a source: its name and its event")),
         "custom-source --cpuid-file DUMP L2_RQSTS.MISS=event=0x24,umask=0x3f\tthe registry file that makes Windows count L2 misses there\n"
         "custom-source --cpuid-file DUMP --format wprp L2_RQSTS.MISS=event=0x24,umask=0x3f\ta WPR profile sampling it\n"},
};

static const kprof_cli_command *find(const char *name)
{
	size_t i;
	for (i = 0; i < KPROF_CLI_COUNT(commands); i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static void print_usage(FILE *f)
{
	size_t i;
	fprintf(f, "usage: kprof COMMAND [OPTIONS]   (kprof COMMAND --help for its options)\n"
	           "       kprof --version\n\ncommands:\n");
	for (i = 0; i < KPROF_CLI_COUNT(commands); i++)
		fprintf(f, "  %-16s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\nexit status: 0 success, 1 the system failed (no cpuid, out of memory) or\n"
	           "listing-check found differences,\n"
	           "2 bad usage or bad input (the message names the file and line or offset).\n");
}

/* Help, version and completion go straight to stdout: a failed write (a full disk, a closed
 * pipe) is exit 1, as for every other output. */
static int stdout_done(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "kprof: cannot write standard output: %s\n", strerror(errno));
		return KPROF_CLI_EXIT_FAILURE;
	}
	return 0;
}

static int is_help(const char *arg)
{
	return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

int main(int argc, char **argv)
{
	const kprof_cli_command *c;
	kprof_cli_args a;
	int i, rc;
	if (argc < 2) {
		print_usage(stderr);
		return KPROF_CLI_EXIT_USAGE;
	}
	if (is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
		if (argc > 2 && (c = find(argv[2])) != NULL) {
			kprof_cli_output_width(KPROF_CLI_COLUMNS);
			kprof_cli_print_help(c);
			return kprof_cli_flush(stdout_done());
		}
		print_usage(stdout);
		return stdout_done();
	}
	/* Hidden: the synopses, options and examples for kprof.1 and docs/cli.md (tools/cli-docs). */
	if (strcmp(argv[1], "--doc") == 0) {
		if (argc != 3 || kprof_cli_print_doc(argv[2], commands, KPROF_CLI_COUNT(commands)) != 0) {
			fprintf(stderr, "kprof: --doc man or markdown\n");
			return KPROF_CLI_EXIT_USAGE;
		}
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("kprof %s\n", KPROF_VERSION_STRING);
		return stdout_done();
	}
	/* Hidden: the completion scripts (installed by `make install`). */
	if (strcmp(argv[1], "--completion") == 0) {
		if (argc != 3 ||
		    kprof_cli_print_completion(argv[2], commands, KPROF_CLI_COUNT(commands)) != 0) {
			fprintf(stderr, "kprof: --completion bash, zsh or fish\n");
			return KPROF_CLI_EXIT_USAGE;
		}
		return stdout_done();
	}
	c = find(argv[1]);
	if (!c) {
		fprintf(stderr, "kprof: unknown command '%s'\n", kprof_cli_quote(argv[1]));
		print_usage(stderr);
		return KPROF_CLI_EXIT_USAGE;
	}
	for (i = 2; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (is_help(argv[i])) {
			/* Folded to the terminal like every text output (cli/util.h). */
			kprof_cli_output_width(KPROF_CLI_COLUMNS);
			kprof_cli_print_help(c);
			return kprof_cli_flush(stdout_done());
		}
	}
	rc = kprof_cli_parse(c, argc - 1, argv + 1, &a);
	if (rc)
		return rc;
	/* Text fits an 80-column terminal; JSON and --wide are printed as they are. */
	kprof_cli_output_width(kprof_cli_opt(&a, KPROF_CLI_OPT_JSON)->set || kprof_cli_opt(&a, KPROF_CLI_OPT_WIDE)->set
	                               ? 0
	                               : KPROF_CLI_COLUMNS);
	return kprof_cli_flush(c->run(&a));
}
