/* ---- configuration ------------------------------------------------------------------
 * Every macro that changes what kprof.h compiles to is documented here, in one place: these,
 * and below them the macros that leave sections out. Define any of them before including the
 * header. Every translation unit of a program must see the same ones (the implementation's
 * unit included).
 *
 *   KPROF_IMPLEMENTATION
 *                      define it in exactly ONE translation unit (a .c file of your own,
 *                      before its #include "kprof.h"): that unit compiles every function body
 *                      and table of kprof.h, once, with external linkage. Every other unit
 *                      includes kprof.h without it and gets the types, constants, macros and
 *                      declarations, and only the routines that must be inline to keep their
 *                      promise: kprof_cpuid_leaf_read, kprof_msr_read, kprof_msr_write,
 *                      kprof_pmu_counter_read (with the MSR hooks below), the empty path of
 *                      kprof_lwp_ring_poll and the little-endian loads
 *                      kprof_bytes_le16/32/64_load. A unit may include kprof.h first without
 *                      and later with KPROF_IMPLEMENTATION.
 *   KPROF_STATIC       with KPROF_IMPLEMENTATION, before the unit's first #include of kprof.h:
 *                      every function of the implementation is static, for a program or a
 *                      kernel module that keeps kprof to one translation unit, or for the
 *                      one unit whose loop drains an LWP ring: there the per-record routines
 *                      (kprof_lwp_record_unpack, kprof_lwp_ring_iter_next, kprof_lwp_ring_drain)
 *                      are always inlined into the caller's loop; called across units, each
 *                      record pays a call. #error without
 *                      KPROF_IMPLEMENTATION, or when defined only at the second include.
 *   KPROF_API          the storage class and attributes of every function the implementation
 *                      defines (default: none, so external linkage; static with
 *                      KPROF_STATIC). Define it the same in every unit, e.g. to a visibility
 *                      or dllexport attribute; not with KPROF_STATIC (#error).
 *   KPROF_NO_NAMES     drop every string (names, descriptions, name lookup, *_name()
 *                      functions). The tables keep their numbers.
 *   KPROF_NO_LIVE      compile out every instruction (cpuid, rdmsr, wrmsr, rdpmc, LWP).
 *                      Automatic on targets that are not x86; the dump-based functions
 *                      still work and the live ones return KPROF_E_NOT_AVAILABLE.
 *   KPROF_RDMSR_SAFE(msr, value_ptr), KPROF_WRMSR_SAFE(msr, value)
 *                      a kernel's faulting-safe MSR accessors (Linux rdmsrl_safe /
 *                      wrmsrl_safe, a Windows __try wrapper). Each evaluates to 0 on
 *                      success and non-zero when the access faulted. When defined, every
 *                      kprof MSR access goes through them and a fault becomes KPROF_E_FAULT.
 *                      Define them in every unit that calls kprof_msr_read or kprof_msr_write
 *                      (they are inline) and in the implementation's unit.
 *   KPROF_WINDOWS_NAMES
 *                      also define Windows' own KPROFILE_SOURCE enumeration (ProfileTime ..
 *                      ProfileMaximum) when no platform header has (see the source section).
 *                      Not with KPROF_NO_WINDOWS_MODEL (#error).
 *   KPROF_PLATFORM_HAS_KPROFILE_SOURCE
 *                      tell kprof that a platform header already defined KPROFILE_SOURCE
 *                      (it detects mingw-w64 wdm.h/ntddk.h, Wine winternl.h, phnt, ReactOS).
 */
#if defined(KPROF_WINDOWS_NAMES) && defined(KPROF_NO_WINDOWS_MODEL)
#error "kprof.h: KPROF_WINDOWS_NAMES names the profile sources, which KPROF_NO_WINDOWS_MODEL leaves out"
#endif

#if defined(KPROF_STATIC) && defined(KPROF_API)
#error "kprof.h: KPROF_STATIC sets KPROF_API (static); define one or the other"
#endif
#if defined(KPROF_STATIC)
/* The implementation's declarations are static: KPROF_IMPLEMENTATION must follow in this unit. */
#define KPROF_IMPL_DECLARED_STATIC 1
#if defined(__GNUC__) || defined(__clang__)
#define KPROF_API static __attribute__((__unused__))
#else
#define KPROF_API static
#endif
#elif !defined(KPROF_API)
#define KPROF_API
#endif
/* The routines every unit compiles (the instruction wrappers, the empty LWP poll), and the
 * implementation's internal helpers. */
#if defined(_MSC_VER) && !defined(__cplusplus)
#define KPROF_IMPL_INLINE static __inline
#else
#define KPROF_IMPL_INLINE static inline
#endif
#define KPROF_IMPL_INTERNAL KPROF_IMPL_INLINE

/* On the few inline routines a caller runs once per record in a hot loop (the LWP ring's
 * non-NULL poll, the record word readers, the drain's run): always inlined, so the caller's
 * loop keeps only what it uses. Only on inline functions (gcc refuses it on others). */
#if defined(__GNUC__) || defined(__clang__)
#define KPROF_IMPL_HOT __attribute__((__always_inline__))
#else
#define KPROF_IMPL_HOT
#endif

/* The per-record routines of the LWP ring consumer (kprof_lwp_record_unpack,
 * kprof_lwp_ring_iter_next, kprof_lwp_ring_drain): with KPROF_STATIC inline, always, into the
 * caller's loop, so a unit that keeps kprof to itself drains at its floor (bench/lwp_drain; as
 * plain static functions gcc called them per record and the drains ran at 0.71 of the floor).
 * Otherwise nothing: the implementation's functions have external linkage. */
#if defined(KPROF_STATIC) && (defined(__GNUC__) || defined(__clang__))
#define KPROF_IMPL_API_HOT inline __attribute__((__always_inline__))
#else
#define KPROF_IMPL_API_HOT
#endif

/* A body kept out of its callers: the dump reader's and the CPU groups' (a caller keeping a
 * snapshot on its stack does not also carry the reader's cursor and record in the same frame,
 * so each frame stays under 512 bytes; tests/ring0.py measures them), the architectural PEBS
 * walker's fragment reader, the enumeration-name
 * lookup (inlined, clang folds each search into a table of pointers, which need relocations)
 * and the LWP poll past its empty path. */
#if defined(__GNUC__) || defined(__clang__)
#define KPROF_IMPL_NOINLINE __attribute__((__noinline__, __unused__))
#elif defined(_MSC_VER)
#define KPROF_IMPL_NOINLINE __declspec(noinline)
#else
#define KPROF_IMPL_NOINLINE
#endif

#if !defined(KPROF_NO_LIVE) && !(defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86))
#define KPROF_NO_LIVE 1
#endif

/* A pointer argument of a generated struct macro (kprof_<s>_decode, _encode, _widen), checked
 * as a parameter of type T * would be: another object pointer type draws the compiler's
 * pointer-type-mismatch warning, a const one for a non-const T loses const on the way in, and
 * void * and NULL pass. p is evaluated once. */
#define KPROF_IMPL_TYPED(T, p) (1 ? (p) : (T *)0)

#if defined(__cplusplus) && __cplusplus >= 201103L
#define KPROF_IMPL_STATIC_ASSERT(cond, tag) static_assert(cond, #tag)
#elif defined(_MSC_VER) && defined(__cplusplus)
#define KPROF_IMPL_STATIC_ASSERT(cond, tag) static_assert(cond, #tag)
#elif !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define KPROF_IMPL_STATIC_ASSERT(cond, tag) _Static_assert(cond, #tag)
#else
#define KPROF_IMPL_STATIC_ASSERT(cond, tag) typedef char kprof_static_assert_##tag[(cond) ? 1 : -1]
#endif

#define KPROF_IMPL_ARRAY_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Field access in the manner of Linux's FIELD_GET/FIELD_PREP (include/linux/bitfield.h): f is
 * a field's constant prefix, e.g. KPROF_FIELD_GET(KPROF_IA32_PERFEVTSEL_UMASK, v). Every
 * register field has a _SHIFT and a _MASK constant, and no _WIDTH: the mask says it, and a
 * macro per field that says nothing new costs every unit that includes kprof.h its reading
 * (bench/design_changes.json). There is no function per field. To change one field:
 * v = (v & ~KPROF_X_F_MASK) | KPROF_FIELD_PREP(KPROF_X_F, x), after checking
 * x <= KPROF_FIELD_MAX(KPROF_X_F). */
/* The value of register field f in v. */
#define KPROF_FIELD_GET(f, v) (((v) & f##_MASK) >> f##_SHIFT)
/* x in register field f's bits (to OR into a register value). */
#define KPROF_FIELD_PREP(f, x) (((uint64_t)(x) << f##_SHIFT) & f##_MASK)
/* The largest value register field f holds (as Linux's FIELD_MAX). */
#define KPROF_FIELD_MAX(f) (f##_MASK >> f##_SHIFT)
