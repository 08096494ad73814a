/* The cpuid dump reader fed hwloc-gather-cpuid pu files (seeds: short pu files, both arrow spellings). The reader
 * detects the format itself; the invariants are in fuzz_dump.h. */
#include "fuzz_dump.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_dump_body(data, size);
	return 0;
}
