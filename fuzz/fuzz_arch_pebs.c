/* Intel architectural PEBS walker over hostile buffers: u16 write offset (x16), then the
 * buffer. Invariants (Linux perf_event.h layout, typed here): records tile [0, offset) in
 * order; every record lies inside the bytes and starts with a basic group; every offset a
 * record hands back (XMM 256 bytes, LBR entries of 24, counter values of 8) lies inside its
 * record; errors are final and END stays END. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	uint16_t wr = kf_u16(&c);
	size_t len, at = 0;
	uint8_t *rest = kf_rest_copy(&c, &len);
	kprof_pebs_arch_buffer b;
	kprof_pebs_arch_iter it;
	kprof_pebs_arch_record r;
	kprof_status st;
	unsigned guard = 0;
	b.bytes = rest;
	b.len = len;
	b.index = (uint64_t)wr << 4;
	st = kprof_pebs_arch_iter_init(&it, &b);
	KF_CHECK(kf_is_status(st));
	KF_CHECK((st == KPROF_OK) == ((size_t)wr * 16 <= len));
	while (st == KPROF_OK && (st = kprof_pebs_arch_iter_next(&it, &r)) == KPROF_OK) {
		KF_CHECK(r.at == at && r.size >= 16 && r.at + r.size <= (size_t)wr * 16);
		KF_CHECK(r.has & KPROF_PEBS_HAS_EVENTING_IP);
		KF_CHECK(r.fragments >= 1 && r.fragments <= KPROF_PEBS_ARCH_MAX_FRAGMENTS);
		if (r.has & KPROF_PEBS_HAS_XMM)
			KF_CHECK(r.xmm_offset >= r.at && r.xmm_offset + 256 <= r.at + r.size);
		if (r.has & KPROF_PEBS_HAS_LBR)
			KF_CHECK(r.lbr_offset >= r.at && r.lbr_offset + (uint64_t)r.lbr_count * 24 <= r.at + r.size);
		if (r.has & KPROF_PEBS_HAS_CNTR)
			KF_CHECK(r.cntr_offset >= r.at && r.cntr_offset + 16 + (uint64_t)r.cntr_count * 8 <= r.at + r.size);
		at += r.size;
		KF_CHECK(++guard <= len / 16 + 1);
	}
	KF_CHECK(kf_is_status(st));
	if (st == KPROF_END)
		KF_CHECK(at == (size_t)wr * 16);
	KF_CHECK(kprof_pebs_arch_iter_next(&it, &r) == st);
	free(rest);
	return 0;
}
