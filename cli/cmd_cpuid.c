/* kprof cpuid-dump: this processor's leaves in the format of `cpuid -r` (cli/live.c). */
#include "cli.h"

#include <stdlib.h>

int kprof_cmd_cpuid_dump(const kprof_cli_args *a)
{
	kprof_cli_text t;
	int rc = kprof_cli_opt(a, KPROF_CLI_OPT_ALL)->set ? kprof_cli_live_cpuid_all_text(&t)
	                                                  : kprof_cli_live_cpuid_this_text(&t);
	if (rc)
		return rc;
	kprof_cli_puts(t.data);
	free(t.data);
	return 0;
}
