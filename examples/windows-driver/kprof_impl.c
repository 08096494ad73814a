/* kprof's implementation in the driver: the one translation unit that defines
 * KPROF_IMPLEMENTATION, so every kprof function and table is compiled here, once. kprofdrv.c
 * includes kprof.h without it. Both include msr_seh.h first: the MSR hooks are used by the
 * implementation and by the inline kprof_msr_read/kprof_msr_write wherever they are called. */
#include <ntddk.h>

#include "msr_seh.h" /* KPROF_RDMSR_SAFE / KPROF_WRMSR_SAFE: before kprof.h */
#define KPROF_IMPLEMENTATION
#include "kprof.h"
