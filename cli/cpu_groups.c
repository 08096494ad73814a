/* kprof command, every logical CPU of a dump: the groups of CPUs that report the same
 * profiling facts (kprof_cpu_groups) as `kprof info` prints them, and the processor `kprof
 * info` describes (this CPU, every online CPU, or a dump). */
#include "cpu_groups.h"
#include "live.h"
#include "machine.h"

#include <stdlib.h>
#include <string.h>

/* Each group's CPUs as a list through cpu_next, in CPU order. 0, or -1 without memory (g is
 * freed then). */
static int link_groups(kprof_cli_groups *g)
{
	uint32_t n = g->gs.cpus, c,
	         *tail = (uint32_t *)malloc((g->gs.count ? g->gs.count : 1) * sizeof *tail);
	g->cpu_next = (uint32_t *)malloc((n ? n : 1) * sizeof *g->cpu_next);
	if (!tail || !g->cpu_next) {
		free(tail);
		kprof_cli_groups_free(g);
		return -1;
	}
	for (c = 0; c < g->gs.count; c++)
		tail[c] = KPROF_CLI_NO_CPU;
	for (c = 0; c < n; c++) {
		uint32_t k = g->cpu_group[c];
		g->cpu_next[c] = KPROF_CLI_NO_CPU;
		if (tail[k] != KPROF_CLI_NO_CPU)
			g->cpu_next[tail[k]] = c;
		tail[k] = c;
	}
	free(tail);
	return 0;
}

/* The groups start with room for 64 and double when a text needs more (the library goes on
 * where it stopped: kprof_cpu_groups_array_set and g->resume), up to one per CPU. */
int kprof_cli_groups_from_dump(const kprof_cli_dump *d, kprof_cli_groups *out)
{
	uint32_t cpus = 0;
	size_t i;
	memset(out, 0, sizeof *out);
	for (i = 0; i < d->count; i++) {
		kprof_dump_error err;
		kprof_cpuid_snapshot s;
		(void)kprof_dump_snapshot_get(d->text[i], d->len[i], 0, &s, &err);
		cpus += err.cpus;
	}
	out->cap = cpus < 64 ? (cpus ? cpus : 1) : 64;
	out->group = (kprof_cpu_group *)calloc(out->cap, sizeof *out->group);
	out->cpu_group = (uint32_t *)calloc(cpus ? cpus : 1, sizeof *out->cpu_group);
	out->cpu_id = (uint32_t *)calloc(cpus ? cpus : 1, sizeof *out->cpu_id);
	if (!out->group || !out->cpu_group || !out->cpu_id) {
		kprof_cli_groups_free(out);
		return kprof_cli_error("%s: out of memory", kprof_cli_file_label(d->path));
	}
	kprof_cpu_groups_init(&out->gs, out->group, out->cap, out->cpu_group, cpus);
	for (i = 0; i < d->count; i++) {
		kprof_dump_error err;
		kprof_status st;
		while ((st = kprof_cpu_dump_add(&out->gs, d->text[i], d->len[i], &err)) ==
		       KPROF_E_BUFFER_TOO_SMALL) {
			uint32_t cap = out->cap > cpus / 2 ? cpus : out->cap * 2;
			kprof_cpu_group *p =
			        cap > out->cap ? (kprof_cpu_group *)realloc(out->group,
			                                                    (size_t)cap * sizeof *p)
			                       : NULL;
			if (!p) {
				kprof_cli_groups_free(out);
				return kprof_cli_error("%s: out of memory",
				                       kprof_cli_file_label(d->path));
			}
			out->group = p;
			out->cap = cap;
			kprof_cpu_groups_array_set(&out->gs, p, cap);
		}
		if (st != KPROF_OK) {
			kprof_cli_groups_free(out);
			return kprof_cli_dump_refused(d, i, st, &err);
		}
	}
	{
		/* Every CPU by its number, one scheme for the dump (kprof_cli_dump_cpu_ids): what
		 * --cpu takes. */
		uint32_t *ids, n, k;
		int rc = kprof_cli_dump_cpu_ids(d, &ids, &n);
		if (rc) {
			kprof_cli_groups_free(out);
			return rc;
		}
		for (k = 0; k < out->gs.cpus && k < cpus; k++)
			out->cpu_id[k] = k < n ? ids[k] : k;
		for (k = 0; k < out->gs.count; k++)
			if (out->group[k].first_cpu < n)
				out->group[k].first_cpu_id = ids[out->group[k].first_cpu];
		free(ids);
	}
	return link_groups(out)
	               ? kprof_cli_error("%s: out of memory", kprof_cli_file_label(d->path))
	               : 0;
}

void kprof_cli_groups_free(kprof_cli_groups *g)
{
	free(g->group);
	free(g->cpu_group);
	free(g->cpu_id);
	free(g->cpu_next);
	memset(g, 0, sizeof *g);
}

/* ------------------------------------------------------------------ printing */
/* The CPUs of group k as "0-15,20", by their numbers: its list, runs of consecutive CPUs
 * with consecutive numbers as ranges. */
static void cpu_list(const kprof_cli_groups *g, uint32_t k, int json)
{
	uint32_t c, first = 1;
	kprof_cli_puts(json ? "[" : "");
	for (c = g->group[k].first_cpu; c != KPROF_CLI_NO_CPU; c = g->cpu_next[c]) {
		uint32_t e = c;
		if (!json)
			while (g->cpu_next[e] == e + 1 && g->cpu_id[e + 1] == g->cpu_id[e] + 1)
				e++;
		kprof_cli_printf("%s%lu",
		                 first  ? ""
		                 : json ? ", "
		                        : ",",
		                 (unsigned long)g->cpu_id[c]);
		if (e > c)
			kprof_cli_printf("-%lu", (unsigned long)g->cpu_id[e]);
		first = 0;
		c = e;
	}
	kprof_cli_puts(json ? "]" : "");
}

static void fact_names(uint64_t mask, int json)
{
	unsigned f, first = 1;
	if (json)
		kprof_cli_puts("[");
	for (f = 0; f < KPROF_CPU_FACT_COUNT; f++) {
		if (!(mask >> f & 1u))
			continue;
		if (json) {
			kprof_cli_puts(first ? "" : ", ");
			kprof_cli_json_string(kprof_cpu_fact_name((int)f));
		} else {
			kprof_cli_printf("%s%s", first ? "" : " ", kprof_cpu_fact_name((int)f));
		}
		first = 0;
	}
	if (json)
		kprof_cli_puts("]");
}

/* The sources of the boot interface whose support differs on a group. */
static void differing_sources(const kprof_hal_decision *boot, const kprof_hal_decision *here,
                              int json)
{
	size_t n = 0, i;
	const kprof_source *rows = kprof_source_rows_by_table(boot->table, &n);
	unsigned first = 1;
	if (json)
		kprof_cli_puts("[");
	for (i = 0; rows && i < n; i++) {
		int a = kprof_cli_supported(boot, &rows[i]),
		    b = kprof_cli_supported(here, &rows[i]);
		if (a == b)
			continue;
		if (json) {
			kprof_cli_printf("%s{\"name\": ", first ? "" : ", ");
			kprof_cli_json_string(kprof_source_name_get(&rows[i]));
			kprof_cli_printf(", \"boot\": %s, \"here\": %s}", a ? "true" : "false",
			                 b ? "true" : "false");
		} else {
			kprof_cli_printf("%s%s (%s here)", first ? "" : ", ",
			                 kprof_source_name_get(&rows[i]),
			                 b ? "supported" : "unsupported");
		}
		first = 0;
	}
	if (json)
		kprof_cli_puts("]");
	else if (first)
		kprof_cli_puts("none");
}

void kprof_cli_groups_print(const kprof_cli_groups *g, kprof_hal_build hal, int json)
{
	kprof_hal_decision boot;
	uint32_t k;
	if (!g || !g->gs.count) {
		if (json)
			kprof_cli_puts(",\n  \"cpu_groups\": null");
		return;
	}
	kprof_cli_decide(&g->group[0].snap, hal, &boot);
	if (json)
		kprof_cli_puts(",\n  \"cpu_groups\": [");
	else
		kprof_cli_printf(
		        "\ncpu groups  %lu logical CPU%s in %lu group%s by the profiling facts "
		        "they report; the HAL decides once, from the boot processor (group 0)\n",
		        (unsigned long)g->gs.cpus, g->gs.cpus == 1 ? "" : "s",
		        (unsigned long)g->gs.count, g->gs.count == 1 ? "" : "s");
	for (k = 0; k < g->gs.count; k++) {
		kprof_cpu_effect e;
		kprof_cpu_group_compare(&g->group[0], &g->group[k], KPROF_CLI_BUILD(hal), KPROF_CLI_WINDOWS(hal), &e);
		if (json) {
			kprof_cli_printf("%s\n    {\"cpus\": ", k ? "," : "");
			cpu_list(g, k, 1);
			kprof_cli_puts(", \"facts_differ\": ");
			fact_names(e.facts_differ, 1);
			kprof_cli_printf(
			        ",\n     \"own_interface\": \"%s\", \"interface\": \"%s\", "
			        "\"counters\": %u, \"counter_width\": %u, \"fixed_counters\": %u, "
			        "\"fixed_width\": %u,\n     \"sources_differ\": ",
			        kprof_cli_interface_name(e.own_table),
			        kprof_cli_interface_name(boot.table),
			        e.here.counters, e.here.counter_width, e.here.fixed_counters,
			        e.here.fixed_width);
			differing_sources(&boot, &e.here, 1);
			kprof_cli_puts("}");
			continue;
		}
		kprof_cli_printf("  group %lu: %lu CPU%s: ", (unsigned long)k,
		                 (unsigned long)g->group[k].cpus, g->group[k].cpus == 1 ? "" : "s");
		cpu_list(g, k, 0);
		if (k == 0) {
			kprof_cli_printf(
			        "\n    boot processor: %s, %u counters %u bits wide, %u fixed\n",
			        kprof_cli_interface_name(boot.table),
			        boot.counters, boot.counter_width, boot.fixed_counters);
			continue;
		}
		kprof_cli_puts("\n    differs in: ");
		fact_names(e.facts_differ, 0);
		kprof_cli_printf(
		        "\n    alone it would get %s; the boot decision (%s) here: %u counters "
		        "%u bits wide, %u fixed%s\n    sources whose support differs: ",
		        kprof_cli_interface_name(e.own_table),
		        kprof_cli_interface_name(boot.table), e.here.counters,
		        e.here.counter_width, e.here.fixed_counters,
		        e.counters_differ ? " (not as on the boot processor)" : "");
		differing_sources(&boot, &e.here, 0);
		kprof_cli_puts("\n");
	}
	if (json)
		kprof_cli_puts("\n  ]");
}

/* Where block `block` of d is: its file, its number, and how many blocks d has. */
static void block_about(const kprof_cli_dump *d, uint32_t block, kprof_cli_input *in)
{
	uint32_t *ids, n;
	kprof_cli_dump_block_file(d, block, in->block_file, sizeof in->block_file);
	if (kprof_cli_dump_cpu_ids(d, &ids, &n) != 0)
		return;
	in->blocks = n;
	if (block < n)
		in->cpu_id = ids[block];
	free(ids);
}

int kprof_cli_info_source(const char *file, int all, uint32_t cpu, kprof_cpuid_snapshot *snap,
                          kprof_cli_groups *groups, kprof_cli_input *in)
{
	kprof_cli_dump dump;
	kprof_cli_text t;
	uint32_t block = 0;
	int rc;
	memset(groups, 0, sizeof *groups);
	memset(in, 0, sizeof *in);
	in->file = file;
	in->all = all;
	in->cpu_id = KPROF_DUMP_NO_CPU_ID;
	if (!file && !all) {
		/* This CPU alone is one group, as it is in its own `cpuid-dump`; the thread is
		 * pinned first, so the snapshot and the block are the same CPU's. */
		if ((rc = kprof_cli_live_cpuid_this_text(&t, &in->cpu_id)) != 0)
			return rc;
		if (kprof_cpuid_snapshot_read(snap) != KPROF_OK) {
			free(t.data);
			kprof_cli_error(
			        "info: no cpuid on this build or processor; use --cpuid-file");
			return KPROF_CLI_EXIT_FAILURE;
		}
		if ((rc = kprof_cli_dump_from_text(t.data, t.len, "cpuid-dump", &dump)) != 0)
			return rc;
	} else if (file) {
		if ((rc = kprof_cli_dump_load(file, &dump)) != 0)
			return rc;
	} else {
		if ((rc = kprof_cli_live_cpuid_all_text(&t)) != 0 ||
		    (rc = kprof_cli_dump_from_text(t.data, t.len, "cpuid-dump --all", &dump)) != 0)
			return rc;
	}
	/* --cpu N is the CPU numbered N, as the groups print it; without it the first block. */
	rc = (file || all) && cpu != KPROF_CLI_NO_CPU ? kprof_cli_dump_cpu_block(&dump, cpu, &block) : 0;
	if (!rc && (file || all))
		rc = kprof_cli_dump_snapshot(&dump, block, snap);
	in->cpu = block;
	if (!rc)
		block_about(&dump, block, in);
	if (!rc)
		rc = kprof_cli_groups_from_dump(&dump, groups);
	kprof_cli_dump_free(&dump);
	return rc;
}
