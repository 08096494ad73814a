/* AMD IBS decoders: a fetch or op perf raw sample (Linux ibs.c: u32 caps, then u64 MSR values,
 * optional ones by the caps word, perf's 4 bytes of padding or none) and the same values as a
 * driver reads them. Layout: selector byte (bit 0 op, bit 1 raw), then the rest. Invariants,
 * from AMD APM vol. 2 section 13.3 and Linux typed in here independently of the spec: a raw
 * sample reads only when its length is 4 + 8n (+4) for the n the caps word asks for; a sample
 * reads only with its valid bit (fetch bit 49, op bit 18); the addresses handed back are the
 * MSR values or 0 by their valid bits; on error the output is all zero; raw and MSR forms of
 * the same values agree. */
#include "fuzz_common.h"
#include "tests/own_bytes.h"

static int all_zero(const void *p, size_t n)
{
	const uint8_t *b = (const uint8_t *)p;
	while (n--)
		if (*b++)
			return 0;
	return 1;
}

static uint64_t le64(const uint8_t *p)
{
	return own_get(p, 8);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	uint8_t sel = kf_u8(&c);
	size_t len;
	uint8_t *rest = kf_rest_copy(&c, &len);
	kprof_status st;
	if (sel & 2) {
		uint32_t caps = len >= 4 ? (uint32_t)rest[0] | (uint32_t)rest[1] << 8 | (uint32_t)rest[2] << 16 |
		                                   (uint32_t)rest[3] << 24
		                         : 0;
		size_t n = (sel & 1) ? 7u + ((caps >> 5) & 1) + ((caps >> 10) & 1) : 3u + ((caps >> 9) & 1);
		int len_ok = len == 4 + 8 * n || len == 8 + 8 * n;
		if (sel & 1) {
			kprof_ibs_op op;
			st = kprof_ibs_op_raw_unpack(rest, len, &op);
			KF_CHECK(kf_is_status(st));
			if (!len_ok)
				KF_CHECK(st != KPROF_OK);
			if (st == KPROF_OK) {
				const uint8_t *v = rest + 4;
				KF_CHECK(op.regs.ctl == le64(v) && (op.regs.ctl >> 18 & 1));
				KF_CHECK(op.caps == caps);
				KF_CHECK(op.linear_address == ((le64(v + 32) >> 17 & 1) ? le64(v + 40) : 0));
				KF_CHECK(op.physical_address == ((le64(v + 32) >> 18 & 1) ? le64(v + 48) : 0));
				KF_CHECK(op.branch_target == ((caps >> 5 & 1) ? le64(v + 56) : 0));
			} else {
				KF_CHECK(all_zero(&op, sizeof(op)));
			}
		} else {
			kprof_ibs_fetch f;
			st = kprof_ibs_fetch_raw_unpack(rest, len, &f);
			KF_CHECK(kf_is_status(st));
			if (!len_ok)
				KF_CHECK(st != KPROF_OK);
			if (st == KPROF_OK) {
				const uint8_t *v = rest + 4;
				KF_CHECK(f.regs.ctl == le64(v) && (f.regs.ctl >> 49 & 1));
				KF_CHECK(f.linear_address == le64(v + 8));
				KF_CHECK(f.physical_address == ((f.regs.ctl >> 52 & 1) ? le64(v + 16) : 0));
				KF_CHECK(f.max_count == (uint32_t)(f.regs.ctl & 0xFFFF) * 16u);
			} else {
				KF_CHECK(all_zero(&f, sizeof(f)));
			}
		}
	} else {
		/* MSR values: caps word, then the registers (missing bytes are 0) */
		kf_cursor r = kf_init(rest, len);
		kprof_ibs_caps caps;
		memset(&caps, 0, sizeof(caps));
		caps.available = (uint8_t)(kf_u8(&r) & 1);
		caps.flags = kf_u32(&r);
		if (sel & 1) {
			kprof_ibs_op_regs regs;
			kprof_ibs_op op;
			regs.ctl = kf_u64(&r);
			regs.rip = kf_u64(&r);
			regs.data = kf_u64(&r);
			regs.data2 = kf_u64(&r);
			regs.data3 = kf_u64(&r);
			regs.dc_linad = kf_u64(&r);
			regs.dc_physad = kf_u64(&r);
			regs.br_target = kf_u64(&r);
			regs.data4 = kf_u64(&r);
			st = kprof_ibs_op_unpack(&caps, &regs, &op);
			KF_CHECK(kf_is_status(st));
			if (st == KPROF_OK) {
				KF_CHECK(caps.available && (caps.flags >> 2 & 1) && (regs.ctl >> 18 & 1));
				KF_CHECK(op.rip == (op.has_rip ? regs.rip : 0));
				KF_CHECK(!op.has_rip == ((caps.flags >> 7 & 1) && (regs.data >> 38 & 1)));
				KF_CHECK(op.mem_width == 0 || op.mem_width == 1u << (((regs.data3 >> 22) & 0xF) - 1));
				KF_CHECK((int)op.data_source == 0 || (int)op.data_source_ext == 0);
			} else {
				KF_CHECK(all_zero(&op, sizeof(op)));
			}
		} else {
			kprof_ibs_fetch_regs regs;
			kprof_ibs_fetch f;
			regs.ctl = kf_u64(&r);
			regs.linad = kf_u64(&r);
			regs.physad = kf_u64(&r);
			regs.extd_ctl = kf_u64(&r);
			st = kprof_ibs_fetch_unpack(&caps, &regs, &f);
			KF_CHECK(kf_is_status(st));
			if (st == KPROF_OK) {
				KF_CHECK(caps.available && (caps.flags >> 1 & 1) && (regs.ctl >> 49 & 1));
				KF_CHECK(!(regs.ctl >> 62));
				KF_CHECK(f.itlb_refill_latency == ((caps.flags >> 9 & 1) ? (uint16_t)regs.extd_ctl : 0));
				KF_CHECK(!f.has_physical_address || f.page_size_kib == 4 || f.page_size_kib == 2048 ||
				         f.page_size_kib == 1048576);
			} else {
				KF_CHECK(all_zero(&f, sizeof(f)));
			}
		}
	}
	free(rest);
	return 0;
}
