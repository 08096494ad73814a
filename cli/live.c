/* kprof command, this machine: its cpuid leaves in the format of `cpuid -r` (Debian's cpuid),
 * which `kprof info --cpuid-file` and `cpuid -f` both read back - of the CPU kprof runs on, or
 * of every online CPU with the thread pinned to each in turn - and the HAL's decision on it. */
#define _GNU_SOURCE
#include "live.h"
#include "machine.h"

#include <errno.h>
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <sched.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A range's max leaf comes from the processor: never walk more than this many leaves of one
 * range, whatever a confused (or emulated) processor claims. */
#define RANGE_CAP   0x100u
#define SUBLEAF_CAP 64u

static void (*emit)(const char *line, void *ctx);
static void *emit_ctx;

static void leaf_line(uint32_t leaf, uint32_t subleaf, const uint32_t r[4])
{
	kprof_dump_record rec;
	char line[128];
	memset(&rec, 0, sizeof rec);
	rec.leaf = leaf;
	rec.subleaf = subleaf;
	rec.eax = r[0];
	rec.ebx = r[1];
	rec.ecx = r[2];
	rec.edx = r[3];
	if (kprof_dump_record_format(&rec, line, sizeof line, NULL) == KPROF_OK)
		emit(line, emit_ctx);
}

/* One leaf and the sub-leaves it has, enumerated by each leaf's own rule (Intel SDM vol. 2
 * CPUID; AMD APM vol. 3 appendix E), as `cpuid -r` does. */
static void dump_leaf(uint32_t leaf)
{
	uint32_t r[4], r0[4], s, last = 0;
	uint64_t xsave_bits = 0;
	kprof_cpuid_leaf_read(leaf, 0, r0);
	leaf_line(leaf, 0, r0);
	switch (leaf) {
	case 0x04u:
	case 0x8000001Du:
		/* Cache parameters: sub-leaves until the cache type (eax[4:0]) is 0, which is
		 * printed too. */
		for (s = 1; s < SUBLEAF_CAP && (r0[0] & 0x1Fu) != 0; s++) {
			kprof_cpuid_leaf_read(leaf, s, r0);
			leaf_line(leaf, s, r0);
		}
		return;
	case 0x0Bu:
	case 0x1Fu:
	case 0x80000026u:
		/* Topology: until the level type (ecx[15:8]) is 0, printed too. */
		for (s = 1; s < SUBLEAF_CAP && (r0[2] & 0xFF00u) != 0; s++) {
			kprof_cpuid_leaf_read(leaf, s, r0);
			leaf_line(leaf, s, r0);
		}
		return;
	case KPROF_CPUID_LEAF_STRUCT_EXT:
	case 0x14u:
	case 0x17u:
	case 0x18u:
	case 0x1Du:
	case 0x20u:
		/* Sub-leaf 0 eax = the highest sub-leaf. */
		last = r0[0] < SUBLEAF_CAP ? r0[0] : SUBLEAF_CAP - 1;
		break;
	case 0x0Du:
		/* XSAVE: 0 and 1, then each state component set in XCR0 (sub-leaf 0 edx:eax) or
		 * IA32_XSS (sub-leaf 1 edx:ecx). */
		kprof_cpuid_leaf_read(leaf, 1, r);
		leaf_line(leaf, 1, r);
		xsave_bits = ((uint64_t)r0[3] << 32 | r0[0]) | ((uint64_t)r[3] << 32 | r[2]);
		for (s = 2; s < 64; s++) {
			if (xsave_bits >> s & 1u) {
				kprof_cpuid_leaf_read(leaf, s, r);
				leaf_line(leaf, s, r);
			}
		}
		return;
	case 0x0Fu:
		/* RDT monitoring: sub-leaf 1 (L3) when sub-leaf 0 edx bit 1 says it exists. */
		last = (r0[3] >> 1 & 1u) ? 1 : 0;
		break;
	case 0x10u:
		/* RDT allocation: sub-leaf n (1..3) when sub-leaf 0 ebx bit n says it exists. */
		for (s = 1; s <= 3; s++) {
			if (r0[1] >> s & 1u) {
				kprof_cpuid_leaf_read(leaf, s, r);
				leaf_line(leaf, s, r);
			}
		}
		return;
	case 0x80000020u:
		last = 3;
		break;
	case KPROF_CPUID_LEAF_PERFMON_EXT:
		/* Architectural perfmon extended: sub-leaf n when sub-leaf 0 eax bit n says it is
		 * valid (the spec's cpuid_23_0_eax fields, sub-leaf 1 the first); a dump records
		 * the sub-leaves a later processor adds above the spec's too. */
		for (s = KPROF_CPUID_23_0_EAX_COUNTERS_LEAF_SHIFT; s < 32; s++) {
			if (r0[0] >> s & 1u) {
				kprof_cpuid_leaf_read(leaf, s, r);
				leaf_line(leaf, s, r);
			}
		}
		return;
	case 0x12u:
		/* SGX: 0, 1, then EPC sections until the sub-leaf type (eax[3:0]) is 0. */
		kprof_cpuid_leaf_read(leaf, 1, r);
		leaf_line(leaf, 1, r);
		for (s = 2; s < SUBLEAF_CAP; s++) {
			kprof_cpuid_leaf_read(leaf, s, r);
			leaf_line(leaf, s, r);
			if ((r[0] & 0xFu) == 0)
				break;
		}
		return;
	default: return;
	}
	for (s = 1; s <= last; s++) {
		kprof_cpuid_leaf_read(leaf, s, r);
		leaf_line(leaf, s, r);
	}
}

static void dump_range(uint32_t base, uint32_t max)
{
	uint32_t leaf;
	if (max < base || max - base >= RANGE_CAP)
		max = base + RANGE_CAP - 1;
	for (leaf = base; leaf <= max; leaf++)
		dump_leaf(leaf);
}

int kprof_cli_live_cpuid_lines(void (*out)(const char *line, void *ctx), void *ctx)
{
	uint32_t r[4];
	if (kprof_cpuid_leaf_read(0, 0, r) != KPROF_OK) {
		kprof_cli_error("cpuid-dump: this build or processor has no cpuid instruction");
		return KPROF_CLI_EXIT_FAILURE;
	}
	emit = out;
	emit_ctx = ctx;
	dump_range(0, r[0]);
	kprof_cpuid_leaf_read(1, 0, r);
	if (KPROF_FIELD_GET(KPROF_CPUID_1_ECX_HYPERVISOR, r[KPROF_CPUID_REG_ECX])) {
		/* The hypervisor range exists only when cpuid.1:ecx[31] says so; some hypervisors
		 * report 0 as their max leaf, meaning 0x40000001. */
		uint32_t hv[4];
		kprof_cpuid_leaf_read(KPROF_CPUID_LEAF_HV_VENDOR, 0, hv);
		dump_range(KPROF_CPUID_LEAF_HV_VENDOR, hv[0] < KPROF_CPUID_LEAF_HV_INTERFACE
		                                               ? KPROF_CPUID_LEAF_HV_INTERFACE
		                                               : hv[0]);
	}
	kprof_cpuid_leaf_read(KPROF_CPUID_LEAF_EXT_MAX, 0, r);
	if (r[0] >= KPROF_CPUID_LEAF_EXT_MAX && r[0] - KPROF_CPUID_LEAF_EXT_MAX < RANGE_CAP)
		dump_range(KPROF_CPUID_LEAF_EXT_MAX, r[0]);
	return 0;
}

static void append_line(const char *s, void *ctx)
{
	kprof_cli_text_append((kprof_cli_text *)ctx, s);
}

/* Every CPU this process may run on, each pinned in turn, as `cpuid -r` text with `CPU n:`
 * blocks. 0, or an exit code after a message. */
/* One CPU's block (the thread already runs there). */
static int dump_pinned(int c, kprof_cli_text *t)
{
	char header[32];
	if (kprof_dump_header_format((uint32_t)c, header, sizeof header, NULL) == KPROF_OK)
		kprof_cli_text_append(t, header);
	return kprof_cli_live_cpuid_lines(append_line, t);
}

int kprof_cli_live_cpuid_all_text(kprof_cli_text *t)
{
	int c, done = 0, rc = 0;
#ifdef _WIN32
	HANDLE self = GetCurrentThread();
	DWORD_PTR allowed, system;
	memset(t, 0, sizeof *t);
	if (!GetProcessAffinityMask(GetCurrentProcess(), &allowed, &system))
		return kprof_cli_error("cpuid-dump --all: GetProcessAffinityMask failed (%lu)",
		                       (unsigned long)GetLastError());
	for (c = 0; c < (int)(8 * sizeof allowed); c++) {
		if (!((allowed >> c) & 1u))
			continue;
		if (!SetThreadAffinityMask(self, (DWORD_PTR)1 << c))
			continue; /* went offline meanwhile */
		if ((rc = dump_pinned(c, t)) != 0)
			break;
		done++;
	}
	(void)SetThreadAffinityMask(self, allowed);
#else
	cpu_set_t allowed, one;
	memset(t, 0, sizeof *t);
	if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
		return kprof_cli_error("cpuid-dump --all: sched_getaffinity: %s", strerror(errno));
	for (c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, &allowed))
			continue;
		CPU_ZERO(&one);
		CPU_SET(c, &one);
		if (sched_setaffinity(0, sizeof one, &one) != 0)
			continue; /* went offline meanwhile */
		if ((rc = dump_pinned(c, t)) != 0)
			break;
		done++;
	}
	(void)sched_setaffinity(0, sizeof allowed, &allowed);
#endif
	if (rc) {
		free(t->data);
		return rc;
	}
	if (t->failed || !done) {
		free(t->data);
		return t->failed ? kprof_cli_error("cpuid-dump --all: out of memory")
		                 : kprof_cli_error("cpuid-dump --all: could not run on any CPU");
	}
	{
		uint32_t online = kprof_cli_live_online_cpus();
		if (online > (uint32_t)done)
			kprof_cli_warn("--all read %d of the %lu online CPUs: the affinity mask (taskset, "
			               "cpuset, job object) hides the others",
			               done, (unsigned long)online);
	}
	return 0;
}

int kprof_cli_live_pin(uint32_t *cpu)
{
	int c;
#ifdef _WIN32
	DWORD_PTR allowed, system;
	if (!GetProcessAffinityMask(GetCurrentProcess(), &allowed, &system))
		return -1;
	for (c = 0; c < (int)(8 * sizeof allowed); c++)
		if (((allowed >> c) & 1u) && SetThreadAffinityMask(GetCurrentThread(), (DWORD_PTR)1 << c)) {
			*cpu = (uint32_t)c;
			return 0;
		}
#else
	cpu_set_t allowed, one;
	if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
		return -1;
	for (c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, &allowed))
			continue;
		CPU_ZERO(&one);
		CPU_SET(c, &one);
		if (sched_setaffinity(0, sizeof one, &one) == 0) {
			*cpu = (uint32_t)c;
			return 0;
		}
	}
#endif
	return -1;
}

uint32_t kprof_cli_live_online_cpus(void)
{
#ifdef _WIN32
	SYSTEM_INFO si;
	GetSystemInfo(&si);
	return (uint32_t)si.dwNumberOfProcessors;
#else
	/* /sys/devices/system/cpu/online: "0-3,5" */
	FILE *f = fopen("/sys/devices/system/cpu/online", "r");
	unsigned long a, b, n = 0;
	int ch;
	if (!f)
		return 0;
	while (fscanf(f, "%lu", &a) == 1) {
		b = a;
		ch = fgetc(f);
		if (ch == '-') {
			if (fscanf(f, "%lu", &b) != 1)
				break;
			ch = fgetc(f);
		}
		if (b >= a)
			n += b - a + 1;
		if (ch != ',')
			break;
	}
	fclose(f);
	return (uint32_t)n;
#endif
}

int kprof_cli_live_cpuid_this_text(kprof_cli_text *t, uint32_t *cpu)
{
	char header[32];
	int rc;
	memset(t, 0, sizeof *t);
	*cpu = 0;
	if (kprof_cli_live_pin(cpu) != 0)
		return kprof_cli_error("cannot pin this thread to one CPU: which CPU the leaves come "
		                       "from would be unknown");
	if (kprof_dump_header_format(*cpu, header, sizeof header, NULL) == KPROF_OK)
		kprof_cli_text_append(t, header);
	if ((rc = kprof_cli_live_cpuid_lines(append_line, t)) != 0 || t->failed) {
		free(t->data);
		return rc ? rc : kprof_cli_error("cpuid-dump: out of memory");
	}
	return 0;
}

const kprof_hal_decision *kprof_cli_live_decision(void)
{
	static kprof_hal_decision d;
	static int state; /* 0 not read, 1 read, -1 no cpuid */
	if (state == 0) {
		kprof_cpuid_snapshot snap;
		state = -1;
		if (kprof_cpuid_snapshot_read(&snap) == KPROF_OK) {
			(void)kprof_cli_decide(&snap, KPROF_HAL_BUILD_X64, &d);
			state = 1;
		}
	}
	return state > 0 ? &d : NULL;
}

int kprof_cli_live_status(const kprof_source *s, uint32_t hal)
{
	static kprof_hal_decision d;
	static int state; /* 0 not read, 1 read, -1 no cpuid */
	static uint32_t read_for;
	if (state == 0 || (state > 0 && read_for != hal)) {
		kprof_cpuid_snapshot snap;
		state = -1;
		if (kprof_cpuid_snapshot_read(&snap) == KPROF_OK) {
			(void)kprof_cli_decide(&snap, hal, &d);
			read_for = hal;
			state = 1;
		}
	}
	return state > 0 ? (int)kprof_cli_presence(&d, s) : KPROF_HAL_PRESENCE_ABSENT;
}

kprof_cpuid_vendor kprof_cli_default_vendor(void)
{
	const kprof_hal_decision *d = kprof_cli_live_decision();
	return d && d->vendor == KPROF_CPUID_VENDOR_AMD ? KPROF_CPUID_VENDOR_AMD
	                                                : KPROF_CPUID_VENDOR_INTEL;
}

kprof_source_table kprof_cli_default_interface(void)
{
	kprof_cpuid_vendor v = kprof_cli_default_vendor();
	unsigned t;
	/* The table the HAL may choose whose selects use that vendor's layout. */
	for (t = 0; t < KPROF_SOURCE_TABLE_COUNT; t++) {
		const kprof_source_table_info *i = kprof_source_table_info_by_id((kprof_source_table)t);
		if (i && i->hal && i->vendor == (uint8_t)v)
			return (kprof_source_table)t;
	}
	return KPROF_SOURCE_TABLE_EMON;
}
