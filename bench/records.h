/* The LWP record stream every LWP benchmark uses: 32-byte records as the shipped hardware
 * writes them (reference/lwp-shipped.md: byte 0 EventId, 1 CoreId, 2..3 Flags, 4..7 Data1,
 * 8..15 instruction address, 16..23 Data2, 24..31 timestamp), and the work a consumer does
 * with each one: a histogram of instruction addresses plus a sum of the other fields. */
#ifndef KPROF_BENCH_RECORDS_H
#define KPROF_BENCH_RECORDS_H
#include <stdint.h>
#include <string.h>

#define REC_SIZE 32u
#define RING_BYTES (2u << 20) /* 2 MiB */
#define HIST_BUCKETS 4096u

/* A record as plain C, for the rings that carry typed values (ck_ring, the naive ring). */
struct rec32 {
	uint8_t event_id;
	uint8_t core_id;
	uint16_t flags;
	uint32_t data1;
	uint64_t ip;
	uint64_t data2;
	uint64_t tsc;
};

/* Record i of the synthetic stream: instructions-retired samples (event 2) over a 64 KiB
 * code range, as a JIT's hot loop would produce. */
static inline void rec_make(uint64_t i, struct rec32 *r)
{
	r->event_id = 2;
	r->core_id = (uint8_t)(i & 1);
	r->flags = 0;
	r->data1 = (uint32_t)(i * 7u);
	r->ip = 0x00007f0000400000ull + ((i * 2654435761u) & 0xFFF0u);
	r->data2 = 0;
	r->tsc = 1000000u + i * 40u;
}

static inline void rec_put(uint8_t *p, const struct rec32 *r)
{
	p[0] = r->event_id;
	p[1] = r->core_id;
	memcpy(p + 2, &r->flags, 2);
	memcpy(p + 4, &r->data1, 4);
	memcpy(p + 8, &r->ip, 8);
	memcpy(p + 16, &r->data2, 8);
	memcpy(p + 24, &r->tsc, 8);
}

/* The consumer's own work per record, identical for every contestant. */
typedef struct consumer_work {
	uint32_t hist[HIST_BUCKETS];
	uint64_t sum;
	uint64_t records;
} consumer_work;

static inline void work_record(consumer_work *w, unsigned event_id, unsigned core_id, unsigned flags,
                               uint32_t data1, uint64_t ip, uint64_t data2, uint64_t tsc)
{
	w->hist[(ip >> 4) & (HIST_BUCKETS - 1)]++;
	w->sum += event_id + core_id + flags + data1 + data2 + tsc;
	w->records++;
}

#endif
