/* AMD Lightweight Profiling. Two specifications exist and are never mixed:
 *   KPROF_LWP_REVISION_SHIPPED  - family 15h hardware (AMD pub. 43724): kprof_lwp_* and the
 *                                 generated kprof_lwp_lwpcb / kprof_lwp_event_slot layouts;
 *   KPROF_LWP_REVISION_PROPOSAL - the 2007 proposal: different cpuid layout and event ids,
 *                                 and an LWPCB whose offsets were never published.
 * Revision rule (kprof_lwp_caps_get): cpuid 0x80000001 ecx bit 15 decides whether the
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

/* What kprof_lwp_lwpcb_init writes into a shipped LWPCB. buffer_base is the ring's linear
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
	uint32_t filters;      /* KPROF_LWP_LWPCB_FILTERS_*: the bit names are unverified (see there) */
	uint64_t base_ip, limit_ip;
	uint64_t software_data1, software_data2;
} kprof_lwp_config;

/* An event record taken apart (kprof_lwp_record_unpack). The generic fields always hold the
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
	uint64_t missed_unreported; /* growth seen by iter/copy/drain, for kprof_lwp_ring_missed_get */
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

/* ---- instructions ---------------------------------------------------------------------
 * LWPINS and LWPVAL take their flags as an imm32 in the instruction, so they are macros and
 * flags must be a constant expression. Emitted as bytes: no -mlwp needed. data2 goes in edx
 * (vvvv), data1 in eax (r/m). Defined only when KPROF_LWP_HAVE_INSTRUCTIONS is 1.
 *   KPROF_LWP_LWPVAL32(data2, data1, flags)        lwpval edx, eax, imm32
 *   KPROF_LWP_LWPINS32(data2, data1, flags, full)  lwpins edx, eax, imm32; full = CF (ring full),
 *                                              0 or 1, into any integer lvalue
 *   KPROF_LWP_LWPVAL64 / KPROF_LWP_LWPINS64            the same with rdx (x86-64 only)
 * Executing them without LWP enabled raises #UD. */
#if !defined(KPROF_NO_LIVE) && (defined(__GNUC__) || defined(__clang__) || defined(__TINYC__))
#define KPROF_LWP_HAVE_INSTRUCTIONS 1
#define KPROF_LWP_LWPVAL32(data2, data1, flags)                                                        \
	__asm__ __volatile__(".byte 0x8f, 0xea, 0x68, 0x12, 0xc8\n\t.long %c2"                     \
	                     :                                                                     \
	                     : "d"((uint32_t)(data2)), "a"((uint32_t)(data1)), "i"(flags)          \
	                     : "memory")
#define KPROF_LWP_LWPINS32(data2, data1, flags, full)                                                  \
	do {                                                                                       \
		uint8_t kprof_full_;                                                               \
		__asm__ __volatile__(".byte 0x8f, 0xea, 0x68, 0x12, 0xc0\n\t.long %c3\n\tsetc %0"  \
		                     : "=q"(kprof_full_)                                           \
		                     : "d"((uint32_t)(data2)), "a"((uint32_t)(data1)), "i"(flags)  \
		                     : "memory", "cc");                                            \
		(full) = kprof_full_;                                                              \
	} while (0)
#if defined(__x86_64__)
#define KPROF_LWP_LWPVAL64(data2, data1, flags)                                                        \
	__asm__ __volatile__(".byte 0x8f, 0xea, 0xe8, 0x12, 0xc8\n\t.long %c2"                     \
	                     :                                                                     \
	                     : "d"((uint64_t)(data2)), "a"((uint32_t)(data1)), "i"(flags)          \
	                     : "memory")
#define KPROF_LWP_LWPINS64(data2, data1, flags, full)                                                  \
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
#define KPROF_LWP_LWPVAL32(data2, data1, flags) __lwpval32((data2), (data1), (flags))
#define KPROF_LWP_LWPINS32(data2, data1, flags, full) ((full) = __lwpins32((data2), (data1), (flags)))
#if defined(_M_X64)
#define KPROF_LWP_LWPVAL64(data2, data1, flags) __lwpval64((data2), (data1), (flags))
#define KPROF_LWP_LWPINS64(data2, data1, flags, full) ((full) = __lwpins64((data2), (data1), (flags)))
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
#define KPROF_IMPL_LWP_ATOMICS_GNU 1
#elif defined(_MSC_VER)
#define KPROF_IMPL_LWP_ATOMICS_MSVC 1
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
#define KPROF_IMPL_LWP_ATOMICS_C11 1
#else
#define KPROF_IMPL_LWP_ATOMICS_VOLATILE 1
#endif

/* LWP's capabilities from a cpuid snapshot (read live, from a dump, or set by the caller with
 * kprof_cpuid_snapshot_set). *out is always filled (zero on an error before decoding).
 * revision KPROF_LWP_REVISION_NONE (automatic) or _SHIPPED: LWP only when cpuid 0x80000001 ecx
 * bit 15 is set and both leaves may be trusted (at or below the max extended leaf; else
 * KPROF_E_UNSUPPORTED, whatever leaf 0x8000001C holds, as real dumps fill it while the bit is
 * clear), and the leaf is always decoded with the shipped layout (AMD pub. 43724: version in
 * ecx 15:9): KPROF_E_UNSUPPORTED when edx says LWP is not available, KPROF_E_CORRUPT when the
 * geometry is impossible (record size not a power of two of at least 32 bytes, event slots
 * outside the LWPCB or inside its fixed part). _PROPOSAL: the caller states the leaf follows
 * AMD's 2007 proposal (Table 2: version in ebx 31:24, LWPCBSize in bytes; a simulator or
 * emulator implementing it - no real processor does), whose detection bit was "TBD", so
 * cpuid 0x80000001 and the max extended leaf are not consulted (KPROF_E_UNSUPPORTED only when
 * the snapshot lacks the leaf or edx Enabled is clear); hw_events/os_events then use the
 * proposal's event ids (1 instructions, 2 branches, 3 DCache) and event_offset is 40, from
 * the size rule (the proposal's LWPCB offsets are a reconstruction); KPROF_E_CORRUPT when
 * LWPCBSize is below 40 + MaxEvents * 8 or the record size is impossible. The proposal layout
 * is never chosen automatically. KPROF_E_ARGUMENT for null pointers or another revision. */
KPROF_API kprof_status kprof_lwp_caps_get(const kprof_cpuid_snapshot *s, kprof_lwp_revision revision,
                                          kprof_lwp_caps *out);
/* Space used in a ring, ((head - tail) mod size) as the seed computes it: no division, the
 * size is added back when the difference is negative. head and tail must be below size. */
KPROF_API uint32_t kprof_lwp_ring_space_get(uint32_t head, uint32_t tail, uint32_t size);
/* Fill a shipped LWPCB (lwpcb_len bytes at lwpcb, at least caps->lwpcb_size) so that LLWPCB
 * (or kprof_lwpmodel_lwpcb_load) accepts it: ring, events, Random, threshold, filters, head =
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
KPROF_API kprof_status kprof_lwp_lwpcb_init(void *lwpcb, size_t lwpcb_len, const kprof_lwp_caps *caps,
                                           const kprof_lwp_config *cfg, kprof_lwp_rule *violated);
/* Decode one event record (32 bytes, little-endian, any host) of the given revision into
 * *out. The generic fields are always filled; the per-kind ones by the revision's ids
 * (shipped: 1 LWPVAL, 2 instructions, 3 branches, 4 DCache, 5/6 clocks, 255 LWPINS;
 * proposal: 1 instructions, 2 branches, 3 DCache). KPROF_E_TRUNCATED when len < 32;
 * KPROF_E_FORMAT for event id 0 (never written by hardware); KPROF_E_ARGUMENT for a revision
 * other than SHIPPED or PROPOSAL. */
KPROF_API KPROF_IMPL_HOT kprof_status kprof_lwp_record_unpack(const void *buf, size_t len, kprof_lwp_revision revision,
                                               kprof_lwp_sample *out);
/* Walk a buffer of records (a file, a copied ring) of the given revision: init, then next
 * until KPROF_END. Formats nothing: the command-line decoder prints what it returns.
 * KPROF_E_ARGUMENT for a null iterator, a null buffer with len > 0 or a revision other than
 * SHIPPED or PROPOSAL. */
KPROF_API kprof_status kprof_lwp_record_iter_init(kprof_lwp_record_iter *it, const void *buf, size_t len,
                                                  kprof_lwp_revision revision);
/* Decode the record at it->offset into *out and advance it->offset by 32: KPROF_OK, or a
 * status of kprof_lwp_record_unpack (KPROF_E_FORMAT for event id 0; the offset still
 * advances, so a caller may report the record at it->offset - 32 and go on). KPROF_END at
 * the end; KPROF_E_TRUNCATED when 1..31 bytes remain (once: the iteration ends there). */
KPROF_API kprof_status kprof_lwp_record_iter_next(kprof_lwp_record_iter *it, kprof_lwp_sample *out);
/* LLWPCB: load the LWPCB at lwpcb (NULL disables LWP). #UD without LWP enabled by the OS.
 * KPROF_E_NOT_AVAILABLE in KPROF_NO_LIVE builds and on compilers without inline assembly. */
KPROF_API kprof_status kprof_lwp_lwpcb_load(void *lwpcb);
/* SLWPCB: flush the hardware's LWP state (head offset included) into the active LWPCB and
 * return its address in *out (NULL when LWP is off). #UD without LWP enabled by the OS. */
KPROF_API kprof_status kprof_lwp_lwpcb_store(void **out);
/* Attach a consumer to the LWPCB at lwpcb. Reads, once each, BufferSize, BufferBase, the tail,
 * Threshold and MissedEvents, and validates them: ring at least 2 records, a multiple of the
 * record size (caps->event_size, or 32 when caps is NULL), within 28 bits, base non-zero,
 * 32-byte aligned, addressable and canonical (bits 63..47 equal, first and last byte), tail
 * below size and a record multiple. When expect_buffer is not NULL, BufferBase must equal it
 * and BufferSize expect_size: a driver watching a user's LWPCB passes the buffer it
 * validated, so a hostile LWPCB cannot point it elsewhere. KPROF_E_CORRUPT when a check
 * fails, KPROF_E_ALIGNMENT for an LWPCB not 16-byte aligned, KPROF_E_CHANGED when a 32-bit
 * target could not read a 64-bit word whole, KPROF_E_NOT_AVAILABLE for KPROF_LWP_RING_SLWPCB
 * in a KPROF_NO_LIVE build. */
KPROF_API kprof_status kprof_lwp_ring_attach(kprof_lwp_ring *r, void *lwpcb, const kprof_lwp_caps *caps,
                                             const void *expect_buffer, uint32_t expect_size,
                                             uint32_t options);
/* Poll: the number of records in [tail, head), 0 when empty, or a negative status.
 * Empty: the head offset is loaded once (acquire) and compared with the consumer's tail, and
 * nothing else is read or written (not even *span): out of line that is one load of the LWPCB,
 * the read of the ring's LWPCB pointer and tail, one compare, one branch and the return,
 * with no store (tests/check_lwp_poll.py counts it for gcc and clang, x86-64 and i386).
 * Otherwise, before anything is written:
 *   KPROF_E_CHANGED  BufferSize or BufferBase differ from attach (or, on a 32-bit target,
 *                    a 64-bit word kept changing while read);
 *   KPROF_E_CORRUPT  the head is not below the size or not a record multiple, or
 *                    MissedEvents went down;
 * else *span describes the records in place (valid until they are consumed),
 * span->missed_delta is MissedEvents' growth not yet reported (by a span or
 * kprof_lwp_ring_missed_get) and span->at_threshold tells whether the space used equals
 * Threshold. Consume with kprof_lwp_ring_consume. A KPROF_LWP_RING_SLWPCB ring executes SLWPCB
 * before reading the head again (that poll never takes the empty path above). */
KPROF_API int kprof_lwp_ring_poll(kprof_lwp_ring *r, kprof_lwp_span *span);
/* Mark count records as read (at most those the last non-empty poll reported and not yet
 * consumed: an empty poll writes nothing, so it leaves that count alone) and publish the new
 * tail with release ordering, so the producer may reuse their slots. 0 writes nothing. */
KPROF_API kprof_status kprof_lwp_ring_consume(kprof_lwp_ring *r, uint32_t count);
/* Begin an in-place iteration over what one poll finds (as kprof_lwp_ring_poll: KPROF_OK
 * with it->count records, 0 when empty, or the poll's negative status, it->count 0). Take
 * records with kprof_lwp_ring_iter_next; kprof_lwp_ring_iter_commit publishes the tail past
 * the records taken. MissedEvents growth is left for kprof_lwp_ring_missed_get. */
KPROF_API kprof_status kprof_lwp_ring_iter_init(kprof_lwp_ring_iter *it, kprof_lwp_ring *r);
/* The next record in place (record_size bytes) in *record: KPROF_OK, or KPROF_END when the
 * iteration is done (*record NULL). Walks pointer runs: no ring field is re-read per record. */
KPROF_API KPROF_IMPL_HOT kprof_status kprof_lwp_ring_iter_next(kprof_lwp_ring_iter *it, const uint8_t **record);
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
KPROF_API kprof_status kprof_lwp_ring_missed_get(kprof_lwp_ring *r, uint64_t *delta);
/* Re-read BufferBase and BufferSize: KPROF_E_CHANGED when either differs from what attach
 * captured. Every non-empty poll (and iter_init, copy, drain) makes the same check first, so
 * this call is only needed to learn of a change while the ring is empty. */
KPROF_API kprof_status kprof_lwp_ring_check(const kprof_lwp_ring *r);
