/* all_calls.c - one translation unit that calls every decoder and ring-0 function of kprof.h
 * on bytes the compiler cannot see through. It is what the kernel-discipline build compiles
 * (-ffreestanding -nostdlib -mgeneral-regs-only -mno-red-zone -fno-builtin, x86-64 and i386,
 * linked with its own _start) and what the static analysers (clang --analyze, gcc -fanalyzer,
 * cppcheck) read. Freestanding: no libc header, no libc call. */
#include "kprof.h"

/* The input every call reads: volatile-qualified access keeps the optimiser from folding
 * the calls away, so every decoder's code is really compiled and analysed. */
KPROF_INTERNAL void kh_fill(uint8_t *dst, const volatile uint8_t *src, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		dst[i] = src[i];
}

KPROF_INTERNAL uint32_t kh_u32(const uint8_t *p)
{
	return kprof_load_le32(p);
}

/* Each kh_* function exercises one area; kprof_hardening_all calls them all. Keeping them
 * apart keeps every frame small and shows in the stack report which area costs what. */
KPROF_INTERNAL uint32_t kh_sources(const uint8_t *b, size_t n)
{
	uint32_t acc = 0;
	size_t count = 0;
	const kprof_source *same[4];
	const kprof_source *s;
	kprof_interface itf = (kprof_interface)(b[0] % KPROF_INTERFACE_COUNT);
	const kprof_source *rows = kprof_source_table(itf, &count);
	const kprof_interface_info *info = kprof_interface_get_info(itf);
	if (rows && count)
		acc += rows[0].value;
	if (info)
		acc += info->counters;
	s = kprof_source_get(itf, kh_u32(b + 4));
	if (s)
		acc += s->select;
	acc += (uint32_t)kprof_sources_by_select(itf, kh_u32(b + 8), same, 4);
#ifndef KPROF_NO_NAMES
	s = kprof_source_by_name(itf, (const char *)b + 12, n - 12);
	if (s) {
		acc += (uint32_t)(kprof_source_name(s)[0] + kprof_source_description(s)[0]);
	}
	acc += kprof_status_name((int)(int8_t)b[1]) ? 1u : 0u;
	acc += kprof_vendor_name(b[2]) ? 1u : 0u;
#endif
	return acc;
}

KPROF_INTERNAL uint32_t kh_select(const uint8_t *b)
{
	kprof_select sel;
	uint64_t v = kprof_load_le64(b), out = 0;
	kprof_vendor vendor = (kprof_vendor)(b[8] & 3);
	if (kprof_select_decode(vendor, v, &sel) >= KPROF_E_RESERVED)
		(void)kprof_select_encode(vendor, &sel, &out);
	return (uint32_t)out;
}

KPROF_INTERNAL uint32_t kh_cpuid(const uint8_t *b)
{
	kprof_cpuid_snapshot s;
	uint32_t r[4], acc = 0;
	unsigned i;
	kprof_cpuid_snapshot_init(&s);
	for (i = 0; i + 20 <= 200; i += 20)
		(void)kprof_cpuid_snapshot_set(&s, kh_u32(b + i), 0, kh_u32(b + i + 4),
		                               kh_u32(b + i + 8), kh_u32(b + i + 12), kh_u32(b + i + 16));
	for (i = 0; i < KPROF_CPUID_SLOT_COUNT; i++)
		acc += kprof_cpuid_snapshot_reg(&s, (kprof_cpuid_slot)i, b[i] & 3) +
		       (uint32_t)kprof_cpuid_snapshot_has(&s, (kprof_cpuid_slot)i);
	acc += (uint32_t)kprof_cpuid_slot_of(kh_u32(b), 0);
	if (kprof_cpuid(0, 0, r) == KPROF_OK)
		acc += r[1];
	if (kprof_cpuid_snapshot_live(&s) == KPROF_OK)
		acc += s.present;
	return acc;
}

#define KH_INPUT 4096
/* Written by whoever links this (a debugger, a test): the compiler must assume anything. */
volatile uint8_t kprof_hardening_input[KH_INPUT];

uint32_t kprof_hardening_all(void);
uint32_t kprof_hardening_all(void)
{
	static uint8_t buf[KH_INPUT]; /* static: a 4 KiB frame would break the 512-byte rule */
	uint32_t acc = 0;
	kh_fill(buf, kprof_hardening_input, sizeof buf);
	acc += kh_sources(buf, sizeof buf);
	acc += kh_select(buf);
	acc += kh_cpuid(buf);
	return acc;
}
