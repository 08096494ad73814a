/* kprof's own PEBS "format" codes outside IA32_PERF_CAPABILITIES' 4-bit field. */
#define KPROF_PEBS_FORMAT_UNKNOWN 0xFFu

/* NetBurst's 32-bit record (DS area without DTES64): kprof_pebs_record_netburst32. */
#define KPROF_PEBS_FORMAT_NETBURST32 0x20u

/* What a PEBS sample carries (kprof_pebs_sample.has). kprof's own bits. */
enum {
	KPROF_PEBS_HAS_GPRS = 1u << 0,       /* gprs */
	KPROF_PEBS_HAS_APPLICABLE = 1u << 1, /* applicable_counters */
	KPROF_PEBS_HAS_MEMINFO = 1u << 2,    /* data_address, data_source, latency */
	KPROF_PEBS_HAS_EVENTING_IP = 1u << 3,
	KPROF_PEBS_HAS_TSX = 1u << 4,        /* tsx_tuning */
	KPROF_PEBS_HAS_TSC = 1u << 5,
	KPROF_PEBS_HAS_XMM = 1u << 6,        /* xmm_offset */
	KPROF_PEBS_HAS_LBR = 1u << 7,        /* lbr_offset, lbr_count */
	KPROF_PEBS_HAS_CNTR = 1u << 8        /* cntr_offset, cntr_count: kprof_pebs_cntr_header then
	                                        cntr_count u64 (general-purpose, fixed, metrics) */
};

/* One PEBS record of any format, normalised. Large groups (XMM, LBR) stay in the caller's
 * bytes: decode them with kprof_pebs_xmm_decode / kprof_pebs_lbr_entry_decode at
 * bytes + xmm_offset / bytes + lbr_offset + i * KPROF_PEBS_LBR_ENTRY_SIZE. */
typedef struct kprof_pebs_sample {
	uint64_t at;                  /* producer address of the record */
	uint32_t size;                /* bytes in the record */
	uint32_t format;              /* 0..5 or KPROF_PEBS_FORMAT_NETBURST32 */
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
	uint64_t retire_latency;      /* adaptive */
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
	int32_t status;        /* sticky error */
} kprof_pebs_iter;

/* Bytes in one PEBS record of a format (0..6 or KPROF_PEBS_FORMAT_NETBURST32). Adaptive
 * formats (4 and later) take the size from data_cfg (PEBS_DATA_CFG): the basic group plus
 * each group it enables; format 6's counters group is its header, two u64 of metrics (bit
 * metrics) and one u64 per counter in cntr_gp / cntr_fixed (bit cntr). KPROF_E_FORMAT for a
 * format kprof does not know or a data_cfg with bits kprof or the format does not know (a
 * group of unknown size). */
KPROF_API kprof_status kprof_pebs_record_size_get(unsigned format, uint64_t data_cfg, uint32_t *size);

/* Start iterating a PEBS buffer: records from base to index (PEBS never wraps). format:
 * 0..5 or KPROF_PEBS_FORMAT_NETBURST32; data_cfg: PEBS_DATA_CFG for adaptive formats when
 * data_cfg_known (then every record must have exactly that shape); without it each
 * adaptive record's own basic group gives its shape and size (cross-checked). Errors
 * (nothing is read): KPROF_E_FORMAT unknown format or record size; KPROF_E_RANGE index
 * outside [base, maximum]; KPROF_E_ALIGNMENT index not on a record; KPROF_E_TRUNCATED len
 * shorter than base .. index. */
KPROF_API kprof_status kprof_pebs_iter_init(kprof_pebs_iter *w, const void *bytes, size_t len, uint64_t base,
                                            uint64_t index, uint64_t maximum, unsigned format, uint64_t data_cfg,
                                            int data_cfg_known);

/* The next PEBS record. KPROF_END after the last; KPROF_E_CORRUPT for an adaptive
 * record whose size field disagrees with its groups (or with data_cfg), or that runs past
 * index; errors are sticky. */
KPROF_API kprof_status kprof_pebs_iter_next(kprof_pebs_iter *w, kprof_pebs_sample *out);
