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
	kprof_lwp_event event_id;
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
	kprof_lwp_revision revision; /* the layout it was read with (NONE for a refused record) */
	kprof_lwp_kind kind;         /* KPROF_LWP_KIND_EMPTY for an empty slot (event id 0) */
	uint8_t event_id, core_id;
	uint16_t flags;              /* record bits 31:16 */
	uint32_t data1;
	uint64_t ip;           /* instruction address */
	uint64_t data2;
	uint64_t timestamp;    /* bytes 24..31 (meaningful when PTSC was on) */
	/* branch */
	uint8_t branch_taken, branch_predicted, branch_prediction_valid;
	/* DCache miss */
	kprof_lwp_data_source data_source;
	uint8_t data_address_valid;
	uint32_t latency;
	uint64_t next_ip;      /* branch: address after the branch (= data2) */
	uint64_t data_address; /* DCache miss (= data2 when data_address_valid) */
} kprof_lwp_sample;

/* A buffer of records walked by kprof_lwp_record_iter_init / kprof_lwp_record_iter_next. */
typedef struct kprof_lwp_record_iter {
	const uint8_t *buf;
	size_t len;
	size_t offset; /* of the next record */
	kprof_lwp_revision revision;
	kprof_status status; /* KPROF_OK while walking; an error is kept and repeated */
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

/* What kprof_lwp_ring_attach checks the LWPCB against. A zeroed config is valid: 32-byte
 * records, any buffer, no options. */
typedef struct kprof_lwp_ring_config {
	const kprof_lwp_caps *caps; /* record size from caps->event_size; NULL: 32 bytes */
	/* When not NULL, BufferBase must equal it and BufferSize expect_size: a driver watching a
	 * user's LWPCB passes the buffer it validated, so a hostile LWPCB cannot point it
	 * elsewhere. */
	const void *expect_buffer;
	uint32_t expect_size;
	uint32_t options; /* KPROF_LWP_RING_* */
} kprof_lwp_ring_config;

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
	kprof_status status;              /* at the end: KPROF_END, or the error init met */
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
/* LWPVAL: count event 1 and, when its counter expires, store a programmed value sample. */
#define KPROF_LWP_LWPVAL32(data2, data1, flags)                                                        \
	__asm__ __volatile__(".byte 0x8f, 0xea, 0x68, 0x12, 0xc8\n\t.long %c2"                     \
	                     :                                                                     \
	                     : "d"((uint32_t)(data2)), "a"((uint32_t)(data1)), "i"(flags)          \
	                     : "memory")
/* LWPINS: store a programmed event record (event 255); full = the carry flag (ring full). */
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
/* LWPVAL with a 64-bit data2 (x86-64). */
#define KPROF_LWP_LWPVAL64(data2, data1, flags)                                                        \
	__asm__ __volatile__(".byte 0x8f, 0xea, 0xe8, 0x12, 0xc8\n\t.long %c2"                     \
	                     :                                                                     \
	                     : "d"((uint64_t)(data2)), "a"((uint32_t)(data1)), "i"(flags)          \
	                     : "memory")
/* LWPINS with a 64-bit data2 (x86-64). */
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
KPROF_IMPL_INLINE uint32_t kprof_impl_lwp_load32_host(const void *p)
{
#if defined(KPROF_IMPL_LWP_ATOMICS_C11)
	return atomic_load_explicit((const volatile _Atomic uint32_t *)p, memory_order_acquire);
#elif defined(KPROF_IMPL_LWP_ATOMICS_GNU)
	return __atomic_load_n((const uint32_t *)p, __ATOMIC_ACQUIRE);
#elif defined(KPROF_IMPL_LWP_ATOMICS_MSVC)
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

KPROF_IMPL_INLINE uint32_t kprof_impl_lwp_load32(const void *p)
{
	return KPROF_IMPL_LWP_LE32(kprof_impl_lwp_load32_host(p));
}

/* The poll past its empty path (internal), a function of the implementation that the empty
 * poll jumps to with its own arguments where they are. With KPROF_STATIC on i386 it keeps the
 * standard stack convention, which gcc and clang would otherwise replace by their own for a
 * static function (gcc: an explicit regparm(0); clang: "used", which keeps its fastcc away).
 * Otherwise it is hidden (ELF): reached directly, not through the PLT, whose i386 form would
 * make every poller load its GOT pointer before the empty path. So the units that poll link
 * into the executable or shared object that holds the implementation.
 * A plain include parses no __attribute__ (KPROF_STATIC, which the i386 forms need, comes only
 * with KPROF_IMPLEMENTATION): clang computes the line table of the whole header for the first
 * attribute it parses (it asks whether the attribute is written in its built-in file), 5% of
 * what a plain include costs it (bench/run.py include_cost). So hidden comes from a visibility
 * pragma, and noinline sits on the definitions (KPROF_IMPL_NOINLINE). */
#if defined(KPROF_STATIC) && defined(__i386__) && defined(__clang__)
#define KPROF_IMPL_LWP_FILL KPROF_API __attribute__((__used__))
#elif defined(KPROF_STATIC) && defined(__i386__) && defined(__GNUC__)
#define KPROF_IMPL_LWP_FILL KPROF_API __attribute__((__regparm__(0)))
#else
#define KPROF_IMPL_LWP_FILL KPROF_API
#endif
#if !defined(KPROF_STATIC) && defined(__ELF__) && (defined(__GNUC__) || defined(__clang__))
#pragma GCC visibility push(hidden)
#endif
KPROF_IMPL_LWP_FILL int kprof_impl_lwp_ring_fill(kprof_lwp_ring *r, kprof_lwp_span *span);
/* kprof_lwp_ring_poll(NULL, ...): out of line and without arguments, so the poll leaves for it
 * with a plain jump, as for the non-empty path (returning the status in place made gcc -m32
 * save a register on entry; passing the NULL on made clang -m32 -O3 call instead of jump). */
KPROF_IMPL_LWP_FILL int kprof_impl_lwp_ring_null(void);
#if !defined(KPROF_STATIC) && defined(__ELF__) && (defined(__GNUC__) || defined(__clang__))
#pragma GCC visibility pop
#endif

/* The poll of a ring r that is not NULL: the head's one load and one compare, then the rest
 * out of line. A macro, so that it is inline at every -O and with every compiler without an
 * attribute (see above). kprof_lwp_ring_drain, which has tested r already, polls with it
 * directly: through the public poll, NULL test included, gcc no longer inlined the drain into
 * its caller, and the callback went from inlined to called per record (bench/lwp_drain: the
 * drain mode fell from 1.04 to 0.89 of its floor). r is read more than once: a plain name. */
#define KPROF_IMPL_LWP_RING_POLL(r, span)                                                          \
	(KPROF_IMPL_LWP_LIKELY(kprof_impl_lwp_load32((r)->lwpcb +                                  \
	                                             KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET) == \
	                       (r)->poll_tail)                                                     \
	         ? 0                                                                               \
	         : kprof_impl_lwp_ring_fill((r), (span)))

KPROF_IMPL_INLINE int kprof_lwp_ring_poll(kprof_lwp_ring *r, kprof_lwp_span *span)
{
	/* The NULL test cannot share the head compare (nothing may be read through a NULL ring),
	 * so it is the one test and branch the empty path adds for it. Inlined where the ring's
	 * address is known (a JIT's own ring object), the compiler drops it. */
	if (!r)
		return kprof_impl_lwp_ring_null();
	return KPROF_IMPL_LWP_RING_POLL(r, span);
}
