/* What the Windows HAL would decide for a processor, and every fact the decision used. Fill
 * with kprof_hal_decision_get; a pure function of the snapshot, so a dump gives the same answer as
 * the live processor. Flags are 0 or 1. */
typedef struct kprof_hal_decision {
	kprof_source_table table;     /* the interface: KPROF_SOURCE_TABLE_DEFAULT, _EMON or _AMD64 */
	kprof_source_table tentative; /* the one rule 1 alone picks (before rules 2 and 3) */
	kprof_hal_reason reason;      /* the rule that decided */
	kprof_hal_build hal;          /* whose rules were applied */
	kprof_cpuid_vendor vendor;    /* from leaf 0 */
	char vendor_string[13]; /* leaf 0 vendor, NUL-terminated; "" when leaf 0 is missing */

	/* Leaf 1 (zero when missing) */
	uint8_t has_leaf1;
	uint32_t family, model, stepping; /* displayed values (kprof_cpuid_family_get, kprof_cpuid_model_get) */

	/* Hypervisor (rule 2) */
	uint8_t hv_present;        /* cpuid.1:ecx[31] */
	uint8_t hv_microsoft;      /* Microsoft-compatible: leaf 0x40000001 eax == "Hv#1" */
	uint8_t hv_has_features;   /* leaf 0x40000003 was there to read */
	uint8_t hv_perfmon;        /* leaf 0x40000003 edx[2] PerformanceMonitorsAvailable */
	uint8_t hv_has_vendor;     /* leaf 0x40000000 was there to read */
	char hv_vendor[13];        /* its signature ("Microsoft Hv", "KVMKVMKVM"), NUL-terminated */
	uint32_t hv_interface;     /* leaf 0x40000001 eax, 0 when missing */

	/* Architectural perfmon, leaf 0x0A (all zero when the leaf is missing or above max) */
	uint8_t has_perfmon_leaf;
	uint8_t perfmon_version;
	uint8_t perfmon_counters;  /* eax[15:8] */
	uint8_t perfmon_width;     /* eax[23:16] */
	uint8_t ebx_length;        /* eax[31:24] */
	uint8_t fixed_counters;    /* edx[4:0] */
	uint8_t fixed_width;       /* edx[12:5] */
	uint32_t ebx;              /* 1 = event NOT available */

	/* What the chosen interface uses (Default: nothing) */
	uint8_t counters;          /* general-purpose counters: Emon = eax[15:8] capped at the
	                            * eight IA32_PERFEVTSELx the HAL programs; Amd64 = the four
	                            * legacy ones */
	uint8_t counter_width;     /* bits: Emon = eax[23:16]; Amd64 = 48 */
	uint32_t perfevtsel_msr;   /* event select i is perfevtsel_msr + i * msr_stride */
	uint32_t counter_msr;      /* counter i is counter_msr + i * msr_stride */
	uint32_t msr_stride;

	uint8_t long_mode;         /* leaf 0x80000001 edx[29] */

	/* The counters the processor has (kprof_pmu_caps_get): counter plans may use
	 * those beyond the interface's */
	kprof_pmu_caps pmu;

	/* The Windows release whose HAL was asked about (spec/windows_releases.yaml) */
	kprof_hal_windows release; /* the release (the default resolved) */
	uint8_t uncertain;         /* kprof_hal_uncertain bits: facts no public source states */
	/* Emon only: the highest source above the Windows 10 original table the release lists
	 * (the later Intel sources, KPROF_SOURCE_TABLE_INTEL_LATER) is known to lie within
	 * [later_min, later_max]; equal when known. Both 0 for other interfaces. */
	uint16_t later_min, later_max;
} kprof_hal_decision;

/* The newest Windows release kprof models (the last row of spec/windows_releases.yaml): what a
 * caller that means "today's Windows" passes to kprof_hal_decision_get. */
#define KPROF_HAL_WINDOWS_NEWEST ((kprof_hal_windows)(KPROF_HAL_RELEASE_FIRST + KPROF_HAL_RELEASE_COUNT - 1u))
