/* ---- Debug Store: availability ----------------------------------------------------------
 * Everything here is a pure function of values the caller passes (a cpuid snapshot, MSR
 * values or "unknown"), except the *_live and *_read functions, which say so. Buffers the
 * processor wrote are decoded from a caller's copy of their bytes plus the producer address
 * those bytes start at: the DS area's addresses are the producer's, never dereferenced. */

/* A yes/no answer that may rest on an MSR the caller could not read. */
typedef enum kprof_ds_avail {
	KPROF_DS_NO = 0,
	KPROF_DS_YES = 1,
	KPROF_DS_UNKNOWN = 2
} kprof_ds_avail;

/* kprof's own PEBS "format" codes outside IA32_PERF_CAPABILITIES' 4-bit field. */
#define KPROF_PEBS_FORMAT_UNKNOWN 0xFFu
/* NetBurst's 32-bit record (DS area without DTES64): kprof_pebs_record_netburst32. */
#define KPROF_PEBS_FORMAT_NETBURST32 0x20u

/* What a processor offers of the Debug Store. */
typedef struct kprof_ds_caps {
	uint8_t ds;              /* cpuid.1:edx DS: the Debug Store exists (0: no BTS, no PEBS) */
	/* The next three as cpuid reports them, DS or not (a KVM guest reports PDCM without DS):
	 * what they promise for the DS holds only with ds set. */
	uint8_t dtes64;          /* cpuid.1:ecx DTES64: the 64-bit DS layout (kprof_ds_area64) */
	uint8_t ds_cpl;          /* cpuid.1:ecx DS-CPL: BTS_OFF_OS / BTS_OFF_USR filtering */
	uint8_t pdcm;            /* cpuid.1:ecx PDCM: IA32_PERF_CAPABILITIES exists */
	uint8_t perfmon;         /* kprof_ds_avail: IA32_MISC_ENABLE perfmon_available */
	uint8_t bts;             /* kprof_ds_avail: DS and not IA32_MISC_ENABLE bts_unavailable */
	uint8_t pebs;            /* kprof_ds_avail: DS, perfmon available, not pebs_unavailable */
	uint8_t pebs_baseline;   /* kprof_ds_avail: adaptive PEBS (PEBS_DATA_CFG exists) */
	uint8_t pebs_format;     /* PERF_CAPABILITIES pebs_format, KPROF_PEBS_FORMAT_NETBURST32,
	                            or KPROF_PEBS_FORMAT_UNKNOWN */
	uint8_t bts_record_size; /* KPROF_BTS_RECORD64_SIZE or KPROF_BTS_RECORD32_SIZE; 0 without DS */
	uint8_t reserved[2];
} kprof_ds_caps;

/* ---- Debug Store: setup --------------------------------------------------------------- */

/* What a driver wants from the DS area. Sizes are bytes; a buffer of size 0 is not used.
 * Interrupt thresholds count records from the buffer's start: the interrupt comes when
 * that many records have been written. */
typedef struct kprof_ds_request {
	uint8_t dtes64;               /* 1: kprof_ds_area64 layout; 0: kprof_ds_area32 */
	uint8_t bts_interrupt;        /* 1: BTINT (stop and interrupt); 0: circular BTS buffer */
	uint8_t bts_os, bts_usr;      /* record branches at CPL 0 / CPL > 0 */
	uint8_t adaptive;             /* the processor has pebs_baseline (fixed-counter PEBS) */
	uint8_t pebs_format;          /* PERF_CAPABILITIES pebs_format: from
	                                 KPROF_PEBS_FORMAT_WIDE_RESETS the 64-bit area is
	                                 kprof_ds_area64 (0x1C0 bytes), below it
	                                 kprof_ds_area64_fmt4 (0xA0) */
	uint8_t reserved[2];
	uint64_t bts_base, bts_size;  /* BTS buffer, producer addresses */
	uint32_t bts_interrupt_after; /* records, 1 .. capacity-1; only with bts_interrupt */
	uint32_t pebs_record_size;    /* kprof_pebs_record_size() of the format in use */
	uint64_t pebs_base, pebs_size;
	uint32_t pebs_interrupt_after; /* records, 1 .. capacity-1; 0 = only when full */
	uint32_t pebs_gp_mask;        /* PEBS on general-purpose counter i (bit i) */
	uint32_t pebs_fixed_mask;     /* PEBS on fixed counter i (adaptive only): bit 32+i */
	uint32_t load_latency_mask;   /* load latency on GP counter i (not adaptive: bits 35:32,
	                                 before perfmon version 5; within gp) */
	uint64_t gp_reset[8];         /* reload value per GP counter (e.g. -period, counter width):
	                                 the format 0..4 area holds 8 */
	uint64_t fixed_reset[4];      /* reload value per fixed counter */
} kprof_ds_request;

/* The result: the DS area to store (kprof_ds_setup_write) and the MSR values that start it. */
typedef struct kprof_ds_setup {
	kprof_ds_area64_fmt4 area; /* values (every reset a request can set: 8 gp, 4 fixed);
	                              kprof_ds_setup_write lays them out for the format */
	uint8_t dtes64;
	uint8_t wide_resets;    /* the 64-bit area is kprof_ds_area64 (PEBS format 5 and later);
	                           else kprof_ds_area64_fmt4 */
	uint8_t reserved[2];
	uint32_t area_size;     /* bytes kprof_ds_setup_write stores */
	uint32_t bts_capacity;  /* records the BTS buffer holds */
	uint32_t pebs_capacity; /* records the PEBS buffer holds */
	uint64_t debugctl_bits; /* bits to set in IA32_DEBUGCTL to start BTS (0 without BTS) */
	uint64_t debugctl_mask; /* the IA32_DEBUGCTL bits this setup decides (clear, then set) */
	uint64_t pebs_enable;   /* IA32_PEBS_ENABLE value (0 without PEBS) */
} kprof_ds_setup;

/* ---- Debug Store: walkers ------------------------------------------------------------- */

/* One BTS record, widened to 64 bits. */
typedef struct kprof_bts_entry {
	uint64_t at; /* producer address of the record */
	uint64_t from, to, flags;
	uint8_t predicted;
	uint8_t reserved[7];
} kprof_bts_entry;

/* Iterates the records of a BTS buffer. Fields are private. */
typedef struct kprof_bts_iter {
	const uint8_t *bytes;
	uint64_t base;
	uint64_t capacity; /* records between base and the absolute maximum */
	uint64_t slot;     /* next record to return */
	uint64_t left;     /* records still to return */
	uint32_t record_size;
	int32_t status;    /* sticky error */
} kprof_bts_iter;

/* kprof_bts_iter_init flags. */
#define KPROF_BTS_WRAPPED 1u /* the circular buffer wrapped at least once (see kprof_bts_iter_init) */

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
	int32_t status;        /* sticky error */
} kprof_pebs_iter;

/* The DS save area layouts kprof reads: Intel's and Windows' versions of it. */
typedef enum kprof_ds_layout {
	KPROF_DS_LAYOUT_INTEL64 = 0, /* DTES64: kprof_ds_area64_fmt4 below PEBS format 5,
	                                kprof_ds_area64 from it */
	KPROF_DS_LAYOUT_INTEL32 = 1, /* kprof_ds_area32 */
	KPROF_DS_LAYOUT_WIN62 = 2,   /* PROCESSOR_PROFILE_CONTROL_AREA / PEBS_DS_SAVE_AREA
	                                (6.2 to 10 1909, 0x60) */
	KPROF_DS_LAYOUT_WIN64 = 3,   /* PEBS_DS_SAVE_AREA64: the 10 2004+
	                                PROCESSOR_PROFILE_CONTROL_AREA (0xA0) As64Bit */
	KPROF_DS_LAYOUT_WIN32 = 4    /* PEBS_DS_SAVE_AREA32: its As32Bit view (0x80) */
} kprof_ds_layout;

/* What the Debug Store offers, from a cpuid snapshot and the two MSR values (NULL = the
 * caller could not read that MSR: user mode, a hypervisor that faults, a dump without it).
 * IA32_MISC_ENABLE decides BTS/PEBS availability (bit 7 perfmon available, bit 11 BTS
 * unavailable, bit 12 PEBS unavailable); IA32_PERF_CAPABILITIES (only when cpuid says PDCM)
 * gives the PEBS format and pebs_baseline. Without PDCM there is no PERF_CAPABILITIES: the
 * format is 0 on DTES64 processors and NetBurst's 32-bit record otherwise, as Linux assumes.
 * DTES64, DS-CPL and PDCM are read as the processor reports them also without DS; without DS
 * bts and pebs are KPROF_DS_NO, pebs_format KPROF_PEBS_FORMAT_UNKNOWN, bts_record_size 0.
 * KPROF_E_NOT_FOUND (and *out saying "no DS") when the snapshot lacks cpuid leaf 1. */
KPROF_API kprof_status kprof_ds_caps_from_snapshot(const kprof_cpuid_snapshot *cpu, const uint64_t *misc_enable,
                                          const uint64_t *perf_capabilities, kprof_ds_caps *out);
/* kprof_ds_caps_from_snapshot on this processor. RING 0 when read_msrs is non-zero: it reads
 * IA32_MISC_ENABLE and (with PDCM) IA32_PERF_CAPABILITIES with kprof_rdmsr (through
 * KPROF_RDMSR_SAFE when defined); a read that fails leaves that MSR unknown. With
 * read_msrs = 0 (user mode) both are unknown. KPROF_E_NOT_AVAILABLE without live cpuid. */
KPROF_API kprof_status kprof_ds_caps_live(int read_msrs, kprof_ds_caps *out);
/* Bytes in one PEBS record of a format (KPROF_PEBS_FORMAT_CORE .. KPROF_PEBS_FORMAT_ADAPTIVE_MAX
 * or KPROF_PEBS_FORMAT_NETBURST32). Adaptive formats (4 and later) take the size from
 * data_cfg (PEBS_DATA_CFG): the basic group plus each group it enables; format 6's counters group is its header, two u64 of metrics (bit
 * metrics) and one u64 per counter in cntr_gp / cntr_fixed (bit cntr). KPROF_E_FORMAT for a
 * format kprof does not know or a data_cfg with bits kprof or the format does not know (a
 * group of unknown size). */
KPROF_API kprof_status kprof_pebs_record_size(unsigned format, uint64_t data_cfg, uint32_t *size);
/* Compute a consistent DS save area and the MSR values that start BTS and/or PEBS.
 * caps may be NULL (no capability checks); with it, the request must match the processor:
 * KPROF_E_UNSUPPORTED for BTS/PEBS the processor lacks, OS/USR filtering without DS-CPL,
 * fixed-counter PEBS without pebs_baseline; KPROF_E_ARGUMENT for a dtes64 that differs.
 * Each buffer: base aligned to 8 (64-bit layout) or 4, absolute maximum = base + whole
 * records, index = base, threshold on a record boundary short of the maximum.
 * KPROF_E_ARGUMENT: BTS recording neither OS nor USR, BTINT without a threshold, buffers
 * that overlap, load latency on a counter without PEBS or with adaptive PEBS, counters
 * beyond the area's reset slots (the 32-bit area has one); KPROF_E_FORMAT for a pebs_format
 * kprof does not know. The 64-bit area's layout follows pebs_format: fixed-counter resets at
 * 0x80 below format 5, at 0x140 from it (s->area_size says how many bytes to store).
 * Nothing is written on error. */
KPROF_API kprof_status kprof_ds_setup_compute(const kprof_ds_request *req, const kprof_ds_caps *caps,
                                              kprof_ds_setup *out);
/* Store a computed DS area in its layout, s->area_size bytes: KPROF_DS_AREA64_SIZE (dtes64,
 * PEBS format 5 and later), KPROF_DS_AREA64_FMT4_SIZE (dtes64, formats 0..4) or
 * KPROF_DS_AREA32_SIZE. IA32_DS_AREA then takes the address of buf. */
KPROF_API kprof_status kprof_ds_setup_write(const kprof_ds_setup *s, void *buf, size_t len);
/* Start iterating a BTS buffer. bytes/len: the caller's copy of the buffer; base: the
 * producer address bytes[0] had; index, maximum: the DS area's BTS index and absolute
 * maximum; record_size: KPROF_BTS_RECORD64_SIZE (DTES64) or KPROF_BTS_RECORD32_SIZE.
 * Without KPROF_BTS_WRAPPED the records are base .. index, oldest first.
 * A circular buffer (BTINT clear) that wrapped holds capacity records, oldest at index; but
 * the DS area cannot say whether it wrapped - after exactly one lap index == base, as when
 * empty - nor how many laps or records were lost. Pass KPROF_BTS_WRAPPED when you know
 * (kprof_bts_wrapped tells, for a buffer zeroed before BTS started).
 * Errors (nothing is read): KPROF_E_FORMAT unknown record size; KPROF_E_RANGE index outside
 * [base, maximum] or a wrapped buffer with no room; KPROF_E_ALIGNMENT index not on a record;
 * KPROF_E_TRUNCATED len shorter than the records to read. */
KPROF_API kprof_status kprof_bts_iter_init(kprof_bts_iter *w, const void *bytes, size_t len, uint64_t base,
                                           uint64_t index, uint64_t maximum, unsigned record_size, unsigned flags);
/* The next BTS record, oldest first. KPROF_END after the last. */
KPROF_API kprof_status kprof_bts_iter_next(kprof_bts_iter *w, kprof_bts_entry *out);
/* Whether a circular BTS buffer has wrapped, for a buffer that was zeroed before BTS was
 * started: the record at index is then non-zero only if a previous lap wrote it (no branch
 * goes from 0 to 0). *wrapped = 0 when index is at the maximum (the buffer filled without
 * wrapping). Same arguments and errors as kprof_bts_iter_init. */
KPROF_API kprof_status kprof_bts_wrapped(const void *bytes, size_t len, uint64_t base, uint64_t index,
                                         uint64_t maximum, unsigned record_size, int *wrapped);
/* Start iterating a PEBS buffer: records from base to index (PEBS never wraps). format:
 * KPROF_PEBS_FORMAT_CORE .. KPROF_PEBS_FORMAT_ADAPTIVE_MAX or KPROF_PEBS_FORMAT_NETBURST32;
 * data_cfg: PEBS_DATA_CFG for adaptive formats when data_cfg_known (then every record must
 * have exactly that shape); without it each
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
