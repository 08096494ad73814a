/* ---- configuration ------------------------------------------------------------------
 * Every macro that changes what kprof.h compiles to is documented here, in one place.
 * Define any of them before including the header. Every translation unit of a program must
 * see the same ones (the implementation's unit included).
 *
 *   KPROF_IMPLEMENTATION
 *                      define it in exactly ONE translation unit (a .c file of your own,
 *                      before its #include "kprof.h"): that unit compiles every function body
 *                      and table of kprof.h, once, with external linkage. Every other unit
 *                      includes kprof.h without it and gets the types, constants, macros and
 *                      declarations, and only the routines that must be inline to keep their
 *                      promise: kprof_cpuid, kprof_rdmsr, kprof_wrmsr, kprof_rdpmc (with the
 *                      MSR hooks below) and the empty path of kprof_lwp_ring_poll. A unit may
 *                      include kprof.h first without and later with KPROF_IMPLEMENTATION.
 *   KPROF_STATIC       with KPROF_IMPLEMENTATION, before the unit's first #include of kprof.h:
 *                      every function of the implementation is static, for a program or a
 *                      kernel module that keeps kprof to one translation unit. #error without
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
 *                      Define them in every unit that calls kprof_rdmsr or kprof_wrmsr (they
 *                      are inline) and in the implementation's unit.
 *   KPROF_NO_HAL, KPROF_NO_COUNTS, KPROF_NO_DUMP, KPROF_NO_LWP, KPROF_NO_DS, KPROF_NO_WINDOWS
 *                      leave a whole section out, for a translation unit that does not use
 *                      it and wants to compile faster (the header's tables, cpuid and MSR
 *                      sections always stay). KPROF_NO_DS implies KPROF_NO_WINDOWS, whose
 *                      PROCESSOR_PROFILE_CONTROL_AREA is built on the DS save area;
 *                      KPROF_NO_HAL implies KPROF_NO_COUNTS, which reads the HAL's decision.
 *                      The dump section's parts that compare with a HAL decision
 *                      (kprof_cpu_group_compare, kprof_listing_diff_iter_*) need the hal
 *                      section; the listing diff also needs the names. KPROF_NO_DUMP also
 *                      leaves out the profile-source listing reader (it shares the dump
 *                      reader's line cursor). The windows section's custom-source checker
 *                      (kprof_windows_custom_source_verdict_get) needs the counts section
 *                      (and so the hal section) and the names; its packer and unpacker do not.
 *   KPROF_WINDOWS_NAMES
 *                      also define Windows' own KPROFILE_SOURCE enumeration (ProfileTime ..
 *                      ProfileMaximum) when no platform header has (see the sources section).
 *   KPROF_PLATFORM_HAS_KPROFILE_SOURCE
 *                      tell kprof that a platform header already defined KPROFILE_SOURCE
 *                      (it detects mingw-w64 wdm.h/ntddk.h, Wine winternl.h, phnt, ReactOS).
 */
#if defined(KPROF_NO_DS) && !defined(KPROF_NO_WINDOWS)
#define KPROF_NO_WINDOWS 1
#endif
#if defined(KPROF_NO_HAL) && !defined(KPROF_NO_COUNTS)
#define KPROF_NO_COUNTS 1
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
#define KPROF_INLINE static __inline
#else
#define KPROF_INLINE static inline
#endif
#define KPROF_INTERNAL KPROF_INLINE

/* On the few inline routines a caller runs once per record in a hot loop (the LWP ring's
 * non-NULL poll, the record word readers, the drain's run): always inlined, so the caller's
 * loop keeps only what it uses. Only on inline functions (gcc refuses it on others). */
#if defined(__GNUC__) || defined(__clang__)
#define KPROF_HOT __attribute__((__always_inline__))
#else
#define KPROF_HOT
#endif

/* A body kept out of its callers: the dump reader's and the CPU groups' (a caller keeping a
 * snapshot on its stack does not also carry the reader's cursor and record in the same frame,
 * so each frame stays under 512 bytes; tests/ring0.py measures them), the enumeration-name
 * lookup (inlined, clang folds each search into a table of pointers, which need relocations)
 * and the LWP poll past its empty path. */
#if defined(__GNUC__) || defined(__clang__)
#define KPROF_NOINLINE __attribute__((__noinline__, __unused__))
#elif defined(_MSC_VER)
#define KPROF_NOINLINE __declspec(noinline)
#else
#define KPROF_NOINLINE
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
#define KPROF_STATIC_ASSERT(cond, tag) static_assert(cond, #tag)
#elif defined(_MSC_VER) && defined(__cplusplus)
#define KPROF_STATIC_ASSERT(cond, tag) static_assert(cond, #tag)
#elif !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define KPROF_STATIC_ASSERT(cond, tag) _Static_assert(cond, #tag)
#else
#define KPROF_STATIC_ASSERT(cond, tag) typedef char kprof_static_assert_##tag[(cond) ? 1 : -1]
#endif

#define KPROF_ARRAY_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Field access in the manner of Linux's FIELD_GET/FIELD_PREP (include/linux/bitfield.h): f is
 * a field's constant prefix, e.g. KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_UMASK, v). Every
 * register field has _SHIFT, _WIDTH and _MASK constants; there is no function per field. To
 * change one field: v = (v & ~KPROF_X_F_MASK) | KPROF_FIELD_PREP(KPROF_X_F, x). */
#define KPROF_FIELD_GET(f, v) (((v) & f##_MASK) >> f##_SHIFT)
#define KPROF_FIELD_PREP(f, x) (((uint64_t)(x) << f##_SHIFT) & f##_MASK)
