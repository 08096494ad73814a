/* kprof_counts_class_by_signature, kprof_counts_class_entry_get and _from_snapshot: the class
 * boundaries as libpfm4's pfmlib_amd64.c amd64_get_revision and Linux's pmu-events
 * mapfile.csv draw them, argument errors, and the cpuid 0x0A rule for Emon sources. */
#include "kprof.h"
#include "kprof_test.h"

/* The class kprof_counts_class_by_signature finds, KPROF_COUNTS_CLASS_NONE for none. */
static unsigned cls(const char *vendor, uint32_t f, uint32_t m, uint32_t s)
{
	const kprof_counts_class_info *c = kprof_counts_class_by_signature(vendor, f, m, s);
	CHECK(!c || c->id < KPROF_COUNTS_CLASS_COUNT);
	return c ? (unsigned)c->id : (unsigned)KPROF_COUNTS_CLASS_NONE;
}

/* A snapshot with leaf 0 (vendor, max leaf) and leaf 1 (signature eax). */
static void snap_of(kprof_cpuid_snapshot *s, const char *vendor, uint32_t max, uint32_t eax1)
{
	uint32_t r[3] = {0, 0, 0};
	unsigned i;
	/* The registers hold the vendor's bytes little-endian (cpuid's order on every host). */
	for (i = 0; i < 12; i++)
		r[i / 4] |= (uint32_t)(unsigned char)vendor[i] << (8 * (i % 4));
	kprof_cpuid_snapshot_init(s);
	kprof_cpuid_snapshot_set(s, 0, 0, (const uint32_t[4]){max, r[0], r[2], r[1]});
	kprof_cpuid_snapshot_set(s, 1, 0, (const uint32_t[4]){eax1, 0, 0, 0});
}

/* What a source counts on the processor a snapshot describes: the 64-bit HAL's decision, then
 * its entry (the one way, kprof_hal_decision_get then kprof_counts_entry_get). */
static kprof_status snap_counts(const kprof_cpuid_snapshot *s, const kprof_source *src, kprof_counts_entry *c)
{
	kprof_hal_decision d;
	(void)kprof_hal_decision_get(s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
	return kprof_counts_entry_get(&d, src, c);
}

int main(void)
{
	const char *amd = "AuthenticAMD", *intel = "GenuineIntel", *hygon = "HygonGenuine";
	kprof_counts_entry c;
	kprof_cpuid_snapshot s;
	const kprof_source *time_amd = kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0x00);
	const kprof_source *locked = kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0x2D);
	const kprof_source *llc = kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1D);
	const kprof_source *generic = kprof_source_by_value(KPROF_SOURCE_TABLE_GENERIC, 0x02);

	/* K8 revisions (libpfm4 amd64_get_revision) */
	CHECK_EQ(cls(amd, 0x0F, 0x04, 0), KPROF_COUNTS_CLASS_K8_REVB);
	CHECK_EQ(cls(amd, 0x0F, 0x04, 1), KPROF_COUNTS_CLASS_K8_REVC);
	CHECK_EQ(cls(amd, 0x0F, 0x05, 1), KPROF_COUNTS_CLASS_K8_REVB);
	CHECK_EQ(cls(amd, 0x0F, 0x05, 2), KPROF_COUNTS_CLASS_K8_REVC);
	CHECK_EQ(cls(amd, 0x0F, 0x1F, 0), KPROF_COUNTS_CLASS_K8_REVD);
	CHECK_EQ(cls(amd, 0x0F, 0x20, 0), KPROF_COUNTS_CLASS_K8_REVE);
	CHECK_EQ(cls(amd, 0x0F, 0x5F, 0), KPROF_COUNTS_CLASS_K8_REVF);
	CHECK_EQ(cls(amd, 0x0F, 0xC1, 3), KPROF_COUNTS_CLASS_K8_REVF);
	CHECK_EQ(cls(amd, 0x0F, 0x8F, 0), KPROF_COUNTS_CLASS_K8_REVG);
	CHECK_EQ(cls(amd, 0x0F, 0x90, 0), KPROF_COUNTS_CLASS_NONE); /* no revision known */
	/* Family 10h: models 4-6 Shanghai, 8-9 Istanbul, the rest Barcelona */
	CHECK_EQ(cls(amd, 0x10, 0x02, 0), KPROF_COUNTS_CLASS_FAM10H_BARCELONA);
	CHECK_EQ(cls(amd, 0x10, 0x06, 0), KPROF_COUNTS_CLASS_FAM10H_SHANGHAI);
	CHECK_EQ(cls(amd, 0x10, 0x07, 0), KPROF_COUNTS_CLASS_FAM10H_BARCELONA);
	CHECK_EQ(cls(amd, 0x10, 0x09, 0), KPROF_COUNTS_CLASS_FAM10H_ISTANBUL);
	CHECK_EQ(cls(amd, 0x10, 0x0A, 0), KPROF_COUNTS_CLASS_FAM10H_BARCELONA);
	/* Zen: Linux mapfile.csv model splits */
	CHECK_EQ(cls(amd, 0x17, 0x2F, 0), KPROF_COUNTS_CLASS_ZEN1);
	CHECK_EQ(cls(amd, 0x17, 0x30, 0), KPROF_COUNTS_CLASS_ZEN2);
	CHECK_EQ(cls(amd, 0x19, 0x0F, 0), KPROF_COUNTS_CLASS_ZEN3);
	CHECK_EQ(cls(amd, 0x19, 0x10, 0), KPROF_COUNTS_CLASS_ZEN4);
	CHECK_EQ(cls(amd, 0x19, 0x21, 0), KPROF_COUNTS_CLASS_ZEN3);
	CHECK_EQ(cls(amd, 0x19, 0x5F, 0), KPROF_COUNTS_CLASS_ZEN3);
	CHECK_EQ(cls(amd, 0x19, 0x61, 2), KPROF_COUNTS_CLASS_ZEN4);
	CHECK_EQ(cls(amd, 0x1A, 0x44, 0), KPROF_COUNTS_CLASS_ZEN5);
	/* Family 1Ah: Zen 5 is models 00h-2Fh, 40h-4Fh, 60h-7Fh, every other model Zen 6 */
	CHECK_EQ(cls(amd, 0x1A, 0x2F, 0), KPROF_COUNTS_CLASS_ZEN5);
	CHECK_EQ(cls(amd, 0x1A, 0x30, 0), KPROF_COUNTS_CLASS_ZEN6);
	CHECK_EQ(cls(amd, 0x1A, 0x4F, 0), KPROF_COUNTS_CLASS_ZEN5);
	CHECK_EQ(cls(amd, 0x1A, 0x50, 0), KPROF_COUNTS_CLASS_ZEN6);
	CHECK_EQ(cls(amd, 0x1A, 0x7F, 0), KPROF_COUNTS_CLASS_ZEN5);
	CHECK_EQ(cls(amd, 0x1A, 0x80, 0), KPROF_COUNTS_CLASS_ZEN6);
	CHECK_EQ(cls(amd, 0x1A, 0xFF, 0), KPROF_COUNTS_CLASS_ZEN6);
	CHECK_EQ(cls(hygon, 0x18, 0x01, 0), KPROF_COUNTS_CLASS_HYGON18H);
	CHECK_EQ(cls(amd, 0x18, 0x01, 0), KPROF_COUNTS_CLASS_NONE);
	CHECK_EQ(cls(hygon, 0x17, 0x01, 0), KPROF_COUNTS_CLASS_NONE);
	CHECK_EQ(cls(intel, 0x06, 0xAA, 4), KPROF_COUNTS_CLASS_INTEL_ARCH);
	CHECK_EQ(cls("CentaurHauls", 0x06, 0x0F, 0), KPROF_COUNTS_CLASS_NONE);
	CHECK_EQ(cls(NULL, 0x0F, 0x40, 0), KPROF_COUNTS_CLASS_NONE);
	CHECK_EQ(cls(amd, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu), KPROF_COUNTS_CLASS_NONE);

	/* Arguments */
	CHECK_EQ(kprof_counts_class_entry_get((kprof_counts_class)0, NULL, &c), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_counts_class_entry_get((kprof_counts_class)0, time_amd, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_counts_entry_get(NULL, time_amd, &c), KPROF_E_ARGUMENT);
	CHECK_STR(kprof_counts_verdict_name(KPROF_COUNTS_VERDICT_PARTIAL), "partial");
	CHECK(kprof_counts_verdict_name(KPROF_COUNTS_VERDICT_COUNT) == NULL);
	CHECK(kprof_counts_class_name(KPROF_COUNTS_CLASS_NONE) == NULL);

	/* No class, another table's class, no select: unknown, with a basis, no event */
	CHECK_EQ(kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_NONE, time_amd, &c), KPROF_OK);
	CHECK(c.status == KPROF_COUNTS_VERDICT_UNKNOWN && c.event == NULL && c.basis && c.basis[0]);
	CHECK_EQ(c.cpu_class, KPROF_COUNTS_CLASS_NONE);
	kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_INTEL_ARCH, time_amd, &c);
	CHECK(c.status == KPROF_COUNTS_VERDICT_UNKNOWN && c.event == NULL);
	kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_K8_REVF, generic, &c);
	CHECK(c.status == KPROF_COUNTS_VERDICT_UNKNOWN && c.event == NULL);
	kprof_counts_class_entry_get((kprof_counts_class)200, time_amd, &c);
	CHECK(c.status == KPROF_COUNTS_VERDICT_UNKNOWN && c.cpu_class == KPROF_COUNTS_CLASS_NONE);

	/* Rows: K8 CPU_CLK_UNHALTED; LOCKED_OPS with unit mask 0 counts nothing defined */
	kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_K8_REVF, time_amd, &c);
	CHECK_EQ(c.status, KPROF_COUNTS_VERDICT_SAME);
	CHECK_STR(c.event, "CPU_CLK_UNHALTED");
	kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_K8_REVF, locked, &c);
	CHECK_EQ(c.status, KPROF_COUNTS_VERDICT_DIFFERENT);
	CHECK_STR(c.event, "LOCKED_OPS");

	/* Snapshots: family 0Fh model 43h (ext model 4, model 3) = K8 rev F */
	snap_of(&s, amd, 1, 0x00040F30u | 0x2);
	CHECK_EQ(snap_counts(&s, time_amd, &c), KPROF_OK);
	CHECK(c.cpu_class == KPROF_COUNTS_CLASS_K8_REVF && c.status == KPROF_COUNTS_VERDICT_SAME);
	/* leaf 0 only: no class */
	kprof_cpuid_snapshot_init(&s);
	CHECK_EQ(snap_counts(&s, time_amd, &c), KPROF_OK);
	CHECK(c.status == KPROF_COUNTS_VERDICT_UNKNOWN && c.cpu_class == KPROF_COUNTS_CLASS_NONE);
	/* Intel: LLC Misses is `same` while leaf 0x0A lists it, `absent` when its ebx bit (4) is
	 * set or beyond eax[31:24] (SDM Vol. 3B 20.2.1.2). */
	snap_of(&s, intel, 0x0A, 0x000906EAu);
	kprof_cpuid_snapshot_set(&s, 0x0A, 0, (const uint32_t[4]){0x07300404u, 0, 0, 0});
	snap_counts(&s, llc, &c);
	CHECK_EQ(c.status, KPROF_COUNTS_VERDICT_SAME);
	CHECK_STR(c.event, "LLC_MISSES");
	snap_of(&s, intel, 0x0A, 0x000906EAu);
	kprof_cpuid_snapshot_set(&s, 0x0A, 0, (const uint32_t[4]){0x07300404u, 1u << 4, 0, 0});
	snap_counts(&s, llc, &c);
	CHECK_EQ(c.status, KPROF_COUNTS_VERDICT_ABSENT);
	snap_of(&s, intel, 0x0A, 0x000906EAu);
	kprof_cpuid_snapshot_set(&s, 0x0A, 0, (const uint32_t[4]){0x04300404u, 0, 0, 0});
	snap_counts(&s, llc, &c);
	CHECK_EQ(c.status, KPROF_COUNTS_VERDICT_ABSENT);
	/* Caveats: the northbridge events on family 15h and later (ProfileNBSizedCommands, event
	 * 0xEB), PMCx080/081 on family 17h and later (ProfileIcacheMisses, 0x81); none on K8 or
	 * family 16h, or without a class. The words are the spec's; here only that they are there. */
	{
		const kprof_source *icmiss = kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0x09); /* 0x00030081 */
		const kprof_source *nb = kprof_source_by_name(KPROF_SOURCE_TABLE_AMD64, "ProfileNBSizedCommands", 22);
		CHECK(icmiss && nb);
		CHECK_EQ(kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_ZEN2, icmiss, &c), KPROF_OK);
		CHECK(c.status == KPROF_COUNTS_VERDICT_DIFFERENT && c.caveat && strstr(c.caveat, "PMCx081"));
		CHECK_EQ(kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_ZEN5, icmiss, &c), KPROF_OK);
		CHECK(c.status == KPROF_COUNTS_VERDICT_ABSENT && c.caveat && strstr(c.caveat, "PMCx081"));
		CHECK_EQ(kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_FAM16H, icmiss, &c), KPROF_OK);
		CHECK(c.status == KPROF_COUNTS_VERDICT_SAME && c.caveat == NULL);
		CHECK_EQ(kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_FAM15H, nb, &c), KPROF_OK);
		CHECK(c.status == KPROF_COUNTS_VERDICT_ABSENT && c.caveat && strstr(c.caveat, "northbridge"));
		CHECK_EQ(kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_ZEN6, nb, &c), KPROF_OK);
		CHECK(c.status == KPROF_COUNTS_VERDICT_ABSENT && c.caveat && strstr(c.caveat, "northbridge"));
		CHECK_EQ(kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_K8_REVF, nb, &c), KPROF_OK);
		CHECK(c.status == KPROF_COUNTS_VERDICT_SAME && c.caveat == NULL);
		CHECK_EQ(kprof_counts_class_entry_get(KPROF_COUNTS_CLASS_NONE, nb, &c), KPROF_OK);
		CHECK(c.caveat == NULL);
	}
	return kt_done();
}
