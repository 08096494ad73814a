/* kprof command: the processor a command describes (live or from a dump) and what the HAL
 * would make of it. Every fact comes from kprof.h; this file only gathers them. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

int kprof_cli_snapshot_file(const char *path, uint32_t cpu, kprof_cpuid_snapshot *out)
{
	char *text;
	size_t len;
	kprof_dump_error err;
	kprof_status st;
	int rc = kprof_cli_read_file(path, &text, &len);
	if (rc)
		return rc;
	memset(&err, 0, sizeof err);
	st = kprof_dump_snapshot(text, len, cpu, out, &err);
	free(text);
	if (st == KPROF_OK)
		return 0;
	if (st == KPROF_E_NOT_FOUND)
		return kprof_cli_error("%s: no CPU block %lu (the dump has %lu, numbered from 0)", path,
		                       (unsigned long)cpu, (unsigned long)err.cpus);
	if (st == KPROF_E_DUPLICATE)
		return kprof_cli_error("%s:%lu: leaf repeated in CPU block %lu with different values",
		                       path, (unsigned long)err.line,
		                       (unsigned long)(err.cpus ? err.cpus - 1 : 0));
	if (err.line == 0)
		return kprof_cli_error("%s: empty: not a cpuid dump", path);
	if (err.records == 0 && err.format == KPROF_DUMP_FORMAT_UNKNOWN)
		return kprof_cli_error("%s:%lu: not a cpuid dump (expected `cpuid -r` output or "
		                       "AIDA64/InstLatx64 text) (%s)",
		                       path, (unsigned long)err.line, kprof_status_name(st));
	return kprof_cli_error("%s:%lu: malformed or truncated %s line (%s)", path,
	                       (unsigned long)err.line, kprof_dump_format_name(err.format),
	                       kprof_status_name(st));
}

/* Bytes of a signature up to its trailing NULs. */
static size_t signature_len(const char *sig, size_t n)
{
	while (n > 0 && sig[n - 1] == 0)
		n--;
	return n;
}

/* The shipped cpuid 0x8000001C feature bits (eax enabled, edx supported), by the names the
 * JSON uses. */
static const struct {
	uint32_t mask;
	const char *name;
} lwp_features[] = {
        {KPROF_LWP_CPUID_FEATURES_AVAIL_MASK, "avail"}, {KPROF_LWP_CPUID_FEATURES_VAL_MASK, "val"},
        {KPROF_LWP_CPUID_FEATURES_IRE_MASK, "ire"},     {KPROF_LWP_CPUID_FEATURES_BRE_MASK, "bre"},
        {KPROF_LWP_CPUID_FEATURES_DME_MASK, "dme"},     {KPROF_LWP_CPUID_FEATURES_CNH_MASK, "cnh"},
        {KPROF_LWP_CPUID_FEATURES_RNH_MASK, "rnh"},     {KPROF_LWP_CPUID_FEATURES_CONT_MASK, "cont"},
        {KPROF_LWP_CPUID_FEATURES_PTSC_MASK, "ptsc"},   {KPROF_LWP_CPUID_FEATURES_INT_MASK, "int"},
};

static void fill_lwp(kprof_cli_view *v, const kprof_cpuid_snapshot *snap)
{
	uint32_t r[4];
	unsigned i;
	for (i = 0; i < 4; i++)
		r[i] = kprof_cpuid_snapshot_reg(snap, KPROF_CPUID_SLOT_LWP, i);
	v->lwp_version = kprof_lwp_cpuid_ecx_get_version(r[KPROF_ECX]);
	/* LwpCbSize counts quadwords; the JSON gives bytes. */
	v->lwp_cb_size = kprof_lwp_cpuid_ebx_get_cb_size(r[KPROF_EBX]) * 8u;
	v->lwp_event_size = kprof_lwp_cpuid_ebx_get_event_size(r[KPROF_EBX]);
	v->lwp_max_events = kprof_lwp_cpuid_ebx_get_max_events(r[KPROF_EBX]);
	v->lwp_event_offset = kprof_lwp_cpuid_ebx_get_event_offset(r[KPROF_EBX]);
	/* LwpMinBufferSize counts units of 32 records. */
	v->lwp_min_buffer_records = kprof_lwp_cpuid_ecx_get_min_buffer_size(r[KPROF_ECX]) * 32u;
	v->lwp_latency_max = kprof_lwp_cpuid_ecx_get_latency_max(r[KPROF_ECX]);
	v->lwp_data_address = kprof_lwp_cpuid_ecx_get_data_address(r[KPROF_ECX]) != 0;
	for (i = 0; i < KPROF_ARRAY_COUNT(lwp_features); i++) {
		if (r[KPROF_EDX] & lwp_features[i].mask)
			v->lwp_supported[v->lwp_supported_count++] = lwp_features[i].name;
		if (r[KPROF_EAX] & lwp_features[i].mask)
			v->lwp_enabled[v->lwp_enabled_count++] = lwp_features[i].name;
	}
}

void kprof_cli_view_fill(kprof_cli_view *v, const kprof_cpuid_snapshot *snap, uint32_t hal)
{
	const kprof_hal_decision *d = &v->decision;
	uint32_t leaf1_ecx, leaf1_edx;
	memset(v, 0, sizeof *v);
	v->snap = *snap;
	v->hal32 = (hal & KPROF_HAL_BUILD_MASK) == KPROF_HAL_X86;
	/* Always fills the decision (Default for an empty snapshot); the caller checked hal. */
	(void)kprof_hal_decide(snap, hal, &v->decision);
	v->vendor_len = strlen(d->vendor_string);
	memcpy(v->vendor, d->vendor_string, v->vendor_len);
	v->vendor_id = d->vendor;
	v->family = d->family;
	v->model = d->model;
	v->stepping = d->stepping;

	v->hypervisor = d->hv_present;
	if (v->hypervisor) {
		v->hv_vendor_known = d->hv_has_vendor;
		memcpy(v->hv_vendor, d->hv_vendor, 12);
		v->hv_vendor_len = d->hv_has_vendor ? signature_len(d->hv_vendor, 12) : 0;
		v->microsoft_compatible = d->hv_microsoft;
		v->performance_monitors_available = d->hv_perfmon;
	}

	v->perfmon = d->has_perfmon_leaf;
	v->pm_version = d->perfmon_version;
	v->pm_counters = d->perfmon_counters;
	v->pm_width = d->perfmon_width;
	v->pm_ebx_length = d->ebx_length;
	v->pm_ebx = d->ebx;

	v->iface = (kprof_interface)d->iface;
	v->reason = kprof_hal_reason_name(d->reason);
	if (!v->reason)
		v->reason = "unknown";

	v->lwp = kprof_cpuid_80000001_ecx_get_lwp(
	                 kprof_cpuid_snapshot_reg(snap, KPROF_CPUID_SLOT_EXT_FEATURES, KPROF_ECX)) != 0;
	if (v->lwp)
		fill_lwp(v, snap);

	leaf1_ecx = kprof_cpuid_snapshot_reg(snap, KPROF_CPUID_SLOT_FEATURES, KPROF_ECX);
	leaf1_edx = kprof_cpuid_snapshot_reg(snap, KPROF_CPUID_SLOT_FEATURES, KPROF_EDX);
	v->ds = kprof_cpuid_1_edx_get_ds(leaf1_edx) != 0;
	v->dtes64 = kprof_cpuid_1_ecx_get_dtes64(leaf1_ecx) != 0;
	v->ds_cpl = kprof_cpuid_1_ecx_get_ds_cpl(leaf1_ecx) != 0;
	v->pdcm = kprof_cpuid_1_ecx_get_pdcm(leaf1_ecx) != 0;
}

int kprof_cli_view_supported(const kprof_cli_view *v, const kprof_source *s)
{
	return kprof_hal_source_supported(&v->decision, s) != 0;
}

/* The live processor's view, read once per run (again only for another hal). NULL without
 * cpuid. */
static const kprof_cli_view *live_view_hal(uint32_t hal)
{
	static kprof_cli_view v;
	static int state; /* 0 not read, 1 read, -1 no cpuid */
	static uint32_t read_for;
	if (state == 0 || (state > 0 && read_for != hal)) {
		kprof_cpuid_snapshot snap;
		state = -1;
		if (kprof_cpuid_snapshot_live(&snap) == KPROF_OK) {
			kprof_cli_view_fill(&v, &snap, hal);
			read_for = hal;
			state = 1;
		}
	}
	return state > 0 ? &v : NULL;
}

static const kprof_cli_view *live_view(void)
{
	return live_view_hal(KPROF_HAL_X64);
}

int kprof_cli_live_status(const kprof_source *s, uint32_t hal)
{
	const kprof_cli_view *v = live_view_hal(hal);
	return v ? (int)kprof_hal_source_status(&v->decision, s) : KPROF_PRESENCE_ABSENT;
}

int kprof_cli_live_vendor(void)
{
	const kprof_cli_view *v = live_view();
	return v ? v->vendor_id : KPROF_VENDOR_UNKNOWN;
}

int kprof_cli_live_supported(const kprof_source *s)
{
	const kprof_cli_view *v = live_view();
	return v ? kprof_cli_view_supported(v, s) : 0;
}

int kprof_cli_perf_print(const char *cmd, const kprof_source *s)
{
	char raw[32];
	kprof_status st = kprof_source_perf_raw(s, raw, sizeof raw, NULL);
	if (st != KPROF_OK)
		return kprof_cli_usage(cmd, "%s: no perf raw event (%s)", kprof_source_name(s),
		                       kprof_status_name(st));
	kprof_cli_printf("%s\n", raw);
	return 0;
}
