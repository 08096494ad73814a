/* kprof custom-source: Windows custom profile sources (Windows 10 1803 and later) for a
 * processor, checked by kprof_windows_custom_source_verdict_get before anything is written,
 * as a registry file, a WPR profile, the binary add records, or JSON. Every fact (the record's
 * bytes, the registry's Architecture value, the rules and their words) comes from kprof.h;
 * this file parses the command line and prints. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

enum { FORMAT_REG, FORMAT_WPRP, FORMAT_BIN, FORMAT_JSON, FORMAT_COUNT };
static const char *const format_names[FORMAT_COUNT] = {"reg", "wprp", "bin", "json"};

const char *kprof_cli_choice_custom_format(int i)
{
	return i >= 0 && i < FORMAT_COUNT ? format_names[i] : NULL;
}

/* Where Windows reads custom sources at boot (spec/windows.yaml windows_profile_add). */
#define REG_ROOT "HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Control\\WMI\\ProfileSource"

/* The warnings that concern each output: the binary record's layout and version only the
 * records, the registry's extra values only the registry file. */
#define WARN_ANY                                                                                   \
	(KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_COUNTS_ABSENT |                                       \
	 KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_COUNTS_DIFFERENT |                                    \
	 KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_DUPLICATE | KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_X86)
static const uint32_t format_warnings[FORMAT_COUNT] = {
        WARN_ANY | KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_REGISTRY_EXTRAS, WARN_ANY,
        WARN_ANY | KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_BINARY_V3 |
                KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_LAYOUT,
        0xFFFFFFFFu};

typedef struct custom {
	const char *word; /* the NAME=EVENT argument */
	kprof_windows_custom_source cs;
	kprof_windows_custom_source_verdict v;
	uint8_t record[KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE];
} custom;

static int refuse(const char *word, const char *why)
{
	return kprof_cli_error("custom-source: '%s': %s", kprof_cli_quote(word), why);
}

/* The bits a field whose largest value is max takes (KPROF_FIELD_MAX: kprof has no _WIDTH). */
static unsigned bits_of(uint64_t max)
{
	unsigned n = 0;
	while (n < 64 && max >> n)
		n++;
	return n;
}

/* A hex number (the rNNNN form) of at most 16 digits. */
static int hex_parse(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;
	for (i = 0; s[i]; i++) {
		const int d = kprof_cli_hex_digit(s[i]);
		if (d < 0 || i >= 16)
			return -1;
		v = v << 4 | (uint64_t)d;
	}
	*out = v;
	return i ? 0 : -1;
}

/* EVENT (after the '=') into a PerfEvtSel value of vendor's layout and an interval (0: the
 * default). 0, or exit 2 after a sentence naming what is wrong. */
static int event_parse(const char *word, const char *ev, kprof_cpuid_vendor vendor,
                       uint64_t *select, uint32_t *interval)
{
	static const char *const keys[] = {"event", "umask", "cmask", "interval", "inv",
	                                   "edge",  "any",   "host",  "guest"};
	const char *vname = kprof_cpuid_vendor_name(vendor);
	uint64_t val[9] = {0};
	int seen[9] = {0};
	kprof_pmu_select f;
	char msg[256];
	const char *p = ev;
	size_t k;
	*interval = 0;
	memset(&f, 0, sizeof f);
	if (ev[0] == 'r' && ev[1] && strchr(ev, '=') == NULL && strchr(ev, ',') == NULL) {
		/* Linux perf's raw event (kprof perf): the PerfEvtSel bits without USR/OS/INT/EN. */
		if (hex_parse(ev + 1, select) != 0)
			return refuse(word, "a raw event is r and at most 16 hex digits (as kprof perf "
			                    "prints it, e.g. r412e)");
		if (kprof_pmu_select_unpack(vendor, *select, &f) != KPROF_OK) {
			snprintf(msg, sizeof msg,
			         "raw event %s sets bits that are no field of %s's PerfEvtSel", ev, vname);
			return refuse(word, msg);
		}
		return 0;
	}
	while (*p) {
		const char *end = strchr(p, ','), *eq;
		size_t len = end ? (size_t)(end - p) : strlen(p), klen;
		char item[64];
		if (len == 0 || len >= sizeof item)
			return refuse(word, "EVENT is a comma-separated list: event=N,umask=N[,cmask=N]"
			                    "[,inv][,edge][,any][,host][,guest][,interval=N], or rNNNN");
		memcpy(item, p, len);
		item[len] = 0;
		eq = strchr(item, '=');
		klen = eq ? (size_t)(eq - item) : len;
		for (k = 0; k < KPROF_CLI_COUNT(keys); k++)
			if (strlen(keys[k]) == klen && strncmp(keys[k], item, klen) == 0)
				break;
		if (k == KPROF_CLI_COUNT(keys)) {
			snprintf(msg, sizeof msg,
			         "'%s' is not an event field (event, umask, cmask, interval take =N; inv, "
			         "edge, any, host, guest are flags)",
			         kprof_cli_quote(item));
			return refuse(word, msg);
		}
		if (seen[k]) {
			snprintf(msg, sizeof msg, "%s is given twice", keys[k]);
			return refuse(word, msg);
		}
		seen[k] = 1;
		if (k < 4) {
			if (!eq || kprof_cli_parse_u64(eq + 1, UINT64_MAX, &val[k]) != 0) {
				snprintf(msg, sizeof msg, "%s needs a number (%s=0x60 or %s=96)", keys[k],
				         keys[k], keys[k]);
				return refuse(word, msg);
			}
		} else if (eq) {
			snprintf(msg, sizeof msg, "%s is a flag and takes no value", keys[k]);
			return refuse(word, msg);
		}
		p += len + (end != NULL);
		if (end && !*p)
			return refuse(word, "EVENT ends with a comma");
	}
	if (!seen[0])
		return refuse(word, "EVENT needs event=N (and umask=N unless it is 0)");
	{
		const uint64_t event_max =
		        vendor == KPROF_CPUID_VENDOR_INTEL
		                ? KPROF_IA32_PERFEVTSEL_EVENT_MASK
		                : KPROF_FIELD_MAX(KPROF_AMD_PERFEVTSEL_EVENT_HI) *
		                                  (KPROF_FIELD_MAX(KPROF_AMD_PERFEVTSEL_EVENT) + 1u) +
		                          KPROF_FIELD_MAX(KPROF_AMD_PERFEVTSEL_EVENT);
		if (val[0] > event_max) {
			snprintf(msg, sizeof msg,
			         "event 0x%llx is past %s's event select, which holds 0..0x%llx", (unsigned long long)val[0],
			         vname, (unsigned long long)event_max);
			return refuse(word, msg);
		}
	}
	{
		/* The unit mask and counter mask fields of the vendor's PerfEvtSel (the same widths on
		 * Intel and AMD), and the intervals Windows applies. */
		const int intel = vendor == KPROF_CPUID_VENDOR_INTEL;
		const uint64_t umask_max = intel ? KPROF_FIELD_MAX(KPROF_IA32_PERFEVTSEL_UMASK)
		                                 : KPROF_FIELD_MAX(KPROF_AMD_PERFEVTSEL_UMASK);
		const uint64_t cmask_max = intel ? KPROF_FIELD_MAX(KPROF_IA32_PERFEVTSEL_CMASK)
		                                 : KPROF_FIELD_MAX(KPROF_AMD_PERFEVTSEL_CMASK);
		const unsigned umask_bits = bits_of(umask_max), cmask_bits = bits_of(cmask_max);
		if (val[1] > umask_max) {
			snprintf(msg, sizeof msg, "unit mask 0x%llx is past %u bits (0..0x%llx)", (unsigned long long)val[1],
			         umask_bits, (unsigned long long)umask_max);
			return refuse(word, msg);
		}
		if (val[2] > cmask_max) {
			snprintf(msg, sizeof msg, "counter mask %llu is past %u bits (and Windows keeps 0..%u)",
			         (unsigned long long)val[2], cmask_bits, (unsigned)KPROF_WINDOWS_PROFILE_ADD_CMASK_MAX);
			return refuse(word, msg);
		}
		if (val[3] > KPROF_SOURCE_INTERVAL_HARDWARE_MAX) {
			snprintf(msg, sizeof msg, "interval %llu is past what Windows takes (%u..%u)",
			         (unsigned long long)val[3], (unsigned)KPROF_SOURCE_INTERVAL_HARDWARE_MIN,
			         (unsigned)KPROF_SOURCE_INTERVAL_HARDWARE_MAX);
			return refuse(word, msg);
		}
	}
	if (seen[3] && val[3] == 0)
		return refuse(word, "interval 0: leave interval out for the HAL's default");
	if (seen[6] && vendor != KPROF_CPUID_VENDOR_INTEL)
		return refuse(word, "any (AnyThread) is an Intel option: AMD's PerfEvtSel has no such bit");
	if ((seen[7] || seen[8]) && vendor != KPROF_CPUID_VENDOR_AMD)
		return refuse(word, "host and guest are AMD options (Host/Guest-only): Intel's PerfEvtSel has "
		                    "no such bits");
	f.event = (uint16_t)val[0];
	f.umask = (uint8_t)val[1];
	f.cmask = (uint8_t)val[2];
	f.inv = (uint8_t)seen[4];
	f.edge = (uint8_t)seen[5];
	f.any = (uint8_t)seen[6];
	f.host_only = (uint8_t)seen[7];
	f.guest_only = (uint8_t)seen[8];
	*interval = (uint32_t)val[3];
	if (kprof_pmu_select_pack(vendor, &f, select) != KPROF_OK)
		return refuse(word, "the fields do not make a PerfEvtSel value for this vendor");
	return 0;
}

/* The sentence for a verdict's problem, with the source it collides with. */
static int refuse_problem(const custom *c)
{
	char msg[512];
	const char *why = kprof_windows_custom_source_problem_name(c->v.problem);
	if (c->v.problem == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_TAKEN && c->v.taken)
		snprintf(msg, sizeof msg, "%s (%s, source %u)", why, kprof_source_description_get(c->v.taken),
		         (unsigned)c->v.taken->value);
	else
		snprintf(msg, sizeof msg, "%s", why ? why : "refused");
	return refuse(c->word, msg);
}

/* One NAME=EVENT into c, checked against d. 0 or exit 2. */
static int custom_make(const char *word, const kprof_hal_decision *d, custom *c)
{
	const char *eq = strchr(word, '=');
	kprof_windows_custom_source_problem p;
	uint64_t select = 0;
	uint32_t interval = 0;
	size_t n;
	int rc;
	memset(c, 0, sizeof *c);
	c->word = word;
	if (!eq)
		return refuse(word, "a source is NAME=EVENT (e.g. L2Miss=event=0x24,umask=0x3f)");
	p = kprof_cli_custom_name_problem(word, (size_t)(eq - word));
	if (p != KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE)
		return refuse(word, kprof_windows_custom_source_problem_name(p));
	rc = event_parse(word, eq + 1, d->vendor, &select, &interval);
	if (rc)
		return rc;
	(void)kprof_windows_custom_source_init(&c->cs, d->vendor, select);
	(void)kprof_windows_custom_source_name_set(&c->cs, word, (size_t)(eq - word));
	c->cs.interval = interval;
	/* The processors of the registry group: this family and model, any stepping. */
	c->cs.cpu_info_hierarchy[0] = d->family;
	c->cs.cpu_info_hierarchy[1] = d->model;
	(void)kprof_windows_custom_source_verdict_get(&c->cs, d, &c->v);
	if (c->v.problem != KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE)
		return refuse_problem(c);
	if (kprof_windows_custom_source_pack(&c->cs, c->record, sizeof c->record, &n) != KPROF_OK ||
	    n != sizeof c->record)
		return refuse(word, "kprof could not write its record"); /* the checker passed it */
	return 0;
}

/* "counts EVENT on CLASS (verdict)" for a source, into buf. */
static const char *counts_text(const custom *c, char *buf, size_t cap)
{
	const kprof_counts_entry *e = &c->v.counts;
	const char *cls = kprof_counts_class_name(e->cpu_class);
	const char *verdict = kprof_counts_verdict_name(e->status);
	if (!cls || e->status == KPROF_COUNTS_VERDICT_UNKNOWN)
		snprintf(buf, cap, "kprof does not know what this event counts on this processor");
	else if (e->event)
		snprintf(buf, cap, "on %s this is %s (%s; %s)%s%s", cls, e->event, verdict ? verdict : "?",
		         e->basis ? e->basis : "?", e->caveat ? ": " : "", e->caveat ? e->caveat : "");
	else
		snprintf(buf, cap, "on %s kprof finds no event at this select (%s; %s)%s%s", cls,
		         verdict ? verdict : "?", e->basis ? e->basis : "?", e->caveat ? ": " : "",
		         e->caveat ? e->caveat : "");
	return buf;
}

/* The registry values of a source, as Windows 11 22631 reads them: Event, Unit, Interval
 * always, the others only when not zero (MSO-Scripts writes them the same way); names and
 * order are the spec's (windows_profile_source_value). */
typedef struct reg_value {
	const char *name;
	uint32_t value;
} reg_value;

#define REG_VALUES (KPROF_WINDOWS_PROFILE_SOURCE_VALUE_PMU_TYPE + 1u)

static size_t reg_values(const custom *c, reg_value *out)
{
	const kprof_source_profile_add *f = &c->v.fields;
	uint32_t value[REG_VALUES];
	size_t k, n = 0;
	value[KPROF_WINDOWS_PROFILE_SOURCE_VALUE_EVENT] = f->event_select;
	value[KPROF_WINDOWS_PROFILE_SOURCE_VALUE_UNIT] = f->unit_select;
	value[KPROF_WINDOWS_PROFILE_SOURCE_VALUE_INTERVAL] = f->interval;
	value[KPROF_WINDOWS_PROFILE_SOURCE_VALUE_CMASK] = f->cmask;
	value[KPROF_WINDOWS_PROFILE_SOURCE_VALUE_CMASK_INVERT] = f->cinv;
	value[KPROF_WINDOWS_PROFILE_SOURCE_VALUE_EDGE_DETECT] = f->edge_detect;
	value[KPROF_WINDOWS_PROFILE_SOURCE_VALUE_ANY_THREAD] = f->any_thread;
	value[KPROF_WINDOWS_PROFILE_SOURCE_VALUE_HOST_GUEST] = f->host_guest;
	value[KPROF_WINDOWS_PROFILE_SOURCE_VALUE_PMU_TYPE] = (uint32_t)c->cs.pmu_type;
	for (k = 0; k < REG_VALUES; k++)
		if (k <= KPROF_WINDOWS_PROFILE_SOURCE_VALUE_INTERVAL || value[k]) {
			out[n].name = kprof_windows_profile_source_value_name((kprof_windows_profile_source_value)k);
			out[n++].value = value[k];
		}
	return n;
}

/* The group key's values for d's processor (Architecture from the library), by
 * kprof_windows_profile_group_value. */
#define GROUP_VALUES (KPROF_WINDOWS_PROFILE_GROUP_VALUE_MODEL + 1u)
static void group_values(const kprof_hal_decision *d, uint32_t value[GROUP_VALUES])
{
	(void)kprof_windows_profile_group_get(d, NULL, &value[KPROF_WINDOWS_PROFILE_GROUP_VALUE_ARCHITECTURE], NULL);
	value[KPROF_WINDOWS_PROFILE_GROUP_VALUE_FAMILY] = d->family;
	value[KPROF_WINDOWS_PROFILE_GROUP_VALUE_MODEL] = d->model;
}

static const char *group_value_name(size_t k)
{
	return kprof_windows_profile_group_value_name((kprof_windows_profile_group_value)k);
}

static void print_processor_line(const kprof_hal_decision *d, const char *prefix, const char *eol)
{
	kprof_cli_printf("%s%s family 0x%X model 0x%X stepping %u (%s interface), Windows %s%s", prefix,
	                 d->vendor_string, (unsigned)d->family, (unsigned)d->model, (unsigned)d->stepping,
	                 kprof_cli_interface_name(d->table),
	                 kprof_hal_release_name_get(kprof_hal_release_by_id(d->release)), eol);
}

static void print_reg(const kprof_hal_decision *d, const char *group, const custom *c, size_t n)
{
	static const char crlf[] = "\r\n";
	char text[512];
	reg_value v[REG_VALUES];
	uint32_t gv[GROUP_VALUES];
	size_t i, k, m;
	group_values(d, gv);
	kprof_cli_printf("Windows Registry Editor Version 5.00%s%s", crlf, crlf);
	print_processor_line(d, "; kprof custom-source: ", crlf);
	kprof_cli_printf("; Import as Administrator, restart Windows, then `wpr -pmcsources` lists "
	                 "the sources.%s%s",
	                 crlf, crlf);
	kprof_cli_printf("[%s\\%s]%s", REG_ROOT, group, crlf);
	for (k = 0; k < GROUP_VALUES; k++)
		kprof_cli_printf("\"%s\"=dword:%08x%s", group_value_name(k), (unsigned)gv[k], crlf);
	for (i = 0; i < n; i++) {
		kprof_cli_printf("%s; %s: %s%s", crlf, c[i].cs.name, counts_text(&c[i], text, sizeof text), crlf);
		kprof_cli_printf("[%s\\%s\\%s]%s", REG_ROOT, group, c[i].cs.name, crlf);
		m = reg_values(&c[i], v);
		for (k = 0; k < m; k++)
			kprof_cli_printf("\"%s\"=dword:%08x%s", v[k].name, (unsigned)v[k].value, crlf);
	}
	kprof_cli_puts(crlf); /* regedit's own exports end with an empty line */
}

static void print_wprp(const kprof_hal_decision *d, const custom *c, size_t n)
{
	char text[512];
	size_t i;
	kprof_cli_puts("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!--\n");
	print_processor_line(d, "  kprof custom-source: ", "\n");
	kprof_cli_puts("  After the sources are added (the registry file and a restart, or the records),\n"
	               "    wpr -start FILE.wprp!kprof-sample     samples them (PmcInterrupt stacks)\n"
	               "    wpr -start FILE.wprp!kprof-cswitch    counts them on each context switch\n"
	               "  then wpr -stop TRACE.etl. Strict: WPR fails (0x800700aa) when another\n"
	               "  session owns a counter.\n");
	for (i = 0; i < n; i++)
		kprof_cli_printf("  %s: %s\n", c[i].cs.name, counts_text(&c[i], text, sizeof text));
	kprof_cli_puts("-->\n<WindowsPerformanceRecorder Version=\"1.0\" Author=\"kprof custom-source\">\n"
	               "  <Profiles>\n"
	               "    <SystemCollector Id=\"SC_kprof\" Name=\"kprof custom sources\">\n"
	               "      <BufferSize Value=\"1024\"/>\n      <Buffers Value=\"64\"/>\n"
	               "    </SystemCollector>\n"
	               "    <SystemProvider Id=\"SP_kprof_sample\">\n"
	               "      <Keywords>\n        <Keyword Value=\"ProcessThread\"/>\n"
	               "        <Keyword Value=\"Loader\"/>\n        <Keyword Value=\"PmcProfile\"/>\n"
	               "      </Keywords>\n"
	               "      <Stacks>\n        <Stack Value=\"PmcInterrupt\"/>\n      </Stacks>\n"
	               "    </SystemProvider>\n"
	               "    <SystemProvider Id=\"SP_kprof_cswitch\">\n"
	               "      <Keywords>\n        <Keyword Value=\"ProcessThread\"/>\n"
	               "        <Keyword Value=\"Loader\"/>\n        <Keyword Value=\"CSwitch\"/>\n"
	               "      </Keywords>\n"
	               "      <Stacks>\n        <Stack Value=\"CSwitch\"/>\n      </Stacks>\n"
	               "    </SystemProvider>\n"
	               "    <HardwareCounter Id=\"HC_kprof_sample\" Strict=\"true\">\n"
	               "      <SampledCounters>\n");
	for (i = 0; i < n; i++)
		kprof_cli_printf("        <SampledCounter Value=\"%s\" Interval=\"%lu\"/>\n", c[i].cs.name,
		                 (unsigned long)c[i].v.fields.interval);
	kprof_cli_puts("      </SampledCounters>\n    </HardwareCounter>\n"
	               "    <HardwareCounter Id=\"HC_kprof_cswitch\" Strict=\"true\">\n      <Counters>\n");
	for (i = 0; i < n; i++)
		kprof_cli_printf("        <Counter Value=\"%s\"/>\n", c[i].cs.name);
	kprof_cli_puts("      </Counters>\n      <Events>\n        <Event Value=\"CSwitch\"/>\n"
	               "      </Events>\n    </HardwareCounter>\n");
	{
		static const char *const which[2] = {"sample", "cswitch"};
		static const char *const what[2] = {"samples the custom sources",
		                                    "counts the custom sources on context switches"};
		int k;
		for (k = 0; k < 2; k++)
			kprof_cli_printf(
			        "    <Profile Id=\"kprof-%s.Verbose.File\" Name=\"kprof-%s\" Description=\"kprof: "
			        "%s\" DetailLevel=\"Verbose\" LoggingMode=\"File\">\n"
			        "      <Collectors>\n        <SystemCollectorId Value=\"SC_kprof\">\n"
			        "          <SystemProviderId Value=\"SP_kprof_%s\"/>\n"
			        "          <HardwareCounterId Value=\"HC_kprof_%s\"/>\n"
			        "        </SystemCollectorId>\n      </Collectors>\n    </Profile>\n"
			        "    <Profile Id=\"kprof-%s.Verbose.Memory\" Name=\"kprof-%s\" Description=\"kprof: "
			        "%s\" DetailLevel=\"Verbose\" LoggingMode=\"Memory\" Base=\"kprof-%s.Verbose.File\"/>\n",
			        which[k], which[k], what[k], which[k], which[k], which[k], which[k], what[k],
			        which[k]);
	}
	kprof_cli_puts("  </Profiles>\n</WindowsPerformanceRecorder>\n");
}

static void print_json(const kprof_hal_decision *d, const char *group, const custom *c, size_t n)
{
	reg_value v[REG_VALUES];
	uint32_t gv[GROUP_VALUES];
	size_t i, k, m;
	uint32_t bit;
	group_values(d, gv);
	kprof_cli_puts("{\"processor\": {\"vendor\": ");
	kprof_cli_json_string(d->vendor_string);
	kprof_cli_printf(", \"family\": %u, \"model\": %u, \"stepping\": %u, \"interface\": \"%s\"},\n",
	                 (unsigned)d->family, (unsigned)d->model, (unsigned)d->stepping,
	                 kprof_cli_interface_name(d->table));
	kprof_cli_printf(" \"windows\": \"%s\",\n \"group\": {\"key\": ",
	                 kprof_hal_release_name_get(kprof_hal_release_by_id(d->release)));
	{
		char key[512];
		snprintf(key, sizeof key, "%s\\%s", REG_ROOT, group);
		kprof_cli_json_string(key);
	}
	kprof_cli_puts(", \"name\": ");
	kprof_cli_json_string(group);
	kprof_cli_puts(", \"values\": {");
	for (k = 0; k < GROUP_VALUES; k++)
		kprof_cli_printf("%s\"%s\": %u", k ? ", " : "", group_value_name(k), (unsigned)gv[k]);
	kprof_cli_puts("}},\n \"sources\": [");
	for (i = 0; i < n; i++) {
		const kprof_source_profile_add *f = &c[i].v.fields;
		int first = 1;
		kprof_cli_printf("%s\n  {\"name\": ", i ? "," : "");
		kprof_cli_json_string(c[i].cs.name);
		kprof_cli_puts(", ");
		kprof_cli_json_hex("select", c[i].cs.select, 1);
		kprof_cli_printf(", \"event\": %u, \"unit\": %u, \"cmask\": %u, \"invert\": %s, \"edge\": %s, "
		                 "\"any_thread\": %s, \"host_guest\": %u, \"interval\": %lu,\n   \"record_version\": %u, "
		                 "\"cpu_info_hierarchy\": [%lu, %lu, %lu], \"registry\": {",
		                 (unsigned)f->event_select, (unsigned)f->unit_select, (unsigned)f->cmask,
		                 kprof_cli_json_bool(f->cinv), kprof_cli_json_bool(f->edge_detect),
		                 kprof_cli_json_bool(f->any_thread), (unsigned)f->host_guest,
		                 (unsigned long)f->interval, (unsigned)c[i].v.version,
		                 (unsigned long)c[i].cs.cpu_info_hierarchy[0],
		                 (unsigned long)c[i].cs.cpu_info_hierarchy[1],
		                 (unsigned long)c[i].cs.cpu_info_hierarchy[2]);
		m = reg_values(&c[i], v);
		for (k = 0; k < m; k++)
			kprof_cli_printf("%s\"%s\": %u", k ? ", " : "", v[k].name, (unsigned)v[k].value);
		kprof_cli_puts("},\n   \"same_as\": ");
		kprof_cli_json_string(c[i].v.same ? kprof_source_description_get(c[i].v.same) : NULL);
		kprof_cli_puts(", ");
		kprof_cli_counts_json(&c[i].v.counts);
		kprof_cli_puts(",\n   \"warnings\": [");
		for (bit = 1; bit; bit <<= 1) {
			if (!(c[i].v.warnings & bit))
				continue;
			kprof_cli_puts(first ? "" : ", ");
			kprof_cli_json_string(kprof_windows_custom_source_warning_name(
			        (kprof_windows_custom_source_warning)bit));
			first = 0;
		}
		kprof_cli_puts("],\n   \"record\": \"");
		for (k = 0; k < sizeof c[i].record; k++)
			kprof_cli_printf("%02x", (unsigned)c[i].record[k]);
		kprof_cli_puts("\"}");
	}
	kprof_cli_puts("\n ]}\n");
}

int kprof_cmd_custom_source(const kprof_cli_args *a)
{
	const kprof_cli_value *file = kprof_cli_opt(a, KPROF_CLI_OPT_CPUID_FILE), *cpu = kprof_cli_opt(a, KPROF_CLI_OPT_CPU);
	const kprof_cli_value *win = kprof_cli_opt(a, KPROF_CLI_OPT_WINDOWS), *grp = kprof_cli_opt(a, KPROF_CLI_OPT_GROUP);
	const kprof_cli_value *fmt = kprof_cli_opt(a, KPROF_CLI_OPT_FORMAT);
	size_t n = (size_t)kprof_cli_opt(a, KPROF_CLI_OPT_NAME_EVENT)->num, i, j;
	int format = fmt->set ? (int)fmt->num : FORMAT_REG, rc;
	uint32_t release = 0;
	kprof_hal_build build;
	kprof_cpuid_snapshot snap;
	kprof_hal_decision d;
	char group[KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX + 1];
	custom *c;
	/* A file format (reg, wprp, bin, json): printed as it is, never folded. */
	kprof_cli_output_width(0);
	if (win->set && kprof_cli_windows_parse(a->cmd, win->text, &release) != 0)
		return KPROF_CLI_EXIT_USAGE;
	if (!file->set && cpu->set)
		return kprof_cli_usage(a->cmd, "--cpu needs --cpuid-file");
	if (file->set) {
		rc = kprof_cli_dump_snapshot_file(file->text, cpu->set ? (uint32_t)cpu->num : KPROF_CLI_NO_CPU, &snap);
		if (rc)
			return rc;
	} else if (kprof_cpuid_snapshot_read(&snap) != KPROF_OK) {
		kprof_cli_error("custom-source: cannot read this processor's cpuid (give --cpuid-file)");
		return KPROF_CLI_EXIT_FAILURE;
	}
	/* The HAL and release info answers for: the 64-bit HAL unless the processor has no long
	 * mode; the newest release with that HAL unless --windows names one. */
	{
		const kprof_hal_windows asked = (kprof_hal_windows)release;
		build = kprof_cli_build_default(&snap, win->set ? &asked : NULL, NULL);
		if (!win->set)
			release = kprof_cli_release_newest(build);
	}
	(void)kprof_hal_decision_get(&snap, build, (kprof_hal_windows)release, &d);
	{
		uint32_t architecture;
		if (kprof_windows_profile_group_get(&d, NULL, &architecture, NULL) != KPROF_OK)
			return kprof_cli_error("custom-source: the processor is '%s': Windows' custom sources "
			                       "take Intel and AMD event selects only, and the public sources "
			                       "give no registry Architecture value for another vendor",
			                       kprof_cli_quote(d.vendor_string));
	}
	if (!d.has_leaf1)
		return kprof_cli_error("custom-source: the processor has no cpuid leaf 1: no family and "
		                       "model for the registry group");
	if (grp->set) {
		kprof_windows_custom_source_problem p = kprof_cli_custom_name_problem(grp->text, strlen(grp->text));
		if (p != KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE)
			return kprof_cli_error("custom-source: --group '%s': %s", kprof_cli_quote(grp->text),
			                       kprof_windows_custom_source_problem_name(p));
		snprintf(group, sizeof group, "%s", grp->text);
	} else {
		snprintf(group, sizeof group, "kprof-Family-%u-Model-%u", (unsigned)d.family,
		         (unsigned)d.model);
	}
	c = (custom *)calloc(n, sizeof *c);
	if (!c) {
		kprof_cli_error("out of memory");
		return KPROF_CLI_EXIT_FAILURE;
	}
	for (i = 0; i < n; i++) {
		rc = custom_make(a->many[i], &d, &c[i]);
		for (j = 0; !rc && j < i; j++)
			if (kprof_cli_word_eq(c[i].cs.name, c[j].cs.name))
				rc = refuse(a->many[i], "the name is given twice (registry key names ignore case)");
		if (rc) {
			free(c);
			return rc;
		}
	}
	/* Everything is acceptable: the warnings, then the output. */
	for (i = 0; i < n; i++) {
		uint32_t bit, w = c[i].v.warnings & format_warnings[format];
		for (bit = 1; bit; bit <<= 1)
			if (w & bit)
				fprintf(stderr, "kprof: warning: %s: %s%s%s\n", c[i].cs.name,
				        kprof_windows_custom_source_warning_name((kprof_windows_custom_source_warning)bit),
				        bit == KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_DUPLICATE && c[i].v.same ? ": " : "",
				        bit == KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_DUPLICATE && c[i].v.same
				                ? kprof_source_description_get(c[i].v.same)
				                : "");
		if (format == FORMAT_BIN) {
			char text[512];
			fprintf(stderr, "kprof: %s: %s\n", c[i].cs.name, counts_text(&c[i], text, sizeof text));
		}
	}
	switch (format) {
	case FORMAT_REG: print_reg(&d, group, c, n); break;
	case FORMAT_WPRP: print_wprp(&d, c, n); break;
	case FORMAT_JSON: print_json(&d, group, c, n); break;
	default:
		for (i = 0; i < n; i++)
			kprof_cli_write(c[i].record, sizeof c[i].record);
	}
	free(c);
	return 0;
}
