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

static const struct {
	const char *spec_name;
	name_fn fn;
} functions[] = {
        {"vendor", kprof_vendor_name},
        {"status", kprof_status_name},
        {"cpuid_core_type", kprof_cpuid_core_type_name},
        {"presence", kprof_presence_name},
        {"hal_build", kprof_hal_build_name},
        {"hal_reason", kprof_hal_reason_name},
        {"dump_format", kprof_dump_format_name},
        {"dump_expect", kprof_dump_expect_name},
        {"listing_diff_kind", kprof_listing_diff_kind_name},
        {"cpu_fact", kprof_cpu_fact_name},
        {"lwp_revision", kprof_lwp_revision_name},
        {"lwp_event", kprof_lwp_event_name},
        {"lwp_proposal_event", kprof_lwp_proposal_event_name},
        {"lwp_data_source", kprof_lwp_data_source_name},
        {"lwp_rule", kprof_lwp_rule_name},
        {"event_trace_information_class", kprof_event_trace_information_class_name},
        {"trace_query_info_class", kprof_trace_query_info_class_name},
        {"windows_profile_add_version", kprof_windows_profile_add_version_name},
        {"windows_pmu_type", kprof_windows_pmu_type_name},
        {"windows_custom_source_problem", kprof_windows_custom_source_problem_name},
        {"windows_custom_source_warning", kprof_windows_custom_source_warning_name},
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
