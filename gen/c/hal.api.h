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
	uint32_t family, model, stepping; /* displayed values (kprof_cpuid_family_get/model) */

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

/* The hal argument of kprof_hal_decision_get: KPROF_HAL_BUILD_X64 or KPROF_HAL_BUILD_X86, optionally ORed with
 * KPROF_HAL_RELEASE(KPROF_HAL_WINDOWS_...). Without a release the HAL is the Windows 10 original
 * release's, the one Geoff Chappell documents and the one kprof 0.1 modelled, so every older
 * call means what it meant. C has no default arguments and a second function would be a
 * second way to decide; a release in the spare bits of the same argument keeps one function
 * and every existing call (the argument is a uint32_t, so C++ callers need no cast). */
#define KPROF_HAL_RELEASE(id) (((uint32_t)(id) << KPROF_HAL_RELEASE_SHIFT) & KPROF_HAL_RELEASE_MASK)
#define KPROF_HAL_WINDOWS_DEFAULT KPROF_HAL_WINDOWS_10_1507

/* Decide as the Windows HAL does which profile interface a processor gets, from its cpuid
 * leaves (after Geoff Chappell's study of the Windows 10 HAL):
 *   1. leaf 0 vendor "AuthenticAMD" -> Amd64; "GenuineIntel" -> Emon when max leaf >= 0x0A
 *      and leaf 0x0A has version >= 1, ebx length != 0 and ebx bit 0 clear; else Default;
 *   3. (KPROF_HAL_BUILD_X86 only) Intel needs family 6 or 15, AMD needs long mode, else Default;
 *   2. a Microsoft-compatible hypervisor (cpuid.1:ecx[31] and leaf 0x40000001 eax "Hv#1")
 *      without PerformanceMonitorsAvailable (leaf 0x40000003 edx[2]) -> Default. Other
 *      hypervisors (KVM, VMware, Xen) are not consulted.
 * The first rule that makes the interface Default names the reason. Missing leaves and leaves
 * above the max leaf count as absent, so any snapshot, even an empty one, gives a decision
 * (Default).
 * hal: KPROF_HAL_BUILD_X64 or KPROF_HAL_BUILD_X86, | KPROF_HAL_RELEASE(KPROF_HAL_WINDOWS_...) for another
 * release than Windows 10's original (the default). A release's row says which interfaces,
 * 32-bit sources and rules its HAL has: an interface it lacks makes Default
 * (KPROF_HAL_REASON_RELEASE_*); a rule or interface no public source confirms for it is
 * applied as Windows 10 applies it, and d->uncertain says so.
 * *d is always filled; KPROF_E_ARGUMENT only for a null d, an unknown build or release, or a
 * HAL the release did not ship (32-bit Windows 11); then d, if given, says Default. */
KPROF_API kprof_status kprof_hal_decision_get(const kprof_cpuid_snapshot *s, uint32_t hal,
                                        kprof_hal_decision *d);
/* Whether the HAL that made decision d has source s, into *presence: PRESENT for a row of
 * d's table the rules allow (ProfileTime always; Amd64 every row; Emon a row whose cpuid 0x0A
 * ebx bit is below the ebx length and clear; Default nothing else); for a later Intel source
 * on Emon PRESENT, ABSENT or UNKNOWN by the release's known range (kprof_hal_decision's
 * later_min/later_max); ABSENT for a row of another table. A source by its KPROFILE_SOURCE
 * value: kprof_source_by_value(d->table, value). KPROF_E_ARGUMENT for null pointers
 * (*presence ABSENT when given). */
KPROF_API kprof_status kprof_hal_source_presence_get(const kprof_hal_decision *d, const kprof_source *s,
                                                     kprof_hal_presence *presence);
/* Plan one counter for one source of the decided interface: the MSR writes that program and
 * start it (select without EN, the preload, then select | EN, | INT with KPROF_PMU_PLAN_FLAGS_INTERRUPT),
 * the write that stops it, and how to read it. Counters below d->counters use the
 * interface's MSRs; Emon counters beyond them (a perfmon version 6 part with more than eight)
 * and KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED use the processor's (d->pmu), within its counter_mask and
 * counter_limit. interval = events per overflow (the preload is
 * 2^width - interval), or 0 to count from 0. flags: kprof_pmu_plan_flags. Refuses, leaving *p
 * zeroed: KPROF_E_UNSUPPORTED for a source the interface does not support or that has no
 * counter (Default's timer), and for KPROF_PMU_PLAN_FLAGS_AMD_EXTENDED without PerfCtrExtCore;
 * KPROF_E_RANGE for a counter index the interface does not have or an interval the counter
 * cannot hold (Intel IA32_PMCx writes sign-extend bit 31: at most 2^31 - 1);
 * KPROF_E_ARGUMENT for null pointers or unknown flags. */
KPROF_API kprof_status kprof_hal_plan_get(const kprof_hal_decision *d, const kprof_source *s,
                                               uint32_t counter, uint64_t interval, uint32_t flags,
                                               kprof_pmu_plan *p);
