/* kprof's Windows layouts and values against the real Windows headers (mingw-w64), compiled
 * for i686 and x86_64: every check is a compile-time assertion, so compiling is the test. */
/* kprof.h first here; windows.h (objbase.h) defines `interface` as a macro, which is why
 * kprof's row field is named `iface` (the matrix step includes kprof.h after windows.h). */
#include "kprof.h"
#include <windows.h>
#include <evntrace.h>
#include <bugcodes.h>

#define SAME(a, b, tag) KPROF_STATIC_ASSERT((long long)(a) == (long long)(b), tag)

/* PROFILE_SOURCE_INFO and TRACE_PROFILE_INTERVAL (evntrace.h) */
SAME(sizeof(PROFILE_SOURCE_INFO), KPROF_PROFILE_SOURCE_INFO_SIZE, psi_size);
SAME(offsetof(PROFILE_SOURCE_INFO, NextEntryOffset), KPROF_PROFILE_SOURCE_INFO_NEXT_ENTRY_OFFSET_OFFSET, psi_next);
SAME(offsetof(PROFILE_SOURCE_INFO, Source), KPROF_PROFILE_SOURCE_INFO_SOURCE_OFFSET, psi_source);
SAME(offsetof(PROFILE_SOURCE_INFO, MinInterval), KPROF_PROFILE_SOURCE_INFO_MIN_INTERVAL_OFFSET, psi_min);
SAME(offsetof(PROFILE_SOURCE_INFO, MaxInterval), KPROF_PROFILE_SOURCE_INFO_MAX_INTERVAL_OFFSET, psi_max);
SAME(offsetof(PROFILE_SOURCE_INFO, Reserved), KPROF_PROFILE_SOURCE_INFO_RESERVED_OFFSET, psi_reserved);
SAME(offsetof(PROFILE_SOURCE_INFO, Description), KPROF_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET, psi_desc);
SAME(sizeof(TRACE_PROFILE_INTERVAL), KPROF_TRACE_PROFILE_INTERVAL_SIZE, tpi_size);
SAME(offsetof(TRACE_PROFILE_INTERVAL, Interval), KPROF_TRACE_PROFILE_INTERVAL_INTERVAL_OFFSET, tpi_interval);

/* TRACE_QUERY_INFO_CLASS values mingw-w64 has (5..9) */
SAME(TraceSampledProfileIntervalInfo, KPROF_TRACE_SAMPLED_PROFILE_INTERVAL_INFO, tq5);
SAME(TraceProfileSourceConfigInfo, KPROF_TRACE_PROFILE_SOURCE_CONFIG_INFO, tq6);
SAME(TraceProfileSourceListInfo, KPROF_TRACE_PROFILE_SOURCE_LIST_INFO, tq7);
SAME(TracePmcEventListInfo, KPROF_TRACE_PMC_EVENT_LIST_INFO, tq8);
SAME(TracePmcCounterListInfo, KPROF_TRACE_PMC_COUNTER_LIST_INFO, tq9);

/* bugcodes.h */
SAME(HAL_MEMORY_ALLOCATION, KPROF_BUGCHECK_HAL_MEMORY_ALLOCATION, bugcheck);

/* HAL_PROFILE_SOURCE_INFORMATION(_EX) and HAL_QUERY_INFORMATION_CLASS (ddk/ntddk.h) mirrored
 * here: the DDK headers do not mix with windows.h. The mirror is the header's text. */
typedef enum { K_ProfileTime } K_KPROFILE_SOURCE;
typedef struct {
	K_KPROFILE_SOURCE Source;
	BOOLEAN Supported;
	ULONG Interval;
} K_HAL_PROFILE_SOURCE_INFORMATION;
typedef struct {
	K_KPROFILE_SOURCE Source;
	BOOLEAN Supported;
	ULONG_PTR Interval;
	ULONG_PTR DefInterval;
	ULONG_PTR MaxInterval;
	ULONG_PTR MinInterval;
} K_HAL_PROFILE_SOURCE_INFORMATION_EX;
typedef struct {
	void *ProcessorProfileControlArea; /* PPROCESSOR_PROFILE_CONTROL_AREA */
	BOOLEAN Allocate;
} K_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA;
SAME(sizeof(K_HAL_PROFILE_SOURCE_INFORMATION), KPROF_HAL_PROFILE_SOURCE_INFORMATION_SIZE, hpsi);
SAME(offsetof(K_HAL_PROFILE_SOURCE_INFORMATION, Interval), KPROF_HAL_PROFILE_SOURCE_INFORMATION_INTERVAL_OFFSET, hpsi_iv);
#ifdef _WIN64
SAME(sizeof(K_HAL_PROFILE_SOURCE_INFORMATION_EX), KPROF_HAL_PROFILE_SOURCE_INFORMATION_EX_X64_SIZE, hpsix);
SAME(offsetof(K_HAL_PROFILE_SOURCE_INFORMATION_EX, MinInterval), KPROF_HAL_PROFILE_SOURCE_INFORMATION_EX_X64_MIN_INTERVAL_OFFSET, hpsix_min);
SAME(sizeof(K_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA), KPROF_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X64_SIZE, sppca);
SAME(offsetof(K_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA, Allocate), KPROF_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X64_ALLOCATE_OFFSET, sppca_a);
#else
SAME(sizeof(K_HAL_PROFILE_SOURCE_INFORMATION_EX), KPROF_HAL_PROFILE_SOURCE_INFORMATION_EX_X86_SIZE, hpsix);
SAME(offsetof(K_HAL_PROFILE_SOURCE_INFORMATION_EX, MinInterval), KPROF_HAL_PROFILE_SOURCE_INFORMATION_EX_X86_MIN_INTERVAL_OFFSET, hpsix_min);
SAME(sizeof(K_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA), KPROF_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X86_SIZE, sppca);
SAME(offsetof(K_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA, Allocate), KPROF_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X86_ALLOCATE_OFFSET, sppca_a);
#endif
/* The processor profile area is 0x60 on both (seed 004): kprof's mirror, compiled by both. */
SAME(sizeof(kprof_processor_profile_control_area), 0x60, ppca);
/* From Windows 10 2004: 0xA0 on both (the As64Bit view of the PEBS_DS_SAVE_AREA union). */
SAME(sizeof(kprof_processor_profile_control_area_2004), 0xA0, ppca2004);
