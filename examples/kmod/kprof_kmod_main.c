// SPDX-License-Identifier: MIT
/*
 * kprof_kmod - kprof.h in the Linux kernel: what the Windows HAL would decide on this
 * processor, read at ring 0 from the boot CPU. Loads, prints, stays loaded (rmmod to
 * remove). tests/kernel/boot.py boots it in qemu and checks every line it prints.
 *
 * Every line starts "kprof: " and is one fact the test parses:
 *   kprof: leaf LLLLLLLL.S kprof=EAX EBX ECX EDX kernel=EAX EBX ECX EDX
 *         (each snapshot leaf as kprof read it, and as the kernel's own cpuid_count() reads it)
 *   kprof: vendor V
 *   kprof: table ID count N hal H
 *   kprof: decision INTERFACE reason REASON tentative INTERFACE supported N of M
 *         (the 64-bit HAL's interface and how many of its table's sources it supports)
 *   kprof: misc_enable kprof=STATUS VALUE kernel=RC VALUE
 *         (IA32_MISC_ENABLE through kprof_msr_read -> KPROF_RDMSR_SAFE, and rdmsrl_safe itself)
 *   kprof: done
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <asm/processor.h>

#include "kprof_kmod.h" /* kprof.h with the module's MSR hooks; kprof_kmod_impl.c holds its implementation */

MODULE_LICENSE("Dual MIT/GPL");
MODULE_DESCRIPTION("kprof.h in ring 0: cpuid snapshot, profile-source tables, HAL decision, MSR read");

static const char *const kprof_kmod_table_id[KPROF_SOURCE_TABLE_COUNT] = {
	"generic", "default", "emon", "amd64", "intel_later",
};

static void kprof_kmod_leaves(const kprof_cpuid_snapshot *s)
{
	unsigned int slot;

	for (slot = 0; slot < KPROF_CPUID_SLOT_COUNT; slot++) {
		unsigned int a, b, c, d;
		const kprof_cpuid_leaf *l = kprof_cpuid_leaf_by_slot((kprof_cpuid_slot)slot);
		uint32_t leaf = l->leaf;
		uint32_t sub = l->subleaf;

		if (!l || !(s->present & (1u << slot)))
			continue;
		leaf = l->leaf;
		sub = l->subleaf;
		cpuid_count(leaf, sub, &a, &b, &c, &d);
		pr_info("kprof: leaf %08x.%u kprof=%08x %08x %08x %08x kernel=%08x %08x %08x %08x\n",
			leaf, sub, s->regs[slot][KPROF_CPUID_REG_EAX], s->regs[slot][KPROF_CPUID_REG_EBX],
			s->regs[slot][KPROF_CPUID_REG_ECX], s->regs[slot][KPROF_CPUID_REG_EDX], a, b, c, d);
	}
}

static void kprof_kmod_tables(void)
{
	unsigned int itf;

	for (itf = 0; itf < KPROF_SOURCE_TABLE_COUNT; itf++) {
		size_t n = 0;
		const kprof_source_table_info *info = kprof_source_table_info_by_id((kprof_source_table)itf);

		if (!kprof_source_rows_by_table((kprof_source_table)itf, &n) || !info)
			continue;
		pr_info("kprof: table %s count %zu hal %u\n", kprof_kmod_table_id[itf], n,
			info->hal);
	}
}

static void kprof_kmod_decide(const kprof_cpuid_snapshot *s)
{
	kprof_hal_decision d;
	const kprof_source *rows;
	size_t n = 0, i, supported = 0;
	kprof_hal_presence p;

	if (kprof_hal_decision_get(s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d) != KPROF_OK || d.table >= KPROF_SOURCE_TABLE_COUNT ||
	    d.tentative >= KPROF_SOURCE_TABLE_COUNT) {
		pr_err("kprof: decision failed\n");
		return;
	}
	rows = kprof_source_rows_by_table(d.table, &n);
	for (i = 0; rows && i < n; i++)
		supported += kprof_hal_source_presence_get(&d, &rows[i], &p) == KPROF_OK && p == KPROF_HAL_PRESENCE_PRESENT;
	pr_info("kprof: decision %s reason %s tentative %s supported %zu of %zu\n",
		kprof_kmod_table_id[d.table], kprof_hal_reason_name(d.reason),
		kprof_kmod_table_id[d.tentative], supported, n);
}

/* Read through kprof (which goes through KPROF_RDMSR_SAFE) and through the kernel directly:
 * the two must agree on fault or value. */
static void kprof_kmod_msr(const char *what, uint32_t msr)
{
	uint64_t mine = 0;
	u64 theirs = 0;
	kprof_status st = kprof_msr_read(msr, &mine);
	int rc = rdmsrl_safe(msr, &theirs);

	pr_info("kprof: %s kprof=%s 0x%llx kernel=%d 0x%llx\n", what, kprof_status_name(st),
		(unsigned long long)mine, rc, (unsigned long long)theirs);
}

static int __init kprof_kmod_init(void)
{
	kprof_cpuid_snapshot s;
	kprof_status st;
	const kprof_source *llc;

	st = kprof_cpuid_snapshot_read(&s);
	if (st != KPROF_OK) {
		pr_err("kprof: snapshot failed: %s\n", kprof_status_name(st));
		return -ENODEV;
	}
	kprof_kmod_leaves(&s);
	kprof_kmod_tables();
	llc = kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "LLCMisses", 9);
	if (llc)
		pr_info("kprof: lookup %s value 0x%x select 0x%08x\n", kprof_source_name_get(llc),
			llc->value, llc->select);
	kprof_kmod_decide(&s);
	kprof_kmod_msr("misc_enable", KPROF_MSR_IA32_MISC_ENABLE);
	pr_info("kprof: done\n");
	return 0;
}

static void __exit kprof_kmod_exit(void)
{
}

module_init(kprof_kmod_init);
module_exit(kprof_kmod_exit);
