/* kprof info: what the Windows HAL would make of a processor, live or from a dump. The
 * printers take the library's own results: kprof_hal_decision, kprof_lwp_caps, kprof_ds_caps. */
#include "cli.h"

#include <string.h>

/* Everything info prints, as the library computes it from one snapshot. */
typedef struct info_facts {
	kprof_hal_decision d;
	int lwp; /* cpuid 0x80000001 ecx LWP: the processor claims LWP (caps may still be odd) */
	kprof_lwp_caps lwp_caps;
	kprof_ds_caps ds;
} info_facts;

/* The cpuid 0x8000001C feature bits (eax enabled, edx supported) by their JSON names. The
 * masks are kprof.h's; the names are the command's JSON vocabulary (docs/schema/info.json). */
static const struct {
	uint32_t mask;
	const char *name;
} lwp_features[] = {
        {KPROF_LWP_CPUID_FEATURES_AVAIL_MASK, "avail"},
        {KPROF_LWP_CPUID_FEATURES_VAL_MASK, "val"},
        {KPROF_LWP_CPUID_FEATURES_IRE_MASK, "ire"},
        {KPROF_LWP_CPUID_FEATURES_BRE_MASK, "bre"},
        {KPROF_LWP_CPUID_FEATURES_DME_MASK, "dme"},
        {KPROF_LWP_CPUID_FEATURES_CNH_MASK, "cnh"},
        {KPROF_LWP_CPUID_FEATURES_RNH_MASK, "rnh"},
        {KPROF_LWP_CPUID_FEATURES_CONT_MASK, "cont"},
        {KPROF_LWP_CPUID_FEATURES_PTSC_MASK, "ptsc"},
        {KPROF_LWP_CPUID_FEATURES_INT_MASK, "int"},
};

static void facts_fill(info_facts *f, const kprof_cpuid_snapshot *snap, uint32_t hal)
{
	uint32_t ext[4];
	memset(f, 0, sizeof *f);
	/* Always fills the decision (Default for an empty snapshot). */
	(void)kprof_hal_decision_get(snap, hal, &f->d);
	(void)kprof_cpuid_snapshot_get(snap, KPROF_CPUID_SLOT_EXT_FEATURES, ext); /* zeroed when missing */
	f->lwp = KPROF_FIELD_GET(KPROF_CPUID_80000001_ECX_LWP, ext[KPROF_CPUID_REG_ECX]) != 0;
	/* Filled whatever the verdict: a processor that claims LWP with odd caps is shown as is. */
	(void)kprof_lwp_caps_get(snap, KPROF_LWP_REVISION_NONE, &f->lwp_caps);
	(void)kprof_ds_caps_get(snap, NULL, NULL, &f->ds);
}

/* A vendor string or hypervisor signature (12 bytes from cpuid) without its trailing NULs: a
 * NUL inside stays, and is printed escaped. */
static size_t signature_len(const char *sig)
{
	size_t n = 12;
	while (n > 0 && sig[n - 1] == 0)
		n--;
	return n;
}

static const char *reason(const kprof_hal_decision *d)
{
	const char *r = kprof_hal_reason_name(d->reason);
	return r ? r : "unknown";
}

/* LWP's minimum ring, in records (LwpMinBufferSize counts units of 32 records). */
static unsigned lwp_min_records(const kprof_lwp_caps *c)
{
	return KPROF_FIELD_GET(KPROF_LWP_CPUID_ECX_MIN_BUFFER_SIZE, c->raw[KPROF_CPUID_REG_ECX]) *
	       KPROF_LWP_MIN_BUFFER_UNIT;
}

static void lwp_names(uint32_t reg, int json)
{
	unsigned i, n = 0;
	for (i = 0; i < KPROF_CLI_COUNT(lwp_features); i++) {
		if (!(reg & lwp_features[i].mask))
			continue;
		if (json) {
			kprof_cli_puts(n ? ", " : "");
			kprof_cli_json_string(lwp_features[i].name);
		} else {
			kprof_cli_printf("%s%s", n ? " " : "", lwp_features[i].name);
		}
		n++;
	}
	if (!json && !n)
		kprof_cli_puts("none");
}

/* The processor class of the counts verdicts (KPROF_COUNTS_CLASS_NONE without leaf 1). */
static unsigned counts_class(const kprof_hal_decision *d)
{
	if (!d->has_leaf1)
		return KPROF_COUNTS_CLASS_NONE;
	return kprof_counts_class_by_signature(d->vendor_string, d->family, d->model, d->stepping);
}

static void print_json(const info_facts *f)
{
	const kprof_hal_decision *d = &f->d;
	const kprof_lwp_caps *l = &f->lwp_caps;
	size_t n, i;
	const kprof_source *rows;
	kprof_cli_counts_summary sum = {{0}, 0};
	kprof_cli_puts("{\n  \"vendor\": ");
	kprof_cli_json_bytes(d->vendor_string, signature_len(d->vendor_string));
	kprof_cli_printf(",\n  \"family\": %u, \"model\": %u, \"stepping\": %u,\n",
	                 (unsigned)d->family, (unsigned)d->model, (unsigned)d->stepping);
	kprof_cli_puts("  \"hypervisor\": ");
	if (!d->hv_present) {
		kprof_cli_puts("null");
	} else {
		kprof_cli_puts("{\"vendor\": ");
		if (d->hv_has_vendor)
			kprof_cli_json_bytes(d->hv_vendor, signature_len(d->hv_vendor));
		else
			kprof_cli_puts("null");
		kprof_cli_printf(", \"microsoft_compatible\": %s, "
		                 "\"performance_monitors_available\": %s}",
		                 kprof_cli_json_bool(d->hv_microsoft),
		                 kprof_cli_json_bool(d->hv_perfmon));
	}
	kprof_cli_printf(",\n  \"hal\": \"%s\", \"interface\": \"%s\", \"reason\": ",
	                 kprof_hal_build_name(d->hal),
	                 kprof_cli_interface_name((unsigned)d->table));
	kprof_cli_json_string(reason(d));
	kprof_cli_puts(",\n  \"perfmon\": ");
	/* leaf 0x0A is reserved on AMD: its zeros are no facts (the "pmu" object has AMD's) */
	if (!d->has_perfmon_leaf || d->vendor == KPROF_CPUID_VENDOR_AMD)
		kprof_cli_puts("null");
	else
		kprof_cli_printf("{\"version\": %u, \"counters\": %u, \"width\": %u, "
		                 "\"ebx_length\": %u, \"ebx\": %lu}",
		                 d->perfmon_version, d->perfmon_counters, d->perfmon_width,
		                 d->ebx_length, (unsigned long)d->ebx);
	kprof_cli_pmu_json(d);
	kprof_cli_printf(",\n  \"windows\": \"%s\", \"uncertain\": ",
	                 kprof_hal_release_name_get(kprof_hal_release_by_id(d->release)));
	kprof_cli_uncertain_print(d->uncertain, 1);
	kprof_cli_puts(",\n  \"sources\": [");
	rows = kprof_source_rows_by_table((kprof_source_table)d->table, &n);
	for (i = 0; i < n; i++) {
		kprof_counts_entry c;
		int supported = kprof_cli_supported(d, &rows[i]);
		kprof_counts_entry_get(d, &rows[i], &c);
		if (supported)
			kprof_cli_counts_summary_add(&sum, &c);
		kprof_cli_puts(i ? ",\n    " : "\n    ");
		kprof_cli_source_json(d, &rows[i], supported, &c);
	}
	/* The later Intel sources the release may list (none for the default release). */
	rows = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_INTEL_LATER, &n);
	for (i = 0; i < n; i++)
		if (kprof_cli_presence(d, &rows[i]) != KPROF_HAL_PRESENCE_ABSENT) {
			kprof_cli_puts(",\n    ");
			kprof_cli_source_json(d, &rows[i], (int)kprof_cli_presence(d, &rows[i]), NULL);
		}
	kprof_cli_puts("\n  ],\n  ");
	kprof_cli_counts_summary_json(&sum, counts_class(d));
	kprof_cli_puts(",\n  \"lwp\": ");
	if (!f->lwp) {
		kprof_cli_puts("null");
	} else {
		kprof_cli_printf("{\"version\": %u, \"cb_size\": %u, \"event_size\": %u, "
		                 "\"max_events\": %u, \"event_offset\": %u, "
		                 "\"min_buffer_records\": %u,\n    \"supported\": [",
		                 l->version, l->lwpcb_size, l->event_size, l->max_events,
		                 l->event_offset, lwp_min_records(l));
		lwp_names(l->raw[KPROF_CPUID_REG_EDX], 1);
		kprof_cli_puts("], \"enabled\": [");
		lwp_names(l->raw[KPROF_CPUID_REG_EAX], 1);
		kprof_cli_printf("],\n    \"latency_max\": %u, \"data_address\": %s}",
		                 l->latency_bits, kprof_cli_json_bool(l->data_address));
	}
	kprof_cli_printf(",\n  \"ds\": {\"ds\": %s, \"dtes64\": %s, \"ds_cpl\": %s, \"pdcm\": %s}",
	                 kprof_cli_json_bool(f->ds.ds), kprof_cli_json_bool(f->ds.dtes64),
	                 kprof_cli_json_bool(f->ds.ds_cpl), kprof_cli_json_bool(f->ds.pdcm));
}

static const char *yes_no(int f)
{
	return f ? "yes" : "no";
}

static void print_text(const info_facts *f)
{
	const kprof_hal_decision *d = &f->d;
	const kprof_lwp_caps *l = &f->lwp_caps;
	size_t n, i;
	const kprof_source *rows;
	kprof_cli_counts_summary sum = {{0}, 0};
	kprof_counts_entry c[256];
	const kprof_source *src[256];
	size_t offered;
	kprof_cli_puts("vendor      ");
	kprof_cli_text_bytes(d->vendor_string, signature_len(d->vendor_string));
	kprof_cli_printf("\nprocessor   family 0x%X, model 0x%X, stepping 0x%X\n",
	                 (unsigned)d->family, (unsigned)d->model, (unsigned)d->stepping);
	kprof_cli_puts("hypervisor  ");
	if (!d->hv_present) {
		kprof_cli_puts("none\n");
	} else {
		if (d->hv_has_vendor) {
			kprof_cli_puts("\"");
			kprof_cli_text_bytes(d->hv_vendor, signature_len(d->hv_vendor));
			kprof_cli_puts("\"");
		} else {
			kprof_cli_puts("present (no leaf 0x40000000)");
		}
		kprof_cli_printf(", Microsoft-compatible %s, PerformanceMonitorsAvailable %s\n",
		                 yes_no(d->hv_microsoft), yes_no(d->hv_perfmon));
	}
	kprof_cli_puts("windows     ");
	kprof_cli_release_print(d);
	kprof_cli_puts("\n");
	kprof_cli_printf("interface   %s (%s HAL): %s\n",
	                 kprof_cli_interface_name((unsigned)d->table),
	                 d->hal == KPROF_HAL_BUILD_X86 ? "32-bit" : "64-bit", reason(d));
	if (d->uncertain) {
		kprof_cli_puts("uncertain   ");
		kprof_cli_uncertain_print(d->uncertain, 0);
		kprof_cli_puts("\n");
	}
	if (d->vendor == KPROF_CPUID_VENDOR_AMD)
		; /* leaf 0x0A is reserved on AMD: the counters lines say what AMD has */
	else if (!d->has_perfmon_leaf)
		kprof_cli_puts("perfmon     none (no cpuid leaf 0x0A)\n");
	else
		kprof_cli_printf("perfmon     version %u, %u counters, %u bits wide, ebx length %u, "
		                 "ebx 0x%08lX\n",
		                 d->perfmon_version, d->perfmon_counters, d->perfmon_width,
		                 d->ebx_length, (unsigned long)d->ebx);
	kprof_cli_pmu_text(d);
	kprof_cli_puts("lwp         ");
	if (!f->lwp) {
		kprof_cli_puts("none\n");
	} else {
		kprof_cli_printf(
		        "version %u, LWPCB %u bytes, %u-byte records, %u events, event "
		        "offset %u,\n            buffer at least %u records, latency max %u, "
		        "data address %s\n            supported: ",
		        l->version, l->lwpcb_size, l->event_size, l->max_events, l->event_offset,
		        lwp_min_records(l), l->latency_bits, yes_no(l->data_address));
		lwp_names(l->raw[KPROF_CPUID_REG_EDX], 0);
		kprof_cli_puts("\n            enabled:   ");
		lwp_names(l->raw[KPROF_CPUID_REG_EAX], 0);
		kprof_cli_puts("\n");
	}
	/* DTES64, DS-CPL and PDCM as cpuid reports them; without DS, say so first. */
	kprof_cli_printf(f->ds.ds ? "ds          DS yes, DTES64 %s, DS-CPL %s, PDCM %s\n"
	                          : "ds          DS no (no BTS, no PEBS); cpuid still reports DTES64 %s, "
	                            "DS-CPL %s, PDCM %s\n",
	                 yes_no(f->ds.dtes64), yes_no(f->ds.ds_cpl), yes_no(f->ds.pdcm));
	rows = kprof_source_rows_by_table((kprof_source_table)d->table, &n);
	for (i = 0; i < n && i < KPROF_CLI_COUNT(c); i++) {
		kprof_counts_entry_get(d, &rows[i], &c[i]);
		if (kprof_cli_supported(d, &rows[i]))
			kprof_cli_counts_summary_add(&sum, &c[i]);
	}
	kprof_cli_counts_summary_text(&sum, counts_class(d), "the HAL supports");
	kprof_cli_printf("\nsources of the %s interface:\n",
	                 kprof_cli_interface_name((unsigned)d->table));
	kprof_cli_source_header(0, 1);
	for (i = 0, offered = 0; i < n && i < KPROF_CLI_COUNT(c); i++) {
		kprof_cli_source_row(d, &rows[i], 0, kprof_cli_supported(d, &rows[i]), &c[i]);
		if (kprof_cli_supported(d, &rows[i])) {
			src[offered] = &rows[i];
			c[offered++] = c[i]; /* i >= offered: the row's own verdict is used first */
		}
	}
	rows = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_INTEL_LATER, &n);
	for (i = 0; i < n; i++)
		if (kprof_cli_presence(d, &rows[i]) != KPROF_HAL_PRESENCE_ABSENT)
			kprof_cli_source_row(d, &rows[i], 0, (int)kprof_cli_presence(d, &rows[i]), NULL);
	kprof_cli_puts("\n");
	kprof_cli_counts_nothing_text(d, src, c, offered);
}

int kprof_cmd_info(const kprof_cli_args *a)
{
	const kprof_cli_value *file = kprof_cli_opt(a, KPROF_CLI_OPT_CPUID_FILE);
	const kprof_cli_value *cpu = kprof_cli_opt(a, KPROF_CLI_OPT_CPU);
	const kprof_cli_value *hal = kprof_cli_opt(a, KPROF_CLI_OPT_HAL);
	const kprof_cli_value *win = kprof_cli_opt(a, KPROF_CLI_OPT_WINDOWS);
	const kprof_cli_value *all = kprof_cli_opt(a, KPROF_CLI_OPT_ALL);
	uint32_t build = hal->set ? (uint32_t)hal->num : KPROF_HAL_BUILD_X64, release = 0;
	int win_all = win->set && kprof_cli_word_eq(win->text, "all");
	kprof_cpuid_snapshot snap;
	kprof_cli_groups groups;
	info_facts f;
	int rc, json = kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set;
	if (win->set && !win_all && kprof_cli_windows_parse(a->cmd, win->text, &release) != 0)
		return KPROF_CLI_EXIT_USAGE;
	rc = kprof_cli_hal_check(a->cmd, build | KPROF_HAL_RELEASE(release));
	if (rc)
		return rc;
	if (file->set && all->set)
		return kprof_cli_usage(a->cmd,
		                       "--all reads this machine: not with --cpuid-file");
	if (!file->set && !all->set && cpu->set && cpu->num != 0)
		return kprof_cli_usage(a->cmd,
		                       "--cpu needs --cpuid-file or --all (live, kprof "
		                       "reads the processor it runs on)");
	rc = kprof_cli_info_source(file->set ? file->text : NULL, all->set, (uint32_t)cpu->num,
	                           &snap, &groups);
	if (rc)
		return rc;
	if (win_all) {
		rc = kprof_cli_windows_all(&snap, json);
		kprof_cli_groups_free(&groups);
		return rc;
	}
	facts_fill(&f, &snap, build | KPROF_HAL_RELEASE(release));
	if (json)
		print_json(&f);
	else
		print_text(&f);
	kprof_cli_groups_print(&groups, build, json);
	if (json)
		kprof_cli_puts("\n}\n");
	kprof_cli_groups_free(&groups);
	return 0;
}
