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
