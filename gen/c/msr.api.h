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

/* One MSR write of a counter plan. */
typedef struct kprof_msr_value {
	uint32_t msr;
	uint64_t value;
} kprof_msr_value;

KPROF_IMPL_INLINE kprof_status kprof_msr_read(uint32_t msr, uint64_t *value)
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

KPROF_IMPL_INLINE kprof_status kprof_msr_write(uint32_t msr, uint64_t value)
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
