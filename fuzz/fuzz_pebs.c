/* PEBS walker, every format (0..3, adaptive 4..6, NetBurst's 32-bit record, unknown ones)
 * and PEBS_DATA_CFG known or not. Record sizes checked here are the SDM's and Linux's, typed
 * in independently of the spec: 0x90, 0xB0, 0xC0, 0xC8, NetBurst 40; adaptive = basic 32
 * + meminfo 32 + GPRs 144 + XMM 256 + (entries+1) * 24 LBR; format 6 adds the counters group
 * (bits 4/5: header 16 + metrics 16 (bit 5) + 8 per counter in bits 47:32 and 55:48 (bit 4)),
 * whose values a record's header may leave out. Invariants: init refuses what
 * the header says it refuses; records tile [base, index) exactly and lie inside the bytes;
 * every offset a sample hands back (XMM, LBR) lies inside its record; errors are sticky.
 * Each memory sample's data source is then taken apart (check_data_source) for a
 * microarchitecture and core type the record's own address and latency pick. */
#include "fuzz_common.h"

/* The data-source decoder on a sample's field: the scheme of kprof_cpuid_uarch row `pick`
 * (any id, most of them no row) and leaf 0x1A core type `core_type`, and each kind of access.
 * Invariants: a scheme is known (KPROF_OK, a table) or unknown (KPROF_E_UNSUPPORTED, table
 * NONE, and a load then unknown too); a known load's encoding is the field's low bits and its
 * row, when it has one, is of the scheme's table and that encoding; every enumerator in range;
 * a store kind (Sandy Bridge precise store, Haswell store) reads bit 0 as the L1 hit, as the
 * SDM has it. */
static void check_data_source(uint64_t raw, unsigned pick, unsigned hybrid, uint32_t core_type)
{
	kprof_pebs_data_source_scheme sc;
	kprof_pebs_data_source d;
	kprof_status st = kprof_pebs_data_source_scheme_get(
	        kprof_cpuid_uarch_by_id((kprof_cpuid_uarch_id)pick), (int)hybrid, core_type, &sc);
	unsigned a;
	KF_CHECK(st == KPROF_OK ? sc.table != KPROF_PEBS_DATA_SOURCE_TABLE_NONE && sc.layout != 0
	                        : st == KPROF_E_UNSUPPORTED && sc.table == KPROF_PEBS_DATA_SOURCE_TABLE_NONE);
	for (a = 0; a < 5; a++) {
		kprof_status su = kprof_pebs_data_source_unpack(&sc, (kprof_pebs_data_source_access)a, raw, &d);
		KF_CHECK(d.raw == raw && (unsigned)d.access == a);
		KF_CHECK((unsigned)d.stlb_miss <= 2 && (unsigned)d.locked <= 2 &&
		         (unsigned)d.data_blocked <= 2 && (unsigned)d.address_blocked <= 2);
		KF_CHECK(d.hit <= 1 && d.remote <= 1);
		if (a == KPROF_PEBS_DATA_SOURCE_ACCESS_PRECISE_STORE || a == KPROF_PEBS_DATA_SOURCE_ACCESS_STORE_L1) {
			KF_CHECK(su == KPROF_OK && d.hit == (raw & 1) && d.row == 0);
		} else if (a > KPROF_PEBS_DATA_SOURCE_ACCESS_STORE) {
			KF_CHECK(su == KPROF_E_ARGUMENT);
		} else if (st != KPROF_OK) {
			KF_CHECK(su == KPROF_E_UNSUPPORTED && d.row == 0);
		} else {
			const kprof_pebs_data_source_code *r = kprof_pebs_data_source_code_by_id(d.row);
			KF_CHECK(su == KPROF_OK && d.table == sc.table && d.code <= 0xFF && d.code <= raw &&
			         (raw & d.code) == d.code);
			KF_CHECK(d.row == 0 ? d.level == KPROF_PEBS_DATA_SOURCE_LEVEL_NA
			                    : r && r->table == (uint8_t)sc.table && r->code == d.code &&
			                              r->level == (uint8_t)d.level);
		}
	}
}

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
		if (s.has & KPROF_PEBS_HAS_MEMINFO)
			check_data_source(s.data_source, (unsigned)(s.data_address & 0xFF),
			                  (unsigned)(s.data_address >> 8) & 1u, (uint32_t)(s.latency & 0xFF));
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
