/* kprof info and perf: the HAL's view of a processor. */
#include "cli.h"

int kprof_cmd_info(int argc, char **argv)
{
	kprof_cpuid_snapshot s;
	(void)argc;
	(void)argv;
	kprof_cpuid_snapshot_live(&s);
	kprof_cli_printf("cpuid max leaf 0x%X\n",
	                 (unsigned)kprof_cpuid_snapshot_reg(&s, KPROF_CPUID_SLOT_VENDOR, KPROF_EAX));
	return 0;
}

int kprof_cmd_perf(int argc, char **argv)
{
	(void)argc;
	kprof_cli_error("%s: needs the HAL layer (issue 3)", argv[0]);
	return KPROF_CLI_EXIT_FAILURE;
}
