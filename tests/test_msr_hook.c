/* test_msr_hook: the KPROF_RDMSR_SAFE / KPROF_WRMSR_SAFE hooks and a KPROF_NO_LIVE build.
 * The hooks stand in for a kernel's faulting-safe accessors: a fake MSR file here, where
 * MSR 0xDEAD "faults". */
#include <stdint.h>
static uint64_t fake_msr[4];
static uint32_t fake_last;
static int fake_rd(uint32_t msr, uint64_t *v)
{
	fake_last = msr;
	if (msr == 0xDEAD)
		return -5; /* like Linux rdmsrl_safe: non-zero on #GP */
	*v = fake_msr[msr & 3] + msr;
	return 0;
}
static int fake_wr(uint32_t msr, uint64_t v)
{
	fake_last = msr;
	if (msr == 0xDEAD)
		return 1;
	fake_msr[msr & 3] = v;
	return 0;
}
#define KPROF_RDMSR_SAFE(msr, p) fake_rd((msr), (p))
#define KPROF_WRMSR_SAFE(msr, v) fake_wr((msr), (v))
#define KPROF_NO_LIVE 1
#include "kprof.h"
#include "kprof_test.h"

int main(void)
{
	uint64_t v = 77;
	uint32_t r[4] = {1, 2, 3, 4};
	kprof_cpuid_snapshot s;
	CHECK_EQ(kprof_msr_write(0x186, 0x1234), KPROF_OK);
	CHECK_EQ(fake_last, 0x186);
	CHECK_EQ(kprof_msr_read(0x186, &v), KPROF_OK);
	CHECK_EQ(v, 0x1234 + 0x186);
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
	return kt_done();
}
