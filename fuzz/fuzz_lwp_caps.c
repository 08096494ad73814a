/* LWP capabilities, both revisions, and what they feed: kprof_lwp_caps_get /
 * _proposal on fuzzed registers, the revision rule (kprof_lwp_caps_get), the snapshot path,
 * and kprof_lwp_lwpcb_init with a fuzzed configuration. Invariants: raw registers kept; an accepted
 * geometry is possible (record size a power of two >= 32, event slots inside the LWPCB past
 * its fixed part); the proposal layout is never chosen automatically; an LWPCB that setup
 * accepts is one the ring consumer attaches to and the software model loads. */
#define KPROF_LWP_MODEL /* the LWP software model (opt-in): this program drives it */
#include "fuzz_common.h"

static void check_geometry(const kprof_lwp_caps *k, kprof_status st, const uint32_t r[4], unsigned rev)
{
	KF_CHECK(k->revision == rev);
	KF_CHECK(k->raw[0] == r[0] && k->raw[1] == r[1] && k->raw[2] == r[2] && k->raw[3] == r[3]);
	KF_CHECK(st == KPROF_OK || st == KPROF_E_UNSUPPORTED || st == KPROF_E_CORRUPT);
	if (!k->hw_available)
		KF_CHECK(st == KPROF_E_UNSUPPORTED);
	if (st == KPROF_OK) {
		KF_CHECK(k->event_size >= 32 && (k->event_size & (k->event_size - 1)) == 0);
		KF_CHECK((uint32_t)k->event_offset + (uint32_t)k->max_events * 8u <= k->lwpcb_size);
		if (rev == KPROF_LWP_REVISION_SHIPPED)
			KF_CHECK(k->event_offset >= KPROF_LWP_LWPCB_SIZE);
	}
	KF_CHECK(k->hw_available <= 1 && k->os_enabled <= 1 && k->hw_interrupt <= 1);
	KF_CHECK(k->os_interrupt <= 1 && k->hw_cont <= 1 && k->os_cont <= 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	uint32_t leaf[4], ext_ecx, sel;
	kprof_lwp_caps sh, pr, k;
	kprof_status st_sh, st_pr, st;
	kprof_cpuid_snapshot snap;
	unsigned i;

	for (i = 0; i < 4; i++)
		leaf[i] = kf_u32(&c);
	ext_ecx = kf_u32(&c);
	sel = kf_u8(&c);

	st_sh = kc_lwp_shipped(leaf[0], leaf[1], leaf[2], leaf[3], &sh);
	check_geometry(&sh, st_sh, leaf, KPROF_LWP_REVISION_SHIPPED);
	KF_CHECK(sh.lwpcb_size % 8 == 0); /* shipped: quadwords */
	st_pr = kc_lwp_proposal(leaf[0], leaf[1], leaf[2], leaf[3], &pr);
	check_geometry(&pr, st_pr, leaf, KPROF_LWP_REVISION_PROPOSAL);
	KF_CHECK(pr.hw_cont == 0 && pr.hw_ptsc == 0 && pr.latency_rnd == 0); /* shipped only */

	/* the revision rule */
	for (i = 0; i < 4; i++) {
		memset(&k, 0x5A, sizeof k);
		st = kc_lwp_caps(ext_ecx, leaf, (kprof_lwp_revision)i, &k);
		if (i == KPROF_LWP_REVISION_PROPOSAL) {
			KF_CHECK(st == st_pr && memcmp(&k, &pr, sizeof k) == 0);
		} else if (i != KPROF_LWP_REVISION_NONE && i != KPROF_LWP_REVISION_SHIPPED) {
			KF_CHECK(st == KPROF_E_ARGUMENT);
		} else if (!(ext_ecx & (1u << 15))) {
			KF_CHECK(st == KPROF_E_UNSUPPORTED);
		} else {
			KF_CHECK(st == st_sh && memcmp(&k, &sh, sizeof k) == 0);
		}
	}

	/* from a snapshot: trusted only at or below the max extended leaf */
	kprof_cpuid_snapshot_init(&snap);
	(void)kprof_cpuid_snapshot_set(&snap, KPROF_CPUID_LEAF_EXT_MAX, 0, (const uint32_t[4]){(sel & 1) ? 0x8000001Cu : 0x8000001Bu, 0, 0, 0});
	if (sel & 2)
		(void)kprof_cpuid_snapshot_set(&snap, KPROF_CPUID_LEAF_EXT_FEATURES, 0, (const uint32_t[4]){0, 0, ext_ecx, 0});
	if (sel & 4)
		(void)kprof_cpuid_snapshot_set(&snap, KPROF_CPUID_LEAF_LWP, 0, (const uint32_t[4]){leaf[0], leaf[1], leaf[2], leaf[3]});
	st = kprof_lwp_caps_get(&snap, KPROF_LWP_REVISION_NONE, &k);
	if ((sel & 7) == 7 && (ext_ecx & (1u << 15)))
		KF_CHECK(st == st_sh && memcmp(&k, &sh, sizeof k) == 0);
	else
		KF_CHECK(st == KPROF_E_UNSUPPORTED);

	/* setup with a fuzzed configuration over the shipped caps (or the model's) */
	{
		kprof_lwp_caps caps;
		kprof_lwp_config cfg;
		kprof_lwp_event_config ev[8];
		unsigned n_ev = kf_u8(&c) % 9u;
		kprof_lwp_rule violated;
		uint32_t nrec;
		uint8_t *cb, *ring;
		size_t cb_len;
		if (sel & 8) {
			if (st_sh != KPROF_OK)
				return 0;
			caps = sh;
		} else {
			KF_CHECK(kprof_lwpmodel_caps_get(&caps) == KPROF_OK);
		}
		for (i = 0; i < n_ev; i++) {
			ev[i].event_id = kf_u8(&c) % 8u;
			ev[i].interval = (kf_u8(&c) & 1) ? kf_u32(&c) : kf_u16(&c);
		}
		nrec = 1u + kf_u16(&c) % 512u;
		memset(&cfg, 0, sizeof cfg);
		cfg.buffer_size = (sel & 16) ? kf_u32(&c) % (nrec * caps.event_size + 64u)
		                             : nrec * caps.event_size;
		cfg.events = ev;
		cfg.event_count = n_ev;
		cfg.random = kf_u8(&c) % 20u;
		cfg.threshold_interrupt = kf_u8(&c) & 1;
		cfg.cont = kf_u8(&c) & 1;
		cfg.ptsc = kf_u8(&c) & 1;
		cfg.threshold = kf_u32(&c) % (cfg.buffer_size + 64u);
		cfg.filters = kf_u32(&c);
		cb_len = caps.lwpcb_size + ((sel & 32) ? 0 : 64);
		cb = (uint8_t *)aligned_alloc(32, (cb_len + 31) & ~(size_t)31);
		ring = (uint8_t *)aligned_alloc(32, ((size_t)cfg.buffer_size + 31) & ~(size_t)31);
		if (!cb || !ring)
			abort();
		memset(cb, 0xEE, (cb_len + 31) & ~(size_t)31);
		cfg.buffer_base = (uint64_t)(uintptr_t)ring + ((sel & 64) ? 16u : 0u);
		st = kprof_lwp_lwpcb_init(cb, cb_len, &caps, &cfg, &violated);
		KF_CHECK(kf_is_status(st) && st <= 0);
		if (st != KPROF_OK) {
			for (i = 0; i < cb_len; i++) /* nothing written unless every rule holds */
				KF_CHECK(cb[i] == 0xEE);
		} else {
			kprof_lwp_ring r;
			kprof_lwpmodel *m = (kprof_lwpmodel *)malloc(sizeof *m);
			KF_CHECK(cfg.buffer_size % caps.event_size == 0 && cfg.buffer_size >= 2u * caps.event_size);
			KF_CHECK(n_ev <= caps.max_events);
			KF_CHECK(kc_lwp_attach(&r, cb, &caps, ring, cfg.buffer_size, 0) == KPROF_OK);
			KF_CHECK(kprof_lwp_ring_poll(&r, NULL) == 0); /* head = tail = 0 */
			if (!m)
				abort();
			if (caps.max_events <= KPROF_LWPMODEL_MAX_EVENTS) {
				KF_CHECK(kprof_lwpmodel_init(m, &caps, 0, 1) == KPROF_OK);
				KF_CHECK(kprof_lwpmodel_lwpcb_load(m, cb) == KPROF_OK);
				(void)kprof_lwpmodel_lwpcb_load(m, NULL);
			}
			free(m);
		}
		free(cb);
		free(ring);
	}
	return 0;
}
