/* kprof - what the Windows HAL would do on this machine or a dumped one.
 * Built from kprof.h alone. */
#include "kprof.h"

#include <stdio.h>
#include <string.h>

static int cmd_sources(void)
{
	unsigned itf;
	for (itf = 0; itf < KPROF_INTERFACE_COUNT; itf++) {
		size_t n, i;
		const kprof_source *rows = kprof_source_table((kprof_interface)itf, &n);
		for (i = 0; i < n; i++)
			printf("%u 0x%02X %-60s 0x%08X\n", itf, rows[i].value, kprof_source_name(&rows[i]),
			       (unsigned)rows[i].select);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "sources") == 0)
		return cmd_sources();
	if (argc >= 2 && strcmp(argv[1], "info") == 0) {
		kprof_cpuid_snapshot s;
		kprof_cpuid_snapshot_live(&s);
		printf("cpuid max leaf 0x%X\n", (unsigned)kprof_cpuid_snapshot_reg(&s, KPROF_CPUID_SLOT_VENDOR, KPROF_EAX));
		return 0;
	}
	fprintf(stderr, "usage: kprof info|sources\n");
	return 2;
}
