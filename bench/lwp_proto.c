/* PROTOTYPES of fixes proposed for kprof's LWP consumer hot path (not in kprof.h; see the
 * README's Performance section). Same pre-filled 2 MiB ring, same per-record work and the
 * same floor as lwp_drain.c, so the ratios compare directly:
 *   span_decode   kprof_lwp_ring_poll's span (existing API) + kprof_lwp_sample_decode
 *   span_fields   the span + kprof_load_le* of the fields (existing API, no sample)
 *   proto_iter    an iterator that bumps a pointer through the span by a constant 32 bytes
 *                 instead of re-reading the ring through it->ring and wrapping each record,
 *                 + proto_decode: the generic fields
 *                 only, straight-line and small enough to inline (the per-kind fields are
 *                 computed on request, not zeroed and filled for every record)
 *   proto_copy    batch copy-out copying 8-byte words instead of bytes + proto_decode
 * and a poll with the record size's log2 kept at attach (kprof computes it with a loop, twice
 * per non-empty poll) and no KPROF_LWP_RING_SLWPCB test on the empty path, vs kprof's poll. */
#include "bench.h"
#include "kprof.h"
#include "records.h"

#define NREC (RING_BYTES / REC_SIZE - 1u)
#define COPY_CHUNK (64u << 10)

static uint8_t lwpcb[256] __attribute__((aligned(64)));
static uint8_t *ring;
static uint8_t copybuf[COPY_CHUNK] __attribute__((aligned(64)));
static consumer_work work;
static kprof_lwp_caps caps;

static void die(const char *what, int st)
{
	fprintf(stderr, "lwp_proto: %s: %d\n", what, st);
	exit(1);
}

static void refill(kprof_lwp_ring *r)
{
	kprof_store_le32(lwpcb + KPROF_LWPCB_BUFFER_TAIL_OFFSET_OFFSET, 0);
	kprof_store_le32(lwpcb + KPROF_LWPCB_BUFFER_HEAD_OFFSET_OFFSET, NREC * REC_SIZE);
	if (kprof_lwp_ring_attach(r, lwpcb, &caps, ring, RING_BYTES, 0) != KPROF_OK)
		die("attach", 0);
}

/* Proposed decode: the generic fields, each loaded once; nothing else written. */
typedef struct proto_record {
	uint8_t event_id, core_id;
	uint16_t flags;
	uint32_t data1;
	uint64_t ip, data2, timestamp;
} proto_record;

static inline kprof_status proto_decode(const uint8_t *p, size_t len, proto_record *out)
{
	uint32_t dw0;
	if (len < KPROF_LWP_RECORD_SIZE)
		return KPROF_E_TRUNCATED;
	dw0 = kprof_load_le32(p);
	out->event_id = (uint8_t)KPROF_FIELD_GET(KPROF_LWP_RECORD_DW0_EVENT_ID, dw0);
	out->core_id = (uint8_t)KPROF_FIELD_GET(KPROF_LWP_RECORD_DW0_CORE_ID, dw0);
	out->flags = (uint16_t)KPROF_FIELD_GET(KPROF_LWP_RECORD_DW0_FLAGS, dw0);
	out->data1 = kprof_load_le32(p + KPROF_LWP_RECORD_DATA1_OFFSET);
	out->ip = kprof_load_le64(p + KPROF_LWP_RECORD_INST_ADDRESS_OFFSET);
	out->data2 = kprof_load_le64(p + KPROF_LWP_RECORD_DATA2_OFFSET);
	out->timestamp = kprof_load_le64(p + KPROF_LWP_RECORD_TIMESTAMP_OFFSET);
	return out->event_id ? KPROF_OK : KPROF_E_FORMAT;
}

static inline void take_proto(const uint8_t *rec)
{
	proto_record s;
	if (proto_decode(rec, REC_SIZE, &s) == KPROF_OK)
		work_record(&work, s.event_id, s.core_id, s.flags, s.data1, s.ip, s.data2, s.timestamp);
}

static uint64_t span_decode(kprof_lwp_ring *r)
{
	kprof_lwp_span sp;
	uint64_t total = 0;
	int n;
	while ((n = kprof_lwp_ring_poll(r, &sp)) > 0) {
		uint32_t i;
		for (i = 0; i < sp.first_count + sp.second_count; i++) {
			const uint8_t *rec = i < sp.first_count ? sp.first + i * REC_SIZE
			                                         : sp.second + (i - sp.first_count) * REC_SIZE;
			kprof_lwp_sample s;
			if (kprof_lwp_sample_decode(rec, REC_SIZE, KPROF_LWP_REVISION_SHIPPED, &s) == KPROF_OK)
				work_record(&work, s.event_id, s.core_id, s.flags, s.data1, s.ip, s.data2, s.timestamp);
		}
		kprof_lwp_ring_consume(r, (uint32_t)n);
		total += (uint64_t)n;
	}
	return total;
}

static uint64_t span_fields(kprof_lwp_ring *r)
{
	kprof_lwp_span sp;
	uint64_t total = 0;
	int n;
	while ((n = kprof_lwp_ring_poll(r, &sp)) > 0) {
		const uint8_t *part[2] = {sp.first, sp.second};
		uint32_t count[2] = {sp.first_count, sp.second_count}, k, i;
		for (k = 0; k < 2; k++)
			for (i = 0; i < count[k]; i++) {
				const uint8_t *rec = part[k] + i * REC_SIZE;
				uint32_t dw0 = kprof_load_le32(rec);
				work_record(
				        &work, KPROF_FIELD_GET(KPROF_LWP_RECORD_DW0_EVENT_ID, dw0),
				        KPROF_FIELD_GET(KPROF_LWP_RECORD_DW0_CORE_ID, dw0),
				        KPROF_FIELD_GET(KPROF_LWP_RECORD_DW0_FLAGS, dw0),
				        kprof_load_le32(rec + KPROF_LWP_RECORD_DATA1_OFFSET),
				        kprof_load_le64(rec + KPROF_LWP_RECORD_INST_ADDRESS_OFFSET),
				        kprof_load_le64(rec + KPROF_LWP_RECORD_DATA2_OFFSET),
				        kprof_load_le64(rec + KPROF_LWP_RECORD_TIMESTAMP_OFFSET));
			}
		kprof_lwp_ring_consume(r, (uint32_t)n);
		total += (uint64_t)n;
	}
	return total;
}

/* Proposed iterator: everything the loop needs lives in the iterator (registers). */
typedef struct proto_iter {
	const uint8_t *cur, *end, *second, *second_end;
	uint32_t record_size, taken;
} proto_iter;

static inline int proto_iter_begin(kprof_lwp_ring *r, proto_iter *it)
{
	kprof_lwp_span sp;
	int n = kprof_lwp_ring_poll(r, &sp);
	if (n <= 0)
		return n;
	it->record_size = r->record_size;
	it->cur = sp.first;
	it->end = sp.first + (size_t)sp.first_count * it->record_size;
	it->second = sp.second;
	it->second_end = sp.second + (size_t)sp.second_count * it->record_size;
	it->taken = 0;
	return n;
}

static inline const uint8_t *proto_iter_next(proto_iter *it)
{
	const uint8_t *rec;
	if (it->cur == it->end) {
		if (it->second == it->second_end)
			return NULL;
		it->cur = it->second;
		it->end = it->second_end;
		it->second = it->second_end;
	}
	rec = it->cur;
	it->cur += KPROF_LWP_RECORD_SIZE; /* shipped records are 32 bytes: a constant stride */
	it->taken++;
	return rec;
}

static uint64_t proto_iter_drain(kprof_lwp_ring *r)
{
	proto_iter it;
	const uint8_t *rec;
	uint64_t total = 0;
	while (proto_iter_begin(r, &it) > 0) {
		while ((rec = proto_iter_next(&it)) != NULL)
			take_proto(rec);
		kprof_lwp_ring_consume(r, it.taken);
		total += it.taken;
	}
	return total;
}

/* Proposed copy-out: 8-byte words (records are 32-byte aligned multiples of 8 bytes). */
static uint64_t proto_copy(kprof_lwp_ring *r)
{
	uint64_t total = 0;
	for (;;) {
		kprof_lwp_span sp;
		uint32_t take, k, i;
		const uint8_t *src[2];
		uint32_t cnt[2];
		uint8_t *dst = copybuf;
		int n = kprof_lwp_ring_poll(r, &sp);
		if (n <= 0)
			break;
		take = (uint32_t)n < COPY_CHUNK / REC_SIZE ? (uint32_t)n : COPY_CHUNK / REC_SIZE;
		src[0] = sp.first;
		cnt[0] = take < sp.first_count ? take : sp.first_count;
		src[1] = sp.second;
		cnt[1] = take - cnt[0];
		for (k = 0; k < 2; k++) {
			size_t words = (size_t)cnt[k] * (REC_SIZE / 8), w;
			for (w = 0; w < words; w++)
				kprof_store_le64(dst + w * 8, kprof_load_le64(src[k] + w * 8));
			dst += words * 8;
		}
		kprof_lwp_ring_consume(r, take);
		for (i = 0; i < take; i++)
			take_proto(copybuf + (size_t)i * REC_SIZE);
		total += take;
	}
	return total;
}

static uint64_t drain_floor(kprof_lwp_ring *r)
{
	const uint8_t *p = ring, *end = ring + NREC * REC_SIZE;
	(void)r;
	for (; p < end; p += REC_SIZE) {
		uint32_t dw0, data1;
		uint64_t ip, data2, tsc;
		memcpy(&dw0, p, 4);
		memcpy(&data1, p + 4, 4);
		memcpy(&ip, p + 8, 8);
		memcpy(&data2, p + 16, 8);
		memcpy(&tsc, p + 24, 8);
		work_record(&work, dw0 & 0xFF, (dw0 >> 8) & 0xFF, dw0 >> 16, data1, ip, data2, tsc);
	}
	return NREC;
}

/* Proposed poll: as kprof_lwp_ring_poll, minus the option test and the log2 loop. */
typedef struct proto_ring {
	kprof_lwp_ring r;
	uint32_t shift; /* log2(record_size), from attach */
} proto_ring;

static inline int proto_poll(proto_ring *pr, kprof_lwp_span *span)
{
	kprof_lwp_ring *r = &pr->r;
	uint32_t head = __atomic_load_n((const uint32_t *)(r->lwpcb + KPROF_LWPCB_BUFFER_HEAD_OFFSET_OFFSET),
	                                __ATOMIC_ACQUIRE),
	         tail = r->tail, used, first;
	uint64_t missed;
	if (head == tail)
		return 0;
	if (head >= r->size || (head & (r->record_size - 1u)))
		return KPROF_E_CORRUPT;
	used = kprof_lwp_space_used(head, tail, r->size);
	first = head > tail ? used : r->size - tail;
	missed = __atomic_load_n((const uint64_t *)(r->lwpcb + KPROF_LWPCB_MISSED_EVENTS_OFFSET), __ATOMIC_ACQUIRE);
	r->avail = used >> pr->shift;
	if (span) {
		span->first = r->buffer + tail;
		span->first_count = first >> pr->shift;
		span->second = r->buffer;
		span->second_count = r->avail - span->first_count;
		span->head = head;
		span->at_threshold = (uint8_t)(r->threshold != 0 && used == r->threshold);
		span->missed_delta = missed - r->missed_seen;
	}
	r->missed_seen = missed;
	return (int)r->avail;
}

/* ns per poll: best of 10 chunks per repetition, as lwp_poll.c. */
#define TIME_POLLS(stat, n, call)                                                                  \
	do {                                                                                       \
		double v_[BENCH_MAX_REPS];                                                         \
		int r_, c_;                                                                        \
		for (r_ = 0; r_ < bench_reps; r_++) {                                              \
			double best_ = 1e30;                                                       \
			for (c_ = 0; c_ < 10; c_++) {                                              \
				uint64_t t0_ = bench_now_ns(), acc_ = 0;                           \
				long i_;                                                           \
				double dt_;                                                        \
				for (i_ = 0; i_ < (n) / 10; i_++)                                  \
					acc_ += (uint64_t)(call);                                  \
				bench_sink += acc_;                                                \
				dt_ = (double)(bench_now_ns() - t0_) / (double)((n) / 10);         \
				if (dt_ < best_)                                                   \
					best_ = dt_;                                               \
			}                                                                          \
			v_[r_] = best_;                                                            \
		}                                                                                  \
		stat = bench_summarise(v_, bench_reps);                                            \
	} while (0)

typedef uint64_t (*drain_fn)(kprof_lwp_ring *);

int main(int argc, char **argv)
{
	static const struct {
		const char *key, *label;
		drain_fn fn;
	} way[] = {
		{"span_decode", "kprof span (poll) + kprof_lwp_sample_decode", span_decode},
		{"span_fields", "kprof span (poll) + kprof_load_le* fields", span_fields},
		{"proto_iter", "PROTOTYPE pointer-bump iterator + lean decode", proto_iter_drain},
		{"proto_copy", "PROTOTYPE word-wise copy-out + lean decode", proto_copy},
		{"floor", "floor: plain loop, no checks", drain_floor},
	};
	enum { NWAY = sizeof way / sizeof way[0] };
	double v[NWAY][BENCH_MAX_REPS], ratio[NWAY][BENCH_MAX_REPS];
	uint64_t i;
	kprof_lwp_event_config ev = {KPROF_LWP_EVENT_INSTRUCTIONS, 100000};
	kprof_lwp_config cfg;
	kprof_lwp_ring r;
	int rep, w, passes;

	bench_args(argc, argv);
	if (kprof_lwp_model_caps(&caps) != KPROF_OK || posix_memalign((void **)&ring, 4096, RING_BYTES))
		die("setup", 0);
	for (i = 0; i < NREC; i++) {
		struct rec32 rec;
		rec_make(i, &rec);
		rec_put(ring + i * REC_SIZE, &rec);
	}
	memset(&cfg, 0, sizeof cfg);
	cfg.buffer_base = (uint64_t)(uintptr_t)ring;
	cfg.buffer_size = RING_BYTES;
	cfg.events = &ev;
	cfg.event_count = 1;
	if (kprof_lwp_setup(&caps, &cfg, lwpcb, sizeof lwpcb, NULL) != KPROF_OK)
		die("lwp setup", 0);
	for (w = 0; w < NWAY; w++) {
		uint64_t b, h = 0;
		memset(&work, 0, sizeof work);
		refill(&r);
		if (way[w].fn(&r) != NREC || work.records != NREC)
			die(way[w].key, (int)work.records);
		for (b = 0; b < HIST_BUCKETS; b++)
			h += work.hist[b];
		if (h != NREC)
			die("histogram", (int)h);
	}
	passes = bench_smoke ? 1 : 10;
	for (rep = 0; rep < bench_reps; rep++) {
		uint64_t t[NWAY], n[NWAY];
		int p;
		for (w = 0; w < NWAY; w++)
			t[w] = UINT64_MAX;
		/* A repetition is the best of `passes` drains: a drain takes well under a
		 * scheduler quantum, so the best one is the one no other tenant interrupted. */
		for (p = 0; p < passes; p++)
			for (w = 0; w < NWAY; w++) {
				uint64_t t0, dt;
				refill(&r);
				t0 = bench_now_ns();
				n[w] = way[w].fn(&r);
				dt = bench_now_ns() - t0;
				if (dt < t[w])
					t[w] = dt;
			}
		for (w = 0; w < NWAY; w++)
			v[w][rep] = (double)n[w] * 1e9 / (double)t[w];
		for (w = 0; w < NWAY - 1; w++)
			ratio[w][rep] = v[w][rep] / v[NWAY - 1][rep];
	}
	bench_begin("lwp_proto");
	for (w = 0; w < NWAY; w++)
		bench_figure(way[w].key, way[w].label, "records/s", bench_summarise(v[w], bench_reps));
	for (w = 0; w < NWAY - 1; w++) {
		char key[64], label[160];
		snprintf(key, sizeof key, "ratio_%s", way[w].key);
		snprintf(label, sizeof label, "%s / floor, per repetition", way[w].key);
		bench_figure(key, label, "ratio", bench_summarise(ratio[w], bench_reps));
	}
	{
		proto_ring pr;
		kprof_lwp_span sp;
		bench_stat st;
		long npoll = bench_smoke ? 10000 : 10000000;
		refill(&pr.r);
		pr.shift = 5;
		kprof_store_le32(lwpcb + KPROF_LWPCB_BUFFER_HEAD_OFFSET_OFFSET, 0);
		TIME_POLLS(st, npoll, kprof_lwp_ring_poll(&pr.r, &sp));
		bench_figure("poll_empty_ns", "kprof_lwp_ring_poll, empty", "ns/poll", st);
		TIME_POLLS(st, npoll, proto_poll(&pr, &sp));
		bench_figure("proto_poll_empty_ns", "PROTOTYPE poll, empty", "ns/poll", st);
		kprof_store_le32(lwpcb + KPROF_LWPCB_BUFFER_HEAD_OFFSET_OFFSET, REC_SIZE);
		TIME_POLLS(st, npoll / 4, kprof_lwp_ring_poll(&pr.r, &sp));
		bench_figure("poll_ready_ns", "kprof_lwp_ring_poll, one record ready", "ns/poll", st);
		TIME_POLLS(st, npoll / 4, proto_poll(&pr, &sp));
		bench_figure("proto_poll_ready_ns", "PROTOTYPE poll, one record ready", "ns/poll", st);
	}
	bench_sink += work.sum;
	bench_info_begin();
	bench_info("note", "prototypes of proposed fixes; not kprof.h's API");
	bench_end();
	return 0;
}
