/* kprof command: the processor a command describes (live or from a dump) and what the HAL
 * would make of it. */
#include "cli.h"

#include <string.h>

int kprof_cli_live_vendor(void)
{
	uint32_t r[4];
	char v[12];
	if (kprof_cpuid(0, 0, r) != KPROF_OK)
		return KPROF_VENDOR_UNKNOWN;
	memcpy(v, &r[1], 4);
	memcpy(v + 4, &r[3], 4);
	memcpy(v + 8, &r[2], 4);
	if (memcmp(v, "GenuineIntel", 12) == 0)
		return KPROF_VENDOR_INTEL;
	if (memcmp(v, "AuthenticAMD", 12) == 0)
		return KPROF_VENDOR_AMD;
	return KPROF_VENDOR_UNKNOWN;
}

int kprof_cli_live_supported(const kprof_source *s)
{
	(void)s;
	return 0; /* until the HAL decision lands (issue 3) */
}
