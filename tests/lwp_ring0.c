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
	{
		static uint8_t out[256];
		static kprof_lwp_sample smp;
		static kprof_lwp_record_iter rit;
		size_t got;
		kprof_lwp_ring_copy(&r, out, sizeof(out), &got);
		kprof_lwp_sample_decode(out, got * 32u, KPROF_LWP_REVISION_SHIPPED, &smp);
		kprof_lwp_record_iter_init(&rit, out, sizeof(out), KPROF_LWP_REVISION_SHIPPED);
		while (kprof_lwp_record_iter_next(&rit, &smp) != KPROF_END) {}
	}
	return kprof_lwp_model_slwpcb(&m);
}
