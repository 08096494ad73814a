/* Lookups over the generated tables: by value, by name, by select; PerfEvtSel codec. */
#include "kprof.h"
#include "kprof_test.h"

static void test_by_value(void)
{
	const kprof_source *s = kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, KPROF_SOURCE_EMON_LLC_MISSES);
	CHECK(s != NULL);
	CHECK_EQ(s->select, 0x0003412E);
	CHECK_EQ(s->ebx_bit, 4);
	CHECK(kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x01) == NULL);
	CHECK(kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0xFFFF) == NULL);
	CHECK(kprof_source_by_value((kprof_source_table)99, 0) == NULL);
	CHECK_STR(kprof_source_name_get(kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0xBD)),
	          "ProfileNBHyperTransportBus2BandwidthNopSen");
}

static void test_by_name(void)
{
	const kprof_source *a = kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "ProfileLLCMisses", 16);
	CHECK(a && a->value == 0x1D);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "LLCMisses", 9) == a);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "llcmisses", 9) == a);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "LLCMissesX", 9) == a); /* len bounds */
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "LLCMisse", 8) == NULL);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "Profile", 7) == NULL);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_AMD64, "Timer", 5) ==
	      kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0));
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_AMD64, "FRDispatchStallsForSegmentLoad", 30) ==
	      kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0x83));
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_AMD64, "FRDispachStallsForSegmentLoad", 29) ==
	      kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0x83));
}

/* Every row of every table is found by its own name and description: the hash is complete. */
static void test_every_name_resolves(void)
{
	unsigned itf;
	CHECK_EQ(kprof_source_table_get(NULL), 0);
	CHECK_EQ(kprof_source_table_info_vendor_get(NULL), 0);
	CHECK_EQ(kprof_source_table_info_table_get(kprof_source_table_info_by_id(KPROF_SOURCE_TABLE_EMON)),
	         KPROF_SOURCE_TABLE_EMON);
	CHECK_EQ(kprof_source_table_info_vendor_get(kprof_source_table_info_by_id(KPROF_SOURCE_TABLE_AMD64)),
	         KPROF_CPUID_VENDOR_AMD);
	for (itf = 0; itf < KPROF_SOURCE_TABLE_COUNT; itf++) {
		size_t n, i;
		const kprof_source *rows = kprof_source_rows_by_table((kprof_source_table)itf, &n);
		CHECK(rows != NULL && n > 0);
		for (i = 0; i < n; i++) {
			const char *nm = kprof_source_name_get(&rows[i]);
			const char *d = kprof_source_description_get(&rows[i]);
			CHECK(kprof_source_by_name((kprof_source_table)itf, nm, strlen(nm)) == &rows[i]);
			CHECK(kprof_source_by_name((kprof_source_table)itf, d, strlen(d)) == &rows[i]);
			CHECK(kprof_source_by_value((kprof_source_table)itf, rows[i].value) == &rows[i]);
			CHECK_EQ(rows[i].table, itf);
			/* the rows' enum cells through their accessors (the RESULTS rule) */
			CHECK_EQ(kprof_source_table_get(&rows[i]), itf);
			CHECK_EQ(kprof_source_interval_get(&rows[i]), rows[i].interval);
			CHECK(kprof_source_interval_info_by_id(kprof_source_interval_get(&rows[i])) != NULL);
			/* Flip the 0x20 bit of each byte in turn: a letter's other case still
			 * resolves, anything else ('_' -> DEL, '1' -> 0x11) does not, whichever
			 * word of the name it sits in. */
			{
				char buf[128];
				size_t j, len = strlen(nm);
				CHECK(len < sizeof buf);
				for (j = 0; j < len && len < sizeof buf; j++) {
					int letter = (nm[j] | 0x20) >= 'a' && (nm[j] | 0x20) <= 'z';
					const kprof_source *s;
					memcpy(buf, nm, len);
					buf[j] = (char)(buf[j] ^ 0x20);
					s = kprof_source_by_name((kprof_source_table)itf, buf, len);
					if (letter)
						CHECK(s == &rows[i]);
					else
						CHECK(s != &rows[i]);
				}
			}
		}
	}
}

static void test_by_select(void)
{
	const kprof_source *out[8];
	size_t n = 99;
	/* Emon's ProfileTotalCycles (0x00), ProfileUnhaltedCoreCycles (0x13) and ProfileTime
	 * (0x19) share select 0x0003003C (Geoff Chappell's Emon table). */
	CHECK_EQ(kprof_source_all_by_select(KPROF_SOURCE_TABLE_EMON, 0x0003003C, out, 8, &n), KPROF_OK);
	CHECK_EQ(n, 3);
	CHECK(n == 3 && out[0]->value == 0x00 && out[1]->value == 0x13 && out[2]->value == 0x19);
	out[1] = NULL;
	CHECK_EQ(kprof_source_all_by_select(KPROF_SOURCE_TABLE_EMON, 0x0003003C, out, 1, &n), KPROF_E_BUFFER_TOO_SMALL);
	CHECK_EQ(n, 3);
	CHECK(out[0]->value == 0x00 && out[1] == NULL); /* nothing past cap */
	CHECK_EQ(kprof_source_all_by_select(KPROF_SOURCE_TABLE_EMON, 0x0003003C, NULL, 0, &n), KPROF_E_BUFFER_TOO_SMALL);
	CHECK_EQ(n, 3);
	CHECK_EQ(kprof_source_all_by_select(KPROF_SOURCE_TABLE_EMON, 0x12345678, out, 8, &n), KPROF_OK);
	CHECK_EQ(n, 0);
	CHECK_EQ(kprof_source_all_by_select(KPROF_SOURCE_TABLE_AMD64, 0x00030040, out, 8, &n), KPROF_OK);
	CHECK_EQ(n, 2);
	CHECK_EQ(kprof_source_all_by_select(KPROF_SOURCE_TABLE_AMD64, 0x00030040, NULL, 8, &n), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_source_all_by_select(KPROF_SOURCE_TABLE_AMD64, 0x00030040, out, 8, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_source_all_by_select((kprof_source_table)99, 0x00030040, out, 8, &n), KPROF_E_ARGUMENT);
	CHECK_EQ(n, 0);
}

static void test_select_codec(void)
{
	kprof_pmu_select s;
	uint64_t v = 0;
	CHECK_EQ(kprof_pmu_select_unpack(KPROF_CPUID_VENDOR_INTEL, 0x0003412E, &s), KPROF_OK);
	CHECK(s.event == 0x2E && s.umask == 0x41 && s.usr && s.os && !s.en && !s.intr);
	CHECK_EQ(kprof_pmu_select_pack(KPROF_CPUID_VENDOR_INTEL, &s, &v), KPROF_OK);
	CHECK_EQ(v, 0x0003412E);
	CHECK_EQ(kprof_pmu_select_unpack(KPROF_CPUID_VENDOR_AMD, 0x0000000F00030076ull, &s), KPROF_OK);
	CHECK_EQ(s.event, 0xF76);
	CHECK_EQ(kprof_pmu_select_pack(KPROF_CPUID_VENDOR_AMD, &s, &v), KPROF_OK);
	CHECK_EQ(v, 0x0000000F00030076ull);
	CHECK_EQ(kprof_pmu_select_unpack(KPROF_CPUID_VENDOR_AMD, 1u << 21, &s), KPROF_E_RESERVED);
	CHECK_EQ(kprof_pmu_select_unpack(KPROF_CPUID_VENDOR_INTEL, 1ull << 32, &s), KPROF_E_RESERVED);
	s.event = 0x100;
	CHECK_EQ(kprof_pmu_select_pack(KPROF_CPUID_VENDOR_INTEL, &s, &v), KPROF_E_RANGE);
	s.event = 0x10;
	s.usr = 2;
	CHECK_EQ(kprof_pmu_select_pack(KPROF_CPUID_VENDOR_INTEL, &s, &v), KPROF_E_RANGE);
}

/* The HAL's typos stay canonical; the corrected spellings (reference/hal-profile-interfaces.md,
 * "AMD names: verbatim HAL strings") resolve to the same rows. */
static void test_corrected_spellings(void)
{
	static const char *const pairs[][2] = {
	        {"ProfileDCMisaligndDataReference", "DCMisalignedDataReference"},
	        {"ProfileFRDispachStallsForSegmentLoad", "FRDispatchStallsForSegmentLoad"},
	        {"ProfileFRFPUExcpetionsx87ReclassMicroFaults",
	         "FRFPUExceptionsx87ReclassMicroFaults"},
	        {"ProfileNBHyperTransportBug0BandwidthNopSent",
	         "NBHyperTransportBus0BandwidthNopSent"},
	        {"ProfileNBHyperTransportBus2BandwidthNopSen",
	         "NBHyperTransportBus2BandwidthNopSent"},
	        {"ProfileNBProbeResultHitDirtyWithoutMemoryCanceL",
	         "ProfileNBProbeResultHitDirtyWithoutMemoryCancel"},
	};
	size_t i;
	for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		const kprof_source *a = kprof_source_by_name(KPROF_SOURCE_TABLE_AMD64, pairs[i][0],
		                                             strlen(pairs[i][0]));
		const kprof_source *b = kprof_source_by_name(KPROF_SOURCE_TABLE_AMD64, pairs[i][1],
		                                             strlen(pairs[i][1]));
		CHECK(a != NULL && a == b);
		CHECK_STR(kprof_source_name_get(b), pairs[i][0]);
		CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, pairs[i][1],
		                           strlen(pairs[i][1])) == NULL);
	}
}

/* Hostile names: empty, NULL with length 0, high bytes, embedded NUL, overlong. */
static void test_hostile_names(void)
{
	static char big[70000];
	const char nul[] = "LLC\0Misses";
	const char high[] = "\xff\xfe\x80LLCMisses";
	memset(big, 'A', sizeof big);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "", 0) == NULL);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, NULL, 0) == NULL);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, nul, sizeof nul - 1) == NULL);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, high, sizeof high - 1) == NULL);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, big, sizeof big) == NULL);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "PROFILELLCMISSES", 16) ==
	      kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1D));
	CHECK(kprof_source_by_name((kprof_source_table)KPROF_SOURCE_TABLE_COUNT, "Timer", 5) == NULL);
}

/* The indexes agree with a plain scan of the rows: value index over the whole 16-bit range,
 * select index for every row's select, and the interface facts. */
static void test_indexes_match_scan(void)
{
	unsigned itf;
	for (itf = 0; itf < KPROF_SOURCE_TABLE_COUNT; itf++) {
		size_t n = 0, i;
		const kprof_source *rows = kprof_source_rows_by_table((kprof_source_table)itf, &n);
		const kprof_source_table_info *info = kprof_source_table_info_by_id((kprof_source_table)itf);
		uint32_t v, max = 0;
		unsigned long bad = 0;
		for (v = 0; v <= 0xFFFFu; v++) {
			const kprof_source *want = NULL;
			for (i = 0; i < n; i++)
				if (rows[i].value == v)
					want = &rows[i];
			bad += kprof_source_by_value((kprof_source_table)itf, v) != want;
		}
		CHECK_EQ(bad, 0);
		for (i = 0; i < n; i++) {
			const kprof_source *out[256];
			size_t same = 0, j, got;
			int found = 0;
			for (j = 0; j < n; j++)
				same += rows[j].select == rows[i].select;
			got = 0;
			CHECK_EQ(kprof_source_all_by_select((kprof_source_table)itf, rows[i].select, out, 256, &got),
			         KPROF_OK);
			CHECK_EQ(got, same);
			for (j = 0; j < got && j < 256; j++) {
				found |= out[j] == &rows[i];
				CHECK_EQ(out[j]->select, rows[i].select);
			}
			CHECK(found);
			if (rows[i].value > max)
				max = rows[i].value;
		}
		CHECK(info != NULL && info->table == itf && info->count == n &&
		      info->max_value == max);
	}
}

int main(void)
{
	test_by_value();
	test_by_name();
	test_every_name_resolves();
	test_by_select();
	test_select_codec();
	test_corrected_spellings();
	test_hostile_names();
	test_indexes_match_scan();
	return kt_done();
}
