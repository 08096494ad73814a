/* kprof command: the processor a command describes (live or from a dump) and what the HAL
 * would make of it. Every fact comes from kprof.h; this file only gathers them. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

int kprof_cli_snapshot_file(const char *path, uint32_t cpu, kprof_cpuid_snapshot *out)
{
	kprof_cli_dump d;
	int rc = kprof_cli_dump_load(path, &d);
	if (!rc)
		rc = kprof_cli_dump_snapshot(&d, cpu, out);
	kprof_cli_dump_free(&d);
	return rc;
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

void kprof_cli_view_fill(kprof_cli_view *v, const kprof_cpuid_snapshot *snap, int hal32)
{
	const kprof_hal_decision *d = &v->decision;
	uint32_t leaf1_ecx, leaf1_edx;
	memset(v, 0, sizeof *v);
	v->snap = *snap;
	v->hal32 = hal32;
	/* Always fills the decision (Default for an empty snapshot); hal is one of the two. */
	(void)kprof_hal_decide(snap, hal32 ? KPROF_HAL_X86 : KPROF_HAL_X64, &v->decision);
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

/* The live processor's view, read once per run. NULL without cpuid. */
static const kprof_cli_view *live_view(void)
{
	static kprof_cli_view v;
	static int state; /* 0 not read, 1 read, -1 no cpuid */
	if (state == 0) {
		kprof_cpuid_snapshot snap;
		state = -1;
		if (kprof_cpuid_snapshot_live(&snap) == KPROF_OK) {
			kprof_cli_view_fill(&v, &snap, 0);
			state = 1;
		}
	}
	return state > 0 ? &v : NULL;
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
