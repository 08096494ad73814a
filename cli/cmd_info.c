/* kprof info: what the Windows HAL would make of a processor, live or from a dump. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char *yes_no(int f)
{
	return f ? "yes" : "no";
}

static const char *json_bool(int f)
{
	return f ? "true" : "false";
}

static void json_names(const char *const *names, unsigned n)
{
	unsigned i;
	kprof_cli_puts("[");
	for (i = 0; i < n; i++) {
		if (i)
			kprof_cli_puts(", ");
		kprof_cli_json_string(names[i]);
	}
	kprof_cli_puts("]");
}

static void text_names(const char *const *names, unsigned n)
{
	unsigned i;
	if (!n)
		kprof_cli_puts("none");
	for (i = 0; i < n; i++)
		kprof_cli_printf("%s%s", i ? " " : "", names[i]);
}

/* The processor class the counts verdicts use (KPROF_COUNTS_CLASS_NONE without leaf 1). */
static unsigned counts_class(const kprof_cli_view *v)
{
	if (!kprof_cpuid_snapshot_has(&v->snap, KPROF_CPUID_SLOT_FEATURES))
		return KPROF_COUNTS_CLASS_NONE;
	return kprof_counts_class_find(v->vendor, v->family, v->model, v->stepping);
}

static void print_json(const kprof_cli_view *v)
{
	size_t n, i;
	const kprof_source *rows;
	kprof_cli_counts_summary sum = {{0}, 0};
	kprof_cli_puts("{\n  \"vendor\": ");
	kprof_cli_json_bytes(v->vendor, v->vendor_len);
	kprof_cli_printf(",\n  \"family\": %u, \"model\": %u, \"stepping\": %u,\n", v->family,
	                 v->model, v->stepping);
	kprof_cli_puts("  \"hypervisor\": ");
	if (!v->hypervisor) {
		kprof_cli_puts("null");
	} else {
		kprof_cli_puts("{\"vendor\": ");
		if (v->hv_vendor_known)
			kprof_cli_json_bytes(v->hv_vendor, v->hv_vendor_len);
		else
			kprof_cli_puts("null");
		kprof_cli_printf(", \"microsoft_compatible\": %s, "
		                 "\"performance_monitors_available\": %s}",
		                 json_bool(v->microsoft_compatible),
		                 json_bool(v->performance_monitors_available));
	}
	kprof_cli_printf(",\n  \"hal\": \"%s\", \"interface\": \"%s\", \"reason\": ",
	                 v->hal32 ? "x86" : "x64", kprof_cli_interface_name(v->iface));
	kprof_cli_json_string(v->reason);
	kprof_cli_puts(",\n  \"perfmon\": ");
	if (!v->perfmon)
		kprof_cli_puts("null");
	else
		kprof_cli_printf("{\"version\": %u, \"counters\": %u, \"width\": %u, "
		                 "\"ebx_length\": %u, \"ebx\": %lu}",
		                 v->pm_version, v->pm_counters, v->pm_width, v->pm_ebx_length,
		                 (unsigned long)v->pm_ebx);
	kprof_cli_puts(",\n  \"sources\": [");
	rows = kprof_source_table(v->iface, &n);
	for (i = 0; i < n; i++) {
		kprof_source_counts c;
		int supported = kprof_cli_view_supported(v, &rows[i]);
		kprof_source_counts_from_snapshot(&v->snap, &rows[i], &c);
		if (supported > 0)
			kprof_cli_counts_summary_add(&sum, &c);
		kprof_cli_puts(i ? ",\n    " : "\n    ");
		kprof_cli_source_json(&rows[i], supported, &c);
	}
	kprof_cli_puts("\n  ],\n  ");
	kprof_cli_counts_summary_json(&sum, counts_class(v));
	kprof_cli_puts(",\n  \"lwp\": ");
	if (!v->lwp) {
		kprof_cli_puts("null");
	} else {
		kprof_cli_printf("{\"version\": %u, \"cb_size\": %u, \"event_size\": %u, "
		                 "\"max_events\": %u, \"event_offset\": %u, "
		                 "\"min_buffer_records\": %u,\n    \"supported\": ",
		                 v->lwp_version, v->lwp_cb_size, v->lwp_event_size,
		                 v->lwp_max_events, v->lwp_event_offset, v->lwp_min_buffer_records);
		json_names(v->lwp_supported, v->lwp_supported_count);
		kprof_cli_puts(", \"enabled\": ");
		json_names(v->lwp_enabled, v->lwp_enabled_count);
		kprof_cli_printf(",\n    \"latency_max\": %u, \"data_address\": %s}", v->lwp_latency_max,
		                 json_bool(v->lwp_data_address));
	}
	kprof_cli_printf(",\n  \"ds\": {\"ds\": %s, \"dtes64\": %s, \"ds_cpl\": %s, \"pdcm\": %s}\n}\n",
	                 json_bool(v->ds), json_bool(v->dtes64), json_bool(v->ds_cpl),
	                 json_bool(v->pdcm));
}

static void print_text(const kprof_cli_view *v)
{
	size_t n, i;
	const kprof_source *rows;
	kprof_cli_counts_summary sum = {{0}, 0};
	kprof_source_counts c[256];
	kprof_cli_puts("vendor      ");
	kprof_cli_text_bytes(v->vendor, v->vendor_len);
	kprof_cli_printf("\nprocessor   family 0x%X, model 0x%X, stepping 0x%X\n", v->family, v->model,
	                 v->stepping);
	kprof_cli_puts("hypervisor  ");
	if (!v->hypervisor) {
		kprof_cli_puts("none\n");
	} else {
		if (v->hv_vendor_known) {
			kprof_cli_puts("\"");
			kprof_cli_text_bytes(v->hv_vendor, v->hv_vendor_len);
			kprof_cli_puts("\"");
		} else {
			kprof_cli_puts("present (no leaf 0x40000000)");
		}
		kprof_cli_printf(", Microsoft-compatible %s, PerformanceMonitorsAvailable %s\n",
		                 yes_no(v->microsoft_compatible),
		                 yes_no(v->performance_monitors_available));
	}
	kprof_cli_printf("interface   %s (%s HAL): %s\n", kprof_cli_interface_name(v->iface),
	                 v->hal32 ? "32-bit" : "64-bit", v->reason);
	if (!v->perfmon)
		kprof_cli_puts("perfmon     none (no cpuid leaf 0x0A)\n");
	else
		kprof_cli_printf("perfmon     version %u, %u counters, %u bits wide, ebx length %u, "
		                 "ebx 0x%08lX\n",
		                 v->pm_version, v->pm_counters, v->pm_width, v->pm_ebx_length,
		                 (unsigned long)v->pm_ebx);
	kprof_cli_puts("lwp         ");
	if (!v->lwp) {
		kprof_cli_puts("none\n");
	} else {
		kprof_cli_printf("version %u, LWPCB %u bytes, %u-byte records, %u events, event "
		                 "offset %u,\n            buffer at least %u records, latency max %u, "
		                 "data address %s\n            supported: ",
		                 v->lwp_version, v->lwp_cb_size, v->lwp_event_size, v->lwp_max_events,
		                 v->lwp_event_offset, v->lwp_min_buffer_records, v->lwp_latency_max,
		                 yes_no(v->lwp_data_address));
		text_names(v->lwp_supported, v->lwp_supported_count);
		kprof_cli_puts("\n            enabled:   ");
		text_names(v->lwp_enabled, v->lwp_enabled_count);
		kprof_cli_puts("\n");
	}
	kprof_cli_printf("ds          DS %s, DTES64 %s, DS-CPL %s, PDCM %s\n", yes_no(v->ds),
	                 yes_no(v->dtes64), yes_no(v->ds_cpl), yes_no(v->pdcm));
	rows = kprof_source_table(v->iface, &n);
	for (i = 0; i < n && i < KPROF_ARRAY_COUNT(c); i++) {
		kprof_source_counts_from_snapshot(&v->snap, &rows[i], &c[i]);
		if (kprof_cli_view_supported(v, &rows[i]) > 0)
			kprof_cli_counts_summary_add(&sum, &c[i]);
	}
	kprof_cli_counts_summary_text(&sum, counts_class(v), "the HAL supports");
	kprof_cli_printf("\nsources of the %s interface:\n", kprof_cli_interface_name(v->iface));
	kprof_cli_source_header(0, 1);
	for (i = 0; i < n && i < KPROF_ARRAY_COUNT(c); i++)
		kprof_cli_source_row(&rows[i], 0, kprof_cli_view_supported(v, &rows[i]), &c[i]);
}

int kprof_cmd_info(int argc, char **argv)
{
	const char *file = NULL;
	uint64_t cpu = 0;
	int i, json = 0, hal32 = 0, rc;
	kprof_cpuid_snapshot snap;
	kprof_cli_view view;
	for (i = 1; i < argc; i++) {
		const char *v;
		int r;
		if (strcmp(argv[i], "--json") == 0) {
			json = 1;
		} else if ((r = kprof_cli_option(argv[0], argc, argv, &i, "--cpuid-file", &v)) != 0) {
			if (r < 0)
				return KPROF_CLI_EXIT_USAGE;
			file = v;
		} else if ((r = kprof_cli_option(argv[0], argc, argv, &i, "--cpu", &v)) != 0) {
			if (r < 0)
				return KPROF_CLI_EXIT_USAGE;
			if (kprof_cli_parse_u64(v, 0x7FFFFFFF, &cpu) != 0)
				return kprof_cli_usage(argv[0], "--cpu '%s' is not a CPU block number", v);
		} else if ((r = kprof_cli_option(argv[0], argc, argv, &i, "--hal", &v)) != 0) {
			if (r < 0)
				return KPROF_CLI_EXIT_USAGE;
			if (strcmp(v, "x64") == 0)
				hal32 = 0;
			else if (strcmp(v, "x86") == 0)
				hal32 = 1;
			else
				return kprof_cli_usage(argv[0], "--hal '%s': x64 or x86", v);
		} else {
			return kprof_cli_usage(argv[0], "unexpected argument '%s'", argv[i]);
		}
	}
	if (file) {
		rc = kprof_cli_snapshot_file(file, (uint32_t)cpu, &snap);
		if (rc)
			return rc;
	} else {
		if (cpu != 0)
			return kprof_cli_usage(argv[0], "--cpu needs --cpuid-file (live, kprof reads the "
			                                "processor it runs on)");
		if (kprof_cpuid_snapshot_live(&snap) != KPROF_OK) {
			kprof_cli_error("info: no cpuid on this build or processor; use --cpuid-file");
			return KPROF_CLI_EXIT_FAILURE;
		}
	}
	kprof_cli_view_fill(&view, &snap, hal32);
	if (json)
		print_json(&view);
	else
		print_text(&view);
	return 0;
}
