/* fuzz_dump.h - the body the dump harnesses share (fuzz_dump_aida64.c, fuzz_dump_cpuid_r.c,
 * fuzz_dump_hwloc.c differ in their seeds: the reader detects the format itself). Input: one
 * byte picks the CPU block to snapshot, the rest is the text, UTF-16 with a byte-order mark
 * converted as the command does (kf_command_text). Invariants:
 *  - kprof_dump_iter_next: records come in text order (line strictly rising, cpu ordinal rising by
 *    at most one), never more records than lines, an error is sticky and names a line that
 *    exists; END is sticky too;
 *  - every record written back as `cpuid -r` (kprof_dump_record_format into exactly-sized heap
 *    buffers, so an overrun is an ASan report) re-reads as the same leaves, block by block;
 *  - kprof_dump_snapshot_get agrees with the records: on success it holds exactly the kept
 *    leaves of that block, on failure it is empty and err says the same status;
 *  - kprof_cpu_dump_add, started with room for one group and grown one at a time
 *    (kprof_cpu_groups_array_set, resume), groups the blocks as comparing each block's facts with
 *    every group does, within its comparison bound, each group's snapshot its first block's. */
#include "fuzz_common.h"

#define KF_MAX_RECORDS 4096

typedef struct kf_rec {
	uint32_t cpu, leaf, subleaf, r[4];
} kf_rec;

/* Lines as the reader documents them: ending at LF, CR LF or a lone CR. */
static size_t kf_lines(const uint8_t *t, size_t n)
{
	size_t i = 0, lines = 0;
	while (i < n) {
		while (i < n && t[i] != '\n' && t[i] != '\r')
			i++;
		if (i < n && t[i] == '\r')
			i++;
		if (i < n && t[i] == '\n')
			i++;
		lines++;
	}
	return lines;
}

/* Read every record; returns the final status, fills recs (up to KF_MAX_RECORDS). */
static kprof_status kf_read_all(const char *text, size_t len, kf_rec *recs, size_t *nrec,
                                uint32_t *cpus)
{
	kprof_dump_iter c;
	kprof_dump_record r;
	kprof_status st;
	size_t n = 0, lines = kf_lines((const uint8_t *)text, len);
	uint32_t last_line = 0;
	int64_t last_cpu = -1;
	KF_CHECK(kprof_dump_iter_init(&c, text, len) == KPROF_OK);
	while ((st = kprof_dump_iter_next(&c, &r)) == KPROF_OK) {
		KF_CHECK(r.line > last_line && r.line <= lines);
		KF_CHECK((int64_t)r.cpu == last_cpu || (int64_t)r.cpu == last_cpu + 1);
		KF_CHECK((r.flags & ~(KPROF_DUMP_SUBLEAF_TAGGED | KPROF_DUMP_SUBLEAF_IMPLICIT)) == 0);
		last_line = r.line;
		last_cpu = r.cpu;
		KF_CHECK(n < lines);
		if (n < KF_MAX_RECORDS) {
			recs[n].cpu = r.cpu;
			recs[n].leaf = r.leaf;
			recs[n].subleaf = r.subleaf;
			recs[n].r[0] = r.eax;
			recs[n].r[1] = r.ebx;
			recs[n].r[2] = r.ecx;
			recs[n].r[3] = r.edx;
		}
		n++;
	}
	KF_CHECK(kf_is_status(st));
	KF_CHECK(st == KPROF_END || st < 0);
	if (st < 0)
		KF_CHECK(c.line <= lines); /* 0: no line to blame (no leaf line at all) */
	/* sticky */
	KF_CHECK(kprof_dump_iter_next(&c, &r) == st);
	*nrec = n;
	*cpus = (uint32_t)(last_cpu + 1);
	return st;
}

#define KF_MAX_GROUP_CPUS 512

/* The groups of a text that read (st END, n records in recs, cpus blocks) against the
 * reference: each block's facts compared with every group's, in order. */
static void kf_groups_check(const char *text, size_t len, const kf_rec *recs, size_t n, uint32_t cpus)
{
	kprof_cpu_facts *f = (kprof_cpu_facts *)malloc(sizeof(*f) * cpus);
	kprof_cpu_group *g = (kprof_cpu_group *)malloc(sizeof(*g));
	uint32_t *ref = (uint32_t *)malloc(sizeof(uint32_t) * cpus), *first = (uint32_t *)malloc(sizeof(uint32_t) * cpus);
	uint32_t *of = (uint32_t *)malloc(sizeof(uint32_t) * cpus), c, k, groups = 0, cap = 1, bits = 0;
	kprof_cpu_groups gs;
	kprof_status st;
	size_t i;
	if (!f || !g || !ref || !first || !of)
		abort();
	for (c = 0; c < cpus; c++)
		kprof_cpu_facts_init(&f[c]);
	for (i = 0; i < n; i++)
		kprof_cpu_facts_add(&f[recs[i].cpu], recs[i].leaf, recs[i].subleaf, recs[i].r);
	for (c = 0; c < cpus; c++) {
		kc_facts_trusted(&f[c]);
		for (k = 0; k < groups && kprof_cpu_facts_compare(&f[first[k]], &f[c]) != 0; k++)
			;
		if (k == groups)
			first[groups++] = c;
		ref[c] = k;
	}
	KF_CHECK(kprof_cpu_groups_init(&gs, g, cap, of, cpus) == KPROF_OK);
	while ((st = kprof_cpu_dump_add(&gs, text, len, NULL)) == KPROF_E_BUFFER_TOO_SMALL) {
		KF_CHECK(gs.count == cap && gs.resume == gs.cpus && cap < groups);
		kprof_cpu_group *more = (kprof_cpu_group *)realloc(g, sizeof(*g) * (cap + 1));
		if (!more)
			abort();
		g = more;
		KF_CHECK(kprof_cpu_groups_array_set(&gs, g, ++cap) == KPROF_OK);
	}
	KF_CHECK(st == KPROF_OK && gs.count == groups && gs.cpus == cpus && gs.resume == 0);
	for (c = 0; c < cpus; c++)
		KF_CHECK(of[c] == ref[c]);
	for (k = 0; k < groups; k++) {
		kprof_cpuid_snapshot model;
		KF_CHECK(g[k].first_cpu == first[k]);
		kprof_cpuid_snapshot_init(&model);
		for (i = 0; i < n; i++)
			if (recs[i].cpu == first[k])
				(void)kprof_cpuid_snapshot_set(&model, recs[i].leaf, recs[i].subleaf, recs[i].r[0],
				                               recs[i].r[1], recs[i].r[2], recs[i].r[3]);
		KF_CHECK(memcmp(&model, &g[k].snap, sizeof model) == 0);
	}
	for (c = groups + 2; c; c >>= 1)
		bits++;
	KF_CHECK(gs.compares <= (uint64_t)cpus * (14405u * bits / 10000u));
	free(f);
	free(g);
	free(ref);
	free(first);
	free(of);
}

static void kf_dump_body(const uint8_t *data, size_t size)
{
	kf_cursor cur = kf_init(data, size);
	uint8_t pick = kf_u8(&cur);
	size_t len, n = 0, n2 = 0, i, out_len = 0, cap;
	uint8_t *text = kf_command_text(kf_rest_copy(&cur, &len), &len);
	kf_rec *recs, *recs2;
	char *out;
	uint32_t cpus = 0, cpus2 = 0, want_cpu;
	kprof_status st, st2;
	kprof_cpuid_snapshot snap, model;
	kprof_dump_error err;

	if (!text)
		return; /* odd-length UTF-16: the command refuses it before reading */
	recs = (kf_rec *)malloc(sizeof(kf_rec) * KF_MAX_RECORDS);
	recs2 = (kf_rec *)malloc(sizeof(kf_rec) * KF_MAX_RECORDS);
	if (!recs || !recs2)
		abort();
	st = kf_read_all((const char *)text, len, recs, &n, &cpus);

	/* the snapshot of one block agrees with the records */
	want_cpu = cpus ? pick % (cpus + 1) : pick % 2; /* sometimes a block that is not there */
	memset(&snap, 0xCC, sizeof snap);
	memset(&err, 0xCC, sizeof err);
	st2 = kprof_dump_snapshot_get((const char *)text, len, want_cpu, &snap, &err);
	KF_CHECK(err.status == st2);
	if (st != KPROF_END) {
		KF_CHECK(st2 == st && snap.present == 0);
	} else if (want_cpu >= cpus) {
		KF_CHECK(st2 == KPROF_E_NOT_FOUND && snap.present == 0);
	} else {
		KF_CHECK(st2 == KPROF_OK);
		KF_CHECK(err.cpus == cpus && err.records == n);
		kprof_cpuid_snapshot_init(&model);
		for (i = 0; i < n && i < KF_MAX_RECORDS; i++)
			if (recs[i].cpu == want_cpu)
				(void)kprof_cpuid_snapshot_set(&model, recs[i].leaf, recs[i].subleaf,
				                               recs[i].r[0], recs[i].r[1], recs[i].r[2],
				                               recs[i].r[3]);
		if (n <= KF_MAX_RECORDS)
			KF_CHECK(memcmp(&model, &snap, sizeof snap) == 0);
	}

	if (st == KPROF_END && n <= KF_MAX_RECORDS && cpus <= KF_MAX_GROUP_CPUS)
		kf_groups_check((const char *)text, len, recs, n, cpus);

	/* write back as cpuid -r and read again */
	if (st == KPROF_END && n <= KF_MAX_RECORDS) {
		cap = 16 + n * 128 + (size_t)cpus * 24;
		out = (char *)malloc(cap);
		if (!out)
			abort();
		for (i = 0; i < n; i++) {
			kprof_dump_record r;
			size_t w = 0, exact;
			char *tight;
			if (i == 0 || recs[i].cpu != recs[i - 1].cpu) {
				KF_CHECK(kprof_dump_header_format(recs[i].cpu, out + out_len,
				                                     cap - out_len, &w) == KPROF_OK);
				out_len += w;
			}
			memset(&r, 0, sizeof r);
			r.cpu = recs[i].cpu;
			r.leaf = recs[i].leaf;
			r.subleaf = recs[i].subleaf;
			r.eax = recs[i].r[0];
			r.ebx = recs[i].r[1];
			r.ecx = recs[i].r[2];
			r.edx = recs[i].r[3];
			KF_CHECK(kprof_dump_record_format(&r, out + out_len, cap - out_len, &w) == KPROF_OK);
			KF_CHECK(w > 0 && w < cap - out_len && out[out_len + w] == '\0');
			/* exactly w+1 bytes fit; w bytes do not, and nothing is written past them */
			exact = w + 1;
			tight = (char *)malloc(exact);
			if (!tight)
				abort();
			KF_CHECK(kprof_dump_record_format(&r, tight, exact, NULL) == KPROF_OK);
			KF_CHECK(memcmp(tight, out + out_len, exact) == 0);
			KF_CHECK(kprof_dump_record_format(&r, tight, w, NULL) == KPROF_E_BUFFER_TOO_SMALL);
			free(tight);
			out_len += w;
		}
		st2 = kf_read_all(out, out_len, recs2, &n2, &cpus2);
		if (n == 0) {
			KF_CHECK(st2 == KPROF_E_FORMAT); /* nothing written: no leaf line */
		} else {
			KF_CHECK(st2 == KPROF_END);
			KF_CHECK(n2 == n && cpus2 == cpus);
			for (i = 0; i < n; i++)
				KF_CHECK(memcmp(&recs[i], &recs2[i], sizeof recs[i]) == 0);
		}
		free(out);
	}
	free(text);
	free(recs);
	free(recs2);
}
