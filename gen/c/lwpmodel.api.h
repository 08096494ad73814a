/* ==========================================================================================
 *  SOFTWARE MODEL OF THE LWP HARDWARE (the producer)
 * ------------------------------------------------------------------------------------------
 * No processor made today has LWP, so kprof carries a deterministic model of it that follows
 * the proposal's rules (seed sections 3, 5.4, 5.5) over the shipped LWPCB: per-event counters
 * reloaded from EventInterval with the low Random bits drawn from a PRNG kept in the struct,
 * a counter that stays frozen at zero until its record is stored, one record per instruction,
 * records written at head, head advanced unless it would equal tail (then MissedEvents++ and
 * the slot is reused), a threshold callback when the space used equals Threshold, CoreId and
 * an optional timestamp. Like hardware, it keeps head in a "register" and writes it to the
 * LWPCB (release ordering) only at threshold, when full, or on an explicit flush, and it
 * rereads the tail only when the ring looks full or past the threshold. Feed it synthetic
 * retired instructions; run it in its own thread to race a consumer. No globals.
 * ========================================================================================== */
#define KPROF_LWPMODEL_MAX_EVENTS 8

struct kprof_lwpmodel;
/* Threshold interrupt: called (in the producer's thread) when the space used equals
 * Threshold and the LWPCB enables the threshold interrupt. */
typedef void (*kprof_lwpmodel_threshold_fn)(void *ctx, struct kprof_lwpmodel *model);

typedef struct kprof_lwpmodel {
	kprof_lwp_caps caps;
	uint8_t core_id;
	kprof_lwpmodel_threshold_fn on_threshold;
	void *ctx;
	/* loaded by kprof_lwpmodel_lwpcb_load */
	uint8_t *lwpcb;
	uint8_t *buffer;
	uint32_t size, record_size, threshold, flags, random_mask;
	uint32_t head;        /* the hardware's head register */
	uint32_t cached_tail; /* the tail as last read from the LWPCB */
	uint32_t head_dirty;  /* head moved since the last flush */
	uint32_t last_event;  /* for rotating among events that expire together */
	uint32_t interval[KPROF_LWPMODEL_MAX_EVENTS];
	uint32_t counter[KPROF_LWPMODEL_MAX_EVENTS];
	uint64_t missed;
	uint64_t prng;        /* xorshift64 state */
	uint64_t clock;       /* timestamp source: advanced by each instruction's cycles */
	/* statistics */
	uint64_t stored, head_flushes, tail_reads, threshold_hits;
} kprof_lwpmodel;

/* One synthetic retired instruction for kprof_lwpmodel_insn_execute. Every instruction counts
 * for "instructions retired"; is_branch and dcache_miss add those events. */
typedef struct kprof_lwpmodel_insn {
	uint64_t ip;
	uint32_t cycles;       /* added to the model clock (0 counts as 1) */
	uint8_t is_branch, taken, predicted;
	uint8_t dcache_miss, data_source, data_address_valid;
	uint32_t latency;      /* cycles the miss took */
	uint64_t next_ip;      /* branch: target if taken, fall-through if not */
	uint64_t data_address;
} kprof_lwpmodel_insn;

/* Initialise a model of a processor with caps (kprof_lwpmodel_caps_get, or a real part's
 * decoded caps) and LWP_CFG CoreId core_id. seed drives the Random bits (0 picks a fixed
 * seed). KPROF_E_UNSUPPORTED for non-shipped caps or more than KPROF_LWPMODEL_MAX_EVENTS. */
KPROF_API kprof_status kprof_lwpmodel_init(kprof_lwpmodel *m, const kprof_lwp_caps *caps,
                                            uint8_t core_id, uint64_t seed);
/* The threshold interrupt handler (NULL for none). */
KPROF_API void kprof_lwpmodel_threshold_set(kprof_lwpmodel *m, kprof_lwpmodel_threshold_fn fn, void *ctx);
/* SLWPCB for the model: write the head register (release) and the current counters into the
 * LWPCB, and return the active LWPCB (NULL when the model is off). */
KPROF_API void *kprof_lwpmodel_lwpcb_store(kprof_lwpmodel *m);
/* LLWPCB for the model: flush the active LWPCB (if any), then load lwpcb (NULL disables).
 * Reads the block as hardware does, keeps the events the model's caps enable (os_events) and
 * writes the resulting Flags back; no active event disables LWP (Flags = 0). BufferBase's low
 * 5 bits are ignored. KPROF_E_ALIGNMENT for an LWPCB not 16-byte aligned, KPROF_E_CORRUPT for
 * a ring the model cannot use (size below 2 records or not a record multiple, head or tail out
 * of range), KPROF_E_CHANGED when a 32-bit target could not read a 64-bit word whole. */
KPROF_API kprof_status kprof_lwpmodel_lwpcb_load(kprof_lwpmodel *m, void *lwpcb);
/* Retire one synthetic instruction: counts it for instructions retired (event 2), branches
 * (event 3, when is_branch) and DCache misses (event 4, when dcache_miss) in every active
 * counter not already at zero. Counters at zero stay frozen there until their record is
 * stored; at most one record is stored per instruction (events expiring together take turns),
 * the others wait for the next instruction causing their event. Returns 1 when a record was
 * produced (stored, or lost to a full ring: see m->missed), 0 when none, or a status. */
KPROF_API int kprof_lwpmodel_insn_execute(kprof_lwpmodel *m, const kprof_lwpmodel_insn *insn);
/* LWPVAL in the model: counts event 1; when its counter reaches zero stores a record with
 * Flags = the low 16 bits of flags, Data1 = data1, Data2 = data2. Returns 1 when a record was
 * produced, 0 when not (or when LWP or event 1 is off). */
KPROF_API int kprof_lwpmodel_lwpval_execute(kprof_lwpmodel *m, uint64_t data2, uint32_t data1, uint32_t flags,
                                     uint64_t ip);
/* LWPINS in the model: always stores an event 255 record (Flags = low 16 bits of flags).
 * Returns 1 when the ring was full (the record overwrote the last slot and MissedEvents grew),
 * 0 when stored or when LWP is off - as the instruction's carry flag. */
KPROF_API int kprof_lwpmodel_lwpins_execute(kprof_lwpmodel *m, uint64_t data2, uint32_t data1, uint32_t flags,
                                     uint64_t ip);

/* The capabilities of kprof's software model (KPROF_LWPMODEL_CPUID_*), decoded as shipped. */
KPROF_API kprof_status kprof_lwpmodel_caps_get(kprof_lwp_caps *out);
