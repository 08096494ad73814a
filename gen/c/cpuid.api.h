/* The cpuid leaves kprof needs, as one processor returned them (live, or from a dump).
 * present has bit KPROF_CPUID_SLOT_x set when regs[x] holds that leaf; a leaf above the
 * processor's max basic/extended/hypervisor leaf is never present, because processors echo
 * the highest leaf's values for leaves above it. regs[x] = {eax, ebx, ecx, edx}. */
typedef struct kprof_cpuid_snapshot {
	uint32_t present;
	uint32_t regs[KPROF_CPUID_SLOT_COUNT][4];
} kprof_cpuid_snapshot;

KPROF_IMPL_INLINE kprof_status kprof_cpuid_leaf_read(uint32_t leaf, uint32_t subleaf, uint32_t out[4])
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
	__asm__ __volatile__("xchgl %%ebx, %1\n\tcpuid\n\txchgl %%ebx, %1"
	                     : "=a"(out[0]), "=&r"(out[1]), "=c"(out[2]), "=d"(out[3])
	                     : "0"(leaf), "2"(subleaf));
	return KPROF_OK;
#else
	__asm__ __volatile__("cpuid"
	                     : "=a"(out[0]), "=b"(out[1]), "=c"(out[2]), "=d"(out[3])
	                     : "0"(leaf), "2"(subleaf));
	return KPROF_OK;
#endif
}
