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

/* One LWPVAL or LWPINS as a program executes it, for kprof_lwpmodel_lwpval_execute and
 * kprof_lwpmodel_lwpins_execute: the instruction's registers, its imm32 and its address. */
typedef struct kprof_lwpmodel_user_event {
	uint64_t data2; /* edx/rdx (vvvv) */
	uint32_t data1; /* eax (r/m) */
	uint32_t flags; /* imm32: the record's Flags are its low 16 bits */
	uint64_t ip;    /* the instruction's address */
} kprof_lwpmodel_user_event;
