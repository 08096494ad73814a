/* lwp_poll_probe - kprof_lwp_ring_poll compiled out of line, so that tests/check_lwp_poll.py
 * can disassemble its empty path. Never executed. Two callers:
 *   lwp_poll_probe      the poll on a ring pointer the compiler knows nothing about (as a
 *                       separately compiled caller passes it): the poll's NULL test of the
 *                       ring is on the empty path;
 *   lwp_poll_probe_jit  the poll on the ring a JIT keeps in its own per-thread state (a member
 *                       at a non-zero offset, whose address cannot be NULL): the compiler
 *                       drops the NULL test, and the empty path is the head load and the one
 *                       compare alone. */
#include "kprof.h"

#if defined(__GNUC__) || defined(__clang__)
#define PROBE_NOINLINE __attribute__((noinline))
#else
#define PROBE_NOINLINE
#endif

PROBE_NOINLINE int lwp_poll_probe(kprof_lwp_ring *r, kprof_lwp_span *s);
PROBE_NOINLINE int lwp_poll_probe(kprof_lwp_ring *r, kprof_lwp_span *s)
{
	return kprof_lwp_ring_poll(r, s);
}

struct jit_thread {
	void *code_cache; /* whatever comes first in the JIT's thread state */
	kprof_lwp_ring ring;
	kprof_lwp_span span;
};

PROBE_NOINLINE int lwp_poll_probe_jit(struct jit_thread *t);
PROBE_NOINLINE int lwp_poll_probe_jit(struct jit_thread *t)
{
	return kprof_lwp_ring_poll(&t->ring, &t->span);
}
