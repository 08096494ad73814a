/* Custom profile sources (issue 35): EventTraceProfileSourceAddInformation records read back
 * from any bytes, and descriptions built from any bytes packed, read back and judged against a
 * processor made of the input. Layout facts (spec/windows.yaml, from phnt, the public symbols
 * of Windows 10 2004+ and a decompilation of Windows 11 22631): class 0 (0x15), Version 4
 * (2 or 3), the union at 8 (Intel: six bytes; AMD version 2: event, unit; version 3: u16 event,
 * unit, cmask, inv, edge, host/guest, PMU type), CpuInfoHierarchy 0x10, InitialInterval 0x1C,
 * Persist 0x20, the description from 0x22 to its NUL; records of 0x24..0x220 bytes.
 * Invariants: the unpacker takes exactly what a model of that layout takes and yields it; the
 * packer never writes past its buffer and its records read back to the description they came
 * from; the verdict's status is its problem's and every refusal of the packer is the
 * verdict's too. */
#include "fuzz_common.h"

#define ADD_MIN 0x24u
#define ADD_MAX 0x220u
#define RECORD  0x124u
#define IGNORED (UINT64_C(0x530000)) /* USR, OS, INT, EN: the HAL sets them */

static uint32_t le(const uint8_t *p, unsigned n)
{
	uint32_t v = 0;
	while (n--)
		v = v << 8 | p[n];
	return v;
}

static kprof_hal_decision processor(kf_cursor *c, kprof_cpuid_vendor vendor)
{
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	uint32_t release = KPROF_HAL_RELEASE_FIRST + kf_u8(c) % KPROF_HAL_RELEASE_COUNT;
	uint32_t build = kf_u8(c) & 1 ? KPROF_HAL_BUILD_X86 : KPROF_HAL_BUILD_X64;
	kprof_cpuid_snapshot_init(&s);
	if (vendor == KPROF_CPUID_VENDOR_INTEL)
		(void)kprof_cpuid_snapshot_set(&s, 0, 0, (const uint32_t[4]){0x16, 0x756E6547, 0x6C65746E, 0x49656E69});
	else
		(void)kprof_cpuid_snapshot_set(&s, 0, 0, (const uint32_t[4]){0x10, 0x68747541, 0x444D4163, 0x69746E65});
	(void)kprof_cpuid_snapshot_set(&s, 1, 0, (const uint32_t[4]){kf_u32(c), 0, kf_u32(c), 0});
	(void)kprof_cpuid_snapshot_set(&s, 0x0A, 0, (const uint32_t[4]){kf_u32(c), kf_u32(c) & 0x7F, 0, kf_u32(c)});
	(void)kprof_cpuid_snapshot_set(&s, 0x80000000, 0, (const uint32_t[4]){0x80000022, 0, 0, 0});
	(void)kprof_cpuid_snapshot_set(&s, 0x80000001, 0, (const uint32_t[4]){0, 0, kf_u32(c), 1u << 29});
	if (kprof_hal_decision_get(&s, build, release, &d) != KPROF_OK)
		(void)kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, release, &d);
	return d;
}

/* A description read back equals the one packed, but for what the packer fills in. */
static void check_same(const kprof_windows_custom_source *a, const kprof_windows_custom_source *b)
{
	size_t i;
	KF_CHECK(strcmp(a->name, b->name) == 0 && a->vendor == b->vendor);
	KF_CHECK((a->select & ~IGNORED) == (b->select & ~IGNORED));
	KF_CHECK((a->interval ? a->interval : 65536u) == b->interval);
	for (i = 0; i < 3; i++)
		KF_CHECK(a->cpu_info_hierarchy[i] == b->cpu_info_hierarchy[i]);
	KF_CHECK(a->pmu_type == b->pmu_type && a->persist == b->persist && b->core_type == 0);
}

/* The verdict's status is its problem's; a refusal of the packer (but for its buffer) is the
 * verdict's too, and a verdict of OK means the packer takes it. */
static void judge(const kprof_windows_custom_source *cs, const kprof_hal_decision *d)
{
	kprof_windows_custom_source_verdict v;
	uint8_t *buf = (uint8_t *)malloc(RECORD);
	kprof_status st, pst;
	size_t n = 1;
	if (!buf)
		abort();
	st = kprof_windows_custom_source_verdict_get(cs, d, &v);
	KF_CHECK(kf_is_status(st) && st <= 0);
	KF_CHECK(kprof_windows_custom_source_problem_name(v.problem) != NULL);
	KF_CHECK((st == KPROF_OK) == (v.problem == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE));
	KF_CHECK((v.warnings & ~(uint32_t)0x7F) == 0);
	KF_CHECK(v.version == KPROF_WINDOWS_PROFILE_ADD_VERSION_V2 || v.version == KPROF_WINDOWS_PROFILE_ADD_VERSION_V3);
	KF_CHECK(v.problem != KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_TAKEN || v.taken != NULL);
	pst = kprof_windows_custom_source_pack(cs, buf, RECORD, &n);
	if (st == KPROF_OK)
		KF_CHECK(pst == KPROF_OK);
	if (pst != KPROF_OK)
		KF_CHECK(pst == st && n == 0);
	else
		KF_CHECK(n == RECORD && buf[4] == (uint8_t)v.version && le(buf + 0x1C, 4) == v.fields.interval);
	free(buf);
}

/* Any bytes as a record: the model says whether Windows' reading of it yields a description
 * kprof can hold, and what. */
static void unpack_record(kf_cursor *c)
{
	kprof_cpuid_vendor vendor = kf_u8(c) & 1 ? KPROF_CPUID_VENDOR_AMD : KPROF_CPUID_VENDOR_INTEL;
	kprof_hal_decision d = processor(c, vendor); /* 26 bytes; the rest is the record */
	size_t len, i, units;
	uint8_t *b = kf_rest_copy(c, &len);
	kprof_windows_custom_source cs, back;
	kprof_status st;
	int want = KPROF_OK;
	st = kprof_windows_custom_source_unpack(b, len, vendor, &cs);
	/* the model */
	if (len < ADD_MIN)
		want = KPROF_E_TRUNCATED;
	else if (len > ADD_MAX)
		want = KPROF_E_RANGE;
	else if (le(b, 4) != 0x15 || (b[4] != 2 && b[4] != 3))
		want = KPROF_E_FORMAT;
	else if (vendor == KPROF_CPUID_VENDOR_AMD && b[4] == 3 && le(b + 8, 2) > 0xFFF)
		want = KPROF_E_RANGE;
	else {
		units = (len - 0x22) / 2;
		for (i = 0; i < units && le(b + 0x22 + 2 * i, 2); i++)
			if (i == 127) {
				want = KPROF_E_RANGE;
				break;
			} else if (le(b + 0x22 + 2 * i, 2) > 0x7F) {
				want = KPROF_E_FORMAT;
				break;
			}
		if (want == KPROF_OK && i == units)
			want = KPROF_E_FORMAT;
	}
	KF_CHECK(st == want);
	if (st != KPROF_OK) {
		static const kprof_windows_custom_source zero;
		KF_CHECK(memcmp(&cs, &zero, sizeof cs) == 0);
	} else {
		uint64_t sel = cs.select;
		KF_CHECK(strlen(cs.name) <= KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX && cs.vendor == vendor);
		for (i = 0; cs.name[i]; i++)
			KF_CHECK(le(b + 0x22 + 2 * i, 2) == (uint8_t)cs.name[i]);
		KF_CHECK((sel & 0xFF) == b[8] && cs.interval == le(b + 0x1C, 4) && cs.persist == (b[0x20] != 0));
		for (i = 0; i < 3; i++)
			KF_CHECK(cs.cpu_info_hierarchy[i] == le(b + 0x10 + 4 * i, 4));
		if (vendor == KPROF_CPUID_VENDOR_INTEL)
			KF_CHECK(sel == (b[8] | (uint64_t)b[9] << 8 | (uint64_t)b[10] << 24 | (uint64_t)(b[11] & 1) << 23 |
			                 (uint64_t)(b[12] & 1) << 21 | (uint64_t)(b[13] & 1) << 18));
		else if (b[4] == 2)
			KF_CHECK(sel == (b[8] | (uint64_t)b[9] << 8) && cs.pmu_type == 0);
		else
			KF_CHECK(sel == (b[8] | (uint64_t)(b[9] & 0xF) << 32 | (uint64_t)b[10] << 8 | (uint64_t)b[11] << 24 |
			                 (uint64_t)(b[12] & 1) << 23 | (uint64_t)(b[13] & 1) << 18 | (uint64_t)(b[14] & 3) << 40) &&
			         cs.pmu_type == b[15]);
		judge(&cs, &d);
		/* whatever kprof packs of it reads back the same */
		{
			uint8_t *rec = (uint8_t *)malloc(RECORD);
			if (!rec)
				abort();
			if (kprof_windows_custom_source_pack(&cs, rec, RECORD, NULL) == KPROF_OK) {
				KF_CHECK(kprof_windows_custom_source_unpack(rec, RECORD, vendor, &back) == KPROF_OK);
				check_same(&cs, &back);
			}
			free(rec);
		}
	}
	free(b);
}

/* A description from any bytes: packed into a buffer of any size, read back, judged. */
static void pack_description(kf_cursor *c)
{
	kprof_windows_custom_source cs, back;
	kprof_cpuid_vendor vendor = kf_u8(c) & 1 ? KPROF_CPUID_VENDOR_AMD : KPROF_CPUID_VENDOR_INTEL;
	kprof_hal_decision d = processor(c, vendor);
	size_t i, n = kf_u8(c) % 136u, cap = kf_u16(c) % (RECORD + 16u), written = 99;
	uint8_t *buf = (uint8_t *)malloc(cap ? cap : 1);
	kprof_status st;
	if (!buf)
		abort();
	KF_CHECK(kprof_windows_custom_source_init(&cs, vendor, kf_u64(c)) == KPROF_OK);
	/* names: mostly from the allowed set, now and then any byte */
	for (i = 0; i < n && i < KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX + 1; i++) {
		uint8_t x = kf_u8(c);
		cs.name[i] = (char)(x & 0x80 ? x : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"[x % 65]);
	}
	if (i < sizeof cs.name)
		cs.name[i] = '\0';
	cs.interval = kf_u8(c) & 1 ? 0 : kf_u32(c);
	for (i = 0; i < 3; i++)
		cs.cpu_info_hierarchy[i] = kf_u8(c) & 1 ? KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY
		                                        : (i == 0 ? d.family : i == 1 ? d.model : d.stepping) + (kf_u8(c) & 1);
	cs.pmu_type = (kprof_windows_pmu_type)(kf_u8(c) % 4);
	cs.core_type = kf_u8(c) & 1 ? 0 : kf_u8(c);
	cs.persist = kf_u8(c) % 3;
	st = kprof_windows_custom_source_pack(&cs, buf, cap, &written);
	KF_CHECK(kf_is_status(st) && st <= 0);
	if (st == KPROF_OK) {
		KF_CHECK(written == RECORD && cap >= RECORD);
		KF_CHECK(kprof_windows_custom_source_unpack(buf, written, vendor, &back) == KPROF_OK);
		check_same(&cs, &back);
		KF_CHECK(le(buf, 4) == 0x15 && (buf[4] == 2 || buf[4] == 3));
		for (i = strlen(cs.name); i < 128; i++)
			KF_CHECK(le(buf + 0x22 + 2 * i, 2) == 0);
	} else {
		KF_CHECK(written == 0);
		if (st == KPROF_E_BUFFER_TOO_SMALL)
			KF_CHECK(cap < RECORD);
	}
	judge(&cs, &d);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	if (kf_u8(&c) & 1)
		pack_description(&c);
	else
		unpack_record(&c);
	return 0;
}
