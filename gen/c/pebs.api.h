/* One PEBS record of any format, normalised. Large groups (XMM, LBR) stay in the caller's
 * bytes: decode them with kprof_pebs_xmm_decode / kprof_pebs_lbr_entry_decode at
 * bytes + xmm_offset / bytes + lbr_offset + i * KPROF_PEBS_LBR_ENTRY_SIZE. */
typedef struct kprof_pebs_sample {
	uint64_t at;                  /* producer address of the record */
	uint32_t size;                /* bytes in the record */
	uint32_t format;              /* KPROF_PEBS_FORMAT_CORE .. KPROF_PEBS_FORMAT_ADAPTIVE_MAX or
	                                 KPROF_PEBS_FORMAT_NETBURST32 */
	uint32_t has;                 /* KPROF_PEBS_HAS_* */
	uint32_t lbr_count;
	uint32_t cntr_count;          /* format 6 counters group: u64 values at cntr_offset */
	uint64_t ip;                  /* formats 0..3, NetBurst: the IP after the instruction;
	                                 adaptive: the basic group's (eventing) IP */
	uint64_t eventing_ip;
	uint64_t applicable_counters; /* formats 1..3: the status field; adaptive: applicable */
	uint64_t data_address, data_source, latency, tsx_tuning, tsc;
	uint64_t instr_latency, cache_latency; /* adaptive meminfo: latency split as Sapphire
	                                          Rapids, Alder Lake and later report it
	                                          (meaningless on earlier processors) */
	uint64_t format_group;        /* adaptive: the basic group's copy of PEBS_DATA_CFG */
	uint64_t retire_latency;      /* adaptive: core cycles; filled only on processors whose
	                                 IA32_PERF_CAPABILITIES.pebs_timing_info is set, else 0 */
	kprof_pebs_gprs gprs;         /* NetBurst: the 32-bit registers, zero-extended */
	size_t xmm_offset;            /* offset of the XMM group in the caller's bytes */
	size_t lbr_offset;            /* offset of the first LBR entry in the caller's bytes */
	size_t cntr_offset;           /* offset of the counters group's header (format 6) */
} kprof_pebs_sample;

/* Iterates the records of a PEBS buffer. Fields are private. */
typedef struct kprof_pebs_iter {
	const uint8_t *bytes;
	uint64_t base;
	size_t end;            /* index - base */
	size_t at;             /* offset of the next record */
	uint64_t data_cfg;
	uint32_t format;
	uint32_t record_size;  /* 0 for adaptive records without a known PEBS_DATA_CFG */
	uint8_t data_cfg_known;
	uint8_t reserved[3];
	kprof_status status;   /* sticky error */
} kprof_pebs_iter;

/* Intel architectural PEBS. The processor writes records into one physically contiguous buffer
 * (IA32_PEBS_BASE) from its start up to IA32_PEBS_INDEX.wr; a record is one fragment or a chain
 * of fragments (the cont bit, or a header of size only), each with its own header and groups.
 * kprof_pebs_arch_iter_* walks what the processor wrote with the DS walker's discipline: every
 * read bounded first, every error final. The counters that can write records and the groups
 * they may carry are cpuid 0x23 sub-leaves 4 and 5 (kprof_pmu_caps arch_pebs*). */

/* What the processor wrote: the buffer's bytes (a copy, or the live mapping) and the
 * IA32_PEBS_INDEX value read after the records (kprof_msr_read). */
typedef struct kprof_pebs_arch_buffer {
	const void *bytes;
	size_t len;      /* bytes readable at bytes: at least the write offset */
	uint64_t index;  /* IA32_PEBS_INDEX */
} kprof_pebs_arch_buffer;

/* One record, its fragments put together. Flags in has are KPROF_PEBS_HAS_* (the DS walker's):
 * EVENTING_IP, APPLICABLE, TSC (basic group), MEMINFO and TSX (aux group), GPRS, XMM, LBR, CNTR.
 * Offsets are from the buffer's start. */
typedef struct kprof_pebs_arch_record {
	size_t at;                   /* offset of the first fragment */
	uint32_t size;               /* bytes of all its fragments */
	uint32_t fragments;
	uint32_t has;
	uint64_t ip, applicable_counters, tsc;
	uint16_t retire_latency;     /* with retire_latency_valid */
	uint8_t retire_latency_valid;
	uint64_t data_address, data_source, tsx_tuning; /* aux: data_source raw, as the record holds it
	                                                 * (kprof_pebs_data_source_unpack reads it) */
	uint16_t instr_latency, cache_latency;
	size_t gprs_offset;          /* the GPR group (kprof_pebs_arch_gprs) at this offset: decode it
	                              * there with kprof_pebs_gprs_decode (the registers, first) or
	                              * kprof_pebs_arch_gprs_decode (with SSP); kept in the caller's
	                              * bytes so the record stays small on a kernel stack */
	size_t xmm_offset;           /* kprof_pebs_xmm at this offset (after the XER header) */
	size_t lbr_offset;           /* lbr_count kprof_pebs_lbr_entry from this offset */
	uint32_t lbr_count;
	uint64_t lbr_ctl, lbr_depth; /* the LBR header's IA32_LBR_CTL and IA32_LBR_DEPTH */
	size_t cntr_offset;          /* kprof_pebs_arch_cntr_header, then cntr_count u64 */
	uint32_t cntr_count;
} kprof_pebs_arch_record;

typedef struct kprof_pebs_arch_iter {
	const uint8_t *bytes;
	size_t end, at;
	int status;
} kprof_pebs_arch_iter;

/* kprof_ds_buffer flags for a PEBS buffer. */
#define KPROF_PEBS_DATA_CFG_KNOWN 1u /* data_cfg holds the PEBS_DATA_CFG the records were written with */

/* The data source of a PEBS memory sample (kprof_pebs_sample.data_source,
 * kprof_pebs_arch_record.data_source) means what the processor's line says: a logical CPU's
 * scheme (its table and its layout, from kprof_pebs_data_source_scheme_get) takes it apart. */
typedef struct kprof_pebs_data_source_scheme {
	kprof_pebs_data_source_table table;      /* NONE: no public table for the CPU (unknown) */
	kprof_pebs_data_source_layout_id layout; /* 0 with table NONE */
} kprof_pebs_data_source_scheme;

/* One data-source field taken apart (kprof_pebs_data_source_unpack). */
typedef struct kprof_pebs_data_source {
	uint64_t raw;                           /* the field as given */
	kprof_pebs_data_source_access access;   /* the kind of event that wrote it */
	kprof_pebs_data_source_table table;     /* the table read (NONE for the store kinds) */
	uint32_t code;                          /* the encoding: the layout's code_bits low bits */
	kprof_pebs_data_source_code_id row;     /* the table's row for code; 0 when the table has
	                                         * none (level and snoop then NA) */
	kprof_pebs_data_source_level level;     /* where the access was satisfied, or missed */
	uint8_t hit;                            /* 1: it hit at level; 0: it missed there */
	uint8_t remote;                         /* 1: another socket's cache or memory */
	kprof_pebs_data_source_snoop snoop;     /* what the snoop found */
	kprof_pebs_data_source_flag stlb_miss;  /* the access missed the second-level TLB */
	kprof_pebs_data_source_flag locked;     /* a locked access */
	kprof_pebs_data_source_flag data_blocked;    /* a load waited for a store's data */
	kprof_pebs_data_source_flag address_blocked; /* a load waited on a possible address
	                                              * conflict with an older store */
} kprof_pebs_data_source;
