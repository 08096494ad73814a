/* ---- configuration ------------------------------------------------------------------
 * Every macro that changes what kprof.h compiles to is documented here, in one place: these,
 * and below them the macros that leave sections out. Define any of them before including the
 * header.
 *
 *   KPROF_API          storage class of every public function.
 *                      Default: static inline (static __inline for MSVC in C).
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

#ifndef KPROF_API
#if defined(_MSC_VER) && !defined(__cplusplus)
#define KPROF_API static __inline
#else
#define KPROF_API static inline
#endif
#endif
/* Internal helpers: same linkage as the API, never part of it. */
#if defined(_MSC_VER) && !defined(__cplusplus)
#define KPROF_IMPL_INTERNAL static __inline
#else
#define KPROF_IMPL_INTERNAL static inline
#endif

/* For the few functions a caller runs once per record in a hot loop (the LWP record decoder):
 * always inlined, so the compiler drops whatever fields the caller never reads. */
#if defined(__GNUC__) || defined(__clang__)
#define KPROF_IMPL_HOT __attribute__((__always_inline__))
#else
#define KPROF_IMPL_HOT
#endif

/* The string pool is one literal longer than C99's 4095-character minimum. Every supported
 * compiler takes it; __extension__ says so to gcc and clang (-Wpedantic's -Woverlength-strings).
 * Not a diagnostic pragma: after one, clang looks up the diagnostic state of every later
 * location the slow way (docs/performance.md, include cost). */
#if defined(__GNUC__) || defined(__clang__)
#define KPROF_IMPL_EXTENSION __extension__
#else
#define KPROF_IMPL_EXTENSION
#endif

/* The storage class of a body kept out of line, off its caller's path: the bodies of
 * kprof_dump_snapshot_get, kprof_cpu_dump_add, kprof_cpu_groups_add, kprof_cpu_group_compare and
 * the architectural PEBS walker's fragment reader
 * (a caller keeping a snapshot or a group effect on its stack then does not also carry the
 * reader's cursor and record, the facts comparison clang -O3 unrolls or the boot decision in
 * the same frame, so each frame stays under 512 bytes;
 * tests/ring0.py measures them) and the LWP poll past its empty path
 * (the empty path then needs no stack frame and no saved register). On i386 the body keeps
 * the standard stack calling convention (gcc: an explicit regparm(0); clang: "used", which
 * keeps its private fastcc away at the price of emitting the body in every i386 translation
 * unit), so the empty poll jumps to it with its arguments where they are. Not __cold__: gcc
 * would then compile the LWP ring fill for size and the drain loops around it as unlikely
 * (bench/lwp_drain: batch and drain modes 10-15% slower). */
#if defined(__clang__) && defined(__i386__)
#define KPROF_IMPL_COLD static __attribute__((__noinline__, __used__))
#elif defined(__GNUC__) && defined(__i386__)
#define KPROF_IMPL_COLD static __attribute__((__noinline__, __unused__, __regparm__(0)))
#elif defined(__GNUC__) || defined(__clang__)
#define KPROF_IMPL_COLD static __attribute__((__noinline__, __unused__))
#elif defined(_MSC_VER)
#define KPROF_IMPL_COLD static __declspec(noinline)
#else
#define KPROF_IMPL_COLD static
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
 * register field has _SHIFT, _WIDTH and _MASK constants; there is no function per field. To
 * change one field: v = (v & ~KPROF_X_F_MASK) | KPROF_FIELD_PREP(KPROF_X_F, x). */
/* The value of register field f in v. */
#define KPROF_FIELD_GET(f, v) (((v) & f##_MASK) >> f##_SHIFT)
/* x in register field f's bits (to OR into a register value). */
#define KPROF_FIELD_PREP(f, x) (((uint64_t)(x) << f##_SHIFT) & f##_MASK)
