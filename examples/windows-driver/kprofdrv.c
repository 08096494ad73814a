/* kprofdrv: a minimal WDM driver that uses kprof.h. At load (DriverEntry, PASSIVE_LEVEL) it
 * takes the cpuid snapshot, makes the HAL's profile-interface decision, looks up a source,
 * plans a counter for it without programming anything, and reads one MSR through the
 * faulting-safe hook and writes one back unchanged, pinned to processor 0; everything goes to the debugger with DbgPrint
 * (DbgView, WinDbg, or Wine's "debugstr" channel). Nothing is left running: DriverUnload only
 * says goodbye.
 *
 * Build: see docs/windows.md (WDK/MSVC: the three .c files in one driver project; mingw-w64:
 * the Makefile here, with msr_seh.c compiled by clang in MSVC mode). kprof's implementation is
 * kprof_impl.c's: this unit includes kprof.h without KPROF_IMPLEMENTATION. */
#include <ntddk.h>

#include "msr_seh.h" /* KPROF_RDMSR_SAFE / KPROF_WRMSR_SAFE: before kprof.h */
#include "kprof.h"

DRIVER_INITIALIZE DriverEntry;
DRIVER_UNLOAD KprofdrvUnload;

static void KprofdrvReport(void)
{
	kprof_cpuid_snapshot cpu;
	kprof_hal_decision d;
	kprof_pmu_plan plan;
	const kprof_source *src;
	kprof_status st;
	uint64_t v = 0;
	uint32_t msr, sel;
	KAFFINITY old;

	/* cpuid, tables and decoders: any IRQL, any processor, no paged memory. */
	st = kprof_cpuid_snapshot_read(&cpu);
	if (st != KPROF_OK) {
		DbgPrint("kprofdrv: cpuid snapshot: %s\n", kprof_status_name(st));
		return;
	}
	kprof_hal_decision_get(&cpu, sizeof(void *) == 8 ? KPROF_HAL_BUILD_X64 : KPROF_HAL_BUILD_X86, KPROF_HAL_WINDOWS_10_1507, &d);
	DbgPrint("kprofdrv: interface %s (%s)\n", kprof_source_table_name(d.table),
	         kprof_hal_reason_name(d.reason));

	/* ProfileTotalIssues (2) in the decided interface's table: the Emon and Amd64 rows that
	 * count retired instructions. */
	src = kprof_source_by_value(d.table, 2);
	if (!src) {
		DbgPrint("kprofdrv: source 2: not in this interface's table\n");
	} else {
		kprof_hal_presence p = KPROF_HAL_PRESENCE_ABSENT;
		(void)kprof_hal_source_presence_get(&d, src, &p);
		DbgPrint("kprofdrv: source %u %s select 0x%08x presence %s\n", (unsigned)src->value,
		         kprof_source_name_get(src), (unsigned)src->select, kprof_hal_presence_name(p));
		kprof_pmu_counter_config cfg = {0, 100000, 0, 0}; /* counter 0, every 100000 events */
		st = kprof_hal_plan_get(&d, src, &cfg, &plan);
		if (st == KPROF_OK)
			DbgPrint("kprofdrv: plan: counter 0 select msr 0x%x = 0x%08x%08x, counter msr 0x%x\n",
			         (unsigned)plan.select_msr, (unsigned)(plan.start_select >> 32),
			         (unsigned)plan.start_select, (unsigned)plan.counter_msr);
		else
			DbgPrint("kprofdrv: plan: %s\n", kprof_status_name(st));
	}

	/* MSR access runs on the processor it is meant for: pin this thread to processor 0.
	 * Intel: IA32_MISC_ENABLE (bit 7: performance monitoring available). AMD has no such MSR:
	 * read its first PerfEvtSel (is counter 0 in use). A hypervisor may refuse either; the
	 * hook turns the fault into KPROF_E_FAULT. */
	sel = d.vendor == KPROF_CPUID_VENDOR_INTEL ? KPROF_MSR_IA32_PERFEVTSEL(0)
	    : d.vendor == KPROF_CPUID_VENDOR_AMD   ? KPROF_MSR_AMD_PERFEVTSEL(0)
	                                     : 0;
	msr = d.vendor == KPROF_CPUID_VENDOR_INTEL ? KPROF_MSR_IA32_MISC_ENABLE : sel;
	old = KeSetSystemAffinityThreadEx((KAFFINITY)1);
	if (msr) {
		st = kprof_msr_read(msr, &v);
		if (st == KPROF_OK)
			DbgPrint("kprofdrv: rdmsr 0x%x = 0x%08x%08x\n", (unsigned)msr, (unsigned)(v >> 32),
			         (unsigned)v);
		else
			DbgPrint("kprofdrv: rdmsr 0x%x: %s\n", (unsigned)msr, kprof_status_name(st));
	}
	/* The write path: put back counter 0's select as it is, and only while its enable bit is
	 * clear (nobody is counting), so the write changes nothing. Where MSR writes are refused
	 * (no PMU, a hypervisor, Wine) this is the fault the hook catches. */
	if (sel && kprof_msr_read(sel, &v) == KPROF_OK &&
	    !(v & (d.vendor == KPROF_CPUID_VENDOR_AMD ? KPROF_AMD_PERFEVTSEL_EN_MASK
	                                        : KPROF_IA32_PERFEVTSEL_EN_MASK))) {
		st = kprof_msr_write(sel, v);
		DbgPrint("kprofdrv: wrmsr 0x%x: %s\n", (unsigned)sel, kprof_status_name(st));
	}
	KeRevertToUserAffinityThreadEx(old);
}

void KprofdrvUnload(PDRIVER_OBJECT driver)
{
	UNREFERENCED_PARAMETER(driver);
	DbgPrint("kprofdrv: unloaded\n");
}

NTSTATUS DriverEntry(PDRIVER_OBJECT driver, PUNICODE_STRING registry_path)
{
	UNREFERENCED_PARAMETER(registry_path);
	driver->DriverUnload = KprofdrvUnload;
	DbgPrint("kprofdrv: kprof %s\n", KPROF_VERSION_STRING);
	KprofdrvReport();
	return STATUS_SUCCESS;
}
