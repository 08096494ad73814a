/* Every profile-source API once, for the compiler matrix: C99..C2x and C++11..C++20, gcc
 * and clang, x86-64 and i386, with and without KPROF_NO_NAMES. Expectations are the seeds'
 * (seed 000: ProfileLLCMisses = 0x1D, select 0x0003412E, ebx bit 4). */
#include "kprof.h"
#include "kprof_test.h"

int main(void)
{
	size_t n = 0;
	const kprof_source *rows = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_EMON, &n);
	const kprof_source_table_info *info = kprof_source_table_info_by_id(KPROF_SOURCE_TABLE_AMD64);
	const kprof_source *s = kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1D);
	const kprof_source *same[4];
	size_t count = 0;
	kprof_pmu_select sel;
	uint64_t back = 0;
	kprof_source_emon e = KPROF_SOURCE_EMON_LLC_MISSES;
	kprof_source_generic g = KPROF_SOURCE_GENERIC_MAXIMUM;

	CHECK(rows != NULL && n == 13);
	CHECK(info != NULL && info->counters == 4 && info->perfevtsel_msr == 0xC0010000u);
	CHECK(s != NULL && s->value == (uint16_t)e && s->select == 0x0003412Eu && s->ebx_bit == 4);
	CHECK(s && s->table == KPROF_SOURCE_TABLE_EMON);
	CHECK(g == 0x18);
	CHECK_EQ(kprof_source_all_by_select(KPROF_SOURCE_TABLE_EMON, 0x0003003Cu, same, 4, &count), KPROF_OK);
	CHECK_EQ(count, 3);
	CHECK_EQ(kprof_pmu_select_unpack(KPROF_CPUID_VENDOR_INTEL, 0x0003412Eu, &sel), KPROF_OK);
	CHECK(sel.event == 0x2E && sel.umask == 0x41 && sel.usr && sel.os);
	CHECK_EQ(kprof_pmu_select_pack(KPROF_CPUID_VENDOR_INTEL, &sel, &back), KPROF_OK);
	CHECK_EQ(back, 0x0003412Eu);
#ifndef KPROF_NO_NAMES
	CHECK_STR(kprof_source_name_get(s), "ProfileLLCMisses");
	CHECK_STR(kprof_source_description_get(kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0)), "Timer");
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "llcmisses", 9) == s);
#endif
	return kt_done();
}
