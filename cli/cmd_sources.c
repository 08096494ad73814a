/* kprof sources, decode-select, perf: the tables and the select codec. */
#include "cli.h"

#include <string.h>

int kprof_cmd_sources(const kprof_cli_args *a)
{
	const kprof_cli_value *only = kprof_cli_opt(a, KPROF_CLI_OPT_INTERFACE);
	const kprof_cli_value *file = kprof_cli_opt(a, KPROF_CLI_OPT_CPUID_FILE);
	int json = kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set, first = 1, rc;
	int itf = only->set ? (int)only->num : -1;
	const kprof_cli_value *win = kprof_cli_opt(a, KPROF_CLI_OPT_WINDOWS);
	const kprof_cli_value *hal = kprof_cli_opt(a, KPROF_CLI_OPT_HAL);
	const char *filter = kprof_cli_opt(a, KPROF_CLI_OPT_FILTER)->text;
	const kprof_hal_release *rel = NULL;
	uint32_t release = 0, build = hal->set ? (uint32_t)hal->num : KPROF_HAL_BUILD_X64;
	if (win->set) {
		if (kprof_cli_windows_parse(a->cmd, win->text, &release) != 0)
			return KPROF_CLI_EXIT_USAGE;
		rel = kprof_hal_release_by_id(release);
		/* Without --hal: the release's 64-bit HAL, or its 32-bit one where it had no other. */
		if (!hal->set && !rel->x64)
			build = KPROF_HAL_BUILD_X86;
		if ((rc = kprof_cli_hal_check(a->cmd, build | KPROF_CLI_RELEASE(release))) != 0)
			return rc;
	} else {
		/* The default of every command that answers for a release: the newest kprof models. */
		release = kprof_cli_release_newest((kprof_hal_build)build);
		rel = kprof_hal_release_by_id(release);
	}
	int named = kprof_cli_opt(a, KPROF_CLI_OPT_FAMILY)->set;
	unsigned t, cpu_class = KPROF_COUNTS_CLASS_NONE;
	kprof_hal_decision d, names;
	kprof_counts_entry counts, *cp = NULL;
	/* The offered sources and their verdicts, for what counts nothing after the table. */
	static const kprof_source *offered_src[512];
	static kprof_counts_entry offered_counts[512];
	size_t offered = 0;
	kprof_cli_counts_summary sum = {{0}, 0};
	/* A processor to judge the selects on: a dump, or --family (with --model, --stepping). */
	if (file->set && (named || kprof_cli_opt(a, KPROF_CLI_OPT_VENDOR)->set))
		return kprof_cli_usage(a->cmd, "--cpuid-file and --vendor/--family exclude each "
		                                     "other");
	if (!named && (kprof_cli_opt(a, KPROF_CLI_OPT_MODEL)->set || kprof_cli_opt(a, KPROF_CLI_OPT_STEPPING)->set ||
	               kprof_cli_opt(a, KPROF_CLI_OPT_VENDOR)->set))
		return kprof_cli_usage(a->cmd, "--vendor, --model and --stepping need --family");
	if (file->set) {
		kprof_cpuid_snapshot snap;
		if ((rc = kprof_cli_dump_snapshot_file(file->text,
		                                  kprof_cli_opt(a, KPROF_CLI_OPT_CPU)->set ? (uint32_t)kprof_cli_opt(a, KPROF_CLI_OPT_CPU)->num
		                                                                 : KPROF_CLI_NO_CPU,
		                                  &snap)) != 0)
			return rc;
		/* One table, one machine: Supported and Counts both the dump's. */
		(void)kprof_cli_decide(&snap, (rel && !rel->x64 ? KPROF_HAL_BUILD_X86 : KPROF_HAL_BUILD_X64) |
		                                    KPROF_CLI_RELEASE(release), &d);
		cp = &counts;
	} else if (named) {
		if ((rc = kprof_cli_counts_named_class(a, kprof_cli_default_vendor(), &cpu_class)) != 0)
			return rc;
		cp = &counts;
	} else if (kprof_cli_opt(a, KPROF_CLI_OPT_CPU)->set) {
		return kprof_cli_usage(a->cmd, "--cpu needs --cpuid-file");
	}
	/* The names as the release's HAL spells them. */
	(void)kprof_cli_decide(NULL, KPROF_HAL_BUILD_X64 | KPROF_CLI_RELEASE(release), &names);
	if (json) {
		/* One object: the release and HAL answered for (as info --json names them), the rows. */
		kprof_cli_puts("{");
		kprof_cli_release_json(build | KPROF_CLI_RELEASE(release), !win->set);
		kprof_cli_puts(",\n \"sources\": [");
	} else {
		/* The release answered for, on standard error: the table's lines are rows only. */
		kprof_cli_aside_begin();
		kprof_cli_release_line(build | KPROF_CLI_RELEASE(release), !win->set);
		kprof_cli_aside_end();
		kprof_cli_source_header(itf < 0, cp != NULL);
	}
	for (t = 0; t < KPROF_SOURCE_TABLE_COUNT; t++) {
		size_t n, k;
		const kprof_source *rows;
		if (itf >= 0 && (unsigned)itf != t)
			continue;
		/* With --windows, only the tables that release's HALs have. */
		if (rel && ((t == KPROF_SOURCE_TABLE_EMON && rel->emon == KPROF_HAL_PRESENCE_ABSENT) ||
		            (t == KPROF_SOURCE_TABLE_AMD64 && rel->amd64 == KPROF_HAL_PRESENCE_ABSENT)))
			continue;
		rows = kprof_source_rows_by_table((kprof_source_table)t, &n);
		for (k = 0; k < n; k++) {
			int supported;
			if (filter && !kprof_cli_word_match(filter, kprof_source_name_get(&rows[k])) &&
			    !kprof_cli_word_match(filter, kprof_hal_source_description_get(&names, &rows[k])))
				continue;
			/* Supported on the processor the table describes: the dump's; a named
			 * family has no cpuid leaves to decide by (unknown); else this machine. */
			supported = file->set ? (int)kprof_cli_presence(&d, &rows[k])
			            : named   ? KPROF_HAL_PRESENCE_UNKNOWN
			                      : kprof_cli_live_status(&rows[k], build | KPROF_CLI_RELEASE(release));
			if (rel && t == KPROF_SOURCE_TABLE_INTEL_LATER &&
			    rows[k].value > (rel->later_intel_max > rel->later_intel_x86_max ? rel->later_intel_max
			                                                                     : rel->later_intel_x86_max))
				continue;
			if (file->set)
				kprof_counts_entry_get(&d, &rows[k], &counts);
			else if (cp)
				kprof_counts_class_entry_get(cpu_class, &rows[k], &counts);
			if (cp) {
				cpu_class = counts.cpu_class;
				kprof_cli_counts_summary_add(&sum, &counts);
				if (supported && offered < KPROF_CLI_COUNT(offered_src)) {
					offered_src[offered] = &rows[k];
					offered_counts[offered++] = counts;
				}
			}
			if (json) {
				kprof_cli_puts(first ? "\n  " : ",\n  ");
				kprof_cli_source_json(&names, &rows[k], supported, cp);
			} else {
				kprof_cli_source_row(&names, &rows[k], itf < 0, supported, cp);
			}
			first = 0;
		}
	}
	if (json) {
		kprof_cli_puts(first ? "]}\n" : "\n ]}\n");
		return 0;
	}
	kprof_cli_table_end();
	/* The summary is no row: on standard error, so awk and cut see the table only. */
	if (cp) {
		kprof_cli_aside_begin();
		kprof_cli_counts_summary_text(&sum, cpu_class, "listed");
		kprof_cli_counts_nothing_text(&names, offered_src, offered_counts, offered);
		kprof_cli_aside_end();
	}
	return 0;
}

const char *kprof_cli_choice_vendor(int i)
{
	/* The PerfEvtSel layouts: Intel's and AMD's (the vendors of kprof_source_table_info). */
	switch (i) {
	case KPROF_CPUID_VENDOR_INTEL: return "intel";
	case KPROF_CPUID_VENDOR_AMD: return "amd";
	case KPROF_CPUID_VENDOR_UNKNOWN: return "";
	default: return NULL;
	}
}

int kprof_cmd_decode_select(const kprof_cli_args *a)
{
	const kprof_cli_value *vend = kprof_cli_opt(a, KPROF_CLI_OPT_VENDOR);
	int json = kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set;
	int vendor = vend->set ? (int)vend->num : -1;
	const kprof_cli_value *hal = kprof_cli_opt(a, KPROF_CLI_OPT_HAL);
	const kprof_cli_value *win = kprof_cli_opt(a, KPROF_CLI_OPT_WINDOWS);
	uint32_t build = hal->set ? (uint32_t)hal->num : KPROF_HAL_BUILD_X64, release = 0;
	const char *text = kprof_cli_opt(a, KPROF_CLI_OPT_VALUE)->text;
	uint64_t value, reserved = 0;
	int perf_raw = 0, other_vendor, rc;
	unsigned b;
	kprof_pmu_select f;
	kprof_status st;
	kprof_source_table itf;
	const kprof_source *match[64];
	size_t n, k;
	uint32_t lookup;
	if (win->set && kprof_cli_windows_parse(a->cmd, win->text, &release) != 0)
		return KPROF_CLI_EXIT_USAGE;
	/* Support as the release's HAL would decide (default: the newest kprof models). */
	build |= KPROF_CLI_RELEASE(release);
	if ((rc = kprof_cli_hal_check(a->cmd, build)) != 0)
		return rc;
	if (vendor < 0)
		vendor = (int)kprof_cli_default_vendor();
	{
		/* Supported describes this machine: only when the layout is its vendor's (a select
		 * of another vendor's machine is not this one's question: unknown). */
		const kprof_hal_decision *live = kprof_cli_live_decision();
		other_vendor = !live || (int)live->vendor != vendor;
	}
	/* VALUE: a number, or the rNNNN form `kprof perf` prints (Linux perf's raw config: the
	 * PerfEvtSel bits without USR/OS, which perf sets by default: counted here as set). */
	if ((text[0] == 'r' || text[0] == 'R') && text[1]) {
		char hex[24];
		if (strlen(text + 1) > 16)
			return kprof_cli_usage(a->cmd, "VALUE '%s': a perf raw event has at most 16 "
			                                     "hex digits", kprof_cli_quote(text));
		snprintf(hex, sizeof hex, "0x%s", text + 1);
		if (kprof_cli_parse_u64(hex, UINT64_MAX, &value) != 0)
			return kprof_cli_usage(a->cmd, "VALUE '%s': after r, perf's raw event is hex "
			                                     "digits (r412e)", kprof_cli_quote(text));
		value |= vendor == KPROF_CPUID_VENDOR_AMD
		                 ? KPROF_AMD_PERFEVTSEL_USR_MASK | KPROF_AMD_PERFEVTSEL_OS_MASK
		                 : KPROF_IA32_PERFEVTSEL_USR_MASK | KPROF_IA32_PERFEVTSEL_OS_MASK;
		perf_raw = 1;
	} else if (kprof_cli_parse_u64(text, UINT64_MAX, &value) != 0) {
		return kprof_cli_usage(a->cmd, "VALUE '%s': a number (hex with 0x, or decimal) or "
		                                     "a perf raw event (r412e)", kprof_cli_quote(text));
	}
	memset(&f, 0, sizeof f);
	st = kprof_pmu_select_unpack((kprof_cpuid_vendor)vendor, value, &f);
	/* Which bits are reserved: each set bit the layout refuses alone. */
	for (b = 0; b < 64 && st == KPROF_E_RESERVED; b++) {
		kprof_pmu_select one;
		if ((value >> b & 1u) &&
		    kprof_pmu_select_unpack((kprof_cpuid_vendor)vendor, (uint64_t)1 << b, &one) ==
		            KPROF_E_RESERVED)
			reserved |= (uint64_t)1 << b;
	}
	itf = vendor == KPROF_CPUID_VENDOR_AMD ? KPROF_SOURCE_TABLE_AMD64 : KPROF_SOURCE_TABLE_EMON;
	/* The tables hold selects as the HAL loads them: USR/OS only, EN and INT are added when
	 * a counter starts. A value read back from a running counter still names its source. */
	lookup =
	        (uint32_t)(value & ~(uint64_t)(vendor == KPROF_CPUID_VENDOR_AMD
	                                               ? KPROF_AMD_PERFEVTSEL_EN_MASK |
	                                                         KPROF_AMD_PERFEVTSEL_INTR_MASK
	                                               : KPROF_IA32_PERFEVTSEL_EN_MASK |
	                                                         KPROF_IA32_PERFEVTSEL_INTR_MASK));
	/* Every table select fits 32 bits (no EventSelect[11:8], no host/guest bits). */
	n = 0;
	if (!(value >> 32))
		(void)kprof_source_all_by_select(itf, lookup, match, KPROF_CLI_COUNT(match), &n);
	if (n > KPROF_CLI_COUNT(match))
		n = KPROF_CLI_COUNT(match);
	if (json) {
		kprof_cli_printf("{\"value\": \"0x%llx\", \"perf_raw\": %s, \"vendor\": \"%s\", "
		                 "\"reserved_bits\": %s, \"reserved_mask\": \"0x%llx\",\n",
		                 (unsigned long long)value, kprof_cli_json_bool(perf_raw),
		                 kprof_cli_choice_vendor(vendor), kprof_cli_json_bool(st == KPROF_E_RESERVED),
		                 (unsigned long long)reserved);
		/* The release and HAL whose support the sources' Supported is (as info --json). */
		kprof_cli_puts(" ");
		kprof_cli_release_json(build, !win->set);
		kprof_cli_puts(",\n");
		kprof_cli_printf(
		        " \"fields\": {\"event\": %u, \"umask\": %u, \"usr\": %s, \"os\": %s, "
		        "\"edge\": %s, \"pc\": %s, \"int\": %s, ",
		        (unsigned)f.event, (unsigned)f.umask, kprof_cli_json_bool(f.usr),
		        kprof_cli_json_bool(f.os), kprof_cli_json_bool(f.edge),
		        kprof_cli_json_bool(f.pc), kprof_cli_json_bool(f.intr));
		if (vendor == KPROF_CPUID_VENDOR_AMD)
			kprof_cli_puts("\"any\": null, ");
		else
			kprof_cli_printf("\"any\": %s, ", kprof_cli_json_bool(f.any));
		kprof_cli_printf("\"en\": %s, \"inv\": %s, \"cmask\": %u, ",
		                 kprof_cli_json_bool(f.en), kprof_cli_json_bool(f.inv),
		                 (unsigned)f.cmask);
		if (vendor == KPROF_CPUID_VENDOR_AMD)
			kprof_cli_printf("\"guest_only\": %s, \"host_only\": %s},\n",
			                 kprof_cli_json_bool(f.guest_only),
			                 kprof_cli_json_bool(f.host_only));
		else
			kprof_cli_puts("\"guest_only\": null, \"host_only\": null},\n");
		kprof_cli_puts(" \"sources\": [");
		for (k = 0; k < n; k++) {
			kprof_cli_puts(k ? ",\n  " : "\n  ");
			kprof_cli_source_json(NULL, match[k],
			                      other_vendor ? KPROF_HAL_PRESENCE_UNKNOWN : kprof_cli_live_status(match[k], build),
			                      NULL);
		}
		kprof_cli_puts(n ? "\n ]}\n" : "]}\n");
		return 0;
	}
	kprof_cli_printf("select 0x%08llX (%s PerfEvtSel layout)", (unsigned long long)value,
	                 vendor == KPROF_CPUID_VENDOR_AMD ? "AMD" : "Intel");
	if (perf_raw)
		kprof_cli_printf(", from perf's raw event %s with USR and OS set as perf sets them",
		                 kprof_cli_quote(text));
	if (st == KPROF_E_RESERVED) {
		/* The reserved bits set, as ranges: "bits 32-35, 40 (0xF100000000)". */
		unsigned lo, n = 0;
		kprof_cli_puts("\n  reserved bits set: ");
		for (b = 0; b < 64; b++) {
			if (!(reserved >> b & 1u))
				continue;
			for (lo = b; b + 1 < 64 && (reserved >> (b + 1) & 1u); b++)
				;
			kprof_cli_printf(lo == b ? "%s%u" : "%s%u-%u", n++ ? ", " : "", lo, b);
		}
		kprof_cli_printf(" (mask 0x%llX): reserved in the %s layout", (unsigned long long)reserved,
		                 vendor == KPROF_CPUID_VENDOR_AMD ? "AMD" : "Intel");
	}
	kprof_cli_puts("\n");
	kprof_cli_printf("  %-10s 0x%02X\n", "event", (unsigned)f.event);
	kprof_cli_printf("  %-10s 0x%02X\n", "umask", (unsigned)f.umask);
	kprof_cli_printf("  %-10s %u\n", "usr", (unsigned)f.usr);
	kprof_cli_printf("  %-10s %u\n", "os", (unsigned)f.os);
	kprof_cli_printf("  %-10s %u\n", "edge", (unsigned)f.edge);
	kprof_cli_printf("  %-10s %u\n", "pc", (unsigned)f.pc);
	kprof_cli_printf("  %-10s %u\n", "int", (unsigned)f.intr);
	if (vendor != KPROF_CPUID_VENDOR_AMD)
		kprof_cli_printf("  %-10s %u\n", "any", (unsigned)f.any);
	kprof_cli_printf("  %-10s %u\n", "en", (unsigned)f.en);
	kprof_cli_printf("  %-10s %u\n", "inv", (unsigned)f.inv);
	kprof_cli_printf("  %-10s 0x%02X\n", "cmask", (unsigned)f.cmask);
	if (vendor == KPROF_CPUID_VENDOR_AMD) {
		kprof_cli_printf("  %-10s %u\n", "guest_only", (unsigned)f.guest_only);
		kprof_cli_printf("  %-10s %u\n", "host_only", (unsigned)f.host_only);
	}
	if (!n) {
		kprof_cli_printf("no %s source uses it\n", kprof_cli_interface_name(itf));
		return 0;
	}
	kprof_cli_printf("used by %lu %s source%s:\n", (unsigned long)n,
	                 kprof_cli_interface_name(itf), n == 1 ? "" : "s");
	kprof_cli_source_header(0, 0);
	for (k = 0; k < n; k++)
		kprof_cli_source_row(NULL, match[k], 0,
		                     other_vendor ? KPROF_HAL_PRESENCE_UNKNOWN : kprof_cli_live_status(match[k], build),
		                     NULL);
	kprof_cli_table_end();
	kprof_cli_release_line(build, !win->set);
	return 0;
}

/* A source of a table by name (any spelling kprof_source_by_name takes) or by value. */
static const kprof_source *find_source(kprof_source_table itf, const char *text)
{
	uint64_t value;
	if (kprof_cli_parse_u64(text, 0xFFFF, &value) == 0)
		return kprof_source_by_value(itf, (uint32_t)value);
	return kprof_source_by_name(itf, text, strlen(text));
}

int kprof_cmd_perf(const kprof_cli_args *a)
{
	const kprof_cli_command *cmd = a->cmd;
	const char *text = kprof_cli_opt(a, KPROF_CLI_OPT_SOURCE)->text;
	const kprof_cli_value *table = kprof_cli_opt(a, KPROF_CLI_OPT_INTERFACE);
	const kprof_source *s;
	int itf = table->set ? (int)table->num : -1;
	char raw[32];
	kprof_status st;
	if (itf < 0)
		itf = (int)kprof_cli_default_interface();
	s = find_source((kprof_source_table)itf, text);
	if (!s)
		return kprof_cli_usage(cmd,
		                       "no source '%s' in the %s table (kprof sources "
		                       "--interface %s lists them)",
		                       kprof_cli_quote(text),
		                       kprof_cli_interface_name((unsigned)itf),
		                       kprof_cli_interface_name((unsigned)itf));
	if (!s->select)
		return kprof_cli_usage(cmd,
		                       "%s has no event select in the %s table: nothing "
		                       "for perf to count",
		                       kprof_source_name_get(s),
		                       kprof_cli_interface_name((unsigned)itf));
	st = kprof_pmu_perf_raw_format(kprof_source_table_info_vendor_get(kprof_source_table_info_by_id((kprof_source_table)itf)),
	                               s->select, raw, sizeof raw, NULL);
	if (st != KPROF_OK)
		return kprof_cli_usage(cmd, "%s: no perf raw event (%s)", kprof_source_name_get(s),
		                       kprof_status_name(st));
	if (kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set) {
		kprof_cli_puts("{\"interface\": ");
		kprof_cli_json_string(kprof_cli_interface_name((unsigned)itf));
		kprof_cli_printf(", \"value\": %u, \"name\": ", (unsigned)s->value);
		kprof_cli_json_string(kprof_source_name_get(s));
		kprof_cli_printf(", \"select\": %lu, \"raw\": ", (unsigned long)s->select);
		kprof_cli_json_string(raw);
		kprof_cli_puts("}\n");
		return 0;
	}
	kprof_cli_printf("%s\n", raw);
	return 0;
}
