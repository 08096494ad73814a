/* LWP concurrent: one producer thread and one consumer thread move N 32-byte records.
 *   kprof:   kprof's software model of the hardware writes records into the LWPCB's ring
 *            (kprof_lwpmodel_lwpins_execute: one record per call, hardware layout, head kept in a
 *            "register" and flushed at Threshold or when full) and kprof's consumer takes
 *            them with the in-place iterator, decoding each with kprof_lwp_record_unpack;
 *   ck_ring: Concurrency Kit's typed SPSC ring (ck_ring_enqueue_spsc/dequeue_spsc) of
 *            struct rec32, 65536 slots = the same 2 MiB;
 *   naive:   a ring indexed modulo its size under one pthread mutex.
 * The consumer's work per record (histogram of instruction addresses + a field sum) is the
 * same for all. A full ring makes every producer wait (spin, then yield), so none loses a
 * record; records/s = N / time from start until the consumer has seen all N. Three
 * placements: unpinned (the scheduler's choice), "split" (producer and consumer pinned to two
 * different CPUs; measured only when this process may run on two) and "same" (both pinned
 * to one CPU, taking turns). */
#define KPROF_LWP_MODEL /* the LWP software model (opt-in): this program drives it */
#include "bench.h"
/* One translation unit: the program holds kprof's implementation, static. */
#define KPROF_IMPLEMENTATION
#define KPROF_STATIC
#include "kprof.h"
#include "records.h"
#include <ck_ring.h>
#include <pthread.h>
#include <sched.h>

/* Placement of the two threads: -1 unpinned, else the CPU of each. */
typedef struct placement {
	const char *key, *label;
	int producer_cpu, consumer_cpu;
} placement;

#define SLOTS (RING_BYTES / REC_SIZE)

static uint64_t nrec;

static inline void backoff(unsigned *spins)
{
	if (++*spins < 64)
		__builtin_ia32_pause();
	else {
		*spins = 0;
		sched_yield();
	}
}

/* -------- kprof: model producer, ring consumer -------- */
static uint8_t lwpcb[256] __attribute__((aligned(64)));
static uint8_t *lwp_buf;
static kprof_lwp_caps caps;
static kprof_lwpmodel model;

static void *kprof_producer(void *arg)
{
	uint64_t i;
	unsigned spins = 0;
	kprof_lwpmodel_user_event ev;
	void *active;
	(void)arg;
	for (i = 0; i < nrec; i++) {
		struct rec32 r;
		uint32_t next = model.head + REC_SIZE;
		if (next >= model.size)
			next = 0;
		/* Hardware would overwrite and count MissedEvents; the benchmark waits instead,
		 * publishing its head (SLWPCB) so the consumer can make room. */
		while (next == __atomic_load_n((uint32_t *)(lwpcb + KPROF_LWP_LWPCB_BUFFER_TAIL_OFFSET_OFFSET),
		                               __ATOMIC_ACQUIRE)) {
			kprof_lwpmodel_lwpcb_store(&model, &active);
			backoff(&spins);
		}
		rec_make(i, &r);
		ev.data2 = r.data2;
		ev.data1 = r.data1;
		ev.flags = r.flags;
		ev.ip = r.ip;
		kprof_lwpmodel_lwpins_execute(&model, &ev, NULL);
	}
	kprof_lwpmodel_lwpcb_store(&model, &active);
	return NULL;
}

static void *kprof_consumer(void *arg)
{
	consumer_work *w = (consumer_work *)arg;
	kprof_lwp_ring ring;
	kprof_lwp_ring_iter it;
	const uint8_t *rec;
	unsigned spins = 0;
	if (kprof_lwp_ring_attach(&ring, lwpcb,
	                          &(kprof_lwp_ring_config){.caps = &caps, .expect_buffer = lwp_buf, .expect_size = RING_BYTES}) !=
	    KPROF_OK)
		abort();
	while (w->records < nrec) {
		if (kprof_lwp_ring_iter_init(&it, &ring) != KPROF_OK || !it.count) {
			backoff(&spins);
			continue;
		}
		while (kprof_lwp_ring_iter_next(&it, &rec) == KPROF_OK) {
			kprof_lwp_sample s;
			if (kprof_lwp_record_unpack(rec, REC_SIZE, KPROF_LWP_REVISION_SHIPPED, &s) == KPROF_OK)
				work_record(w, s.event_id, s.core_id, s.flags, s.data1, s.ip, s.data2, s.timestamp);
		}
		kprof_lwp_ring_iter_commit(&it);
	}
	return NULL;
}

static void kprof_setup(void)
{
	kprof_lwp_event_config ev = {KPROF_LWP_EVENT_INSTRUCTIONS, 1000000};
	kprof_lwp_config cfg;
	kprof_status st;
	memset(&cfg, 0, sizeof cfg);
	cfg.buffer_base = (uint64_t)(uintptr_t)lwp_buf;
	cfg.buffer_size = RING_BYTES;
	cfg.events = &ev;
	cfg.event_count = 1;
	cfg.threshold = RING_BYTES / 16; /* head reaches memory every 4096 records */
	if ((st = kprof_lwp_lwpcb_init(lwpcb, sizeof lwpcb, &caps, &cfg, NULL)) != KPROF_OK ||
	    (st = kprof_lwpmodel_init(&model, &caps, 1, 1)) != KPROF_OK ||
	    (st = kprof_lwpmodel_lwpcb_load(&model, lwpcb)) != KPROF_OK) {
		fprintf(stderr, "lwp_concurrent: setup: %d\n", st);
		exit(1);
	}
}

/* -------- Concurrency Kit -------- */
CK_RING_PROTOTYPE(rec32, rec32)
static ck_ring_t ckr;
static struct rec32 *ck_buf;

static void *ck_producer(void *arg)
{
	uint64_t i;
	unsigned spins = 0;
	(void)arg;
	for (i = 0; i < nrec; i++) {
		struct rec32 r;
		rec_make(i, &r);
		while (!ck_ring_enqueue_spsc_rec32(&ckr, ck_buf, &r))
			backoff(&spins);
	}
	return NULL;
}

static void *ck_consumer(void *arg)
{
	consumer_work *w = (consumer_work *)arg;
	unsigned spins = 0;
	while (w->records < nrec) {
		struct rec32 r;
		if (!ck_ring_dequeue_spsc_rec32(&ckr, ck_buf, &r)) {
			backoff(&spins);
			continue;
		}
		work_record(w, r.event_id, r.core_id, r.flags, r.data1, r.ip, r.data2, r.tsc);
	}
	return NULL;
}

/* -------- naive: modulo and a mutex -------- */
static struct {
	pthread_mutex_t lock;
	struct rec32 *buf;
	unsigned slots; /* a variable, so % is a real division */
	uint64_t head, tail;
} nv;

static void *naive_producer(void *arg)
{
	uint64_t i;
	unsigned spins = 0;
	(void)arg;
	for (i = 0; i < nrec; i++) {
		struct rec32 r;
		rec_make(i, &r);
		for (;;) {
			pthread_mutex_lock(&nv.lock);
			if (nv.head - nv.tail < nv.slots - 1u) {
				nv.buf[nv.head % nv.slots] = r;
				nv.head++;
				pthread_mutex_unlock(&nv.lock);
				break;
			}
			pthread_mutex_unlock(&nv.lock);
			backoff(&spins);
		}
	}
	return NULL;
}

static void *naive_consumer(void *arg)
{
	consumer_work *w = (consumer_work *)arg;
	unsigned spins = 0;
	while (w->records < nrec) {
		struct rec32 r;
		pthread_mutex_lock(&nv.lock);
		if (nv.tail == nv.head) {
			pthread_mutex_unlock(&nv.lock);
			backoff(&spins);
			continue;
		}
		r = nv.buf[nv.tail % nv.slots];
		nv.tail++;
		pthread_mutex_unlock(&nv.lock);
		work_record(w, r.event_id, r.core_id, r.flags, r.data1, r.ip, r.data2, r.tsc);
	}
	return NULL;
}

typedef struct way {
	const char *key, *label;
	void (*setup)(void);
	void *(*producer)(void *);
	void *(*consumer)(void *);
} way;

static void ck_setup(void)
{
	ck_ring_init(&ckr, SLOTS);
}

static void naive_setup(void)
{
	nv.head = nv.tail = 0;
}

static consumer_work work;

static void pin(pthread_attr_t *a, int cpu)
{
	cpu_set_t set;
	pthread_attr_init(a);
	if (cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (pthread_attr_setaffinity_np(a, sizeof set, &set)) {
		fprintf(stderr, "lwp_concurrent: cannot pin to CPU %d\n", cpu);
		exit(1);
	}
}

/* One run: records/s, or exits when the consumer saw anything but the N records sent. */
static double run(const way *w, const placement *pl)
{
	pthread_t p, c;
	pthread_attr_t pa, ca;
	uint64_t t0, t, b, hist = 0;
	memset(&work, 0, sizeof work);
	w->setup();
	pin(&pa, pl->producer_cpu);
	pin(&ca, pl->consumer_cpu);
	t0 = bench_now_ns();
	pthread_create(&c, &ca, w->consumer, &work);
	pthread_create(&p, &pa, w->producer, NULL);
	pthread_join(p, NULL);
	pthread_join(c, NULL);
	t = bench_now_ns() - t0;
	pthread_attr_destroy(&pa);
	pthread_attr_destroy(&ca);
	for (b = 0; b < HIST_BUCKETS; b++)
		hist += work.hist[b];
	if (work.records != nrec || hist != nrec) {
		fprintf(stderr, "lwp_concurrent: %s: %llu records arrived of %llu\n", w->key,
		        (unsigned long long)work.records, (unsigned long long)nrec);
		exit(1);
	}
	if (model.missed) {
		fprintf(stderr, "lwp_concurrent: the model lost %llu records\n", (unsigned long long)model.missed);
		exit(1);
	}
	bench_sink += work.sum;
	return (double)nrec * 1e9 / (double)t;
}

int main(int argc, char **argv)
{
	static const way ways[] = {
		{"kprof", "kprof model producer -> kprof consumer", kprof_setup, kprof_producer, kprof_consumer},
		{"ck_ring", "ck_ring SPSC (Concurrency Kit)", ck_setup, ck_producer, ck_consumer},
		{"naive", "naive: modulo + mutex", naive_setup, naive_producer, naive_consumer},
	};
	enum { NWAY = sizeof ways / sizeof ways[0] };
	placement places[3] = {{"", "unpinned", -1, -1}, {"_split", "pinned to two CPUs", 0, 1},
	                       {"_same", "both pinned to one CPU", 0, 0}};
	double v[NWAY][BENCH_MAX_REPS], ratio[2][BENCH_MAX_REPS];
	int rep, w, reps, pl, cpus[2], ncpu = 0, c;
	char buf[64], key[64], label[160];
	cpu_set_t allowed;

	bench_args(argc, argv);
	reps = bench_reps > 7 ? 7 : bench_reps;
	nrec = bench_smoke ? 100000 : 4000000;
	if (kprof_lwpmodel_caps_get(&caps) != KPROF_OK || posix_memalign((void **)&lwp_buf, 4096, RING_BYTES) ||
	    posix_memalign((void **)&ck_buf, 4096, RING_BYTES) || posix_memalign((void **)&nv.buf, 4096, RING_BYTES)) {
		fprintf(stderr, "lwp_concurrent: setup failed\n");
		return 1;
	}
	pthread_mutex_init(&nv.lock, NULL);
	nv.slots = SLOTS;
	/* The first two CPUs this process may use. With one, "pinned to two CPUs" cannot be
	 * measured: its figures are left out and the info says why (bench/run.py expects them
	 * only where the affinity mask has two CPUs). */
	if (sched_getaffinity(0, sizeof allowed, &allowed) == 0)
		for (c = 0; c < CPU_SETSIZE && ncpu < 2; c++)
			if (CPU_ISSET(c, &allowed))
				cpus[ncpu++] = c;
	if (ncpu < 1) {
		fprintf(stderr, "lwp_concurrent: no CPU to pin to (sched_getaffinity)\n");
		return 1;
	}
	places[1].producer_cpu = cpus[0], places[1].consumer_cpu = cpus[ncpu - 1];
	places[2].producer_cpu = places[2].consumer_cpu = cpus[0];
	bench_begin("lwp_concurrent");
	for (pl = 0; pl < 3; pl++) {
		if (pl == 1 && ncpu < 2)
			continue;
		/* naive only unpinned: it is the reference for how bad a plain lock is */
		int nway = pl == 0 ? NWAY : 2;
		for (rep = 0; rep < reps; rep++)
			for (w = 0; w < nway; w++)
				v[w][rep] = run(&ways[w], &places[pl]);
		for (w = 0; w < nway; w++) {
			snprintf(key, sizeof key, "%s%s", ways[w].key, places[pl].key);
			snprintf(label, sizeof label, "%s, %s", ways[w].label, places[pl].label);
			bench_figure(key, label, "records/s", bench_summarise(v[w], reps));
		}
		for (rep = 0; rep < reps; rep++) {
			ratio[0][rep] = v[0][rep] / v[1][rep];
			ratio[1][rep] = pl == 0 ? v[2][rep] / v[1][rep] : 0;
		}
		snprintf(key, sizeof key, "ratio_kprof%s", places[pl].key);
		snprintf(label, sizeof label, "kprof / ck_ring, %s, per repetition", places[pl].label);
		bench_figure(key, label, "ratio", bench_summarise(ratio[0], reps));
		if (pl == 0)
			bench_figure("ratio_naive", "naive / ck_ring, per repetition", "ratio", bench_summarise(ratio[1], reps));
	}
	bench_info_begin();
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)nrec);
	bench_info("records_per_run", buf);
	bench_info("ring", "2 MiB of 32-byte records; kprof Threshold = 4096 records");
	bench_info("placements", ncpu < 2 ? "unpinned, same (one CPU in the affinity mask: not split)"
	                                  : "unpinned, split, same");
	bench_end();
	return 0;
}
