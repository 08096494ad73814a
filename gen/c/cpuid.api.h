/* The cpuid leaves kprof needs, as one processor returned them (live, or from a dump).
 * present has bit KPROF_CPUID_SLOT_x set when regs[x] holds that leaf; a leaf above the
 * processor's max basic/extended/hypervisor leaf is never present, because processors echo
 * the highest leaf's values for leaves above it. regs[x] = {eax, ebx, ecx, edx}. */
typedef struct kprof_cpuid_snapshot {
	uint32_t present;
	uint32_t regs[KPROF_CPUID_SLOT_COUNT][4];
} kprof_cpuid_snapshot;

/* Empty a snapshot: no leaf present. */
KPROF_API void kprof_cpuid_snapshot_init(kprof_cpuid_snapshot *s);
/* The leaf kprof keeps in a slot: its number, sub-leaf and slot; NULL for a slot that is none. */
KPROF_API const kprof_cpuid_leaf *kprof_cpuid_leaf_by_slot(kprof_cpuid_slot slot);
/* The leaf (leaf, subleaf), with the snapshot slot that holds it; NULL when kprof does not
 * keep that leaf. */
KPROF_API const kprof_cpuid_leaf *kprof_cpuid_leaf_by_number(uint32_t leaf, uint32_t subleaf);
/* Record one leaf as a dump or a caller gives it. KPROF_E_NOT_FOUND for a leaf kprof does
 * not keep (ignore it), KPROF_E_DUPLICATE when the leaf is already present with other
 * values (the snapshot keeps the first). */
KPROF_API kprof_status kprof_cpuid_snapshot_set(kprof_cpuid_snapshot *s, uint32_t leaf,
                                                uint32_t subleaf, uint32_t eax, uint32_t ebx,
                                                uint32_t ecx, uint32_t edx);
/* One leaf of the snapshot, {eax, ebx, ecx, edx} into regs, when it may be trusted: present,
 * and not above its range's max leaf (processors echo the highest leaf for leaves above it);
 * hypervisor leaves also need cpuid.1:ecx[31] (hypervisor present). KPROF_E_NOT_FOUND (regs
 * zeroed) when it may not; KPROF_E_ARGUMENT (regs zeroed when given) for null pointers. */
KPROF_API kprof_status kprof_cpuid_snapshot_get(const kprof_cpuid_snapshot *s, kprof_cpuid_slot slot,
                                                uint32_t regs[4]);
/* Execute cpuid. KPROF_E_NOT_AVAILABLE when this build has no live access (KPROF_NO_LIVE,
 * non-x86 targets); out is then zeroed. Safe at any privilege level. */
KPROF_API kprof_status kprof_cpuid_leaf_read(uint32_t leaf, uint32_t subleaf, uint32_t out[4]);
/* Fill a snapshot from this processor: one cpuid per leaf, and only leaves at or below their
 * range's max leaf (hypervisor leaves only when cpuid.1:ecx[31] says one is present). */
KPROF_API kprof_status kprof_cpuid_snapshot_read(kprof_cpuid_snapshot *s);
/* The displayed family from leaf 1 eax: the base family, plus the extended family when the
 * base family is 15 (Intel SDM and AMD APM agree). */
KPROF_API uint32_t kprof_cpuid_family_get(uint32_t leaf1_eax);
/* The displayed model from leaf 1 eax: the extended model supplies bits 7:4 from base family
 * 6 up (Linux's x86_model(); Intel's "6 or 15" and AMD's "15" give the same on every part of
 * theirs, and Zhaoxin's family-7 parts get the models Linux uses for them). */
KPROF_API uint32_t kprof_cpuid_model_get(uint32_t leaf1_eax);
/* The stepping from leaf 1 eax. */
KPROF_API uint32_t kprof_cpuid_stepping_get(uint32_t leaf1_eax);
/* The vendor string of leaf 0 (ebx, edx, ecx: "GenuineIntel", "AuthenticAMD") into out,
 * NUL-terminated. KPROF_E_NOT_FOUND (out = "") when the snapshot lacks leaf 0. */
KPROF_API kprof_status kprof_cpuid_vendor_string_get(const kprof_cpuid_snapshot *s, char out[13]);
/* The hypervisor vendor signature of leaf 0x40000000 (ebx, ecx, edx: "Microsoft Hv",
 * "KVMKVMKVM" + NULs, "VMwareVMware") into out, NUL-terminated; it may hold NULs before byte
 * 12. KPROF_E_NOT_FOUND (out = "") when no hypervisor is reported or the leaf is missing. */
KPROF_API kprof_status kprof_cpuid_hypervisor_string_get(const kprof_cpuid_snapshot *s, char out[13]);
/* The processor vendor by leaf 0's string: KPROF_CPUID_VENDOR_INTEL for "GenuineIntel",
 * KPROF_CPUID_VENDOR_AMD for "AuthenticAMD", KPROF_CPUID_VENDOR_UNKNOWN otherwise (also for a missing
 * leaf 0). Exactly the two strings the HAL compares. */
KPROF_API kprof_cpuid_vendor kprof_cpuid_vendor_get(const kprof_cpuid_snapshot *s);
