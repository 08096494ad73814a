/* test_hal: the HAL's profile-interface decision and per-source support for every dump in
 * ../shared/cpuid-dumps and for hand-built snapshots at each rule's edge; the live path;
 * select round trips; counter plans; perf and Windows bridges.
 *
 * Expected results are derived here from the rules in reference/hal-profile-interfaces.md,
 * applied to register values this file reads itself (the first "CPUID xxxxxxxx:" line of each
 * leaf), with the Emon ebx bits typed from seed 000 - never from the library's own output. */
#define _POSIX_C_SOURCE 200809L
#include "kprof.h"
#include "kprof_test.h"
#include "own_cpuid.h"

#include <dirent.h>

/* ------------------------------------------------------------------ the rules, restated */
typedef struct {
	int has[8];
	uint32_t r[8][4]; /* leaves 0, 1, 0xA, 0x40000000, 0x40000001, 0x40000003, 0x80000000, 0x80000001 */
} own_cpu;
static const uint32_t own_leaf[8] = {0, 1, 0xA, 0x40000000, 0x40000001, 0x40000003, 0x80000000, 0x80000001};
enum { L0, L1, LA, LH0, LH1, LH3, LE0, LE1 };

/* cpuid returns a signature's bytes in register order, each register little-endian (the byte
 * at the lowest address in bits 7:0): packed and unpacked byte by byte, so the test means the
 * same on a big-endian host. */
static uint32_t sig_reg(const char *four)
{
	return (uint32_t)(unsigned char)four[0] | (uint32_t)(unsigned char)four[1] << 8 |
	       (uint32_t)(unsigned char)four[2] << 16 | (uint32_t)(unsigned char)four[3] << 24;
}
static void set_sig(uint32_t *a, uint32_t *b, uint32_t *c, const char *twelve)
{
	*a = sig_reg(twelve), *b = sig_reg(twelve + 4), *c = sig_reg(twelve + 8);
}
static void get_sig(char s[13], uint32_t a, uint32_t b, uint32_t c)
{
	const uint32_t r[3] = {a, b, c};
	int i;
	for (i = 0; i < 12; i++)
		s[i] = (char)(r[i / 4] >> (8 * (i % 4)) & 0xFF);
	s[12] = 0;
}

/* seed 000_fd4165050e72f093.txt: Emon source value -> ebx bit (-1: ProfileTime, none) */
static const int emon_bits[][2] = {{0x00, -1}, {0x02, 1},  {0x06, 5},  {0x0A, 4}, {0x0B, 6},
                                   {0x13, 0},  {0x19, 0},  {0x1A, 1},  {0x1B, 2}, {0x1C, 3},
                                   {0x1D, 4},  {0x1E, 5},  {0x1F, 6}};

static int trusted(const own_cpu *c, int i)
{
	uint32_t l = own_leaf[i];
	if (!c->has[i])
		return 0;
	if (l >= 0x80000000u)
		return c->has[LE0] && l <= c->r[LE0][0];
	if (l >= 0x40000000u)
		return c->has[L1] && (c->r[L1][2] >> 31) && c->has[LH0] &&
		       (c->r[LH0][0] == 0 || l <= c->r[LH0][0]);
	return c->has[L0] && l <= c->r[L0][0];
}

static int vendor_is(const own_cpu *c, const char *v)
{
	char s[13];
	get_sig(s, c->r[L0][1], c->r[L0][3], c->r[L0][2]);
	return c->has[L0] && strcmp(s, v) == 0;
}

/* The interface by the rules; ebx and len are set for the Emon per-source test. */
static int own_decide(const own_cpu *c, int x86, uint32_t *ebx, uint32_t *len)
{
	int itf = KPROF_SOURCE_TABLE_DEFAULT;
	*ebx = *len = 0;
	if (vendor_is(c, "AuthenticAMD")) {
		itf = KPROF_SOURCE_TABLE_AMD64;
		if (x86 && !(trusted(c, LE1) && (c->r[LE1][3] >> 29 & 1)))
			itf = KPROF_SOURCE_TABLE_DEFAULT;
	} else if (vendor_is(c, "GenuineIntel") && c->r[L0][0] >= 0xA && trusted(c, LA)) {
		uint32_t eax = c->r[LA][0];
		if ((eax & 0xFF) >= 1 && (eax >> 24) != 0 && !(c->r[LA][1] & 1)) {
			uint32_t fam = trusted(c, L1) ? (c->r[L1][0] >> 8) & 0xF : 0;
			if (fam == 0xF)
				fam += (c->r[L1][0] >> 20) & 0xFF;
			itf = KPROF_SOURCE_TABLE_EMON;
			*ebx = c->r[LA][1];
			*len = eax >> 24;
			if (x86 && fam != 6 && fam != 15)
				itf = KPROF_SOURCE_TABLE_DEFAULT;
		}
	}
	/* rule 2: "Hv#1" is 0x31237648, per the reference */
	if (trusted(c, L1) && (c->r[L1][2] >> 31) && trusted(c, LH1) && c->r[LH1][0] == 0x31237648u &&
	    !(trusted(c, LH3) && (c->r[LH3][3] & 4)))
		itf = KPROF_SOURCE_TABLE_DEFAULT;
	return itf;
}

static void own_to_snapshot(const own_cpu *c, kprof_cpuid_snapshot *s)
{
	int i;
	kprof_cpuid_snapshot_init(s);
	for (i = 0; i < 8; i++)
		if (c->has[i])
			CHECK_EQ(kprof_cpuid_snapshot_set(s, own_leaf[i], 0, (const uint32_t[4]){c->r[i][0], c->r[i][1], c->r[i][2], c->r[i][3]}),
			         KPROF_OK);
}

/* Check a decision's interface and supported-source set against the rules. */
static void check_against_rules(const char *what, const own_cpu *c, const kprof_hal_decision *d,
                                int x86)
{
	uint32_t ebx, len;
	int want = own_decide(c, x86, &ebx, &len);
	size_t n, i, k, supported = 0;
	const kprof_source *rows;
	if (!CHECK_EQ(d->table, want))
		fprintf(stderr, "%s (%s HAL): interface %d (%s), want %d\n", what, x86 ? "x86" : "x64",
		        d->table, kprof_hal_reason_name(d->reason), want);
	rows = kprof_source_rows_by_table(d->table, &n);
	if (!CHECK(rows != NULL))
		return;
	for (i = 0; i < n; i++) {
		int got = kc_supported(d, &rows[i]), exp = 0;
		if (want == KPROF_SOURCE_TABLE_AMD64)
			exp = 1;
		else if (want == KPROF_SOURCE_TABLE_DEFAULT)
			exp = rows[i].value == 0;
		else
			for (k = 0; k < KT_COUNT(emon_bits); k++)
				if (emon_bits[k][0] == rows[i].value)
					exp = emon_bits[k][1] < 0 ||
					      ((uint32_t)emon_bits[k][1] < len && !((ebx >> emon_bits[k][1]) & 1));
		if (!CHECK_EQ(got, exp))
			fprintf(stderr, "%s: source 0x%x support %d, want %d\n", what, rows[i].value, got, exp);
		CHECK_EQ(kc_supported(d, kprof_source_by_value((d)->table, rows[i].value)), got);
		supported += (size_t)got;
	}
	CHECK(supported >= 1); /* ProfileTime, always */
}

/* ------------------------------------------------------------------ every dump */
static int own_first(const char *text, uint32_t leaf, uint32_t r[4])
{
	char key[32];
	const char *p = text;
	snprintf(key, sizeof key, "CPUID %08X: ", leaf);
	while ((p = strstr(p, key)) != NULL) {
		if ((p == text || p[-1] == '\n') &&
		    sscanf(p + 16, "%8x-%8x-%8x-%8x", &r[0], &r[1], &r[2], &r[3]) == 4)
			return 1;
		p++;
	}
	return 0;
}

static void test_dump_file(const char *dir, const char *name)
{
	char path[2200];
	size_t len;
	char *text;
	own_cpu c;
	int i, x86;
	kprof_cpuid_snapshot s;
	kprof_dump_error err;
	kprof_hal_decision d;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	text = kt_read_file(path, &len);
	if (!CHECK(text != NULL))
		return;
	memset(&c, 0, sizeof c);
	for (i = 0; i < 8; i++)
		c.has[i] = own_first(text, own_leaf[i], c.r[i]);
	CHECK(c.has[L0]);
	CHECK_EQ(kprof_dump_snapshot_get(text, len, 0, &s, &err), KPROF_OK);
	for (x86 = 0; x86 <= 1; x86++) {
		CHECK_EQ(kprof_hal_decision_get(&s, x86 ? KPROF_HAL_BUILD_X86 : KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d), KPROF_OK);
		check_against_rules(name, &c, &d, x86);
		/* the reported facts are the registers' */
		CHECK_EQ(d.hv_present, trusted(&c, L1) && (c.r[L1][2] >> 31));
		CHECK_EQ(d.perfmon_version, trusted(&c, LA) ? (c.r[LA][0] & 0xFF) : 0);
		CHECK_EQ(d.perfmon_counters, trusted(&c, LA) ? (c.r[LA][0] >> 8 & 0xFF) : 0);
		CHECK_EQ(d.ebx_length, trusted(&c, LA) ? (c.r[LA][0] >> 24) : 0);
		CHECK_EQ(d.ebx, trusted(&c, LA) ? c.r[LA][1] : 0);
		if (d.table == KPROF_SOURCE_TABLE_AMD64) {
			CHECK_EQ(d.counters, 4);
			CHECK_EQ(d.perfevtsel_msr, 0xC0010000u);
			CHECK_EQ(d.counter_msr, 0xC0010004u);
			/* AMD APM vol. 2 chapter 13: six counters with PerfCtrExtCore
			 * (0x80000001 ecx[23]), else the legacy four; none of these dumps has
			 * PerfMonV2 (leaf 0x80000022). */
			CHECK_EQ(d.pmu.perfctr_ext_core, trusted(&c, LE1) && (c.r[LE1][2] >> 23 & 1));
			CHECK_EQ(d.pmu.counters, d.pmu.perfctr_ext_core ? 6 : 4);
			CHECK_EQ(d.pmu.legacy_counters, 4);
			CHECK_EQ(d.pmu.counter_width, 48);
			CHECK_EQ(d.pmu.perfevtsel_msr, d.pmu.perfctr_ext_core ? 0xC0010200u : 0xC0010000u);
		} else if (d.table == KPROF_SOURCE_TABLE_EMON) {
			uint32_t n = c.r[LA][0] >> 8 & 0xFF;
			CHECK_EQ(d.counters, n > 8 ? 8 : n);
			CHECK_EQ(d.counter_width, c.r[LA][0] >> 16 & 0xFF);
			CHECK_EQ(d.perfevtsel_msr, 0x186);
			CHECK_EQ(d.counter_msr, 0xC1);
			CHECK_EQ(d.pmu.version, c.r[LA][0] & 0xFF);
			CHECK_EQ(d.pmu.counter_width, c.r[LA][0] >> 16 & 0xFF);
		} else {
			CHECK_EQ(d.counters, 0);
		}
	}
	/* every CPU block decides like the boot processor in these (homogeneous) dumps, except
	 * for the interface-independent APIC ids */
	for (i = 1; i < (int)err.cpus; i++) {
		kprof_cpuid_snapshot s2;
		kprof_hal_decision d2;
		CHECK_EQ(kprof_dump_snapshot_get(text, len, (uint32_t)i, &s2, NULL), KPROF_OK);
		kprof_hal_decision_get(&s2, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d2);
		kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
		CHECK_EQ(d2.table, d.table);
	}
	printf("%-48s %-7s %s\n", name, d.table == KPROF_SOURCE_TABLE_EMON ? "emon" : d.table == KPROF_SOURCE_TABLE_AMD64 ? "amd64" : "default",
	       kprof_hal_reason_name(d.reason));
	free(text);
}

/* ------------------------------------------------------------------ rule edges */
static own_cpu intel(uint32_t max, uint32_t eaxA, uint32_t ebxA)
{
	own_cpu c;
	memset(&c, 0, sizeof c);
	c.has[L0] = 1;
	c.r[L0][0] = max;
	set_sig(&c.r[L0][1], &c.r[L0][3], &c.r[L0][2], "GenuineIntel");
	c.has[L1] = 1;
	c.r[L1][0] = 0x000506E3; /* family 6 */
	c.has[LA] = 1;
	c.r[LA][0] = eaxA;
	c.r[LA][1] = ebxA;
	c.has[LE0] = c.has[LE1] = 1;
	c.r[LE0][0] = 0x80000008;
	c.r[LE1][3] = 1u << 29;
	return c;
}

static own_cpu amd(int lm, int ext)
{
	own_cpu c;
	memset(&c, 0, sizeof c);
	c.has[L0] = 1;
	c.r[L0][0] = 0xD;
	set_sig(&c.r[L0][1], &c.r[L0][3], &c.r[L0][2], "AuthenticAMD");
	c.has[L1] = 1;
	c.r[L1][0] = 0x00800F11;
	c.has[LA] = 1;
	c.has[LE0] = c.has[LE1] = 1;
	c.r[LE0][0] = 0x8000001F;
	c.r[LE1][3] = lm ? 1u << 29 : 0;
	c.r[LE1][2] = ext ? 1u << 23 : 0;
	return c;
}

static void hypervisor(own_cpu *c, const char *sig, uint32_t iface, int has3, uint32_t edx3)
{
	c->r[L1][2] |= 1u << 31;
	c->has[LH0] = 1;
	c->r[LH0][0] = 0x40000006;
	set_sig(&c->r[LH0][1], &c->r[LH0][2], &c->r[LH0][3], sig);
	c->has[LH1] = 1;
	c->r[LH1][0] = iface;
	c->has[LH3] = has3;
	c->r[LH3][3] = edx3;
}

static void edge(const char *what, own_cpu c, int want64, int want86, int reason64)
{
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	own_to_snapshot(&c, &s);
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d), KPROF_OK);
	if (!CHECK_EQ(d.table, want64))
		fprintf(stderr, "edge %s: x64 interface %d\n", what, d.table);
	if (reason64 >= 0 && !CHECK_EQ(d.reason, reason64))
		fprintf(stderr, "edge %s: reason %s\n", what, kprof_hal_reason_name(d.reason));
	check_against_rules(what, &c, &d, 0);
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X86, KPROF_HAL_WINDOWS_10_1507, &d), KPROF_OK);
	if (!CHECK_EQ(d.table, want86))
		fprintf(stderr, "edge %s: x86 interface %d\n", what, d.table);
	check_against_rules(what, &c, &d, 1);
}

static void test_edges(void)
{
	own_cpu c;
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	const int E = KPROF_SOURCE_TABLE_EMON, A = KPROF_SOURCE_TABLE_AMD64, D = KPROF_SOURCE_TABLE_DEFAULT;
	edge("intel v4", intel(0x16, 0x07300404, 0), E, E, KPROF_HAL_REASON_INTEL_EMON);
	edge("ebx length 0", intel(0x16, 0x00300404, 0), D, D, KPROF_HAL_REASON_EBX_LENGTH_0);
	edge("ebx bit 0 set", intel(0x16, 0x07300404, 1), D, D, KPROF_HAL_REASON_CORE_CYCLES_UNAVAILABLE);
	edge("ebx bit 4 set", intel(0x16, 0x07300404, 0x10), E, E, KPROF_HAL_REASON_INTEL_EMON);
	edge("ebx bits above length", intel(0x16, 0x03300404, 0x70), E, E, KPROF_HAL_REASON_INTEL_EMON);
	edge("ebx length 1", intel(0x16, 0x01300404, 0xFE), E, E, KPROF_HAL_REASON_INTEL_EMON);
	edge("version 0", intel(0x16, 0x07300400, 0), D, D, KPROF_HAL_REASON_PERFMON_VERSION_0);
	edge("max leaf 9", intel(0x9, 0x07300404, 0), D, D, KPROF_HAL_REASON_MAX_LEAF_BELOW_0A);
	edge("max leaf 0x0A", intel(0xA, 0x07280201, 0), E, E, KPROF_HAL_REASON_INTEL_EMON);
	c = intel(0x16, 0x07300404, 0);
	c.has[LA] = 0;
	edge("leaf 0x0A missing", c, D, D, KPROF_HAL_REASON_NO_LEAF_0A);
	c = intel(0x16, 0x07300404, 0);
	c.r[L1][0] = 0x00000F29; /* Pentium 4: family 15 */
	edge("intel family 15", c, E, E, -1);
	c.r[L1][0] = 0x00100F29; /* base 15 + ext 1 = family 16 */
	edge("intel family 16", c, E, D, -1);
	c.r[L1][0] = 0x00000529; /* family 5 */
	edge("intel family 5", c, E, D, -1);
	c = intel(0x16, 0x07300404, 0);
	c.has[L1] = 0;
	edge("intel no leaf 1", c, E, D, -1);
	edge("amd", amd(1, 1), A, A, KPROF_HAL_REASON_VENDOR_AMD);
	edge("amd no lm", amd(0, 0), A, D, KPROF_HAL_REASON_VENDOR_AMD);
	c = amd(1, 0);
	c.r[LE0][0] = 0x80000000; /* 0x80000001 above the max: long mode unknown */
	edge("amd ext max 0x80000000", c, A, D, -1);
	c = intel(0x16, 0x07300404, 0);
	set_sig(&c.r[L0][1], &c.r[L0][3], &c.r[L0][2], "CentaurHauls");
	edge("centaur", c, D, D, KPROF_HAL_REASON_VENDOR_OTHER);
	memset(&c, 0, sizeof c);
	edge("empty", c, D, D, KPROF_HAL_REASON_NO_LEAF_0);
	/* hypervisors */
	c = intel(0x16, 0x07300404, 0);
	hypervisor(&c, "Microsoft Hv", 0x31237648, 1, 0x3BB3);
	edge("hyper-v, no perfmon", c, D, D, KPROF_HAL_REASON_HV_HIDES_PERFMON);
	c = intel(0x16, 0x07300404, 0);
	hypervisor(&c, "Microsoft Hv", 0x31237648, 1, 0x3BB3 | 4);
	edge("hyper-v, perfmon", c, E, E, KPROF_HAL_REASON_INTEL_EMON);
	c = amd(1, 1);
	hypervisor(&c, "Microsoft Hv", 0x31237648, 1, 0);
	edge("hyper-v amd, no perfmon", c, D, D, KPROF_HAL_REASON_HV_HIDES_PERFMON);
	c = amd(1, 1);
	hypervisor(&c, "Microsoft Hv", 0x31237648, 0, 0);
	edge("hyper-v amd, no leaf 3", c, D, D, KPROF_HAL_REASON_HV_NO_FEATURES_LEAF);
	c = amd(1, 1);
	hypervisor(&c, "KVMKVMKVM\0\0\0", 0x40000000 /* KVM answers leaf 1 with features */, 0, 0);
	edge("kvm amd", c, A, A, KPROF_HAL_REASON_VENDOR_AMD);
	c = intel(0x20, 0, 0);
	hypervisor(&c, "KVMKVMKVM\0\0\0", 0x01007efb, 0, 0);
	edge("kvm intel, leaf 0x0A zero", c, D, D, KPROF_HAL_REASON_PERFMON_VERSION_0);
	c = intel(0x16, 0x07300404, 0);
	hypervisor(&c, "VMwareVMware", 0, 0, 0);
	edge("vmware intel", c, E, E, KPROF_HAL_REASON_INTEL_EMON);
	c = intel(0x16, 0x07300404, 0);
	hypervisor(&c, "KVMKVMKVM\0\0\0", 0x31237648, 1, 0); /* KVM with Hyper-V enlightenments */
	edge("kvm hv#1, no perfmon", c, D, D, KPROF_HAL_REASON_HV_HIDES_PERFMON);
	c = intel(0x16, 0x07300404, 0);
	hypervisor(&c, "Microsoft Hv", 0x31237648, 1, 0);
	c.r[L1][2] &= ~(1u << 31); /* hypervisor bit clear: leaves 0x4000000x mean nothing */
	edge("hv leaves without the hypervisor bit", c, E, E, KPROF_HAL_REASON_INTEL_EMON);
	/* the decision's hypervisor facts */
	c = intel(0x16, 0x07300404, 0);
	hypervisor(&c, "Microsoft Hv", 0x31237648, 1, 4);
	own_to_snapshot(&c, &s);
	kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
	CHECK(d.hv_present && d.hv_microsoft && d.hv_has_features && d.hv_perfmon && d.hv_has_vendor);
	CHECK_STR(d.hv_vendor, "Microsoft Hv");
	CHECK_STR(d.vendor_string, "GenuineIntel");
	CHECK_EQ(d.family, 6);
	CHECK_EQ(d.model, 0x5E);
	CHECK_EQ(d.stepping, 3);
	/* bad arguments still give Default */
	CHECK_EQ(kprof_hal_decision_get(NULL, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d), KPROF_OK);
	CHECK_EQ(d.table, KPROF_SOURCE_TABLE_DEFAULT);
	CHECK_EQ(kprof_hal_decision_get(&s, (kprof_hal_build)7, KPROF_HAL_WINDOWS_10_1507, &d), KPROF_E_ARGUMENT);
	CHECK_EQ(d.table, KPROF_SOURCE_TABLE_DEFAULT);
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kc_supported(NULL, NULL), 0);
	/* a row of another table is not "supported" by this decision */
	kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
	CHECK_EQ(kc_supported(&d, kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0x19)), 0);
	/* family/model decoding (Intel SDM / AMD APM examples) */
	CHECK_EQ(kprof_cpuid_family_get(0x00B06D1), 6);
	CHECK_EQ(kprof_cpuid_model_get(0x00B06D1), 0xBD);
	CHECK_EQ(kprof_cpuid_family_get(0x00800F11), 0x17);
	CHECK_EQ(kprof_cpuid_model_get(0x00800F11), 0x01);
	CHECK_EQ(kprof_cpuid_family_get(0x00020FB1), 0xF);
	CHECK_EQ(kprof_cpuid_model_get(0x00020FB1), 0x2B);
	CHECK_EQ(kprof_cpuid_model_get(0x00000F29), 0x2);
	CHECK_EQ(kprof_cpuid_model_get(0x000106E5), 0x1E);
	CHECK_EQ(kprof_cpuid_model_get(0x00010563), 0x6); /* family 5: no extended model */
	/* Zhaoxin family 7 (KX-5000, KX-6000, KX-7000): the models Linux gives them */
	CHECK_EQ(kprof_cpuid_family_get(0x000307B1), 7);
	CHECK_EQ(kprof_cpuid_model_get(0x000107B1), 0x1B);
	CHECK_EQ(kprof_cpuid_model_get(0x000307B1), 0x3B);
	CHECK_EQ(kprof_cpuid_model_get(0x000607B1), 0x6B);
}

/* ------------------------------------------------------------------ vendor strings */
/* The leaf 0 and leaf 0x40000000 signatures, as the rule-edge processors above spell them. */
/* kprof_hal_plan_get with a counter configuration of (counter, interval, flags). */
static kprof_status hal_plan(const kprof_hal_decision *d, const kprof_source *s, uint32_t counter, uint64_t interval,
                             uint32_t flags, kprof_pmu_plan *p)
{
	kprof_pmu_counter_config cfg;
	memset(&cfg, 0, sizeof cfg);
	cfg.counter = counter;
	cfg.interval = interval;
	cfg.flags = flags;
	return kprof_hal_plan_get(d, s, &cfg, p);
}

/* The vendor kprof_cpuid_vendor_get gives (which must succeed). */
static kprof_cpuid_vendor vendor_of(const kprof_cpuid_snapshot *s)
{
	kprof_cpuid_vendor v = KPROF_CPUID_VENDOR_AMD;
	CHECK_EQ(kprof_cpuid_vendor_get(s, &v), KPROF_OK);
	return v;
}

static void test_vendor_strings(void)
{
	kprof_cpuid_snapshot s;
	own_cpu c;
	char v[13];
	static const char kvm[13] = {'K', 'V', 'M', 'K', 'V', 'M', 'K', 'V', 'M', 0, 0, 0, 0};
	kprof_cpuid_snapshot_init(&s);
	memset(v, 'x', sizeof v);
	CHECK_EQ(kprof_cpuid_vendor_string_get(&s, v), KPROF_E_NOT_FOUND);
	CHECK_STR(v, "");
	CHECK_EQ(vendor_of(&s), KPROF_CPUID_VENDOR_UNKNOWN);
	{
		kprof_cpuid_vendor got = KPROF_CPUID_VENDOR_AMD;
		CHECK_EQ(kprof_cpuid_vendor_get(NULL, &got), KPROF_E_ARGUMENT);
		CHECK_EQ(got, KPROF_CPUID_VENDOR_UNKNOWN);
		CHECK_EQ(kprof_cpuid_vendor_get(&s, NULL), KPROF_E_ARGUMENT);
	}
	CHECK_EQ(kprof_cpuid_vendor_string_get(&s, NULL), KPROF_E_ARGUMENT);
	memset(v, 'x', sizeof v);
	CHECK_EQ(kprof_cpuid_hypervisor_string_get(&s, v), KPROF_E_NOT_FOUND);
	CHECK_STR(v, "");
	c = amd(1, 0);
	own_to_snapshot(&c, &s);
	CHECK_EQ(kprof_cpuid_vendor_string_get(&s, v), KPROF_OK);
	CHECK_STR(v, "AuthenticAMD");
	CHECK_EQ(vendor_of(&s), KPROF_CPUID_VENDOR_AMD);
	c = intel(0x16, 0x07300404, 0);
	own_to_snapshot(&c, &s);
	CHECK_EQ(kprof_cpuid_vendor_string_get(&s, v), KPROF_OK);
	CHECK_STR(v, "GenuineIntel");
	CHECK_EQ(vendor_of(&s), KPROF_CPUID_VENDOR_INTEL);
	/* "CentaurHauls": only the two the HAL compares count */
	set_sig(&c.r[L0][1], &c.r[L0][3], &c.r[L0][2], "CentaurHauls");
	own_to_snapshot(&c, &s);
	CHECK_EQ(kprof_cpuid_vendor_string_get(&s, v), KPROF_OK);
	CHECK_STR(v, "CentaurHauls");
	CHECK_EQ(vendor_of(&s), KPROF_CPUID_VENDOR_UNKNOWN);
	/* a hypervisor leaf counts only with cpuid.1:ecx[31] set */
	c = intel(0x16, 0x07300404, 0);
	hypervisor(&c, "Microsoft Hv", 0x31237648, 1, 0);
	own_to_snapshot(&c, &s);
	CHECK_EQ(kprof_cpuid_hypervisor_string_get(&s, v), KPROF_OK);
	CHECK_STR(v, "Microsoft Hv");
	c.r[L1][2] &= ~(1u << 31);
	own_to_snapshot(&c, &s);
	memset(v, 'x', sizeof v);
	CHECK_EQ(kprof_cpuid_hypervisor_string_get(&s, v), KPROF_E_NOT_FOUND);
	CHECK_STR(v, "");
	c = amd(1, 0);
	hypervisor(&c, "KVMKVMKVM\0\0\0", 0, 0, 0);
	own_to_snapshot(&c, &s);
	memset(v, 'x', sizeof v);
	CHECK_EQ(kprof_cpuid_hypervisor_string_get(&s, v), KPROF_OK);
	CHECK(memcmp(v, kvm, sizeof v) == 0); /* "KVMKVMKVM" and three NULs, then the terminator */
	/* steppings of the dumps' signatures (the file names carry leaf 1 eax) */
	CHECK_EQ(kprof_cpuid_stepping_get(0x000506E3), 3);
	CHECK_EQ(kprof_cpuid_stepping_get(0x00A60F12), 2);
	CHECK_EQ(kprof_cpuid_stepping_get(0x00B40F40), 0);
	CHECK_EQ(kprof_cpuid_stepping_get(0xFFFFFFFFu), 0xF);
}

/* ------------------------------------------------------------------ live */
static void test_live(void)
{
	own_cpu c;
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	unsigned i;
	memset(&c, 0, sizeof c);
	/* This processor's leaves from the test's own cpuid (own_cpuid.h): the expectation is the
	 * rules applied to them, on whatever processor this runs (the host's, qemu's, Wine's). */
	if (!own_cpuid(0, 0, c.r[L0])) {
		CHECK_EQ(kprof_cpuid_snapshot_read(&s), KPROF_E_NOT_AVAILABLE);
		printf("live: no x86 cpuid on this target: the live snapshot is not available\n");
		return;
	}
	for (i = 0; i < 8; i++)
		c.has[i] = own_cpuid(own_leaf[i], 0, c.r[i]);
	CHECK_EQ(kprof_cpuid_snapshot_read(&s), KPROF_OK);
	for (i = 0; i < 2; i++) {
		CHECK_EQ(kprof_hal_decision_get(&s, i ? KPROF_HAL_BUILD_X86 : KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d), KPROF_OK);
		check_against_rules("live", &c, &d, (int)i);
	}
	kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
	CHECK_EQ(d.hv_present, c.r[L1][2] >> 31);
	if (c.r[L1][2] >> 31) {
		char sig[13];
		get_sig(sig, c.r[LH0][1], c.r[LH0][2], c.r[LH0][3]);
		CHECK(d.hv_has_vendor);
		CHECK_STR(d.hv_vendor, sig);
	}
	printf("live: vendor %s family 0x%x model 0x%x, hypervisor %s \"%s\", perfmon v%u, interface %s (%s)\n",
	       d.vendor_string, d.family, d.model, d.hv_present ? "yes" : "no", d.hv_vendor,
	       d.perfmon_version,
	       d.table == KPROF_SOURCE_TABLE_EMON ? "emon" : d.table == KPROF_SOURCE_TABLE_AMD64 ? "amd64" : "default",
	       kprof_hal_reason_name(d.reason));
}

/* ------------------------------------------------------------------ selects and plans */
static void test_selects(void)
{
	int t;
	uint32_t x = 1;
	for (t = 0; t < 2; t++) {
		kprof_source_table itf = t ? KPROF_SOURCE_TABLE_AMD64 : KPROF_SOURCE_TABLE_EMON;
		kprof_cpuid_vendor v = t ? KPROF_CPUID_VENDOR_AMD : KPROF_CPUID_VENDOR_INTEL;
		size_t n, i;
		const kprof_source *rows = kprof_source_rows_by_table(itf, &n);
		for (i = 0; i < n; i++) {
			kprof_pmu_select f;
			uint64_t back = 0;
			CHECK_EQ(kprof_pmu_select_unpack(v, rows[i].select, &f), KPROF_OK);
			CHECK_EQ(f.event, rows[i].select & 0xFF);
			CHECK_EQ(f.umask, rows[i].select >> 8 & 0xFF);
			CHECK_EQ(f.usr, rows[i].select >> 16 & 1);
			CHECK_EQ(f.os, rows[i].select >> 17 & 1);
			CHECK_EQ(kprof_pmu_select_pack(v, &f, &back), KPROF_OK);
			CHECK_EQ(back, rows[i].select);
		}
	}
	/* random values over the defined bits round-trip */
	for (t = 0; t < 2000; t++) {
		kprof_cpuid_vendor v = (t & 1) ? KPROF_CPUID_VENDOR_AMD : KPROF_CPUID_VENDOR_INTEL;
		/* kprof_pmu_select holds Intel bits 31:0 (Intel SDM vol. 3B, the IA32_PERFEVTSELx layout) */
		uint64_t defined = (t & 1) ? KPROF_AMD_PERFEVTSEL_DEFINED_MASK : 0xFFFFFFFFu;
		uint64_t val, back = 0;
		kprof_pmu_select f;
		x = x * 1664525u + 1013904223u;
		val = ((uint64_t)x << 32 | (x * 2654435761u)) & defined;
		CHECK_EQ(kprof_pmu_select_unpack(v, val, &f), KPROF_OK);
		CHECK_EQ(kprof_pmu_select_pack(v, &f, &back), KPROF_OK);
		CHECK_EQ(back, val);
	}
	/* the Intel bits above 31 (in_tx 32 .. umask2 47:40) are not kprof_pmu_select's: reported, not
	 * dropped */
	{
		kprof_pmu_select f;
		CHECK_EQ(kprof_pmu_select_unpack(KPROF_CPUID_VENDOR_INTEL, 0x41003Cull | 1ull << 34, &f), KPROF_E_RESERVED);
		CHECK_EQ(kprof_pmu_select_unpack(KPROF_CPUID_VENDOR_INTEL, 0x41003Cull | 0xFFull << 40, &f), KPROF_E_RESERVED);
	}
}

static void plans_for(const own_cpu *c, int amd_ext)
{
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	size_t n, i;
	const kprof_source *rows;
	int intel_itf;
	own_to_snapshot(c, &s);
	kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
	intel_itf = d.table == KPROF_SOURCE_TABLE_EMON;
	rows = kprof_source_rows_by_table(d.table, &n);
	for (i = 0; i < n; i++) {
		uint32_t k, ncnt = amd_ext ? 6 : intel_itf ? (c->r[LA][0] >> 8 & 0xFF) : 4;
		int sup = kc_supported(&d, &rows[i]);
		for (k = 0; k <= ncnt; k++) {
			kprof_pmu_plan p;
			uint32_t flags = (k & 1 ? KPROF_PMU_PLAN_FLAGS_INTERRUPT : 0) | (amd_ext ? KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED : 0);
			uint64_t interval = k & 2 ? 65536 : 0;
			kprof_status st = hal_plan(&d, &rows[i], k, interval, flags, &p);
			uint32_t sel_msr, ctr_msr;
			uint64_t width = intel_itf ? (c->r[LA][0] >> 16 & 0xFF) : 48;
			if (!sup) {
				CHECK_EQ(st, KPROF_E_UNSUPPORTED);
				CHECK_EQ(p.program_count, 0);
				continue;
			}
			if (k == ncnt) {
				CHECK_EQ(st, KPROF_E_RANGE);
				CHECK_EQ(p.program_count, 0);
				continue;
			}
			if (!CHECK_EQ(st, KPROF_OK))
				continue;
			/* MSR numbers from the reference: Intel 0x186+i / 0xC1+i; AMD legacy
			 * 0xC0010000+i / 0xC0010004+i; extended 0xC0010200+2i / 0xC0010201+2i */
			sel_msr = amd_ext ? 0xC0010200u + 2 * k : intel_itf ? 0x186u + k : 0xC0010000u + k;
			ctr_msr = amd_ext ? 0xC0010201u + 2 * k : intel_itf ? 0xC1u + k : 0xC0010004u + k;
			CHECK_EQ(p.program_count, 3);
			CHECK_EQ(p.program[0].msr, sel_msr);
			CHECK_EQ(p.program[0].value, rows[i].select);
			CHECK_EQ(p.program[1].msr, ctr_msr);
			CHECK_EQ(p.program[1].value, interval ? (1ull << width) - interval : 0);
			CHECK_EQ(p.program[2].msr, sel_msr);
			/* EN = bit 22, INT = bit 20 */
			CHECK_EQ(p.program[2].value, rows[i].select | (1u << 22) | (k & 1 ? 1u << 20 : 0));
			CHECK_EQ(p.stop.msr, sel_msr);
			CHECK_EQ(p.stop.value, rows[i].select);
			CHECK_EQ(p.counter_msr, ctr_msr);
			CHECK_EQ(p.rdpmc_index, k);
			CHECK_EQ(p.counter_mask, (1ull << width) - 1);
			CHECK_EQ(p.global_ctrl_msr, intel_itf && (c->r[LA][0] & 0xFF) >= 2 ? 0x38F : 0);
			CHECK_EQ(p.global_ctrl_bit, p.global_ctrl_msr ? 1ull << k : 0);
		}
	}
}

static void test_plans(void)
{
	own_cpu c = intel(0x16, 0x07300404, 0x10); /* LLC misses unavailable */
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	kprof_pmu_plan p;
	plans_for(&c, 0);
	c = intel(0xA, 0x07280201, 0); /* version 1: no global control */
	plans_for(&c, 0);
	c = amd(1, 1);
	plans_for(&c, 0);
	plans_for(&c, 1);
	/* extended counters need PerfCtrExtCore; Default plans nothing; bad intervals/flags */
	c = amd(1, 0);
	own_to_snapshot(&c, &s);
	kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
	CHECK_EQ(hal_plan(&d, kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0), 0, 0,
	                                 KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED, &p),
	         KPROF_E_UNSUPPORTED);
	CHECK_EQ(hal_plan(&d, kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0), 0, 1ull << 48, 0, &p),
	         KPROF_E_RANGE);
	CHECK_EQ(hal_plan(&d, kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0), 0, (1ull << 48) - 1, 0, &p),
	         KPROF_OK);
	CHECK_EQ(p.preload, 1);
	CHECK_EQ(hal_plan(&d, kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0), 0, 0, 0x80, &p),
	         KPROF_E_ARGUMENT);
	c = intel(0x16, 0x07300404, 0);
	own_to_snapshot(&c, &s);
	kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
	CHECK_EQ(hal_plan(&d, kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1D), 0, 0x80000000u, 0, &p),
	         KPROF_E_RANGE);
	CHECK_EQ(hal_plan(&d, kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1D), 0, 0x7FFFFFFFu, 0, &p),
	         KPROF_OK);
	c = intel(0x9, 0, 0);
	own_to_snapshot(&c, &s);
	kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
	CHECK_EQ(hal_plan(&d, kprof_source_by_value(KPROF_SOURCE_TABLE_DEFAULT, 0), 0, 0, 0, &p),
	         KPROF_E_UNSUPPORTED);
	/* a source of another interface */
	CHECK_EQ(hal_plan(&d, kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1D), 0, 0, 0, &p),
	         KPROF_E_UNSUPPORTED);
}

static void test_bridges(void)
{
	int t;
	char buf[32], want[32];
	size_t n;
	kprof_source_profile_add a;
	uint64_t cfg;
	for (t = 0; t < 2; t++) {
		kprof_source_table itf = t ? KPROF_SOURCE_TABLE_AMD64 : KPROF_SOURCE_TABLE_EMON;
		size_t cnt, i;
		const kprof_source *rows = kprof_source_rows_by_table(itf, &cnt);
		kprof_cpuid_vendor vendor = t ? KPROF_CPUID_VENDOR_AMD : KPROF_CPUID_VENDOR_INTEL;
		for (i = 0; i < cnt; i++) {
			uint64_t sel = rows[i].select;
			/* perf sets USR/OS itself: bits 16 and 17 go */
			uint64_t exp = sel & ~(uint64_t)0x30000;
			CHECK_EQ(kprof_pmu_perf_config_get(vendor, rows[i].select, &cfg), KPROF_OK);
			CHECK_EQ(cfg, exp);
			snprintf(want, sizeof want, "r%llx", (unsigned long long)exp);
			CHECK_EQ(kprof_pmu_perf_raw_format(vendor, rows[i].select, buf, sizeof buf, &n), KPROF_OK);
			CHECK_STR(buf, want);
			CHECK_EQ(n, strlen(want));
			CHECK_EQ(kprof_pmu_perf_raw_format(vendor, rows[i].select, buf, strlen(want), &n), KPROF_E_BUFFER_TOO_SMALL);
			CHECK_EQ(kprof_source_profile_add_get(&rows[i], &a), KPROF_OK);
			CHECK_EQ(a.event_select, (sel & 0xFF) | ((sel >> 32 & 0xF) << 8));
			CHECK_EQ(a.unit_select, sel >> 8 & 0xFF);
			CHECK_EQ(a.edge_detect, sel >> 18 & 1);
			CHECK_EQ(a.cinv, sel >> 23 & 1);
			CHECK_EQ(a.cmask, sel >> 24 & 0xFF);
			CHECK_EQ(a.any_thread, t ? 0 : sel >> 21 & 1);
			CHECK_EQ(a.host_guest, t ? sel >> 40 & 3 : 0); /* AMD PerfEvtSel[41:40] */
			CHECK_EQ(a.interval, rows[i].value == 0 ? 10000u : 65536u);
		}
	}
	CHECK_EQ(kprof_pmu_perf_raw_format(KPROF_CPUID_VENDOR_INTEL, kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1D)->select, buf, sizeof buf, &n), KPROF_OK);
	CHECK_STR(buf, "r412e");
	CHECK_EQ(kprof_pmu_perf_raw_format(KPROF_CPUID_VENDOR_INTEL, kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1C)->select, buf, sizeof buf, &n), KPROF_OK);
	CHECK_STR(buf, "r4f2e");
	CHECK_EQ(kprof_pmu_perf_raw_format(KPROF_CPUID_VENDOR_INTEL, kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x13)->select, buf, sizeof buf, &n), KPROF_OK);
	CHECK_STR(buf, "r3c");
	CHECK_EQ(kprof_pmu_perf_config_get(KPROF_CPUID_VENDOR_UNKNOWN, kprof_source_by_value(KPROF_SOURCE_TABLE_DEFAULT, 0)->select, &cfg), KPROF_E_UNSUPPORTED);
	CHECK_EQ(kprof_pmu_perf_config_get(KPROF_CPUID_VENDOR_INTEL, kprof_source_by_value(KPROF_SOURCE_TABLE_GENERIC, 0x13)->select, &cfg), KPROF_E_UNSUPPORTED);
	CHECK_EQ(kprof_source_profile_add_get(kprof_source_by_value(KPROF_SOURCE_TABLE_DEFAULT, 0), &a), KPROF_E_UNSUPPORTED);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* ------------------------------------------------------------------ processor counters */
/* A snapshot from (leaf, subleaf, eax, ebx, ecx, edx) rows. */
static void snap_rows(kprof_cpuid_snapshot *s, const uint32_t (*rows)[6], size_t n)
{
	size_t i;
	kprof_cpuid_snapshot_init(s);
	for (i = 0; i < n; i++)
		CHECK_EQ(kprof_cpuid_snapshot_set(s, rows[i][0], rows[i][1], (const uint32_t[4]){rows[i][2], rows[i][3], rows[i][4], rows[i][5]}),
		         KPROF_OK);
}

/* Plan counter k of ProfileTotalIssues / ProfileTotalIssues and return the status and MSRs. */
static kprof_status plan_msrs(const kprof_hal_decision *d, uint32_t k, uint32_t flags, uint32_t *sel, uint32_t *ctr,
                              kprof_pmu_plan *p)
{
	const kprof_source *src = kprof_source_by_value(d->table, 0x02);
	kprof_status st = hal_plan(d, src, k, 0, flags, p);
	*sel = p->select_msr;
	*ctr = p->counter_msr;
	return st;
}

static void test_pmu_caps(void)
{
	/* "GenuineIntel"/"AuthenticAMD" leaf 0 registers: ebx, ecx, edx as cpuid returns them */
	enum { GI_B = 0x756E6547, GI_C = 0x6C65746E, GI_D = 0x49656E69, AA_B = 0x68747541, AA_C = 0x444D4163, AA_D = 0x69746E65 };
	kprof_cpuid_snapshot s;
	kprof_pmu_caps c;
	kprof_hal_decision d;
	kprof_pmu_plan p;
	uint32_t sel, ctr, k;
	/* Intel perfmon version 5 reporting 16 counters, 3 contiguous fixed plus fixed counter 4
	 * in ecx (Intel SDM vol. 2A leaf 0AH: fixed i exists if ecx[i] or edx[4:0] > i). The
	 * legacy layout has eight select MSRs (SDM vol. 4 table 2-2): counter 8 is refused. */
	{
		const uint32_t rows[][6] = {{0, 0, 0x23, GI_B, GI_C, GI_D}, {1, 0, 0x000B06D1, 0, 0, 0},
		                            {0xA, 0, 0x07301005, 0, 0x10, 0x00008603}};
		snap_rows(&s, rows, 3);
		CHECK_EQ(kprof_pmu_caps_get(&s, &c), KPROF_OK);
		CHECK_EQ(c.version, 5);
		CHECK_EQ(c.counters, 16);
		CHECK_EQ(c.counter_width, 48);
		CHECK_EQ(c.counter_mask, 0xFFFF);
		CHECK_EQ(c.counter_limit, 8);
		CHECK_EQ(c.perfevtsel_msr, 0x186);
		CHECK_EQ(c.fixed_mask, 0x17);
		CHECK_EQ(c.fixed_counters, 4);
		CHECK_EQ(c.fixed_width, 48);
		CHECK_EQ(c.fixed_counter_msr, 0x309);
		CHECK_EQ(c.global_ctrl_msr, 0x38F);
		kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
		CHECK_EQ(d.table, KPROF_SOURCE_TABLE_EMON);
		CHECK_EQ(d.counters, 8);
		CHECK_EQ(d.pmu.counters, 16);
		CHECK_EQ(plan_msrs(&d, 7, 0, &sel, &ctr, &p), KPROF_OK);
		CHECK_EQ(sel, 0x186 + 7);
		CHECK_EQ(plan_msrs(&d, 8, 0, &sel, &ctr, &p), KPROF_E_RANGE);
	}
	/* Version 6 with 16 counters: 8..15 at the 0x19xx layout, select 0x1901 + 4i, counter
	 * 0x1900 + 4i (Linux msr-index.h MSR_IA32_PMC_V6_*, STEP 4); 16 does not exist. */
	{
		const uint32_t rows[][6] = {{0, 0, 0x23, GI_B, GI_C, GI_D}, {1, 0, 0x000C06C0, 0, 0, 0},
		                            {0xA, 0, 0x08301006, 0, 0, 0x00008604}};
		snap_rows(&s, rows, 3);
		kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
		CHECK_EQ(d.counters, 8);
		CHECK_EQ(d.pmu.counters, 16);
		CHECK_EQ(d.pmu.counter_limit, 32);
		CHECK_EQ(d.pmu.fixed_counter_msr, 0x1980);
		CHECK_EQ(d.pmu.fixed_msr_stride, 4);
		CHECK_EQ(plan_msrs(&d, 3, 0, &sel, &ctr, &p), KPROF_OK); /* the HAL's MSRs */
		CHECK_EQ(sel, 0x189);
		CHECK_EQ(ctr, 0xC4);
		for (k = 8; k < 16; k++) {
			CHECK_EQ(plan_msrs(&d, k, 0, &sel, &ctr, &p), KPROF_OK);
			CHECK_EQ(sel, 0x1901 + 4 * k);
			CHECK_EQ(ctr, 0x1900 + 4 * k);
			CHECK_EQ(p.rdpmc_index, k);
			CHECK_EQ(p.global_ctrl_msr, 0x38F);
			CHECK_EQ(p.global_ctrl_bit, 1ull << k);
		}
		CHECK_EQ(plan_msrs(&d, 16, 0, &sel, &ctr, &p), KPROF_E_RANGE);
	}
	/* A hostile version 6 claiming 255 counters: 32 slots before the fixed range. */
	{
		const uint32_t rows[][6] = {{0, 0, 0x23, GI_B, GI_C, GI_D}, {1, 0, 0x000C06C0, 0, 0, 0},
		                            {0xA, 0, 0x0830FF06, 0, 0, 0}};
		snap_rows(&s, rows, 3);
		kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
		CHECK_EQ(d.pmu.counters, 32);
		CHECK_EQ(plan_msrs(&d, 31, 0, &sel, &ctr, &p), KPROF_OK);
		CHECK_EQ(sel, 0x1901 + 4 * 31);
		CHECK_EQ(plan_msrs(&d, 32, 0, &sel, &ctr, &p), KPROF_E_RANGE);
		CHECK_EQ(plan_msrs(&d, 255, 0, &sel, &ctr, &p), KPROF_E_RANGE);
	}
	/* Leaf 0x23 (valid by leaf 7.1 eax[8]; sub-leaf 1 by sub-leaf 0 eax[1]) gives bitmaps
	 * that may have gaps; sub-leaf 3 the events, sub-leaf 2 the reload masks. */
	{
		const uint32_t rows[][6] = {{0, 0, 0x23, GI_B, GI_C, GI_D}, {1, 0, 0x000C06C0, 0, 0, 0},
		                            {7, 0, 1, 0, 0, 1u << 19}, {7, 1, 1u << 8, 0, 0, 0},
		                            {0xA, 0, 0x08300806, 0, 0, 0x00008603}, {0x1C, 0, 0x4000000B, 7, 7, 0},
		                            {0x23, 0, 0x0F, 0x3, 0, 0}, {0x23, 1, 0x0F0F, 0x7, 0, 0},
		                            {0x23, 2, 0x0F, 0x3, 0x0F, 0}, {0x23, 3, 0xDFF, 0, 0, 0}};
		snap_rows(&s, rows, 10);
		kprof_pmu_caps_get(&s, &c);
		CHECK_EQ(c.perfmon_ext, 1);
		CHECK_EQ(c.counter_mask, 0x0F0F);
		CHECK_EQ(c.counters, 8);
		CHECK_EQ(c.fixed_mask, 7);
		CHECK_EQ(c.umask2, 1);
		CHECK_EQ(c.eq, 1);
		CHECK_EQ(c.acr_counter_mask, 0x0F);
		CHECK_EQ(c.acr_fixed_mask, 0x3);
		CHECK_EQ(c.ext_events, 0xDFF);
		CHECK_EQ(c.arch_lbr, 1);
		CHECK_EQ(c.lbr_depth_max, 32); /* eax[7:0] = 0x0B: 8, 16, 32 */
		kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
		CHECK_EQ(plan_msrs(&d, 9, 0, &sel, &ctr, &p), KPROF_OK);
		CHECK_EQ(plan_msrs(&d, 4, 0, &sel, &ctr, &p), KPROF_OK); /* the HAL's: eax[15:8] = 8 */
		CHECK_EQ(plan_msrs(&d, 12, 0, &sel, &ctr, &p), KPROF_E_RANGE);
		/* without leaf 7.1 eax[8] leaf 0x23 is not trusted */
		s.regs[KPROF_CPUID_SLOT_STRUCT_EXT1][KPROF_CPUID_REG_EAX] = 0;
		kprof_pmu_caps_get(&s, &c);
		CHECK_EQ(c.perfmon_ext, 0);
		CHECK_EQ(c.counter_mask, 0xFF);
		CHECK_EQ(c.ext_events, 0);
	}
	/* AMD PerfMonV2 (AMD APM vol. 3 Fn8000_0022: ebx[3:0] core counters, [9:4] LBR stack,
	 * [15:10] data-fabric counters); a hostile core count stops at the six MSR pairs. */
	{
		const uint32_t rows[][6] = {{0, 0, 0x10, AA_B, AA_C, AA_D}, {1, 0, 0x00A60F12, 0, 0, 0},
		                            {0x80000000, 0, 0x80000028, 0, 0, 0},
		                            {0x80000001, 0, 0, 0, (1u << 23) | (1u << 24) | (1u << 27), 1u << 29},
		                            {0x80000022, 0, 0x3, 0x00004106, 0, 0}};
		snap_rows(&s, rows, 5);
		kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
		c = d.pmu;
		CHECK_EQ(c.vendor, KPROF_CPUID_VENDOR_AMD);
		CHECK_EQ(c.version, 2);
		CHECK_EQ(c.counters, 6);
		CHECK_EQ(c.counter_width, 48);
		CHECK_EQ(c.legacy_counters, 4);
		CHECK_EQ(c.lbr_v2, 1);
		CHECK_EQ(c.lbr_v2_stack, 16);
		CHECK_EQ(c.nb_counters, 16);
		CHECK_EQ(c.nb_perfevtsel_msr, 0xC0010240u);
		CHECK_EQ(c.ptsc_msr, 0xC0010280u);
		CHECK_EQ(c.global_ctrl_msr, 0xC0000301u);
		CHECK_EQ(c.global_status_msr, 0xC0000300u);
		CHECK_EQ(c.global_clear_msr, 0xC0000302u);
		CHECK_EQ(d.counters, 4);
		CHECK_EQ(plan_msrs(&d, 5, KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED, &sel, &ctr, &p), KPROF_OK);
		CHECK_EQ(sel, 0xC0010200u + 10);
		CHECK_EQ(ctr, 0xC0010201u + 10);
		CHECK_EQ(p.global_ctrl_msr, 0xC0000301u);
		CHECK_EQ(p.global_ctrl_bit, 1u << 5);
		CHECK_EQ(plan_msrs(&d, 4, 0, &sel, &ctr, &p), KPROF_E_RANGE); /* the HAL's four */
		s.regs[KPROF_CPUID_SLOT_AMD_PERFMON][KPROF_CPUID_REG_EBX] = 0x0000410F;
		kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d);
		CHECK_EQ(d.pmu.counters, 15);
		CHECK_EQ(d.pmu.counter_limit, 6);
		CHECK_EQ(plan_msrs(&d, 6, KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED, &sel, &ctr, &p), KPROF_E_RANGE);
		/* no PerfCtrExtCore: the legacy four, whatever 0x80000022 says */
		s.regs[KPROF_CPUID_SLOT_EXT_FEATURES][KPROF_CPUID_REG_ECX] = 0;
		kprof_pmu_caps_get(&s, &c);
		CHECK_EQ(c.counters, 4);
		CHECK_EQ(c.perfevtsel_msr, 0xC0010000u);
		CHECK_EQ(c.nb_counters, 0);
		CHECK_EQ(c.ptsc_msr, 0);
	}
	/* neither vendor, or nothing: all zero */
	kprof_cpuid_snapshot_init(&s);
	CHECK_EQ(kprof_pmu_caps_get(&s, &c), KPROF_OK);
	CHECK_EQ(c.counters + c.vendor + c.counter_limit, 0);
	CHECK_EQ(kprof_pmu_caps_get(&s, NULL), KPROF_E_ARGUMENT);
}

/* The later Amd64 spellings by release (kprof_hal_amd64_spelling): the original release spells
 * ProfileDCMisaligndDataReference (0x47) as the seed, Windows 11 as the later listings
 * (DCMisalignedDataReference); between them the spelling is unknown, which an Amd64
 * decision says and kprof answers with the original. Typed here from the listings, not the
 * spec. */
static void test_release_spellings(void)
{
	static const uint32_t amd[3] = {0x68747541, 0x444D4163, 0x69746E65};
	const kprof_source *dc = kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0x47);
	const kprof_source *ld = kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0x31);
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	kprof_cpuid_snapshot_init(&s);
	kprof_cpuid_snapshot_set(&s, 0, 0, (const uint32_t[4]){1, amd[0], amd[1], amd[2]});
	CHECK(dc && ld);
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_11, &d), KPROF_OK);
	CHECK_STR(kprof_hal_source_description_get(&d, dc), "DCMisalignedDataReference");
	CHECK_STR(kprof_hal_source_description_get(&d, ld), "DCAccess");
	CHECK(!(d.uncertain & KPROF_HAL_UNCERTAIN_AMD64_NAMES));
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d), KPROF_OK); /* the original release */
	CHECK_STR(kprof_hal_source_description_get(&d, dc), "DCMisaligndDataReference");
	CHECK(!(d.uncertain & KPROF_HAL_UNCERTAIN_AMD64_NAMES));
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_2004, &d), KPROF_OK);
	CHECK_STR(kprof_hal_source_description_get(&d, dc), "DCMisaligndDataReference");
	CHECK(d.uncertain & KPROF_HAL_UNCERTAIN_AMD64_NAMES);
	CHECK_STR(kprof_hal_source_description_get(NULL, dc), "DCMisaligndDataReference");
	CHECK(kprof_hal_source_description_get(&d, NULL) == NULL);
	CHECK(kprof_hal_amd64_spelling_by_description("dcmisalignedDATAreference", 25) ==
	      kprof_hal_amd64_spelling_by_id(KPROF_HAL_AMD64_SPELLING_ID_DC_MISALIGNED));
	CHECK(kprof_hal_amd64_spelling_by_id(KPROF_HAL_AMD64_SPELLING_FIRST + KPROF_HAL_AMD64_SPELLING_COUNT) == NULL);
	/* An Intel decision on Windows 10 2004: nothing uncertain about Amd64 names. */
	kprof_cpuid_snapshot_init(&s);
	kprof_cpuid_snapshot_set(&s, 0, 0, (const uint32_t[4]){0xA, 0x756E6547, 0x6C65746E, 0x49656E69});
	kprof_cpuid_snapshot_set(&s, 0xA, 0, (const uint32_t[4]){0x07300402, 0, 0, 0});
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_2004, &d), KPROF_OK);
	CHECK(d.table == KPROF_SOURCE_TABLE_EMON && !(d.uncertain & KPROF_HAL_UNCERTAIN_AMD64_NAMES));
}

/* The release argument: every modelled release decides, KPROF_HAL_WINDOWS_NEWEST is the last
 * row (the one after it is none), and a release that is none is refused with d saying Default. */
static void test_release_argument(void)
{
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	own_cpu c = amd(1, 1);
	uint32_t r;
	own_to_snapshot(&c, &s);
	CHECK(kprof_hal_release_by_id(KPROF_HAL_WINDOWS_NEWEST) != NULL);
	CHECK_EQ(kprof_hal_release_id_get(NULL), 0);
	CHECK_EQ(kprof_hal_release_emon_get(NULL), 0);
	CHECK(kprof_hal_release_by_id((kprof_hal_windows)(KPROF_HAL_WINDOWS_NEWEST + 1)) == NULL);
	for (r = KPROF_HAL_RELEASE_FIRST; r <= (uint32_t)KPROF_HAL_WINDOWS_NEWEST; r++) {
		const kprof_hal_release *rel = kprof_hal_release_by_id((kprof_hal_windows)r);
		CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, (kprof_hal_windows)r, &d), KPROF_OK);
		CHECK_EQ(d.release, r);
		/* the row's enum cells through their accessors (the RESULTS rule) */
		CHECK_EQ(kprof_hal_release_id_get(rel), r);
		CHECK_EQ(kprof_hal_release_emon_get(rel), rel->emon);
		CHECK_EQ(kprof_hal_release_amd64_get(rel), rel->amd64);
		CHECK_EQ(kprof_hal_release_amd64_names_get(rel), rel->amd64_names);
		CHECK(kprof_hal_presence_name(kprof_hal_release_tables_get(rel)) != NULL);
		CHECK_EQ(d.hal, KPROF_HAL_BUILD_X64);
	}
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_NEWEST, &d), KPROF_OK);
	CHECK_EQ(d.table, KPROF_SOURCE_TABLE_AMD64);
	memset(&d, 0x5A, sizeof d);
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, (kprof_hal_windows)0, &d), KPROF_E_ARGUMENT);
	CHECK_EQ(d.table, KPROF_SOURCE_TABLE_DEFAULT);
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, (kprof_hal_windows)(KPROF_HAL_WINDOWS_NEWEST + 1), &d),
	         KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_hal_decision_get(&s, (kprof_hal_build)2, KPROF_HAL_WINDOWS_10_1507, &d), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, NULL), KPROF_E_ARGUMENT);
}

int main(void)
{
	char dir[1024];
	DIR *dd;
	struct dirent *e;
	char *names[256];
	size_t n = 0, i;
	snprintf(dir, sizeof dir, "%s/cpuid-dumps/instlatx64", kt_shared_dir());
	dd = opendir(dir);
	if (!dd) {
		const char *ci = getenv("CI");
		fprintf(stderr, "no dumps at %s\n", dir);
		CHECK(!(ci && strcmp(ci, "true") == 0));
	} else {
		while ((e = readdir(dd)) != NULL && n < 256)
			if (strlen(e->d_name) > 4 && strcmp(e->d_name + strlen(e->d_name) - 4, ".txt") == 0)
				names[n++] = strdup(e->d_name);
		closedir(dd);
		qsort(names, n, sizeof names[0], cmp_str);
		CHECK(n >= 21);
		for (i = 0; i < n; i++) {
			test_dump_file(dir, names[i]);
			free(names[i]);
		}
	}
	test_edges();
	test_vendor_strings();
	test_live();
	test_selects();
	test_plans();
	test_release_argument();
	test_pmu_caps();
	test_bridges();
	test_release_spellings();
	return kt_done();
}
