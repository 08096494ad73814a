/* lwp_insn - every hand-encoded LWP instruction in kprof.h, in non-inline functions so that
 * tests/check_lwp_insn.py can disassemble them with objdump. Never executed. It holds kprof's
 * implementation (static), so the wrappers inline into the functions. */
#define KPROF_IMPLEMENTATION
#define KPROF_STATIC
#include "kprof.h"

#if !KPROF_LWP_HAVE_INSTRUCTIONS
#error "this test needs the live LWP instructions"
#endif

kprof_status insn_llwpcb(void *p);
kprof_status insn_llwpcb(void *p)
{
	return kprof_lwp_lwpcb_load(p);
}

void *insn_slwpcb(void);
void *insn_slwpcb(void)
{
	void *p = NULL;
	(void)kprof_lwp_lwpcb_store(&p);
	return p;
}

void insn_lwpval32(uint32_t d2, uint32_t d1);
void insn_lwpval32(uint32_t d2, uint32_t d1)
{
	KPROF_LWP_LWPVAL32(d2, d1, 0x12345678);
}

int insn_lwpins32(uint32_t d2, uint32_t d1);
int insn_lwpins32(uint32_t d2, uint32_t d1)
{
	uint8_t full;
	KPROF_LWP_LWPINS32(d2, d1, 0x1234, full);
	return full;
}

#if defined(__x86_64__)
void insn_lwpval64(uint64_t d2, uint32_t d1);
void insn_lwpval64(uint64_t d2, uint32_t d1)
{
	KPROF_LWP_LWPVAL64(d2, d1, 0x7FFFFFFF);
}

int insn_lwpins64(uint64_t d2, uint32_t d1);
int insn_lwpins64(uint64_t d2, uint32_t d1)
{
	uint8_t full;
	KPROF_LWP_LWPINS64(d2, d1, 0xABCD, full);
	return full;
}
#endif

/* KPROF_LWP_LWPINS32/64 store CF into any integer lvalue (an int, a long, a struct member), not
 * only a byte: this file does not build when they need a uint8_t. */
struct lwpins_result {
	long full;
};
int insn_lwpins32_int(uint32_t d2, uint32_t d1, struct lwpins_result *res);
int insn_lwpins32_int(uint32_t d2, uint32_t d1, struct lwpins_result *res)
{
	int full;
	KPROF_LWP_LWPINS32(d2, d1, 1, full);
	KPROF_LWP_LWPINS32(d2, d1, 2, res->full);
	return full;
}
#if defined(__x86_64__)
unsigned insn_lwpins64_unsigned(uint64_t d2, uint32_t d1);
unsigned insn_lwpins64_unsigned(uint64_t d2, uint32_t d1)
{
	unsigned full;
	KPROF_LWP_LWPINS64(d2, d1, 3, full);
	return full;
}
#endif
