/* own_cpuid.h: how a C test learns the processor it runs on, for its live checks.
 *
 * One rule for every C test (docs/testing.md, "Host facts"): a live expectation comes from the
 * test's own cpuid instruction - the compiler's <cpuid.h>, never kprof's - by the rules the
 * test restates. A C test runs natively, under qemu-i386, under Wine or under qemu-s390x, so
 * the processor it sees is not always the host tests/hostfacts.py describes; its own cpuid
 * always is. Without an x86 cpuid (s390x, aarch64) own_cpuid() says so, and kprof's live
 * routines must answer KPROF_E_NOT_AVAILABLE (KPROF_NO_LIVE is automatic off x86). */
#ifndef KPROF_TEST_OWN_CPUID_H
#define KPROF_TEST_OWN_CPUID_H
#include <stdint.h>
#if defined(__i386__) || defined(__x86_64__)
#include <cpuid.h>
#define OWN_CPUID_X86 1
#else
#define OWN_CPUID_X86 0
#endif

/* Leaf/sub-leaf's eax, ebx, ecx, edx into r: 1; without an x86 cpuid, r zeroed and 0. */
static inline int own_cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
#if OWN_CPUID_X86
	unsigned a, b, c, d;
	__cpuid_count(leaf, sub, a, b, c, d);
	r[0] = a, r[1] = b, r[2] = c, r[3] = d;
	return 1;
#else
	(void)leaf, (void)sub;
	r[0] = r[1] = r[2] = r[3] = 0;
	return 0;
#endif
}
#endif
