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

/* Read an MSR into *value. RING 0 ONLY: rdmsr faults (#GP) at CPL > 0 and on an MSR the
 * processor lacks. With KPROF_RDMSR_SAFE defined the read goes through that hook and a fault
 * is KPROF_E_FAULT (*value = 0); without it a bad MSR faults like the bare instruction.
 * KPROF_E_NOT_AVAILABLE (*value = 0) in a KPROF_NO_LIVE build without the hook. */
KPROF_API kprof_status kprof_msr_read(uint32_t msr, uint64_t *value);
/* Write an MSR. RING 0 ONLY (see kprof_msr_read): with KPROF_WRMSR_SAFE a fault is
 * KPROF_E_FAULT; KPROF_E_NOT_AVAILABLE in a KPROF_NO_LIVE build without the hook. */
KPROF_API kprof_status kprof_msr_write(uint32_t msr, uint64_t value);

/* One MSR write of a counter plan. */
typedef struct kprof_msr_value {
	uint32_t msr;
	uint64_t value;
} kprof_msr_value;
