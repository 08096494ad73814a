/* test_lwp_stress - the software model (producer thread) and a kprof ring consumer (this
 * thread) race over one LWPCB. Every record is an LWPINS whose Data2 is its sequence number;
 * the consumer proves that what it read is in order with no duplicate and that
 * consumed + MissedEvents == produced, and that every gap in the sequence is a missed event.
 *     test_lwp_stress [records]      (default 10^7) */
#define KPROF_LWP_MODEL /* the LWP software model (opt-in): this program drives it */
#include "kprof.h"
#include "kprof_test.h"

#include <pthread.h>
#include <sched.h>

#define RING_RECORDS 64u

static uint8_t lwpcb[256] __attribute__((aligned(64)));
static uint8_t ring_buf[RING_RECORDS * 32] __attribute__((aligned(64)));

typedef struct shared {
	kprof_lwpmodel m;
	uint64_t total;
	int done; /* atomic: the producer has flushed its last record */
	uint64_t stored, missed_model, full_returns;
} shared;

static void *producer(void *arg)
{
	shared *s = (shared *)arg;
	uint64_t seq;
	for (seq = 0; seq < s->total; seq++) {
		s->full_returns += (uint64_t)kc_model_lwpins(&s->m, seq, (uint32_t)seq, 0x2A, 0x401000 + (seq & 0xFFF));
		if ((seq & 0xFFFF) == 0)
			sched_yield(); /* two cores shared with other work: let the consumer run */
	}
	kc_model_store(&s->m);
	s->stored = s->m.stored;
	s->missed_model = s->m.missed;
	__atomic_store_n(&s->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

typedef struct tally {
	uint64_t consumed, next, gaps, bad_order, bad_fields;
} tally;

static void see(tally *t, const uint8_t *rec)
{
	uint64_t seq = kprof_bytes_le64_load(rec + KPROF_LWP_RECORD_DATA2_OFFSET);
	if (rec[0] != KPROF_LWP_EVENT_PROGRAMMED_EVENT || kprof_bytes_le16_load(rec + 2) != 0x2A ||
	    kprof_bytes_le32_load(rec + 4) != (uint32_t)seq || rec[1] != 3)
		t->bad_fields++;
	if (seq < t->next)
		t->bad_order++; /* a duplicate or a step back */
	else
		t->gaps += seq - t->next;
	t->next = seq + 1;
	t->consumed++;
}

static int drain_cb(void *ctx, const uint8_t *rec, uint32_t rs)
{
	(void)rs;
	see((tally *)ctx, rec);
	return 0;
}

int main(int argc, char **argv)
{
	static shared s;
	kprof_lwp_caps caps;
	kprof_lwp_config cfg;
	kprof_lwp_event_config ev = {KPROF_LWP_EVENT_PROGRAMMED_VALUE, 1000};
	kprof_lwp_ring r;
	pthread_t th;
	tally t;
	uint64_t missed_total = 0, polls = 0, empty = 0, spins = 0;
	uint8_t out[16 * 32];
	int done = 0;
	memset(&t, 0, sizeof(t));
	s.total = argc > 1 ? strtoull(argv[1], NULL, 0) : 10000000ull;
	CHECK_EQ(kprof_lwpmodel_caps_get(&caps), KPROF_OK);
	memset(&cfg, 0, sizeof(cfg));
	cfg.buffer_base = (uint64_t)(uintptr_t)ring_buf;
	cfg.buffer_size = sizeof(ring_buf);
	cfg.events = &ev;
	cfg.event_count = 1;
	cfg.threshold = 16 * 32;
	CHECK_EQ(kprof_lwp_lwpcb_init(lwpcb, sizeof(lwpcb), &caps, &cfg, NULL), KPROF_OK);
	CHECK_EQ(kprof_lwpmodel_init(&s.m, &caps, 3, 42), KPROF_OK);
	CHECK_EQ(kprof_lwpmodel_lwpcb_load(&s.m, lwpcb), KPROF_OK);
	CHECK_EQ(kc_lwp_attach(&r, lwpcb, &caps, ring_buf, sizeof(ring_buf), 0), KPROF_OK);
	pthread_create(&th, NULL, producer, &s);
	for (;;) {
		int n = 0;
		uint64_t d = 0;
		/* Read done before polling: a poll after seeing done sees the final flush. */
		if (!done)
			done = __atomic_load_n(&s.done, __ATOMIC_ACQUIRE);
		switch (polls % 3) {
		case 0:
			n = kc_lwp_drain(&r, drain_cb, &t, 0);
			break;
		case 1: {
			kprof_lwp_ring_iter it;
			const uint8_t *rec;
			n = kprof_lwp_ring_iter_init(&it, &r);
			if (n == KPROF_OK)
				n = (int)it.count;
			while (kprof_lwp_ring_iter_next(&it, &rec) == KPROF_OK)
				see(&t, rec);
			kprof_lwp_ring_iter_commit(&it);
			break;
		}
		default: {
			size_t got = 0, i;
			n = (int)kprof_lwp_ring_copy(&r, out, sizeof(out), &got);
			for (i = 0; i < got; i++)
				see(&t, out + 32 * i);
			if (n == 0)
				n = (int)got;
			break;
		}
		}
		polls++;
		if (n < 0) {
			CHECK_EQ(n, 0);
			break;
		}
		kprof_lwp_ring_missed_get(&r, &d);
		missed_total += d;
		if (n == 0) {
			empty++;
			if (done)
				break;
			if ((++spins & 63) == 0)
				sched_yield();
		}
	}
	pthread_join(th, NULL);
	CHECK_EQ(t.bad_order, 0);
	CHECK_EQ(t.bad_fields, 0);
	CHECK_EQ(t.consumed + missed_total, s.total);
	CHECK_EQ(missed_total, s.missed_model);
	CHECK_EQ(t.consumed, s.stored);
	CHECK_EQ(s.full_returns, s.missed_model); /* LWPINS's CF = the record went into a full ring */
	/* Every gap is a missed record, and the records after the last one read were missed too. */
	CHECK_EQ(t.gaps + (s.total - t.next), missed_total);
	CHECK(t.consumed > 0);
	printf("stress: %llu produced, %llu consumed, %llu missed, %llu polls (%llu empty), %llu head flushes, %llu tail reads\n",
	       (unsigned long long)s.total, (unsigned long long)t.consumed, (unsigned long long)missed_total,
	       (unsigned long long)polls, (unsigned long long)empty, (unsigned long long)s.m.head_flushes,
	       (unsigned long long)s.m.tail_reads);
	return kt_done();
}
