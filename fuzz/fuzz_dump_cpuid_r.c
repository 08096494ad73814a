/* The cpuid dump reader fed `cpuid -r` raw text (seeds: kprof_dump_record_format output and hand-made blocks). The reader
 * detects the format itself; the invariants are in fuzz_dump.h. */
#include "fuzz_dump.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_dump_body(data, size);
	return 0;
}
