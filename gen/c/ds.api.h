/* ---- Debug Store: availability ----------------------------------------------------------
 * Everything here is a pure function of values the caller passes (a cpuid snapshot, MSR
 * values or "unknown"), except the *_live and *_read functions, which say so. Buffers the
 * processor wrote are decoded from a caller's copy of their bytes plus the producer address
 * those bytes start at: the DS area's addresses are the producer's, never dereferenced. */

/* What a processor offers of the Debug Store. */
typedef struct kprof_ds_caps {
	uint8_t ds;              /* cpuid.1:edx DS: the Debug Store exists (0: no BTS, no PEBS) */
	/* The next three as cpuid reports them, DS or not (a KVM guest reports PDCM without DS):
	 * what they promise for the DS holds only with ds set. */
	uint8_t dtes64;          /* cpuid.1:ecx DTES64: the 64-bit DS layout (kprof_ds_area64) */
	uint8_t ds_cpl;          /* cpuid.1:ecx DS-CPL: BTS_OFF_OS / BTS_OFF_USR filtering */
	uint8_t pdcm;            /* cpuid.1:ecx PDCM: IA32_PERF_CAPABILITIES exists */
	kprof_ds_avail perfmon;       /* IA32_MISC_ENABLE perfmon_available */
	kprof_ds_avail bts;           /* DS and not IA32_MISC_ENABLE bts_unavailable */
	kprof_ds_avail pebs;          /* DS, perfmon available, not pebs_unavailable */
	kprof_ds_avail pebs_baseline; /* adaptive PEBS (PEBS_DATA_CFG exists) */
	uint8_t pebs_format;     /* PERF_CAPABILITIES pebs_format, KPROF_PEBS_FORMAT_NETBURST32,
	                            or KPROF_PEBS_FORMAT_UNKNOWN */
	uint8_t bts_record_size; /* KPROF_BTS_RECORD64_SIZE or KPROF_BTS_RECORD32_SIZE; 0 without DS */
	uint8_t reserved[2];
} kprof_ds_caps;

/* A BTS or PEBS buffer as the caller holds it, for kprof_bts_iter_init, kprof_bts_wrapped_get
 * and kprof_pebs_iter_init. */
typedef struct kprof_ds_buffer {
	const void *bytes; /* the caller's copy of the buffer */
	size_t len;        /* bytes at bytes */
	uint64_t base;     /* the producer address bytes[0] had (the DS area's BTS or PEBS base) */
	uint64_t index;    /* the DS area's BTS or PEBS index */
	uint64_t maximum;  /* the DS area's BTS or PEBS absolute maximum */
	unsigned format;   /* BTS: KPROF_BTS_RECORD64_SIZE (DTES64) or KPROF_BTS_RECORD32_SIZE; PEBS:
	                      KPROF_PEBS_FORMAT_CORE .. _ADAPTIVE_MAX or KPROF_PEBS_FORMAT_NETBURST32 */
	unsigned flags;    /* BTS: KPROF_BTS_WRAPPED; PEBS: KPROF_PEBS_DATA_CFG_KNOWN; or 0 */
	uint64_t data_cfg; /* PEBS_DATA_CFG (adaptive PEBS), read with KPROF_PEBS_DATA_CFG_KNOWN */
} kprof_ds_buffer;

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
