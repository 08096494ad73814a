/* The performance counters a processor has, by its cpuid leaves (kprof_pmu_caps_from_snapshot):
 * what the CPU reports, whatever interface the Windows HAL would use (kprof_hal_decision says
 * that). Counts are as reported; *_limit bound the counter indices that have MSRs in the layout
 * given, so a hostile dump cannot aim a counter plan at unrelated MSRs. Flags are 0 or 1; all
 * zero for a vendor other than Intel or AMD. */
typedef struct kprof_pmu_caps {
	uint8_t vendor;            /* kprof_vendor */
	uint8_t version;           /* Intel: leaf 0x0A eax[7:0]; AMD: 2 with PerfMonV2, else 1 */

	/* General-purpose core counters */
	uint8_t counters;          /* how many the processor has */
	uint8_t counter_width;     /* bits: Intel leaf 0x0A eax[23:16]; AMD 48 */
	uint32_t counter_mask;     /* bit i: counter i exists (leaf 0x23 may leave gaps) */
	uint8_t counter_limit;     /* indices below this have MSRs in the layout below */
	uint32_t perfevtsel_msr;   /* select i = perfevtsel_msr + i * msr_stride */
	uint32_t counter_msr;      /* counter i = counter_msr + i * msr_stride */
	uint32_t msr_stride;

	/* Fixed-function counters (Intel) */
	uint8_t fixed_counters;
	uint8_t fixed_width;
	uint32_t fixed_mask;       /* bit i: fixed counter i exists */
	uint8_t fixed_limit;
	uint32_t fixed_counter_msr; /* fixed counter i = fixed_counter_msr + i * fixed_msr_stride */
	uint32_t fixed_msr_stride;

	/* Global control (Intel perfmon version 2+, AMD PerfMonV2); 0 when absent */
	uint32_t global_ctrl_msr;
	uint32_t global_status_msr;
	uint32_t global_clear_msr; /* write 1s to clear status bits */

	/* Intel */
	uint8_t events_length;     /* leaf 0x0A eax[31:24] */
	uint32_t events_unavailable; /* leaf 0x0A ebx: 1 = architectural event NOT available */
	uint8_t perfmon_ext;       /* leaf 0x23 valid (leaf 7.1 eax[8]) */
	uint32_t ext_events;       /* leaf 0x23.3 eax: 1 = available; 0 without sub-leaf 3 */
	uint8_t umask2, eq;        /* leaf 0x23.0 ebx[0], ebx[1]: PerfEvtSel bits 47:40, 36 */
	uint8_t any_thread;        /* PerfEvtSel AnyThread honoured: perfmon version 3+ and leaf 0x0A
	                            * edx[15] (AnyThread deprecated) clear */
	uint32_t acr_counter_mask; /* leaf 0x23.2 eax: reloadable general-purpose counters */
	uint32_t acr_fixed_mask;   /* leaf 0x23.2 ebx: reloadable fixed counters */
	uint8_t arch_lbr;          /* leaf 7 edx[19] and leaf 0x1C present */
	uint8_t lbr_depth_max;     /* largest depth leaf 0x1C eax[7:0] allows, 0 without arch LBR */

	/* AMD */
	uint8_t legacy_counters;   /* the four at 0xC0010000/0xC0010004 (every AMD part) */
	uint8_t perfctr_ext_core;  /* leaf 0x80000001 ecx[23] */
	uint8_t perfctr_ext_nb;    /* leaf 0x80000001 ecx[24] */
	uint8_t perfctr_ext_llc;   /* leaf 0x80000001 ecx[28]: L3 counters */
	uint8_t topoext;           /* leaf 0x80000001 ecx[22]: topology extensions */
	uint8_t ptsc;              /* leaf 0x80000001 ecx[27] */
	uint8_t perfmon_v2;        /* leaf 0x80000022 eax[0] */
	uint8_t lbr_v2;            /* leaf 0x80000022 eax[1] */
	uint8_t lbr_v2_stack;      /* leaf 0x80000022 ebx[9:4] */
	uint8_t nb_counters;       /* northbridge / data-fabric counters */
	uint32_t nb_perfevtsel_msr; /* stride 2, like the extended core counters */
	uint32_t nb_counter_msr;
	uint32_t ptsc_msr;         /* 0 without PTSC */
} kprof_pmu_caps;

/* What the Windows HAL would decide for a processor, and every fact the decision used. Fill
 * with kprof_hal_decide; a pure function of the snapshot, so a dump gives the same answer as
 * the live processor. Flags are 0 or 1. */
typedef struct kprof_hal_decision {
	uint8_t iface; /* kprof_interface: KPROF_INTERFACE_DEFAULT, _EMON or _AMD64 */
	uint8_t tentative; /* kprof_interface rule 1 alone picks (before rules 2 and 3) */
	uint8_t reason;    /* kprof_hal_reason: the rule that decided */
	uint8_t hal;       /* kprof_hal_build whose rules were applied */
	uint8_t vendor;    /* kprof_vendor from leaf 0 */
	char vendor_string[13]; /* leaf 0 vendor, NUL-terminated; "" when leaf 0 is missing */

	/* Leaf 1 (zero when missing) */
	uint8_t has_leaf1;
	uint32_t family, model, stepping; /* displayed values (kprof_cpuid_family/model) */

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

	/* The counters the processor has (kprof_pmu_caps_from_snapshot): counter plans may use
	 * those beyond the interface's */
	kprof_pmu_caps pmu;

	/* The Windows release whose HAL was asked about (spec/windows_releases.yaml) */
	uint8_t release;           /* kprof_windows_release_id (the default resolved) */
	uint8_t uncertain;         /* kprof_hal_uncertain bits: facts no public source states */
	/* Emon only: the highest source above the Windows 10 original table the release lists
	 * (the later Intel sources, KPROF_INTERFACE_INTEL_LATER) is known to lie within
	 * [later_min, later_max]; equal when known. Both 0 for other interfaces. */
	uint16_t later_min, later_max;
} kprof_hal_decision;

/* The hal argument of kprof_hal_decide: KPROF_HAL_X64 or KPROF_HAL_X86, optionally ORed with
 * KPROF_HAL_RELEASE(KPROF_WINDOWS_...). Without a release the HAL is the Windows 10 original
 * release's, the one Geoff Chappell documents and the one kprof 0.1 modelled, so every older
 * call means what it meant. C has no default arguments and a second function would be a
 * second way to decide; a release in the spare bits of the same argument keeps one function
 * and every existing call (the argument is a uint32_t, so C++ callers need no cast). */
#define KPROF_HAL_RELEASE(id) (((uint32_t)(id) << KPROF_HAL_RELEASE_SHIFT) & KPROF_HAL_RELEASE_MASK)
#define KPROF_WINDOWS_DEFAULT KPROF_WINDOWS_10_1507

/* One MSR write of a counter plan. */
typedef struct kprof_msr_write {
	uint32_t msr;
	uint64_t value;
} kprof_msr_write;

/* The exact MSR traffic that programs, starts, stops and reads one counter for one source.
 * Start: program[0..program_count) in order. Stop: stop. Read: counter_msr (or rdpmc with
 * rdpmc_index), then mask with counter_mask. With perfmon version 2 and later the counter also
 * needs its bit in IA32_PERF_GLOBAL_CTRL: global_ctrl_msr and global_ctrl_bit say which (a
 * read-modify-write the caller does; 0 when not needed). */
typedef struct kprof_counter_plan {
	uint8_t iface;      /* kprof_interface */
	uint8_t vendor;         /* kprof_vendor: the PerfEvtSel layout */
	uint16_t source;        /* KPROFILE_SOURCE value */
	uint32_t counter;       /* counter index */
	uint64_t select;        /* the table's select (USR/OS) */
	uint64_t start_select;  /* select | EN (| INT) */
	uint64_t preload;       /* initial count: 2^width - interval, or 0 */
	kprof_msr_write program[3];
	uint32_t program_count;
	kprof_msr_write stop;   /* select without EN */
	uint32_t select_msr;
	uint32_t counter_msr;
	uint32_t rdpmc_index;   /* ecx for rdpmc */
	uint32_t counter_width;
	uint64_t counter_mask;
	uint32_t global_ctrl_msr; /* IA32_PERF_GLOBAL_CTRL, or 0 */
	uint64_t global_ctrl_bit;
} kprof_counter_plan;


/* The performance counters the processor has, from its cpuid leaves: Intel leaf 0x0A (and
 * 0x23, 0x1C where valid), AMD leaf 0x80000001 ecx and 0x80000022. A pure function of the
 * snapshot; *c is always filled (all zero for another vendor or a missing leaf 0).
 * KPROF_E_ARGUMENT only for a null c. */
KPROF_API kprof_status kprof_pmu_caps_from_snapshot(const kprof_cpuid_snapshot *s, kprof_pmu_caps *c);
/* Decide as the Windows HAL does which profile interface a processor gets, from its cpuid
 * leaves (after Geoff Chappell's study of the Windows 10 HAL):
 *   1. leaf 0 vendor "AuthenticAMD" -> Amd64; "GenuineIntel" -> Emon when max leaf >= 0x0A
 *      and leaf 0x0A has version >= 1, ebx length != 0 and ebx bit 0 clear; else Default;
 *   3. (KPROF_HAL_X86 only) Intel needs family 6 or 15, AMD needs long mode, else Default;
 *   2. a Microsoft-compatible hypervisor (cpuid.1:ecx[31] and leaf 0x40000001 eax "Hv#1")
 *      without PerformanceMonitorsAvailable (leaf 0x40000003 edx[2]) -> Default. Other
 *      hypervisors (KVM, VMware, Xen) are not consulted.
 * The first rule that makes the interface Default names the reason. Missing leaves and leaves
 * above the max leaf count as absent, so any snapshot, even an empty one, gives a decision
 * (Default).
 * hal: KPROF_HAL_X64 or KPROF_HAL_X86, | KPROF_HAL_RELEASE(KPROF_WINDOWS_...) for another
 * release than Windows 10's original (the default). A release's row says which interfaces,
 * 32-bit sources and rules its HAL has: an interface it lacks makes Default
 * (KPROF_HAL_REASON_RELEASE_*); a rule or interface no public source confirms for it is
 * applied as Windows 10 applies it, and d->uncertain says so.
 * *d is always filled; KPROF_E_ARGUMENT only for a null d, an unknown build or release, or a
 * HAL the release did not ship (32-bit Windows 11); then d, if given, says Default. */
KPROF_API kprof_status kprof_hal_decide(const kprof_cpuid_snapshot *s, uint32_t hal,
                                        kprof_hal_decision *d);
KPROF_API kprof_presence kprof_hal_source_status(const kprof_hal_decision *d, const kprof_source *s);
#ifndef KPROF_NO_NAMES
/* The descriptive string the release d was decided for gives a source (what `wpr -pmcsources`
 * prints there): the later spelling (kprof_amd64_spelling) when the release's amd64_names is
 * KPROF_PRESENCE_PRESENT, else the original release's, kprof_source_description(s) (where the
 * release's spelling is unknown, an Amd64 decision has KPROF_HAL_UNCERTAIN_AMD64_NAMES). NULL
 * for a null s; a null d means the original release. */
KPROF_API const char *kprof_hal_source_description(const kprof_hal_decision *d, const kprof_source *s);
#endif
/* Whether the decided HAL supports a source: kprof_hal_source_status is PRESENT. For the
 * default release that is a row of kprof_source_table(d->iface) the rules allow; 0 for a
 * row of another table or null arguments. */
KPROF_API int kprof_hal_source_supported(const kprof_hal_decision *d, const kprof_source *s);
/* kprof_hal_source_supported for the decided interface's source with this KPROFILE_SOURCE
 * value; 0 when the interface's table has no such source. */
KPROF_API int kprof_hal_source_value_supported(const kprof_hal_decision *d, uint32_t value);
/* Plan one counter for one source of the decided interface: the MSR writes that program and
 * start it (select without EN, the preload, then select | EN, | INT with KPROF_PLAN_INTERRUPT),
 * the write that stops it, and how to read it. Counters below d->counters use the
 * interface's MSRs; Emon counters beyond them (a perfmon version 6 part with more than eight)
 * and KPROF_PLAN_AMD_EXTENDED use the processor's (d->pmu), within its counter_mask and
 * counter_limit. interval = events per overflow (the preload is
 * 2^width - interval), or 0 to count from 0. flags: kprof_plan_flags. Refuses, leaving *p
 * zeroed: KPROF_E_UNSUPPORTED for a source the interface does not support or that has no
 * counter (Default's timer), and for KPROF_PLAN_AMD_EXTENDED without PerfCtrExtCore;
 * KPROF_E_RANGE for a counter index the interface does not have or an interval the counter
 * cannot hold (Intel IA32_PMCx writes sign-extend bit 31: at most 2^31 - 1);
 * KPROF_E_ARGUMENT for null pointers or unknown flags. */
KPROF_API kprof_status kprof_counter_plan_make(const kprof_hal_decision *d, const kprof_source *s,
                                               uint32_t counter, uint64_t interval, uint32_t flags,
                                               kprof_counter_plan *p);
/* The Linux perf raw event config of a source (perf_event_attr.type = PERF_TYPE_RAW): its
 * select without USR, OS, INT and EN, which perf sets itself (x86 X86_RAW_EVENT_MASK /
 * AMD64_RAW_EVENT_MASK: event, umask, edge, inv, cmask, and AMD EventSelect[11:8]).
 * KPROF_E_UNSUPPORTED for a source without a select (Default, generic names). */
KPROF_API kprof_status kprof_source_perf_config(const kprof_source *s, uint64_t *config);
/* The source as a `perf stat -e` raw event, "r" and the config in lower-case hex ("r412e"),
 * written with a NUL into buf (cap bytes); *written (optional) = length without the NUL.
 * KPROF_E_BUFFER_TOO_SMALL when it does not fit; errors of kprof_source_perf_config. */
KPROF_API kprof_status kprof_source_perf_raw(const kprof_source *s, char *buf, size_t cap,
                                             size_t *written);
