/* cpu_groups: grouping the CPU blocks of a `cpuid -r` dump by their profiling facts
 * (kprof_cpu_dump_add), as `kprof info` does: 12,500 to 100,000 blocks that all differ
 * (each its own group: the worst case, a hostile dump of 9.1 MB at 100,000), and 100,000 blocks
 * of four kinds (a large real machine's shape). The groups start with room for 64 and double
 * when add_dump runs out (kprof_cpu_groups_array_set, g->resume), as the command's do. Reported,
 * not judged: see bench/run.py (the targets compare the growth from 12,500 to 100,000 blocks
 * with linear). */
#include "bench.h"
/* One translation unit: the program holds kprof's implementation, static. */
#define KPROF_IMPLEMENTATION
#define KPROF_STATIC
#include "kprof.h"

#define SIZES 4
static const uint32_t sizes[SIZES] = {12500, 25000, 50000, 100000};

/* n blocks of one leaf-0 line each; block i's vendor ebx is i (distinct) or one of 4 kinds. */
static char *make_dump(uint32_t n, int kinds, size_t *len)
{
	static const uint32_t kind[4] = {0x756E6547, 0x68747541, 0x746E6543, 0x6F677948};
	size_t cap = (size_t)n * 96 + 1, at = 0, w;
	char *text = (char *)malloc(cap);
	uint32_t i;
	if (!text)
		return NULL;
	for (i = 0; i < n; i++) {
		kprof_dump_record r;
		memset(&r, 0, sizeof r);
		r.eax = 1;
		r.ebx = kinds ? kind[i % 4] : i;
		r.ecx = 0x6C65746E;
		r.edx = 0x49656E69;
		if (kprof_dump_header_format(i, text + at, cap - at, &w) != KPROF_OK)
			return NULL;
		at += w;
		if (kprof_dump_record_format(&r, text + at, cap - at, &w) != KPROF_OK)
			return NULL;
		at += w;
	}
	*len = at;
	return text;
}

/* One grouping of the whole text; the groups found and the facts comparisons made. */
static int group_once(const char *text, size_t len, uint32_t blocks, uint32_t *count,
                      uint64_t *compares)
{
	uint32_t cap = 64, *of_cpu = (uint32_t *)malloc(blocks * sizeof(uint32_t));
	kprof_cpu_group *g = (kprof_cpu_group *)malloc(cap * sizeof *g);
	kprof_cpu_groups gs;
	kprof_status st;
	if (!g || !of_cpu)
		return -1;
	kprof_cpu_groups_init(&gs, g, cap, of_cpu, blocks);
	while ((st = kprof_cpu_dump_add(&gs, text, len, NULL)) == KPROF_E_BUFFER_TOO_SMALL) {
		kprof_cpu_group *p = (kprof_cpu_group *)realloc(g, (size_t)(cap *= 2) * sizeof *g);
		if (!p)
			return -1;
		g = p;
		kprof_cpu_groups_array_set(&gs, g, cap);
	}
	*count = gs.count;
	*compares = gs.compares;
	bench_sink += of_cpu[blocks - 1] + g[gs.count - 1].snap.present;
	free(g);
	free(of_cpu);
	return st == KPROF_OK && gs.cpus == blocks ? 0 : -1;
}

static int measure(uint32_t blocks, int kinds, bench_stat *ms, uint32_t *count, uint64_t *compares)
{
	double v[BENCH_MAX_REPS];
	size_t len;
	char *text = make_dump(blocks, kinds, &len);
	int rep, reps = bench_reps > 5 ? 5 : bench_reps;
	if (!text)
		return -1;
	for (rep = 0; rep < reps; rep++) {
		uint64_t t0 = bench_now_ns();
		if (group_once(text, len, blocks, count, compares))
			return -1;
		v[rep] = (double)(bench_now_ns() - t0) / 1e6;
	}
	*ms = bench_summarise(v, reps);
	free(text);
	return 0;
}

int main(int argc, char **argv)
{
	bench_stat ms[SIZES], few;
	uint32_t count[SIZES], few_count, i, scale;
	uint64_t compares[SIZES], few_compares;
	char key[64], label[160], buf[32];
	bench_args(argc, argv);
	scale = bench_smoke ? 100 : 1; /* the smoke run: 125 to 1,000 blocks */
	for (i = 0; i < SIZES; i++)
		if (measure(sizes[i] / scale, 0, &ms[i], &count[i], &compares[i]) ||
		    count[i] != sizes[i] / scale) {
			fprintf(stderr, "cpu_groups: grouping %u distinct blocks failed\n",
			        sizes[i] / scale);
			return 1;
		}
	if (measure(sizes[SIZES - 1] / scale, 1, &few, &few_count, &few_compares) ||
	    few_count != 4) {
		fprintf(stderr, "cpu_groups: grouping blocks of 4 kinds failed\n");
		return 1;
	}
	bench_begin("cpu_groups");
	for (i = 0; i < SIZES; i++) {
		snprintf(key, sizeof key, "distinct_%u_ms", sizes[i]);
		snprintf(label, sizeof label, "%u CPU blocks that all differ (%u groups), grouped",
		         sizes[i] / scale, count[i]);
		bench_figure(key, label, "ms", ms[i]);
	}
	bench_figure("kinds4_ms", "the largest size, blocks of 4 kinds, grouped", "ms", few);
	bench_count("distinct_compares_per_cpu",
	            "the largest size, all differ: facts comparisons per CPU", "compares",
	            (double)compares[SIZES - 1] / (double)(sizes[SIZES - 1] / scale));
	bench_count("kinds4_compares_per_cpu",
	            "the largest size, 4 kinds: facts comparisons per CPU", "compares",
	            (double)few_compares / (double)(sizes[SIZES - 1] / scale));
	bench_info_begin();
	snprintf(buf, sizeof buf, "%u", sizes[SIZES - 1] / scale);
	bench_info("largest", buf);
	snprintf(buf, sizeof buf, "%u", sizes[0] / scale);
	bench_info("smallest", buf);
	bench_end();
	return 0;
}
