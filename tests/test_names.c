/* Every kprof_<enum>_name() returns the spec's string for each of its values and NULL for
 * every other int, and there is one such function per enumeration and list of the spec.
 *
 *     test_names SPEC_NAMES.tsv     (tests/spec_rows.py --names spec/NAME.yaml... > SPEC_NAMES.tsv)
 *
 * The expected strings come from the spec through plain yaml.safe_load, not from the
 * generator; the functions below are the header's, listed by hand so that a spec enumeration
 * without one (or one the spec no longer has) fails here. */
#include <limits.h>

#include "kprof.h"
#include "kprof_test.h"
#include "spec_rows.h"

typedef const char *(*name_fn)(int value);

/* Each name function takes its enumeration's type: called here through a wrapper taking int. */
#define NAME_FN(type) \
	static const char *name_of_##type(int value) { return type##_name((type)value); }
NAME_FN(kprof_cpuid_vendor)
NAME_FN(kprof_status)
NAME_FN(kprof_cpuid_core_type)
NAME_FN(kprof_hal_presence)
NAME_FN(kprof_hal_build)
NAME_FN(kprof_hal_reason)
NAME_FN(kprof_hal_uncertain)
NAME_FN(kprof_dump_format)
NAME_FN(kprof_dump_expect)
NAME_FN(kprof_listing_diff_kind)
NAME_FN(kprof_cpu_fact)
NAME_FN(kprof_lwp_revision)
NAME_FN(kprof_lwp_event)
NAME_FN(kprof_lwp_proposal_event)
NAME_FN(kprof_lwp_data_source)
NAME_FN(kprof_lwp_rule)
NAME_FN(kprof_lwp_kind)
NAME_FN(kprof_lwp_feature)
NAME_FN(kprof_ibs_cap)
NAME_FN(kprof_ibs_data_source)
NAME_FN(kprof_ibs_data_source_ext)
NAME_FN(kprof_ds_avail)
NAME_FN(kprof_ds_layout)
NAME_FN(kprof_pebs_has)
NAME_FN(kprof_pebs_gpr)
NAME_FN(kprof_pebs_data_source_table)
NAME_FN(kprof_pebs_data_source_level)
NAME_FN(kprof_pebs_data_source_snoop)
NAME_FN(kprof_pebs_data_source_flag)
NAME_FN(kprof_pebs_data_source_access)
NAME_FN(kprof_windows_event_trace_information_class)
NAME_FN(kprof_windows_trace_query_info_class)
NAME_FN(kprof_windows_profile_add_version)
NAME_FN(kprof_windows_pmu_type)
NAME_FN(kprof_windows_profile_group_value)
NAME_FN(kprof_windows_profile_source_value)
NAME_FN(kprof_windows_custom_source_problem)
NAME_FN(kprof_windows_custom_source_warning)

static const struct {
	const char *spec_name;
	name_fn fn;
} functions[] = {
        {"cpuid_vendor", name_of_kprof_cpuid_vendor},
        {"status", name_of_kprof_status},
        {"cpuid_core_type", name_of_kprof_cpuid_core_type},
        {"hal_presence", name_of_kprof_hal_presence},
        {"hal_build", name_of_kprof_hal_build},
        {"hal_reason", name_of_kprof_hal_reason},
        {"hal_uncertain", name_of_kprof_hal_uncertain},
        {"dump_format", name_of_kprof_dump_format},
        {"dump_expect", name_of_kprof_dump_expect},
        {"listing_diff_kind", name_of_kprof_listing_diff_kind},
        {"cpu_fact", name_of_kprof_cpu_fact},
        {"lwp_revision", name_of_kprof_lwp_revision},
        {"lwp_event", name_of_kprof_lwp_event},
        {"lwp_proposal_event", name_of_kprof_lwp_proposal_event},
        {"lwp_data_source", name_of_kprof_lwp_data_source},
        {"lwp_rule", name_of_kprof_lwp_rule},
        {"lwp_kind", name_of_kprof_lwp_kind},
        {"lwp_feature", name_of_kprof_lwp_feature},
        {"ibs_cap", name_of_kprof_ibs_cap},
        {"ibs_data_source", name_of_kprof_ibs_data_source},
        {"ibs_data_source_ext", name_of_kprof_ibs_data_source_ext},
        {"ds_avail", name_of_kprof_ds_avail},
        {"ds_layout", name_of_kprof_ds_layout},
        {"pebs_has", name_of_kprof_pebs_has},
        {"pebs_gpr", name_of_kprof_pebs_gpr},
        {"pebs_data_source_table", name_of_kprof_pebs_data_source_table},
        {"pebs_data_source_level", name_of_kprof_pebs_data_source_level},
        {"pebs_data_source_snoop", name_of_kprof_pebs_data_source_snoop},
        {"pebs_data_source_flag", name_of_kprof_pebs_data_source_flag},
        {"pebs_data_source_access", name_of_kprof_pebs_data_source_access},
        {"windows_event_trace_information_class", name_of_kprof_windows_event_trace_information_class},
        {"windows_trace_query_info_class", name_of_kprof_windows_trace_query_info_class},
        {"windows_profile_add_version", name_of_kprof_windows_profile_add_version},
        {"windows_pmu_type", name_of_kprof_windows_pmu_type},
        {"windows_profile_group_value", name_of_kprof_windows_profile_group_value},
        {"windows_profile_source_value", name_of_kprof_windows_profile_source_value},
        {"windows_custom_source_problem", name_of_kprof_windows_custom_source_problem},
        {"windows_custom_source_warning", name_of_kprof_windows_custom_source_warning},
};
#define NFUNCTIONS (sizeof functions / sizeof functions[0])
#define NAMES_MAX  1024

typedef struct spec_name {
	unsigned fn;
	long value;
	char string[192]; /* the longest is a sentence (windows_custom_source_*) */
} spec_name;

static spec_name names[NAMES_MAX];
static unsigned nnames;

/* One line of the names file: enumeration, value, string. */
static int add_name(char **f, void *ctx)
{
	unsigned i;
	(void)ctx;
	if (nnames == NAMES_MAX || strlen(f[2]) >= sizeof names->string)
		return -1;
	for (i = 0; i < NFUNCTIONS && strcmp(functions[i].spec_name, f[0]); i++)
		;
	/* A spec enumeration this test does not know: its name function is untested. */
	if (!CHECK(i < NFUNCTIONS))
		fprintf(stderr, "  spec enumeration '%s' has no entry in this test\n", f[0]);
	names[nnames].fn = i;
	names[nnames].value = strtol(f[1], NULL, 10);
	strcpy(names[nnames].string, f[2]);
	nnames++;
	return 0;
}

static int is_value(unsigned fn, long v)
{
	unsigned i;
	for (i = 0; i < nnames; i++)
		if (names[i].fn == fn && names[i].value == v)
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	unsigned fn, i;
	if (argc != 2 || spec_read_rows(argv[1], 3, add_name, NULL) < 0) {
		fprintf(stderr, "usage: test_names SPEC_NAMES.tsv\n");
		return 2;
	}
	for (i = 0; i < nnames; i++) {
		const char *got;
		if (names[i].fn == NFUNCTIONS)
			continue;
		got = functions[names[i].fn].fn((int)names[i].value);
		if (!CHECK(got && !strcmp(got, names[i].string)))
			fprintf(stderr, "  %s(%ld): '%s', the spec says '%s'\n",
			        functions[names[i].fn].spec_name, names[i].value,
			        got ? got : "(null)", names[i].string);
	}
	for (fn = 0; fn < NFUNCTIONS; fn++) {
		long lo = LONG_MAX, hi = LONG_MIN, v;
		unsigned bad = 0;
		static const long far[] = {INT_MIN, -1, 0, 1, 0x100, 0x10000, INT_MAX};
		for (i = 0; i < nnames; i++) {
			if (names[i].fn != fn)
				continue;
			lo = names[i].value < lo ? names[i].value : lo;
			hi = names[i].value > hi ? names[i].value : hi;
		}
		/* A function of the test the spec no longer has. */
		if (!CHECK(lo <= hi)) {
			fprintf(stderr, "  %s: no values in the spec\n", functions[fn].spec_name);
			continue;
		}
		/* NULL for every other int: the gaps and neighbours of the spec's range, and far off. */
		for (v = lo - 300; v <= hi + 300; v++)
			if (!is_value(fn, v) && functions[fn].fn((int)v))
				bad++;
		for (i = 0; i < sizeof far / sizeof far[0]; i++)
			if (!is_value(fn, far[i]) && functions[fn].fn((int)far[i]))
				bad++;
		if (!CHECK_EQ(bad, 0))
			fprintf(stderr, "  %s: a name for a value the spec does not have\n",
			        functions[fn].spec_name);
	}
	return kt_done();
}
