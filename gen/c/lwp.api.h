/* AMD Lightweight Profiling. Two specifications exist and are never mixed:
 *   KPROF_LWP_REVISION_SHIPPED  - family 15h hardware (AMD pub. 43724): kprof_lwp_* and the
 *                                 generated kprof_lwpcb / kprof_lwp_event_slot layouts;
 *   KPROF_LWP_REVISION_PROPOSAL - the 2007 proposal: different cpuid layout and event ids,
 *                                 and an LWPCB whose offsets were never published.
 * Revision rule (kprof_lwp_caps_decode): cpuid 0x80000001 ecx bit 15 decides whether the
 * processor has LWP at all (real dumps fill leaf 0x8000001C while it is clear); a leaf read
 * from a processor is always decoded with the shipped layout (version in ecx 15:9). The
 * proposal's layout (version in ebx 31:24) is used only when the caller asks for it by name. */

/* Capabilities from cpuid 0x8000001C, in plain numbers. Event masks are indexed by THIS
 * revision's event ids (bit n = event id n), so compare revision before using them. */
typedef struct kprof_lwp_caps {
	uint8_t revision;      /* kprof_lwp_revision */
	uint8_t version;       /* LwpVersion (shipped ecx 15:9; proposal ebx 31:24) */
	uint8_t event_size;    /* bytes per record */
	uint8_t max_events;    /* event slots in the LWPCB */
	uint16_t lwpcb_size;   /* bytes (shipped: LwpCbSize * 8; proposal: LWPCBSize) */
	uint16_t event_offset; /* byte offset of the first event slot */
	uint32_t min_buffer_size; /* bytes (shipped: LwpMinBufferSize * 32 records); 0 = none stated */
	uint32_t hw_events;    /* events the hardware supports (edx) */
	uint32_t os_events;    /* events the OS enabled (eax) */
	uint8_t hw_available, os_enabled;     /* LwpAvail / Enabled */
	uint8_t hw_interrupt, os_interrupt;   /* threshold interrupt */
	uint8_t hw_cont, os_cont;             /* continuous mode (shipped only) */
	uint8_t hw_ptsc, os_ptsc;             /* timestamps in records (shipped only) */
	uint8_t extension;                    /* proposal eax 30: leaf 0x8000001D describes more */
	uint8_t latency_bits;                 /* LwpLatencyMax / LWPCacheMax */
	uint8_t latency_rnd;                  /* LwpLatencyRnd (shipped only) */
	uint8_t data_address;
	uint8_t branch_prediction; /* LwpBranchPrediction: Branches Retired can be filtered by prediction */
	uint8_t ip_filtering, cache_levels, cache_latency;
	uint32_t raw[4];                      /* eax, ebx, ecx, edx as read */
} kprof_lwp_caps;

/* One event to program: its id (this revision's) and interval (1 .. 2^26 - 1). */
typedef struct kprof_lwp_event_config {
	uint8_t event_id;
	uint32_t interval;
} kprof_lwp_event_config;

/* What kprof_lwp_setup writes into a shipped LWPCB. buffer_base is the ring's linear
 * address (a pointer cast to uintptr_t, or a user address seen from a driver). */
typedef struct kprof_lwp_config {
	uint64_t buffer_base;
	uint32_t buffer_size; /* bytes */
	const kprof_lwp_event_config *events;
	unsigned event_count;
	uint8_t random;        /* low counter bits randomised at each reload, 0..15 */
	uint8_t threshold_interrupt, cont, ptsc;
	/* Threshold, bytes: hardware writes its head offset to the LWPCB (and raises the
	 * threshold interrupt when enabled) when (head - tail) mod size equals it, and otherwise
	 * only when the ring is full or on SLWPCB. 0 = no threshold: a consumer that polls without
	 * SLWPCB then sees nothing until the ring is full and a record is lost. Choose about half
	 * the ring (a record multiple), so a poller sees records at most half a ring late. */
	uint32_t threshold;
	uint32_t filters;      /* KPROF_LWPCB_FILTERS_*: the bit names are unverified (see there) */
	uint64_t base_ip, limit_ip;
	uint64_t software_data1, software_data2;
} kprof_lwp_config;

/* An event record taken apart (kprof_lwp_sample_decode). The generic fields always hold the
 * bytes; the interpreted ones are filled for the record kinds the revision defines. */
typedef struct kprof_lwp_sample {
	uint8_t revision, event_id, core_id;
	uint8_t kind;          /* kprof_lwp_kind */
	uint16_t flags;        /* record bits 31:16 */
	uint32_t data1;
	uint64_t ip;           /* instruction address */
	uint64_t data2;
	uint64_t timestamp;    /* bytes 24..31 (meaningful when PTSC was on) */
	/* branch */
	uint8_t branch_taken, branch_predicted, branch_prediction_valid;
	/* DCache miss */
	uint8_t data_source, data_address_valid;
	uint32_t latency;
	uint64_t next_ip;      /* branch: address after the branch (= data2) */
	uint64_t data_address; /* DCache miss (= data2 when data_address_valid) */
} kprof_lwp_sample;

/* What a record is, independent of the revision's numbering. */
typedef enum kprof_lwp_kind {
	KPROF_LWP_KIND_UNKNOWN = 0,
	KPROF_LWP_KIND_INSTRUCTION = 1,
	KPROF_LWP_KIND_BRANCH = 2,
	KPROF_LWP_KIND_DCACHE = 3,
	KPROF_LWP_KIND_PROGRAMMED_VALUE = 4, /* LWPVAL (shipped) */
	KPROF_LWP_KIND_PROGRAMMED_EVENT = 5, /* LWPINS (shipped) */
	KPROF_LWP_KIND_CLOCKS = 6            /* core / reference clocks (shipped) */
} kprof_lwp_kind;

/* A buffer of records walked by kprof_lwp_record_iter_init / kprof_lwp_record_iter_next. */
typedef struct kprof_lwp_record_iter {
	const uint8_t *buf;
	size_t len;
	size_t offset; /* of the next record */
	kprof_lwp_revision revision;
} kprof_lwp_record_iter;

/* ---- ring consumer ----------------------------------------------------------------------
 * A single-consumer view of an LWPCB's ring. Everything that bounds a read (buffer base,
 * size, record size) is captured and validated once at attach; a poll reads the head offset
 * once (acquire); an empty one stops there (one load and one compare, nothing stored); a
 * non-empty one checks that BufferSize and BufferBase still equal the captured ones, that the
 * head is in bounds and MissedEvents did not go down, and only then touches records. The
 * consumer's tail lives here and is published with release ordering. */
typedef struct kprof_lwp_ring {
	uint8_t *lwpcb;
	uint32_t poll_tail;    /* the head an empty poll sees (tail; bit 31 set on SLWPCB rings) */
	uint32_t tail;         /* the consumer's tail: the LWPCB copy is only ever written */
	const uint8_t *buffer;
	uint32_t size;         /* ring bytes */
	uint32_t record_size;  /* a power of two */
	uint32_t record_shift; /* log2(record_size), computed once at attach */
	uint32_t avail;       /* records seen by the last poll and not yet consumed */
	uint32_t threshold;
	uint32_t options;     /* KPROF_LWP_RING_* */
	uint64_t missed_seen;       /* MissedEvents at the last read */
	uint64_t missed_unreported; /* growth seen by iter/copy/drain, for kprof_lwp_ring_missed */
} kprof_lwp_ring;

/* Attach option: execute SLWPCB before every poll so hardware flushes its head register to
 * the LWPCB. Real hardware with LWP active only (never with the software model), and only in
 * the profiled thread: LWP state (the LWPCB address SLWPCB stores, the head register it
 * flushes) belongs to the thread that ran LLWPCB, so SLWPCB in any other thread reads that
 * thread's LWP state instead, or #UD. A consumer in another thread polls without it and sees
 * the head hardware writes at Threshold (set one) or when the ring is full. */
#define KPROF_LWP_RING_SLWPCB 1u

/* The records a poll found, in place: first_count records at first, then second_count at
 * second (the part after a wrap; 0 when none). */
typedef struct kprof_lwp_span {
	const uint8_t *first;
	const uint8_t *second;
	uint32_t first_count, second_count;
	uint32_t head;           /* head offset the view ends at */
	uint8_t at_threshold;    /* (head - tail) mod size == Threshold (and Threshold != 0) */
	uint64_t missed_delta;   /* MissedEvents growth not reported before */
} kprof_lwp_span;

/* An in-place iterator over one poll (kprof_lwp_ring_iter_init / _next / _commit). */
typedef struct kprof_lwp_ring_iter {
	kprof_lwp_ring *ring;
	const uint8_t *next, *end;        /* the run being walked: [next, end) */
	const uint8_t *second, *second_end; /* the run after the wrap, NULL once entered */
	uint32_t step;                    /* record size */
	uint32_t count;                   /* records the poll found */
	uint32_t taken;                   /* records handed out */
} kprof_lwp_ring_iter;

/* Callback of kprof_lwp_ring_drain: one record in place (record_size bytes). Return 0 to go
 * on, non-zero to stop after this record (which counts as consumed). */
typedef int (*kprof_lwp_record_fn)(void *ctx, const uint8_t *record, uint32_t record_size);

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
#define KPROF_LWP_MODEL_MAX_EVENTS 8

struct kprof_lwp_model;
/* Threshold interrupt: called (in the producer's thread) when the space used equals
 * Threshold and the LWPCB enables the threshold interrupt. */
typedef void (*kprof_lwp_threshold_fn)(void *ctx, struct kprof_lwp_model *model);

typedef struct kprof_lwp_model {
	kprof_lwp_caps caps;
	uint8_t core_id;
	kprof_lwp_threshold_fn on_threshold;
	void *ctx;
	/* loaded by kprof_lwp_model_llwpcb */
	uint8_t *lwpcb;
	uint8_t *buffer;
	uint32_t size, record_size, threshold, flags, random_mask;
	uint32_t head;        /* the hardware's head register */
	uint32_t cached_tail; /* the tail as last read from the LWPCB */
	uint32_t head_dirty;  /* head moved since the last flush */
	uint32_t last_event;  /* for rotating among events that expire together */
	uint32_t interval[KPROF_LWP_MODEL_MAX_EVENTS];
	uint32_t counter[KPROF_LWP_MODEL_MAX_EVENTS];
	uint64_t missed;
	uint64_t prng;        /* xorshift64 state */
	uint64_t clock;       /* timestamp source: advanced by each instruction's cycles */
	/* statistics */
	uint64_t stored, head_flushes, tail_reads, threshold_hits;
} kprof_lwp_model;

/* One synthetic retired instruction for kprof_lwp_model_retire. Every instruction counts
 * for "instructions retired"; is_branch and dcache_miss add those events. */
typedef struct kprof_lwp_insn {
	uint64_t ip;
	uint32_t cycles;       /* added to the model clock (0 counts as 1) */
	uint8_t is_branch, taken, predicted;
	uint8_t dcache_miss, data_source, data_address_valid;
	uint32_t latency;      /* cycles the miss took */
	uint64_t next_ip;      /* branch: target if taken, fall-through if not */
	uint64_t data_address;
} kprof_lwp_insn;

/* ---- instructions ---------------------------------------------------------------------
 * LWPINS and LWPVAL take their flags as an imm32 in the instruction, so they are macros and
 * flags must be a constant expression. Emitted as bytes: no -mlwp needed. data2 goes in edx
 * (vvvv), data1 in eax (r/m). Defined only when KPROF_LWP_HAVE_INSTRUCTIONS is 1.
 *   KPROF_LWPVAL32(data2, data1, flags)        lwpval edx, eax, imm32
 *   KPROF_LWPINS32(data2, data1, flags, full)  lwpins edx, eax, imm32; full = CF (ring full),
 *                                              0 or 1, into any integer lvalue
 *   KPROF_LWPVAL64 / KPROF_LWPINS64            the same with rdx (x86-64 only)
 * Executing them without LWP enabled raises #UD. */
#if !defined(KPROF_NO_LIVE) && (defined(__GNUC__) || defined(__clang__) || defined(__TINYC__))
#define KPROF_LWP_HAVE_INSTRUCTIONS 1
#define KPROF_LWPVAL32(data2, data1, flags)                                                        \
	__asm__ __volatile__(".byte 0x8f, 0xea, 0x68, 0x12, 0xc8\n\t.long %c2"                     \
	                     :                                                                     \
	                     : "d"((uint32_t)(data2)), "a"((uint32_t)(data1)), "i"(flags)          \
	                     : "memory")
#define KPROF_LWPINS32(data2, data1, flags, full)                                                  \
	do {                                                                                       \
		uint8_t kprof_full_;                                                               \
		__asm__ __volatile__(".byte 0x8f, 0xea, 0x68, 0x12, 0xc0\n\t.long %c3\n\tsetc %0"  \
		                     : "=q"(kprof_full_)                                           \
		                     : "d"((uint32_t)(data2)), "a"((uint32_t)(data1)), "i"(flags)  \
		                     : "memory", "cc");                                            \
		(full) = kprof_full_;                                                              \
	} while (0)
#if defined(__x86_64__)
#define KPROF_LWPVAL64(data2, data1, flags)                                                        \
	__asm__ __volatile__(".byte 0x8f, 0xea, 0xe8, 0x12, 0xc8\n\t.long %c2"                     \
	                     :                                                                     \
	                     : "d"((uint64_t)(data2)), "a"((uint32_t)(data1)), "i"(flags)          \
	                     : "memory")
#define KPROF_LWPINS64(data2, data1, flags, full)                                                  \
	do {                                                                                       \
		uint8_t kprof_full_;                                                               \
		__asm__ __volatile__(".byte 0x8f, 0xea, 0xe8, 0x12, 0xc0\n\t.long %c3\n\tsetc %0"  \
		                     : "=q"(kprof_full_)                                           \
		                     : "d"((uint64_t)(data2)), "a"((uint32_t)(data1)), "i"(flags)  \
		                     : "memory", "cc");                                            \
		(full) = kprof_full_;                                                              \
	} while (0)
#endif
#elif !defined(KPROF_NO_LIVE) && defined(_MSC_VER)
/* MSVC's LWP intrinsics, declared as <intrin.h> declares them (so it need not be included). */
#ifdef __cplusplus
extern "C" {
#endif
/* (After clang's <intrin.h> they are already defined, __lwpval32 as a macro: nothing to declare.) */
#ifndef __lwpval32
void __llwpcb(void *lwpcb);
void *__slwpcb(void);
void __lwpval32(unsigned int data2, unsigned int data1, unsigned int flags);
unsigned char __lwpins32(unsigned int data2, unsigned int data1, unsigned int flags);
#if defined(_M_X64)
void __lwpval64(unsigned __int64 data2, unsigned int data1, unsigned int flags);
unsigned char __lwpins64(unsigned __int64 data2, unsigned int data1, unsigned int flags);
#endif
#endif
#ifdef __cplusplus
}
#endif
#define KPROF_LWP_HAVE_INSTRUCTIONS 1
#define KPROF_LWPVAL32(data2, data1, flags) __lwpval32((data2), (data1), (flags))
#define KPROF_LWPINS32(data2, data1, flags, full) ((full) = __lwpins32((data2), (data1), (flags)))
#if defined(_M_X64)
#define KPROF_LWPVAL64(data2, data1, flags) __lwpval64((data2), (data1), (flags))
#define KPROF_LWPINS64(data2, data1, flags, full) ((full) = __lwpins64((data2), (data1), (flags)))
#endif
#else
#define KPROF_LWP_HAVE_INSTRUCTIONS 0
#endif

/* ---- memory ordering ------------------------------------------------------------------
 * The LWPCB is ordinary memory shared with hardware (or the model's thread). kprof uses the
 * GCC/Clang __atomic builtins wherever they exist (every C and C++ mode, kernels included,
 * and ThreadSanitizer understands them), MSVC volatile accesses with _ReadWriteBarrier on x86
 * (loads are acquire and stores release on x86's TSO), C11 <stdatomic.h> for any other C11
 * compiler that has it, and volatile plus a compiler barrier otherwise (tcc). */
#if defined(__GNUC__) || defined(__clang__)
#define KPROF_LWP_ATOMICS_GNU 1
#elif defined(_MSC_VER)
#define KPROF_LWP_ATOMICS_MSVC 1
#ifdef __cplusplus
extern "C" {
#endif
void _ReadWriteBarrier(void);
__int64 _InterlockedCompareExchange64(__int64 volatile *destination, __int64 exchange,
                                      __int64 comparand);
#ifdef __cplusplus
}
#endif
#pragma intrinsic(_ReadWriteBarrier)
#pragma intrinsic(_InterlockedCompareExchange64)
#elif !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L &&      \
        !defined(__STDC_NO_ATOMICS__) && !defined(__TINYC__)
#include <stdatomic.h>
#define KPROF_LWP_ATOMICS_C11 1
#else
#define KPROF_LWP_ATOMICS_VOLATILE 1
#endif
