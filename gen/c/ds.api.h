/* ---- Debug Store: availability ----------------------------------------------------------
 * Everything here is a pure function of values the caller passes (a cpuid snapshot, MSR
 * values or "unknown"), except the *_live and *_read functions, which say so. Buffers the
 * processor wrote are decoded from a caller's copy of their bytes plus the producer address
 * those bytes start at: the DS area's addresses are the producer's, never dereferenced. */

/* A yes/no answer that may rest on an MSR the caller could not read. */
typedef enum kprof_ds_avail {
	KPROF_DS_AVAIL_NO = 0,
	KPROF_DS_AVAIL_YES = 1,
	KPROF_DS_AVAIL_UNKNOWN = 2
} kprof_ds_avail;

/* What a processor offers of the Debug Store. */
typedef struct kprof_ds_caps {
	uint8_t ds;              /* cpuid.1:edx DS */
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
	uint32_t pebs_record_size;    /* kprof_pebs_record_size_get() of the format in use */
	uint64_t pebs_base, pebs_size;
	uint32_t pebs_interrupt_after; /* records, 1 .. capacity-1; 0 = only when full */
	uint32_t pebs_gp_mask;        /* PEBS on general-purpose counter i (bit i) */
	uint32_t pebs_fixed_mask;     /* PEBS on fixed counter i (adaptive only) */
	uint32_t load_latency_mask;   /* load latency on GP counter i (not adaptive; within gp) */
	uint64_t gp_reset[8];         /* reload value per GP counter (e.g. -period, counter width) */
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
 * KPROF_E_NOT_FOUND (and *out saying "no DS") when the snapshot lacks cpuid leaf 1. */
KPROF_API kprof_status kprof_ds_caps_get(const kprof_cpuid_snapshot *cpu, const uint64_t *misc_enable,
                                          const uint64_t *perf_capabilities, kprof_ds_caps *out);
/* kprof_ds_caps_get on this processor. RING 0 when read_msrs is non-zero: it reads
 * IA32_MISC_ENABLE and (with PDCM) IA32_PERF_CAPABILITIES with kprof_msr_read (through
 * KPROF_RDMSR_SAFE when defined); a read that fails leaves that MSR unknown. With
 * read_msrs = 0 (user mode) both are unknown. KPROF_E_NOT_AVAILABLE without live cpuid. */
KPROF_API kprof_status kprof_ds_caps_read(int read_msrs, kprof_ds_caps *out);
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
KPROF_API kprof_status kprof_ds_setup_get(const kprof_ds_request *req, const kprof_ds_caps *caps,
                                              kprof_ds_setup *out);
/* Store a computed DS area in its layout, s->area_size bytes: KPROF_DS_AREA64_SIZE (dtes64,
 * PEBS format 5 and later), KPROF_DS_AREA64_FMT4_SIZE (dtes64, formats 0..4) or
 * KPROF_DS_AREA32_SIZE. IA32_DS_AREA then takes the address of buf. */
KPROF_API kprof_status kprof_ds_setup_write(const kprof_ds_setup *s, void *buf, size_t len);

/* Any of the DS save area layouts (Intel's and Windows') in Intel's 64-bit shape: the
 * buffer fields widened to u64, counter resets where the processor reads them for
 * pebs_format (PERF_CAPABILITIES pebs_format; Windows 6.2: gp 0..3; Intel 32-bit: gp 0).
 * KPROF_DS_LAYOUT_INTEL64 is kprof_ds_area64_fmt4 (0xA0 bytes) below PEBS format 5 and
 * kprof_ds_area64 (0x1C0) from it. Windows' 2004+ areas name four fixed-counter resets at
 * the format-4 place: from format 5 the processor reads those bytes as general-purpose
 * resets 8..11, and they are decoded so (its fixed resets lie past Windows' structure).
 * Read in place, field by field at the generated offsets: no copy of a layout on the stack.
 * KPROF_E_TRUNCATED when len is short of the layout's size; KPROF_E_ARGUMENT for an
 * unknown layout; KPROF_E_FORMAT for a pebs_format kprof does not know; KPROF_E_UNSUPPORTED
 * for a Windows layout when KPROF_NO_WINDOWS leaves out the Windows structures. */
KPROF_API kprof_status kprof_ds_area_unpack(const void *bytes, size_t len, kprof_ds_layout layout,
                                            unsigned pebs_format, kprof_ds_area64 *out);

/* The PEBS index (the next record's address: what the Windows kernel stamps into its
 * events) from a copy of a DS area's bytes in the given layout. Reads only that field.
 * KPROF_E_UNSUPPORTED for a Windows layout when KPROF_NO_WINDOWS leaves out the Windows
 * structures. */
KPROF_API kprof_status kprof_ds_pebs_index_get(const void *bytes, size_t len, kprof_ds_layout layout,
                                                  uint64_t *out);

/* The PEBS index of a live DS area (the processor writes it while you read): one volatile
 * load of the field. On a 32-bit host a 64-bit layout's index is read as its low 32 bits
 * (addresses there are 32-bit; a 64-bit load would be two). The area must be aligned to
 * the field's size (the processor needs that anyway): KPROF_E_ALIGNMENT otherwise;
 * KPROF_E_UNSUPPORTED for a Windows layout when KPROF_NO_WINDOWS leaves them out. */
KPROF_API kprof_status kprof_ds_pebs_index_read(const volatile void *area, kprof_ds_layout layout, uint64_t *out);
