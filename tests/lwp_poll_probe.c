/* lwp_poll_probe - kprof_lwp_ring_poll compiled out of line, as a JIT calls it, so that
 * tests/check_lwp_poll.py can disassemble its empty path. Never executed. */
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
