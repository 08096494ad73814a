/* AMD IBS: capabilities from cpuid, fetch and op samples from MSR values and from Linux perf
 * raw samples. Expected values are typed from AMD APM vol. 2 section 13.3 and Linux
 * arch/x86/events/amd/ibs.c / amd-ibs.h, not taken from kprof.h's own constants; the field
 * positions themselves are compared with amd-ibs.h by test_linux_headers.py. */
#include "kprof.h"
#include "kprof_test.h"

static void snap_amd(kprof_cpuid_snapshot *s, uint32_t max_ext, uint32_t ecx1, uint32_t ibs_eax)
{
	const uint32_t r0[4] = {0xD, 0x68747541, 0x444D4163, 0x69746E65};
	kprof_cpuid_snapshot_init(s);
	kprof_cpuid_snapshot_set(s, 0, 0, (const uint32_t[4]){r0[0], r0[1], r0[2], r0[3]});
	kprof_cpuid_snapshot_set(s, 1, 0, (const uint32_t[4]){0x00B40F40, 0, 0, 0});
	kprof_cpuid_snapshot_set(s, 0x80000000, 0, (const uint32_t[4]){max_ext, 0, 0, 0});
	kprof_cpuid_snapshot_set(s, 0x80000001, 0, (const uint32_t[4]){0, 0, ecx1, 0});
	kprof_cpuid_snapshot_set(s, 0x8000001B, 0, (const uint32_t[4]){ibs_eax, 0, 0, 0});
}

static void test_caps(void)
{
	kprof_cpuid_snapshot s;
	kprof_ibs_caps c;
	/* Zen 5 (Granite Ridge dump): 0x80000001 ecx bit 10, leaf 0x8000001B eax 0x81BFF */
	snap_amd(&s, 0x80000028, 1u << 10, 0x81BFF);
	CHECK_EQ(kprof_ibs_caps_get(&s, &c), KPROF_OK);
	CHECK_EQ(c.available, 1);
	CHECK_EQ(c.from_cpuid, 1);
	CHECK_EQ(c.flags, 0x81BFF);
	CHECK_EQ(c.op_max_count_bits, 27); /* 16-bit IbsOpMaxCnt x16 plus 7 OpCntExt bits */
	/* No IBS bit: nothing, whatever the leaf says */
	snap_amd(&s, 0x80000028, 0, 0x81BFF);
	CHECK_EQ(kprof_ibs_caps_get(&s, &c), KPROF_OK);
	CHECK_EQ(c.available, 0);
	CHECK_EQ(c.flags, 0);
	/* Family 10h without leaf 0x8000001B (max extended 0x8000001A): Linux's default 7 */
	snap_amd(&s, 0x8000001A, 1u << 10, 0x1F);
	CHECK_EQ(kprof_ibs_caps_get(&s, &c), KPROF_OK);
	CHECK_EQ(c.available, 1);
	CHECK_EQ(c.from_cpuid, 0);
	CHECK_EQ(c.flags, 7);
	CHECK_EQ(c.op_max_count_bits, 20);
	/* The leaf there but bit 0 (IBSFFV) clear: the default too */
	snap_amd(&s, 0x80000028, 1u << 10, 0x1E);
	CHECK_EQ(kprof_ibs_caps_get(&s, &c), KPROF_OK);
	CHECK_EQ(c.flags, 7);
	CHECK_EQ(kprof_ibs_caps_get(&s, NULL), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_ibs_caps_get(NULL, &c), KPROF_OK);
	CHECK_EQ(c.available, 0);
}

static void test_fetch(void)
{
	kprof_ibs_caps caps = {1, 1, 0x81BFF, 27};
	kprof_ibs_fetch_regs r;
	kprof_ibs_fetch f;
	uint8_t raw[4 + 4 * 8 + 4];
	/* valid (49), complete (50), phys valid (52), 2 MiB page (53), latency 0x40 at 47:32, max
	 * count 0x100 (x16 = 4096 fetches) */
	r.ctl = (1ull << 49) | (1ull << 50) | (1ull << 52) | (1ull << 53) | (0x40ull << 32) | 0x100;
	r.linad = 0x401000;
	r.physad = 0x1234000;
	r.extd_ctl = 0x77; /* ITLB refill latency, bits 15:0 */
	CHECK_EQ(kprof_ibs_fetch_unpack(&caps, &r, &f), KPROF_OK);
	CHECK_EQ(f.linear_address, 0x401000);
	CHECK_EQ(f.physical_address, 0x1234000);
	CHECK_EQ(f.has_physical_address, 1);
	CHECK_EQ(f.page_size_kib, 2048);
	{
		/* every L1TLB page-size code (AMD APM vol. 2 section 13.3: 4 KiB, 2 MiB, 1 GiB, 3 reserved) */
		static const uint32_t kib[4] = {4, 2048, 1048576, 0};
		kprof_ibs_fetch_regs q = r;
		kprof_ibs_fetch g;
		unsigned code;
		for (code = 0; code < 4; code++) {
			q.ctl = (r.ctl & ~(3ull << 53)) | (uint64_t)code << 53;
			CHECK_EQ(kprof_ibs_fetch_unpack(&caps, &q, &g), kib[code] ? KPROF_OK : KPROF_E_RESERVED);
			CHECK_EQ(g.page_size_kib, kib[code]);
		}
	}
	CHECK_EQ(f.latency, 0x40);
	CHECK_EQ(f.max_count, 4096);
	CHECK_EQ(f.itlb_refill_latency, 0x77);
	/* the raw form: caps word, ctl, linear, physical, IcIbsExtdCtl (caps bit 9), padding */
	kc_put32(raw, 0x81BFF);
	kc_put64(raw + 4, r.ctl);
	kc_put64(raw + 12, r.linad);
	kc_put64(raw + 20, r.physad);
	kc_put64(raw + 28, r.extd_ctl);
	memset(raw + 36, 0xEE, 4);
	{
		kprof_ibs_fetch g;
		CHECK_EQ(kprof_ibs_fetch_raw_unpack(raw, sizeof(raw), &g), KPROF_OK);
		CHECK(memcmp(&f, &g, sizeof(f)) == 0);
		CHECK_EQ(kprof_ibs_fetch_raw_unpack(raw, sizeof(raw) - 4, &g), KPROF_OK);
		CHECK_EQ(kprof_ibs_fetch_raw_unpack(raw, sizeof(raw) - 2, &g), KPROF_E_FORMAT);
		CHECK_EQ(g.regs.ctl, 0);
		CHECK_EQ(kprof_ibs_fetch_raw_unpack(raw, sizeof(raw) - 12, &g), KPROF_E_TRUNCATED);
		CHECK_EQ(kprof_ibs_fetch_raw_unpack(raw, 3, &g), KPROF_E_TRUNCATED);
		/* without fetch_ctl_extd in the caps word the sample is three values long */
		kc_put32(raw, 0x7);
		CHECK_EQ(kprof_ibs_fetch_raw_unpack(raw, 4 + 3 * 8, &g), KPROF_OK);
		CHECK_EQ(g.itlb_refill_latency, 0);
		CHECK_EQ(kprof_ibs_fetch_raw_unpack(raw, sizeof(raw), &g), KPROF_E_FORMAT);
		CHECK_EQ(kprof_ibs_fetch_raw_unpack(NULL, 40, &g), KPROF_E_ARGUMENT);
	}
	/* no valid bit: no sample */
	r.ctl &= ~(1ull << 49);
	CHECK_EQ(kprof_ibs_fetch_unpack(&caps, &r, &f), KPROF_E_NOT_FOUND);
	/* reserved page size 3 with a physical address; bits 63:62 */
	r.ctl |= (1ull << 49) | (3ull << 53);
	CHECK_EQ(kprof_ibs_fetch_unpack(&caps, &r, &f), KPROF_E_RESERVED);
	CHECK_EQ(f.linear_address, 0);
	r.ctl = (1ull << 49) | (1ull << 63);
	CHECK_EQ(kprof_ibs_fetch_unpack(&caps, &r, &f), KPROF_E_RESERVED);
	caps.flags = 0x4; /* op sampling only */
	r.ctl = 1ull << 49;
	CHECK_EQ(kprof_ibs_fetch_unpack(&caps, &r, &f), KPROF_E_UNSUPPORTED);
}

static void test_op(void)
{
	kprof_ibs_caps zen5 = {1, 1, 0x81BFF, 27}, fam10h = {1, 1, 0x1F, 20};
	kprof_ibs_op_regs r;
	kprof_ibs_op o;
	uint8_t raw[4 + 9 * 8 + 4];
	memset(&r, 0, sizeof(r));
	/* enabled (17), valid (18), max count 0x100 with OpCntExt bits 26:20 = 2 */
	r.ctl = (1ull << 17) | (1ull << 18) | (2ull << 20) | 0x100;
	r.rip = 0x401234;
	r.data = 1ull << 37; /* retired branch */
	r.data2 = 1ull << 6; /* data_src_lo 0, data_src_hi 1: extended source 1 << 3 = 8 (CXL) */
	r.data3 = 1 | (1ull << 7) | (1ull << 17) | (4ull << 22) | (300ull << 32);
	r.dc_linad = 0x7FFF0000;
	r.dc_physad = 0x1230000;
	r.br_target = 0x401300;
	CHECK_EQ(kprof_ibs_op_unpack(&zen5, &r, &o), KPROF_OK);
	CHECK_EQ(o.has_rip, 1);
	CHECK_EQ(o.rip, 0x401234);
	CHECK_EQ(o.max_count, (0x100 | 2u << 16) * 16u);
	CHECK_EQ(o.data_source_ext, 8); /* IBS_DATA_SRC_EXT_EXT_MEM */
	CHECK_EQ(o.data_source, 0);
	CHECK_EQ(o.mem_width, 8); /* op_mem_width 4: 2^3 bytes */
	CHECK_EQ(o.has_linear_address, 1);
	CHECK_EQ(o.linear_address, 0x7FFF0000);
	CHECK_EQ(o.has_physical_address, 0); /* data3 bit 18 clear */
	CHECK_EQ(o.physical_address, 0);
	CHECK_EQ(o.has_branch_target, 1);
	CHECK_EQ(o.branch_target, 0x401300);
	CHECK_EQ(o.has_data4, 0); /* Zen 5's caps lack bit 10 */
	/* the raw form: caps, seven values, IbsBrTarget (caps bit 5), no IbsOpData4 (bit 10) */
	kc_put32(raw, 0x81BFF);
	kc_put64(raw + 4, r.ctl);
	kc_put64(raw + 12, r.rip);
	kc_put64(raw + 20, r.data);
	kc_put64(raw + 28, r.data2);
	kc_put64(raw + 36, r.data3);
	kc_put64(raw + 44, r.dc_linad);
	kc_put64(raw + 52, r.dc_physad);
	kc_put64(raw + 60, r.br_target);
	kc_put64(raw + 68, 0x5A);
	memset(raw + 76, 0, 4);
	{
		kprof_ibs_op g;
		CHECK_EQ(kprof_ibs_op_raw_unpack(raw, 4 + 8 * 8 + 4, &g), KPROF_OK);
		CHECK(memcmp(&o, &g, sizeof(o)) == 0);
		CHECK_EQ(kprof_ibs_op_raw_unpack(raw, 4 + 8 * 8 - 1, &g), KPROF_E_TRUNCATED);
		/* with op_data4 too: nine values, IbsBrTarget before IbsOpData4 */
		kc_put32(raw, 0x81BFF | 1u << 10);
		CHECK_EQ(kprof_ibs_op_raw_unpack(raw, 4 + 8 * 8 + 4, &g), KPROF_E_TRUNCATED);
		CHECK_EQ(kprof_ibs_op_raw_unpack(raw, sizeof(raw), &g), KPROF_OK);
		CHECK_EQ(g.regs.data4, 0x5A);
		CHECK_EQ(g.branch_target, 0x401300);
		CHECK_EQ(g.has_data4, 1);
	}
	/* rip invalid: only where the caps say the bit is reported */
	r.data |= 1ull << 38;
	CHECK_EQ(kprof_ibs_op_unpack(&zen5, &r, &o), KPROF_OK);
	CHECK_EQ(o.has_rip, 0);
	CHECK_EQ(o.rip, 0);
	/* family 10h: no zen4, so data_src_hi is reserved; no OpCntExt, no branch target */
	CHECK_EQ(kprof_ibs_op_unpack(&fam10h, &r, &o), KPROF_E_RESERVED);
	r.data2 = 0x2; /* local cache */
	CHECK_EQ(kprof_ibs_op_unpack(&fam10h, &r, &o), KPROF_OK);
	CHECK_EQ(o.data_source, 2);
	CHECK_EQ(o.max_count, 0x100 * 16u);
	CHECK_EQ(o.has_rip, 1);
	CHECK_EQ(o.branch_target, 0);
	r.ctl &= ~(1ull << 18);
	CHECK_EQ(kprof_ibs_op_unpack(&fam10h, &r, &o), KPROF_E_NOT_FOUND);
	r.ctl |= (1ull << 18) | (1ull << 27); /* bit 27 is reserved in IbsOpCtl */
	CHECK_EQ(kprof_ibs_op_unpack(&fam10h, &r, &o), KPROF_E_RESERVED);
#ifndef KPROF_NO_NAMES
	/* Linux amd-ibs.h IBS_DATA_SRC_EXT_EXT_MEM 8 and IBS_DATA_SRC_DRAM 3: a stable name, and words. */
	CHECK_STR(kprof_ibs_data_source_ext_name(KPROF_IBS_DATA_SOURCE_EXT_EXT_MEM), "ext-mem");
	CHECK_STR(kprof_ibs_data_source_ext_description_get((kprof_ibs_data_source_ext)8), "extension memory (CXL)");
	CHECK_STR(kprof_ibs_data_source_description_get((kprof_ibs_data_source)3), "DRAM");
	CHECK(kprof_ibs_data_source_description_get((kprof_ibs_data_source)5) == NULL); /* reserved */
#endif
}

int main(void)
{
	test_caps();
	test_fetch();
	test_op();
	return kt_done();
}
