/* A stand-in for cli/kprof.c's dispatcher: `ds_cli ds-decode ...` / `ds_cli sources-decode ...`,
 * so the two commands are tested before the lead wires them into kprof. */
#include <stdio.h>
#include <string.h>

#include "cmd_ds.h"

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "ds-decode") == 0)
		return kprof_cmd_ds_decode(argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "sources-decode") == 0)
		return kprof_cmd_sources_decode(argc - 1, argv + 1);
	fprintf(stderr, "usage: ds_cli ds-decode|sources-decode ...\n");
	return 2;
}
