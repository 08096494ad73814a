/* kprof_helpers.h - small callers of kprof.h's API that the tests, the fuzzers and the
 * hardening build share: the answers their checks ask for, spelled once. No libc: the
 * freestanding hardening build includes it too. Include after kprof.h. */
#ifndef KPROF_HELPERS_H
#define KPROF_HELPERS_H

#if !defined(KPROF_NO_LWP)
/* kprof_lwp_caps_get over registers instead of a snapshot: a snapshot holding cpuid
 * 0x80000000 (max extended leaf 0x8000001C), 0x80000001 (ecx ext_ecx) and 0x8000001C (leaf). */
static inline kprof_status kc_lwp_caps(uint32_t ext_ecx, const uint32_t leaf[4], kprof_lwp_revision rev,
                                        kprof_lwp_caps *out)
{
	kprof_cpuid_snapshot s;
	const uint32_t ext_max[4] = {KPROF_CPUID_LEAF_LWP, 0, 0, 0}, ext_features[4] = {0, 0, ext_ecx, 0};
	kprof_cpuid_snapshot_init(&s);
	(void)kprof_cpuid_snapshot_set(&s, KPROF_CPUID_LEAF_EXT_MAX, 0, ext_max);
	(void)kprof_cpuid_snapshot_set(&s, KPROF_CPUID_LEAF_EXT_FEATURES, 0, ext_features);
	if (leaf)
		(void)kprof_cpuid_snapshot_set(&s, KPROF_CPUID_LEAF_LWP, 0, leaf);
	return kprof_lwp_caps_get(&s, rev, out);
}
/* The shipped layout (cpuid 0x80000001 says LWP) and the proposal's, of the registers given. */
static inline kprof_status kc_lwp_shipped(uint32_t eax, uint32_t ebx, uint32_t ecx, uint32_t edx, kprof_lwp_caps *out)
{
	const uint32_t leaf[4] = {eax, ebx, ecx, edx};
	return kc_lwp_caps(KPROF_LWP_EXT_FEATURES_ECX_LWP_MASK, leaf, KPROF_LWP_REVISION_SHIPPED, out);
}
static inline kprof_status kc_lwp_proposal(uint32_t eax, uint32_t ebx, uint32_t ecx, uint32_t edx, kprof_lwp_caps *out)
{
	const uint32_t leaf[4] = {eax, ebx, ecx, edx};
	return kc_lwp_caps(0, leaf, KPROF_LWP_REVISION_PROPOSAL, out);
}
#endif
#if !defined(KPROF_NO_WINDOWS_MODEL)
/* Whether the HAL that made d has source s (ABSENT for null arguments). */
static inline kprof_hal_presence kc_presence(const kprof_hal_decision *d, const kprof_source *s)
{
	kprof_hal_presence p;
	return kprof_hal_source_presence_get(d, s, &p) == KPROF_OK ? p : KPROF_HAL_PRESENCE_ABSENT;
}
static inline int kc_supported(const kprof_hal_decision *d, const kprof_source *s)
{
	return kc_presence(d, s) == KPROF_HAL_PRESENCE_PRESENT;
}
#endif
#if !defined(KPROF_NO_DUMP)
/* The facts a group keeps of f (kprof_cpu_groups_add drops those whose leaf cannot be
 * trusted), into f: what a one-group collection of f holds. */
static inline void kc_facts_trusted(kprof_cpu_facts *f)
{
	kprof_cpu_group g;
	kprof_cpu_groups gs;
	if (kprof_cpu_groups_init(&gs, &g, 1, 0, 0) == KPROF_OK && kprof_cpu_groups_add(&gs, f, 0, 0) == KPROF_OK)
		*f = g.facts;
}
#endif

#endif
