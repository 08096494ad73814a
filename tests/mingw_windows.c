/* kprof's Windows layouts and values against the real Windows headers (mingw-w64), compiled
 * for i686 and x86_64: every check is a compile-time assertion, so compiling is the test. */
/* kprof.h first here; windows.h (objbase.h) defines `interface` as a macro, which is why
 * no kprof name may be `interface` (the matrix step includes kprof.h after windows.h). */
#include "kprof.h"
#include <windows.h>
#include <evntrace.h>
#include <bugcodes.h>

#define SAME(a, b, tag) KPROF_IMPL_STATIC_ASSERT((long long)(a) == (long long)(b), tag)

/* PROFILE_SOURCE_INFO and TRACE_PROFILE_INTERVAL (evntrace.h) */
SAME(sizeof(PROFILE_SOURCE_INFO), KPROF_WINDOWS_PROFILE_SOURCE_INFO_SIZE, psi_size);
SAME(offsetof(PROFILE_SOURCE_INFO, NextEntryOffset), KPROF_WINDOWS_PROFILE_SOURCE_INFO_NEXT_ENTRY_OFFSET_OFFSET, psi_next);
SAME(offsetof(PROFILE_SOURCE_INFO, Source), KPROF_WINDOWS_PROFILE_SOURCE_INFO_SOURCE_OFFSET, psi_source);
SAME(offsetof(PROFILE_SOURCE_INFO, MinInterval), KPROF_WINDOWS_PROFILE_SOURCE_INFO_MIN_INTERVAL_OFFSET, psi_min);
SAME(offsetof(PROFILE_SOURCE_INFO, MaxInterval), KPROF_WINDOWS_PROFILE_SOURCE_INFO_MAX_INTERVAL_OFFSET, psi_max);
SAME(offsetof(PROFILE_SOURCE_INFO, Reserved), KPROF_WINDOWS_PROFILE_SOURCE_INFO_RESERVED_OFFSET, psi_reserved);
SAME(offsetof(PROFILE_SOURCE_INFO, Description), KPROF_WINDOWS_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET, psi_desc);
SAME(sizeof(TRACE_PROFILE_INTERVAL), KPROF_WINDOWS_TRACE_PROFILE_INTERVAL_SIZE, tpi_size);
SAME(offsetof(TRACE_PROFILE_INTERVAL, Interval), KPROF_WINDOWS_TRACE_PROFILE_INTERVAL_INTERVAL_OFFSET, tpi_interval);

/* TRACE_QUERY_INFO_CLASS values mingw-w64 has (5..9) */
SAME(TraceSampledProfileIntervalInfo, KPROF_WINDOWS_TRACE_QUERY_INFO_CLASS_SAMPLED_PROFILE_INTERVAL_INFO, tq5);
SAME(TraceProfileSourceConfigInfo, KPROF_WINDOWS_TRACE_QUERY_INFO_CLASS_PROFILE_SOURCE_CONFIG_INFO, tq6);
SAME(TraceProfileSourceListInfo, KPROF_WINDOWS_TRACE_QUERY_INFO_CLASS_PROFILE_SOURCE_LIST_INFO, tq7);
SAME(TracePmcEventListInfo, KPROF_WINDOWS_TRACE_QUERY_INFO_CLASS_PMC_EVENT_LIST_INFO, tq8);
SAME(TracePmcCounterListInfo, KPROF_WINDOWS_TRACE_QUERY_INFO_CLASS_PMC_COUNTER_LIST_INFO, tq9);

/* bugcodes.h */
SAME(HAL_MEMORY_ALLOCATION, KPROF_WINDOWS_BUGCHECK_HAL_MEMORY_ALLOCATION, bugcheck);

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
SAME(sizeof(K_HAL_PROFILE_SOURCE_INFORMATION), KPROF_WINDOWS_HAL_PROFILE_SOURCE_INFORMATION_SIZE, hpsi);
SAME(offsetof(K_HAL_PROFILE_SOURCE_INFORMATION, Interval), KPROF_WINDOWS_HAL_PROFILE_SOURCE_INFORMATION_INTERVAL_OFFSET, hpsi_iv);
#ifdef _WIN64
SAME(sizeof(K_HAL_PROFILE_SOURCE_INFORMATION_EX), KPROF_WINDOWS_HAL_PROFILE_SOURCE_INFORMATION_EX_X64_SIZE, hpsix);
SAME(offsetof(K_HAL_PROFILE_SOURCE_INFORMATION_EX, MinInterval), KPROF_WINDOWS_HAL_PROFILE_SOURCE_INFORMATION_EX_X64_MIN_INTERVAL_OFFSET, hpsix_min);
SAME(sizeof(K_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA), KPROF_WINDOWS_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X64_SIZE, sppca);
SAME(offsetof(K_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA, Allocate), KPROF_WINDOWS_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X64_ALLOCATE_OFFSET, sppca_a);
#else
SAME(sizeof(K_HAL_PROFILE_SOURCE_INFORMATION_EX), KPROF_WINDOWS_HAL_PROFILE_SOURCE_INFORMATION_EX_X86_SIZE, hpsix);
SAME(offsetof(K_HAL_PROFILE_SOURCE_INFORMATION_EX, MinInterval), KPROF_WINDOWS_HAL_PROFILE_SOURCE_INFORMATION_EX_X86_MIN_INTERVAL_OFFSET, hpsix_min);
SAME(sizeof(K_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA), KPROF_WINDOWS_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X86_SIZE, sppca);
SAME(offsetof(K_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA, Allocate), KPROF_WINDOWS_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X86_ALLOCATE_OFFSET, sppca_a);
#endif
/* The processor profile area is 0x60 on both (seed 004): kprof's mirror, compiled by both. */
SAME(sizeof(kprof_windows_processor_profile_control_area), 0x60, ppca);
/* From Windows 10 2004: 0xA0 on both (the As64Bit view of the PEBS_DS_SAVE_AREA union). */
SAME(sizeof(kprof_windows_processor_profile_control_area_2004), 0xA0, ppca2004);

/* EVENT_TRACE_PROFILE_ADD_INFORMATION and _REMOVE_INFORMATION (issue 35): no mingw-w64 header
 * has them, so the members are declared here as phnt's ntexapi.h and the public symbols of
 * Windows 10 2004+ (can1357/selene) give them (kprof's record carries Valve's Tracy's
 * 127-unit description), and the MS ABI of both compilers lays them out. */
typedef union {
	struct { UCHAR PerfEvtEventSelect, PerfEvtUnitSelect, PerfEvtCMask, PerfEvtCInv, PerfEvtAnyThread, PerfEvtEdgeDetect; } Intel;
	struct { UCHAR PerfEvtEventSelect, PerfEvtUnitSelect; } Amd;
	struct { ULONG PerfEvtType; UCHAR AllowsHalt; } Arm;
} K_PROFILE_ADD_V2;
typedef union {
	struct { UCHAR PerfEvtEventSelect, PerfEvtUnitSelect, PerfEvtCMask, PerfEvtCInv, PerfEvtAnyThread, PerfEvtEdgeDetect; } Intel;
	struct { USHORT PerfEvtEventSelect; UCHAR PerfEvtUnitSelect, PerfEvtCMask, PerfEvtCInv, PerfEvtEdgeDetect, PerfEvtHostGuest, PerfPmuType; } Amd;
	struct { ULONG PerfEvtType; UCHAR AllowsHalt; } Arm;
} K_PROFILE_ADD_V3;
typedef struct {
	ULONG EventTraceInformationClass; /* an enum: 4 bytes */
	UCHAR Version;
	union { K_PROFILE_ADD_V2 V2; K_PROFILE_ADD_V3 V3; } u;
	ULONG CpuInfoHierarchy[3];
	ULONG InitialInterval;
	BOOLEAN Persist;
	WCHAR ProfileSourceDescription[127];
	UCHAR UnusedPad;
} K_PROFILE_ADD;
typedef struct {
	ULONG EventTraceInformationClass;
	ULONG ProfileSource; /* KPROFILE_SOURCE */
	ULONG CpuInfoHierarchy[3];
} K_PROFILE_REMOVE;
SAME(sizeof(K_PROFILE_ADD), KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE, add_size);
SAME(offsetof(K_PROFILE_ADD, Version), KPROF_WINDOWS_PROFILE_ADD_INFORMATION_VERSION_OFFSET, add_version);
SAME(offsetof(K_PROFILE_ADD, u), KPROF_WINDOWS_PROFILE_ADD_INFORMATION_V2_OFFSET, add_union);
SAME(sizeof(K_PROFILE_ADD_V2), sizeof(K_PROFILE_ADD_V3), add_v2_v3_same_size);
SAME(offsetof(K_PROFILE_ADD, CpuInfoHierarchy), KPROF_WINDOWS_PROFILE_ADD_INFORMATION_CPU_INFO_HIERARCHY_OFFSET, add_hier);
SAME(offsetof(K_PROFILE_ADD, InitialInterval), KPROF_WINDOWS_PROFILE_ADD_INFORMATION_INITIAL_INTERVAL_OFFSET, add_interval);
SAME(offsetof(K_PROFILE_ADD, Persist), KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PERSIST_OFFSET, add_persist);
SAME(offsetof(K_PROFILE_ADD, ProfileSourceDescription), KPROF_WINDOWS_PROFILE_ADD_INFORMATION_PROFILE_SOURCE_DESCRIPTION_OFFSET, add_desc);
SAME(sizeof(((K_PROFILE_ADD *)0)->ProfileSourceDescription), sizeof(((kprof_windows_profile_add_information *)0)->ProfileSourceDescription), add_desc_units);
SAME(offsetof(K_PROFILE_ADD_V3, Amd.PerfEvtUnitSelect), KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_UNIT_SELECT_OFFSET, v3_unit);
SAME(offsetof(K_PROFILE_ADD_V3, Amd.PerfEvtHostGuest), KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_EVT_HOST_GUEST_OFFSET, v3_hg);
SAME(offsetof(K_PROFILE_ADD_V3, Amd.PerfPmuType), KPROF_WINDOWS_PROFILE_ADD_AMD_V3_PERF_PMU_TYPE_OFFSET, v3_pmu);
SAME(sizeof(((K_PROFILE_ADD_V3 *)0)->Amd), KPROF_WINDOWS_PROFILE_ADD_AMD_V3_SIZE, v3_amd_size);
SAME(offsetof(K_PROFILE_ADD_V2, Intel.PerfEvtEdgeDetect), KPROF_WINDOWS_PROFILE_ADD_INTEL_PERF_EVT_EDGE_DETECT_OFFSET, v2_edge);
SAME(sizeof(((K_PROFILE_ADD_V2 *)0)->Intel), KPROF_WINDOWS_PROFILE_ADD_INTEL_SIZE, v2_intel_size);
SAME(sizeof(((K_PROFILE_ADD_V2 *)0)->Amd), KPROF_WINDOWS_PROFILE_ADD_AMD_V2_SIZE, v2_amd_size);
SAME(sizeof(K_PROFILE_REMOVE), KPROF_WINDOWS_PROFILE_REMOVE_INFORMATION_SIZE, remove_size);
SAME(offsetof(K_PROFILE_REMOVE, CpuInfoHierarchy), KPROF_WINDOWS_PROFILE_REMOVE_INFORMATION_CPU_INFO_HIERARCHY_OFFSET, remove_hier);
