/* kprof cpuid-dump: this processor's leaves in the format of `cpuid -r` (cli/live.c), or any
 * dump kprof reads converted to that format. */
#include "cli.h"

#include <stdlib.h>

/* The blocks of d as `cpuid -r` text: each block "CPU n:" with the number the dump gives it
 * (a hwloc pu<N> file's N, a numbered header's), else its ordinal over the whole dump. */
static int convert(const kprof_cli_dump *d)
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
					kprof_cli_puts(line);
			}
			if (kprof_dump_record_format(&r, line, sizeof line, NULL) == KPROF_OK)
				kprof_cli_puts(line);
		}
	}
	return 0;
}

int kprof_cmd_cpuid_dump(const kprof_cli_args *a)
{
	const kprof_cli_value *file = kprof_cli_opt(a, KPROF_CLI_OPT_CPUID_FILE);
	kprof_cli_text t;
	int rc;
	if (file->set) {
		kprof_cli_dump d;
		if (kprof_cli_opt(a, KPROF_CLI_OPT_ALL)->set)
			return kprof_cli_usage(a->cmd, "--all reads this machine: not with --cpuid-file");
		if ((rc = kprof_cli_dump_load(file->text, &d)) == 0)
			rc = convert(&d);
		kprof_cli_dump_free(&d);
		return rc;
	}
	rc = kprof_cli_opt(a, KPROF_CLI_OPT_ALL)->set ? kprof_cli_live_cpuid_all_text(&t)
	                                              : kprof_cli_live_cpuid_this_text(&t);
	if (rc)
		return rc;
	kprof_cli_puts(t.data);
	free(t.data);
	return 0;
}
