/* Custom profile sources (Windows 10 1803+): the add and remove records' layouts against the
 * offsets the public sources give (typed here as facts, with their source, never taken from
 * the code under test), byte-exact records for hand-built sources, every refusal of the
 * checker, and round trips through the packer and unpacker for every HAL source with a
 * select. Sources of the facts:
 *   [selene]  can1357/selene resources/sdk/etwi/profile_add_information_t.hpp,
 *             profile_add_information_v2_t.hpp, profile_remove_information_t.hpp (layouts
 *             generated from the public symbols of Windows 10 2004, 20H2 and Windows 11)
 *   [phnt]    winsiderss/systeminformer phnt/include/ntexapi.h (V3: USHORT, then six UCHARs)
 *   [tracy]   p-brain/tracy public/client/TracySysTraceWin32HwCounters.cpp (Description[127]
 *             and UnusedPad: sizeof 0x124, passed as the length)
 *   [pmctrace] cmuratori/pmctrace pmctrace_server.cpp (a #pragma pack(1) form: u32 Version,
 *             Name[127] at 0x22, 0x121 bytes)
 *   [22631]   nohuto/decompiled-pseudocode ntoskrnl, Windows 11 22631.4169 (lengths 0x24..0x220,
 *             remove exactly 20 bytes, CMask & 0xF, interval clamped into 4096..0x7FFFFFFF) */
#include "kprof.h"
#include "kprof_test.h"

/* ---- processors, as cpuid snapshots ---- */
enum { CPU_SKX, CPU_ICX, CPU_ZEN2, CPU_ZEN2_LLC, CPU_K8, CPU_HYPERV, CPU_COUNT };

static void leaf(kprof_cpuid_snapshot *s, uint32_t l, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
	CHECK_EQ(kprof_cpuid_snapshot_set(s, l, 0, (const uint32_t[4]){a, b, c, d}), KPROF_OK);
}

static void snapshot(int cpu, kprof_cpuid_snapshot *s)
{
	const int intel = cpu == CPU_SKX || cpu == CPU_ICX || cpu == CPU_HYPERV;
	kprof_cpuid_snapshot_init(s);
	if (intel)
		leaf(s, 0, 0x16, 0x756E6547, 0x6C65746E, 0x49656E69); /* GenuineIntel */
	else
		leaf(s, 0, 0x10, 0x68747541, 0x444D4163, 0x69746E65); /* AuthenticAMD */
	switch (cpu) {
	case CPU_SKX: /* family 6 model 0x55 stepping 4; perfmon v4 */
		leaf(s, 1, 0x00050654, 0, 0, 0);
		leaf(s, 0x0A, 0x07300404, 0, 0, 0x603);
		break;
	case CPU_ICX: /* family 6 model 0x6A; perfmon v5, AnyThread deprecated (edx[15]) */
		leaf(s, 1, 0x000606A6, 0, 0, 0);
		leaf(s, 0x0A, 0x07300805, 0, 0, 0x8603);
		break;
	case CPU_HYPERV: /* Hyper-V without PerformanceMonitorsAvailable */
		leaf(s, 1, 0x00050654, 0, 0x80000000u, 0);
		leaf(s, 0x0A, 0x07300404, 0, 0, 0x603);
		leaf(s, 0x40000000, 0x40000006, 0x7263694D, 0x666F736F, 0x76482074);
		leaf(s, 0x40000001, 0x31237648, 0, 0, 0);
		leaf(s, 0x40000003, 0, 0, 0, 0);
		break;
	case CPU_ZEN2:     /* family 0x17 model 0x71: topology extensions, core and data-fabric counters */
	case CPU_ZEN2_LLC: /* the same with the L3 counters */
		leaf(s, 1, 0x00870F10, 0, 0, 0);
		leaf(s, 0x80000000, 0x8000001F, 0, 0, 0);
		leaf(s, 0x80000001, 0, 0, (1u << 22) | (1u << 23) | (1u << 24) | (cpu == CPU_ZEN2_LLC ? 1u << 28 : 0),
		     1u << 29);
		break;
	case CPU_K8: /* family 0x0F model 0x21 */
		leaf(s, 1, 0x00020F12, 0, 0, 0);
		leaf(s, 0x80000000, 0x80000018, 0, 0, 0);
		leaf(s, 0x80000001, 0, 0, 0, 1u << 29);
		break;
	}
}

static kprof_hal_decision decide(int cpu, uint32_t release)
{
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	snapshot(cpu, &s);
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, release, &d), KPROF_OK);
	return d;
}

static kprof_windows_custom_source source(kprof_cpuid_vendor v, uint64_t select, const char *name)
{
	kprof_windows_custom_source cs;
	CHECK_EQ(kprof_windows_custom_source_init(&cs, v, select), KPROF_OK);
	CHECK_EQ(kprof_windows_custom_source_name_set(&cs, name, strlen(name)), KPROF_OK);
	return cs;
}

/* ---- layouts: the public offsets, typed from the sources above ---- */
static void test_layouts(void)
{
	/* [selene] EVENT_TRACE_PROFILE_ADD_INFORMATION: +0x0, +0x4, +0x8, +0x10, +0x1c, +0x20, +0x22 */
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INFORMATION_EVENT_TRACE_INFORMATION_CLASS_OFFSET, 0x00);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INFORMATION_VERSION_OFFSET, 0x04);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INFORMATION_V2_OFFSET, 0x08);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INFORMATION_CPU_INFO_HIERARCHY_OFFSET, 0x10);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INFORMATION_INITIAL_INTERVAL_OFFSET, 0x1C);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PERSIST_OFFSET, 0x20);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PROFILE_SOURCE_DESCRIPTION_OFFSET, 0x22);
	CHECK_EQ(offsetof(kprof_windows_profile_add_information, CpuInfoHierarchy), 0x10);
	CHECK_EQ(offsetof(kprof_windows_profile_add_information, ProfileSourceDescription), 0x22);
	/* [tracy] 127 description units and a pad: sizeof 0x124 */
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE, 0x124);
	CHECK_EQ(sizeof(kprof_windows_profile_add_information), 0x124);
	{
		/* the layout's enum members through their accessors (the RESULTS rule) */
		kprof_windows_profile_add_information info;
		kprof_windows_profile_add_amd_v3 amd;
		memset(&info, 0, sizeof info);
		memset(&amd, 0, sizeof amd);
		info.EventTraceInformationClass = 0x15;
		info.Version = 3;
		amd.PerfPmuType = 2;
		CHECK_EQ(kprof_windows_profile_add_information_event_trace_information_class_get(&info),
		         KPROF_WINDOWS_EVENT_TRACE_INFORMATION_CLASS_PROFILE_SOURCE_ADD_INFORMATION);
		CHECK_EQ(kprof_windows_profile_add_information_version_get(&info), KPROF_WINDOWS_PROFILE_ADD_VERSION_V3);
		CHECK_EQ(kprof_windows_profile_add_amd_v3_perf_pmu_type_get(&amd), KPROF_WINDOWS_PMU_TYPE_L3);
		CHECK_EQ(kprof_windows_profile_add_information_version_get(NULL), 0);
	}
	CHECK_EQ(KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX, 127);
	/* [selene] the V2 union is 8 bytes (CpuInfoHierarchy follows it at 0x10); Intel 6 at +0..+5,
	 * Amd 2 at +0, +1 */
	CHECK_EQ(sizeof(((kprof_windows_profile_add_information *)0)->V2), 8);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INTEL_SIZE, 6);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_EVENT_SELECT_OFFSET, 0);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_UNIT_SELECT_OFFSET, 1);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_C_MASK_OFFSET, 2);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_C_INV_OFFSET, 3);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_ANY_THREAD_OFFSET, 4);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_EDGE_DETECT_OFFSET, 5);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_AMD_V2_SIZE, 2);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_AMD_V2_PERF_EVT_UNIT_SELECT_OFFSET, 1);
	/* [phnt] V3.Amd: USHORT event, then unit, cmask, cinv, edge, host/guest, PMU type: 8 bytes,
	 * the size of V2 (so the union does not move CpuInfoHierarchy) */
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_AMD_V3_SIZE, 8);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_EVENT_SELECT_OFFSET, 0);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_UNIT_SELECT_OFFSET, 2);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_C_MASK_OFFSET, 3);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_C_INV_OFFSET, 4);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_EDGE_DETECT_OFFSET, 5);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_HOST_GUEST_OFFSET, 6);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_PMU_TYPE_OFFSET, 7);
	/* [selene] EVENT_TRACE_PROFILE_REMOVE_INFORMATION: +0, +4, +8, size 0x14 ([22631]: exactly 20) */
	CHECK_EQ(KPROF_WINDOWS_PROFILE_REMOVE_INFORMATION_PROFILE_SOURCE_OFFSET, 4);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_REMOVE_INFORMATION_CPU_INFO_HIERARCHY_OFFSET, 8);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_REMOVE_INFORMATION_SIZE, 20);
	/* [22631] the lengths the kernel takes; [phnt]/[selene] the classes (0x15, 0x16) */
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_LENGTH_MIN, 0x24);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_LENGTH_MAX, 0x220);
	CHECK_EQ(KPROF_WINDOWS_EVENT_TRACE_INFORMATION_CLASS_PROFILE_SOURCE_ADD_INFORMATION, 0x15);
	CHECK_EQ(KPROF_WINDOWS_EVENT_TRACE_INFORMATION_CLASS_PROFILE_SOURCE_REMOVE_INFORMATION, 0x16);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_VERSION_V2, 2);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_ADD_VERSION_V3, 3);
}

/* ---- byte-exact records, built by hand from the layouts above ---- */
static void expect_header(uint8_t *want, uint8_t version, const char *name, uint32_t interval)
{
	size_t i;
	memset(want, 0, 0x124);
	want[0] = 0x15;                  /* EventTraceProfileSourceAddInformation */
	want[4] = version;
	memset(want + 0x10, 0xFF, 12);   /* CpuInfoHierarchy: any, any, any */
	want[0x1C] = (uint8_t)interval;
	want[0x1D] = (uint8_t)(interval >> 8);
	want[0x1E] = (uint8_t)(interval >> 16);
	want[0x1F] = (uint8_t)(interval >> 24);
	for (i = 0; name[i]; i++)
		want[0x22 + 2 * i] = (uint8_t)name[i];
}

static void check_record(const kprof_windows_custom_source *cs, const uint8_t *want)
{
	uint8_t buf[0x130];
	size_t n = 7, i;
	memset(buf, 0xA5, sizeof buf);
	CHECK_EQ(kprof_windows_custom_source_pack(cs, buf, sizeof buf, &n), KPROF_OK);
	CHECK_EQ(n, 0x124);
	for (i = 0; i < 0x124; i++)
		if (!CHECK_EQ(buf[i], want[i]))
			fprintf(stderr, "  byte 0x%zx of %s\n", i, cs->name);
	for (; i < sizeof buf; i++)
		CHECK_EQ(buf[i], 0xA5); /* nothing past the record */
}

static void test_records(void)
{
	uint8_t want[0x124], buf[0x124];
	kprof_windows_custom_source cs;
	size_t n = 9;
	/* Intel: event 0xC5, umask 0x01, edge, invert, cmask 3 (PerfEvtSel bits 18, 23, 27:24) */
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x038401C5u, "BR_MISP_RETIRED.X");
	expect_header(want, 2, "BR_MISP_RETIRED.X", 65536);
	want[8] = 0xC5, want[9] = 0x01, want[10] = 3, want[11] = 1, want[12] = 0, want[13] = 1;
	check_record(&cs, want);
	/* the same with USR|OS|INT|EN set (a HAL table's select): the HAL sets those itself */
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x038401C5u | 0x530000u, "BR_MISP_RETIRED.X");
	check_record(&cs, want);
	/* Intel AnyThread (bit 21), an interval, a processor and persist */
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x0020003Cu, "Cycles-Any");
	cs.interval = 100003;
	cs.cpu_info_hierarchy[0] = 6;
	cs.cpu_info_hierarchy[1] = 0x55;
	cs.persist = 1;
	expect_header(want, 2, "Cycles-Any", 100003);
	want[8] = 0x3C, want[12] = 1;
	want[0x10] = 6, want[0x11] = want[0x12] = want[0x13] = 0;
	want[0x14] = 0x55, want[0x15] = want[0x16] = want[0x17] = 0;
	want[0x20] = 1;
	check_record(&cs, want);
	/* AMD, 8-bit event and unit mask only: version 2 (as Tracy adds its Zen sources) */
	cs = source(KPROF_CPUID_VENDOR_AMD, 0x0000C860u, "L2_ACCESS_FROM_L1_DC_MISS");
	expect_header(want, 2, "L2_ACCESS_FROM_L1_DC_MISS", 65536);
	want[8] = 0x60, want[9] = 0xC8;
	check_record(&cs, want);
	/* AMD 12-bit event 0x1C0, umask 1, cmask 2, host only (bit 41): version 3 */
	cs = source(KPROF_CPUID_VENDOR_AMD, (UINT64_C(1) << 41) | (UINT64_C(1) << 32) | 0x020001C0u, "Ev1C0");
	expect_header(want, 3, "Ev1C0", 65536);
	want[8] = 0xC0, want[9] = 0x01, want[10] = 0x01, want[11] = 2, want[14] = 2;
	check_record(&cs, want);
	/* AMD with the L3 bank: version 3 whatever the event */
	cs = source(KPROF_CPUID_VENDOR_AMD, 0x0000FF04u, "L3Lookups");
	cs.pmu_type = KPROF_WINDOWS_PMU_TYPE_L3;
	expect_header(want, 3, "L3Lookups", 65536);
	want[8] = 0x04, want[10] = 0xFF, want[15] = 2;
	check_record(&cs, want);
	/* a name of 127 characters fills the field; its NUL is the zero unit at 0x120 */
	{
		char name[128];
		memset(name, 'N', 127);
		name[127] = '\0';
		cs = source(KPROF_CPUID_VENDOR_INTEL, 0xC0u, name);
		expect_header(want, 2, name, 65536);
		want[8] = 0xC0;
		check_record(&cs, want);
		CHECK_EQ(want[0x120] | want[0x121], 0);
	}
	/* short buffer: nothing written */
	memset(buf, 0x5A, sizeof buf);
	CHECK_EQ(kprof_windows_custom_source_pack(&cs, buf, sizeof buf - 1, &n), KPROF_E_BUFFER_TOO_SMALL);
	CHECK_EQ(n, 0);
	CHECK_EQ(buf[0] | (buf[sizeof buf - 2] ^ 0x5A), 0x5A);
	CHECK_EQ(kprof_windows_custom_source_pack(NULL, buf, sizeof buf, &n), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_windows_custom_source_pack(&cs, NULL, sizeof buf, &n), KPROF_E_ARGUMENT);
}

/* ---- round trips: every HAL source with a select, packed and read back ---- */
static void test_round_trips(void)
{
	static const kprof_source_table itfs[] = {KPROF_SOURCE_TABLE_EMON, KPROF_SOURCE_TABLE_AMD64};
	size_t t, i, n, tried = 0;
	for (t = 0; t < 2; t++) {
		const kprof_source *rows = kprof_source_rows_by_table(itfs[t], &n);
		kprof_cpuid_vendor v = (kprof_cpuid_vendor)kprof_source_table_info_by_id(itfs[t])->vendor;
		for (i = 0; i < n; i++) {
			kprof_windows_custom_source cs, back;
			kprof_source_profile_add add;
			uint8_t buf[0x124];
			const char *name = kprof_source_description_get(&rows[i]);
			size_t len = 0;
			kprof_status st;
			if (!rows[i].select)
				continue;
			cs = source(v, rows[i].select, name);
			st = kprof_windows_custom_source_pack(&cs, buf, sizeof buf, &len);
			if (v == KPROF_CPUID_VENDOR_INTEL && (rows[i].select & 0xFF) == 0) {
				CHECK_EQ(st, KPROF_E_UNSUPPORTED); /* Intel event 0: a fixed counter's name */
				continue;
			}
			if (!CHECK_EQ(st, KPROF_OK))
				continue;
			tried++;
			/* the record's union holds what kprof_source_profile_add_get takes the select apart to */
			CHECK_EQ(kprof_source_profile_add_get(&rows[i], &add), KPROF_OK);
			CHECK_EQ(buf[8] | (unsigned)(buf[4] == 3 ? buf[9] << 8 : 0), add.event_select);
			CHECK_EQ(buf[4] == 3 ? buf[10] : buf[9], add.unit_select);
			CHECK_EQ(kprof_windows_custom_source_unpack(buf, len, v, &back), KPROF_OK);
			CHECK_STR(back.name, name);
			CHECK_EQ(back.vendor, v);
			/* the select comes back without USR, OS, INT and EN */
			CHECK_EQ(back.select, rows[i].select & ~(uint64_t)0x530000);
			CHECK_EQ(back.interval, 65536);
			CHECK_EQ(back.cpu_info_hierarchy[0] & back.cpu_info_hierarchy[1] & back.cpu_info_hierarchy[2],
			         0xFFFFFFFFu);
			CHECK_EQ(back.pmu_type, 0);
			CHECK_EQ(back.persist, 0);
		}
	}
	CHECK(tried > 150); /* the Amd64 table alone has 170-odd */
}

/* ---- the refusals ---- */
static void expect(const kprof_windows_custom_source *cs, const kprof_hal_decision *d, kprof_status st,
                   kprof_windows_custom_source_problem p)
{
	kprof_windows_custom_source_verdict v;
	uint8_t buf[0x124];
	CHECK_EQ(kprof_windows_custom_source_verdict_get(cs, d, &v), st);
	if (!CHECK_EQ(v.problem, p))
		fprintf(stderr, "  %s: %s\n", cs->name, kprof_windows_custom_source_problem_name(v.problem));
	CHECK(kprof_windows_custom_source_problem_name(v.problem) != NULL);
	/* the packer refuses the processor-independent ones with the same status */
	if (p < KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_TAKEN || p == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_SELECT_BITS ||
	    p == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_FIXED_EVENT || p == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_CMASK_WIDTH ||
	    p == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_INTERVAL || p == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_HIERARCHY_ORDER ||
	    p == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_CORE_TYPE || p == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PERSIST ||
	    (p == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PMU_TYPE && (cs->vendor != KPROF_CPUID_VENDOR_AMD || cs->pmu_type > 2)))
		CHECK_EQ(kprof_windows_custom_source_pack(cs, buf, sizeof buf, NULL), st);
}

static void test_refusals(void)
{
	kprof_hal_decision skx = decide(CPU_SKX, KPROF_HAL_WINDOWS_11), icx = decide(CPU_ICX, KPROF_HAL_WINDOWS_11),
	                   zen2 = decide(CPU_ZEN2, KPROF_HAL_WINDOWS_11), zen2l3 = decide(CPU_ZEN2_LLC, KPROF_HAL_WINDOWS_11),
	                   k8 = decide(CPU_K8, KPROF_HAL_WINDOWS_11), hv = decide(CPU_HYPERV, KPROF_HAL_WINDOWS_11),
	                   old = decide(CPU_SKX, KPROF_HAL_WINDOWS_10_1709), rs4 = decide(CPU_SKX, KPROF_HAL_WINDOWS_10_1803);
	const kprof_windows_custom_source ok = source(KPROF_CPUID_VENDOR_INTEL, 0x01C5u, "Mine");
	const kprof_windows_custom_source amd = source(KPROF_CPUID_VENDOR_AMD, 0x0000C860u, "Mine");
	kprof_windows_custom_source cs;
	const kprof_source *later;
	size_t n;
	char name[160];

	CHECK_EQ(skx.table, KPROF_SOURCE_TABLE_EMON);
	CHECK_EQ(zen2.table, KPROF_SOURCE_TABLE_AMD64);
	CHECK_EQ(hv.table, KPROF_SOURCE_TABLE_DEFAULT);
	expect(&ok, &skx, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);
	expect(&amd, &zen2, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);

	/* names */
	cs = ok, cs.name[0] = '\0';
	expect(&cs, &skx, KPROF_E_FORMAT, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_EMPTY);
	cs = ok, memset(cs.name, 'x', sizeof cs.name); /* no NUL at all */
	expect(&cs, &skx, KPROF_E_RANGE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_LONG);
	memset(name, 'x', 128);
	CHECK_EQ(kprof_windows_custom_source_name_set(&cs, name, 128), KPROF_E_RANGE);
	CHECK_EQ(kprof_windows_custom_source_name_set(&cs, name, 127), KPROF_OK);
	CHECK_EQ(strlen(cs.name), 127);
	CHECK_EQ(kprof_windows_custom_source_name_set(&cs, "", 0), KPROF_E_FORMAT);
	CHECK_EQ(strlen(cs.name), 127); /* untouched on error */
	{
		static const char *bad[] = {"two words", "back\\slash", "q\"uote", "[bracket]", "tab\there", "\xC3\xA9t\xC3\xA9",
		                            "nul\0in"};
		size_t i;
		for (i = 0; i < KT_COUNT(bad); i++) {
			CHECK_EQ(kprof_windows_custom_source_name_set(&cs, bad[i], i == 6 ? 6 : strlen(bad[i])), KPROF_E_FORMAT);
			cs = ok;
			strcpy(cs.name, bad[i]);
			if (i < 6)
				expect(&cs, &skx, KPROF_E_FORMAT, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_CHARACTER);
		}
	}
	/* a name the HAL already lists there, in any case, with or without "Profile"; the later
	 * Intel sources on a release that has them; a name free on another vendor's HAL */
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x01C5u, "llcmisses");
	expect(&cs, &skx, KPROF_E_DUPLICATE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_TAKEN);
	{
		kprof_windows_custom_source_verdict v;
		CHECK_EQ(kprof_windows_custom_source_verdict_get(&cs, &skx, &v), KPROF_E_DUPLICATE);
		CHECK(v.taken == kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1D));
	}
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x01C5u, "ProfileTotalCycles");
	expect(&cs, &skx, KPROF_E_DUPLICATE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_TAKEN);
	later = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_INTEL_LATER, &n);
	CHECK(later && n);
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x01C5u, kprof_source_description_get(&later[n - 1]));
	expect(&cs, &skx, KPROF_E_DUPLICATE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_TAKEN);
	cs = source(KPROF_CPUID_VENDOR_AMD, 0x0000C860u, "DcacheMisses");
	expect(&cs, &zen2, KPROF_E_DUPLICATE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_TAKEN);
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x01C5u, "DcacheMisses"); /* an Amd64 name: free on Emon */
	expect(&cs, &skx, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);

	/* processor and release */
	expect(&ok, &zen2, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_VENDOR);
	cs = ok, cs.vendor = (kprof_cpuid_vendor)0;
	expect(&cs, &skx, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_VENDOR);
	expect(&ok, &hv, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NO_INTERFACE);
	expect(&ok, &old, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_RELEASE);
	expect(&ok, &rs4, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);

	/* the select */
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x0801C5u, "Pc"); /* pin control, bit 19 */
	expect(&cs, &skx, KPROF_E_RESERVED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_SELECT_BITS);
	cs = source(KPROF_CPUID_VENDOR_INTEL, (UINT64_C(1) << 32) | 0x01C5u, "InTx"); /* TSX IN_TX */
	expect(&cs, &skx, KPROF_E_RESERVED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_SELECT_BITS);
	cs = source(KPROF_CPUID_VENDOR_INTEL, (UINT64_C(1) << 40) | 0x01C5u, "Umask2"); /* UMASK2 */
	expect(&cs, &skx, KPROF_E_RESERVED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_SELECT_BITS);
	cs = source(KPROF_CPUID_VENDOR_AMD, 0x20C860u, "Bit21"); /* reserved on AMD */
	expect(&cs, &zen2, KPROF_E_RESERVED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_SELECT_BITS);
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x0100u, "InstRetiredFixed"); /* event 0, umask 1 */
	expect(&cs, &skx, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_FIXED_EVENT);
	cs = source(KPROF_CPUID_VENDOR_AMD, 0x0000u, "AmdEvent0"); /* AMD event 0 is an event (K8's FPU ops) */
	expect(&cs, &zen2, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x0F0001C5u, "Cmask15");
	expect(&cs, &skx, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x100001C5u, "Cmask16");
	expect(&cs, &skx, KPROF_E_RANGE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_CMASK_WIDTH);
	cs = source(KPROF_CPUID_VENDOR_AMD, 0x1000C860u, "Cmask16");
	expect(&cs, &zen2, KPROF_E_RANGE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_CMASK_WIDTH);
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x20003Cu, "Any");
	expect(&cs, &skx, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);
	expect(&cs, &icx, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_ANY_THREAD);
	cs = source(KPROF_CPUID_VENDOR_AMD, (UINT64_C(1) << 32) | 0xC0u, "Ev1C0");
	expect(&cs, &zen2, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);
	expect(&cs, &k8, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_AMD_FAMILY_0F);
	cs = source(KPROF_CPUID_VENDOR_AMD, (UINT64_C(1) << 40) | 0xC0u, "GuestOnly");
	expect(&cs, &k8, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_AMD_FAMILY_0F);
	cs = source(KPROF_CPUID_VENDOR_AMD, 0xC0u, "K8Plain");
	expect(&cs, &k8, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);

	/* PMU type: AMD only, 0..2, 1 and 2 only with those counters */
	cs = amd, cs.pmu_type = KPROF_WINDOWS_PMU_TYPE_DATA_FABRIC;
	expect(&cs, &zen2, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);
	expect(&cs, &k8, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PMU_TYPE);
	cs.pmu_type = KPROF_WINDOWS_PMU_TYPE_L3;
	expect(&cs, &zen2, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PMU_TYPE);
	expect(&cs, &zen2l3, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);
	cs.pmu_type = (kprof_windows_pmu_type)3;
	expect(&cs, &zen2l3, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PMU_TYPE);
	cs = ok, cs.pmu_type = KPROF_WINDOWS_PMU_TYPE_DATA_FABRIC;
	expect(&cs, &skx, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PMU_TYPE);

	/* interval: 0 is the default; 4096..2147483647 as Windows clamps */
	cs = ok, cs.interval = 4096;
	expect(&cs, &skx, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);
	cs.interval = 4095;
	expect(&cs, &skx, KPROF_E_RANGE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_INTERVAL);
	cs.interval = 0x7FFFFFFF;
	expect(&cs, &skx, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);
	cs.interval = 0x80000000u;
	expect(&cs, &skx, KPROF_E_RANGE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_INTERVAL);

	/* the processors it applies to */
	cs = ok, cs.cpu_info_hierarchy[1] = 0x55; /* a model after an any family */
	expect(&cs, &skx, KPROF_E_RANGE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_HIERARCHY_ORDER);
	cs.cpu_info_hierarchy[0] = 6; /* family 6 model 0x55: this processor */
	expect(&cs, &skx, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);
	cs.cpu_info_hierarchy[2] = 4; /* and its stepping */
	expect(&cs, &skx, KPROF_OK, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE);
	cs.cpu_info_hierarchy[2] = 5;
	expect(&cs, &skx, KPROF_E_RANGE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_HIERARCHY_MISMATCH);
	cs.cpu_info_hierarchy[2] = KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY;
	expect(&cs, &icx, KPROF_E_RANGE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_HIERARCHY_MISMATCH);
	cs = ok, cs.core_type = KPROF_CPUID_CORE_TYPE_ATOM;
	expect(&cs, &skx, KPROF_E_UNSUPPORTED, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_CORE_TYPE);
	cs = ok, cs.persist = 2;
	expect(&cs, &skx, KPROF_E_RANGE, KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_PERSIST);

	CHECK_EQ(kprof_windows_custom_source_verdict_get(&ok, &skx, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_windows_custom_source_init(&cs, (kprof_cpuid_vendor)7, 0), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_windows_custom_source_init(NULL, KPROF_CPUID_VENDOR_INTEL, 0), KPROF_E_ARGUMENT);
}

/* ---- what the verdict knows: counts, duplicates, versions, warnings ---- */
static void test_knowledge(void)
{
	kprof_hal_decision skx = decide(CPU_SKX, KPROF_HAL_WINDOWS_11), zen2 = decide(CPU_ZEN2, KPROF_HAL_WINDOWS_11),
	                   rs4 = decide(CPU_SKX, KPROF_HAL_WINDOWS_10_1803);
	kprof_windows_custom_source_verdict v;
	kprof_windows_custom_source cs;
	const kprof_source *rows;
	size_t n, i;
	int judged = 0;

	/* Intel LLC misses (0x2E/0x41) under another name: a HAL source with that select (the
	 * Emon table has two: CacheMisses and LLCMisses), counted as it is */
	cs = source(KPROF_CPUID_VENDOR_INTEL, 0x412Eu, "MyLLCMisses");
	CHECK_EQ(kprof_windows_custom_source_verdict_get(&cs, &skx, &v), KPROF_OK);
	CHECK(v.same && v.same->table == KPROF_SOURCE_TABLE_EMON && (v.same->select & 0xFFFFu) == 0x412Eu);
	CHECK(v.warnings & KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_DUPLICATE);
	CHECK_EQ(v.version, KPROF_WINDOWS_PROFILE_ADD_VERSION_V2);
	CHECK_EQ(v.fields.interval, 65536);
	CHECK_EQ(v.counts.status, KPROF_COUNTS_VERDICT_SAME);
	CHECK_EQ(v.warnings & (KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_BINARY_V3 | KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_LAYOUT |
	                       KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_REGISTRY_EXTRAS | KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_X86),
	         0);
	/* on 1803 the record's layout is disputed */
	CHECK_EQ(kprof_windows_custom_source_verdict_get(&cs, &rs4, &v), KPROF_OK);
	CHECK(v.warnings & KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_LAYOUT);
	/* a counter mask: not the HAL's source any more, and only 22631 is known to read CMask
	 * from the registry */
	cs.select |= 0x01000000u;
	CHECK_EQ(kprof_windows_custom_source_verdict_get(&cs, &skx, &v), KPROF_OK);
	CHECK(v.same == NULL);
	CHECK(v.warnings & KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_REGISTRY_EXTRAS);
	CHECK_EQ(v.fields.cmask, 1);
	/* ... on 23H2 (build 22631, the decompiled kernel) the registry's extras are known read;
	 * on 22H2 and 24H2 no public source says */
	{
		const uint32_t rel[3] = {KPROF_HAL_WINDOWS_11_22H2, KPROF_HAL_WINDOWS_11_23H2, KPROF_HAL_WINDOWS_11_24H2};
		for (i = 0; i < 3; i++) {
			kprof_hal_decision r = decide(CPU_SKX, rel[i]);
			CHECK_EQ(kprof_windows_custom_source_verdict_get(&cs, &r, &v), KPROF_OK);
			CHECK_EQ(!!(v.warnings & KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_REGISTRY_EXTRAS), i != 1);
			CHECK_EQ(kprof_hal_release_by_id(rel[i])->build, i == 0 ? 22621u : i == 1 ? 22631u : 26100u);
		}
	}
	/* AMD 12-bit event: version 3 */
	cs = source(KPROF_CPUID_VENDOR_AMD, (UINT64_C(1) << 32) | 0xC0u, "Ev1C0");
	CHECK_EQ(kprof_windows_custom_source_verdict_get(&cs, &zen2, &v), KPROF_OK);
	CHECK_EQ(v.version, KPROF_WINDOWS_PROFILE_ADD_VERSION_V3);
	CHECK(v.warnings & KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_BINARY_V3);
	CHECK(v.warnings & KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_REGISTRY_EXTRAS);
	CHECK_EQ(v.counts.status, KPROF_COUNTS_VERDICT_UNKNOWN); /* kprof has no verdict past 8 bits */
	/* every Amd64 source kprof judges on Zen 2: the same event under a new name carries the
	 * verdict, and an absent or different one warns */
	rows = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_AMD64, &n);
	for (i = 0; i < n; i++) {
		kprof_counts_entry c;
		if (!rows[i].select)
			continue;
		CHECK_EQ(kprof_counts_entry_get(&zen2, &rows[i], &c), KPROF_OK);
		cs = source(KPROF_CPUID_VENDOR_AMD, rows[i].select, "Mine");
		CHECK_EQ(kprof_windows_custom_source_verdict_get(&cs, &zen2, &v), KPROF_OK);
		CHECK(v.same != NULL);
		CHECK_EQ(v.counts.status, c.status);
		CHECK_EQ(!!(v.warnings & KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_COUNTS_ABSENT), c.status == KPROF_COUNTS_VERDICT_ABSENT);
		CHECK_EQ(!!(v.warnings & KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_COUNTS_DIFFERENT),
		         c.status == KPROF_COUNTS_VERDICT_DIFFERENT || c.status == KPROF_COUNTS_VERDICT_PARTIAL);
		/* with an edge detect it is no longer the HAL's source: the class's verdict for the
		 * event and unit mask still says what is counted */
		cs.select |= 0x40000u;
		CHECK_EQ(kprof_windows_custom_source_verdict_get(&cs, &zen2, &v), KPROF_OK);
		CHECK(v.same == NULL);
		CHECK_EQ(v.counts.status, c.status);
		if (c.event)
			CHECK_STR(v.counts.event, c.event);
		judged += c.status != KPROF_COUNTS_VERDICT_UNKNOWN;
	}
	CHECK(judged > 100);
	/* x86 */
	{
		kprof_cpuid_snapshot s;
		kprof_hal_decision d;
		snapshot(CPU_SKX, &s);
		CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X86, KPROF_HAL_WINDOWS_10_1803, &d), KPROF_OK);
		cs = source(KPROF_CPUID_VENDOR_INTEL, 0x01C5u, "Mine");
		CHECK_EQ(kprof_windows_custom_source_verdict_get(&cs, &d, &v), KPROF_OK);
		CHECK(v.warnings & KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_X86);
	}
	CHECK(kprof_windows_custom_source_warning_name(KPROF_WINDOWS_CUSTOM_SOURCE_WARNING_X86) != NULL);
}

/* ---- records from the wild, and hostile ones ---- */
static void test_unpack(void)
{
	uint8_t rec[0x230];
	kprof_windows_custom_source cs;
	size_t i;
	/* pmctrace's packed form: u32 Version, the union as a u64, Name at 0x22, 0x121 bytes */
	memset(rec, 0, sizeof rec);
	rec[0] = 0x15, rec[4] = 2, rec[8] = 0xC0, rec[9] = 0x00;
	memset(rec + 0x10, 0xFF, 12);
	rec[0x1C] = 0x03, rec[0x1F] = 0x02; /* 0x2000003, pmctrace's default */
	for (i = 0; i < 22; i++)
		rec[0x22 + 2 * i] = (uint8_t)"PMCTraceServerCounter0"[i];
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x121, KPROF_CPUID_VENDOR_INTEL, &cs), KPROF_OK);
	CHECK_STR(cs.name, "PMCTraceServerCounter0");
	CHECK_EQ(cs.select, 0xC0);
	CHECK_EQ(cs.interval, 0x2000003);
	/* Windows reads bit 0 of the flags and bits 1:0 of Host/Guest */
	rec[11] = 0xFE, rec[13] = 0x03;
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x121, KPROF_CPUID_VENDOR_INTEL, &cs), KPROF_OK);
	CHECK_EQ(cs.select, 0xC0u | 0x40000u);
	rec[11] = rec[13] = 0;
	rec[4] = 3, rec[8] = 0xC0, rec[9] = 0x01, rec[10] = 0x07, rec[14] = 0xFF, rec[15] = 1;
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x121, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_OK);
	CHECK_EQ(cs.select, (UINT64_C(3) << 40) | (UINT64_C(1) << 32) | 0x07C0u);
	CHECK_EQ(cs.pmu_type, KPROF_WINDOWS_PMU_TYPE_DATA_FABRIC);
	/* the same bytes as version 2 on AMD: event and unit mask only */
	rec[4] = 2;
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x121, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_OK);
	CHECK_EQ(cs.select, 0x01C0u);
	CHECK_EQ(cs.pmu_type, 0);
	/* refusals leave *out zeroed */
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x23, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_E_TRUNCATED);
	CHECK_EQ(cs.select | cs.name[0], 0);
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x221, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_E_RANGE);
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x121, (kprof_cpuid_vendor)0, &cs), KPROF_E_ARGUMENT);
	rec[4] = 1;
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x121, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_E_FORMAT);
	rec[4] = 4;
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x121, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_E_FORMAT);
	rec[4] = 3, rec[0] = 0x16;
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x121, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_E_FORMAT);
	rec[0] = 0x15, rec[9] = 0x10; /* event 0x10C0: past AMD's 12 bits */
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x121, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_E_RANGE);
	CHECK_EQ(cs.select, 0);
	rec[9] = 0x01, rec[0x22] = 0xE9; /* a non-ASCII unit */
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x121, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_E_FORMAT);
	rec[0x22] = 'P';
	/* no NUL inside the record: a description running to its end */
	for (i = 0x22; i < 0x121; i += 2)
		rec[i] = 'x';
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x121, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_E_FORMAT);
	/* 127 units and a NUL: the longest name; 128 units: too long for the field */
	rec[0x22 + 2 * 127] = 0;
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x124, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_OK);
	CHECK_EQ(strlen(cs.name), 127);
	rec[0x22 + 2 * 127] = 'x';
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, sizeof rec - 0x10, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_E_RANGE);
	/* the empty description is a record Windows takes (a one-unit description, 0x24 bytes) */
	rec[0x22] = rec[0x23] = 0;
	CHECK_EQ(kprof_windows_custom_source_unpack(rec, 0x24, KPROF_CPUID_VENDOR_AMD, &cs), KPROF_OK);
	CHECK_EQ(cs.name[0], 0);
	CHECK_EQ(kprof_windows_custom_source_pack(&cs, rec, sizeof rec, NULL), KPROF_E_FORMAT); /* not by kprof */
}

/* The registry group's Architecture: the kernel's CPU_VENDORS (Chappell: x64 1 AMD, 2 Intel;
 * i386 1 Intel, 2 AMD; MSO-Scripts writes 2 on Intel x64), and where a group loads. */
static void test_group(void)
{
	const uint32_t any = 0xFFFFFFFFu;
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	kprof_windows_profile_group g;
	uint32_t arch = 99;
	int loads = 99;
	d = decide(CPU_SKX, KPROF_HAL_WINDOWS_NEWEST);
	CHECK_EQ(kprof_windows_profile_group_get(&d, NULL, &arch, NULL), KPROF_OK);
	CHECK_EQ(arch, 2);
	d = decide(CPU_ZEN2, KPROF_HAL_WINDOWS_NEWEST);
	CHECK_EQ(kprof_windows_profile_group_get(&d, NULL, &arch, NULL), KPROF_OK);
	CHECK_EQ(arch, 1);
	/* The 32-bit kernel numbers the vendors the other way round. */
	snapshot(CPU_SKX, &s);
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X86, KPROF_HAL_WINDOWS_10_1803, &d), KPROF_OK);
	CHECK_EQ(kprof_windows_profile_group_get(&d, NULL, &arch, NULL), KPROF_OK);
	CHECK_EQ(arch, 1);
	snapshot(CPU_ZEN2, &s);
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X86, KPROF_HAL_WINDOWS_10_1803, &d), KPROF_OK);
	CHECK_EQ(kprof_windows_profile_group_get(&d, NULL, &arch, NULL), KPROF_OK);
	CHECK_EQ(arch, 2);
	/* Zen 2 (family 0x17 model 0x71) on x64: a group loads where Architecture is 1 and the
	 * family and model, where given, are the processor's. */
	d = decide(CPU_ZEN2, KPROF_HAL_WINDOWS_NEWEST);
	g.architecture = 1, g.family = 0x17, g.model = 0x71;
	CHECK_EQ(kprof_windows_profile_group_get(&d, &g, &arch, &loads), KPROF_OK);
	CHECK_EQ(loads, 1);
	g.model = 0x31;
	CHECK_EQ(kprof_windows_profile_group_get(&d, &g, &arch, &loads), KPROF_OK);
	CHECK_EQ(loads, 0);
	/* A Model without a Family (the processor's model, another's): Windows would stop at the
	 * missing Family and load the group everywhere; refused as malformed (spec provenance). */
	g.family = any, g.model = 0x71, loads = 99;
	CHECK_EQ(kprof_windows_profile_group_get(&d, &g, &arch, &loads), KPROF_E_FORMAT);
	CHECK_EQ(loads, 0);
	g.model = 0x31, loads = 99;
	CHECK_EQ(kprof_windows_profile_group_get(&d, &g, &arch, &loads), KPROF_E_FORMAT);
	CHECK_EQ(loads, 0);
	g.family = 0x17;
	g.model = any;
	CHECK_EQ(kprof_windows_profile_group_get(&d, &g, &arch, &loads), KPROF_OK);
	CHECK_EQ(loads, 1);
	g.family = any;
	CHECK_EQ(kprof_windows_profile_group_get(&d, &g, &arch, &loads), KPROF_OK);
	CHECK_EQ(loads, 1);
	g.architecture = 2; /* Intel's code on an AMD processor */
	CHECK_EQ(kprof_windows_profile_group_get(&d, &g, &arch, &loads), KPROF_OK);
	CHECK_EQ(loads, 0);
	g.architecture = any; /* a group without Architecture */
	CHECK_EQ(kprof_windows_profile_group_get(&d, &g, &arch, &loads), KPROF_OK);
	CHECK_EQ(loads, 0);
	/* Another vendor: no public source gives its value; refused, never guessed. */
	kprof_cpuid_snapshot_init(&s);
	leaf(&s, 0, 1, 0x746E6543, 0x736C7561, 0x48727561); /* CentaurHauls */
	leaf(&s, 1, 0x00000660, 0, 0, 0);
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_NEWEST, &d), KPROF_OK);
	g.architecture = 0, g.family = any, g.model = any;
	loads = 99;
	CHECK_EQ(kprof_windows_profile_group_get(&d, &g, &arch, &loads), KPROF_E_UNSUPPORTED);
	CHECK_EQ(arch, 0);
	CHECK_EQ(loads, 0);
	CHECK_EQ(kprof_windows_profile_group_get(NULL, &g, &arch, &loads), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_windows_profile_group_get(&d, &g, NULL, &loads), KPROF_E_ARGUMENT);
}

int main(void)
{
	test_layouts();
	test_records();
	test_round_trips();
	test_refusals();
	test_knowledge();
	test_unpack();
	test_group();
	return kt_done();
}
