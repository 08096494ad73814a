/* AMD Instruction-Based Sampling (AMD APM vol. 2 section 13.3): the processor tags one fetch or
 * one op every N and leaves what it learned in the IBS MSRs (registers above). A driver reads
 * those MSRs after the IBS interrupt; Linux's ibs_fetch / ibs_op PMUs deliver the same values in
 * a perf raw sample (PERF_SAMPLE_RAW): the u32 caps word, then the u64 MSR values in MSR order
 * (KPROF_IBS_FETCH_RAW_REGS / KPROF_IBS_OP_RAW_REGS of them, then the optional ones the caps
 * word says: fetch IcIbsExtdCtl; op IbsBrTarget, IbsOpData4). Both forms unpack to the same
 * kprof_ibs_fetch / kprof_ibs_op. Flags are 0 or 1. */

/* What IBS this processor has (kprof_ibs_caps_get). */
typedef struct kprof_ibs_caps {
	uint8_t available;  /* cpuid 0x80000001 ecx[10] */
	uint8_t from_cpuid; /* flags are leaf 0x8000001B eax; 0: the leaf is missing or its ibsffv
	                     * bit clear, and flags are KPROF_IBS_CAPS_DEFAULT, as Linux assumes */
	uint32_t flags;     /* leaf 0x8000001B eax layout (KPROF_CPUID_8000001B_EAX_*); 0 without IBS */
	uint8_t op_max_count_bits; /* bits of the op sampling period: 20, or 27 with op_count_ext */
} kprof_ibs_caps;

/* The fetch MSRs as a driver reads them. extd_ctl (IcIbsExtdCtl) only with fetch_ctl_extd. */
typedef struct kprof_ibs_fetch_regs {
	uint64_t ctl, linad, physad, extd_ctl;
} kprof_ibs_fetch_regs;

/* The op MSRs as a driver reads them, in MSR order; br_target only with branch_target,
 * data4 only with op_data4. */
typedef struct kprof_ibs_op_regs {
	uint64_t ctl, rip, data, data2, data3, dc_linad, dc_physad, br_target, data4;
} kprof_ibs_op_regs;

/* A fetch sample taken apart. Read any other field of regs.ctl with
 * KPROF_FIELD_GET(KPROF_IBS_FETCH_CTL_x, regs.ctl). */
typedef struct kprof_ibs_fetch {
	kprof_ibs_fetch_regs regs;
	uint32_t caps;                 /* the caps word the sample was read with */
	uint8_t has_physical_address;  /* ctl.phy_addr_valid */
	uint8_t has_extd_ctl;          /* the caps say IcIbsExtdCtl was read */
	uint64_t linear_address;       /* IbsFetchLinAd */
	uint64_t physical_address;     /* IbsFetchPhysAd, 0 unless has_physical_address */
	uint32_t max_count;            /* fetches between samples (fetch_maxcnt x 16) */
	uint16_t latency;              /* ctl.fetch_lat, cycles */
	uint16_t itlb_refill_latency;  /* IcIbsExtdCtl, 0 unless has_extd_ctl */
	uint32_t page_size_kib;        /* L1 ITLB page: 4, 2048, 1048576 (with a physical address) */
} kprof_ibs_fetch;

/* An op sample taken apart. Other fields: KPROF_FIELD_GET(KPROF_IBS_OP_DATA3_x, regs.data3)... */
typedef struct kprof_ibs_op {
	kprof_ibs_op_regs regs;
	uint32_t caps;
	uint8_t has_rip;               /* IbsOpRip holds the op's address (not op_rip_invalid) */
	uint8_t has_branch_target, has_data4;
	uint8_t has_linear_address;    /* data3.dc_lin_addr_valid */
	uint8_t has_physical_address;  /* data3.dc_phy_addr_valid */
	uint64_t rip, branch_target, linear_address, physical_address; /* 0 unless has_* */
	uint32_t max_count;            /* ops (or cycles) between samples */
	uint8_t mem_width;             /* load/store bytes (2^(op_mem_width-1)), 0 unknown */
	/* where a load's data came from: one of the two is set, the other NONE (_ext on zen4) */
	kprof_ibs_data_source data_source;
	kprof_ibs_data_source_ext data_source_ext;
} kprof_ibs_op;
