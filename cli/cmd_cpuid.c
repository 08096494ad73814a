/* kprof cpuid-dump: this processor's leaves in the format of `cpuid -r` (cli/live.c), or any
 * dump kprof reads converted to that format; or either as JSON. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* The blocks of d as `cpuid -r` text: each block "CPU n:" with the number the dump gives it
 * (a hwloc pu<N> file's N, a numbered header's), else its ordinal over the whole dump. */
static int convert(const kprof_cli_dump *d, kprof_cli_text *t)
{
	kprof_cpuid_snapshot check;
	uint32_t ordinal = 0;
	size_t i;
	int rc;
	/* Every text must read before anything is printed: the same refusals as info's. */
	if ((rc = kprof_cli_dump_snapshot(d, 0, &check)) != 0)
		return rc;
	for (i = 0; i < d->count; i++) {
		kprof_dump_iter it;
		kprof_dump_record r;
		uint32_t block = KPROF_DUMP_NO_CPU_ID;
		char line[128];
		kprof_dump_iter_init(&it, d->text[i], d->len[i]);
		while (kprof_dump_iter_next(&it, &r) == KPROF_OK) {
			if (r.cpu != block) {
				uint32_t n = d->is_dir ? d->id[i]
				             : r.cpu_id != KPROF_DUMP_NO_CPU_ID ? r.cpu_id
				                                                : ordinal;
				block = r.cpu;
				ordinal++;
				if (kprof_dump_header_format(n, line, sizeof line, NULL) == KPROF_OK)
					kprof_cli_text_append(t, line);
			}
			if (kprof_dump_record_format(&r, line, sizeof line, NULL) == KPROF_OK)
				kprof_cli_text_append(t, line);
		}
	}
	return 0;
}

/* The dump text as JSON: read back with the library's own dump reader, so the JSON holds
 * exactly what `kprof info --cpuid-file` would read from the text. */
static int dump_json(const kprof_cli_text *t)
{
	kprof_dump_iter it;
	kprof_dump_record r;
	kprof_status st;
	int32_t block = -1;
	if (kprof_dump_iter_init(&it, t->data, t->len) != KPROF_OK)
		return kprof_cli_error("cpuid-dump: out of memory");
	kprof_cli_puts("{\"cpus\": [");
	while ((st = kprof_dump_iter_next(&it, &r)) == KPROF_OK) {
		if ((int32_t)r.cpu != block) {
			kprof_cli_puts(block < 0 ? "\n  {" : "\n  ]},\n  {");
			block = (int32_t)r.cpu;
			if (r.cpu_id == KPROF_DUMP_NO_CPU_ID)
				kprof_cli_puts("\"cpu\": null, \"leaves\": [");
			else
				kprof_cli_printf("\"cpu\": %lu, \"leaves\": [", (unsigned long)r.cpu_id);
			kprof_cli_puts("\n    ");
		} else {
			kprof_cli_puts(",\n    ");
		}
		kprof_cli_printf("{\"leaf\": %lu, \"subleaf\": %lu, \"eax\": %lu, \"ebx\": %lu, "
		                 "\"ecx\": %lu, \"edx\": %lu}",
		                 (unsigned long)r.leaf, (unsigned long)r.subleaf, (unsigned long)r.eax,
		                 (unsigned long)r.ebx, (unsigned long)r.ecx, (unsigned long)r.edx);
	}
	if (st != KPROF_END)
		return kprof_cli_error("cpuid-dump: its own output did not read back (%s)",
		                       kprof_status_name(st));
	kprof_cli_puts(block < 0 ? "]}\n" : "\n  ]}\n]}\n");
	return 0;
}

int kprof_cmd_cpuid_dump(const kprof_cli_args *a)
{
	const kprof_cli_value *file = kprof_cli_opt(a, KPROF_CLI_OPT_CPUID_FILE);
	kprof_cli_text t;
	uint32_t cpu;
	int rc;
	/* `cpuid -r` lines, a file format: printed as they are, never folded. */
	kprof_cli_output_width(0);
	if (file->set) {
		kprof_cli_dump d;
		if (kprof_cli_opt(a, KPROF_CLI_OPT_ALL)->set)
			return kprof_cli_usage(a->cmd, "--all reads this machine: not with --cpuid-file");
		memset(&t, 0, sizeof t);
		if ((rc = kprof_cli_dump_load(file->text, &d)) == 0)
			rc = convert(&d, &t);
		kprof_cli_dump_free(&d);
		if (!rc && t.failed)
			rc = kprof_cli_error("cpuid-dump: out of memory");
	} else {
		/* Without --all, one block labelled with the CPU it was read on (pinned: CPU 0
		 * when the affinity mask allows it). */
		rc = kprof_cli_opt(a, KPROF_CLI_OPT_ALL)->set ? kprof_cli_live_cpuid_all_text(&t)
		                                              : kprof_cli_live_cpuid_this_text(&t, &cpu);
		if (rc)
			return rc; /* (the readers free what they built) */
	}
	if (rc) {
		free(t.data);
		return rc;
	}
	if (kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set)
		rc = dump_json(&t);
	else
		kprof_cli_puts(t.data);
	free(t.data);
	return rc;
}
