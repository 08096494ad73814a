/* kprof cpuid-dump: this processor's leaves in the format of `cpuid -r` (Debian's cpuid),
 * which `kprof info --cpuid-file` and `cpuid -f` both read back. */
#include "cli.h"

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
	case 0x07u:
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
	case 0x23u:
		/* Architectural perfmon extended: sub-leaf n when sub-leaf 0 eax bit n says it is
		 * valid (Intel SDM vol. 2A CPUID leaf 23H). */
		for (s = 1; s < 32; s++) {
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


/* The dump text as JSON: read back with the library's own dump reader, so the JSON holds
 * exactly what `kprof info --cpuid-file` would read from the text. */
static int dump_json(const kprof_cli_text *t)
{
	kprof_dump_iter it;
	kprof_dump_record r;
	kprof_status st;
	int32_t block = -1;
	if (kprof_dump_iter_init(&it, t->data, t->len) != KPROF_OK)
		return kprof_cli_error("cpuid-dump: out of memory");
	kprof_cli_puts("{\"cpus\": [");
	while ((st = kprof_dump_iter_next(&it, &r)) == KPROF_OK) {
		if ((int32_t)r.cpu != block) {
			kprof_cli_puts(block < 0 ? "\n  {" : "\n  ]},\n  {");
			block = (int32_t)r.cpu;
			if (r.cpu_id == KPROF_DUMP_NO_CPU_ID)
				kprof_cli_puts("\"cpu\": null, \"leaves\": [");
			else
				kprof_cli_printf("\"cpu\": %lu, \"leaves\": [", (unsigned long)r.cpu_id);
			kprof_cli_puts("\n    ");
		} else {
			kprof_cli_puts(",\n    ");
		}
		kprof_cli_printf("{\"leaf\": %lu, \"subleaf\": %lu, \"eax\": %lu, \"ebx\": %lu, "
		                 "\"ecx\": %lu, \"edx\": %lu}",
		                 (unsigned long)r.leaf, (unsigned long)r.subleaf, (unsigned long)r.eax,
		                 (unsigned long)r.ebx, (unsigned long)r.ecx, (unsigned long)r.edx);
	}
	if (st != KPROF_END)
		return kprof_cli_error("cpuid-dump: its own output did not read back (%s)",
		                       kprof_status_name(st));
	kprof_cli_puts(block < 0 ? "]}\n" : "\n  ]}\n]}\n");
	return 0;
}

int kprof_cmd_cpuid_dump(const kprof_cli_args *a)
{
	if (kprof_cli_get(a, "--json")->set) {
		kprof_cli_text t;
		uint32_t cpu;
		int rc = kprof_cli_get(a, "--all")->set ? kprof_cli_cpuid_dump_all_text(&t)
		                                        : kprof_cli_cpuid_dump_this_text(&t, &cpu);
		if (rc)
			return rc;
		rc = dump_json(&t);
		free(t.data);
		return rc;
	}
	if (kprof_cli_get(a, "--all")->set)
		return kprof_cli_cpuid_dump_all();
	{
		/* One CPU's block, labelled with the CPU it was read on (pinned: CPU 0 when the
		 * affinity mask allows it). */
		kprof_cli_text t;
		uint32_t cpu;
		int rc = kprof_cli_cpuid_dump_this_text(&t, &cpu);
		if (rc)
			return rc;
		kprof_cli_puts(t.data);
		free(t.data);
		return 0;
	}
}

int kprof_cli_cpuid_lines(void (*out)(const char *line, void *ctx), void *ctx)
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
