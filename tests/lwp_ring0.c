/* lwp_ring0 - every LWP consumer and software-model call in one function, for
 * tests/check_lwp_ring0.py to compile freestanding and list its undefined symbols. */
#include "kprof.h"
void *ring0_all(void *cb, void *buf);
void *ring0_all(void *cb, void *buf)
{
	static kprof_lwp_model m;
	static kprof_lwp_ring r;
	static kprof_lwp_span s;
	static kprof_lwp_ring_iter it;
	static kprof_lwp_caps c;
	static kprof_lwp_insn in;
	const uint8_t *rec;
	uint64_t d;
	kprof_lwp_model_caps(&c);
	kprof_lwp_model_init(&m, &c, 0, 1);
	kprof_lwp_model_llwpcb(&m, cb);
	kprof_lwp_model_retire(&m, &in);
	kprof_lwp_model_lwpins(&m, 1, 2, 3, 4);
	kprof_lwp_model_lwpval(&m, 1, 2, 3, 4);
	kprof_lwp_ring_attach(&r, cb, &c, buf, 4096, 0);
	kprof_lwp_ring_poll(&r, &s);
	kprof_lwp_ring_iter_init(&it, &r);
	while (kprof_lwp_ring_iter_next(&it, &rec) == KPROF_OK) {}
	kprof_lwp_ring_iter_commit(&it);
	kprof_lwp_ring_missed(&r, &d);
	return kprof_lwp_model_slwpcb(&m);
}
