/* The LWP ring consumer over a hostile LWPCB. The LWPCB and the ring are exactly-sized heap
 * blocks; the fuzzer writes head, tail, size, base, threshold and MissedEvents - before attach
 * and between every consumer call, as another thread or a hostile user process could. With
 * expect_buffer (a driver watching a user's LWPCB) every field is hostile; without it the
 * caller vouches for base and size, so those stay honest and the rest is hostile.
 * Invariants: attach accepts exactly the documented geometry; a poll returns the record count
 * of [tail, head) computed here (never more than the ring holds minus one), a corrupt head is
 * an error and changes nothing; spans, iterators, copies and drains hand out exactly the
 * records between tail and head, in order; the published tail is what consume implies;
 * a non-empty read first refuses a changed BufferBase/BufferSize (KPROF_E_CHANGED), a bad
 * head or a MissedEvents that went down (KPROF_E_CORRUPT), changing nothing; MissedEvents
 * growth is reported exactly once (span deltas plus kprof_lwp_ring_missed_get sum to the last
 * value kprof accepted). */
#define KPROF_LWP_MODEL /* the LWP software model (opt-in): this program drives it */
#include "fuzz_common.h"

typedef struct drain_ctx {
	const uint8_t *buf;
	uint32_t size, rs, pos, stop_after, seen;
} drain_ctx;

static int drain_fn(void *ctx, const uint8_t *rec, uint32_t rs)
{
	drain_ctx *d = (drain_ctx *)ctx;
	KF_CHECK(rs == d->rs && rec == d->buf + d->pos);
	d->pos = d->pos + rs >= d->size ? 0 : d->pos + rs;
	d->seen++;
	return d->stop_after && d->seen >= d->stop_after;
}

static uint32_t used_bytes(uint32_t head, uint32_t tail, uint32_t size)
{
	return head >= tail ? head - tail : size - (tail - head);
}

/* The status a non-empty read must refuse with, or 0 when it reads records. */
static int refusal(const uint8_t *cb, const uint8_t *buf, uint32_t rsize, uint32_t rs, uint32_t head,
                   uint64_t missed, uint64_t seen)
{
	if (kprof_bytes_le64_load(cb + KPROF_LWP_LWPCB_BUFFER_BASE_OFFSET) != (uint64_t)(uintptr_t)buf ||
	    (kprof_bytes_le32_load(cb + KPROF_LWP_LWPCB_BUFFER_SIZE_OFFSET) & KPROF_LWP_LWPCB_BUFFER_SIZE_SIZE_MASK) != rsize)
		return KPROF_E_CHANGED;
	if (head >= rsize || head % rs || missed < seen)
		return KPROF_E_CORRUPT;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	uint8_t mode = kf_u8(&c);
	kprof_lwp_caps caps, *capsp = NULL;
	uint32_t rs = 32, nrec, rsize, i, tail, avail = 0, sizefield, tailfield;
	uint64_t basefield, missed = 0, reported = 0, seen = 0;
	uint8_t *cb, *buf;
	kprof_lwp_ring r;
	kprof_status st;
	int hostile = mode & 1, steps = 0;

	if (mode & 2) {
		KF_CHECK(kprof_lwpmodel_caps_get(&caps) == KPROF_OK);
		caps.event_size = (uint8_t)(32u << (kf_u8(&c) % 3u)); /* 32, 64, 128 */
		rs = caps.event_size;
		capsp = &caps;
	}
	nrec = 2u + kf_u8(&c) % 30u;
	rsize = nrec * rs;
	cb = (uint8_t *)aligned_alloc(KPROF_LWP_LWPCB_ALIGN, KPROF_LWP_LWPCB_SIZE);
	buf = (uint8_t *)aligned_alloc(KPROF_LWP_BUFFER_ALIGN, rsize);
	if (!cb || !buf)
		abort();
	memset(cb, 0, KPROF_LWP_LWPCB_SIZE);
	for (i = 0; i < rsize; i++)
		buf[i] = (uint8_t)(i / rs); /* record k is filled with k */

	/* the LWPCB as a producer (or an attacker) left it */
	sizefield = rsize;
	basefield = (uint64_t)(uintptr_t)buf;
	if (hostile && (kf_u8(&c) & 1))
		sizefield = kf_u32(&c);
	if (hostile && (kf_u8(&c) & 1))
		basefield = (kf_u8(&c) & 1) ? kf_u64(&c) : basefield + kf_u8(&c);
	tailfield = (kf_u8(&c) & 1) ? kf_u32(&c) : (kf_u8(&c) % nrec) * rs;
	kprof_bytes_le32_store(cb + KPROF_LWP_LWPCB_BUFFER_SIZE_OFFSET, sizefield);
	kprof_bytes_le64_store(cb + KPROF_LWP_LWPCB_BUFFER_BASE_OFFSET, basefield);
	kprof_bytes_le32_store(cb + KPROF_LWP_LWPCB_BUFFER_TAIL_OFFSET_OFFSET, tailfield);
	kprof_bytes_le32_store(cb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET, tailfield);
	kprof_bytes_le32_store(cb + KPROF_LWP_LWPCB_THRESHOLD_OFFSET, (kf_u8(&c) % nrec) * rs);
	kprof_bytes_le64_store(cb + KPROF_LWP_LWPCB_MISSED_EVENTS_OFFSET, missed);

	st = kc_lwp_attach(&r, cb, capsp, hostile ? buf : NULL, hostile ? rsize : 0, 0);
	{
		uint32_t sz = sizefield & KPROF_LWP_LWPCB_BUFFER_SIZE_SIZE_MASK;
		int ok = sz == rsize && basefield == (uint64_t)(uintptr_t)buf && tailfield < rsize &&
		         tailfield % rs == 0;
		KF_CHECK(ok ? st == KPROF_OK : st == KPROF_E_CORRUPT);
	}
	if (st != KPROF_OK) { /* a refused attach leaves a ring every call refuses */
		kprof_lwp_span dsp;
		kprof_lwp_ring_iter dit;
		const uint8_t *drec = NULL;
		uint64_t dmissed = 1;
		KF_CHECK(kprof_lwp_ring_poll(&r, &dsp) == KPROF_E_ARGUMENT);
		KF_CHECK(kprof_lwp_ring_consume(&r, 0) == KPROF_E_ARGUMENT);
		KF_CHECK(kprof_lwp_ring_missed_get(&r, &dmissed) == KPROF_E_ARGUMENT && dmissed == 0);
		KF_CHECK(kprof_lwp_ring_check(&r) == KPROF_E_ARGUMENT);
		KF_CHECK(kprof_lwp_ring_iter_init(&dit, &r) == KPROF_E_ARGUMENT);
		KF_CHECK(kprof_lwp_ring_iter_next(&dit, &drec) == KPROF_E_ARGUMENT && drec == NULL); /* init's error, final */
		goto out;
	}
	tail = tailfield;

	while (c.n && steps++ < 64) {
		uint8_t op = kf_u8(&c);
		switch (op % 9) {
		case 0: { /* the producer (or an attacker) moves head */
			uint32_t h = (op & 0x80) ? kf_u32(&c) : (kf_u8(&c) % nrec) * rs;
			kprof_bytes_le32_store(cb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET, h);
			break;
		}
		case 1: /* MissedEvents moves (hardware only ever grows it; an attacker need not) */
			missed = (op & 0x80) ? kf_u64(&c) : missed + kf_u8(&c);
			kprof_bytes_le64_store(cb + KPROF_LWP_LWPCB_MISSED_EVENTS_OFFSET, missed);
			break;
		case 2: { /* poll */
			kprof_lwp_span sp;
			uint32_t head = kprof_bytes_le32_load(cb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET);
			int n;
			memset(&sp, 0xCC, sizeof sp);
			n = kprof_lwp_ring_poll(&r, &sp);
			if (head == tail) {
				/* empty: one load, one compare, nothing stored - so the count of the
				 * last non-empty poll stays consumable */
				KF_CHECK(n == 0);
			} else if (refusal(cb, buf, rsize, rs, head, missed, seen)) {
				KF_CHECK(n == refusal(cb, buf, rsize, rs, head, missed, seen));
			} else {
				seen = missed;
				uint32_t want = used_bytes(head, tail, rsize) / rs;
				KF_CHECK(n > 0 && (uint32_t)n == want && want <= nrec - 1);
				KF_CHECK(sp.first == buf + tail && sp.head == head);
				KF_CHECK(sp.first_count + sp.second_count == want);
				KF_CHECK(tail + sp.first_count * rs <= rsize);
				KF_CHECK(sp.second_count == 0 || (sp.second == buf && sp.second_count * rs <= tail));
				KF_CHECK(sp.at_threshold == (r.threshold != 0 && used_bytes(head, tail, rsize) == r.threshold));
				reported += sp.missed_delta;
				avail = want;
			}
			break;
		}
		case 3: { /* consume */
			uint32_t k = kf_u8(&c) % (avail + 2u);
			st = kprof_lwp_ring_consume(&r, k);
			if (k > avail) {
				KF_CHECK(st == KPROF_E_RANGE);
			} else {
				KF_CHECK(st == KPROF_OK);
				if (k) {
					tail = (tail + k * rs) % rsize;
					KF_CHECK(kprof_bytes_le32_load(cb + KPROF_LWP_LWPCB_BUFFER_TAIL_OFFSET_OFFSET) == tail);
				}
				avail -= k;
			}
			break;
		}
		case 4: { /* in-place iteration, taking some */
			kprof_lwp_ring_iter it;
			const uint8_t *rec;
			uint32_t take = kf_u8(&c), got = 0, pos = tail;
			uint32_t head = kprof_bytes_le32_load(cb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET);
			int n = kprof_lwp_ring_iter_init(&it, &r), no = head == tail ? 0 : refusal(cb, buf, rsize, rs, head, missed, seen);
			KF_CHECK(n == no);
			if (n < 0) { /* final: repeated by next and commit, nothing handed out */
				KF_CHECK(kprof_lwp_ring_iter_next(&it, &rec) == n && rec == NULL);
				KF_CHECK(kprof_lwp_ring_iter_next(&it, &rec) == n);
				KF_CHECK(kprof_lwp_ring_iter_commit(&it) == n);
				break;
			}
			if (head != tail)
				seen = missed;
			n = (int)it.count;
			while (got < take && kprof_lwp_ring_iter_next(&it, &rec) == KPROF_OK) {
				KF_CHECK(rec == buf + pos && rec[0] == pos / rs);
				pos = (pos + rs) % rsize;
				got++;
			}
			KF_CHECK(got <= (uint32_t)n);
			KF_CHECK(kprof_lwp_ring_iter_commit(&it) == KPROF_OK);
			tail = pos;
			if (n > 0)
				avail = (uint32_t)n - got;
			break;
		}
		case 5: { /* batch copy into an exactly-sized block */
			uint32_t want_rec = kf_u8(&c) % (nrec + 1u), k;
			size_t copied = 99;
			uint8_t *out = (uint8_t *)malloc(want_rec * rs + 1u);
			uint32_t head = kprof_bytes_le32_load(cb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET);
			if (!out)
				abort();
			st = kprof_lwp_ring_copy(&r, out, want_rec * rs, &copied);
			if (head != tail && refusal(cb, buf, rsize, rs, head, missed, seen)) {
				KF_CHECK(st == refusal(cb, buf, rsize, rs, head, missed, seen) && copied == 0);
			} else {
				if (head != tail)
					seen = missed;
				uint32_t have = head == tail ? 0 : used_bytes(head, tail, rsize) / rs;
				KF_CHECK(st == KPROF_OK);
				KF_CHECK(copied == (have < want_rec ? have : want_rec));
				for (k = 0; k < copied; k++) {
					KF_CHECK(out[k * rs] == tail / rs);
					KF_CHECK(memcmp(out + k * rs, buf + tail, rs) == 0);
					tail = (tail + rs) % rsize;
				}
				if (have)
					avail = have - (uint32_t)copied;
			}
			free(out);
			break;
		}
		case 6: { /* drain with a callback that may stop early */
			drain_ctx d;
			uint32_t maxr = kf_u8(&c) % 4u;
			int n;
			uint32_t head = kprof_bytes_le32_load(cb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET);
			d.buf = buf;
			d.size = rsize;
			d.rs = rs;
			d.pos = tail;
			d.seen = 0;
			d.stop_after = kf_u8(&c) % 4u;
			n = kc_lwp_drain(&r, drain_fn, &d, maxr);
			if (head != tail && refusal(cb, buf, rsize, rs, head, missed, seen)) {
				KF_CHECK(n == refusal(cb, buf, rsize, rs, head, missed, seen) && d.seen == 0);
			} else if (n >= 0) {
				if (head != tail)
					seen = missed;
				KF_CHECK((uint32_t)n == d.seen);
				if (maxr)
					KF_CHECK((uint32_t)n <= maxr);
				if (head != tail) /* a non-empty poll ran: what it saw, less what was taken */
					avail = used_bytes(head, tail, rsize) / rs - (uint32_t)n;
				tail = d.pos;

			} else {
				KF_CHECK(0); /* an error refusal() did not predict */
			}
			break;
		}
		case 7: { /* base or size changed underneath: reported, and never followed */
			if (op & 0x80)
				kprof_bytes_le64_store(cb + KPROF_LWP_LWPCB_BUFFER_BASE_OFFSET, kf_u64(&c));
			else
				kprof_bytes_le32_store(cb + KPROF_LWP_LWPCB_BUFFER_SIZE_OFFSET, kf_u32(&c));
			st = kprof_lwp_ring_check(&r);
			KF_CHECK(st == ((kprof_bytes_le64_load(cb + KPROF_LWP_LWPCB_BUFFER_BASE_OFFSET) != (uint64_t)(uintptr_t)buf ||
			                 (kprof_bytes_le32_load(cb + KPROF_LWP_LWPCB_BUFFER_SIZE_OFFSET) &
			                  KPROF_LWP_LWPCB_BUFFER_SIZE_SIZE_MASK) != rsize)
			                        ? KPROF_E_CHANGED
			                        : KPROF_OK));
			break;
		}
		case 8: { /* MissedEvents: every growth reported exactly once, by a span or here */
			uint64_t delta = 7;
			st = kprof_lwp_ring_missed_get(&r, &delta);
			if (missed < seen) {
				KF_CHECK(st == KPROF_E_CORRUPT && delta == 0);
				break;
			}
			KF_CHECK(st == KPROF_OK);
			seen = missed;
			reported += delta;
			KF_CHECK(reported == seen); /* attach saw 0 */
			break;
		}
		}
		KF_CHECK(r.tail == tail && r.tail < rsize && r.tail % rs == 0);
	}
out:
	free(cb);
	free(buf);
	return 0;
}
