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
