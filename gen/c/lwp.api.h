/* AMD Lightweight Profiling. Two specifications exist and are never mixed:
 *   KPROF_LWP_REVISION_SHIPPED  - family 15h hardware (AMD pub. 43724): kprof_lwp_* and the
 *                                 generated kprof_lwpcb / kprof_lwp_event_slot layouts;
 *   KPROF_LWP_REVISION_PROPOSAL - the 2007 proposal: different cpuid layout and event ids,
 *                                 and an LWPCB whose offsets were never published.
 * Revision rule (kprof_lwp_caps_decode): cpuid 0x80000001 ecx bit 15 decides whether the
 * processor has LWP at all (real dumps fill leaf 0x8000001C while it is clear); a leaf read
 * from a processor is always decoded with the shipped layout (version in ecx 15:9). The
 * proposal's layout (version in ebx 31:24) is used only when the caller asks for it by name. */

/* kprof_lwp_caps, the capabilities from cpuid 0x8000001C, is generated from spec/lwp.yaml
 * (above), with the two maps its decoders fill it through (KPROF_IMPL_LWP_CAPS_FROM_*). */

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

/* Decode cpuid 0x8000001C registers with the SHIPPED layout (the only layout any real
 * processor uses). *out is always filled. KPROF_E_UNSUPPORTED when edx says LWP is not
 * available; KPROF_E_CORRUPT when the geometry is impossible (record size not a power of two
 * of at least 32 bytes, event slots outside the LWPCB or inside its fixed part). Does not look
 * at cpuid 0x80000001: use kprof_lwp_caps_decode for the full rule. */
KPROF_API kprof_status kprof_lwp_caps_decode_shipped(uint32_t eax, uint32_t ebx, uint32_t ecx,
                                                     uint32_t edx, kprof_lwp_caps *out);
/* Decode cpuid 0x8000001C registers with the 2007 PROPOSAL's layout (seed Table 2). Only for
 * registers known to follow the proposal (a simulator or emulator implementing it): real
 * processors never do. hw_events/os_events use the proposal's event ids (1 instructions,
 * 2 branches, 3 DCache). event_offset is 40, from the size rule; the proposal's LWPCB offsets
 * are a reconstruction. KPROF_E_UNSUPPORTED when edx Enabled is clear, KPROF_E_CORRUPT when
 * LWPCBSize is below 40 + MaxEvents * 8 or the record size is impossible. */
KPROF_API kprof_status kprof_lwp_caps_decode_proposal(uint32_t eax, uint32_t ebx, uint32_t ecx,
                                                      uint32_t edx, kprof_lwp_caps *out);
/* The revision rule. ext_features_ecx is cpuid 0x80000001 ecx; leaf is cpuid 0x8000001C
 * {eax, ebx, ecx, edx}. revision KPROF_LWP_REVISION_NONE (automatic) or _SHIPPED: LWP only
 * when ext_features_ecx bit 15 is set (else KPROF_E_UNSUPPORTED, whatever the leaf holds), and
 * the leaf is always decoded with the shipped layout (version in ecx 15:9). _PROPOSAL: the
 * caller states the registers follow the 2007 proposal (whose detection bit was "TBD", so
 * ext_features_ecx is ignored); the proposal layout is never chosen automatically. */
KPROF_API kprof_status kprof_lwp_caps_decode(uint32_t ext_features_ecx, const uint32_t leaf[4],
                                             kprof_lwp_revision revision, kprof_lwp_caps *out);
/* Shipped caps from a cpuid snapshot (live or from a dump): needs KPROF_CPUID_SLOT_EXT_FEATURES
 * and KPROF_CPUID_SLOT_LWP to be trustworthy (at or below the max extended leaf) and cpuid
 * 0x80000001 ecx bit 15 set; KPROF_E_UNSUPPORTED otherwise. */
KPROF_API kprof_status kprof_lwp_caps_from_snapshot(const kprof_cpuid_snapshot *s, kprof_lwp_caps *out);
/* The capabilities of kprof's software model (KPROF_LWP_MODEL_CPUID_*), decoded as shipped. */
KPROF_API kprof_status kprof_lwp_model_caps(kprof_lwp_caps *out);
/* Space used in a ring, ((head - tail) mod size) as the seed computes it: no division, the
 * size is added back when the difference is negative. head and tail must be below size. */
KPROF_API uint32_t kprof_lwp_space_used(uint32_t head, uint32_t tail, uint32_t size);
/* Fill a shipped LWPCB (lwpcb_len bytes at lwpcb, at least caps->lwpcb_size) so that LLWPCB
 * (or kprof_lwp_model_llwpcb) accepts it: ring, events, Random, threshold, filters, head =
 * tail = 0, MissedEvents = 0, each EventCounter = its interval. Nothing is written unless every
 * rule holds; *violated (optional) names the rule broken:
 *   KPROF_E_ARGUMENT      null pointers                                 (ARGUMENT)
 *   KPROF_E_UNSUPPORTED   caps not of the shipped revision              (ARGUMENT)
 *   KPROF_E_ALIGNMENT     LWPCB not 16-byte aligned                     (LWPCB_ALIGNMENT)
 *   KPROF_E_BUFFER_TOO_SMALL  lwpcb_len < caps->lwpcb_size              (LWPCB_SIZE)
 *   KPROF_E_ALIGNMENT     ring base not 32-byte aligned                 (BUFFER_ALIGNMENT)
 *   KPROF_E_ALIGNMENT     ring size not a multiple of the event size    (BUFFER_MULTIPLE)
 *   KPROF_E_BUFFER_TOO_SMALL  ring below the minimum or 2 records       (BUFFER_MINIMUM)
 *   KPROF_E_RANGE         ring size above BufferSize's 28 bits          (BUFFER_MAXIMUM)
 *   KPROF_E_RANGE         no event, or more than LwpMaxEvents           (EVENT_COUNT)
 *   KPROF_E_RANGE         event id without a slot (0, >MaxEvents, 255)  (EVENT_ID)
 *   KPROF_E_UNSUPPORTED   event not in caps->hw_events                  (EVENT_UNSUPPORTED)
 *   KPROF_E_DUPLICATE     an event id given twice                       (EVENT_DUPLICATE)
 *   KPROF_E_RANGE         interval 0 or wider than 26 bits              (INTERVAL)
 *   KPROF_E_RANGE         Random > 15, or interval <= 2^Random - 1      (RANDOM)
 *   KPROF_E_RANGE         threshold >= size or not a record multiple    (THRESHOLD)
 *   KPROF_E_UNSUPPORTED   interrupt/Cont/PTSC the hardware lacks        (FEATURE)
 * Events are checked against what the hardware supports (edx); LLWPCB then keeps only those
 * the OS enabled (eax) and says so in Flags. */
KPROF_API kprof_status kprof_lwp_setup(const kprof_lwp_caps *caps, const kprof_lwp_config *cfg,
                                       void *lwpcb, size_t lwpcb_len, kprof_lwp_rule *violated);
/* Decode one event record (32 bytes, little-endian, any host) of the given revision into
 * *out. The generic fields are always filled; the per-kind ones by the revision's ids
 * (shipped: 1 LWPVAL, 2 instructions, 3 branches, 4 DCache, 5/6 clocks, 255 LWPINS;
 * proposal: 1 instructions, 2 branches, 3 DCache). KPROF_E_TRUNCATED when len < 32;
 * KPROF_E_FORMAT for event id 0 (never written by hardware); KPROF_E_ARGUMENT for a revision
 * other than SHIPPED or PROPOSAL. */
KPROF_API kprof_status kprof_lwp_sample_decode(const void *buf, size_t len, kprof_lwp_revision revision,
                                               kprof_lwp_sample *out);
/* Walk a buffer of records (a file, a copied ring) of the given revision: init, then next
 * until KPROF_END. Formats nothing: the command-line decoder prints what it returns.
 * KPROF_E_ARGUMENT for a null iterator, a null buffer with len > 0 or a revision other than
 * SHIPPED or PROPOSAL. */
KPROF_API kprof_status kprof_lwp_record_iter_init(kprof_lwp_record_iter *it, const void *buf, size_t len,
                                                  kprof_lwp_revision revision);
/* Decode the record at it->offset into *out and advance it->offset by 32: KPROF_OK, or a
 * status of kprof_lwp_sample_decode (KPROF_E_FORMAT for event id 0; the offset still
 * advances, so a caller may report the record at it->offset - 32 and go on). KPROF_END at
 * the end; KPROF_E_TRUNCATED when 1..31 bytes remain (once: the iteration ends there). */
KPROF_API kprof_status kprof_lwp_record_iter_next(kprof_lwp_record_iter *it, kprof_lwp_sample *out);
/* LLWPCB: load the LWPCB at lwpcb (NULL disables LWP). #UD without LWP enabled by the OS.
 * KPROF_E_NOT_AVAILABLE in KPROF_NO_LIVE builds and on compilers without inline assembly. */
KPROF_API kprof_status kprof_lwp_llwpcb(void *lwpcb);
/* SLWPCB: flush the hardware's LWP state (head offset included) into the active LWPCB and
 * return its address in *out (NULL when LWP is off). #UD without LWP enabled by the OS. */
KPROF_API kprof_status kprof_lwp_slwpcb(void **out);
/* Attach a consumer to the LWPCB at lwpcb. Reads, once each, BufferSize, BufferBase, the tail,
 * Threshold and MissedEvents, and validates them: ring at least 2 records, a multiple of the
 * record size (caps->event_size, or 32 when caps is NULL), within 28 bits, base non-zero,
 * 32-byte aligned, addressable and canonical (bits 63..47 equal, first and last byte), tail
 * below size and a record multiple. When expect_buffer is not NULL, BufferBase must equal it
 * and BufferSize expect_size: a driver watching a user's LWPCB passes the buffer it
 * validated, so a hostile LWPCB cannot point it elsewhere. KPROF_E_CORRUPT when a check
 * fails, KPROF_E_ALIGNMENT for an LWPCB not 16-byte aligned, KPROF_E_CHANGED when a 32-bit
 * target could not read a 64-bit word whole, KPROF_E_NOT_AVAILABLE for KPROF_LWP_RING_SLWPCB
 * in a KPROF_NO_LIVE build. A refused attach (a NULL lwpcb included) leaves r detached: every
 * ring call given it, the poll and the iterator included, returns KPROF_E_ARGUMENT and reads
 * nothing else, so a caller that ignores the status cannot crash or read a stale LWPCB. */
KPROF_API kprof_status kprof_lwp_ring_attach(kprof_lwp_ring *r, void *lwpcb, const kprof_lwp_caps *caps,
                                             const void *expect_buffer, uint32_t expect_size,
                                             uint32_t options);
/* LWPCB words are x86 memory, so little-endian. On a big-endian host (the model or a consumer
 * run there in a test) the accessors swap; on x86 the swap compiles to nothing. On 32-bit
 * targets MissedEvents is read as two little-endian words (low word first in memory). */
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define KPROF_IMPL_LWP_LE32(v) __builtin_bswap32(v)
#define KPROF_IMPL_LWP_LE64(v) __builtin_bswap64(v)
#else
#define KPROF_IMPL_LWP_LE32(v) (v)
#define KPROF_IMPL_LWP_LE64(v) (v)
#endif

/* The empty poll is the likely case (a JIT polls far more often than records arrive); the
 * rest of the poll is a function of the implementation, kprof_impl_lwp_ring_fill. */
#if defined(__GNUC__) || defined(__clang__)
#define KPROF_IMPL_LWP_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define KPROF_IMPL_LWP_LIKELY(x) (x)
#endif

/* The acquire load of an LWPCB word, inline for the empty poll (the rest of the LWPCB accessors
 * are the implementation's). */
KPROF_INLINE uint32_t kprof_impl_lwp_load32_host(const void *p)
{
#if defined(KPROF_LWP_ATOMICS_C11)
	return atomic_load_explicit((const volatile _Atomic uint32_t *)p, memory_order_acquire);
#elif defined(KPROF_LWP_ATOMICS_GNU)
	return __atomic_load_n((const uint32_t *)p, __ATOMIC_ACQUIRE);
#elif defined(KPROF_LWP_ATOMICS_MSVC)
	uint32_t v = *(const volatile uint32_t *)p;
	_ReadWriteBarrier();
	return v;
#else
	uint32_t v = *(const volatile uint32_t *)p;
#if defined(__TINYC__)
	__asm__ __volatile__("" ::: "memory");
#endif
	return v;
#endif
}

KPROF_INLINE uint32_t kprof_impl_lwp_load32(const void *p)
{
	return KPROF_IMPL_LWP_LE32(kprof_impl_lwp_load32_host(p));
}

/* The poll past its empty path (internal), a function of the implementation that the empty
 * poll jumps to with its own arguments where they are. With KPROF_STATIC on i386 it keeps the
 * standard stack convention, which gcc and clang would otherwise replace by their own for a
 * static function (gcc: an explicit regparm(0); clang: "used", which keeps its fastcc away).
 * Otherwise it is hidden (ELF): reached directly, not through the PLT, whose i386 form would
 * make every poller load its GOT pointer before the empty path. So the units that poll link
 * into the executable or shared object that holds the implementation. */
#if defined(KPROF_STATIC) && defined(__i386__) && defined(__clang__)
#define KPROF_IMPL_LWP_FILL KPROF_API __attribute__((__noinline__, __used__))
#elif defined(KPROF_STATIC) && defined(__i386__) && defined(__GNUC__)
#define KPROF_IMPL_LWP_FILL KPROF_API __attribute__((__noinline__, __regparm__(0)))
#elif !defined(KPROF_STATIC) && defined(__ELF__) && (defined(__GNUC__) || defined(__clang__))
#define KPROF_IMPL_LWP_FILL KPROF_API __attribute__((__noinline__, __visibility__("hidden")))
#else
#define KPROF_IMPL_LWP_FILL KPROF_API KPROF_NOINLINE
#endif
KPROF_IMPL_LWP_FILL int kprof_impl_lwp_ring_fill(kprof_lwp_ring *r, kprof_lwp_span *span);
/* kprof_lwp_ring_poll(NULL, ...): out of line and without arguments, so the poll leaves for it
 * with a plain jump, as for the non-empty path (returning the status in place made gcc -m32
 * save a register on entry; passing the NULL on made clang -m32 -O3 call instead of jump). */
KPROF_IMPL_LWP_FILL int kprof_impl_lwp_ring_null(void);

/* The poll of a ring that is not NULL: the head's one load and one compare, then the rest out
 * of line. kprof_lwp_ring_drain, which has tested r already, calls it directly: through the
 * public poll, NULL test included, gcc no longer inlined the drain into its caller, and the
 * callback went from inlined to called per record (bench/lwp_drain: the drain mode fell from
 * 1.04 to 0.89 of its floor). */
KPROF_INLINE KPROF_HOT int kprof_impl_lwp_ring_poll(kprof_lwp_ring *r, kprof_lwp_span *span)
{
	uint32_t head = kprof_impl_lwp_load32(r->lwpcb + KPROF_LWPCB_BUFFER_HEAD_OFFSET_OFFSET);
	if (KPROF_IMPL_LWP_LIKELY(head == r->poll_tail))
		return 0;
	return kprof_impl_lwp_ring_fill(r, span);
}

/* Poll: the number of records in [tail, head), 0 when empty, or a negative status
 * (KPROF_E_ARGUMENT for a NULL or detached ring).
 * Empty: the head offset is loaded once (acquire) and compared with the consumer's tail, and
 * nothing else is read or written (not even *span): out of line that is one load of the LWPCB,
 * the read of the ring's LWPCB pointer and tail, one compare, one branch and the return,
 * with no store; plus a test of r against NULL and its branch where the compiler cannot see
 * that r exists (inlined on a ring object or a member of one, it drops the test; a detached
 * ring needs no test of its own). tests/check_lwp_poll.py counts both for gcc and clang,
 * x86-64 and i386. Otherwise, before anything is written:
 *   KPROF_E_CHANGED  BufferSize or BufferBase differ from attach (or, on a 32-bit target,
 *                    a 64-bit word kept changing while read);
 *   KPROF_E_CORRUPT  the head is not below the size or not a record multiple, or
 *                    MissedEvents went down;
 * else *span describes the records in place (valid until they are consumed),
 * span->missed_delta is MissedEvents' growth not yet reported (by a span or
 * kprof_lwp_ring_missed) and span->at_threshold tells whether the space used equals
 * Threshold. Consume with kprof_lwp_ring_consume. A KPROF_LWP_RING_SLWPCB ring executes SLWPCB
 * before reading the head again (that poll never takes the empty path above). */
KPROF_INLINE int kprof_lwp_ring_poll(kprof_lwp_ring *r, kprof_lwp_span *span)
{
	/* The NULL test cannot share the head compare (nothing may be read through a NULL ring),
	 * so it is the one test and branch the empty path adds for it. Inlined where the ring's
	 * address is known (a JIT's own ring object), the compiler drops it. */
	if (!r)
		return kprof_impl_lwp_ring_null();
	return kprof_impl_lwp_ring_poll(r, span);
}
/* Mark count records as read (at most those the last non-empty poll reported and not yet
 * consumed: an empty poll writes nothing, so it leaves that count alone) and publish the new
 * tail with release ordering, so the producer may reuse their slots. 0 writes nothing. */
KPROF_API kprof_status kprof_lwp_ring_consume(kprof_lwp_ring *r, uint32_t count);
/* Begin an in-place iteration over what one poll finds (as kprof_lwp_ring_poll: KPROF_OK
 * with it->count records, 0 when empty, or the poll's negative status, it->count 0). Take
 * records with kprof_lwp_ring_iter_next; kprof_lwp_ring_iter_commit publishes the tail past
 * the records taken. MissedEvents growth is left for kprof_lwp_ring_missed. */
KPROF_API kprof_status kprof_lwp_ring_iter_init(kprof_lwp_ring_iter *it, kprof_lwp_ring *r);
/* The next record in place (record_size bytes) in *record: KPROF_OK, or KPROF_END when the
 * iteration is done (*record NULL); KPROF_E_ARGUMENT for a NULL it or record. An iterator
 * whose init failed hands out nothing (KPROF_END). Walks pointer runs: no ring field is
 * re-read per record. */
KPROF_API kprof_status kprof_lwp_ring_iter_next(kprof_lwp_ring_iter *it, const uint8_t **record);
/* Consume the records the iteration handed out (publishing the tail; nothing if none). The
 * iterator is finished afterwards: begin again with kprof_lwp_ring_iter_init. */
KPROF_API kprof_status kprof_lwp_ring_iter_commit(kprof_lwp_ring_iter *it);
/* Batch copy-out: copy up to out_len / record_size records, in order, into out and consume
 * them. *copied = records copied. Returns KPROF_OK (also when empty) or the poll's negative
 * status (nothing copied). */
KPROF_API kprof_status kprof_lwp_ring_copy(kprof_lwp_ring *r, void *out, size_t out_len, size_t *copied);
/* Drain with a callback: hand each record in [tail, head) to fn in order (at most
 * max_records; 0 = no limit), stopping early when fn returns non-zero, then publish the tail
 * past the records handed out. Returns how many were handed out, or a negative status. */
KPROF_API int kprof_lwp_ring_drain(kprof_lwp_ring *r, kprof_lwp_record_fn fn, void *ctx, uint32_t max_records);
/* Read MissedEvents once: *delta = its growth not yet reported (by a span of
 * kprof_lwp_ring_poll or an earlier call); the iterator, copy and drain leave theirs here.
 * KPROF_E_CORRUPT when MissedEvents went down, KPROF_E_CHANGED when a 32-bit target could not
 * read it whole; *delta is 0 and nothing changes then. */
KPROF_API kprof_status kprof_lwp_ring_missed(kprof_lwp_ring *r, uint64_t *delta);
/* Re-read BufferBase and BufferSize: KPROF_E_CHANGED when either differs from what attach
 * captured. Every non-empty poll (and iter_init, copy, drain) makes the same check first, so
 * this call is only needed to learn of a change while the ring is empty. */
KPROF_API kprof_status kprof_lwp_ring_check(const kprof_lwp_ring *r);
/* Initialise a model of a processor with caps (kprof_lwp_model_caps, or a real part's
 * decoded caps) and LWP_CFG CoreId core_id. seed drives the Random bits (0 picks a fixed
 * seed). KPROF_E_UNSUPPORTED for non-shipped caps or more than KPROF_LWP_MODEL_MAX_EVENTS. */
KPROF_API kprof_status kprof_lwp_model_init(kprof_lwp_model *m, const kprof_lwp_caps *caps,
                                            uint8_t core_id, uint64_t seed);
/* The threshold interrupt handler (NULL for none). */
KPROF_API void kprof_lwp_model_on_threshold(kprof_lwp_model *m, kprof_lwp_threshold_fn fn, void *ctx);
/* SLWPCB for the model: write the head register (release) and the current counters into the
 * LWPCB, and return the active LWPCB (NULL when the model is off). */
KPROF_API void *kprof_lwp_model_slwpcb(kprof_lwp_model *m);
/* LLWPCB for the model: flush the active LWPCB (if any), then load lwpcb (NULL disables).
 * Reads the block as hardware does, keeps the events the model's caps enable (os_events) and
 * writes the resulting Flags back; no active event disables LWP (Flags = 0). BufferBase's low
 * 5 bits are ignored. KPROF_E_ALIGNMENT for an LWPCB not 16-byte aligned, KPROF_E_CORRUPT for
 * a ring the model cannot use (size below 2 records or not a record multiple, head or tail out
 * of range), KPROF_E_CHANGED when a 32-bit target could not read a 64-bit word whole. */
KPROF_API kprof_status kprof_lwp_model_llwpcb(kprof_lwp_model *m, void *lwpcb);
/* Retire one synthetic instruction: counts it for instructions retired (event 2), branches
 * (event 3, when is_branch) and DCache misses (event 4, when dcache_miss) in every active
 * counter not already at zero. Counters at zero stay frozen there until their record is
 * stored; at most one record is stored per instruction (events expiring together take turns),
 * the others wait for the next instruction causing their event. Returns 1 when a record was
 * produced (stored, or lost to a full ring: see m->missed), 0 when none, or a status. */
KPROF_API int kprof_lwp_model_retire(kprof_lwp_model *m, const kprof_lwp_insn *insn);
/* LWPVAL in the model: counts event 1; when its counter reaches zero stores a record with
 * Flags = the low 16 bits of flags, Data1 = data1, Data2 = data2. Returns 1 when a record was
 * produced, 0 when not (or when LWP or event 1 is off). */
KPROF_API int kprof_lwp_model_lwpval(kprof_lwp_model *m, uint64_t data2, uint32_t data1, uint32_t flags,
                                     uint64_t ip);
/* LWPINS in the model: always stores an event 255 record (Flags = low 16 bits of flags).
 * Returns 1 when the ring was full (the record overwrote the last slot and MissedEvents grew),
 * 0 when stored or when LWP is off - as the instruction's carry flag. */
KPROF_API int kprof_lwp_model_lwpins(kprof_lwp_model *m, uint64_t data2, uint32_t data1, uint32_t flags,
                                     uint64_t ip);
