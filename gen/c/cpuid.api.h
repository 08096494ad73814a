/* The cpuid leaves kprof needs, as one processor returned them (live, or from a dump).
 * present has bit KPROF_CPUID_SLOT_x set when regs[x] holds that leaf; a leaf above the
 * processor's max basic/extended/hypervisor leaf is never present, because processors echo
 * the highest leaf's values for leaves above it. regs[x] = {eax, ebx, ecx, edx}. */
typedef struct kprof_cpuid_snapshot {
	uint32_t present;
	uint32_t regs[KPROF_CPUID_SLOT_COUNT][4];
} kprof_cpuid_snapshot;
