/* The faulting-safe MSR accessors kprof.h calls through KPROF_RDMSR_SAFE/KPROF_WRMSR_SAFE:
 * structured exception handling turns the #GP of an MSR the processor (or hypervisor) does
 * not implement into a return value of 1 instead of a bug check. __try needs MSVC or clang in
 * MSVC mode (clang-cl); mingw-w64 gcc cannot compile it, so this file is its own translation
 * unit and the rest of the driver may be built by either compiler. Only Windows' own types
 * are used: <ntddk.h> does not declare uint32_t. */
#include <ntddk.h>
#include <intrin.h>

#include "msr_seh.h"

/* The instructions sit in functions of their own, called from the __try block: clang's SEH
 * covers the call sites in a __try (not an inline rdmsr/wrmsr there), and MSVC covers both. */
static __declspec(noinline) ULONG64 kprofdrv_readmsr(ULONG msr)
{
	return __readmsr(msr);
}

static __declspec(noinline) void kprofdrv_writemsr(ULONG msr, ULONG64 value)
{
	__writemsr(msr, value);
}

int kprofdrv_rdmsr_safe(ULONG msr, ULONG64 *value)
{
	__try {
		*value = kprofdrv_readmsr(msr);
		return 0;
	} __except (EXCEPTION_EXECUTE_HANDLER) {
		return 1;
	}
}

int kprofdrv_wrmsr_safe(ULONG msr, ULONG64 value)
{
	__try {
		kprofdrv_writemsr(msr, value);
		return 0;
	} __except (EXCEPTION_EXECUTE_HANDLER) {
		return 1;
	}
}
