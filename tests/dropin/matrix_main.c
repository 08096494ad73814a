/* The drop-in matrix program, part 1 of 2: one translation unit that uses a broad slice of
 * kprof.h, written in the common subset of C99 and C++11 so every compiler, standard and
 * target of tests/dropin/matrix.py builds the same text.
 *
 * stdout carries only facts that must be identical on every build (tables, codecs, decoders):
 * matrix.py compares it byte for byte with the reference build, across compilers, word
 * sizes and byte orders. What depends on the machine (live cpuid) goes to stderr. The last
 * stdout line is "N passed, N failed" for the program's own checks. This unit holds kprof's
 * implementation: it includes kprof.h first without KPROF_IMPLEMENTATION, then with it. */
#include "kprof.h"
#define KPROF_IMPLEMENTATION
#include "kprof.h" /* the second include compiles the implementation, and only that */
#include "kprof.h" /* a third is a no-op */

#include <stdio.h>
#include <string.h>

#include "matrix.h"

static unsigned long passed, failed;

static void check(int ok, int line, const char *what)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		fprintf(stderr, "matrix_main.c:%d: check failed: %s\n", line, what);
	}
}
#define CHECK(c) check(!!(c), __LINE__, #c)

/* Facts from the seeds, typed here independently of the spec: the Emon row of
 * LLC misses (seed 000) and the sizes of the tables (seeds 000, 001, 002). */
static void check_seed_facts(void)
{
	size_t n = 0;
	const kprof_source *s = kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1D);
	CHECK(s != NULL && s->select == 0x0003412Eu && s->ebx_bit == 4);
	CHECK(kprof_source_rows_by_table(KPROF_SOURCE_TABLE_AMD64, &n) != NULL && n == 176);
	CHECK(kprof_source_rows_by_table(KPROF_SOURCE_TABLE_EMON, &n) != NULL && n == 13);
	CHECK(kprof_source_rows_by_table(KPROF_SOURCE_TABLE_GENERIC, &n) != NULL && n == 25);
	CHECK(kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1E) == NULL || kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1E)->value == 0x1E);
	CHECK(kprof_source_rows_by_table((kprof_source_table)KPROF_SOURCE_TABLE_COUNT, &n) == NULL);
#ifndef KPROF_NO_NAMES
	s = kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "llcmisses", 9);
	CHECK(s != NULL && s->value == 0x1D);
	CHECK(s != NULL && strcmp(kprof_source_name_get(s), "ProfileLLCMisses") == 0);
	CHECK(kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "LLCMissesX", 10) == NULL);
	CHECK(strcmp(kprof_status_name(KPROF_E_TRUNCATED), "KPROF_E_TRUNCATED") == 0);
	CHECK(kprof_status_name((kprof_status)7) == NULL); /* within the enumeration's range, named by no status */
#endif
}

static void dump_tables(void)
{
	unsigned itf;
	for (itf = 0; itf < KPROF_SOURCE_TABLE_COUNT; itf++) {
		size_t n = 0, i;
		const kprof_source *rows = kprof_source_rows_by_table((kprof_source_table)itf, &n);
		const kprof_source_table_info *info = kprof_source_table_info_by_id((kprof_source_table)itf);
		CHECK(rows != NULL && info != NULL);
		if (!rows || !info)
			continue;
		printf("interface %u hal=%u vendor=%u counters=%u width=%u count=%u max=0x%X evtsel=0x%lX ctr=0x%lX\n",
		       itf, (unsigned)info->hal, (unsigned)info->vendor, (unsigned)info->counters,
		       (unsigned)info->counter_width, (unsigned)info->count, (unsigned)info->max_value,
		       (unsigned long)info->perfevtsel_msr, (unsigned long)info->counter_msr);
		CHECK(info->count == n);
		for (i = 0; i < n; i++) {
			const kprof_source *r = &rows[i];
			const kprof_source *same[8];
			size_t k = 0;
			kprof_status st = kprof_source_all_by_select((kprof_source_table)itf, r->select, same, 8, &k);
			CHECK(st == (k > 8 ? KPROF_E_BUFFER_TOO_SMALL : KPROF_OK) && k >= 1);
			CHECK(kprof_source_by_value((kprof_source_table)itf, r->value) == r);
			printf(" 0x%02X sel=0x%08lX ebx=%d iv=%u same=%lu", (unsigned)r->value,
			       (unsigned long)r->select, (int)r->ebx_bit, (unsigned)r->interval, (unsigned long)k);
#ifndef KPROF_NO_NAMES
			{
				const char *name = kprof_source_name_get(r);
				const char *desc = kprof_source_description_get(r);
				CHECK(kprof_source_by_name((kprof_source_table)itf, name, strlen(name)) == r);
				CHECK(kprof_source_by_name((kprof_source_table)itf, desc, strlen(desc)) == r);
				printf(" %s \"%s\"", name, desc);
			}
#endif
			if (r->select) {
				kprof_pmu_select d;
				uint64_t back = 0;
				kprof_cpuid_vendor v = info->vendor ? kprof_source_table_info_vendor_get(info) : KPROF_CPUID_VENDOR_INTEL;
				if (kprof_pmu_select_unpack(v, r->select, &d) == KPROF_OK) {
					CHECK(kprof_pmu_select_pack(v, &d, &back) == KPROF_OK && back == r->select);
					printf(" ev=0x%X um=0x%02X usr=%u os=%u", (unsigned)d.event,
					       (unsigned)d.umask, (unsigned)d.usr, (unsigned)d.os);
				} else {
					check(0, __LINE__, "a table's select decodes");
				}
			}
			printf("\n");
		}
	}
}

static void dump_codecs(void)
{
	uint8_t b[8];
	kprof_pmu_select d;
	uint64_t v = 0;
	memset(&d, 0, sizeof d);
	kprof_bytes_le64_store(b, UINT64_C(0x0123456789ABCDEF));
	CHECK(b[0] == 0xEF && b[7] == 0x01);
	CHECK(kprof_bytes_le64_load(b) == UINT64_C(0x0123456789ABCDEF));
	CHECK(kprof_bytes_le32_load(b + 4) == 0x01234567u && kprof_bytes_le16_load(b + 2) == 0x89ABu);
	kprof_bytes_le16_store(b, 0xBEEF);
	kprof_bytes_le32_store(b + 2, 0xCAFEF00Du);
	printf("le %02X %02X %02X %02X %02X %02X\n", b[0], b[1], b[2], b[3], b[4], b[5]);
	/* An AMD select with a 12-bit event, guest-only, and every flag. */
	d.event = 0x1D6;
	d.umask = 0x3C;
	d.cmask = 0x81;
	d.usr = d.os = d.edge = d.intr = d.en = d.inv = d.host_only = 1;
	CHECK(kprof_pmu_select_pack(KPROF_CPUID_VENDOR_AMD, &d, &v) == KPROF_OK);
	printf("amd select 0x%08lX%08lX\n", (unsigned long)(v >> 32), (unsigned long)(v & 0xFFFFFFFFu));
	CHECK(KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_EVENT_HI, v) == 1 &&
	      KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_UMASK, v) == 0x3C);
	d.any = 1;
	CHECK(kprof_pmu_select_pack(KPROF_CPUID_VENDOR_AMD, &d, &v) == KPROF_E_RANGE);
	CHECK(kprof_pmu_select_unpack(KPROF_CPUID_VENDOR_INTEL, UINT64_C(0x100000000), &d) == KPROF_E_RESERVED);
	CHECK(kprof_pmu_select_unpack(KPROF_CPUID_VENDOR_AMD, KPROF_IA32_PERFEVTSEL_ANY_MASK, &d) == KPROF_E_RESERVED);
	v = KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_CMASK, 0x1FF);
	CHECK(v == KPROF_FIELD_PREP(KPROF_IA32_PERFEVTSEL_CMASK, 0xFF));
	CHECK(KPROF_MSR_IA32_PERFEVTSEL(1) == 0x187u && KPROF_MSR_AMD_PERFCTR(3) == 0xC0010007u);
}

/* A snapshot as a dump would give it: Skylake-like Intel leaves typed from the SDM's
 * layout, not from kprof. */
static void dump_snapshot(void)
{
	kprof_cpuid_snapshot s;
	uint32_t perfmon[4], vendor[4];
	static const uint32_t leaf0[4] = {0x16, 0x756E6547u, 0x6C65746Eu, 0x49656E69u},
	                      leaf0a[4] = {0x07300404u, 0, 0, 0x603}, leaf0a_other[4] = {0x07300405u, 0, 0, 0x603},
	                      zero[4] = {0, 0, 0, 0}, lwp_regs[4] = {1, 2, 3, 4};
	const kprof_cpuid_leaf *lwp;
	kprof_cpuid_snapshot_init(&s);
	CHECK(kprof_cpuid_snapshot_get(&s, KPROF_CPUID_SLOT_VENDOR, vendor) == KPROF_E_NOT_FOUND);
	CHECK(kprof_cpuid_snapshot_set(&s, 0, 0, leaf0) == KPROF_OK);
	CHECK(kprof_cpuid_snapshot_set(&s, 0xA, 0, leaf0a) == KPROF_OK);
	CHECK(kprof_cpuid_snapshot_set(&s, 0xA, 0, leaf0a_other) == KPROF_E_DUPLICATE);
	CHECK(kprof_cpuid_snapshot_set(&s, 0x1234, 0, zero) == KPROF_E_NOT_FOUND);
	CHECK(kprof_cpuid_snapshot_set(&s, 0x8000001Cu, 0, lwp_regs) == KPROF_OK);
	lwp = kprof_cpuid_leaf_by_number(0x8000001Cu, 0);
	CHECK(lwp && lwp->slot == KPROF_CPUID_SLOT_LWP);
	/* No 0x80000000 leaf: the extended range is unknown, so 0x8000001C is not trusted. */
	CHECK(kprof_cpuid_snapshot_get(&s, KPROF_CPUID_SLOT_LWP, perfmon) == KPROF_E_NOT_FOUND);
	CHECK(kprof_cpuid_snapshot_get(&s, KPROF_CPUID_SLOT_PERFMON, perfmon) == KPROF_OK);
	CHECK(kprof_cpuid_snapshot_get(&s, KPROF_CPUID_SLOT_VENDOR, vendor) == KPROF_OK);
	printf("snapshot present=0x%lX perfmon.eax=0x%08lX vendor.eax=0x%lX\n", (unsigned long)s.present,
	       (unsigned long)perfmon[KPROF_CPUID_REG_EAX], (unsigned long)vendor[KPROF_CPUID_REG_EAX]);
}

/* A dump in AIDA64's format (Conroe's leaves, from the InstLatx64 dump of that processor),
 * parsed, then decided on. By the HAL's rules (reference/hal-profile-interfaces.md): Intel,
 * max leaf 0x0A, version 2, 7 meaningful ebx bits, ebx 0: Emon with 2 counters of 40 bits. */
static void dump_decision(void)
{
	static const char text[] = "CPUID 00000000: 0000000A-756E6547-6C65746E-49656E69 [GenuineIntel]\n"
	                           "CPUID 00000001: 000006F6-00020800-0000E3BD-BFEBFBFF\n"
	                           "CPUID 0000000A: 07280202-00000000-00000000-00000000\n"
	                           "CPUID 80000000: 80000008-00000000-00000000-00000000\n"
	                           "CPUID 80000001: 00000000-00000000-00000001-20100000\n";
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	size_t n = 0, i, supported = 0;
	const kprof_source *rows;
	kprof_hal_presence p;
	CHECK(kprof_dump_snapshot_get(text, sizeof text - 1, 0, &s, NULL) == KPROF_OK);
	CHECK(kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_10_1507, &d) == KPROF_OK);
	CHECK(d.table == KPROF_SOURCE_TABLE_EMON && d.counters == 2 && d.counter_width == 40);
	rows = kprof_source_rows_by_table(d.table, &n);
	for (i = 0; rows && i < n; i++)
		supported += kprof_hal_source_presence_get(&d, &rows[i], &p) == KPROF_OK && p == KPROF_HAL_PRESENCE_PRESENT;
	printf("decision interface=%u reason=%u counters=%u width=%u supported=%lu of %lu family=%lu model=0x%lX\n",
	       (unsigned)d.table, (unsigned)d.reason, (unsigned)d.counters, (unsigned)d.counter_width,
	       (unsigned long)supported, (unsigned long)n, (unsigned long)d.family, (unsigned long)d.model);
#ifndef KPROF_NO_NAMES
	CHECK(kprof_hal_reason_name(d.reason) != NULL);
#endif
	{
		/* rdmsr is ring 0 only: a live build here would fault, so only the no-live build
		 * calls it; every build compiles it. */
		kprof_status (*rd)(uint32_t, uint64_t *) = kprof_msr_read;
#if defined(KPROF_NO_LIVE)
		uint64_t v = 1;
		CHECK(rd(KPROF_MSR_IA32_MISC_ENABLE, &v) == KPROF_E_NOT_AVAILABLE && v == 0);
#else
		check(rd != NULL, __LINE__, "kprof_msr_read compiles"); /* same count in every build */
#endif
	}
}

static void live(void)
{
	uint32_t r[4];
	kprof_status st = kprof_cpuid_leaf_read(0, 0, r);
#if defined(KPROF_NO_LIVE)
	CHECK(st == KPROF_E_NOT_AVAILABLE && r[0] == 0 && r[1] == 0);
#else
	CHECK(st == KPROF_OK && r[0] >= 1);
#endif
#if defined(MATRIX_EXPECT_NO_LIVE) && !defined(KPROF_NO_LIVE)
	/* The build is for a target without x86 instructions: the header must have known. */
	check(0, __LINE__, "KPROF_NO_LIVE is defined on a target that is not x86");
#endif
	fprintf(stderr, "live cpuid(0): status %d, max leaf 0x%lX\n", (int)st, (unsigned long)r[0]);
	{
		kprof_cpuid_snapshot s;
		st = kprof_cpuid_snapshot_read(&s);
		fprintf(stderr, "live snapshot: status %d present 0x%lX\n", (int)st, (unsigned long)s.present);
	}
}

int main(void)
{
	check_seed_facts();
	dump_tables();
	dump_codecs();
	dump_snapshot();
	dump_decision();
	live();
	matrix_second(&passed, &failed);
	printf("%lu passed, %lu failed\n", passed, failed);
	return failed ? 1 : 0;
}
