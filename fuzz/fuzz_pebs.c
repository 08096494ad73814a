/* PEBS walker, every format (0..3, adaptive 4..6, NetBurst's 32-bit record, unknown ones)
 * and PEBS_DATA_CFG known or not. Record sizes checked here are the SDM's and Linux's, typed
 * in independently of the spec: 0x90, 0xB0, 0xC0, 0xC8, NetBurst 40; adaptive = basic 32
 * + meminfo 32 + GPRs 144 + XMM 256 + (entries+1) * 24 LBR; format 6 adds the counters group
 * (bits 4/5: header 16 + metrics 16 (bit 5) + 8 per counter in bits 47:32 and 55:48 (bit 4)),
 * whose values a record's header may leave out. Invariants: init refuses what
 * the header says it refuses; records tile [base, index) exactly and lie inside the bytes;
 * every offset a sample hands back (XMM, LBR) lies inside its record; errors are sticky. */
#include "fuzz_common.h"

static uint32_t bits(uint64_t v)
{
	uint32_t n = 0;
	for (; v; v >>= 1)
		n += (uint32_t)(v & 1);
	return n;
}

static int sdm_size(unsigned format, uint64_t cfg, uint32_t *size)
{
	switch (format) {
	case 0: *size = 0x90; return 1;
	case 1: *size = 0xB0; return 1;
	case 2: *size = 0xC0; return 1;
	case 3: *size = 0xC8; return 1;
	case KPROF_PEBS_FORMAT_NETBURST32: *size = 40; return 1;
	case 4:
	case 5:
	case 6:
		if (cfg & ~(format == 6 ? 0x00FFFFFFFF00003Full : (uint64_t)0xFF00000Fu))
			return 0;
		*size = 32 + ((cfg & 1) ? 32 : 0) + ((cfg & 2) ? 144 : 0) + ((cfg & 4) ? 256 : 0) +
		        ((cfg & 8) ? (uint32_t)(((cfg >> 24) & 0xFF) + 1) * 24 : 0);
		if (cfg & 0x30)
			*size += 16 + ((cfg & 0x20) ? 16 : 0);
		if (cfg & 0x10)
			*size += 8 * (bits((cfg >> 32) & 0xFFFF) + bits((cfg >> 48) & 0xFF));
		return 1;
	}
	return 0;
}

static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	while (n--)
		v = v << 8 | p[n];
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	uint8_t sel = kf_u8(&c);
	static const unsigned formats[8] = {0, 1, 2, 3, 4, 5, KPROF_PEBS_FORMAT_NETBURST32, 6};
	/* format 6's counter bits come with the 64-bit cfg (sel & 0x40) */
	unsigned format = (sel & 0x80) ? kf_u8(&c) : formats[sel & 7];
	uint64_t cfg = (sel & 0x40) ? kf_u64(&c) : ((uint64_t)kf_u8(&c) << 24 | (kf_u8(&c) & 0xF));
	int known = (sel >> 3) & 1;
	uint64_t base = (sel & 0x20) ? kf_u64(&c) : 0xFFFF800000000000ull + ((uint64_t)kf_u16(&c) << 3);
	uint64_t index, maximum;
	size_t blen, at = 0, n = 0;
	uint8_t *bytes;
	uint32_t size_sdm = 0, size_k = 0;
	int ok_size = sdm_size(format, cfg, &size_sdm);
	kprof_status st;
	kprof_pebs_iter w;
	kprof_pebs_sample s;
	int adaptive = format >= 4 && format <= 6;
	uint16_t span = kf_u16(&c);

	st = kprof_pebs_record_size_get(format, cfg, &size_k);
	KF_CHECK(ok_size ? (st == KPROF_OK && size_k == size_sdm) : st == KPROF_E_FORMAT);

	bytes = kf_rest_copy(&c, &blen);
	/* index: mostly within the bytes (the interesting case), sometimes anywhere */
	index = (sel & 0x10) ? base + span : base + (blen ? span % (blen + 1) : 0);
	maximum = index + (span & 0xFF);
	st = kc_pebs_iter_init(&w, bytes, blen, base, index, maximum, format, cfg, known);
	if ((!adaptive || known) && !ok_size) {
		KF_CHECK(st == KPROF_E_FORMAT);
	} else if (index < base || index > maximum) {
		KF_CHECK(st == KPROF_E_RANGE);
	} else if ((!adaptive || known) && (index - base) % size_sdm) {
		KF_CHECK(st == KPROF_E_ALIGNMENT);
	} else if (index - base > blen) {
		KF_CHECK(st == KPROF_E_TRUNCATED);
	} else {
		KF_CHECK(st == KPROF_OK);
	}
	if (st != KPROF_OK) {
		KF_CHECK(kprof_pebs_iter_next(&w, &s) == st);
		free(bytes);
		return 0;
	}
	while ((st = kprof_pebs_iter_next(&w, &s)) == KPROF_OK) {
		const uint8_t *p = bytes + at;
		uint32_t want = 0;
		KF_CHECK(s.at == base + at && s.format == format);
		KF_CHECK(s.size > 0 && at + s.size <= index - base);
		if (adaptive) {
			uint64_t fs = le(p, 8);
			/* the basic group holds PEBS_DATA_CFG bits 31:0: the counters' values are
			 * sized by the record's own header */
			KF_CHECK(sdm_size(format, s.format_group, &want));
			KF_CHECK((s.format_group & 0x30) ? want <= s.size : want == s.size);
			KF_CHECK((fs >> 48) == s.size); /* basic group: record size in bits 63:48 */
			if (known)
				KF_CHECK(s.format_group == (cfg & 0xFFFFFFFFu) && s.size == size_sdm);
			KF_CHECK(!!(s.has & KPROF_PEBS_HAS_CNTR) == !!(s.format_group & 0x30));
			if (s.has & KPROF_PEBS_HAS_CNTR)
				KF_CHECK(s.cntr_offset >= at + 32 &&
				         s.cntr_offset + 16 + (size_t)s.cntr_count * 8 <= at + s.size);
			KF_CHECK(s.ip == le(p + 8, 8) && s.applicable_counters == le(p + 16, 8));
			KF_CHECK(s.tsc == le(p + 24, 8));
			if (s.has & KPROF_PEBS_HAS_XMM)
				KF_CHECK(s.xmm_offset >= at + 32 && s.xmm_offset + 256 <= at + s.size);
			if (s.has & KPROF_PEBS_HAS_LBR)
				KF_CHECK(s.lbr_count >= 1 && s.lbr_offset >= at + 32 &&
				         s.lbr_offset + (size_t)s.lbr_count * 24 <= at + s.size);
			KF_CHECK(!!(s.has & KPROF_PEBS_HAS_MEMINFO) == !!(s.format_group & 1));
			KF_CHECK(!!(s.has & KPROF_PEBS_HAS_GPRS) == !!(s.format_group & 2));
		} else {
			KF_CHECK(s.size == size_sdm);
			if (format == KPROF_PEBS_FORMAT_NETBURST32) {
				KF_CHECK(s.ip == le(p + 4, 4) && s.gprs.flags == le(p, 4));
			} else {
				KF_CHECK(s.ip == le(p + 8, 8) && s.gprs.flags == le(p, 8));
				KF_CHECK(!!(s.has & KPROF_PEBS_HAS_MEMINFO) == (format >= 1));
				KF_CHECK(!!(s.has & KPROF_PEBS_HAS_TSC) == (format >= 3));
				if (format >= 3)
					KF_CHECK(s.tsc == le(p + 0xC0, 8));
			}
			KF_CHECK(!(s.has & (KPROF_PEBS_HAS_XMM | KPROF_PEBS_HAS_LBR)));
		}
		at += s.size;
		n++;
	}
	if (st == KPROF_END) {
		KF_CHECK(at == index - base); /* the records tile the span exactly */
		if (!adaptive)
			KF_CHECK(n == (index - base) / size_sdm);
	} else {
		KF_CHECK(st == KPROF_E_CORRUPT && adaptive);
	}
	KF_CHECK(kprof_pebs_iter_next(&w, &s) == st); /* sticky */
	free(bytes);
	return 0;
}
