/* The brand string and microarchitecture lookups by their documented rules, on hand-made
 * snapshots: kprof_cpuid_brand_get's bounds, NULs, trimming and errors; the lookups' NULL and
 * missing-leaf cases; kprof_cpuid_core_by_type on hybrid and single-core rows; a brand string
 * through the `cpuid -r` writer and back. tests/test_uarch.py checks the table itself against
 * the spec, Linux and every real dump. Ends with "N passed, N failed". */
#include "kprof.h"
#include "kprof_test.h"

/* A snapshot with leaf 0 (max basic leaf 1, vendor), leaf 1 (eax), 0x80000000 (max ext leaf)
 * and the brand string text (48 bytes, NUL-padded) in leaves 0x80000002-4. */
static void make(kprof_cpuid_snapshot *s, const char *vendor, uint32_t eax1, uint32_t ext_max,
                 const char *brand, size_t brand_len)
{
	uint32_t r[4], w[12] = {0};
	unsigned char b[48] = {0};
	unsigned i;
	kprof_cpuid_snapshot_init(s);
	memcpy(&r[1], vendor, 4);
	memcpy(&r[3], vendor + 4, 4);
	memcpy(&r[2], vendor + 8, 4);
	CHECK_EQ(kprof_cpuid_snapshot_set(s, 0, 0, (const uint32_t[4]){1, kprof_bytes_le32_load((const uint8_t *)&r[1]), kprof_bytes_le32_load((const uint8_t *)&r[2]), kprof_bytes_le32_load((const uint8_t *)&r[3])}),
	         KPROF_OK);
	CHECK_EQ(kprof_cpuid_snapshot_set(s, 1, 0, (const uint32_t[4]){eax1, 0, 0, 0}), KPROF_OK);
	CHECK_EQ(kprof_cpuid_snapshot_set(s, 0x80000000u, 0, (const uint32_t[4]){ext_max, 0, 0, 0}), KPROF_OK);
	memcpy(b, brand, brand_len > 48 ? 48 : brand_len);
	for (i = 0; i < 12; i++)
		w[i] = kprof_bytes_le32_load(b + 4 * i);
	for (i = 0; i < 3; i++)
		CHECK_EQ(kprof_cpuid_snapshot_set(s, 0x80000002u + i, 0, (const uint32_t[4]){w[4 * i], w[4 * i + 1], w[4 * i + 2], w[4 * i + 3]}),
		         KPROF_OK);
}

static void brand_is(const kprof_cpuid_snapshot *s, kprof_status want_st, const char *want)
{
	char out[KPROF_CPUID_BRAND_SIZE];
	size_t len = 99;
	memset(out, 'x', sizeof out);
	CHECK_EQ(kprof_cpuid_brand_get(s, out, sizeof out, &len), want_st);
	CHECK_STR(out, want);
	CHECK_EQ(len, strlen(want));
}

static void test_brand(void)
{
	kprof_cpuid_snapshot s;
	char out[KPROF_CPUID_BRAND_SIZE], small[8];
	size_t len;
	static const char full[] = "0123456789abcdef0123456789ABCDEF0123456789abcdef"; /* 48, no NUL */
	static const char high[] = {' ', 'A', (char)0xB0, (char)0xFF, 0x7F, 'z', ' ', 0};
	static const char high_trimmed[] = {'A', (char)0xB0, (char)0xFF, 0x7F, 'z', 0};

	/* Intel's right-justified string: leading spaces go, the ones inside stay. */
	make(&s, "GenuineIntel", 0xF29, 0x80000004u, "              Intel(R) Pentium(R) 4 CPU  2.40GHz", 48);
	brand_is(&s, KPROF_OK, "Intel(R) Pentium(R) 4 CPU  2.40GHz");
	/* Trailing spaces before the NUL padding go too. */
	make(&s, "AuthenticAMD", 0xA20F10, 0x80000020u, "AMD Ryzen 9 5950X 16-Core Processor             ", 48);
	brand_is(&s, KPROF_OK, "AMD Ryzen 9 5950X 16-Core Processor");
	/* All 48 bytes used, no NUL at all: 48 characters and kprof's NUL. */
	make(&s, "GenuineIntel", 0x906EA, 0x80000008u, full, 48);
	brand_is(&s, KPROF_OK, full);
	/* The first NUL ends it, whatever follows. */
	make(&s, "GenuineIntel", 0x906EA, 0x80000008u, "Pentium\0junk after the NUL", 27);
	brand_is(&s, KPROF_OK, "Pentium");
	/* Only spaces (or nothing): an empty string, found. */
	make(&s, "GenuineIntel", 0x906EA, 0x80000008u, "                ", 16);
	brand_is(&s, KPROF_OK, "");
	make(&s, "GenuineIntel", 0x906EA, 0x80000008u, "", 0);
	brand_is(&s, KPROF_OK, "");
	/* Bytes above 0x7F and control bytes are the processor's: kept as they are. */
	make(&s, "AuthenticAMD", 0x662, 0x80000008u, high, sizeof high);
	brand_is(&s, KPROF_OK, high_trimmed);
	CHECK_EQ(kprof_cpuid_brand_get(&s, out, sizeof out, NULL), KPROF_OK); /* len is optional */

	/* Leaves above the max extended leaf are echoes, not a brand string. */
	make(&s, "GenuineIntel", 0x906EA, 0x80000003u, "Intel(R)", 8);
	brand_is(&s, KPROF_E_NOT_FOUND, "");
	/* A missing piece, or no max extended leaf at all. */
	make(&s, "GenuineIntel", 0x906EA, 0x80000008u, "Intel(R)", 8);
	s.present &= ~(1u << KPROF_CPUID_SLOT_BRAND_1);
	brand_is(&s, KPROF_E_NOT_FOUND, "");
	make(&s, "GenuineIntel", 0x906EA, 0x80000008u, "Intel(R)", 8);
	s.present &= ~(1u << KPROF_CPUID_SLOT_EXT_MAX);
	brand_is(&s, KPROF_E_NOT_FOUND, "");

	/* Bounds: the length it needs comes back, the buffer holds "" and nothing is written past
	 * it. */
	make(&s, "GenuineIntel", 0x906EA, 0x80000008u, "  Intel(R) Xeon(R)  ", 20);
	memset(small, 'x', sizeof small);
	len = 0;
	CHECK_EQ(kprof_cpuid_brand_get(&s, small, 7, &len), KPROF_E_BUFFER_TOO_SMALL);
	CHECK_EQ(len, 16);
	CHECK_EQ(small[0], '\0');
	CHECK_EQ(small[7], 'x');
	CHECK_EQ(kprof_cpuid_brand_get(&s, out, 16, &len), KPROF_E_BUFFER_TOO_SMALL); /* no room for the NUL */
	CHECK_EQ(kprof_cpuid_brand_get(&s, out, 17, &len), KPROF_OK);
	CHECK_STR(out, "Intel(R) Xeon(R)");
	CHECK_EQ(kprof_cpuid_brand_get(&s, out, 0, &len), KPROF_E_ARGUMENT);
	CHECK_EQ(kprof_cpuid_brand_get(NULL, out, sizeof out, &len), KPROF_E_ARGUMENT);
	CHECK_EQ(len, 0);
	CHECK_EQ(kprof_cpuid_brand_get(&s, NULL, sizeof out, &len), KPROF_E_ARGUMENT);
}

/* A brand string written as `cpuid -r` text by the dump writer reads back the same. */
static void test_dump_round_trip(void)
{
	kprof_cpuid_snapshot s, back;
	kprof_dump_record r;
	char text[2048], brand[KPROF_CPUID_BRAND_SIZE], brand2[KPROF_CPUID_BRAND_SIZE];
	size_t at = 0, n;
	unsigned slot;
	make(&s, "GenuineIntel", 0xA06A4, 0x80000008u, "Intel(R) Core(TM) Ultra 5 125H", 30);
	CHECK_EQ(kprof_dump_header_format(0, text, sizeof text, &n), KPROF_OK);
	at += n;
	for (slot = 0; slot < KPROF_CPUID_SLOT_COUNT; slot++) {
		if (!(s.present & (1u << slot)))
			continue;
		memset(&r, 0, sizeof r);
		r.leaf = kprof_cpuid_leaf_by_slot((kprof_cpuid_slot)slot)->leaf;
		r.subleaf = kprof_cpuid_leaf_by_slot((kprof_cpuid_slot)slot)->subleaf;
		r.eax = s.regs[slot][KPROF_CPUID_REG_EAX];
		r.ebx = s.regs[slot][KPROF_CPUID_REG_EBX];
		r.ecx = s.regs[slot][KPROF_CPUID_REG_ECX];
		r.edx = s.regs[slot][KPROF_CPUID_REG_EDX];
		CHECK_EQ(kprof_dump_record_format(&r, text + at, sizeof text - at, &n), KPROF_OK);
		at += n;
	}
	CHECK_EQ(kprof_dump_snapshot_get(text, at, 0, &back, NULL), KPROF_OK);
	CHECK_EQ(back.present, s.present);
	CHECK_EQ(kprof_cpuid_brand_get(&s, brand, sizeof brand, NULL), KPROF_OK);
	CHECK_EQ(kprof_cpuid_brand_get(&back, brand2, sizeof brand2, NULL), KPROF_OK);
	CHECK_STR(brand2, brand);
	CHECK(kprof_cpuid_uarch_by_snapshot(&back) == kprof_cpuid_uarch_by_snapshot(&s));
}

static void test_lookups(void)
{
	kprof_cpuid_snapshot s;
	uint32_t id;
	unsigned hybrid = 0, single_none = 0, single_core = 0;
	char vendor12[12];

	/* Every row's own first signature finds it, by signature and from a snapshot. */
	for (id = KPROF_CPUID_UARCH_FIRST; id < KPROF_CPUID_UARCH_FIRST + KPROF_CPUID_UARCH_COUNT; id++) {
		const kprof_cpuid_uarch *u = kprof_cpuid_uarch_by_id((kprof_cpuid_uarch_id)(id));
		const char *v;
		uint32_t eax, fam, base;
		if (!CHECK(u != NULL))
			continue;
		CHECK_EQ(u->id, id);
		v = kprof_cpuid_uarch_vendor_get(u);
		CHECK_EQ(strlen(v), 12);
		memcpy(vendor12, v, 12); /* no NUL: the lookup reads 12 bytes */
		CHECK(kprof_cpuid_uarch_by_signature(vendor12, u->family, u->model_min, u->stepping_min) == u);
		CHECK(kprof_cpuid_uarch_by_signature(vendor12, u->family, u->model_max, u->stepping_max) == u);
		/* The same signature as leaf 1 eax, extended fields and all. */
		fam = u->family;
		base = fam >= 15 ? 15 : fam;
		eax = (base << 8) | ((fam - base) << 20) | ((u->model_min & 0xFu) << 4) | u->stepping_min;
		if (base >= 6)
			eax |= (uint32_t)(u->model_min >> 4) << 16;
		else if (u->model_min > 0xF)
			continue;
		make(&s, v, eax, 0x80000004u, "", 0);
		CHECK(kprof_cpuid_uarch_by_snapshot(&s) == u);
		CHECK(kprof_cpuid_core_by_id(kprof_cpuid_uarch_core_get(u)) != NULL);
		if (u->atom) {
			const kprof_cpuid_core *c = kprof_cpuid_core_by_id(kprof_cpuid_uarch_core_get(u));
			const kprof_cpuid_core *a = kprof_cpuid_core_by_id(kprof_cpuid_uarch_atom_get(u));
			hybrid++;
			CHECK(kprof_cpuid_core_by_type(u, 1, KPROF_CPUID_CORE_TYPE_CORE) == c);
			CHECK(kprof_cpuid_core_by_type(u, 1, KPROF_CPUID_CORE_TYPE_ATOM) == a);
			CHECK(kprof_cpuid_core_by_type(u, 1, 0) == NULL); /* which of the two: unknown */
			CHECK(kprof_cpuid_core_by_type(u, 1, 0x30) == NULL);
			/* The design sold without its Atom cores: one kind of core, the Core-line one. */
			CHECK(kprof_cpuid_core_by_type(u, 0, 0) == c);
			CHECK(kprof_cpuid_core_by_type(u, 0, KPROF_CPUID_CORE_TYPE_ATOM) == a);
		} else {
			const kprof_cpuid_core *c = kprof_cpuid_core_by_id(kprof_cpuid_uarch_core_get(u));
			CHECK(kprof_cpuid_core_by_type(u, 0, 0) == c);
			CHECK(kprof_cpuid_core_by_type(u, 1, 0) == c);
			CHECK(kprof_cpuid_core_by_type(u, 0, c->type) == c);
			if (c->type == KPROF_CPUID_CORE_TYPE_NONE) {
				single_none++;
				CHECK(kprof_cpuid_core_by_type(u, 0, KPROF_CPUID_CORE_TYPE_CORE) == NULL);
			} else {
				single_core++;
				CHECK(kprof_cpuid_core_by_type(u, 0, c->type ^ 0x60u) == NULL); /* the other type */
			}
		}
	}
	CHECK(hybrid > 0 && single_none > 0 && single_core > 0);
	CHECK(kprof_cpuid_uarch_by_id((kprof_cpuid_uarch_id)(0)) == NULL);
	CHECK(kprof_cpuid_uarch_by_id((kprof_cpuid_uarch_id)(KPROF_CPUID_UARCH_FIRST + KPROF_CPUID_UARCH_COUNT)) == NULL);
	CHECK(kprof_cpuid_core_by_id((kprof_cpuid_core_id)0) == NULL);
	CHECK(kprof_cpuid_core_by_type(NULL, 0, 0) == NULL);

	/* No vendor, a vendor no row has, a 12-byte vendor that differs in its last byte. */
	CHECK(kprof_cpuid_uarch_by_signature(NULL, 6, 0x55, 4) == NULL);
	CHECK(kprof_cpuid_uarch_by_signature("GenuineIotel", 6, 0x55, 4) == NULL);
	CHECK(kprof_cpuid_uarch_by_signature("GenuineInte", 6, 0x55, 4) == NULL);
	CHECK(kprof_cpuid_uarch_by_signature("GenuineIntel", 6, 0x55, 4) != NULL);

	/* From a snapshot: nothing without a trusted leaf 0 and leaf 1. */
	CHECK(kprof_cpuid_uarch_by_snapshot(NULL) == NULL);
	make(&s, "GenuineIntel", 0x50654, 0x80000008u, "", 0);
	CHECK(kprof_cpuid_uarch_by_snapshot(&s) == kprof_cpuid_uarch_by_signature("GenuineIntel", 6, 0x55, 4));
	s.present &= ~(1u << KPROF_CPUID_SLOT_FEATURES);
	CHECK(kprof_cpuid_uarch_by_snapshot(&s) == NULL);
	make(&s, "GenuineIntel", 0x50654, 0x80000008u, "", 0);
	s.regs[KPROF_CPUID_SLOT_VENDOR][KPROF_CPUID_REG_EAX] = 0; /* leaf 1 above the max basic leaf */
	CHECK(kprof_cpuid_uarch_by_snapshot(&s) == NULL);
	s.present = 0;
	CHECK(kprof_cpuid_uarch_by_snapshot(&s) == NULL);
}

int main(void)
{
	test_brand();
	test_dump_round_trip();
	test_lookups();
	return kt_done();
}
