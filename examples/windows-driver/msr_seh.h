/* The driver's faulting-safe MSR accessors (msr_seh.c): 0 on success, 1 when the access
 * faulted. Include after <ntddk.h> (or <wdm.h>) and before kprof.h. */
#ifndef KPROFDRV_MSR_SEH_H
#define KPROFDRV_MSR_SEH_H

int kprofdrv_rdmsr_safe(ULONG msr, ULONG64 *value);
int kprofdrv_wrmsr_safe(ULONG msr, ULONG64 value);

#define KPROF_RDMSR_SAFE(msr, p) kprofdrv_rdmsr_safe((ULONG)(msr), (ULONG64 *)(p))
#define KPROF_WRMSR_SAFE(msr, v) kprofdrv_wrmsr_safe((ULONG)(msr), (ULONG64)(v))

#endif
