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
/* The snapshot slot that holds (leaf, subleaf), or -1 when kprof does not keep that leaf. */
KPROF_API int kprof_cpuid_slot_of(uint32_t leaf, uint32_t subleaf);
/* Record one leaf as a dump or a caller gives it. KPROF_E_NOT_FOUND for a leaf kprof does
 * not keep (ignore it), KPROF_E_DUPLICATE when the leaf is already present with other
 * values (the snapshot keeps the first). */
KPROF_API kprof_status kprof_cpuid_snapshot_set(kprof_cpuid_snapshot *s, uint32_t leaf,
                                                uint32_t subleaf, uint32_t eax, uint32_t ebx,
                                                uint32_t ecx, uint32_t edx);
/* Whether a leaf may be trusted: present, and not above its range's max leaf. Hypervisor
 * leaves also need cpuid.1:ecx[31] (hypervisor present). */
KPROF_API int kprof_cpuid_snapshot_has(const kprof_cpuid_snapshot *s, kprof_cpuid_slot slot);
/* One register of a leaf, or 0 when the leaf cannot be trusted (see kprof_cpuid_snapshot_has).
 * reg is KPROF_EAX..KPROF_EDX. */
KPROF_API uint32_t kprof_cpuid_snapshot_reg(const kprof_cpuid_snapshot *s, kprof_cpuid_slot slot,
                                            unsigned reg);
/* Execute cpuid. KPROF_E_NOT_AVAILABLE when this build has no live access (KPROF_NO_LIVE,
 * non-x86 targets); out is then zeroed. Safe at any privilege level. */
KPROF_INLINE kprof_status kprof_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t out[4])
{
#if defined(KPROF_NO_LIVE)
	(void)leaf;
	(void)subleaf;
	out[0] = out[1] = out[2] = out[3] = 0;
	return KPROF_E_NOT_AVAILABLE;
#elif defined(_MSC_VER) && !defined(__clang__)
	int r[4];
	__cpuidex(r, (int)leaf, (int)subleaf);
	out[0] = (uint32_t)r[0];
	out[1] = (uint32_t)r[1];
	out[2] = (uint32_t)r[2];
	out[3] = (uint32_t)r[3];
	return KPROF_OK;
#elif defined(__i386__) && defined(__PIC__)
	/* ebx is the PIC register on i386: save it around cpuid by hand. */
	uint32_t a, b, c, d;
	__asm__ __volatile__("xchgl %%ebx, %1\n\tcpuid\n\txchgl %%ebx, %1"
	                     : "=a"(a), "=&r"(b), "=c"(c), "=d"(d)
	                     : "0"(leaf), "2"(subleaf));
	out[0] = a;
	out[1] = b;
	out[2] = c;
	out[3] = d;
	return KPROF_OK;
#else
	uint32_t a, b, c, d;
	__asm__ __volatile__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "0"(leaf), "2"(subleaf));
	out[0] = a;
	out[1] = b;
	out[2] = c;
	out[3] = d;
	return KPROF_OK;
#endif
}
/* Fill a snapshot from this processor: one cpuid per leaf, and only leaves at or below their
 * range's max leaf (hypervisor leaves only when cpuid.1:ecx[31] says one is present). */
KPROF_API kprof_status kprof_cpuid_snapshot_live(kprof_cpuid_snapshot *s);
/* The displayed family from leaf 1 eax: the base family, plus the extended family when the
 * base family is 15 (Intel SDM and AMD APM agree). */
KPROF_API uint32_t kprof_cpuid_family(uint32_t leaf1_eax);
/* The displayed model from leaf 1 eax: the extended model supplies bits 7:4 from base family
 * 6 up (Linux's x86_model(); Intel's "6 or 15" and AMD's "15" give the same on every part of
 * theirs, and Zhaoxin's family-7 parts get the models Linux uses for them). */
KPROF_API uint32_t kprof_cpuid_model(uint32_t leaf1_eax);
/* The stepping from leaf 1 eax. */
KPROF_API uint32_t kprof_cpuid_stepping(uint32_t leaf1_eax);
/* The vendor string of leaf 0 (ebx, edx, ecx: "GenuineIntel", "AuthenticAMD") into out,
 * NUL-terminated. KPROF_E_NOT_FOUND (out = "") when the snapshot lacks leaf 0. */
KPROF_API kprof_status kprof_cpuid_vendor_string(const kprof_cpuid_snapshot *s, char out[13]);
/* The hypervisor vendor signature of leaf 0x40000000 (ebx, ecx, edx: "Microsoft Hv",
 * "KVMKVMKVM" + NULs, "VMwareVMware") into out, NUL-terminated; it may hold NULs before byte
 * 12. KPROF_E_NOT_FOUND (out = "") when no hypervisor is reported or the leaf is missing. */
KPROF_API kprof_status kprof_cpuid_hv_vendor_string(const kprof_cpuid_snapshot *s, char out[13]);
/* The processor vendor by leaf 0's string: KPROF_VENDOR_INTEL for "GenuineIntel",
 * KPROF_VENDOR_AMD for "AuthenticAMD", KPROF_VENDOR_UNKNOWN otherwise (also for a missing
 * leaf 0). Exactly the two strings the HAL compares. */
KPROF_API kprof_vendor kprof_cpuid_vendor(const kprof_cpuid_snapshot *s);
/* The processor brand string of leaves 0x80000002-0x80000004 ("Intel(R) Core(TM) i7-6700K CPU
 * @ 4.00GHz") into out[0..size), NUL-terminated: the 48 bytes up to their first NUL, without the
 * spaces processors pad it with on either side (Intel's older parts right-justify it; Linux's
 * /proc/cpuinfo trims the same), spaces inside kept. The bytes are the processor's own: any byte
 * but NUL may appear, so escape them before printing to a terminal. *len (optional) gets the
 * length without the NUL. KPROF_E_NOT_FOUND (out = "", *len = 0) when any of the three leaves
 * cannot be trusted (missing, or above the max extended leaf); KPROF_E_BUFFER_TOO_SMALL (out =
 * "", *len = the length it needs without the NUL) when it does not fit size, which
 * KPROF_CPUID_BRAND_SIZE always does; KPROF_E_ARGUMENT for a null s or out or a size of 0. */
KPROF_API kprof_status kprof_cpuid_brand_get(const kprof_cpuid_snapshot *s, char *out, size_t size,
                                             size_t *len);
#ifndef KPROF_NO_NAMES
/* The microarchitecture of a processor by its signature (not with KPROF_NO_NAMES: the rows'
 * vendor strings are names): vendor is the 12-byte leaf 0 string (no NUL needed), family and
 * model the displayed values (kprof_cpuid_family/model), stepping 0..15. The one row covering
 * it, or NULL for a processor kprof does not know, which it says rather than guess. */
KPROF_API const kprof_cpuid_uarch *kprof_cpuid_uarch_by_signature(const char *vendor, uint32_t family,
                                                                  uint32_t model, uint32_t stepping);
/* kprof_cpuid_uarch_by_signature for the processor a snapshot describes; NULL also when leaf 0
 * or leaf 1 cannot be trusted. */
KPROF_API const kprof_cpuid_uarch *kprof_cpuid_uarch_by_snapshot(const kprof_cpuid_snapshot *s);
#endif
/* The core microarchitecture of one logical CPU of a part (u: its row). hybrid: the part says
 * it is hybrid (leaf 7 edx[15], KPROF_CPUID_07_0_EDX_HYBRID_MASK); core_type: the CPU's leaf
 * 0x1A eax[31:24] (kprof_cpuid_core_type), 0 when it reports none. A core type gives the row's
 * core or atom core of that type (NULL for a type it has neither of). No core type gives the
 * row's core, except on a hybrid part of a hybrid row, where which of its two cores the CPU is
 * cannot be told (NULL): a hybrid design sold without its Atom cores (leaf 7 edx[15] clear)
 * has only the Core-line core. NULL for a null u. */
KPROF_API const kprof_cpuid_core *kprof_cpuid_core_by_type(const kprof_cpuid_uarch *u, int hybrid,
                                                           uint32_t core_type);
