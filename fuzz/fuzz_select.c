/* PerfEvtSel decode/encode, both directions. The rules the harness checks come from the
 * header's documented contract (kprof_pmu_select_unpack / kprof_pmu_select_pack), not from the
 * code: a defined-bits value round-trips exactly, reserved bits are reported, and encode
 * refuses exactly the out-of-range fields it lists. */
#include "fuzz_common.h"

static int flag_ok(uint8_t f)
{
	return f <= 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	unsigned vraw = kf_u8(&c);
	kprof_cpuid_vendor vendor = (kprof_cpuid_vendor)(vraw % 4u);
	uint64_t value = kf_u64(&c), enc = 0, enc2 = 0;
	kprof_pmu_select sel, in, back;
	kprof_status st;
	int intel = vendor == KPROF_CPUID_VENDOR_INTEL, amd = vendor == KPROF_CPUID_VENDOR_AMD;
	/* kprof_pmu_select holds an Intel select's bits 31:0: bits 32.. (in_tx, adaptive, eq, umask2)
	 * are reported as reserved by the decoder's contract. */
	uint64_t defined = intel ? KPROF_IA32_PERFEVTSEL_DEFINED_MASK & 0xFFFFFFFFu
	                         : KPROF_AMD_PERFEVTSEL_DEFINED_MASK;
	int expect_ok;

	/* decode, then encode what came out */
	memset(&sel, 0xA5, sizeof sel);
	st = kprof_pmu_select_unpack(vendor, value, &sel);
	if (!intel && !amd) {
		KF_CHECK(st == KPROF_E_ARGUMENT);
	} else {
		KF_CHECK(st == ((value & ~defined) ? KPROF_E_RESERVED : KPROF_OK));
		KF_CHECK(kprof_pmu_select_pack(vendor, &sel, &enc) == KPROF_OK);
		KF_CHECK(enc == (value & defined));
		/* Fields from the SDM/APM bit positions, computed here independently. */
		KF_CHECK(sel.umask == ((value >> 8) & 0xFF));
		KF_CHECK(sel.cmask == ((value >> 24) & 0xFF));
		KF_CHECK(sel.usr == ((value >> 16) & 1) && sel.os == ((value >> 17) & 1));
		KF_CHECK(sel.edge == ((value >> 18) & 1) && sel.pc == ((value >> 19) & 1));
		KF_CHECK(sel.intr == ((value >> 20) & 1) && sel.en == ((value >> 22) & 1));
		KF_CHECK(sel.inv == ((value >> 23) & 1));
		if (intel) {
			KF_CHECK(sel.event == (value & 0xFF) && sel.any == ((value >> 21) & 1));
			KF_CHECK(sel.guest_only == 0 && sel.host_only == 0);
		} else {
			KF_CHECK(sel.event == ((value & 0xFF) | (((value >> 32) & 0xF) << 8)));
			KF_CHECK(sel.any == 0);
			KF_CHECK(sel.guest_only == ((value >> 40) & 1));
			KF_CHECK(sel.host_only == ((value >> 41) & 1));
		}
	}

	/* encode a fuzzed struct, then decode what came out */
	in.event = kf_u16(&c);
	in.umask = kf_u8(&c);
	in.cmask = kf_u8(&c);
	in.usr = kf_u8(&c);
	in.os = kf_u8(&c);
	in.edge = kf_u8(&c);
	in.pc = kf_u8(&c);
	in.intr = kf_u8(&c);
	in.any = kf_u8(&c);
	in.en = kf_u8(&c);
	in.inv = kf_u8(&c);
	in.guest_only = kf_u8(&c);
	in.host_only = kf_u8(&c);
	/* Small flags are the interesting case: let a selector byte keep them 0/1 mostly. */
	if (kf_u8(&c) & 1) {
		in.usr &= 1, in.os &= 1, in.edge &= 1, in.pc &= 1, in.intr &= 1;
		in.any &= 1, in.en &= 1, in.inv &= 1, in.guest_only &= 1, in.host_only &= 1;
		in.event &= 0xFFF;
	}
	expect_ok = (intel || amd) && flag_ok(in.usr) && flag_ok(in.os) && flag_ok(in.edge) &&
	            flag_ok(in.pc) && flag_ok(in.intr) && flag_ok(in.any) && flag_ok(in.en) &&
	            flag_ok(in.inv) && flag_ok(in.guest_only) && flag_ok(in.host_only) &&
	            (intel ? in.event <= 0xFF && !in.guest_only && !in.host_only
	                   : in.event <= 0xFFF && !in.any);
	enc2 = 0x5A5A5A5A5A5A5A5Aull;
	st = kprof_pmu_select_pack(vendor, &in, &enc2);
	if (!intel && !amd) {
		KF_CHECK(st == KPROF_E_ARGUMENT);
	} else if (!expect_ok) {
		KF_CHECK(st == KPROF_E_RANGE);
		KF_CHECK(enc2 == 0x5A5A5A5A5A5A5A5Aull); /* documented: *out untouched */
	} else {
		KF_CHECK(st == KPROF_OK);
		KF_CHECK((enc2 & ~defined) == 0);
		KF_CHECK(kprof_pmu_select_unpack(vendor, enc2, &back) == KPROF_OK);
		KF_CHECK(back.event == in.event && back.umask == in.umask && back.cmask == in.cmask);
		KF_CHECK(back.usr == in.usr && back.os == in.os && back.edge == in.edge);
		KF_CHECK(back.pc == in.pc && back.intr == in.intr && back.any == in.any);
		KF_CHECK(back.en == in.en && back.inv == in.inv);
		KF_CHECK(back.guest_only == in.guest_only && back.host_only == in.host_only);
	}
	(void)vraw;
	return 0;
}
