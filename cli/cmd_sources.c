/* kprof sources, decode-select, perf: the tables and the select codec. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

void kprof_cli_source_header(int with_interface, int with_counts)
{
	if (with_interface)
		kprof_cli_printf("%-11s ", "Interface");
	kprof_cli_printf("%4s  %-6s  %-54s %8s  %-10s  %3s  %-*s", "Id", "Value", "Name", "Interval",
	                 "Select", "Ebx", with_counts ? 9 : 0, "Supported");
	if (with_counts)
		kprof_cli_counts_header();
	kprof_cli_puts("\n");
}

void kprof_cli_source_row(const kprof_source *s, int with_interface, int supported,
                          const kprof_source_counts *counts)
{
	char select[16], ebx[8];
	if (s->select)
		snprintf(select, sizeof select, "0x%08lX", (unsigned long)s->select);
	else
		snprintf(select, sizeof select, "-");
	if (s->ebx_bit >= 0)
		snprintf(ebx, sizeof ebx, "%d", (int)s->ebx_bit);
	else
		snprintf(ebx, sizeof ebx, "-");
	if (with_interface)
		kprof_cli_printf("%-11s ", kprof_cli_interface_name((kprof_interface)s->iface));
	kprof_cli_printf("%4u  0x%04X  %-54s %8lu  %-10s  %3s  %-*s", (unsigned)s->value,
	                 (unsigned)s->value, kprof_source_description(s),
	                 (unsigned long)kprof_cli_default_interval(s), select, ebx, counts ? 9 : 0,
	                 supported > 0 ? "yes" : "no");
	if (counts)
		kprof_cli_counts_column(counts);
	kprof_cli_puts("\n");
}

int kprof_cmd_sources(int argc, char **argv)
{
	int i, json = 0, itf = -1, first = 1, rc;
	unsigned t, cpu_class = KPROF_COUNTS_CLASS_NONE;
	kprof_cli_counts_summary sum = {{0}, 0};
	const char *file = NULL;
	uint64_t cpu = 0;
	kprof_cli_counts_cpu named = {"AuthenticAMD", {0, 0, 0}, 0};
	kprof_cpuid_snapshot snap;
	kprof_source_counts counts, *cp = NULL;
	for (i = 1; i < argc; i++) {
		const char *v;
		int r;
		if (strcmp(argv[i], "--json") == 0) {
			json = 1;
		} else if ((r = kprof_cli_option(argv[0], argc, argv, &i, "--interface", &v)) != 0) {
			if (r < 0)
				return KPROF_CLI_EXIT_USAGE;
			itf = kprof_cli_interface_parse(v);
			if (itf < 0)
				return kprof_cli_usage(argv[0], "unknown interface '%s'", v);
		} else if ((r = kprof_cli_option(argv[0], argc, argv, &i, "--cpuid-file", &v)) != 0) {
			if (r < 0)
				return KPROF_CLI_EXIT_USAGE;
			file = v;
		} else if ((r = kprof_cli_option(argv[0], argc, argv, &i, "--cpu", &v)) != 0) {
			if (r < 0 || kprof_cli_parse_u64(v, 0x7FFFFFFF, &cpu) != 0)
				return r < 0 ? KPROF_CLI_EXIT_USAGE
				             : kprof_cli_usage(argv[0], "--cpu '%s' is not a CPU block number", v);
		} else if ((r = kprof_cli_counts_option(argv[0], argc, argv, &i, &named)) != 0) {
			if (r < 0)
				return KPROF_CLI_EXIT_USAGE;
		} else {
			return kprof_cli_usage(argv[0], "unexpected argument '%s'", argv[i]);
		}
	}
	/* A processor to judge the selects on: a dump, or --family (with --model, --stepping). */
	if (file && named.given)
		return kprof_cli_usage(argv[0], "--cpuid-file and --family/--model/--stepping exclude "
		                                "each other");
	if (named.given && !(named.given & 1u))
		return kprof_cli_usage(argv[0], "--model and --stepping need --family");
	if (file && (rc = kprof_cli_snapshot_file(file, (uint32_t)cpu, &snap)) != 0)
		return rc;
	if (file || named.given)
		cp = &counts;
	if (named.given)
		cpu_class = kprof_cli_counts_cpu_class(&named);
	if (json)
		kprof_cli_puts("[");
	else
		kprof_cli_source_header(itf < 0, cp != NULL);
	for (t = 0; t < KPROF_INTERFACE_COUNT; t++) {
		size_t n, k;
		const kprof_source *rows;
		if (itf >= 0 && (unsigned)itf != t)
			continue;
		rows = kprof_source_table((kprof_interface)t, &n);
		for (k = 0; k < n; k++) {
			int supported = kprof_cli_live_supported(&rows[k]);
			if (file)
				kprof_source_counts_from_snapshot(&snap, &rows[k], &counts);
			else if (cp)
				kprof_source_counts_for_class(cpu_class, &rows[k], &counts);
			if (cp) {
				cpu_class = counts.cpu_class;
				kprof_cli_counts_summary_add(&sum, &counts);
			}
			if (json) {
				kprof_cli_puts(first ? "\n  " : ",\n  ");
				kprof_cli_source_json(&rows[k], supported, cp);
			} else {
				kprof_cli_source_row(&rows[k], itf < 0, supported, cp);
			}
			first = 0;
		}
	}
	if (json)
		kprof_cli_puts("\n]\n");
	else if (cp)
		kprof_cli_counts_summary_text(&sum, cpu_class, "listed");
	return 0;
}

static const char *flag(int f)
{
	return f ? "true" : "false";
}

int kprof_cmd_decode_select(int argc, char **argv)
{
	const char *text = NULL;
	int i, json = 0, vendor = -1;
	uint64_t value;
	kprof_select f;
	kprof_status st;
	kprof_interface itf;
	const kprof_source *match[64];
	size_t n, k;
	uint32_t lookup;
	for (i = 1; i < argc; i++) {
		const char *v;
		int r;
		if (strcmp(argv[i], "--json") == 0) {
			json = 1;
		} else if ((r = kprof_cli_option(argv[0], argc, argv, &i, "--vendor", &v)) != 0) {
			if (r < 0)
				return KPROF_CLI_EXIT_USAGE;
			if (strcmp(v, "intel") == 0)
				vendor = KPROF_VENDOR_INTEL;
			else if (strcmp(v, "amd") == 0)
				vendor = KPROF_VENDOR_AMD;
			else
				return kprof_cli_usage(argv[0], "unknown vendor '%s' (intel or amd)", v);
		} else if (argv[i][0] == '-' && argv[i][1] != 0) {
			return kprof_cli_usage(argv[0], "unknown option '%s'", argv[i]);
		} else if (!text) {
			text = argv[i];
		} else {
			return kprof_cli_usage(argv[0], "unexpected argument '%s'", argv[i]);
		}
	}
	if (!text)
		return kprof_cli_usage(argv[0], "missing VALUE");
	if (kprof_cli_parse_u64(text, UINT64_MAX, &value) != 0)
		return kprof_cli_usage(argv[0], "VALUE '%s' is not a number (hex with 0x, or decimal)",
		                       text);
	if (vendor < 0) {
		vendor = kprof_cli_live_vendor();
		if (vendor != KPROF_VENDOR_AMD)
			vendor = KPROF_VENDOR_INTEL;
	}
	memset(&f, 0, sizeof f);
	st = kprof_select_decode((kprof_vendor)vendor, value, &f);
	itf = vendor == KPROF_VENDOR_AMD ? KPROF_INTERFACE_AMD64 : KPROF_INTERFACE_EMON;
	/* The tables hold selects as the HAL loads them: USR/OS only, EN and INT are added when
	 * a counter starts. A value read back from a running counter still names its source. */
	lookup = (uint32_t)(value & ~(uint64_t)(vendor == KPROF_VENDOR_AMD
	                                                ? KPROF_AMD_PERFEVTSEL_EN_MASK |
	                                                          KPROF_AMD_PERFEVTSEL_INTR_MASK
	                                                : KPROF_INTEL_PERFEVTSEL_EN_MASK |
	                                                          KPROF_INTEL_PERFEVTSEL_INTR_MASK));
	/* Every table select fits 32 bits (no EventSelect[11:8], no host/guest bits). */
	n = (value >> 32) ? 0 : kprof_sources_by_select(itf, lookup, match, KPROF_ARRAY_COUNT(match));
	if (n > KPROF_ARRAY_COUNT(match))
		n = KPROF_ARRAY_COUNT(match);
	if (json) {
		kprof_cli_printf("{\"value\": %llu, \"vendor\": \"%s\", \"reserved_bits\": %s,\n",
		                 (unsigned long long)value, vendor == KPROF_VENDOR_AMD ? "amd" : "intel",
		                 flag(st == KPROF_E_RESERVED));
		kprof_cli_printf(" \"fields\": {\"event\": %u, \"umask\": %u, \"usr\": %s, \"os\": %s, "
		                 "\"edge\": %s, \"pc\": %s, \"int\": %s, ",
		                 (unsigned)f.event, (unsigned)f.umask, flag(f.usr), flag(f.os),
		                 flag(f.edge), flag(f.pc), flag(f.intr));
		if (vendor == KPROF_VENDOR_AMD)
			kprof_cli_puts("\"any\": null, ");
		else
			kprof_cli_printf("\"any\": %s, ", flag(f.any));
		kprof_cli_printf("\"en\": %s, \"inv\": %s, \"cmask\": %u, ", flag(f.en), flag(f.inv),
		                 (unsigned)f.cmask);
		if (vendor == KPROF_VENDOR_AMD)
			kprof_cli_printf("\"guest_only\": %s, \"host_only\": %s},\n", flag(f.guest_only),
			                 flag(f.host_only));
		else
			kprof_cli_puts("\"guest_only\": null, \"host_only\": null},\n");
		kprof_cli_puts(" \"sources\": [");
		for (k = 0; k < n; k++) {
			kprof_cli_puts(k ? ",\n  " : "\n  ");
			kprof_cli_source_json(match[k], kprof_cli_live_supported(match[k]), NULL);
		}
		kprof_cli_puts(n ? "\n ]}\n" : "]}\n");
		return 0;
	}
	kprof_cli_printf("select 0x%08llX (%s PerfEvtSel layout)%s\n", (unsigned long long)value,
	                 vendor == KPROF_VENDOR_AMD ? "AMD" : "Intel",
	                 st == KPROF_E_RESERVED ? ": RESERVED BITS SET" : "");
	kprof_cli_printf("  %-10s 0x%02X\n", "event", (unsigned)f.event);
	kprof_cli_printf("  %-10s 0x%02X\n", "umask", (unsigned)f.umask);
	kprof_cli_printf("  %-10s %u\n", "usr", (unsigned)f.usr);
	kprof_cli_printf("  %-10s %u\n", "os", (unsigned)f.os);
	kprof_cli_printf("  %-10s %u\n", "edge", (unsigned)f.edge);
	kprof_cli_printf("  %-10s %u\n", "pc", (unsigned)f.pc);
	kprof_cli_printf("  %-10s %u\n", "int", (unsigned)f.intr);
	if (vendor != KPROF_VENDOR_AMD)
		kprof_cli_printf("  %-10s %u\n", "any", (unsigned)f.any);
	kprof_cli_printf("  %-10s %u\n", "en", (unsigned)f.en);
	kprof_cli_printf("  %-10s %u\n", "inv", (unsigned)f.inv);
	kprof_cli_printf("  %-10s 0x%02X\n", "cmask", (unsigned)f.cmask);
	if (vendor == KPROF_VENDOR_AMD) {
		kprof_cli_printf("  %-10s %u\n", "guest_only", (unsigned)f.guest_only);
		kprof_cli_printf("  %-10s %u\n", "host_only", (unsigned)f.host_only);
	}
	if (!n) {
		kprof_cli_printf("no %s source uses it\n", kprof_cli_interface_name(itf));
		return 0;
	}
	kprof_cli_printf("used by %lu %s source%s:\n", (unsigned long)n, kprof_cli_interface_name(itf),
	                 n == 1 ? "" : "s");
	kprof_cli_source_header(0, 0);
	for (k = 0; k < n; k++)
		kprof_cli_source_row(match[k], 0, kprof_cli_live_supported(match[k]), NULL);
	return 0;
}

/* A source of a table by name (any spelling kprof_source_by_name takes) or by value. */
static const kprof_source *find_source(kprof_interface itf, const char *text)
{
	uint64_t value;
	if (kprof_cli_parse_u64(text, 0xFFFF, &value) == 0)
		return kprof_source_get(itf, (uint32_t)value);
	return kprof_source_by_name(itf, text, strlen(text));
}

int kprof_cmd_perf(int argc, char **argv)
{
	const char *text = NULL;
	const kprof_source *s;
	int i, itf = -1;
	for (i = 1; i < argc; i++) {
		const char *v;
		int r;
		if ((r = kprof_cli_option(argv[0], argc, argv, &i, "--interface", &v)) != 0) {
			if (r < 0)
				return KPROF_CLI_EXIT_USAGE;
			itf = kprof_cli_interface_parse(v);
			if (itf < 0)
				return kprof_cli_usage(argv[0], "unknown interface '%s'", v);
		} else if (argv[i][0] == '-' && argv[i][1] != 0) {
			return kprof_cli_usage(argv[0], "unknown option '%s'", argv[i]);
		} else if (!text) {
			text = argv[i];
		} else {
			return kprof_cli_usage(argv[0], "unexpected argument '%s'", argv[i]);
		}
	}
	if (!text)
		return kprof_cli_usage(argv[0], "missing SOURCE");
	if (itf < 0)
		itf = kprof_cli_live_vendor() == KPROF_VENDOR_AMD ? KPROF_INTERFACE_AMD64
		                                                  : KPROF_INTERFACE_EMON;
	s = find_source((kprof_interface)itf, text);
	if (!s)
		return kprof_cli_usage(argv[0], "no source '%s' in the %s table (kprof sources "
		                                "--interface %s lists them)",
		                       text, kprof_cli_interface_name((kprof_interface)itf),
		                       kprof_cli_interface_name((kprof_interface)itf));
	if (!s->select)
		return kprof_cli_usage(argv[0], "%s has no event select in the %s table: nothing "
		                                "for perf to count",
		                       kprof_source_name(s),
		                       kprof_cli_interface_name((kprof_interface)itf));
	return kprof_cli_perf_print(argv[0], s);
}
