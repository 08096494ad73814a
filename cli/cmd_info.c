/* kprof info: what the Windows HAL would make of a processor, live or from a dump. The
 * printers take the library's own results: kprof_hal_decision, kprof_lwp_caps, kprof_ds_caps. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

/* Everything info prints, as the library computes it from one snapshot. */
typedef struct info_facts {
	kprof_hal_decision d;
	char brand[KPROF_CPUID_BRAND_SIZE]; /* "" without leaves 0x80000002-4 */
	const kprof_cpuid_uarch *uarch;     /* NULL: a model kprof does not know */
	const kprof_cli_input *in;
	int release_default;  /* no --windows: the release kprof chose */
	int hal_default;      /* no --hal: the HAL kprof chose */
	int no_long_mode;     /* the input says the processor has no long mode (not just no leaf) */
	kprof_cli_counts_summary sum; /* every source the HAL offers, later Intel ones too */
	unsigned offered_lo, offered_hi; /* sources offered: surely, at most (unknown later ones) */
	int lwp; /* cpuid 0x80000001 ecx LWP: the processor claims LWP (caps may still be odd) */
	kprof_lwp_caps lwp_caps;
	kprof_ds_caps ds;
	kprof_ibs_caps ibs;
} info_facts;

/* A feature bit by its JSON name. The masks are kprof.h's; the names are the command's JSON
 * vocabulary (docs/schema/info.json). */
typedef struct feature_name {
	uint32_t mask;
	const char *name;
} feature_name;

/* The cpuid 0x8000001C feature bits (eax enabled, edx supported). */
static const feature_name lwp_features[] = {
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

/* The cpuid 0x8000001B eax bits (IBS capabilities). */
static const feature_name ibs_features[] = {
        {KPROF_CPUID_8000001B_EAX_FETCH_SAMPLING_MASK, "fetch_sampling"},
        {KPROF_CPUID_8000001B_EAX_OP_SAMPLING_MASK, "op_sampling"},
        {KPROF_CPUID_8000001B_EAX_RDWR_OP_COUNT_MASK, "rdwr_op_count"},
        {KPROF_CPUID_8000001B_EAX_OP_COUNT_MASK, "op_count"},
        {KPROF_CPUID_8000001B_EAX_BRANCH_TARGET_MASK, "branch_target"},
        {KPROF_CPUID_8000001B_EAX_OP_COUNT_EXT_MASK, "op_count_ext"},
        {KPROF_CPUID_8000001B_EAX_RIP_INVALID_CHECK_MASK, "rip_invalid_check"},
        {KPROF_CPUID_8000001B_EAX_OP_BRANCH_FUSE_MASK, "op_branch_fuse"},
        {KPROF_CPUID_8000001B_EAX_FETCH_CTL_EXTD_MASK, "fetch_ctl_extd"},
        {KPROF_CPUID_8000001B_EAX_OP_DATA4_MASK, "op_data4"},
        {KPROF_CPUID_8000001B_EAX_ZEN4_MASK, "zen4"},
        {KPROF_CPUID_8000001B_EAX_OP_LOAD_LATENCY_MASK, "op_load_latency"},
        {KPROF_CPUID_8000001B_EAX_DISABLE_MASK, "disable"},
        {KPROF_CPUID_8000001B_EAX_FETCH_LATENCY_MASK, "fetch_latency"},
        {KPROF_CPUID_8000001B_EAX_BIT63_FILTER_MASK, "bit63_filter"},
        {KPROF_CPUID_8000001B_EAX_STREAMING_STORE_REMOTE_SOCKET_MASK, "streaming_store_remote_socket"},
        {KPROF_CPUID_8000001B_EAX_OP_DTLB_PAGE_SIZE_MASK, "op_dtlb_page_size"},
};
/* The sources the decided HAL offers, of its table and the later Intel ones, with their
 * verdicts: the one count the verdict, the summary and the table all give. */
static void sources_count(info_facts *f)
{
	unsigned t;
	for (t = 0; t < KPROF_SOURCE_TABLE_COUNT; t++) {
		size_t n, i;
		const kprof_source *rows = kprof_source_rows_by_table((kprof_source_table)t, &n);
		for (i = 0; i < n; i++) {
			kprof_hal_presence p = kprof_cli_presence(&f->d, &rows[i]);
			kprof_counts_entry c;
			if (p == KPROF_HAL_PRESENCE_ABSENT)
				continue;
			f->offered_hi++;
			if (p != KPROF_HAL_PRESENCE_PRESENT)
				continue;
			f->offered_lo++;
			kprof_counts_entry_get(&f->d, &rows[i], &c);
			kprof_cli_counts_summary_add(&f->sum, &c);
		}
	}
}

static void facts_fill(info_facts *f, const kprof_cpuid_snapshot *snap, uint32_t hal)
{
	uint32_t ext[4];
	memset(f, 0, sizeof *f);
	/* Always fills the decision (Default for an empty snapshot). */
	(void)kprof_cli_decide(snap, hal, &f->d);
	(void)kprof_cpuid_snapshot_get(snap, KPROF_CPUID_SLOT_EXT_FEATURES, ext); /* zeroed when missing */
	f->lwp = KPROF_FIELD_GET(KPROF_CPUID_80000001_ECX_LWP, ext[KPROF_CPUID_REG_ECX]) != 0;
	/* Filled whatever the verdict: a processor that claims LWP with odd caps is shown as is. */
	(void)kprof_lwp_caps_get(snap, KPROF_LWP_REVISION_NONE, &f->lwp_caps);
	(void)kprof_ds_caps_get(snap, NULL, NULL, &f->ds);
	(void)kprof_ibs_caps_get(snap, &f->ibs);
	(void)kprof_cpuid_brand_get(snap, f->brand, sizeof f->brand, NULL); /* "" when missing */
	f->uarch = kprof_cpuid_uarch_by_snapshot(snap);
	sources_count(f);
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

/* The names of the bits set in reg: a JSON list's items, or words ("none" for no bit). */
static void feature_names(const feature_name *table, unsigned count, uint32_t reg, int json)
{
	unsigned i, n = 0;
	for (i = 0; i < count; i++) {
		if (!(reg & table[i].mask))
			continue;
		if (json) {
			kprof_cli_puts(n ? ", " : "");
			kprof_cli_json_string(table[i].name);
		} else {
			kprof_cli_printf("%s%s", n ? " " : "", table[i].name);
		}
		n++;
	}
	if (!json && !n)
		kprof_cli_puts("none");
}

static void lwp_names(uint32_t reg, int json)
{
	feature_names(lwp_features, KPROF_CLI_COUNT(lwp_features), reg, json);
}

static void ibs_names(uint32_t reg, int json)
{
	feature_names(ibs_features, KPROF_CLI_COUNT(ibs_features), reg, json);
}

/* The processor class of the counts verdicts (KPROF_COUNTS_CLASS_NONE without leaf 1). */
static unsigned counts_class(const kprof_hal_decision *d)
{
	const kprof_counts_class_info *c =
	        d->has_leaf1 ? kprof_counts_class_by_signature(d->vendor_string, d->family, d->model, d->stepping) : NULL;
	return c ? (unsigned)c->id : (unsigned)KPROF_COUNTS_CLASS_NONE;
}

/* "1 source", "2 sources". */
static const char *plural(unsigned n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* What the processor is called: "Meteor Lake (hybrid: Redwood Cove + Crestmont)", or the
 * row's name with its core when that says more ("Cascade Lake (Skylake core)"). */
static void uarch_text(const kprof_cpuid_uarch *u, char *out, size_t cap)
{
	const char *name = kprof_cpuid_uarch_name_get(u);
	const kprof_cpuid_core *core = kprof_cpuid_core_by_id((kprof_cpuid_core_id)u->core);
	const kprof_cpuid_core *atom = kprof_cpuid_core_by_id((kprof_cpuid_core_id)u->atom);
	const char *cn = core ? kprof_cpuid_core_name_get(core) : NULL;
	if (cn && atom)
		snprintf(out, cap, "%s (hybrid: %s + %s)", name, cn, kprof_cpuid_core_name_get(atom));
	else if (cn && !strstr(name, cn))
		snprintf(out, cap, "%s (%s core)", name, cn);
	else
		snprintf(out, cap, "%s", name);
}

/* The verdict in one sentence: which interface, why, how many sources, what they count. */
static void verdict_text(const info_facts *f, char *out, size_t cap)
{
	static const char *const said[KPROF_COUNTS_VERDICT_COUNT][2] = {
	        /* [verdict] = {one, many}; kprof_counts_verdict order */
	        [KPROF_COUNTS_VERDICT_UNKNOWN] = {"is not known", "are not known"},
	        [KPROF_COUNTS_VERDICT_SAME] = {"counts what its name says", "count what their names say"},
	        [KPROF_COUNTS_VERDICT_DIFFERENT] = {"counts something else", "count something else"},
	        [KPROF_COUNTS_VERDICT_PARTIAL] = {"counts part of it", "count part of it"},
	        [KPROF_COUNTS_VERDICT_ABSENT] = {"counts nothing here", "count nothing here"},
	};
	static const unsigned order[] = {KPROF_COUNTS_VERDICT_SAME, KPROF_COUNTS_VERDICT_DIFFERENT,
	                                 KPROF_COUNTS_VERDICT_PARTIAL, KPROF_COUNTS_VERDICT_ABSENT,
	                                 KPROF_COUNTS_VERDICT_UNKNOWN};
	const kprof_hal_decision *d = &f->d;
	size_t len;
	unsigned i, parts = 0;
	if (d->table == KPROF_SOURCE_TABLE_DEFAULT) {
		/* Rule 1's Intel reasons say the processor has no architectural perfmon; under a
		 * hypervisor it is the hypervisor that exposes none. */
		int hidden = d->hv_present && d->hv_has_vendor && d->vendor == KPROF_CPUID_VENDOR_INTEL &&
		             (d->reason == KPROF_HAL_REASON_MAX_LEAF_BELOW_0A ||
		              d->reason == KPROF_HAL_REASON_PERFMON_VERSION_0 ||
		              d->reason == KPROF_HAL_REASON_EBX_LENGTH_0 ||
		              d->reason == KPROF_HAL_REASON_CORE_CYCLES_UNAVAILABLE);
		snprintf(out, cap, "Windows would offer only the timer here: %s%s%s",
		         hidden ? "the hypervisor exposes no architectural performance monitoring ("
		                : "",
		         reason(d), hidden ? ")" : "");
		return;
	}
	if (f->offered_lo == f->offered_hi)
		snprintf(out, cap, "Windows would use the %s interface (%s) and offer %u %s",
		         kprof_cli_interface_name((unsigned)d->table), reason(d), f->offered_lo,
		         plural(f->offered_lo, "source", "sources"));
	else
		snprintf(out, cap, "Windows would use the %s interface (%s) and offer %u to %u sources "
		         "(how many later ones this release lists is not public)",
		         kprof_cli_interface_name((unsigned)d->table), reason(d), f->offered_lo,
		         f->offered_hi);
	len = strlen(out);
	if (f->sum.n[KPROF_COUNTS_VERDICT_UNKNOWN] == f->sum.total) {
		snprintf(out + len, cap - len, "; what they count on this processor is not known");
		return;
	}
	for (i = 0; i < KPROF_CLI_COUNT(order) && len < cap; i++) {
		unsigned n = f->sum.n[order[i]];
		if (!n)
			continue;
		snprintf(out + len, cap - len, "%s%u %s", parts++ ? ", " : ": ", n,
		         said[order[i]][n != 1]);
		len += strlen(out + len);
	}
}

/* "this machine, CPU 2" / "FILE, CPU block 3 of 18 (CPU 5)": where the leaves came from. */
static void input_text(const kprof_cli_input *in, char *out, size_t cap)
{
	char id[48] = "";
	if (in->cpu_id != KPROF_DUMP_NO_CPU_ID)
		snprintf(id, sizeof id, " (CPU %lu)", (unsigned long)in->cpu_id);
	if (!in->file && !in->all)
		snprintf(out, cap, "this machine, CPU %lu%s", (unsigned long)in->cpu_id,
		         in->cpu_id ? " (CPU 0, the boot processor, is outside this process's "
		                      "affinity mask)"
		                    : "");
	else if (!in->file)
		snprintf(out, cap, "this machine, every CPU this process may run on: block %lu of %lu%s",
		         (unsigned long)in->cpu, (unsigned long)in->blocks, id);
	else
		snprintf(out, cap, "%s, CPU block %lu of %lu%s",
		         kprof_cli_file_label(in->block_file[0] ? in->block_file : in->file),
		         (unsigned long)in->cpu, (unsigned long)in->blocks, id);
}

/* The first screen's processor, input, release and verdict lines. */
static void first_screen_text(const info_facts *f)
{
	const kprof_hal_decision *d = &f->d;
	const kprof_hal_release *r = kprof_hal_release_by_id(d->release);
	char line[1024];
	kprof_cli_puts("processor   ");
	if (f->brand[0])
		kprof_cli_text_bytes(f->brand, strlen(f->brand));
	else
		kprof_cli_puts("(no brand string: cpuid leaves 0x80000002-4 missing)");
	kprof_cli_puts("\n            ");
	kprof_cli_text_bytes(d->vendor_string, signature_len(d->vendor_string));
	if (!d->has_leaf1) {
		kprof_cli_puts(", no cpuid leaf 1: family, model and stepping unknown\n");
	} else {
		kprof_cli_printf(" family %u (0x%X), model %u (0x%X), stepping %u (0x%X): ",
		                 (unsigned)d->family, (unsigned)d->family, (unsigned)d->model,
		                 (unsigned)d->model, (unsigned)d->stepping, (unsigned)d->stepping);
		if (f->uarch) {
			uarch_text(f->uarch, line, sizeof line);
			kprof_cli_printf("%s\n", line);
		} else {
			kprof_cli_puts("unknown model (kprof's table, docs/uarch.md, has no row for it)\n");
		}
	}
	input_text(f->in, line, sizeof line);
	kprof_cli_printf("input       %s\n", line);
	kprof_cli_puts("windows     ");
	kprof_cli_release_print(d);
	if (f->release_default && r)
		kprof_cli_printf(": the newest %s kprof models", f->hal_default && d->hal == KPROF_HAL_BUILD_X86
		                                                   ? "release with a 32-bit HAL"
		                                                   : "release");
	kprof_cli_puts("\n            another: --windows RELEASE (10, 11: the newest of that Windows; "
	               "11-21h2: that release; all: every release)\n");
	if (f->no_long_mode && f->hal_default && d->hal == KPROF_HAL_BUILD_X86)
		kprof_cli_puts("            no long mode (cpuid 0x80000001 edx[29]): no 64-bit Windows "
		               "runs here, so the 32-bit HAL (--hal x64 asks anyway)\n");
	else if (f->no_long_mode && d->hal == KPROF_HAL_BUILD_X64)
		kprof_cli_puts("            warning: no long mode (cpuid 0x80000001 edx[29]): no 64-bit "
		               "Windows runs on this processor\n");
	verdict_text(f, line, sizeof line);
	kprof_cli_puts("verdict     ");
	/* One line: the output layer folds it to the terminal under its label (cli/util.h). */
	kprof_cli_puts(line);
	kprof_cli_puts(".\n\n");
}

static void print_json(const info_facts *f)
{
	const kprof_hal_decision *d = &f->d;
	const kprof_lwp_caps *l = &f->lwp_caps;
	size_t n, i;
	const kprof_source *rows;
	char line[1024];
	kprof_cli_puts("{\n  \"brand\": ");
	if (f->brand[0])
		kprof_cli_json_bytes(f->brand, strlen(f->brand));
	else
		kprof_cli_puts("null");
	kprof_cli_puts(", \"uarch\": ");
	if (f->uarch) {
		const kprof_cpuid_core *core = kprof_cpuid_core_by_id((kprof_cpuid_core_id)f->uarch->core);
		const kprof_cpuid_core *atom = kprof_cpuid_core_by_id((kprof_cpuid_core_id)f->uarch->atom);
		kprof_cli_puts("{\"name\": ");
		kprof_cli_json_string(kprof_cpuid_uarch_name_get(f->uarch));
		kprof_cli_puts(", \"core\": ");
		kprof_cli_json_string(core ? kprof_cpuid_core_name_get(core) : NULL);
		kprof_cli_puts(", \"atom\": ");
		kprof_cli_json_string(atom ? kprof_cpuid_core_name_get(atom) : NULL);
		kprof_cli_puts("}");
	} else {
		kprof_cli_puts("null");
	}
	kprof_cli_puts(",\n  \"input\": {\"file\": ");
	kprof_cli_json_string(f->in->file ? (f->in->block_file[0] ? f->in->block_file : f->in->file) : NULL);
	kprof_cli_printf(", \"live\": %s, \"all\": %s, \"cpu_block\": %lu, \"blocks\": %lu, \"cpu\": ",
	                 kprof_cli_json_bool(!f->in->file), kprof_cli_json_bool(f->in->all),
	                 (unsigned long)f->in->cpu, (unsigned long)f->in->blocks);
	if (f->in->cpu_id == KPROF_DUMP_NO_CPU_ID)
		kprof_cli_puts("null}");
	else
		kprof_cli_printf("%lu}", (unsigned long)f->in->cpu_id);
	kprof_cli_printf(",\n  \"windows_default\": %s, \"hal_default\": %s, \"long_mode\": %s,\n  \"verdict\": ",
	                 kprof_cli_json_bool(f->release_default), kprof_cli_json_bool(f->hal_default),
	                 kprof_cli_json_bool(d->long_mode));
	verdict_text(f, line, sizeof line);
	kprof_cli_json_string(line);
	kprof_cli_printf(", \"sources_offered\": %u, \"sources_offered_max\": %u,\n  \"vendor\": ",
	                 f->offered_lo, f->offered_hi);
	kprof_cli_json_bytes(d->vendor_string, signature_len(d->vendor_string));
	kprof_cli_printf(",\n  \"family\": %u, \"model\": %u, \"stepping\": %u,\n",
	                 (unsigned)d->family, (unsigned)d->model, (unsigned)d->stepping);
	kprof_cli_puts("  \"hypervisor\": ");
	/* A leaf-1 hypervisor bit no hypervisor leaf answers is no hypervisor (as the text says). */
	if (!d->hv_present || !d->hv_has_vendor) {
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
		kprof_cli_puts(i ? ",\n    " : "\n    ");
		kprof_cli_source_json(d, &rows[i], supported, &c);
	}
	/* The later Intel sources the release may list (none for the default release). */
	rows = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_INTEL_LATER, &n);
	for (i = 0; i < n; i++)
		if (kprof_cli_presence(d, &rows[i]) != KPROF_HAL_PRESENCE_ABSENT) {
			kprof_counts_entry c;
			kprof_counts_entry_get(d, &rows[i], &c);
			kprof_cli_puts(",\n    ");
			kprof_cli_source_json(d, &rows[i], (int)kprof_cli_presence(d, &rows[i]), &c);
		}
	kprof_cli_puts("\n  ],\n  ");
	kprof_cli_counts_summary_json(&f->sum, counts_class(d));
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
	kprof_cli_puts(",\n  \"ibs\": ");
	if (!f->ibs.available) {
		kprof_cli_puts("null");
	} else {
		kprof_cli_printf("{\"from_cpuid\": %s, \"caps\": %lu, \"op_max_count_bits\": %u, "
		                 "\"features\": [",
		                 kprof_cli_json_bool(f->ibs.from_cpuid), (unsigned long)f->ibs.flags,
		                 f->ibs.op_max_count_bits);
		ibs_names(f->ibs.flags, 1);
		kprof_cli_puts("]}");
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
	kprof_counts_entry c[256];
	const kprof_source *src[256];
	size_t offered;
	first_screen_text(f);
	kprof_cli_puts("hypervisor  ");
	if (!d->hv_present) {
		kprof_cli_puts("none\n");
	} else if (!d->hv_has_vendor) {
		/* Every hypervisor that sets cpuid.1:ecx[31] answers leaf 0x40000000; processors
		 * older than the bit (2000-era VIA parts) leave leaf 1 ecx undefined. */
		kprof_cli_puts("none answers leaf 0x40000000 (cpuid.1:ecx[31] is set, which older "
		               "processors leave undefined)\n");
	} else {
		kprof_cli_puts("\"");
		kprof_cli_text_bytes(d->hv_vendor, signature_len(d->hv_vendor));
		kprof_cli_puts("\"");
		if (d->hv_microsoft)
			kprof_cli_printf(", Microsoft-compatible (Hv#1), PerformanceMonitorsAvailable %s\n",
			                 yes_no(d->hv_perfmon));
		else
			kprof_cli_puts(", not Microsoft-compatible: the HAL does not consult it\n");
	}
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
	else if (!d->perfmon_version)
		kprof_cli_puts("perfmon     none: leaf 0x0A says version 0 (no architectural performance "
		               "monitoring)\n");
	else
		kprof_cli_printf("perfmon     leaf 0x0A: version %u, %u counters, %u bits wide, ebx length %u, "
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
	kprof_cli_puts("ibs         ");
	if (!f->ibs.available) {
		kprof_cli_puts("none\n");
	} else {
		kprof_cli_printf("caps 0x%lX%s, op period %u bits\n            ", (unsigned long)f->ibs.flags,
		                 f->ibs.from_cpuid ? "" : " (leaf 0x8000001B not valid: Linux's default)",
		                 f->ibs.op_max_count_bits);
		ibs_names(f->ibs.flags, 0);
		kprof_cli_puts("\n");
	}
	/* DTES64, DS-CPL and PDCM as cpuid reports them; without DS, say so first. */
	kprof_cli_printf(f->ds.ds ? "ds          DS yes, DTES64 %s, DS-CPL %s, PDCM %s\n"
	                          : "ds          DS no (no BTS, no PEBS); cpuid still reports DTES64 %s, "
	                            "DS-CPL %s, PDCM %s\n",
	                 yes_no(f->ds.dtes64), yes_no(f->ds.ds_cpl), yes_no(f->ds.pdcm));
	rows = kprof_source_rows_by_table((kprof_source_table)d->table, &n);
	for (i = 0; i < n && i < KPROF_CLI_COUNT(c); i++)
		kprof_counts_entry_get(d, &rows[i], &c[i]);
	kprof_cli_counts_summary_text(&f->sum, counts_class(d), "the HAL supports");
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
		if (kprof_cli_presence(d, &rows[i]) != KPROF_HAL_PRESENCE_ABSENT) {
			kprof_counts_entry e;
			kprof_counts_entry_get(d, &rows[i], &e);
			kprof_cli_source_row(d, &rows[i], 0, (int)kprof_cli_presence(d, &rows[i]), &e);
			if (kprof_cli_supported(d, &rows[i]) && offered < KPROF_CLI_COUNT(c)) {
				src[offered] = &rows[i];
				c[offered++] = e;
			}
		}
	kprof_cli_table_end();
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
	kprof_cli_input in;
	int no_long_mode;
	int win_all = win->set && kprof_cli_word_eq(win->text, "all");
	kprof_cpuid_snapshot snap;
	kprof_cli_groups groups;
	info_facts f;
	int rc, json = kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set;
	if (win->set && !win_all && kprof_cli_windows_parse(a->cmd, win->text, &release) != 0)
		return KPROF_CLI_EXIT_USAGE;
	if (release) {
		rc = kprof_cli_hal_check(a->cmd, build | KPROF_CLI_RELEASE(release));
		if (rc)
			return rc;
	}
	if (file->set && all->set)
		return kprof_cli_usage(a->cmd,
		                       "--all reads this machine: not with --cpuid-file");
	if (!file->set && !all->set && cpu->set && cpu->num != 0)
		return kprof_cli_usage(a->cmd,
		                       "--cpu needs --cpuid-file or --all (live, kprof "
		                       "reads the processor it runs on)");
	rc = kprof_cli_info_source(file->set ? file->text : NULL, all->set,
	                           cpu->set ? (uint32_t)cpu->num : KPROF_CLI_NO_CPU,
	                           &snap, &groups, &in);
	if (rc)
		return rc;
	if (win_all) {
		rc = kprof_cli_windows_all(&snap, json);
		kprof_cli_groups_free(&groups);
		return rc;
	}
	/* Without --hal: the 64-bit HAL, unless the processor has no long mode, which no 64-bit
	 * Windows runs on. Without --windows: the newest release kprof models that has that
	 * HAL. */
	{
		/* Known only when the dump has the extended range's leaf 0x80000000: a dump
		 * without it may just have left the range out. */
		kprof_hal_decision probe;
		uint32_t ext[4];
		(void)kprof_hal_decision_get(&snap, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_NEWEST, &probe);
		no_long_mode = !probe.long_mode &&
		               kprof_cpuid_snapshot_get(&snap, KPROF_CPUID_SLOT_EXT_MAX, ext) == KPROF_OK;
		/* ... unless --windows names a release that shipped no 32-bit HAL (Windows 11):
		 * then its 64-bit HAL, with the warning that no such Windows runs here. */
		if (no_long_mode && !hal->set &&
		    (!win->set || kprof_hal_release_by_id((kprof_hal_windows)release)->x86))
			build = KPROF_HAL_BUILD_X86;
	}
	if (!win->set)
		release = kprof_cli_release_newest((kprof_hal_build)build);
	facts_fill(&f, &snap, build | KPROF_CLI_RELEASE(release));
	f.in = &in;
	f.release_default = !win->set;
	f.hal_default = !hal->set;
	f.no_long_mode = no_long_mode;
	if (json)
		print_json(&f);
	else
		print_text(&f);
	if (!in.file && !in.all) {
		/* One CPU read: no groups to tell apart, and no claim about the others. */
		uint32_t online = kprof_cli_live_online_cpus();
		if (json)
			kprof_cli_printf(",\n  \"cpu_groups\": null, \"online_cpus\": %lu",
			                 (unsigned long)online);
		else
			kprof_cli_printf("cpu groups  only CPU %lu read; this machine has %lu online CPU%s "
			                 "(--all reads every one this process may run on)\n",
			                 (unsigned long)in.cpu_id, (unsigned long)online,
			                 online == 1 ? "" : "s");
	} else {
		kprof_cli_groups_print(&groups, build, json);
	}
	if (json)
		kprof_cli_puts("\n}\n");
	kprof_cli_groups_free(&groups);
	return 0;
}
