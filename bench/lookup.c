/* Lookups: name -> select and (interface, value) -> select with kprof's perfect hash and O(1)
 * index, vs a `gperf --ignore-case` perfect hash of the same spellings (gperf_names.h, made
 * by bench/gperf_names.py), vs a linear scan of kprof_source_rows_by_table(), vs libpfm4 resolving
 * the equivalent event string ("amd64_k8_revf::RETIRED_INSTRUCTIONS") to its encoding.
 *
 *   lookup --itf=N --pmu=NAME [--all] [--smoke]
 *
 * libpfm4 activates one forced PMU per process (LIBPFM_FORCE_PMU; re-initialising after
 * pfm_terminate crashes 4.13), so run.py runs this once per (table, PMU). The libpfm4 string
 * for a source is found by walking that PMU's events for the source's event code and unit
 * mask, and kept only when libpfm4 encodes it to the same event|umask<<8: both sides then
 * answer the same questions. */
#include "bench.h"
/* One translation unit: the program holds kprof's implementation, static. */
#define KPROF_IMPLEMENTATION
#define KPROF_STATIC
#include "kprof.h"
#include <perfmon/pfmlib.h>

#include "gperf_names.h"

/* The gperf peer: the same answer as kprof_source_by_name. */
static const kprof_source *gperf_by_name(kprof_source_table itf, const char *name, size_t len)
{
	const struct gperf_name *g = gperf_lookup((int)itf, name, len);
	return g ? kprof_source_rows_by_table(itf, NULL) + g->row : NULL;
}

#define MAX_Q 256

typedef struct query {
	const kprof_source *src;
	char name[96];     /* kprof spelling: "ProfileLLCMisses" */
	size_t name_len;
	char pfm[160];     /* libpfm4 spelling: "ix86arch::LLC_MISSES" */
} query;

static query qs[MAX_Q];
static int nq;

static int pfm_encode(const char *s, uint64_t *code)
{
	pfm_pmu_encode_arg_t e;
	uint64_t codes[4];
	memset(&e, 0, sizeof e);
	e.codes = codes;
	e.count = 4;
	if (pfm_get_os_event_encoding(s, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE, &e) != PFM_SUCCESS)
		return -1;
	*code = codes[0];
	return 0;
}

/* Attribute a of event idx into *ai: 1 when it is a unit mask. */
static int pfm_umask(int idx, int a, pfm_event_attr_info_t *ai)
{
	memset(ai, 0, sizeof *ai);
	ai->size = sizeof *ai;
	return pfm_get_event_attr_info(idx, a, PFM_OS_NONE, ai) == PFM_SUCCESS && ai->type == PFM_ATTR_UMASK;
}

/* Find a libpfm4 event string for select's event code and unit mask on pmu. */
static int pfm_string_for(const pfm_pmu_info_t *pinfo, uint32_t select, char *out, size_t cap)
{
	unsigned want_ev = select & 0xFF, want_um = (select >> 8) & 0xFF;
	int idx;
	for (idx = pinfo->first_event; idx != -1; idx = pfm_get_event_next(idx)) {
		pfm_event_info_t ei;
		int a, n;
		uint64_t code;
		memset(&ei, 0, sizeof ei);
		ei.size = sizeof ei;
		if (pfm_get_event_info(idx, PFM_OS_NONE, &ei) != PFM_SUCCESS)
			continue;
		if ((ei.code & 0xFF) != want_ev)
			continue;
		n = snprintf(out, cap, "%s::%s", pinfo->name, ei.name);
		/* Add every unit mask whose bits lie inside the wanted one, unless one equals it. */
		for (a = 0; a < ei.nattrs; a++) {
			pfm_event_attr_info_t ai;
			if (pfm_umask(idx, a, &ai) && ai.code == want_um) {
				n = snprintf(out, cap, "%s::%s:%s", pinfo->name, ei.name, ai.name);
				break;
			}
		}
		if (a == ei.nattrs) {
			for (a = 0; a < ei.nattrs; a++) {
				pfm_event_attr_info_t ai;
				if (pfm_umask(idx, a, &ai) && ai.code && (ai.code & ~(uint64_t)want_um) == 0 &&
				    (size_t)n + strlen(ai.name) + 2 < cap)
					n += snprintf(out + n, cap - (size_t)n, ":%s", ai.name);
			}
		}
		if (pfm_encode(out, &code) == 0 && (code & 0xFFFF) == (select & 0xFFFF))
			return 0;
	}
	return -1;
}

/* What a user writes without kprof's index: compare every row's name, ignoring case. */
static const kprof_source *scan_by_name(kprof_source_table itf, const char *name, size_t len)
{
	size_t n, i, j;
	const kprof_source *rows = kprof_source_rows_by_table(itf, &n);
	for (i = 0; i < n; i++) {
		const char *s = kprof_source_name_get(&rows[i]);
		for (j = 0; j < len && s[j] && ((s[j] | 0x20) == (name[j] | 0x20)); j++)
			;
		if (j == len && !s[j])
			return &rows[i];
	}
	return NULL;
}

static const kprof_source *scan_by_value(kprof_source_table itf, uint32_t value)
{
	size_t n, i;
	const kprof_source *rows = kprof_source_rows_by_table(itf, &n);
	for (i = 0; i < n; i++)
		if (rows[i].value == value)
			return &rows[i];
	return NULL;
}

typedef struct all_row {
	kprof_source_table itf;
	const char *name;
	size_t len;
	uint32_t value;
} all_row;
static all_row all[512];
static int nall;

/* ns per lookup: `count` lookups `iters` times; a repetition is the best of 10 such chunks
 * (each well inside a scheduler quantum, so the best is one no other tenant interrupted). */
#define TIME_LOOP(stat, iters, count, body)                                                      \
	do {                                                                                       \
		double v_[BENCH_MAX_REPS];                                                         \
		int r_, c_;                                                                        \
		for (r_ = 0; r_ < bench_reps; r_++) {                                              \
			double best_ = 1e30;                                                       \
			for (c_ = 0; c_ < 10; c_++) {                                              \
				uint64_t t0_ = bench_now_ns(), acc = 0;                            \
				long it_;                                                          \
				int i;                                                             \
				double dt_;                                                        \
				for (it_ = 0; it_ < (iters); it_++)                                \
					for (i = 0; i < (count); i++) {                            \
						body;                                              \
					}                                                          \
				bench_sink += acc;                                                 \
				dt_ = (double)(bench_now_ns() - t0_) / ((double)(iters) * (count)); \
				if (dt_ < best_)                                                   \
					best_ = dt_;                                               \
			}                                                                          \
			v_[r_] = best_;                                                            \
		}                                                                                  \
		stat = bench_summarise(v_, bench_reps);                                            \
	} while (0)

int main(int argc, char **argv)
{
	int itf = -1, do_all = 0, i, r, missing = 0;
	const char *pmu = NULL;
	pfm_pmu_info_t pinfo;
	pfm_pmu_t p;
	size_t n;
	const kprof_source *rows;
	bench_stat st_kprof, st_gperf, st_scan, st_pfm;
	long iters;
	char buf[64];

	bench_args(argc, argv);
	for (i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "--itf=", 6))
			itf = atoi(argv[i] + 6);
		else if (!strncmp(argv[i], "--pmu=", 6))
			pmu = argv[i] + 6;
		else if (!strcmp(argv[i], "--all"))
			do_all = 1;
	}
	if (itf < 0 || itf >= (int)KPROF_SOURCE_TABLE_COUNT || !pmu) {
		fprintf(stderr, "usage: lookup --itf=N --pmu=NAME [--all] [--smoke]\n");
		return 2;
	}
	setenv("LIBPFM_FORCE_PMU", pmu, 1);
	if ((r = pfm_initialize()) != PFM_SUCCESS) {
		fprintf(stderr, "lookup: pfm_initialize: %s\n", pfm_strerror(r));
		return 1;
	}
	memset(&pinfo, 0, sizeof pinfo);
	pfm_for_all_pmus(p) {
		memset(&pinfo, 0, sizeof pinfo);
		pinfo.size = sizeof pinfo;
		if (pfm_get_pmu_info(p, &pinfo) == PFM_SUCCESS && pinfo.is_present && !strcmp(pinfo.name, pmu))
			break;
		pinfo.name = NULL;
	}
	if (!pinfo.name) {
		fprintf(stderr, "lookup: libpfm4 PMU %s not active\n", pmu);
		return 1;
	}

	rows = kprof_source_rows_by_table((kprof_source_table)itf, &n);
	for (i = 0; i < (int)n && nq < MAX_Q; i++) {
		query *q = &qs[nq];
		if (!rows[i].select || pfm_string_for(&pinfo, rows[i].select, q->pfm, sizeof q->pfm)) {
			missing++;
			continue;
		}
		q->src = &rows[i];
		snprintf(q->name, sizeof q->name, "%s", kprof_source_name_get(&rows[i]));
		q->name_len = strlen(q->name);
		nq++;
	}
	if (nq == 0) {
		fprintf(stderr, "lookup: no source of table %d has a libpfm4 equivalent on %s\n", itf, pmu);
		return 1;
	}
	/* Every answer checked once, outside the timing. */
	for (i = 0; i < nq; i++) {
		uint64_t code;
		const kprof_source *s = kprof_source_by_name((kprof_source_table)itf, qs[i].name, qs[i].name_len);
		if (!s || s->select != qs[i].src->select ||
		    scan_by_name((kprof_source_table)itf, qs[i].name, qs[i].name_len) != s ||
		    gperf_by_name((kprof_source_table)itf, qs[i].name, qs[i].name_len) != s ||
		    pfm_encode(qs[i].pfm, &code) || (code & 0xFFFF) != (s->select & 0xFFFF)) {
			fprintf(stderr, "lookup: wrong answer for %s / %s\n", qs[i].name, qs[i].pfm);
			return 1;
		}
	}

	bench_begin("lookup");
	iters = bench_smoke ? 2 : 4000 / nq + 1;
	TIME_LOOP(st_kprof, iters * 2, nq, {
		const kprof_source *s = kprof_source_by_name((kprof_source_table)itf, qs[i].name, qs[i].name_len);
		acc += s->select;
	});
	TIME_LOOP(st_gperf, iters * 2, nq, {
		const kprof_source *s = gperf_by_name((kprof_source_table)itf, qs[i].name, qs[i].name_len);
		acc += s->select;
	});
	TIME_LOOP(st_scan, iters, nq, {
		const kprof_source *s = scan_by_name((kprof_source_table)itf, qs[i].name, qs[i].name_len);
		acc += s->select;
	});
	TIME_LOOP(st_pfm, iters / 4 + 1, nq, {
		uint64_t code = 0;
		pfm_encode(qs[i].pfm, &code);
		acc += code;
	});
	bench_figure("kprof_by_name", "name -> select, kprof perfect hash", "ns/lookup", st_kprof);
	bench_figure("gperf_by_name", "name -> select, gperf --ignore-case", "ns/lookup", st_gperf);
	bench_figure("scan_by_name", "name -> select, linear scan", "ns/lookup", st_scan);
	bench_figure("libpfm4", "event string -> encoding, libpfm4", "ns/lookup", st_pfm);

	if (do_all) {
		/* Every name and every (interface, value) of every table. */
		int t;
		for (t = 0; t < (int)KPROF_SOURCE_TABLE_COUNT; t++) {
			const kprof_source *tr = kprof_source_rows_by_table((kprof_source_table)t, &n);
			for (i = 0; i < (int)n && nall < 512; i++) {
				all[nall].itf = (kprof_source_table)t;
				all[nall].name = kprof_source_name_get(&tr[i]);
				all[nall].len = strlen(all[nall].name);
				all[nall].value = tr[i].value;
				nall++;
			}
		}
		iters = bench_smoke ? 2 : 40000 / nall + 1;
		TIME_LOOP(st_kprof, iters, nall, {
			acc += kprof_source_by_name(all[i].itf, all[i].name, all[i].len)->select;
		});
		bench_figure("all_kprof_by_name", "every name, kprof perfect hash", "ns/lookup", st_kprof);
		for (i = 0; i < nall; i++)
			if (gperf_by_name(all[i].itf, all[i].name, all[i].len) !=
			    kprof_source_by_name(all[i].itf, all[i].name, all[i].len)) {
				fprintf(stderr, "lookup: gperf and kprof disagree on %s\n", all[i].name);
				return 1;
			}
		TIME_LOOP(st_gperf, iters, nall, {
			acc += gperf_by_name(all[i].itf, all[i].name, all[i].len)->select;
		});
		bench_figure("all_gperf_by_name", "every name, gperf --ignore-case", "ns/lookup", st_gperf);
		TIME_LOOP(st_scan, iters / 10 + 1, nall, {
			acc += scan_by_name(all[i].itf, all[i].name, all[i].len)->select;
		});
		bench_figure("all_scan_by_name", "every name, linear scan", "ns/lookup", st_scan);
		TIME_LOOP(st_kprof, iters * 10, nall, {
			acc += kprof_source_by_value(all[i].itf, all[i].value)->select;
		});
		bench_figure("all_kprof_by_value", "every (interface, value) -> select, kprof index", "ns/lookup", st_kprof);
		TIME_LOOP(st_scan, iters, nall, {
			acc += scan_by_value(all[i].itf, all[i].value)->select;
		});
		bench_figure("all_scan_by_value", "every (interface, value) -> select, linear scan", "ns/lookup", st_scan);
	}
	bench_info_begin();
	bench_info("mode", "KPROF_IMPLEMENTATION + KPROF_STATIC in the program's one unit");
	bench_info("pmu", pmu);
	snprintf(buf, sizeof buf, "%d", itf);
	bench_info("interface", buf);
	snprintf(buf, sizeof buf, "%d", nq);
	bench_info("queries", buf);
	snprintf(buf, sizeof buf, "%d", missing);
	bench_info("without_libpfm4_equivalent", buf);
	bench_info("example", qs[0].pfm);
	if (do_all) {
		snprintf(buf, sizeof buf, "%d", nall);
		bench_info("all_names", buf);
	}
	bench_end();
	return 0;
}
