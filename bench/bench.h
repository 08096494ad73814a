/* Shared by the kprof benchmarks: monotonic timing, repetitions summarised as median and
 * min-max, and the JSON each benchmark program prints on stdout for bench/run.py.
 * Benchmarks never judge their numbers; run.py compares them with the targets. */
#ifndef KPROF_BENCH_H
#define KPROF_BENCH_H
#define _GNU_SOURCE 1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_MAX_REPS 64

/* --smoke: the test step's tiny run, proving the program works, not measuring anything. */
static int bench_smoke;
static int bench_reps = 11;

static inline void bench_args(int argc, char **argv)
{
	int i;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--smoke")) {
			bench_smoke = 1;
			bench_reps = 3;
		} else if (!strncmp(argv[i], "--reps=", 7)) {
			bench_reps = atoi(argv[i] + 7);
			if (bench_reps < 1 || bench_reps > BENCH_MAX_REPS)
				bench_reps = 11;
		}
	}
}

static inline uint64_t bench_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

typedef struct bench_stat {
	double median, min, max;
	int reps;
} bench_stat;

static inline int bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static inline bench_stat bench_summarise(const double *v, int n)
{
	double s[BENCH_MAX_REPS];
	bench_stat r;
	memcpy(s, v, sizeof(double) * (size_t)n);
	qsort(s, (size_t)n, sizeof(double), bench_cmp_double);
	r.median = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	r.min = s[0];
	r.max = s[n - 1];
	r.reps = n;
	return r;
}

/* Output: {"bench": name, "figures": {key: {...}, ...}, "info": {...}} */
static int bench_first_figure;
static inline void bench_begin(const char *name)
{
	printf("{\"bench\": \"%s\", \"smoke\": %s, \"figures\": {", name, bench_smoke ? "true" : "false");
	bench_first_figure = 1;
}

static inline void bench_figure(const char *key, const char *label, const char *unit, bench_stat s)
{
	printf("%s\n  \"%s\": {\"label\": \"%s\", \"unit\": \"%s\", \"median\": %.6g, \"min\": %.6g, "
	       "\"max\": %.6g, \"reps\": %d}",
	       bench_first_figure ? "" : ",", key, label, unit, s.median, s.min, s.max, s.reps);
	bench_first_figure = 0;
}

/* A figure that is a count, not a timing (e.g. stores observed). */
static inline void bench_count(const char *key, const char *label, const char *unit, double v)
{
	bench_stat s;
	s.median = s.min = s.max = v;
	s.reps = 1;
	bench_figure(key, label, unit, s);
}

static inline void bench_info_begin(void)
{
	printf("\n}, \"info\": {");
	bench_first_figure = 1;
}

static inline void bench_info(const char *key, const char *value)
{
	printf("%s\n  \"%s\": \"%s\"", bench_first_figure ? "" : ",", key, value);
	bench_first_figure = 0;
}

static inline void bench_end(void)
{
	printf("\n}}\n");
	fflush(stdout);
}

/* Keeps results alive without letting the compiler see through them. */
static volatile uint64_t bench_sink;

#endif
