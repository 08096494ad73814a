/* The MSVC code paths of kprof.h, checked with clang in MSVC mode (no MSVC here):
 * __cpuidex and the other intrinsics, __inline for C, static_assert/_Static_assert or the
 * typedef fallback. tests/dropin/windows.sh compiles it with clang's own headers only. The unit
 * holds kprof's implementation, so its MSVC paths are compiled too. */
#if defined(MSVC_PROBE_INTRIN)
#include <intrin.h>
#endif
#define KPROF_IMPLEMENTATION
#include "kprof.h"

int msvc_probe(void);

int msvc_probe(void)
{
	uint32_t r[4];
	kprof_cpuid_snapshot s;
	const kprof_source *src = kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1D);
	kprof_pmu_select d;
	if (kprof_cpuid_leaf_read(0, 0, r) != KPROF_OK || kprof_cpuid_snapshot_read(&s) != KPROF_OK)
		return -1;
	if (!src || kprof_pmu_select_unpack(KPROF_CPUID_VENDOR_INTEL, src->select, &d) != KPROF_OK)
		return -2;
	return (int)d.event;
}
