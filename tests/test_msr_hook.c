/* test_msr_hook: the KPROF_RDMSR_SAFE / KPROF_WRMSR_SAFE hooks, a KPROF_NO_LIVE build, and the
 * hardware core's counter plans started, read and stopped through the hooks.
 * The hooks stand in for a kernel's faulting-safe accessors: a fake MSR file here that records
 * every access, where MSR 0xDEAD (and fail_msr, when set) "faults". The MSR numbers and bits the
 * plans must write are typed here from the vendors' manuals, not taken from kprof.h. */
#include <stdint.h>
#define FAKE_MAX 64
static struct {
	uint32_t msr;
	uint64_t value;
} fake_file[FAKE_MAX], fake_log[FAKE_MAX];
static unsigned fake_files, fake_logs, fake_reads;
static uint32_t fake_last, fail_msr;

static uint64_t *fake_slot(uint32_t msr)
{
	unsigned i;
	for (i = 0; i < fake_files; i++)
		if (fake_file[i].msr == msr)
			return &fake_file[i].value;
	if (fake_files == FAKE_MAX)
		return 0;
	fake_file[fake_files].msr = msr;
	fake_file[fake_files].value = 0;
	return &fake_file[fake_files++].value;
}
static int fake_rd(uint32_t msr, uint64_t *v)
{
	fake_last = msr;
	fake_reads++;
	if (msr == 0xDEAD || msr == fail_msr)
		return -5; /* like Linux rdmsrl_safe: non-zero on #GP */
	*v = *fake_slot(msr);
	return 0;
}
static int fake_wr(uint32_t msr, uint64_t v)
{
	fake_last = msr;
	if (msr == 0xDEAD || msr == fail_msr)
		return 1;
	if (fake_logs < FAKE_MAX) {
		fake_log[fake_logs].msr = msr;
		fake_log[fake_logs++].value = v;
	}
	*fake_slot(msr) = v;
	return 0;
}
#define KPROF_RDMSR_SAFE(msr, p) fake_rd((msr), (p))
#define KPROF_WRMSR_SAFE(msr, v) fake_wr((msr), (v))
#define KPROF_NO_LIVE 1
#include "kprof.h"
#include "kprof_test.h"

/* Numbers from the manuals. Intel SDM vol. 4 table 2-2: IA32_PMCx 0xC1+x, IA32_PERFEVTSELx
 * 0x186+x, IA32_PERF_GLOBAL_CTRL 0x38F (bit x enables PMCx). AMD APM vol. 2 chapter 13 and
 * appendix A: PerfEvtSel0-3 0xC0010000+x, PerfCtr0-3 0xC0010004+x; PerfEvtSel0-5 (PerfCtrExtCore)
 * 0xC0010200+2x, PerfCtr0-5 0xC0010201+2x; PerfCntrGlobalCtl 0xC0000301 (PerfMonV2). PerfEvtSel
 * of both: INT bit 20, EN bit 22. */
enum { IA32_PMC0 = 0xC1, IA32_PERFEVTSEL0 = 0x186, IA32_PERF_GLOBAL_CTRL = 0x38F };
/* Intel SDM vol. 4 table 2-2: IA32_FIXED_CTRx 0x309+x, IA32_FIXED_CTR_CTRL 0x38D (bits 4x+3:4x
 * for fixed counter x: OS bit 0, USR bit 1, AnyThread bit 2, PMI bit 3); IA32_PERF_GLOBAL_CTRL
 * bit 32+x enables fixed counter x; rdpmc reads fixed counter x with ecx = (1 << 30) | x. */
enum { IA32_FIXED_CTR0 = 0x309, IA32_FIXED_CTR_CTRL = 0x38D };
#define AMD_PERFEVTSEL0 0xC0010000u
#define AMD_PERFCTR0 0xC0010004u
#define AMD_PERFEVTSEL_EXT0 0xC0010200u
#define AMD_PERFCTR_EXT0 0xC0010201u
#define AMD_PERF_GLOBAL_CTL 0xC0000301u
#define SEL_INT (1ull << 20)
#define SEL_EN (1ull << 22)

static void fake_reset(void)
{
	fake_files = fake_logs = fake_reads = 0;
	fail_msr = 0;
}

/* The writes logged since the last reset equal want[0..n) (msr, value pairs). */
static void writes_are(const char *what, const uint64_t (*want)[2], unsigned n)
{
	unsigned i;
	if (!CHECK_EQ(fake_logs, n))
		fprintf(stderr, "  (%s)\n", what);
	for (i = 0; i < n && i < fake_logs; i++) {
		if (!CHECK_EQ(fake_log[i].msr, want[i][0]) || !CHECK_EQ(fake_log[i].value, want[i][1]))
			fprintf(stderr, "  (%s, write %u)\n", what, i);
	}
}

static void set(kprof_cpuid_snapshot *s, uint32_t leaf, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
	const uint32_t r[4] = {a, b, c, d};
	CHECK_EQ(kprof_cpuid_snapshot_set(s, leaf, 0, r), KPROF_OK);
}

/* An Intel processor with perfmon version `version`, `counters` counters of `width` bits. */
static void intel_caps(kprof_pmu_caps *c, uint32_t version, uint32_t counters, uint32_t width)
{
	kprof_cpuid_snapshot s;
	kprof_cpuid_snapshot_init(&s);
	set(&s, 0, 0x16, 0x756E6547, 0x6C65746E, 0x49656E69); /* "GenuineIntel" */
	set(&s, 1, 0x000906EA, 0, 0, 0);
	/* leaf 0x0A eax: version 7:0, counters 15:8, width 23:16, ebx length 31:24 */
	set(&s, 0xA, version | counters << 8 | width << 16 | 7u << 24, 0, 0, version >= 2 ? 0x603 : 0);
	CHECK_EQ(kprof_pmu_caps_get(&s, c), KPROF_OK);
}

/* An AMD processor: with PerfCtrExtCore (0x80000001 ecx[23]) or not, with PerfMonV2
 * (0x80000022 eax[0], ebx[3:0] = 6 core counters) or not. */
static void amd_caps(kprof_pmu_caps *c, int ext, int v2)
{
	kprof_cpuid_snapshot s;
	kprof_cpuid_snapshot_init(&s);
	set(&s, 0, 0x10, 0x68747541, 0x444D4163, 0x69746E65); /* "AuthenticAMD" */
	set(&s, 1, 0x00A20F10, 0, 0, 0);
	set(&s, 0x80000000, 0x80000022, 0, 0, 0);
	set(&s, 0x80000001, 0, 0, ext ? 1u << 23 : 0, 1u << 29);
	set(&s, 0x80000022, v2 ? 1 : 0, v2 ? 6 : 0, 0, 0);
	CHECK_EQ(kprof_pmu_caps_get(&s, c), KPROF_OK);
}

static kprof_status plan(const kprof_pmu_caps *c, uint64_t select, uint32_t counter, uint64_t interval,
                         uint32_t flags, kprof_pmu_plan *p)
{
	kprof_pmu_counter_config cfg;
	memset(&cfg, 0, sizeof cfg);
	cfg.select = select;
	cfg.counter = counter;
	cfg.interval = interval;
	cfg.flags = flags;
	return kprof_pmu_plan_get(c, &cfg, p);
}

static void test_intel(void)
{
	kprof_pmu_caps c;
	kprof_pmu_plan p;
	uint64_t count = 1;
	const uint64_t sel = 0x0003003C; /* USR | OS, event 0x3C: unhalted core cycles */
	/* version 4, four 48-bit counters: counter 2 sampling every 65536 events */
	intel_caps(&c, 4, 4, 48);
	CHECK_EQ(plan(&c, sel, 2, 65536, KPROF_PMU_PLAN_FLAGS_INTERRUPT, &p), KPROF_OK);
	fake_reset();
	*fake_slot(IA32_PERF_GLOBAL_CTRL) = 0x700000003ull; /* PMC0, PMC1, fixed 0-2 on */
	CHECK_EQ(kprof_pmu_plan_start(&p), KPROF_OK);
	{
		const uint64_t want[][2] = {{IA32_PERFEVTSEL0 + 2, sel},
		                            {IA32_PMC0 + 2, (1ull << 48) - 65536},
		                            {IA32_PERFEVTSEL0 + 2, sel | SEL_EN | SEL_INT},
		                            {IA32_PERF_GLOBAL_CTRL, 0x700000007ull}};
		writes_are("intel v4 start", want, 4);
	}
	*fake_slot(IA32_PMC0 + 2) = 0xFFFF123456789ABCull;
	CHECK_EQ(kprof_pmu_plan_read(&p, &count), KPROF_OK);
	CHECK_EQ(count, 0x123456789ABCull); /* 48 bits */
	fake_reset();
	*fake_slot(IA32_PERF_GLOBAL_CTRL) = 0x700000007ull;
	CHECK_EQ(kprof_pmu_plan_stop(&p), KPROF_OK);
	{
		const uint64_t want[][2] = {{IA32_PERFEVTSEL0 + 2, sel}, {IA32_PERF_GLOBAL_CTRL, 0x700000003ull}};
		writes_are("intel v4 stop", want, 2);
	}
	/* an interval the counter cannot hold: IA32_PMCx writes sign-extend bit 31 */
	CHECK_EQ(plan(&c, sel, 0, 0x80000000u, 0, &p), KPROF_E_RANGE);
	CHECK_EQ(p.program_count, 0);
	CHECK_EQ(plan(&c, sel, 0, 0x7FFFFFFFu, 0, &p), KPROF_OK);
	CHECK_EQ(p.preload, (1ull << 48) - 0x7FFFFFFFu);
	/* bits the Intel layout kprof plans does not define (bit 32 and above) */
	CHECK_EQ(plan(&c, sel | 1ull << 32, 0, 0, 0, &p), KPROF_E_RESERVED);
	/* EN in the select is the plan's: the stop write never carries it */
	CHECK_EQ(plan(&c, sel | SEL_EN, 1, 0, 0, &p), KPROF_OK);
	CHECK_EQ(p.stop.value, sel);
	CHECK_EQ(plan(&c, sel, 4, 0, 0, &p), KPROF_E_RANGE); /* four counters: 0..3 */
	CHECK_EQ(plan(&c, sel, 0, 0, KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED, &p), KPROF_E_UNSUPPORTED);
	CHECK_EQ(plan(&c, sel, 0, 0, 0x80, &p), KPROF_E_ARGUMENT);

	/* version 1: two 40-bit counters, no global control to touch */
	intel_caps(&c, 1, 2, 40);
	CHECK_EQ(plan(&c, sel, 1, 0, 0, &p), KPROF_OK);
	fake_reset();
	CHECK_EQ(kprof_pmu_plan_start(&p), KPROF_OK);
	CHECK_EQ(kprof_pmu_plan_stop(&p), KPROF_OK);
	{
		const uint64_t want[][2] = {{IA32_PERFEVTSEL0 + 1, sel}, {IA32_PMC0 + 1, 0},
		                            {IA32_PERFEVTSEL0 + 1, sel | SEL_EN}, {IA32_PERFEVTSEL0 + 1, sel}};
		writes_are("intel v1 start, stop", want, 4);
	}
	CHECK_EQ(fake_reads, 0);
	CHECK_EQ(plan(&c, sel, 2, 0, 0, &p), KPROF_E_RANGE);
	/* a hook that faults on the counter: start stops there and says so */
	intel_caps(&c, 4, 4, 48);
	CHECK_EQ(plan(&c, sel, 0, 0, 0, &p), KPROF_OK);
	fake_reset();
	fail_msr = IA32_PMC0;
	CHECK_EQ(kprof_pmu_plan_start(&p), KPROF_E_FAULT);
	{
		const uint64_t want[][2] = {{IA32_PERFEVTSEL0, sel}};
		writes_are("intel start, counter faults", want, 1);
	}
	count = 5;
	CHECK_EQ(kprof_pmu_plan_read(&p, &count), KPROF_E_FAULT);
	CHECK_EQ(count, 0);
	fail_msr = IA32_PERF_GLOBAL_CTRL;
	CHECK_EQ(kprof_pmu_plan_stop(&p), KPROF_E_FAULT);
}

static void test_fixed(void)
{
	kprof_pmu_caps c;
	kprof_pmu_plan p;
	uint64_t count = 0;
	const uint64_t usr_os = 0x30000; /* USR bit 16, OS bit 17 */
	/* version 4 with three 48-bit fixed counters (edx 0x603) */
	intel_caps(&c, 4, 4, 48);
	CHECK_EQ(plan(&c, usr_os, 1, 0, KPROF_PMU_PLAN_FLAGS_FIXED, &p), KPROF_OK);
	CHECK_EQ(p.rdpmc_index, (1u << 30) | 1);
	fake_reset();
	*fake_slot(IA32_FIXED_CTR_CTRL) = 0x00B;            /* fixed 0: OS, USR, PMI (someone else's) */
	*fake_slot(IA32_PERF_GLOBAL_CTRL) = 0x10000000Full; /* fixed 0 and PMC0-3 on */
	CHECK_EQ(kprof_pmu_plan_start(&p), KPROF_OK);
	{
		const uint64_t want[][2] = {{IA32_FIXED_CTR_CTRL, 0x00B},
		                            {IA32_FIXED_CTR0 + 1, 0},
		                            {IA32_FIXED_CTR_CTRL, 0x03B},
		                            {IA32_PERF_GLOBAL_CTRL, 0x30000000Full}};
		writes_are("intel fixed 1 start", want, 4);
	}
	*fake_slot(IA32_FIXED_CTR0 + 1) = 0x1000000000123ull;
	CHECK_EQ(kprof_pmu_plan_read(&p, &count), KPROF_OK);
	CHECK_EQ(count, 0x123); /* 48 bits */
	fake_reset();
	*fake_slot(IA32_FIXED_CTR_CTRL) = 0x03B;
	*fake_slot(IA32_PERF_GLOBAL_CTRL) = 0x30000000Full;
	CHECK_EQ(kprof_pmu_plan_stop(&p), KPROF_OK);
	{
		const uint64_t want[][2] = {{IA32_FIXED_CTR_CTRL, 0x00B}, {IA32_PERF_GLOBAL_CTRL, 0x10000000Full}};
		writes_are("intel fixed 1 stop", want, 2);
	}
	/* fixed 2, user only, sampling: PMI in its field, the preload in IA32_FIXED_CTR2 */
	CHECK_EQ(plan(&c, 0x10000, 2, 1000, KPROF_PMU_PLAN_FLAGS_FIXED | KPROF_PMU_PLAN_FLAGS_INTERRUPT, &p), KPROF_OK);
	fake_reset();
	CHECK_EQ(kprof_pmu_plan_start(&p), KPROF_OK);
	{
		const uint64_t want[][2] = {{IA32_FIXED_CTR_CTRL, 0},
		                            {IA32_FIXED_CTR0 + 2, (1ull << 48) - 1000},
		                            {IA32_FIXED_CTR_CTRL, 0xA00},
		                            {IA32_PERF_GLOBAL_CTRL, 1ull << 34}};
		writes_are("intel fixed 2 start", want, 4);
	}
	CHECK_EQ(plan(&c, usr_os, 3, 0, KPROF_PMU_PLAN_FLAGS_FIXED, &p), KPROF_E_RANGE); /* three: 0..2 */
	CHECK_EQ(plan(&c, usr_os | 0x3C, 0, 0, KPROF_PMU_PLAN_FLAGS_FIXED, &p), KPROF_E_RESERVED);
	CHECK_EQ(p.program_count, 0);
	/* version 1 has no fixed counters; AMD none */
	intel_caps(&c, 1, 2, 40);
	CHECK_EQ(plan(&c, usr_os, 0, 0, KPROF_PMU_PLAN_FLAGS_FIXED, &p), KPROF_E_RANGE);
	amd_caps(&c, 1, 1);
	CHECK_EQ(plan(&c, usr_os, 0, 0, KPROF_PMU_PLAN_FLAGS_FIXED, &p), KPROF_E_UNSUPPORTED);
}

static void test_amd(void)
{
	kprof_pmu_caps c;
	kprof_pmu_plan p;
	const uint64_t sel = 0x00030076; /* USR | OS, event 0x76: cycles not in halt */
	/* no PerfCtrExtCore: the four legacy pairs only */
	amd_caps(&c, 0, 0);
	CHECK_EQ(plan(&c, sel, 3, 0, 0, &p), KPROF_OK);
	fake_reset();
	CHECK_EQ(kprof_pmu_plan_start(&p), KPROF_OK);
	{
		const uint64_t want[][2] = {{AMD_PERFEVTSEL0 + 3, sel}, {AMD_PERFCTR0 + 3, 0},
		                            {AMD_PERFEVTSEL0 + 3, sel | SEL_EN}};
		writes_are("amd legacy start", want, 3);
	}
	CHECK_EQ(fake_reads, 0);
	CHECK_EQ(p.counter_width, 48);
	CHECK_EQ(plan(&c, sel, 4, 0, 0, &p), KPROF_E_RANGE);
	CHECK_EQ(plan(&c, sel, 0, 0, KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED, &p), KPROF_E_UNSUPPORTED);
	/* 48-bit counters hold any interval below 2^48 */
	CHECK_EQ(plan(&c, sel, 0, (1ull << 48) - 1, 0, &p), KPROF_OK);
	CHECK_EQ(p.preload, 1);
	CHECK_EQ(plan(&c, sel, 0, 1ull << 48, 0, &p), KPROF_E_RANGE);

	/* PerfCtrExtCore and PerfMonV2: extended counter 5, global control */
	amd_caps(&c, 1, 1);
	CHECK_EQ(plan(&c, sel, 5, 100000, KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED | KPROF_PMU_PLAN_FLAGS_INTERRUPT, &p),
	         KPROF_OK);
	fake_reset();
	*fake_slot(AMD_PERF_GLOBAL_CTL) = 0x3F; /* all six on at reset (APM) */
	CHECK_EQ(kprof_pmu_plan_stop(&p), KPROF_OK);
	CHECK_EQ(kprof_pmu_plan_start(&p), KPROF_OK);
	{
		const uint64_t want[][2] = {{AMD_PERFEVTSEL_EXT0 + 10, sel},
		                            {AMD_PERF_GLOBAL_CTL, 0x1F},
		                            {AMD_PERFEVTSEL_EXT0 + 10, sel},
		                            {AMD_PERFCTR_EXT0 + 10, (1ull << 48) - 100000},
		                            {AMD_PERFEVTSEL_EXT0 + 10, sel | SEL_EN | SEL_INT},
		                            {AMD_PERF_GLOBAL_CTL, 0x3F}};
		writes_are("amd extended stop, start", want, 6);
	}
	CHECK_EQ(plan(&c, sel, 6, 0, KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED, &p), KPROF_E_RANGE);
	/* a legacy counter on the same part: its own MSRs, the same global bit */
	CHECK_EQ(plan(&c, sel, 1, 0, 0, &p), KPROF_OK);
	CHECK_EQ(p.select_msr, AMD_PERFEVTSEL0 + 1);
	CHECK_EQ(p.counter_msr, AMD_PERFCTR0 + 1);
	CHECK_EQ(p.global_ctrl_msr, AMD_PERF_GLOBAL_CTL);
	CHECK_EQ(p.global_ctrl_bit, 1u << 1);
}

static void test_refusals(void)
{
	kprof_pmu_caps c;
	kprof_pmu_plan p;
	kprof_pmu_counter_config cfg;
	uint64_t count = 3;
	memset(&c, 0, sizeof c);
	memset(&cfg, 0, sizeof cfg);
	memset(&p, 0xA5, sizeof p);
	CHECK_EQ(kprof_pmu_plan_get(&c, &cfg, &p), KPROF_E_UNSUPPORTED); /* no counters */
	CHECK_EQ(p.program_count, 0);
	CHECK_EQ(kprof_pmu_plan_get(NULL, &cfg, &p), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_pmu_plan_get(&c, NULL, &p), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_pmu_plan_get(&c, &cfg, NULL), KPROF_E_ARGUMENT);
	/* an empty plan is not started, stopped nor read */
	fake_reset();
	CHECK_EQ(kprof_pmu_plan_start(&p), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_pmu_plan_stop(&p), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_pmu_plan_read(&p, &count), KPROF_E_ARGUMENT);
	CHECK_EQ(count, 0);
	CHECK_EQ(kprof_pmu_plan_start(NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_pmu_plan_read(NULL, &count), KPROF_E_ARGUMENT);
	CHECK_EQ(fake_logs + fake_reads, 0);
}

int main(void)
{
	uint64_t v = 77;
	uint32_t r[4] = {1, 2, 3, 4};
	kprof_cpuid_snapshot s;
	CHECK_EQ(kprof_msr_write(0x186, 0x1234), KPROF_OK);
	CHECK_EQ(fake_last, 0x186);
	CHECK_EQ(kprof_msr_read(0x186, &v), KPROF_OK);
	CHECK_EQ(v, 0x1234);
	CHECK_EQ(kprof_msr_read(0xDEAD, &v), KPROF_E_FAULT);
	CHECK_EQ(v, 0);
	CHECK_EQ(kprof_msr_write(0xDEAD, 1), KPROF_E_FAULT);
	CHECK_EQ(kprof_msr_read(0x186, NULL), KPROF_E_ARGUMENT);
	/* no live instructions in this build */
	v = 5;
	CHECK_EQ(kprof_pmu_counter_read(0, &v), KPROF_E_NOT_AVAILABLE);
	CHECK_EQ(v, 0);
	CHECK_EQ(kprof_cpuid_leaf_read(0, 0, r), KPROF_E_NOT_AVAILABLE);
	CHECK(r[0] == 0 && r[1] == 0 && r[2] == 0 && r[3] == 0);
	CHECK_EQ(kprof_cpuid_snapshot_read(&s), KPROF_E_NOT_AVAILABLE);
	CHECK_EQ(s.present, 0);
	test_intel();
	test_fixed();
	test_amd();
	test_refusals();
	return kt_done();
}
