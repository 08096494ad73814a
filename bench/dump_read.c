/* dump_read: reading the largest cpuid dump in ../shared/cpuid-dumps (KPROF_SHARED) with
 * kprof's dump iterator, every record of every CPU block, and kprof_dump_snapshot_get of the boot
 * processor (which reads the whole text too). Reported, not judged: see bench/run.py. */
#include "bench.h"
/* One translation unit: the program holds kprof's implementation, static. */
#define KPROF_IMPLEMENTATION
#define KPROF_STATIC
#include "kprof.h"

#include <dirent.h>

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		return NULL;
	buf = (char *)malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
		return NULL;
	fclose(f);
	*len = (size_t)n;
	return buf;
}

int main(int argc, char **argv)
{
	static const char *const dirs[] = {"instlatx64", "variants", "current"};
	const char *shared = getenv("KPROF_SHARED");
	char best[4096] = "", path[4096];
	size_t best_len = 0, len = 0, d;
	double t_iter[BENCH_MAX_REPS], t_snap[BENCH_MAX_REPS], mbs[BENCH_MAX_REPS];
	char *text;
	int rep, k, inner;
	uint64_t records = 0;
	bench_args(argc, argv);
	if (!shared)
		shared = "../shared";
	for (d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
		DIR *dir;
		struct dirent *e;
		snprintf(path, sizeof path, "%s/cpuid-dumps/%s", shared, dirs[d]);
		if (!(dir = opendir(path)))
			continue;
		while ((e = readdir(dir)) != NULL) {
			FILE *f;
			long n;
			snprintf(path, sizeof path, "%s/cpuid-dumps/%s/%s", shared, dirs[d],
			         e->d_name);
			if (e->d_name[0] == '.' || !(f = fopen(path, "rb")))
				continue;
			if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) > 0 && (size_t)n > best_len) {
				best_len = (size_t)n;
				snprintf(best, sizeof best, "%s", path);
			}
			fclose(f);
		}
		closedir(dir);
	}
	if (!best_len || !(text = slurp(best, &len))) {
		fprintf(stderr, "dump_read: no dump under %s/cpuid-dumps\n", shared);
		return 1;
	}
	inner = bench_smoke ? 1 : 20;
	for (rep = 0; rep < bench_reps; rep++) {
		uint64_t t0 = bench_now_ns(), t1;
		for (k = 0; k < inner; k++) {
			kprof_dump_iter it;
			kprof_dump_record r;
			records = 0;
			kprof_dump_iter_init(&it, text, len);
			while (kprof_dump_iter_next(&it, &r) == KPROF_OK) {
				records++;
				bench_sink += r.eax;
			}
			if (it.status != KPROF_END) {
				fprintf(stderr, "dump_read: %s does not read (%s at line %u)\n",
				        best, kprof_status_name(it.status), it.line);
				return 1;
			}
		}
		t1 = bench_now_ns();
		t_iter[rep] = (double)(t1 - t0) / inner / 1e6;
		mbs[rep] = (double)len / 1e6 / (t_iter[rep] / 1e3);
		t0 = bench_now_ns();
		for (k = 0; k < inner; k++) {
			kprof_cpuid_snapshot s;
			(void)kprof_dump_snapshot_get(text, len, 0, &s, NULL);
			bench_sink += s.present;
		}
		t_snap[rep] = (double)(bench_now_ns() - t0) / inner / 1e6;
	}
	bench_begin("dump_read");
	bench_figure("iter_ms", "every record of the largest dump, kprof_dump_iter", "ms/read",
	             bench_summarise(t_iter, bench_reps));
	bench_figure("iter_mb_s", "the same as a rate", "MB/s", bench_summarise(mbs, bench_reps));
	bench_figure("snapshot_ms", "kprof_dump_snapshot_get of CPU 0 (reads it all)", "ms/read",
	             bench_summarise(t_snap, bench_reps));
	bench_count("bytes", "size of that dump", "bytes", (double)len);
	bench_count("records", "leaf records in it", "records", (double)records);
	bench_info_begin();
	{
		const char *slash = strrchr(best, '/');
		bench_info("file", slash ? slash + 1 : best);
	}
	bench_end();
	free(text);
	return 0;
}
