/* kprof - what the Windows HAL would do on this machine or a dumped one, and decoders for
 * what the profiling hardware writes. Built from kprof.h and libc alone. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

int kprof_cli_flush(int rc);

/* Adding a subcommand is one row here (keep the order: it is the order of `kprof --help`). */
static const kprof_cli_command commands[] = {
        {"info", kprof_cmd_info,
         "what the Windows HAL would choose on this machine or a dumped one",
         "[--cpuid-file FILE] [--cpu N] [--hal x64|x86] [--json]",
         "  Vendor, family/model/stepping, hypervisor, the profile interface the HAL would\n"
         "  choose and why, architectural perfmon facts, the interface's sources and whether\n"
         "  each is supported, AMD LWP capabilities and Intel DS features.\n"
         "  --cpuid-file FILE  read the leaves from a dump instead of this processor: `cpuid -r`\n"
         "                     output or AIDA64/InstLatx64 text (one block per logical CPU)\n"
         "  --cpu N            which block of the dump (default 0, the first: the HAL assesses\n"
         "                     the boot processor)\n"
         "  --hal x64|x86      the 64-bit HAL (default) or the 32-bit HAL's extra rules\n"
         "  --json             one JSON object (schema in README.md)\n"},
        {"sources", kprof_cmd_sources, "the profile-source tables",
         "[--interface generic|default|emon|amd64|intel-later] [--json]\n"
         "       [--family F [--model M] [--stepping S] [--vendor amd|intel|hygon|STRING] |\n"
         "        --cpuid-file FILE [--cpu N]]",
         "  Every source of one table (default: all tables): value, name, the HAL's string,\n"
         "  default interval, select value, cpuid 0x0A ebx bit, and whether the HAL would\n"
         "  support it on this machine.\n"
         "  --json  an array of source objects (schema in README.md)\n"
         "  --family/--model/--stepping/--vendor (default vendor amd) or --cpuid-file: also\n"
         "          what each select counts on that processor (docs/counts.md)\n"},
        {"decode-select", kprof_cmd_decode_select, "take a PerfEvtSel value apart",
         "VALUE [--vendor intel|amd] [--json]",
         "  The fields of an event-select value (hex with 0x, or decimal) by the vendor's\n"
         "  layout (default: this processor's vendor, else intel), and the sources whose\n"
         "  select it is (EN and INT ignored: the HAL adds them when it starts a counter).\n"},
        {"perf", kprof_cmd_perf, "the Linux perf raw event for a source",
         "SOURCE [--interface emon|amd64]",
         "  Prints the raw event (e.g. r412e) to count SOURCE with `perf stat -e`. SOURCE is a\n"
         "  name (ProfileLLCMisses, LLCMisses, any case) or a value (0x1D). The table defaults\n"
         "  to this processor's vendor's: emon on Intel, amd64 on AMD.\n"},
        {"cpuid-dump", kprof_cmd_cpuid_dump, "this processor's cpuid leaves, `cpuid -r` format",
         "",
         "  Every leaf of the basic, hypervisor and extended ranges up to their max leaves\n"
         "  (sub-leaves where a leaf has them), in the format `cpuid -r` prints and\n"
         "  `kprof info --cpuid-file` reads. Only the processor kprof runs on is dumped.\n"},
        {"lwp-decode", kprof_cmd_lwp_decode, "decode a buffer of AMD LWP event records",
         "FILE [--json] [--proposal]",
         "  Each 32-byte record of FILE (a raw LWP ring buffer) by the shipped layout, or by\n"
         "  the 2007 proposal's with --proposal.\n"},
        {"ds-decode", kprof_cmd_ds_decode, "decode a BTS or PEBS buffer",
         "--format bts|bts32|pebs0..pebs5|pebs32 [--data-cfg X] [--base ADDR] [--json] FILE",
         "  The records of a Debug Store buffer (raw bytes as the processor wrote them).\n"},
        {"sources-decode", kprof_cmd_sources_decode, "decode a PROFILE_SOURCE_INFO buffer",
         "[--interface emon|amd64|generic|default] [--json] FILE",
         "  The chain EventTraceProfileSourceListInformation returns, each entry mapped to\n"
         "  kprof's tables (unknown sources are reported, not dropped).\n"},
};

const kprof_cli_command *kprof_cli_find(const char *name)
{
	size_t i;
	for (i = 0; i < KPROF_ARRAY_COUNT(commands); i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static void print_usage(FILE *f)
{
	size_t i;
	fprintf(f, "usage: kprof COMMAND [OPTIONS]   (kprof COMMAND --help for its options)\n\n"
	           "commands:\n");
	for (i = 0; i < KPROF_ARRAY_COUNT(commands); i++)
		fprintf(f, "  %-16s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\nexit status: 0 success, 1 the system failed (no cpuid, out of memory),\n"
	           "2 bad usage or bad input (the message names the file and line).\n");
}

static int is_help(const char *arg)
{
	return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

int main(int argc, char **argv)
{
	const kprof_cli_command *c;
	int i;
	if (argc < 2) {
		print_usage(stderr);
		return KPROF_CLI_EXIT_USAGE;
	}
	if (is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
		if (argc > 2 && (c = kprof_cli_find(argv[2])) != NULL) {
			printf("usage: kprof %s%s%s\n%s\n%s", c->name, *c->usage ? " " : "", c->usage,
			       c->help, c->details ? c->details : "");
			return 0;
		}
		print_usage(stdout);
		return 0;
	}
	c = kprof_cli_find(argv[1]);
	if (!c) {
		fprintf(stderr, "kprof: unknown command '%s'\n", argv[1]);
		print_usage(stderr);
		return KPROF_CLI_EXIT_USAGE;
	}
	for (i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (is_help(argv[i])) {
			printf("usage: kprof %s%s%s\n%s\n%s", c->name, *c->usage ? " " : "", c->usage,
			       c->help, c->details ? c->details : "");
			return 0;
		}
	}
	return kprof_cli_flush(c->run(argc - 1, argv + 1));
}
