/* A PerfEvtSel value taken apart. Flags are 0 or 1. event holds 8 bits on Intel and
 * 12 on AMD (EventSelect[11:8] lives at bits 35:32 there). */
typedef struct kprof_pmu_select {
	uint16_t event;
	uint8_t umask;
	uint8_t cmask;
	uint8_t usr, os, edge, pc, intr, any, en, inv;
	uint8_t guest_only, host_only; /* AMD only */
} kprof_pmu_select;

/* rdpmc's ecx: bit 30 selects the fixed-function counters (Intel). */
#define KPROF_PMU_RDPMC_FIXED 0x40000000u

/* The performance counters a processor has, by its cpuid leaves (kprof_pmu_caps_get):
 * what the CPU reports, whatever interface the Windows HAL would use (kprof_hal_decision says
 * that). Counts are as reported; *_limit bound the counter indices that have MSRs in the layout
 * given, so a hostile dump cannot aim a counter plan at unrelated MSRs. Flags are 0 or 1; all
 * zero for a vendor other than Intel or AMD. */
typedef struct kprof_pmu_caps {
	uint8_t vendor;            /* kprof_cpuid_vendor */
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

/* The exact MSR traffic that programs, starts, stops and reads one counter for one source.
 * Start: program[0..program_count) in order. Stop: stop. Read: counter_msr (or rdpmc with
 * rdpmc_index), then mask with counter_mask. With perfmon version 2 and later the counter also
 * needs its bit in IA32_PERF_GLOBAL_CTRL: global_ctrl_msr and global_ctrl_bit say which (a
 * read-modify-write the caller does; 0 when not needed). */
typedef struct kprof_pmu_plan {
	uint8_t table;      /* kprof_source_table */
	uint8_t vendor;         /* kprof_cpuid_vendor: the PerfEvtSel layout */
	uint16_t source;        /* KPROFILE_SOURCE value */
	uint32_t counter;       /* counter index */
	uint64_t select;        /* the table's select (USR/OS) */
	uint64_t start_select;  /* select | EN (| INT) */
	uint64_t preload;       /* initial count: 2^width - interval, or 0 */
	kprof_msr_value program[3];
	uint32_t program_count;
	kprof_msr_value stop;   /* select without EN */
	uint32_t select_msr;
	uint32_t counter_msr;
	uint32_t rdpmc_index;   /* ecx for rdpmc */
	uint32_t counter_width;
	uint64_t counter_mask;
	uint32_t global_ctrl_msr; /* IA32_PERF_GLOBAL_CTRL, or 0 */
	uint64_t global_ctrl_bit;
} kprof_pmu_plan;

KPROF_IMPL_INLINE kprof_status kprof_pmu_counter_read(uint32_t counter, uint64_t *value)
{
	if (!value)
		return KPROF_E_ARGUMENT;
#if defined(KPROF_NO_LIVE)
	(void)counter;
	*value = 0;
	return KPROF_E_NOT_AVAILABLE;
#elif defined(_MSC_VER) && !defined(__clang__)
	*value = (uint64_t)__readpmc((unsigned long)counter);
	return KPROF_OK;
#else
	{
		uint32_t lo, hi;
		__asm__ __volatile__("rdpmc" : "=a"(lo), "=d"(hi) : "c"(counter));
		*value = ((uint64_t)hi << 32) | lo;
		return KPROF_OK;
	}
#endif
}
