/* The ring-0 build of the DS and Windows code: compiled -ffreestanding -mgeneral-regs-only
 * -mno-red-zone (mk/ds.mk). Every function is referenced so that it is really compiled; the unit
 * holds kprof's whole implementation, compiled the same way. */
#define KPROF_IMPLEMENTATION
#include "kprof.h"

int ds_driver_start(uint8_t *area, uint64_t area_va, uint64_t bts_va, uint64_t pebs_va, uint64_t *debugctl,
                    uint64_t *pebs_enable);
int ds_driver_start(uint8_t *area, uint64_t area_va, uint64_t bts_va, uint64_t pebs_va, uint64_t *debugctl,
                    uint64_t *pebs_enable)
{
	kprof_ds_caps caps;
	kprof_ds_request r = {0};
	kprof_ds_setup s;
	uint32_t size;
	int st = kprof_ds_caps_read(1, &caps);
	(void)area_va;
	if (st != KPROF_OK)
		return st;
	if (kprof_pebs_record_size_get(caps.pebs_format, 0, &size) != KPROF_OK)
		return -1;
	r.dtes64 = caps.dtes64;
	r.bts_base = bts_va;
	r.bts_size = 4096;
	r.bts_os = r.bts_usr = 1;
	r.pebs_base = pebs_va;
	r.pebs_size = 4096;
	r.pebs_record_size = size;
	r.pebs_gp_mask = 1;
	st = kprof_ds_setup_get(&r, &caps, &s);
	if (st != KPROF_OK)
		return st;
	*debugctl = s.debugctl_bits;
	*pebs_enable = s.pebs_enable;
	return kprof_ds_setup_write(&s, area, KPROF_DS_AREA64_SIZE);
}

uint64_t ds_driver_pebs_index(const volatile void *ppca);
uint64_t ds_driver_pebs_index(const volatile void *ppca)
{
	uint64_t v = 0;
	(void)kprof_ds_pebs_index_read(ppca, KPROF_DS_LAYOUT_WIN62, &v);
	return v;
}

unsigned ds_driver_drain(const uint8_t *buf, uint64_t base, uint64_t index, uint64_t max, unsigned fmt);
unsigned ds_driver_drain(const uint8_t *buf, uint64_t base, uint64_t index, uint64_t max, unsigned fmt)
{
	kprof_pebs_iter w;
	kprof_pebs_sample s;
	kprof_bts_iter b;
	kprof_bts_entry e;
	kprof_psi_iter it;
	kprof_psi_entry pe;
	kprof_psi_match m;
	kprof_psi_writer pw;
	kprof_ds_area64 a;
	char d[32];
	int wrapped;
	kprof_ds_buffer pb;
	kprof_ds_buffer bb;
	kprof_psi_item item = {0, 1, 2, "x", 1};
	int equal = 0;
	unsigned n = 0;
	pb.bytes = buf;
	pb.len = (size_t)(index - base);
	pb.base = base;
	pb.index = index;
	pb.maximum = max;
	pb.format = fmt;
	pb.flags = 0;
	pb.data_cfg = 0;
	if (kprof_pebs_iter_init(&w, &pb) == KPROF_OK)
		while (kprof_pebs_iter_next(&w, &s) == KPROF_OK)
			n++;
	bb.bytes = buf;
	bb.len = (size_t)(max - base);
	bb.base = base;
	bb.index = index;
	bb.maximum = max;
	bb.format = 24;
	bb.flags = 0;
	(void)kprof_bts_wrapped_get(&bb, &wrapped);
	bb.flags = wrapped ? KPROF_BTS_WRAPPED : 0u;
	if (kprof_bts_iter_init(&b, &bb) == KPROF_OK)
		while (kprof_bts_iter_next(&b, &e) == KPROF_OK)
			n++;
	kprof_psi_iter_init(&it, buf, 256);
	while (kprof_psi_iter_next(&it, &pe) == KPROF_OK) {
		(void)kprof_psi_match_get(&pe, KPROF_SOURCE_TABLE_EMON, &m);
		(void)kprof_psi_description_to_utf8(&it, &pe, d, sizeof(d), 0);
		(void)kprof_psi_description_compare(&it, &pe, "Timer", 5, &equal);
		n += (unsigned)equal;
	}
	kprof_psi_writer_init(&pw, (void *)d, sizeof(d));
	(void)kprof_psi_writer_add(&pw, &item);
	(void)kprof_ds_area_unpack(buf, 0xA0, KPROF_DS_LAYOUT_WIN32, KPROF_PEBS_FORMAT_WIDE_RESETS, &a);
	return n;
}
