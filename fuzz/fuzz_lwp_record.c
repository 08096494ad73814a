/* LWP event records, both revisions: kprof_lwp_record_unpack on an exactly-sized copy of the
 * input, and kprof_lwp_record_iter_init/_next walking the whole input as a file of records. The record
 * layout checked here is the one reference/lwp-shipped.md and seed 003 give (byte 0 event id,
 * byte 1 core id, 2..3 flags, 4..7 data1, 8..15 instruction address, 16..23 data2, 24..31
 * timestamp), read with the harness's own byte loads. */
#include "fuzz_common.h"

static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	while (n--)
		v = v << 8 | p[n];
	return v;
}

static unsigned expected_kind(unsigned rev, unsigned id)
{
	if (id == 0)
		return KPROF_LWP_KIND_EMPTY; /* an empty slot, either revision */
	if (rev == KPROF_LWP_REVISION_SHIPPED) {
		switch (id) {
		case 1: return KPROF_LWP_KIND_PROGRAMMED_VALUE;
		case 2: return KPROF_LWP_KIND_INSTRUCTION;
		case 3: return KPROF_LWP_KIND_BRANCH;
		case 4: return KPROF_LWP_KIND_DCACHE;
		case 5:
		case 6: return KPROF_LWP_KIND_CLOCKS;
		case 255: return KPROF_LWP_KIND_PROGRAMMED_EVENT;
		}
	} else {
		switch (id) {
		case 1: return KPROF_LWP_KIND_INSTRUCTION;
		case 2: return KPROF_LWP_KIND_BRANCH;
		case 3: return KPROF_LWP_KIND_DCACHE;
		}
	}
	return KPROF_LWP_KIND_UNKNOWN;
}

/* empty_st: what an empty slot returns (KPROF_E_FORMAT from unpack, KPROF_OK from the
 * iterator, which flags it in the record instead). */
static void check_sample(const uint8_t *p, unsigned rev, kprof_status st, const kprof_lwp_sample *s,
                         kprof_status empty_st)
{
	unsigned kind = expected_kind(rev, p[0]);
	KF_CHECK(st == (p[0] == 0 ? empty_st : KPROF_OK));
	KF_CHECK(s->revision == rev && s->event_id == p[0] && s->core_id == p[1]);
	KF_CHECK(s->flags == le(p + 2, 2) && s->data1 == le(p + 4, 4));
	KF_CHECK(s->ip == le(p + 8, 8) && s->data2 == le(p + 16, 8) && s->timestamp == le(p + 24, 8));
	KF_CHECK(s->kind == kind);
	KF_CHECK(s->branch_taken <= 1 && s->branch_predicted <= 1 && s->branch_prediction_valid <= 1);
	if (kind == KPROF_LWP_KIND_BRANCH) {
		KF_CHECK(s->next_ip == s->data2);
	} else {
		KF_CHECK(!s->branch_taken && !s->branch_predicted && !s->branch_prediction_valid);
		KF_CHECK(s->next_ip == 0);
	}
	if (kind == KPROF_LWP_KIND_DCACHE) {
		KF_CHECK(s->data_address_valid <= 1 && s->latency == s->data1);
		KF_CHECK(s->data_address == (s->data_address_valid ? s->data2 : 0));
	} else {
		KF_CHECK(!s->data_source && !s->data_address_valid && !s->latency && !s->data_address);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	unsigned rev = kf_u8(&c) % 4u; /* NONE and an undefined value must be refused */
	size_t len, walked = 0;
	kprof_lwp_record_iter it;
	uint8_t *buf = kf_rest_copy(&c, &len);
	kprof_lwp_sample s;
	kprof_status st;
	int valid_rev = rev == KPROF_LWP_REVISION_SHIPPED || rev == KPROF_LWP_REVISION_PROPOSAL;

	memset(&s, 0xA5, sizeof s);
	st = kprof_lwp_record_unpack(buf, len, (kprof_lwp_revision)rev, &s);
	if (!valid_rev)
		KF_CHECK(st == KPROF_E_ARGUMENT);
	else if (len < 32)
		KF_CHECK(st == KPROF_E_TRUNCATED);
	else
		check_sample(buf, rev, st, &s, KPROF_E_FORMAT);

	/* the whole input as a file of records */
	st = kprof_lwp_record_iter_init(&it, buf, len, (kprof_lwp_revision)rev);
	KF_CHECK(valid_rev ? st == KPROF_OK : st == KPROF_E_ARGUMENT);
	for (; valid_rev;) {
		size_t before = it.offset;
		st = kprof_lwp_record_iter_next(&it, &s);
		if (st == KPROF_END) {
			KF_CHECK(before == len && it.offset == before);
			KF_CHECK(kprof_lwp_record_iter_next(&it, &s) == KPROF_END);
			break;
		}
		if (st == KPROF_E_TRUNCATED) { /* final: repeated, the offset left at the bytes */
			KF_CHECK(len - before < 32 && it.offset == before);
			KF_CHECK(kprof_lwp_record_iter_next(&it, &s) == KPROF_E_TRUNCATED && it.offset == before);
			break;
		}
		KF_CHECK(it.offset == before + 32 && it.offset <= len);
		check_sample(buf + before, rev, st, &s, KPROF_OK);
		walked++;
	}
	if (valid_rev)
		KF_CHECK(walked == len / 32);
	free(buf);
	return 0;
}
