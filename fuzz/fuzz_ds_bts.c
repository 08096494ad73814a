/* The DS save area (every layout kprof reads) and the BTS walker over what it points at.
 * The input holds a DS area image (any layout), then the BTS buffer copy; base, index and
 * maximum come from the area, hostile, or near-valid when a selector asks. A second part
 * computes a DS setup from a fuzzed request and checks it against the rules it documents.
 * Invariants: layout sizes (Intel 0xA0/0x28, Windows 6.2 0x60, 10 2004+ 0xA0/0x80: the
 * seeds' and reference/windows-structures.md's numbers); the PEBS index agrees three ways;
 * the walker reads only records it was given, yields exactly the documented count, oldest
 * first, each record equal to the bytes at its slot; kprof_bts_wrapped_get agrees. */
#include "fuzz_common.h"

static const size_t layout_size[5] = {0xA0, 0x28, 0x60, 0xA0, 0x80};

static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	while (n--)
		v = v << 8 | p[n];
	return v;
}

static void check_setup(kf_cursor *c)
{
	kprof_ds_request q;
	kprof_ds_setup s;
	kprof_ds_caps caps;
	kprof_status st;
	uint8_t sel = kf_u8(c);
	unsigned i;
	memset(&q, 0, sizeof q);
	q.dtes64 = sel & 1;
	q.bts_interrupt = (sel >> 1) & 1;
	q.bts_os = (sel >> 2) & 1;
	q.bts_usr = (sel >> 3) & 1;
	q.adaptive = (sel >> 4) & 1;
	q.bts_base = (sel & 0x20) ? kf_u64(c) : (uint64_t)kf_u16(c) << 4;
	q.bts_size = kf_u16(c);
	q.bts_interrupt_after = kf_u8(c) % 8u;
	q.pebs_record_size = (sel & 0x40) ? kf_u16(c) : 0xC8u;
	q.pebs_base = (sel & 0x80) ? kf_u64(c) : 0x100000u + ((uint64_t)kf_u16(c) << 3);
	q.pebs_size = kf_u16(c) * 4u;
	q.pebs_interrupt_after = kf_u8(c) % 8u;
	q.pebs_gp_mask = kf_u8(c) & 0xF;
	q.pebs_fixed_mask = kf_u8(c) & 3;
	q.load_latency_mask = kf_u8(c) & 3;
	for (i = 0; i < 8; i++)
		q.gp_reset[i] = kf_u64(c);
	for (i = 0; i < 4; i++)
		q.fixed_reset[i] = kf_u64(c);
	q.pebs_format = (uint8_t)(kf_u8(c) % (KPROF_PEBS_FORMAT_ADAPTIVE_MAX + 2u)); /* one past: refused */
	memset(&caps, 0, sizeof caps);
	caps.ds = 1;
	caps.dtes64 = q.dtes64;
	caps.ds_cpl = kf_u8(c) & 1;
	caps.bts = caps.pebs = KPROF_DS_AVAIL_YES;
	caps.pebs_baseline = kf_u8(c) % 3u;
	memset(&s, 0xCC, sizeof s);
	st = kprof_ds_setup_get(&q, (kf_u8(c) & 1) ? &caps : NULL, &s);
	KF_CHECK(kf_is_status(st) && st <= 0);
	if (q.pebs_format > KPROF_PEBS_FORMAT_ADAPTIVE_MAX)
		KF_CHECK(st == KPROF_E_FORMAT);
	if (st == KPROF_OK) {
		unsigned rs = q.dtes64 ? 24u : 12u, align = q.dtes64 ? 8u : 4u;
		uint8_t *buf;
		size_t len = !q.dtes64 ? KPROF_DS_AREA32_SIZE
		             : q.pebs_format >= KPROF_PEBS_FORMAT_WIDE_RESETS ? KPROF_DS_AREA64_SIZE
		                                                             : KPROF_DS_AREA64_FMT4_SIZE;
		kprof_ds_area64 back;
		kprof_bts_iter w;
		kprof_bts_entry e;
		if (q.bts_size) {
			const kprof_ds_area64_fmt4 *a = &s.area;
			KF_CHECK(a->bts_buffer_base == q.bts_base && a->bts_index == q.bts_base);
			KF_CHECK(q.bts_base % align == 0 && s.bts_capacity >= 1);
			KF_CHECK(a->bts_absolute_maximum == q.bts_base + (uint64_t)s.bts_capacity * rs);
			KF_CHECK((uint64_t)s.bts_capacity * rs <= q.bts_size);
			KF_CHECK(a->bts_interrupt_threshold > a->bts_buffer_base &&
			         a->bts_interrupt_threshold <= a->bts_absolute_maximum);
			KF_CHECK((a->bts_interrupt_threshold - a->bts_buffer_base) % rs == 0);
			KF_CHECK(q.bts_os || q.bts_usr);
			/* an empty buffer the walker accepts */
			KF_CHECK(kc_bts_iter_init(&w, "", 0, a->bts_buffer_base, a->bts_index,
			                             a->bts_absolute_maximum, rs, 0) == KPROF_OK);
			KF_CHECK(kprof_bts_iter_next(&w, &e) == KPROF_END);
		}
		if (q.pebs_size) {
			const kprof_ds_area64_fmt4 *a = &s.area;
			KF_CHECK(a->pebs_buffer_base == q.pebs_base && a->pebs_index == q.pebs_base);
			KF_CHECK(a->pebs_absolute_maximum == q.pebs_base + (uint64_t)s.pebs_capacity * q.pebs_record_size);
			KF_CHECK(a->pebs_interrupt_threshold > a->pebs_buffer_base &&
			         a->pebs_interrupt_threshold <= a->pebs_absolute_maximum);
			KF_CHECK(q.pebs_gp_mask | q.pebs_fixed_mask);
		}
		if (q.bts_size && q.pebs_size)
			KF_CHECK(q.bts_base + q.bts_size <= q.pebs_base || q.pebs_base + q.pebs_size <= q.bts_base);
		/* written, it reads back in its layout */
		buf = (uint8_t *)malloc(len);
		if (!buf)
			abort();
		KF_CHECK(kprof_ds_setup_write(&s, buf, len - 1) != KPROF_OK);
		KF_CHECK(kprof_ds_setup_write(&s, buf, len) == KPROF_OK);
		KF_CHECK(s.area_size == len);
		KF_CHECK(kprof_ds_area_unpack(buf, len, q.dtes64 ? KPROF_DS_LAYOUT_INTEL64 : KPROF_DS_LAYOUT_INTEL32,
		                              q.pebs_format, &back) == KPROF_OK);
		if (q.dtes64)
			for (i = 0; i < 4; i++) /* fixed resets where this format's processor reads them */
				KF_CHECK(back.pebs_fixed_counter_reset[i] ==
				         ((q.pebs_fixed_mask >> i & 1u) && q.pebs_size ? q.fixed_reset[i] : 0));
		KF_CHECK(back.bts_buffer_base == s.area.bts_buffer_base && back.bts_index == s.area.bts_index);
		KF_CHECK(back.bts_absolute_maximum == s.area.bts_absolute_maximum);
		KF_CHECK(back.pebs_buffer_base == s.area.pebs_buffer_base);
		KF_CHECK(back.pebs_absolute_maximum == s.area.pebs_absolute_maximum);
		free(buf);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	uint8_t sel = kf_u8(&c);
	unsigned layout = sel % 6u; /* 5: not a layout */
	size_t alen = kf_u8(&c), blen, i, want, got = 0;
	uint8_t *area, *bytes;
	kprof_ds_area64 a;
	kprof_status st;
	uint64_t idx1 = 0, idx2 = 0, base, index, maximum, slot = 0, cap = 0;
	unsigned rs = (sel & 0x10) ? 12u : 24u, flags = (sel & 0x20) ? KPROF_BTS_WRAPPED : 0;
	kprof_bts_iter w;
	kprof_bts_entry e;
	int wrapped = -1;

	if (alen > c.n)
		alen = c.n;
	area = (uint8_t *)malloc(alen ? alen : 1);
	if (!area)
		abort();
	memcpy(area, c.p, alen);
	c.p += alen;
	c.n -= alen;

	/* the area, every way kprof reads it */
	memset(&a, 0xCC, sizeof a);
	st = kprof_ds_area_unpack(area, alen, (kprof_ds_layout)layout, KPROF_PEBS_FORMAT_ADAPTIVE, &a);
	if (layout >= 5)
		KF_CHECK(st == KPROF_E_ARGUMENT);
	else if (alen < layout_size[layout])
		KF_CHECK(st == KPROF_E_TRUNCATED);
	else
		KF_CHECK(st == KPROF_OK);
	st = kprof_ds_pebs_index_get(area, alen, (kprof_ds_layout)layout, &idx1);
	if (st == KPROF_OK && layout < 5 && alen >= layout_size[layout]) {
		uint64_t *aligned = (uint64_t *)malloc(layout_size[layout]);
		if (!aligned)
			abort();
		memcpy(aligned, area, layout_size[layout]);
		KF_CHECK(idx1 == a.pebs_index);
		KF_CHECK(kprof_ds_pebs_index_read(aligned, (kprof_ds_layout)layout, &idx2) == KPROF_OK);
		KF_CHECK(idx2 == idx1);
		free(aligned);
	}

	/* a DS setup from a fuzzed request (its bytes come before the buffer's) */
	if (sel & 0x08)
		check_setup(&c);
	/* the BTS buffer the area points at */
	bytes = kf_rest_copy(&c, &blen);
	if (layout < 5 && alen >= layout_size[layout]) {
		base = a.bts_buffer_base;
		index = a.bts_index;
		maximum = a.bts_absolute_maximum;
	} else {
		base = 0;
		index = 0;
		maximum = 0;
	}
	if (sel & 0x40) { /* near-valid: index and maximum on or near records */
		base &= ~(uint64_t)7;
		index = base + (index % 64u) * rs + ((sel & 0x80) ? (index >> 8) % 3u : 0);
		maximum = base + (maximum % 64u) * rs + (maximum >> 8) % 2u;
	}
	st = kc_bts_iter_init(&w, bytes, blen, base, index, maximum, rs, flags);
	if (index < base || index > maximum) {
		KF_CHECK(st == KPROF_E_RANGE);
	} else if ((index - base) % rs || (index - base) / rs > (maximum - base) / rs) {
		KF_CHECK(st == KPROF_E_ALIGNMENT);
	} else {
		slot = (index - base) / rs;
		cap = (maximum - base) / rs;
		if (flags && cap == 0)
			KF_CHECK(st == KPROF_E_RANGE);
		else if ((flags ? cap : slot) > blen / rs)
			KF_CHECK(st == KPROF_E_TRUNCATED);
		else
			KF_CHECK(st == KPROF_OK);
	}
	if (st == KPROF_OK) {
		uint64_t s = flags ? slot % cap : 0;
		want = (size_t)(flags ? cap : slot);
		while ((st = kprof_bts_iter_next(&w, &e)) == KPROF_OK) {
			const uint8_t *p = bytes + s * rs;
			unsigned f = rs == 24 ? 8u : 4u;
			KF_CHECK(got < want && e.at == base + s * rs);
			KF_CHECK(e.from == le(p, f) && e.to == le(p + f, f) && e.flags == le(p + 2 * f, f));
			KF_CHECK(e.predicted == ((e.flags >> 4) & 1));
			s = s + 1 == cap ? 0 : s + 1;
			got++;
		}
		KF_CHECK(st == KPROF_END && got == want);
		KF_CHECK(kprof_bts_iter_next(&w, &e) == KPROF_END);
	} else {
		KF_CHECK(kprof_bts_iter_next(&w, &e) == st); /* sticky, nothing read */
	}
	st = kc_bts_wrapped(bytes, blen, base, index, maximum, rs, &wrapped);
	KF_CHECK(wrapped == 0 || wrapped == 1);
	if (st == KPROF_OK && index - base < maximum - base && (maximum - base) / rs > (index - base) / rs) {
		const uint8_t *p = bytes + (index - base);
		int nz = 0;
		for (i = 0; i < rs; i++)
			nz |= p[i] != 0;
		KF_CHECK(wrapped == nz);
	}
	free(area);
	free(bytes);
	return 0;
}
