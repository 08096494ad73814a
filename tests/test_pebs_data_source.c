/* The PEBS data source decoded per microarchitecture (issue 34). Every expectation below was
 * worked out by hand from Linux's tables (arch/x86/events/intel/ds.c: pebs_data_source[] and
 * the _nhm/_skl/_grt/_cmt adjustments, lnc_pebs_data_source[], the bit fields of union
 * intel_x86_pebs_dse; core.c intel_pmu_init: which model calls which), not from kprof's spec:
 * a wrong row, a wrong bit position or a wrong model-to-table link fails a check here. */
#include "kprof.h"
#include "kprof_test.h"

#define INTEL "GenuineIntel"
#define T(x) KPROF_PEBS_DATA_SOURCE_TABLE_##x
#define LV(x) KPROF_PEBS_DATA_SOURCE_LEVEL_##x
#define SN(x) KPROF_PEBS_DATA_SOURCE_SNOOP_##x
#define FL(x) KPROF_PEBS_DATA_SOURCE_FLAG_##x
#define CORE_LINE 0x40u /* leaf 0x1A core types */
#define ATOM_LINE 0x20u

static kprof_status scheme(const char *vendor, uint32_t family, uint32_t model, uint32_t stepping,
                           int hybrid, uint32_t core_type, kprof_pebs_data_source_scheme *s)
{
	return kprof_pebs_data_source_scheme_get(
	        kprof_cpuid_uarch_by_signature(vendor, family, model, stepping), hybrid, core_type, s);
}

/* raw through scheme s as a load (or access); the table row's level/hit/snoop/remote. */
static kprof_pebs_data_source unpack(const kprof_pebs_data_source_scheme *s,
                                     kprof_pebs_data_source_access access, uint64_t raw)
{
	kprof_pebs_data_source d;
	CHECK_EQ(kprof_pebs_data_source_unpack(s, access, raw, &d), KPROF_OK);
	return d;
}

static void check_row(const kprof_pebs_data_source *d, kprof_pebs_data_source_level level, int hit,
                      kprof_pebs_data_source_snoop snoop, int remote, int line)
{
	int ok = d->level == level && d->hit == hit && d->snoop == snoop && d->remote == remote &&
	         d->row != 0;
	if (!ok)
		fprintf(stderr, "line %d: raw 0x%llx table %d code 0x%x: level %d hit %d snoop %d remote %d row %d\n",
		        line, (unsigned long long)d->raw, (int)d->table, (unsigned)d->code, (int)d->level,
		        d->hit, (int)d->snoop, d->remote, (int)d->row);
	CHECK(ok);
}
#define ROW(d, lv, hit, sn, rem) check_row(&(d), LV(lv), hit, SN(sn), rem, __LINE__)

static void flags(const kprof_pebs_data_source *d, kprof_pebs_data_source_flag stlb,
                  kprof_pebs_data_source_flag lock, kprof_pebs_data_source_flag dblk,
                  kprof_pebs_data_source_flag ablk, int line)
{
	int ok = d->stlb_miss == stlb && d->locked == lock && d->data_blocked == dblk &&
	         d->address_blocked == ablk;
	if (!ok)
		fprintf(stderr, "line %d: raw 0x%llx: stlb %d locked %d data %d address %d\n", line,
		        (unsigned long long)d->raw, (int)d->stlb_miss, (int)d->locked,
		        (int)d->data_blocked, (int)d->address_blocked);
	CHECK(ok);
}
#define FLAGS(d, a, b, c, e) flags(&(d), FL(a), FL(b), FL(c), FL(e), __LINE__)

#define LOAD KPROF_PEBS_DATA_SOURCE_ACCESS_LOAD
#define STORE KPROF_PEBS_DATA_SOURCE_ACCESS_STORE

static void nehalem_westmere(void)
{
	kprof_pebs_data_source_scheme s;
	kprof_pebs_data_source d;
	/* Nehalem-EP: the nhm patches (0x05 snoop hit, 0x06/0x07 hitm), no TLB or lock bits. */
	CHECK_EQ(scheme(INTEL, 6, 0x1A, 5, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(NEHALEM));
	d = unpack(&s, LOAD, 0x35);
	CHECK_EQ(d.code, 5);
	ROW(d, L3, 1, HIT, 0);
	FLAGS(d, NA, NA, NA, NA);
	d = unpack(&s, LOAD, 0x07);
	ROW(d, L3, 1, HITM, 0);
	/* Westmere: the same table, but TLB (bit 4) and lock (bit 5) reported. */
	CHECK_EQ(scheme(INTEL, 6, 0x2C, 2, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(NEHALEM));
	d = unpack(&s, LOAD, 0x17);
	ROW(d, L3, 1, HITM, 0);
	FLAGS(d, YES, NO, NA, NA);
}

static void sandy_bridge_line(void)
{
	kprof_pebs_data_source_scheme s;
	kprof_pebs_data_source d;
	/* Haswell: pebs_data_source[] as declared. */
	CHECK_EQ(scheme(INTEL, 6, 0x3C, 3, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SANDY_BRIDGE));
	d = unpack(&s, LOAD, 0x00);
	ROW(d, L3, 0, NA, 0);
	d = unpack(&s, LOAD, 0x02);
	ROW(d, LFB, 1, NONE, 0);
	d = unpack(&s, LOAD, 0x05);
	ROW(d, L3, 1, MISS, 0);
	d = unpack(&s, LOAD, 0x08);
	ROW(d, L3, 1, HIT, 1);
	d = unpack(&s, LOAD, 0x0A);
	ROW(d, RAM, 1, HIT, 0);
	d = unpack(&s, LOAD, 0x0D);
	ROW(d, RAM, 1, NONE_OR_MISS, 1);
	d = unpack(&s, LOAD, 0x0E);
	ROW(d, IO, 1, NONE, 0);
	d = unpack(&s, LOAD, 0x2F); /* uncached, locked; bits 6-7 are no block bits before Golden Cove */
	ROW(d, UNCACHED, 1, NONE, 0);
	FLAGS(d, NO, YES, NA, NA);
	d = unpack(&s, LOAD, 0xC1);
	CHECK_EQ(d.code, 1);
	FLAGS(d, NO, NO, NA, NA);
	/* Sandy Bridge-E and Broadwell-DE: the same table. */
	CHECK_EQ(scheme(INTEL, 6, 0x2D, 7, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SANDY_BRIDGE));
	CHECK_EQ(scheme(INTEL, 6, 0x56, 3, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SANDY_BRIDGE));
}

static void skylake_icelake_servers(void)
{
	kprof_pebs_data_source_scheme s;
	kprof_pebs_data_source d;
	/* Skylake client: skl(false): L4 at 0x08/0x09. */
	CHECK_EQ(scheme(INTEL, 6, 0x5E, 3, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SKYLAKE));
	d = unpack(&s, LOAD, 0x08);
	ROW(d, L4, 1, HIT, 0);
	d = unpack(&s, LOAD, 0x09);
	ROW(d, L4, 1, HIT, 1);
	d = unpack(&s, LOAD, 0x31);
	ROW(d, L1, 1, NONE, 0);
	FLAGS(d, YES, YES, NA, NA);
	/* Coffee Lake (0x9E stepping 10) and Comet Lake: the Skylake case. */
	CHECK_EQ(scheme(INTEL, 6, 0x9E, 10, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SKYLAKE));
	CHECK_EQ(scheme(INTEL, 6, 0xA5, 2, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SKYLAKE));
	/* Cascade Lake (0x55 stepping 7): pmem. */
	CHECK_EQ(scheme(INTEL, 6, 0x55, 7, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SKYLAKE_PMEM));
	d = unpack(&s, LOAD, 0x08);
	ROW(d, PMEM, 1, HIT, 0);
	d = unpack(&s, LOAD, 0x0B);
	ROW(d, RAM, 1, NONE, 1);
	d = unpack(&s, LOAD, 0x0C);
	ROW(d, ANY_CACHE, 1, FWD, 1);
	d = unpack(&s, LOAD, 0x0D);
	ROW(d, ANY_CACHE, 1, HITM, 1);
	/* Ice Lake client: L4; Ice Lake-SP: pmem; neither has block bits. */
	CHECK_EQ(scheme(INTEL, 6, 0x7E, 5, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SKYLAKE));
	d = unpack(&s, LOAD, 0xC9);
	ROW(d, L4, 1, HIT, 1);
	FLAGS(d, NO, NO, NA, NA);
	CHECK_EQ(scheme(INTEL, 6, 0x6A, 6, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SKYLAKE_PMEM));
	/* Sapphire Rapids: pmem and block bits 6 and 7 (pebs_block); a store latency sample has none. */
	CHECK_EQ(scheme(INTEL, 6, 0x8F, 8, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SKYLAKE_PMEM));
	d = unpack(&s, LOAD, 0xC3);
	ROW(d, L2, 1, NONE, 0);
	FLAGS(d, NO, NO, YES, YES);
	d = unpack(&s, STORE, 0xD3);
	ROW(d, L2, 1, NONE, 0);
	FLAGS(d, YES, NO, NA, NA);
	CHECK_EQ(scheme(INTEL, 6, 0xAD, 1, 0, 0, &s), KPROF_OK); /* Granite Rapids */
	CHECK_EQ(s.table, T(SKYLAKE_PMEM));
}

static void hybrids(void)
{
	kprof_pebs_data_source_scheme s;
	kprof_pebs_data_source d;
	/* Alder Lake: the P-core reads skl(false) with block bits; the E-core the grt table. */
	CHECK_EQ(scheme(INTEL, 6, 0x97, 2, 1, CORE_LINE, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SKYLAKE));
	d = unpack(&s, LOAD, 0x48);
	ROW(d, L4, 1, HIT, 0);
	FLAGS(d, NO, NO, YES, NO);
	CHECK_EQ(scheme(INTEL, 6, 0x97, 2, 1, ATOM_LINE, &s), KPROF_OK);
	CHECK_EQ(s.table, T(GRACEMONT));
	d = unpack(&s, LOAD, 0x58); /* 0x08 forwarded; bit 4 STLB miss, bit 6 data blocked */
	ROW(d, L3, 1, FWD, 0);
	FLAGS(d, YES, NO, YES, NA);
	d = unpack(&s, LOAD, 0x25); /* 0x05: snoop hit on Gracemont (miss on Sandy Bridge); locked */
	ROW(d, L3, 1, HIT, 0);
	FLAGS(d, NO, YES, NO, NA);
	/* A hybrid part's CPU without a core type: which core cannot be told. */
	CHECK_EQ(scheme(INTEL, 6, 0x97, 2, 1, 0, &s), KPROF_E_UNSUPPORTED);
	CHECK_EQ(s.table, T(NONE));
	/* The same design sold without its Atom cores (not hybrid): the Core-line core's. */
	CHECK_EQ(scheme(INTEL, 6, 0x97, 2, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SKYLAKE));
	/* Alder Lake-N (Gracemont only). */
	CHECK_EQ(scheme(INTEL, 6, 0xBE, 0, 0, ATOM_LINE, &s), KPROF_OK);
	CHECK_EQ(s.table, T(GRACEMONT));
	/* Meteor Lake: Crestmont's layout (lock bit 5, STLB bit 6, forward block bit 7; 4 bits index). */
	CHECK_EQ(scheme(INTEL, 6, 0xAA, 4, 1, ATOM_LINE, &s), KPROF_OK);
	CHECK_EQ(s.table, T(CRESTMONT));
	d = unpack(&s, LOAD, 0x47);
	CHECK_EQ(d.code, 7);
	ROW(d, L3, 1, FWD, 0);
	FLAGS(d, YES, NO, NO, NA);
	d = unpack(&s, LOAD, 0xBA);
	CHECK_EQ(d.code, 0xA);
	ROW(d, RAM, 1, NONE, 0);
	FLAGS(d, NO, YES, YES, NA);
	d = unpack(&s, LOAD, 0x0D);
	ROW(d, RAM, 1, HITM, 1);
	CHECK_EQ(scheme(INTEL, 6, 0xAA, 4, 1, CORE_LINE, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SKYLAKE));
	/* Sierra Forest: Crestmont only. */
	CHECK_EQ(scheme(INTEL, 6, 0xAF, 3, 0, 0, &s), KPROF_OK);
	CHECK_EQ(s.table, T(CRESTMONT));
	/* Lunar Lake: Lion Cove's 8-bit encoding, STLB bit 10, lock 11, blocks 12 and 13. */
	CHECK_EQ(scheme(INTEL, 6, 0xBD, 1, 1, CORE_LINE, &s), KPROF_OK);
	CHECK_EQ(s.table, T(LION_COVE));
	d = unpack(&s, LOAD, 0x2C0F);
	CHECK_EQ(d.code, 0x0F);
	ROW(d, L3, 0, HITM, 0);
	FLAGS(d, YES, YES, NO, YES);
	d = unpack(&s, LOAD, 0x10);
	ROW(d, MSC, 1, NONE, 0);
	d = unpack(&s, LOAD, 0x11);
	ROW(d, RAM, 1, NONE, 0);
	d = unpack(&s, LOAD, 0x06);
	ROW(d, L2_MHB, 1, NONE, 0);
	d = unpack(&s, LOAD, 0x04); /* reserved: a row, nothing known */
	ROW(d, NA, 0, NA, 0);
	d = unpack(&s, LOAD, 0x12); /* past Linux's table: no row */
	CHECK_EQ(d.code, 0x12);
	CHECK_EQ(d.row, 0);
	CHECK_EQ(d.level, LV(NA));
	d = unpack(&s, STORE, 0x1005); /* Lion Cove stores carry the block bits */
	ROW(d, L2, 1, NONE, 0);
	FLAGS(d, NO, NO, YES, NO);
	CHECK_EQ(scheme(INTEL, 6, 0xBD, 1, 1, ATOM_LINE, &s), KPROF_OK);
	CHECK_EQ(s.table, T(CRESTMONT));
	/* Arrow Lake-H: Lion Cove and (both Atom-line cores) Crestmont's table. */
	CHECK_EQ(scheme(INTEL, 6, 0xC5, 2, 1, CORE_LINE, &s), KPROF_OK);
	CHECK_EQ(s.table, T(LION_COVE));
	CHECK_EQ(scheme(INTEL, 6, 0xC5, 2, 1, ATOM_LINE, &s), KPROF_OK);
	CHECK_EQ(s.table, T(CRESTMONT));
	/* Arrow Lake-U: Meteor Lake's case. */
	CHECK_EQ(scheme(INTEL, 6, 0xB5, 0, 1, CORE_LINE, &s), KPROF_OK);
	CHECK_EQ(s.table, T(SKYLAKE));
}

static void unknown(void)
{
	static const struct {
		const char *vendor;
		uint32_t family, model, stepping;
	} none[] = {
	        {INTEL, 6, 0x17, 6},  /* Penryn: no load latency */
	        {INTEL, 6, 0x1F, 5},  /* Nehalem-G: no case in intel_pmu_init */
	        {INTEL, 6, 0x5C, 9},  /* Goldmont */
	        {INTEL, 6, 0x7A, 1},  /* Goldmont Plus */
	        {INTEL, 6, 0x86, 7},  /* Tremont */
	        {INTEL, 6, 0x66, 3},  /* Cannon Lake */
	        {INTEL, 6, 0x57, 1},  /* Knights Landing */
	        {INTEL, 6, 0xCC, 0},  /* Panther Lake */
	        {INTEL, 6, 0xDD, 0},  /* Clearwater Forest */
	        {"AuthenticAMD", 0x19, 0x61, 2}, /* Zen 4: IBS, no PEBS */
	};
	kprof_pebs_data_source_scheme s;
	kprof_pebs_data_source d;
	size_t i;
	for (i = 0; i < KT_COUNT(none); i++) {
		s.table = T(SKYLAKE);
		CHECK_EQ(scheme(none[i].vendor, none[i].family, none[i].model, none[i].stepping, 0, 0, &s),
		         KPROF_E_UNSUPPORTED);
		CHECK_EQ(s.table, T(NONE));
		CHECK_EQ(kprof_pebs_data_source_unpack(&s, LOAD, 0x1, &d), KPROF_E_UNSUPPORTED);
		CHECK_EQ(d.row, 0);
		CHECK_EQ(d.raw, 0x1);
	}
	CHECK_EQ(kprof_pebs_data_source_scheme_get(NULL, 0, 0, &s), KPROF_E_UNSUPPORTED);
	CHECK_EQ(kprof_pebs_data_source_scheme_get(NULL, 0, 0, NULL), KPROF_E_ARGUMENT);
}

static void stores_and_arguments(void)
{
	kprof_pebs_data_source_scheme s;
	kprof_pebs_data_source d;
	/* Sandy Bridge precise store: bit 0 L1 hit, bit 4 STLB miss, bit 5 locked; no scheme read. */
	d = unpack(NULL, KPROF_PEBS_DATA_SOURCE_ACCESS_PRECISE_STORE, 0x31);
	CHECK_EQ(d.level, LV(L1));
	CHECK_EQ(d.hit, 1);
	FLAGS(d, YES, YES, NA, NA);
	d = unpack(NULL, KPROF_PEBS_DATA_SOURCE_ACCESS_PRECISE_STORE, 0x0);
	CHECK_EQ(d.hit, 0);
	FLAGS(d, NO, NO, NA, NA);
	/* Haswell store events: bit 0 only. */
	d = unpack(NULL, KPROF_PEBS_DATA_SOURCE_ACCESS_STORE_L1, 0x30);
	CHECK_EQ(d.level, LV(L1));
	CHECK_EQ(d.hit, 0);
	FLAGS(d, NA, NA, NA, NA);
	CHECK_EQ(kprof_pebs_data_source_unpack(NULL, LOAD, 1, &d), KPROF_E_ARGUMENT);
	CHECK_EQ(scheme(INTEL, 6, 0x3C, 3, 0, 0, &s), KPROF_OK);
	CHECK_EQ(kprof_pebs_data_source_unpack(&s, LOAD, 1, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_pebs_data_source_unpack(&s, (kprof_pebs_data_source_access)99, 1, &d),
	         KPROF_E_ARGUMENT);
	s.layout = (kprof_pebs_data_source_layout_id)200;
	CHECK_EQ(kprof_pebs_data_source_unpack(&s, LOAD, 1, &d), KPROF_E_UNSUPPORTED);
}

static void words(void)
{
#ifndef KPROF_NO_NAMES
	kprof_pebs_data_source_scheme s;
	kprof_pebs_data_source d;
	CHECK_EQ(scheme(INTEL, 6, 0xBD, 1, 1, CORE_LINE, &s), KPROF_OK);
	d = unpack(&s, LOAD, 0x10);
	CHECK_STR(kprof_pebs_data_source_code_meaning_get(kprof_pebs_data_source_code_by_id(d.row)),
	          "memory-side cache hit");
	CHECK_STR(kprof_pebs_data_source_level_name(LV(LFB)), "fill buffer");
	CHECK_STR(kprof_pebs_data_source_snoop_name(SN(HITM)), "hit modified");
	CHECK_STR(kprof_pebs_data_source_table_name(T(SKYLAKE_PMEM)), "skylake-pmem");
	CHECK_STR(kprof_pebs_data_source_flag_name(FL(NA)), "not reported");
#endif
}

/* Every processor docs/ds.md's table names, by model: the table Linux's intel_pmu_init gives
 * its Core-line (C) or Atom-line (A) core; T(NONE) for those it names none for. */
static void docs_table(void)
{
	static const struct {
		uint32_t family, model, stepping, core_type;
		kprof_pebs_data_source_table table;
	} rows[] = {
	        {6, 0x1E, 5, 0, T(NEHALEM)},       {6, 0x25, 2, 0, T(NEHALEM)},        /* Nehalem, Westmere */
	        {6, 0x2A, 7, 0, T(SANDY_BRIDGE)},  {6, 0x3A, 9, 0, T(SANDY_BRIDGE)},   /* Sandy, Ivy Bridge */
	        {6, 0x3F, 2, 0, T(SANDY_BRIDGE)},  {6, 0x4F, 1, 0, T(SANDY_BRIDGE)},   /* Haswell-E, Broadwell-E */
	        {6, 0x4E, 3, 0, T(SKYLAKE)},       {6, 0x9E, 9, 0, T(SKYLAKE)},        /* Skylake, Kaby Lake */
	        {6, 0x9E, 10, 0, T(SKYLAKE)},      {6, 0xA6, 0, 0, T(SKYLAKE)},        /* Coffee, Comet Lake */
	        {6, 0x7D, 5, 0, T(SKYLAKE)},       {6, 0x8C, 1, 0, T(SKYLAKE)},        /* Ice Lake, Tiger Lake */
	        {6, 0xA7, 1, 0, T(SKYLAKE)},                                            /* Rocket Lake */
	        {6, 0x55, 4, 0, T(SKYLAKE_PMEM)},  {6, 0x55, 11, 0, T(SKYLAKE_PMEM)},  /* Skylake-SP, Cooper Lake */
	        {6, 0x6C, 1, 0, T(SKYLAKE_PMEM)},  {6, 0xCF, 2, 0, T(SKYLAKE_PMEM)},   /* Ice Lake-D, Emerald Rapids */
	        {6, 0xAE, 1, 0, T(SKYLAKE_PMEM)},                                       /* Granite Rapids-D */
	        {6, 0xB7, 1, CORE_LINE, T(SKYLAKE)}, {6, 0xB7, 1, ATOM_LINE, T(GRACEMONT)}, /* Raptor Lake */
	        {6, 0xAC, 4, CORE_LINE, T(SKYLAKE)}, {6, 0xAC, 4, ATOM_LINE, T(CRESTMONT)}, /* Meteor Lake */
	        {6, 0xB5, 0, ATOM_LINE, T(CRESTMONT)},                                  /* Arrow Lake-U */
	        {6, 0xC6, 2, CORE_LINE, T(LION_COVE)}, {6, 0xC6, 2, ATOM_LINE, T(CRESTMONT)}, /* Arrow Lake */
	        {6, 0xB6, 1, 0, T(CRESTMONT)},                                          /* Grand Ridge */
	        {6, 0x8A, 1, CORE_LINE, T(NONE)},  {6, 0x9D, 0, 0, T(NONE)},           /* Lakefield, Ice Lake NNP-I */
	        {6, 0xD7, 0, 0, T(NONE)},          {6, 0xD5, 0, CORE_LINE, T(NONE)},   /* Bartlett, Wildcat Lake */
	        {6, 0xE5, 0, CORE_LINE, T(NONE)},  {6, 0x85, 0, 0, T(NONE)},           /* Panther Lake-R, Knights Mill */
	        {18, 0x01, 0, CORE_LINE, T(NONE)}, {19, 0x01, 0, 0, T(NONE)},          /* Nova Lake, Diamond Rapids */
	};
	size_t i;
	for (i = 0; i < KT_COUNT(rows); i++) {
		kprof_pebs_data_source_scheme s;
		kprof_status st = scheme(INTEL, rows[i].family, rows[i].model, rows[i].stepping, rows[i].core_type != 0,
		                         rows[i].core_type, &s);
		if (s.table != rows[i].table)
			fprintf(stderr, "model 0x%X stepping %u core type 0x%X: table %d\n", (unsigned)rows[i].model,
			        (unsigned)rows[i].stepping, (unsigned)rows[i].core_type, (int)s.table);
		CHECK(s.table == rows[i].table);
		CHECK_EQ(st, rows[i].table == T(NONE) ? KPROF_E_UNSUPPORTED : KPROF_OK);
	}
}

int main(void)
{
	docs_table();
	nehalem_westmere();
	sandy_bridge_line();
	skylake_icelake_servers();
	hybrids();
	unknown();
	stores_and_arguments();
	words();
	return kt_done();
}
