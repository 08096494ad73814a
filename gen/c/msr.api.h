/* A PerfEvtSel value taken apart. Flags are 0 or 1. event holds 8 bits on Intel and
 * 12 on AMD (EventSelect[11:8] lives at bits 35:32 there). */
typedef struct kprof_select {
	uint16_t event;
	uint8_t umask;
	uint8_t cmask;
	uint8_t usr, os, edge, pc, intr, any, en, inv;
	uint8_t guest_only, host_only; /* AMD only */
} kprof_select;

/* MSVC's intrinsics, declared here so that kprof.h need not pull all of <intrin.h> into a
 * driver; the declarations match <intrin.h>'s, so including both is fine. */
#if defined(_MSC_VER) && !defined(__clang__) && !defined(KPROF_NO_LIVE)
#ifdef __cplusplus
extern "C" {
#endif
void __cpuidex(int cpu_info[4], int function_id, int subfunction_id);
unsigned __int64 __readmsr(unsigned long msr);
void __writemsr(unsigned long msr, unsigned __int64 value);
unsigned __int64 __readpmc(unsigned long counter);
#ifdef __cplusplus
}
#endif
#pragma intrinsic(__cpuidex)
#pragma intrinsic(__readmsr)
#pragma intrinsic(__writemsr)
#pragma intrinsic(__readpmc)
#endif

/* rdpmc's ecx: bit 30 selects the fixed-function counters (Intel). */
#define KPROF_RDPMC_FIXED 0x40000000u

/* Take a PerfEvtSel value apart by the vendor's layout (KPROF_VENDOR_INTEL: IA32_PERFEVTSELx;
 * KPROF_VENDOR_AMD: PerfEvtSel). *out is always filled; KPROF_E_RESERVED when bits the
 * layout does not define are set (AMD bit 21, anything above bit 31 on Intel, ...). */
KPROF_API kprof_status kprof_select_decode(kprof_vendor vendor, uint64_t value, kprof_select *out);
/* Build a PerfEvtSel value. KPROF_E_RANGE (and *out untouched) when a field does not fit:
 * a flag other than 0/1, an event above 0xFF (Intel) or 0xFFF (AMD), ANY on AMD, or
 * guest/host-only on Intel. */
KPROF_API kprof_status kprof_select_encode(kprof_vendor vendor, const kprof_select *in, uint64_t *out);
/* Read an MSR into *value. RING 0 ONLY: rdmsr faults (#GP) at CPL > 0 and on an MSR the
 * processor lacks. With KPROF_RDMSR_SAFE defined the read goes through that hook and a fault
 * is KPROF_E_FAULT (*value = 0); without it a bad MSR faults like the bare instruction.
 * KPROF_E_NOT_AVAILABLE (*value = 0) in a KPROF_NO_LIVE build without the hook. */
KPROF_INLINE kprof_status kprof_rdmsr(uint32_t msr, uint64_t *value)
{
	if (!value)
		return KPROF_E_ARGUMENT;
#if defined(KPROF_RDMSR_SAFE)
	{
		uint64_t v = 0;
		if (KPROF_RDMSR_SAFE(msr, &v) != 0) {
			*value = 0;
			return KPROF_E_FAULT;
		}
		*value = v;
		return KPROF_OK;
	}
#elif defined(KPROF_NO_LIVE)
	(void)msr;
	*value = 0;
	return KPROF_E_NOT_AVAILABLE;
#elif defined(_MSC_VER) && !defined(__clang__)
	*value = (uint64_t)__readmsr((unsigned long)msr);
	return KPROF_OK;
#else
	{
		uint32_t lo, hi;
		__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
		*value = ((uint64_t)hi << 32) | lo;
		return KPROF_OK;
	}
#endif
}
/* Write an MSR. RING 0 ONLY (see kprof_rdmsr): with KPROF_WRMSR_SAFE a fault is
 * KPROF_E_FAULT; KPROF_E_NOT_AVAILABLE in a KPROF_NO_LIVE build without the hook. */
KPROF_INLINE kprof_status kprof_wrmsr(uint32_t msr, uint64_t value)
{
#if defined(KPROF_WRMSR_SAFE)
	return KPROF_WRMSR_SAFE(msr, value) != 0 ? KPROF_E_FAULT : KPROF_OK;
#elif defined(KPROF_NO_LIVE)
	(void)msr;
	(void)value;
	return KPROF_E_NOT_AVAILABLE;
#elif defined(_MSC_VER) && !defined(__clang__)
	__writemsr((unsigned long)msr, (unsigned __int64)value);
	return KPROF_OK;
#else
	__asm__ __volatile__("wrmsr"
	                     :
	                     : "c"(msr), "a"((uint32_t)value), "d"((uint32_t)(value >> 32))
	                     : "memory");
	return KPROF_OK;
#endif
}
/* Read a performance counter with rdpmc: counter = general-purpose index, or
 * KPROF_RDPMC_FIXED | i for Intel fixed counter i. RING 0 ONLY unless the kernel set CR4.PCE;
 * an index the processor lacks faults (#GP) and no hook covers it: a kernel that must not
 * fault reads the counter's MSR with kprof_rdmsr instead (a kprof_counter_plan gives both).
 * KPROF_E_NOT_AVAILABLE (*value = 0) in a KPROF_NO_LIVE build. */
KPROF_INLINE kprof_status kprof_rdpmc(uint32_t counter, uint64_t *value)
{
	if (!value)
		return KPROF_E_ARGUMENT;
#if defined(KPROF_NO_LIVE)
	(void)counter;
	*value = 0;
	return KPROF_E_NOT_AVAILABLE;
#elif defined(_MSC_VER) && !defined(__clang__)
	*value = (uint64_t)__readpmc((unsigned long)counter);
	return KPROF_OK;
#else
	{
		uint32_t lo, hi;
		__asm__ __volatile__("rdpmc" : "=a"(lo), "=d"(hi) : "c"(counter));
		*value = ((uint64_t)hi << 32) | lo;
		return KPROF_OK;
	}
#endif
}
