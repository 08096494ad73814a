/* The cpuid dump reader fed AIDA64/InstLatx64 text (seeds: excerpts of ../shared dumps). The reader
 * detects the format itself; the invariants are in fuzz_dump.h. */
#include "fuzz_dump.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_dump_body(data, size);
	return 0;
}
