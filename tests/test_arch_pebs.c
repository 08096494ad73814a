/* Intel architectural PEBS walker. Buffers are built here from Linux's layout (perf_event.h
 * struct arch_pebs_*: header 16 bytes with size 15:0, cont 31, cntr 39:35, lbr 41:40, xmm 49,
 * gpr 61, aux 62, basic 63; basic 48, aux 64, gprs 160, XER header 16 + XMM 256, LBR header 48
 * + 24 per entry, counters header 16 + 8 per counter) typed in independently of the spec. */
#include "kprof.h"
#include "kprof_test.h"

static uint8_t buf[8192];

#define H_BASIC (1ull << 63)
#define H_AUX (1ull << 62)
#define H_GPR (1ull << 61)
#define H_XMM (1ull << 49)
#define H_CONT (1ull << 31)

static kprof_status walk(size_t end, kprof_pebs_arch_record *r, unsigned *n)
{
	kprof_pebs_arch_buffer b;
	kprof_pebs_arch_iter it;
	kprof_status st;
	b.bytes = buf;
	b.len = sizeof(buf);
	b.index = (uint64_t)(end / 16) << 4 | (1ull << 32); /* wr in 16-byte units, en */
	*n = 0;
	st = kprof_pebs_arch_iter_init(&it, &b);
	if (st != KPROF_OK)
		return st;
	while ((st = kprof_pebs_arch_iter_next(&it, r)) == KPROF_OK)
		(*n)++;
	/* errors are final; END stays END */
	CHECK_EQ(kprof_pebs_arch_iter_next(&it, r), st);
	return st;
}

int main(void)
{
	kprof_pebs_arch_record r;
	unsigned n;
	size_t at, rec1;
	/* record 1: basic + aux + gpr + xmm + lbr (8 entries) + counters (gp 0,1 + metrics) */
	memset(buf, 0, sizeof(buf));
	at = 16;
	kc_put64(buf + at, 0x401000);          /* ip */
	kc_put64(buf + at + 8, 0x3);           /* applicable counters */
	kc_put64(buf + at + 16, 0x123456789);  /* tsc */
	kc_put64(buf + at + 24, (1u << 16) | 42); /* retire latency 42, valid */
	at += 48;
	kc_put64(buf + at, 0x7FFF1000);        /* data address */
	kc_put64(buf + at + 40, 0x1);          /* data source */
	kc_put64(buf + at + 48, (77ull << 32) | 5); /* cache 77, instr 5 */
	at += 64;
	kc_put64(buf + at + 8, 0x401000);      /* gprs.ip */
	kc_put64(buf + at + 16, 0xAA);         /* ax */
	kc_put64(buf + at + 144, 0x5555);      /* ssp */
	at += 160;
	at += 16 + 256;               /* XER header, XMM */
	kc_put64(buf + at + 16, 32);           /* LBR depth (not used with lbr 1) */
	at += 48 + 8 * 24;
	kc_put32(buf + at, 0x3);               /* cntr: gp 0, 1 */
	kc_put32(buf + at + 8, 3);             /* metrics */
	at += 16 + 4 * 8;
	rec1 = at;
	kc_put64(buf + 0, H_BASIC | H_AUX | H_GPR | H_XMM | (1ull << 40) | (1ull << 35) | rec1);
	/* record 2: two fragments, basic in the first (cont), gpr in the second */
	kc_put64(buf + rec1, H_BASIC | H_CONT | (16 + 48));
	kc_put64(buf + rec1 + 16, 0x402000);
	kc_put64(buf + rec1 + 64, H_GPR | (16 + 160));
	kc_put64(buf + rec1 + 64 + 16 + 16, 0xBB);
	CHECK_EQ(walk(rec1 + 64 + 176, &r, &n), KPROF_END);
	CHECK_EQ(n, 2);
	/* the first record, field by field */
	{
		kprof_pebs_arch_buffer b = {buf, sizeof(buf), (uint64_t)((rec1 + 240) / 16) << 4};
		kprof_pebs_arch_iter it;
		kprof_pebs_arch_gprs g;
		kprof_pebs_gprs gp;
		CHECK_EQ(kprof_pebs_arch_iter_init(&it, &b), KPROF_OK);
		CHECK_EQ(kprof_pebs_arch_iter_next(&it, &r), KPROF_OK);
		CHECK_EQ(r.at, 0);
		CHECK_EQ(r.size, rec1);
		CHECK_EQ(r.fragments, 1);
		CHECK_EQ(r.ip, 0x401000);
		CHECK_EQ(r.applicable_counters, 3);
		CHECK_EQ(r.tsc, 0x123456789);
		CHECK_EQ(r.retire_latency, 42);
		CHECK_EQ(r.retire_latency_valid, 1);
		CHECK_EQ(r.data_address, 0x7FFF1000);
		CHECK_EQ(r.data_source, 1);
		CHECK_EQ(r.instr_latency, 5);
		CHECK_EQ(r.cache_latency, 77);
		CHECK_EQ(r.gprs_offset, 16 + 48 + 64);
		CHECK_EQ(kprof_pebs_arch_gprs_decode(buf + r.gprs_offset, sizeof buf - r.gprs_offset, &g), KPROF_OK);
		CHECK_EQ(g.regs[1], 0x401000);
		CHECK_EQ(g.regs[2], 0xAA);
		CHECK_EQ(g.ssp, 0x5555);
		CHECK_EQ(r.xmm_offset, 16 + 48 + 64 + 160 + 16);
		CHECK_EQ(r.lbr_count, 8);
		CHECK_EQ(r.lbr_depth, 32);
		CHECK_EQ(r.lbr_offset, 16 + 48 + 64 + 160 + 16 + 256 + 48);
		CHECK_EQ(r.cntr_count, 4);
		CHECK(r.has & KPROF_PEBS_HAS_CNTR);
		CHECK_EQ(kprof_pebs_arch_iter_next(&it, &r), KPROF_OK);
		CHECK_EQ(r.fragments, 2);
		CHECK_EQ(r.ip, 0x402000);
		CHECK_EQ(kprof_pebs_gprs_decode(buf + r.gprs_offset, sizeof buf - r.gprs_offset, &gp), KPROF_OK);
		CHECK_EQ(gp.ax, 0xBB);
		CHECK_EQ(r.size, 64 + 176);
		CHECK_EQ(kprof_pebs_arch_iter_next(&it, &r), KPROF_END);
	}
	/* the index ends inside a record: the fragment does not fit */
	CHECK_EQ(walk(rec1 - 16, &r, &n), KPROF_E_CORRUPT);
	CHECK_EQ(n, 0);
	/* the chain's last fragment says cont but the buffer ends */
	kc_put64(buf + rec1 + 64, H_GPR | H_CONT | (16 + 160));
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_E_CORRUPT);
	CHECK_EQ(n, 1);
	kc_put64(buf + rec1 + 64, H_GPR | (16 + 160));
	/* a group twice in one record */
	kc_put64(buf + rec1 + 64, H_BASIC | H_GPR | (16 + 48 + 160));
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_E_CORRUPT);
	kc_put64(buf + rec1 + 64, H_GPR | (16 + 160));
	/* a first fragment without basic */
	kc_put64(buf + rec1, H_CONT | (16 + 48));
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_E_CORRUPT);
	kc_put64(buf + rec1, H_BASIC | H_CONT | (16 + 48));
	/* LBR depth past the fragment (lbr 3: the header's depth counts) */
	kc_put64(buf + 0, H_BASIC | H_AUX | H_GPR | H_XMM | (3ull << 40) | (1ull << 35) | rec1);
	kc_put64(buf + 16 + 48 + 64 + 160 + 16 + 256 + 16, 0x100000000ull);
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_E_CORRUPT);
	kc_put64(buf + 0, H_BASIC | H_AUX | H_GPR | H_XMM | (3ull << 40) | rec1); /* LBR is the last group */
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_E_CORRUPT);
	kc_put64(buf + 16 + 48 + 64 + 160 + 16 + 256 + 16, 11); /* 48 + 11 * 24 > the 112 bytes left */
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_E_CORRUPT);
	kc_put64(buf + 0, H_BASIC | H_AUX | H_GPR | H_XMM | (3ull << 40) | (1ull << 35) | rec1);
	kc_put64(buf + 16 + 48 + 64 + 160 + 16 + 256 + 16, 8);
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_END);
	CHECK_EQ(n, 2);
	/* counters that cannot fit; a bad metrics value */
	kc_put32(buf + rec1 - 48, 0xFFFF);
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_E_CORRUPT);
	kc_put32(buf + rec1 - 48, 0x3);
	kc_put32(buf + rec1 - 40, 2);
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_E_CORRUPT);
	kc_put32(buf + rec1 - 40, 3);
	/* YMM upper halves: no public size, refused */
	kc_put64(buf + 0, H_BASIC | (1ull << 50) | 64);
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_E_UNSUPPORTED);
	/* sizes below the header, not a multiple of 8, zero */
	kc_put64(buf + 0, H_BASIC | 12);
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_E_CORRUPT);
	kc_put64(buf + 0, H_BASIC | 68);
	CHECK_EQ(walk(rec1 + 240, &r, &n), KPROF_E_CORRUPT);
	/* init: index past the bytes, reserved index bits, nulls */
	{
		kprof_pebs_arch_buffer b = {buf, 64, (uint64_t)8 << 4};
		kprof_pebs_arch_iter it;
		CHECK_EQ(kprof_pebs_arch_iter_init(&it, &b), KPROF_E_TRUNCATED);
		CHECK_EQ(kprof_pebs_arch_iter_next(&it, &r), KPROF_E_TRUNCATED);
		b.index = 1; /* bit 0 reserved */
		b.len = sizeof(buf);
		CHECK_EQ(kprof_pebs_arch_iter_init(&it, &b), KPROF_E_RESERVED);
		b.index = 0; /* nothing written */
		CHECK_EQ(kprof_pebs_arch_iter_init(&it, &b), KPROF_OK);
		CHECK_EQ(kprof_pebs_arch_iter_next(&it, &r), KPROF_END);
		CHECK_EQ(kprof_pebs_arch_iter_init(NULL, &b), KPROF_E_ARGUMENT);
		CHECK_EQ(kprof_pebs_arch_iter_init(&it, NULL), KPROF_E_ARGUMENT);
	}
	return kt_done();
}
