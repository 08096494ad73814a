/* kprof_helpers.h - small callers of kprof.h's API that the tests, the fuzzers and the
 * hardening build share: the answers their checks ask for, spelled once. No libc: the
 * freestanding hardening build includes it too. Include after kprof.h. */
#ifndef KPROF_HELPERS_H
#define KPROF_HELPERS_H

/* The checks' own little-endian reader and writers: expected bytes and values come without
 * kprof's kprof_bytes_* (the code under test). */
static inline void kc_put32(uint8_t *p, uint32_t v)
{
	int i;
	for (i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}
static inline void kc_put64(uint8_t *p, uint64_t v)
{
	int i;
	for (i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}
static inline uint64_t kc_get64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;
	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

#if !defined(KPROF_NO_LWP)
/* kprof_lwp_caps_get over registers instead of a snapshot: a snapshot holding cpuid
 * 0x80000000 (max extended leaf 0x8000001C), 0x80000001 (ecx ext_ecx) and 0x8000001C (leaf). */
static inline kprof_status kc_lwp_caps(uint32_t ext_ecx, const uint32_t leaf[4], kprof_lwp_revision rev,
                                        kprof_lwp_caps *out)
{
	kprof_cpuid_snapshot s;
	const uint32_t ext_max[4] = {KPROF_CPUID_LEAF_LWP, 0, 0, 0}, ext_features[4] = {0, 0, ext_ecx, 0};
	kprof_cpuid_snapshot_init(&s);
	(void)kprof_cpuid_snapshot_set(&s, KPROF_CPUID_LEAF_EXT_MAX, 0, ext_max);
	(void)kprof_cpuid_snapshot_set(&s, KPROF_CPUID_LEAF_EXT_FEATURES, 0, ext_features);
	if (leaf)
		(void)kprof_cpuid_snapshot_set(&s, KPROF_CPUID_LEAF_LWP, 0, leaf);
	return kprof_lwp_caps_get(&s, rev, out);
}
/* The shipped layout (cpuid 0x80000001 says LWP) and the proposal's, of the registers given. */
static inline kprof_status kc_lwp_shipped(uint32_t eax, uint32_t ebx, uint32_t ecx, uint32_t edx, kprof_lwp_caps *out)
{
	const uint32_t leaf[4] = {eax, ebx, ecx, edx};
	return kc_lwp_caps(KPROF_LWP_EXT_FEATURES_ECX_LWP_MASK, leaf, KPROF_LWP_REVISION_SHIPPED, out);
}
static inline kprof_status kc_lwp_proposal(uint32_t eax, uint32_t ebx, uint32_t ecx, uint32_t edx, kprof_lwp_caps *out)
{
	const uint32_t leaf[4] = {eax, ebx, ecx, edx};
	return kc_lwp_caps(0, leaf, KPROF_LWP_REVISION_PROPOSAL, out);
}
#endif
#if !defined(KPROF_NO_LWP)
/* kprof_lwp_ring_attach with its config's members as arguments. */
static inline kprof_status kc_lwp_attach(kprof_lwp_ring *r, void *lwpcb, const kprof_lwp_caps *caps,
                                         const void *expect_buffer, uint32_t expect_size, uint32_t options)
{
	kprof_lwp_ring_config c;
	c.caps = caps;
	c.expect_buffer = expect_buffer;
	c.expect_size = expect_size;
	c.options = options;
	return kprof_lwp_ring_attach(r, lwpcb, &c);
}
/* kprof_lwp_ring_drain: the records handed out, or its negative status. */
static inline int kc_lwp_drain(kprof_lwp_ring *r, kprof_lwp_record_fn fn, void *ctx, uint32_t max_records)
{
	uint32_t n = 0;
	kprof_status st = kprof_lwp_ring_drain(r, fn, ctx, max_records, &n);
	return st == KPROF_OK ? (int)n : (int)st;
}
#endif
#if !defined(KPROF_NO_LWP) && defined(KPROF_LWP_MODEL)
/* The model's instructions: 1 or 0 as the out-parameter says, or the negative status. */
static inline int kc_model_insn(kprof_lwpmodel *m, const kprof_lwpmodel_insn *insn)
{
	int produced = 0;
	kprof_status st = kprof_lwpmodel_insn_execute(m, insn, &produced);
	return st == KPROF_OK ? produced : (int)st;
}
static inline kprof_lwpmodel_user_event kc_model_event(uint64_t data2, uint32_t data1, uint32_t flags, uint64_t ip)
{
	kprof_lwpmodel_user_event ev;
	ev.data2 = data2;
	ev.data1 = data1;
	ev.flags = flags;
	ev.ip = ip;
	return ev;
}
static inline int kc_model_lwpval(kprof_lwpmodel *m, uint64_t data2, uint32_t data1, uint32_t flags, uint64_t ip)
{
	const kprof_lwpmodel_user_event ev = kc_model_event(data2, data1, flags, ip);
	int produced = 0;
	kprof_status st = kprof_lwpmodel_lwpval_execute(m, &ev, &produced);
	return st == KPROF_OK ? produced : (int)st;
}
static inline int kc_model_lwpins(kprof_lwpmodel *m, uint64_t data2, uint32_t data1, uint32_t flags, uint64_t ip)
{
	const kprof_lwpmodel_user_event ev = kc_model_event(data2, data1, flags, ip);
	int full = 0;
	kprof_status st = kprof_lwpmodel_lwpins_execute(m, &ev, &full);
	return st == KPROF_OK ? full : (int)st;
}
/* SLWPCB in the model: the active LWPCB (NULL when off or on an error). */
static inline void *kc_model_store(kprof_lwpmodel *m)
{
	void *cb = NULL;
	(void)kprof_lwpmodel_lwpcb_store(m, &cb);
	return cb;
}
#endif
#if !defined(KPROF_NO_DS)
/* A kprof_ds_buffer of a BTS buffer from its members in order, filled into *b. */
static inline const kprof_ds_buffer *kc_bts_buffer(kprof_ds_buffer *b, const void *bytes, size_t len, uint64_t base,
                                                    uint64_t index, uint64_t maximum, unsigned record_size,
                                                    unsigned flags)
{
	kprof_ds_buffer members = {bytes, len, base, index, maximum, record_size, flags, 0};
	*b = members;
	return b;
}
/* kprof_bts_iter_init / kprof_bts_wrapped_get with the buffer's members as arguments. */
static inline kprof_status kc_bts_iter_init(kprof_bts_iter *w, const void *bytes, size_t len, uint64_t base,
                                            uint64_t index, uint64_t maximum, unsigned record_size, unsigned flags)
{
	kprof_ds_buffer b;
	return kprof_bts_iter_init(w, kc_bts_buffer(&b, bytes, len, base, index, maximum, record_size, flags));
}
static inline kprof_status kc_bts_wrapped(const void *bytes, size_t len, uint64_t base, uint64_t index,
                                          uint64_t maximum, unsigned record_size, int *wrapped)
{
	kprof_ds_buffer b;
	return kprof_bts_wrapped_get(kc_bts_buffer(&b, bytes, len, base, index, maximum, record_size, 0), wrapped);
}
/* kprof_pebs_iter_init with the buffer's members as arguments (data_cfg_known: the flag). */
static inline kprof_status kc_pebs_iter_init(kprof_pebs_iter *w, const void *bytes, size_t len, uint64_t base,
                                             uint64_t index, uint64_t maximum, unsigned format, uint64_t data_cfg,
                                             int data_cfg_known)
{
	kprof_ds_buffer b = {bytes, len, base, index, maximum, format,
	                       data_cfg_known ? KPROF_PEBS_DATA_CFG_KNOWN : 0u, data_cfg};
	return kprof_pebs_iter_init(w, &b);
}
#endif
#if !defined(KPROF_NO_WINDOWS)
/* The psi Description calls over a chain of len bytes at buf (an iterator started on it). */
static inline kprof_status kc_psi_utf8(const void *buf, size_t len, const kprof_psi_entry *e, char *out,
                                       size_t out_size, size_t *out_len)
{
	kprof_psi_iter it;
	(void)kprof_psi_iter_init(&it, buf, len);
	return kprof_psi_description_to_utf8(&it, e, out, out_size, out_len);
}
/* 1 when e's Description is s, else 0 (errors included). */
static inline int kc_psi_equals(const void *buf, size_t len, const kprof_psi_entry *e, const char *s, size_t n)
{
	kprof_psi_iter it;
	int equal = 0;
	(void)kprof_psi_iter_init(&it, buf, len);
	return kprof_psi_description_compare(&it, e, s, n, &equal) == KPROF_OK && equal;
}
/* kprof_psi_writer_add with the item's members as arguments. */
static inline kprof_status kc_psi_add(kprof_psi_writer *w, uint32_t source, uint32_t min_interval, uint32_t max_interval,
                                      const char *desc, size_t n)
{
	kprof_psi_item item;
	item.source = source;
	item.min_interval = min_interval;
	item.max_interval = max_interval;
	item.description = desc;
	item.description_len = n;
	return kprof_psi_writer_add(w, &item);
}
#endif
#if !defined(KPROF_NO_WINDOWS_MODEL)
/* Whether the HAL that made d has source s (ABSENT for null arguments). */
static inline kprof_hal_presence kc_presence(const kprof_hal_decision *d, const kprof_source *s)
{
	kprof_hal_presence p;
	return kprof_hal_source_presence_get(d, s, &p) == KPROF_OK ? p : KPROF_HAL_PRESENCE_ABSENT;
}
static inline int kc_supported(const kprof_hal_decision *d, const kprof_source *s)
{
	return kc_presence(d, s) == KPROF_HAL_PRESENCE_PRESENT;
}
#endif
#if !defined(KPROF_NO_DUMP)
/* The facts a group keeps of f (kprof_cpu_groups_add drops those whose leaf cannot be
 * trusted), into f: what a one-group collection of f holds. */
static inline void kc_facts_trusted(kprof_cpu_facts *f)
{
	kprof_cpu_group g;
	kprof_cpu_groups gs;
	if (kprof_cpu_groups_init(&gs, &g, 1, 0, 0) == KPROF_OK && kprof_cpu_groups_add(&gs, f, 0, 0) == KPROF_OK)
		*f = g.facts;
}
#endif

#endif
