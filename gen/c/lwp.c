/* -- memory ordering on LWPCB words (see "memory ordering" in the API part; the 32-bit load is
 * there, with the empty poll that makes it) -- */
KPROF_IMPL_INTERNAL void kprof_impl_lwp_store32_host(void *p, uint32_t v)
{
#if defined(KPROF_IMPL_LWP_ATOMICS_C11)
	atomic_store_explicit((volatile _Atomic uint32_t *)p, v, memory_order_release);
#elif defined(KPROF_IMPL_LWP_ATOMICS_GNU)
	__atomic_store_n((uint32_t *)p, v, __ATOMIC_RELEASE);
#elif defined(KPROF_IMPL_LWP_ATOMICS_MSVC)
	_ReadWriteBarrier();
	*(volatile uint32_t *)p = v;
#else
#if defined(__TINYC__)
	__asm__ __volatile__("" ::: "memory");
#endif
	*(volatile uint32_t *)p = v;
#endif
}

/* 64-bit LWPCB words (MissedEvents, BufferBase). 64-bit targets load one in one access.
 * 32-bit ones read high, low, high and accept the value when both highs agree, which is exact
 * for a word written whole (as hardware writes it) and needs no 8-byte atomics; a word that
 * keeps changing is retried at most KPROF_LWP_READ64_TRIES times, then KPROF_E_CHANGED. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_lwp_load64_host(const void *p, uint64_t *out)
{
#if UINTPTR_MAX > 0xFFFFFFFFu && defined(KPROF_IMPL_LWP_ATOMICS_C11)
	*out = atomic_load_explicit((const volatile _Atomic uint64_t *)p, memory_order_acquire);
	return KPROF_OK;
#elif UINTPTR_MAX > 0xFFFFFFFFu && defined(KPROF_IMPL_LWP_ATOMICS_GNU)
	*out = __atomic_load_n((const uint64_t *)p, __ATOMIC_ACQUIRE);
	return KPROF_OK;
#elif UINTPTR_MAX > 0xFFFFFFFFu
	*out = *(const volatile uint64_t *)p;
#if defined(KPROF_IMPL_LWP_ATOMICS_MSVC)
	_ReadWriteBarrier();
#endif
	return KPROF_OK;
#else
	const uint8_t *b = (const uint8_t *)p;
	uint32_t hi, lo, hi2;
	unsigned tries;
	hi = KPROF_IMPL_LWP_LE32(kprof_impl_lwp_load32_host(b + 4));
	for (tries = 0; tries < KPROF_LWP_READ64_TRIES; tries++) {
		lo = KPROF_IMPL_LWP_LE32(kprof_impl_lwp_load32_host(b));
		hi2 = KPROF_IMPL_LWP_LE32(kprof_impl_lwp_load32_host(b + 4));
		if (hi2 == hi) {
			*out = ((uint64_t)hi << 32) | lo;
			return KPROF_OK;
		}
		hi = hi2;
	}
	return KPROF_E_CHANGED;
#endif
}

/* Only the software model stores 64-bit words (MissedEvents). On 32-bit GNU targets the
 * store is a lock cmpxchg8b loop in inline assembly: no libatomic call (__atomic_store_8),
 * so the model, like the consumer, needs no library in ring 0. */
KPROF_IMPL_INTERNAL void kprof_impl_lwp_store64_host(void *p, uint64_t v)
{
#if defined(KPROF_IMPL_LWP_ATOMICS_GNU) && defined(__i386__)
	uint64_t seen = *(volatile uint64_t *)p; /* a guess: cmpxchg8b corrects it */
	__asm__ __volatile__("1:\n\tlock cmpxchg8b %0\n\tjnz 1b"
	                     : "+m"(*(volatile uint64_t *)p), "+A"(seen)
	                     : "b"((uint32_t)v), "c"((uint32_t)(v >> 32))
	                     : "memory", "cc");
#elif defined(KPROF_IMPL_LWP_ATOMICS_C11)
	atomic_store_explicit((volatile _Atomic uint64_t *)p, v, memory_order_release);
#elif defined(KPROF_IMPL_LWP_ATOMICS_GNU)
	__atomic_store_n((uint64_t *)p, v, __ATOMIC_RELEASE);
#elif defined(KPROF_IMPL_LWP_ATOMICS_MSVC) && defined(_M_IX86)
	__int64 old = *(volatile __int64 *)p;
	_ReadWriteBarrier();
	for (;;) {
		__int64 seen = _InterlockedCompareExchange64((volatile __int64 *)p, (__int64)v, old);
		if (seen == old)
			break;
		old = seen;
	}
#else
#if defined(KPROF_IMPL_LWP_ATOMICS_MSVC)
	_ReadWriteBarrier();
#endif
	*(volatile uint64_t *)p = v;
#endif
}

KPROF_IMPL_INTERNAL void kprof_impl_lwp_store32(void *p, uint32_t v)
{
	kprof_impl_lwp_store32_host(p, KPROF_IMPL_LWP_LE32(v));
}

KPROF_IMPL_INTERNAL kprof_status kprof_impl_lwp_load64(const void *p, uint64_t *out)
{
	kprof_status st = kprof_impl_lwp_load64_host(p, out);
#if UINTPTR_MAX > 0xFFFFFFFFu
	*out = KPROF_IMPL_LWP_LE64(*out); /* 32-bit targets compose it from two words: see above */
#endif
	return st;
}

KPROF_IMPL_INTERNAL void kprof_impl_lwp_store64(void *p, uint64_t v)
{
	kprof_impl_lwp_store64_host(p, KPROF_IMPL_LWP_LE64(v));
}

KPROF_IMPL_INTERNAL unsigned kprof_impl_lwp_log2(uint32_t v)
{
	unsigned n = 0;
	while (v > 1u) {
		v >>= 1;
		n++;
	}
	return n;
}

/* -- capabilities -- */

/* cpuid 0x8000001C registers in the SHIPPED layout (the only layout any real processor uses). */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_lwp_caps_shipped(uint32_t eax, uint32_t ebx, uint32_t ecx, uint32_t edx,
                                                        kprof_lwp_caps *out)
{
	/* Event ids occupy the bits between LwpAvail and LwpCont. */
	const uint32_t events = KPROF_LWP_CPUID_FEATURES_CONT_MASK - 1u - KPROF_LWP_CPUID_FEATURES_AVAIL_MASK;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	out->revision = KPROF_LWP_REVISION_SHIPPED;
	out->raw[0] = eax;
	out->raw[1] = ebx;
	out->raw[2] = ecx;
	out->raw[3] = edx;
	kprof_impl_fields_get(out, out->raw, KPROF_IMPL_LWP_CAPS_FROM_SHIPPED);
	out->hw_events = edx & events;
	out->os_events = eax & events;
	out->lwpcb_size = (uint16_t)(KPROF_FIELD_GET(KPROF_LWP_CPUID_EBX_CB_SIZE, ebx) * 8u);
	out->min_buffer_size = KPROF_FIELD_GET(KPROF_LWP_CPUID_ECX_MIN_BUFFER_SIZE, ecx) *
	                       KPROF_LWP_MIN_BUFFER_UNIT * out->event_size;
	if (!out->hw_available)
		return KPROF_E_UNSUPPORTED;
	if (out->event_size < KPROF_LWP_RECORD_SIZE || (out->event_size & (out->event_size - 1u)) ||
	    out->event_offset < KPROF_LWP_LWPCB_SIZE ||
	    (uint32_t)out->event_offset + (uint32_t)out->max_events * KPROF_LWP_EVENT_SLOT_SIZE >
	            out->lwpcb_size)
		return KPROF_E_CORRUPT;
	return KPROF_OK;
}

/* cpuid 0x8000001C registers in the 2007 PROPOSAL's layout (its Table 2). */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_lwp_caps_proposal(uint32_t eax, uint32_t ebx, uint32_t ecx, uint32_t edx,
                                                         kprof_lwp_caps *out)
{
	/* eax: bits 1..29 are event ids; edx: bit n + 1 is event id n from bit 2 up. */
	const uint32_t eax_events = KPROF_LWP_PROPOSAL_CPUID_EAX_EXTENSION_MASK - 1u -
	                            KPROF_LWP_PROPOSAL_CPUID_EAX_ENABLED_MASK;
	const uint32_t edx_first = KPROF_LWP_PROPOSAL_CPUID_EDX_IRE_SHIFT - KPROF_LWP_PROPOSAL_EVENT_INSTRUCTIONS;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	out->revision = KPROF_LWP_REVISION_PROPOSAL;
	out->raw[0] = eax;
	out->raw[1] = ebx;
	out->raw[2] = ecx;
	out->raw[3] = edx;
	kprof_impl_fields_get(out, out->raw, KPROF_IMPL_LWP_CAPS_FROM_PROPOSAL);
	out->hw_events = (edx >> edx_first) & ~(uint32_t)((1u << KPROF_LWP_PROPOSAL_EVENT_INSTRUCTIONS) - 1u);
	out->os_events = eax & eax_events;
	out->event_offset = KPROF_LWP_PROPOSAL_LWPCB_FIXED;
	if (!out->hw_available)
		return KPROF_E_UNSUPPORTED;
	if (out->event_size < KPROF_LWP_RECORD_SIZE || (out->event_size & (out->event_size - 1u)) ||
	    out->lwpcb_size < KPROF_LWP_PROPOSAL_LWPCB_FIXED + (uint32_t)out->max_events * KPROF_LWP_EVENT_SLOT_SIZE)
		return KPROF_E_CORRUPT;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_lwp_caps_get(const kprof_cpuid_snapshot *s, kprof_lwp_revision revision,
                                          kprof_lwp_caps *out)
{
	const uint32_t *leaf;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	if (!s)
		return KPROF_E_ARGUMENT;
	leaf = s->regs[KPROF_CPUID_SLOT_LWP];
	if (revision == KPROF_LWP_REVISION_PROPOSAL) {
		/* The caller states the leaf follows the proposal, whose detection bit was "TBD":
		 * cpuid 0x80000001 and the max extended leaf are not consulted. */
		if (!(s->present & (1u << KPROF_CPUID_SLOT_LWP)))
			return KPROF_E_UNSUPPORTED;
		return kprof_impl_lwp_caps_proposal(leaf[0], leaf[1], leaf[2], leaf[3], out);
	}
	if (revision != KPROF_LWP_REVISION_NONE && revision != KPROF_LWP_REVISION_SHIPPED)
		return KPROF_E_ARGUMENT;
	/* Either leaf missing (or above the max extended leaf): the LWP bit reads as clear. */
	if (!kprof_impl_cpuid_has(s, KPROF_CPUID_SLOT_LWP) ||
	    !KPROF_FIELD_GET(KPROF_LWP_EXT_FEATURES_ECX_LWP,
	                     kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_EXT_FEATURES, KPROF_CPUID_REG_ECX)))
		return KPROF_E_UNSUPPORTED;
	return kprof_impl_lwp_caps_shipped(leaf[0], leaf[1], leaf[2], leaf[3], out);
}

/* ((head - tail) mod size) as the proposal computes it: no division, the size is added back
 * when the difference is negative. */
KPROF_IMPL_INTERNAL uint32_t kprof_impl_lwp_space_used(uint32_t head, uint32_t tail, uint32_t size)
{
	return head >= tail ? head - tail : head + size - tail;
}

KPROF_API kprof_status kprof_lwp_ring_space_get(uint32_t head, uint32_t tail, uint32_t size, uint32_t *used)
{
	if (!used)
		return KPROF_E_ARGUMENT;
	*used = 0;
	if (head >= size || tail >= size)
		return KPROF_E_RANGE;
	*used = kprof_impl_lwp_space_used(head, tail, size);
	return KPROF_OK;
}

/* -- control block setup -- */

KPROF_IMPL_INTERNAL kprof_status kprof_impl_lwp_rule(kprof_lwp_rule *violated, kprof_lwp_rule rule,
                                               kprof_status st)
{
	if (violated)
		*violated = rule;
	return st;
}

KPROF_API kprof_status kprof_lwp_lwpcb_init(void *lwpcb, size_t lwpcb_len, const kprof_lwp_caps *caps,
                                           const kprof_lwp_config *cfg, kprof_lwp_rule *violated)
{
	uint8_t *p = (uint8_t *)lwpcb;
	uint32_t size, seen = 0, flags = 0, random_mask, max_size;
	unsigned i;
	kprof_lwp_lwpcb hdr;
	if (violated)
		*violated = KPROF_LWP_RULE_NONE;
	if (!caps || !cfg || !lwpcb || (cfg->event_count && !cfg->events))
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_ARGUMENT, KPROF_E_ARGUMENT);
	if (caps->revision != KPROF_LWP_REVISION_SHIPPED)
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_ARGUMENT, KPROF_E_UNSUPPORTED);
	if ((uintptr_t)lwpcb & (KPROF_LWP_LWPCB_ALIGN - 1u))
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_LWPCB_ALIGNMENT, KPROF_E_ALIGNMENT);
	if (lwpcb_len < caps->lwpcb_size || caps->lwpcb_size < KPROF_LWP_LWPCB_SIZE)
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_LWPCB_SIZE, KPROF_E_BUFFER_TOO_SMALL);
	size = cfg->buffer_size;
	max_size = KPROF_LWP_LWPCB_BUFFER_SIZE_SIZE_MASK >> KPROF_LWP_LWPCB_BUFFER_SIZE_SIZE_SHIFT;
	if (cfg->buffer_base & (KPROF_LWP_BUFFER_ALIGN - 1u) || !cfg->buffer_base)
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_BUFFER_ALIGNMENT, KPROF_E_ALIGNMENT);
	if (!caps->event_size || size % caps->event_size)
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_BUFFER_MULTIPLE, KPROF_E_ALIGNMENT);
	if (size > max_size)
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_BUFFER_MAXIMUM, KPROF_E_RANGE);
	if (size < caps->min_buffer_size || size < 2u * caps->event_size)
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_BUFFER_MINIMUM, KPROF_E_BUFFER_TOO_SMALL);
	/* No event would make LLWPCB leave LWP off, and LWPINS then returns "stored" for a
	 * record that went nowhere: refused. */
	if (cfg->event_count == 0 || cfg->event_count > caps->max_events)
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_EVENT_COUNT, KPROF_E_RANGE);
	if (cfg->random > (KPROF_LWP_LWPCB_BUFFER_SIZE_RANDOM_MASK >> KPROF_LWP_LWPCB_BUFFER_SIZE_RANDOM_SHIFT))
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_RANDOM, KPROF_E_RANGE);
	random_mask = (1u << cfg->random) - 1u;
	for (i = 0; i < cfg->event_count; i++) {
		uint32_t id = cfg->events[i].event_id, iv = cfg->events[i].interval;
		if (id == 0 || id > caps->max_events || id >= 32u)
			return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_EVENT_ID, KPROF_E_RANGE);
		if (!(caps->hw_events & (1u << id)))
			return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_EVENT_UNSUPPORTED, KPROF_E_UNSUPPORTED);
		if (seen & (1u << id))
			return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_EVENT_DUPLICATE, KPROF_E_DUPLICATE);
		seen |= 1u << id;
		if (iv == 0 || iv > KPROF_LWP_EVENT_INTERVAL_INTERVAL_MASK)
			return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_INTERVAL, KPROF_E_RANGE);
		/* A reload could otherwise draw 0 and record at once, every time. */
		if (iv <= random_mask)
			return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_RANDOM, KPROF_E_RANGE);
	}
	if (cfg->threshold >= size || cfg->threshold % caps->event_size)
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_THRESHOLD, KPROF_E_RANGE);
	if ((cfg->threshold_interrupt && !caps->hw_interrupt) || (cfg->cont && !caps->hw_cont) ||
	    (cfg->ptsc && !caps->hw_ptsc))
		return kprof_impl_lwp_rule(violated, KPROF_LWP_RULE_FEATURE, KPROF_E_UNSUPPORTED);

	flags = (seen & ~(KPROF_LWP_LWPCB_FLAGS_INT_MASK | KPROF_LWP_LWPCB_FLAGS_CONT_MASK | KPROF_LWP_LWPCB_FLAGS_PTSC_MASK)) |
	        (cfg->threshold_interrupt ? KPROF_LWP_LWPCB_FLAGS_INT_MASK : 0u) | (cfg->cont ? KPROF_LWP_LWPCB_FLAGS_CONT_MASK : 0u) |
	        (cfg->ptsc ? KPROF_LWP_LWPCB_FLAGS_PTSC_MASK : 0u);
	kprof_impl_zero(p, caps->lwpcb_size);
	kprof_impl_zero(&hdr, sizeof(hdr));
	hdr.flags = flags;
	hdr.buffer_size = KPROF_FIELD_PREP(KPROF_LWP_LWPCB_BUFFER_SIZE_SIZE, size) |
	                  KPROF_FIELD_PREP(KPROF_LWP_LWPCB_BUFFER_SIZE_RANDOM, cfg->random);
	hdr.buffer_base = cfg->buffer_base;
	hdr.threshold = cfg->threshold;
	hdr.filters = cfg->filters;
	hdr.base_ip = cfg->base_ip;
	hdr.limit_ip = cfg->limit_ip;
	hdr.software_data1 = cfg->software_data1;
	hdr.software_data2 = cfg->software_data2;
	(void)kprof_lwp_lwpcb_encode(&hdr, p, KPROF_LWP_LWPCB_SIZE);
	for (i = 0; i < cfg->event_count; i++) {
		kprof_lwp_event_slot slot;
		uint32_t id = cfg->events[i].event_id;
		slot.event_interval = KPROF_FIELD_PREP(KPROF_LWP_EVENT_INTERVAL_INTERVAL,
		                                       cfg->events[i].interval);
		slot.event_counter = cfg->events[i].interval;
		(void)kprof_lwp_event_slot_encode(&slot, p + caps->event_offset + (id - 1u) * KPROF_LWP_EVENT_SLOT_SIZE,
		                                  KPROF_LWP_EVENT_SLOT_SIZE);
	}
	return KPROF_OK;
}

/* -- records -- */

/* Record words for the hot decoder: on a little-endian GNU host one fixed-size
 * __builtin_memcpy (a single load, at every -O level, no library call), elsewhere the
 * byte-wise kprof_load_le*. Small in the compiler's eyes too, so a caller's per-record loop
 * inlines the whole decoder. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
        __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
KPROF_IMPL_INTERNAL KPROF_IMPL_HOT uint32_t kprof_impl_lwp_rec32(const uint8_t *p)
{
	uint32_t v;
	__builtin_memcpy(&v, p, sizeof(v));
	return v;
}
KPROF_IMPL_INTERNAL KPROF_IMPL_HOT uint64_t kprof_impl_lwp_rec64(const uint8_t *p)
{
	uint64_t v;
	__builtin_memcpy(&v, p, sizeof(v));
	return v;
}
#else
#define kprof_impl_lwp_rec32 kprof_bytes_le32_load
#define kprof_impl_lwp_rec64 kprof_bytes_le64_load
#endif

KPROF_API KPROF_IMPL_API_HOT kprof_status kprof_lwp_record_unpack(const void *buf, size_t len, kprof_lwp_revision revision,
                                               kprof_lwp_sample *out)
{
	/* A refused record decodes these zeros instead, so *out is defined (all 0) on every
	 * return without a clearing loop that would bloat every caller's inlined copy. */
	static const uint8_t zeros[KPROF_LWP_RECORD_SIZE] = {0};
	const uint8_t *p = (const uint8_t *)buf;
	uint32_t dw0;
	unsigned kind = KPROF_LWP_KIND_UNKNOWN;
	uint64_t kinds_valid = ~(uint64_t)0; /* 0 for a refused record: its kind stays UNKNOWN */
	kprof_status st = KPROF_OK;
	if (!out)
		return KPROF_E_ARGUMENT;
	if (!buf || len < KPROF_LWP_RECORD_SIZE ||
	    (revision != KPROF_LWP_REVISION_SHIPPED && revision != KPROF_LWP_REVISION_PROPOSAL)) {
		st = buf && (revision == KPROF_LWP_REVISION_SHIPPED || revision == KPROF_LWP_REVISION_PROPOSAL)
		             ? KPROF_E_TRUNCATED
		             : KPROF_E_ARGUMENT;
		p = zeros;
		revision = KPROF_LWP_REVISION_NONE;
		kinds_valid = 0;
	}
	dw0 = kprof_impl_lwp_rec32(p);
	/* The event-id check is decided from the first word, before the other fields are read:
	 * decided last (from out->event_id), it left gcc reading every field ahead of the test in
	 * a caller's loop (docs/performance.md, "Drain", has the figures). */
	if (st == KPROF_OK && KPROF_FIELD_GET(KPROF_LWP_RECORD_DW0_EVENT_ID, dw0) == 0)
		st = KPROF_E_FORMAT;
	out->revision = revision;
	out->event_id = (uint8_t)KPROF_FIELD_GET(KPROF_LWP_RECORD_DW0_EVENT_ID, dw0);
	out->core_id = (uint8_t)KPROF_FIELD_GET(KPROF_LWP_RECORD_DW0_CORE_ID, dw0);
	out->flags = (uint16_t)KPROF_FIELD_GET(KPROF_LWP_RECORD_DW0_FLAGS, dw0);
	out->data1 = kprof_impl_lwp_rec32(p + KPROF_LWP_RECORD_DATA1_OFFSET);
	out->ip = kprof_impl_lwp_rec64(p + KPROF_LWP_RECORD_INST_ADDRESS_OFFSET);
	out->data2 = kprof_impl_lwp_rec64(p + KPROF_LWP_RECORD_DATA2_OFFSET);
	out->timestamp = kprof_impl_lwp_rec64(p + KPROF_LWP_RECORD_TIMESTAMP_OFFSET);
	/* Kind by revision: a nibble per event id below 16 (ids from the spec's enums), the
	 * shipped LWPINS id apart. Table and masks instead of branches keep this small enough that
	 * a caller's per-record loop stays inlined around it. */
	{
		const uint64_t shipped = (uint64_t)KPROF_LWP_KIND_EMPTY |
		                         ((uint64_t)KPROF_LWP_KIND_PROGRAMMED_VALUE << (4 * KPROF_LWP_EVENT_PROGRAMMED_VALUE)) |
		                         ((uint64_t)KPROF_LWP_KIND_INSTRUCTION << (4 * KPROF_LWP_EVENT_INSTRUCTIONS)) |
		                         ((uint64_t)KPROF_LWP_KIND_BRANCH << (4 * KPROF_LWP_EVENT_BRANCHES)) |
		                         ((uint64_t)KPROF_LWP_KIND_DCACHE << (4 * KPROF_LWP_EVENT_DCACHE_MISSES)) |
		                         ((uint64_t)KPROF_LWP_KIND_CLOCKS << (4 * KPROF_LWP_EVENT_CORE_CLOCKS)) |
		                         ((uint64_t)KPROF_LWP_KIND_CLOCKS << (4 * KPROF_LWP_EVENT_REF_CLOCKS));
		const uint64_t proposal = (uint64_t)KPROF_LWP_KIND_EMPTY |
		                          ((uint64_t)KPROF_LWP_KIND_INSTRUCTION << (4 * KPROF_LWP_PROPOSAL_EVENT_INSTRUCTIONS)) |
		                          ((uint64_t)KPROF_LWP_KIND_BRANCH << (4 * KPROF_LWP_PROPOSAL_EVENT_BRANCHES)) |
		                          ((uint64_t)KPROF_LWP_KIND_DCACHE << (4 * KPROF_LWP_PROPOSAL_EVENT_DCACHE_MISSES));
		unsigned id = out->event_id;
		uint32_t br, dc;
		uint64_t br64, dc64;
		if (id < 16u)
			kind = (unsigned)(((revision == KPROF_LWP_REVISION_SHIPPED ? shipped : proposal) & kinds_valid) >> (4u * id)) & 0xFu;
		else if (id == KPROF_LWP_EVENT_PROGRAMMED_EVENT && revision == KPROF_LWP_REVISION_SHIPPED)
			kind = KPROF_LWP_KIND_PROGRAMMED_EVENT;
		out->kind = (kprof_lwp_kind)kind;
		/* Every field is assigned on every path (a decoder in a drain loop must not pay for
		 * clearing the whole struct first): masks select the per-kind ones. */
		br = 0u - (uint32_t)(kind == KPROF_LWP_KIND_BRANCH);
		dc = 0u - (uint32_t)(kind == KPROF_LWP_KIND_DCACHE);
		br64 = 0u - (uint64_t)(kind == KPROF_LWP_KIND_BRANCH);
		dc64 = 0u - (uint64_t)(kind == KPROF_LWP_KIND_DCACHE);
		out->branch_taken = (uint8_t)KPROF_FIELD_GET(KPROF_LWP_BRANCH_FLAGS_TAKEN, dw0 & br);
		out->branch_predicted = (uint8_t)KPROF_FIELD_GET(KPROF_LWP_BRANCH_FLAGS_PREDICTED, dw0 & br);
		out->branch_prediction_valid = (uint8_t)KPROF_FIELD_GET(KPROF_LWP_BRANCH_FLAGS_PREDICTION_VALID, dw0 & br);
		out->next_ip = out->data2 & br64;
		out->data_source = (kprof_lwp_data_source)KPROF_FIELD_GET(KPROF_LWP_DCACHE_FLAGS_DATA_SOURCE, dw0 & dc);
		out->data_address_valid = (uint8_t)KPROF_FIELD_GET(KPROF_LWP_DCACHE_FLAGS_ADDRESS_VALID, dw0 & dc);
		out->latency = out->data1 & dc;
		out->data_address = out->data2 & (dc64 & (0u - (uint64_t)out->data_address_valid));
	}
	return st;
}

KPROF_API kprof_status kprof_lwp_record_iter_init(kprof_lwp_record_iter *it, const void *buf, size_t len,
                                                  kprof_lwp_revision revision)
{
	if (!it)
		return KPROF_E_ARGUMENT;
	it->buf = (const uint8_t *)buf;
	it->len = buf ? len : 0;
	it->offset = 0;
	it->revision = revision;
	it->status = KPROF_OK;
	if ((!buf && len) || (revision != KPROF_LWP_REVISION_SHIPPED && revision != KPROF_LWP_REVISION_PROPOSAL))
		it->status = KPROF_E_ARGUMENT;
	return it->status;
}

KPROF_API kprof_status kprof_lwp_record_iter_next(kprof_lwp_record_iter *it, kprof_lwp_sample *out)
{
	kprof_status st;
	if (!it || !out)
		return KPROF_E_ARGUMENT;
	if (it->status != KPROF_OK)
		return it->status;
	if (it->offset >= it->len)
		return it->status = KPROF_END;
	if (it->len - it->offset < KPROF_LWP_RECORD_SIZE)
		return it->status = KPROF_E_TRUNCATED;
	st = kprof_lwp_record_unpack(it->buf + it->offset, KPROF_LWP_RECORD_SIZE, it->revision, out);
	it->offset += KPROF_LWP_RECORD_SIZE;
	/* An empty slot (event id 0, kind KPROF_LWP_KIND_EMPTY) is handed out, flagged in the
	 * record; unpack has no other error for a whole record of a valid revision. */
	if (st == KPROF_E_FORMAT && out->kind == KPROF_LWP_KIND_EMPTY)
		st = KPROF_OK;
	if (st != KPROF_OK)
		it->status = st;
	return st;
}

/* -- instructions -- */

KPROF_API kprof_status kprof_lwp_lwpcb_load(void *lwpcb)
{
#if defined(KPROF_NO_LIVE)
	(void)lwpcb;
	return KPROF_E_NOT_AVAILABLE;
#elif (defined(__GNUC__) || defined(__clang__) || defined(__TINYC__)) && defined(__x86_64__)
	__asm__ __volatile__(".byte 0x8f, 0xe9, 0xf8, 0x12, 0xc0" : : "a"(lwpcb) : "memory");
	return KPROF_OK;
#elif (defined(__GNUC__) || defined(__clang__) || defined(__TINYC__)) && defined(__i386__)
	__asm__ __volatile__(".byte 0x8f, 0xe9, 0x78, 0x12, 0xc0" : : "a"(lwpcb) : "memory");
	return KPROF_OK;
#elif defined(_MSC_VER)
	__llwpcb(lwpcb);
	return KPROF_OK;
#else
	(void)lwpcb;
	return KPROF_E_NOT_AVAILABLE;
#endif
}

KPROF_API kprof_status kprof_lwp_lwpcb_store(void **out)
{
#if defined(KPROF_NO_LIVE)
	if (out)
		*out = NULL;
	return KPROF_E_NOT_AVAILABLE;
#elif (defined(__GNUC__) || defined(__clang__) || defined(__TINYC__)) && defined(__x86_64__)
	void *p;
	__asm__ __volatile__(".byte 0x8f, 0xe9, 0xf8, 0x12, 0xc8" : "=a"(p) : : "memory");
	if (out)
		*out = p;
	return KPROF_OK;
#elif (defined(__GNUC__) || defined(__clang__) || defined(__TINYC__)) && defined(__i386__)
	void *p;
	__asm__ __volatile__(".byte 0x8f, 0xe9, 0x78, 0x12, 0xc8" : "=a"(p) : : "memory");
	if (out)
		*out = p;
	return KPROF_OK;
#elif defined(_MSC_VER)
	void *p = __slwpcb();
	if (out)
		*out = p;
	return KPROF_OK;
#else
	if (out)
		*out = NULL;
	return KPROF_E_NOT_AVAILABLE;
#endif
}

/* -- ring consumer -- */

/* Copy whole records (multiples of 32 bytes) with no libc: on x86 with GNU compilers one
 * string move of whole words (rep movsq; rep movsl on i386: no call, no vector registers, so
 * ring-0 safe); elsewhere 8-byte words. `make bench` compares batch copy-out with a memcpy. */
KPROF_IMPL_INTERNAL void kprof_impl_lwp_copy_words(uint8_t *dst, const uint8_t *src, size_t n)
{
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
	n >>= 3;
	__asm__ __volatile__("rep movsq" : "+D"(dst), "+S"(src), "+c"(n) : : "memory");
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__i386__)
	n >>= 2;
	__asm__ __volatile__("rep movsl" : "+D"(dst), "+S"(src), "+c"(n) : : "memory");
#else
	size_t i;
	for (i = 0; i < n; i += 8)
		kprof_bytes_le64_store(dst + i, kprof_bytes_le64_load(src + i));
#endif
}

/* Bit 31 of poll_tail on a KPROF_LWP_RING_SLWPCB ring: no head offset has it (BufferSize has
 * 28 bits), so every poll of such a ring leaves the one-compare empty path for the one that
 * executes SLWPCB, and the plain poll never reads the option. */
#define KPROF_IMPL_LWP_FLUSH_FIRST 0x80000000u
#if defined(__GNUC__) || defined(__clang__)
#define KPROF_IMPL_LWP_ASSUME(c) ((c) ? (void)0 : __builtin_unreachable())
#else
#define KPROF_IMPL_LWP_ASSUME(c) ((void)0)
#endif
/* A ring whose attach was refused is detached: every call refuses it with KPROF_E_ARGUMENT,
 * and the empty poll needs no extra test to see it. poll_tail holds
 * KPROF_IMPL_LWP_DETACHED, which no head offset equals (BufferSize has 28 bits; bit 31 alone
 * marks a flushing ring), and lwpcb points at the ring itself, whose word at the head's offset
 * is zero in that state: the one load and one compare find "not empty" and go on to
 * kprof_impl_lwp_ring_fill, which refuses a ring of size 0 before reading anything else. No
 * static object is needed (none may exist in ring 0): the ring is its own stand-in LWPCB. */
#define KPROF_IMPL_LWP_DETACHED 0xFFFFFFFFu
KPROF_IMPL_STATIC_ASSERT(offsetof(kprof_lwp_ring, poll_tail) + 4u <= KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET &&
                            KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET + 4u <= sizeof(kprof_lwp_ring),
                    lwp_detached_head);

KPROF_IMPL_INTERNAL void kprof_impl_lwp_ring_detach(kprof_lwp_ring *r)
{
	kprof_impl_zero(r, sizeof(*r));
	r->lwpcb = (uint8_t *)r;
	r->poll_tail = KPROF_IMPL_LWP_DETACHED;
}

/* Whether a ring is attached: attach sets a size of at least two records, detach 0. */
KPROF_IMPL_INTERNAL int kprof_impl_lwp_ring_attached(const kprof_lwp_ring *r)
{
	return r && r->size != 0;
}

/* Whether a 64-bit linear address is outside the canonical form (bits 63..47 not all equal). */
KPROF_IMPL_INTERNAL int kprof_impl_lwp_noncanonical(uint64_t a)
{
	uint64_t top = a >> (KPROF_LWP_CANONICAL_BITS - 1u);
	return top != 0 && top != (UINT64_MAX >> (KPROF_LWP_CANONICAL_BITS - 1u));
}

KPROF_API kprof_status kprof_lwp_ring_attach(kprof_lwp_ring *r, void *lwpcb, const kprof_lwp_ring_config *config)
{
	uint8_t *cb = (uint8_t *)lwpcb;
	const kprof_lwp_caps *caps;
	const void *expect_buffer;
	uint32_t rs, size, tail, expect_size, options;
	uint64_t base, missed;
	kprof_status st;
	if (!r)
		return KPROF_E_ARGUMENT;
	kprof_impl_lwp_ring_detach(r); /* stays so unless every check below holds */
	if (!lwpcb || !config)
		return KPROF_E_ARGUMENT;
	caps = config->caps;
	expect_buffer = config->expect_buffer;
	expect_size = config->expect_size;
	options = config->options;
	rs = caps ? caps->event_size : KPROF_LWP_RECORD_SIZE;
	if (caps && caps->revision != KPROF_LWP_REVISION_SHIPPED)
		return KPROF_E_UNSUPPORTED;
	if ((uintptr_t)lwpcb & (KPROF_LWP_LWPCB_ALIGN - 1u))
		return KPROF_E_ALIGNMENT;
	if (rs < KPROF_LWP_RECORD_SIZE || (rs & (rs - 1u)))
		return KPROF_E_CORRUPT;
#if defined(KPROF_NO_LIVE)
	if (options & KPROF_LWP_RING_SLWPCB)
		return KPROF_E_NOT_AVAILABLE;
#endif
	size = KPROF_FIELD_GET(KPROF_LWP_LWPCB_BUFFER_SIZE_SIZE, kprof_impl_lwp_load32(cb + KPROF_LWP_LWPCB_BUFFER_SIZE_OFFSET));
	if ((st = kprof_impl_lwp_load64(cb + KPROF_LWP_LWPCB_BUFFER_BASE_OFFSET, &base)) != KPROF_OK)
		return st;
	tail = kprof_impl_lwp_load32(cb + KPROF_LWP_LWPCB_BUFFER_TAIL_OFFSET_OFFSET);
	if (size < 2u * rs || (size & (rs - 1u)) || !base || (base & (KPROF_LWP_BUFFER_ALIGN - 1u)) ||
	    base > (uint64_t)UINTPTR_MAX || (uint64_t)UINTPTR_MAX - base < size ||
	    kprof_impl_lwp_noncanonical(base) || kprof_impl_lwp_noncanonical(base + size - 1u))
		return KPROF_E_CORRUPT;
	if (expect_buffer && (base != (uint64_t)(uintptr_t)expect_buffer || size != expect_size))
		return KPROF_E_CORRUPT;
	if (tail >= size || (tail & (rs - 1u)))
		return KPROF_E_CORRUPT;
	if ((st = kprof_impl_lwp_load64(cb + KPROF_LWP_LWPCB_MISSED_EVENTS_OFFSET, &missed)) != KPROF_OK)
		return st;
	r->lwpcb = cb;
	r->poll_tail = tail | ((options & KPROF_LWP_RING_SLWPCB) ? KPROF_IMPL_LWP_FLUSH_FIRST : 0u);
	r->tail = tail;
	r->buffer = (const uint8_t *)(uintptr_t)base;
	r->size = size;
	r->record_size = rs;
	r->record_shift = kprof_impl_lwp_log2(rs);
	r->avail = 0;
	r->threshold = kprof_impl_lwp_load32(cb + KPROF_LWP_LWPCB_THRESHOLD_OFFSET);
	r->options = options;
	r->missed_seen = missed;
	return KPROF_OK;
}

/* Re-read BufferSize and BufferBase: KPROF_E_CHANGED when either differs from what attach
 * captured (or a 32-bit target could not read BufferBase whole). */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_lwp_ring_geometry(const kprof_lwp_ring *r)
{
	uint32_t size = KPROF_FIELD_GET(KPROF_LWP_LWPCB_BUFFER_SIZE_SIZE, kprof_impl_lwp_load32(r->lwpcb + KPROF_LWP_LWPCB_BUFFER_SIZE_OFFSET));
	uint64_t base;
	kprof_status st = kprof_impl_lwp_load64(r->lwpcb + KPROF_LWP_LWPCB_BUFFER_BASE_OFFSET, &base);
	if (st != KPROF_OK)
		return st;
	return (size != r->size || base != (uint64_t)(uintptr_t)r->buffer) ? KPROF_E_CHANGED : KPROF_OK;
}

/* Read MissedEvents once: its growth since r->missed_seen into *delta, and the new value into
 * *now. A decrease (no producer lowers it) is KPROF_E_CORRUPT. Changes nothing in r. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_lwp_ring_missed(const kprof_lwp_ring *r, uint64_t *now, uint64_t *delta)
{
	kprof_status st = kprof_impl_lwp_load64(r->lwpcb + KPROF_LWP_LWPCB_MISSED_EVENTS_OFFSET, now);
	if (st != KPROF_OK)
		return st;
	if (*now < r->missed_seen)
		return KPROF_E_CORRUPT;
	*delta = *now - r->missed_seen;
	return KPROF_OK;
}

/* The poll past its empty path. It takes the poll's own arguments, so the empty path reaches
 * it with a plain jump (no argument moved, on any ABI), and reads the head itself, once: the
 * value it checks is the value it uses. SLWPCB first when the ring asks, then the LWPCB's
 * geometry against the attach-time one, the head's bounds, MissedEvents; only then is
 * anything written. A
 * MissedEvents delta goes to span when there is one, else it is kept in r->missed_unreported
 * for kprof_lwp_ring_missed_get: every delta is reported exactly once. */
KPROF_IMPL_LWP_FILL KPROF_IMPL_NOINLINE int kprof_impl_lwp_ring_fill(kprof_lwp_ring *r, kprof_lwp_span *span)
{
	uint32_t tail, size, head, used, first;
	uint64_t missed, delta;
	kprof_status st;
	if (!kprof_impl_lwp_ring_attached(r))
		return KPROF_E_ARGUMENT; /* NULL, or detached (see KPROF_IMPL_LWP_DETACHED) */
	tail = r->tail;
	size = r->size;
#if !defined(KPROF_NO_LIVE)
	if (r->options & KPROF_LWP_RING_SLWPCB)
		(void)kprof_lwp_lwpcb_store(NULL);
#endif
	head = kprof_impl_lwp_load32(r->lwpcb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET);
	if (head == tail)
		return 0;
	if ((st = kprof_impl_lwp_ring_geometry(r)) != KPROF_OK)
		return st;
	if (head >= size || (head & (r->record_size - 1u)))
		return KPROF_E_CORRUPT;
	if ((st = kprof_impl_lwp_ring_missed(r, &missed, &delta)) != KPROF_OK)
		return st;
	used = kprof_impl_lwp_space_used(head, tail, size);
	first = head > tail ? used : size - tail;
	r->missed_seen = missed;
	r->avail = used >> r->record_shift;
	if (!span) {
		r->missed_unreported += delta;
		return (int)r->avail;
	}
	span->first = r->buffer + tail;
	span->first_count = first >> r->record_shift;
	span->second = r->buffer;
	span->second_count = r->avail - span->first_count;
	span->head = head;
	span->at_threshold = (uint8_t)(r->threshold != 0 && used == r->threshold);
	span->missed_delta = delta + r->missed_unreported;
	r->missed_unreported = 0;
	return (int)r->avail;
}

/* kprof_lwp_ring_poll(NULL, ...) (declared with the poll). */
KPROF_IMPL_LWP_FILL KPROF_IMPL_NOINLINE int kprof_impl_lwp_ring_null(void)
{
	return KPROF_E_ARGUMENT;
}

/* Move the consumer's tail count records on and publish it (release): consume once it has
 * checked its arguments, and the drain after a poll that found at least count records (which
 * needs none of consume's checks, and stays small enough to inline). */
KPROF_IMPL_INTERNAL void kprof_impl_lwp_ring_advance(kprof_lwp_ring *r, uint32_t count)
{
	uint32_t tail;
	if (count == 0)
		return;
	tail = r->tail + (count << r->record_shift);
	if (tail >= r->size)
		tail -= r->size;
	r->tail = tail;
	r->poll_tail = tail | (r->poll_tail & KPROF_IMPL_LWP_FLUSH_FIRST);
	r->avail -= count;
	kprof_impl_lwp_store32(r->lwpcb + KPROF_LWP_LWPCB_BUFFER_TAIL_OFFSET_OFFSET, tail);
}

KPROF_API kprof_status kprof_lwp_ring_consume(kprof_lwp_ring *r, uint32_t count)
{
	if (!kprof_impl_lwp_ring_attached(r))
		return KPROF_E_ARGUMENT;
	if (count > r->avail)
		return KPROF_E_RANGE;
	kprof_impl_lwp_ring_advance(r, count);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_lwp_ring_iter_init(kprof_lwp_ring_iter *it, kprof_lwp_ring *r)
{
	kprof_lwp_span s;
	int n;
	if (!it)
		return KPROF_E_ARGUMENT;
	/* Finished first, so an iterator whose init failed hands out nothing. */
	it->ring = r;
	it->next = it->end = it->second = it->second_end = NULL;
	it->step = 0;
	it->taken = it->count = 0;
	it->status = KPROF_E_ARGUMENT;
	if (!kprof_impl_lwp_ring_attached(r))
		return KPROF_E_ARGUMENT;
	it->step = r->record_size;
	kprof_impl_zero(&s, sizeof s); /* written by a poll that finds records; zeroed for the analyzers, which cannot see the out-of-line fill */
	n = kprof_lwp_ring_poll(r, &s);
	it->status = n < 0 ? (kprof_status)n : KPROF_END;
	if (n <= 0)
		return n < 0 ? (kprof_status)n : KPROF_OK;
	r->missed_unreported += s.missed_delta;
	it->count = (uint32_t)n;
	it->next = s.first;
	it->end = s.first + ((size_t)s.first_count << r->record_shift);
	if (s.second_count) {
		it->second = s.second;
		it->second_end = s.second + ((size_t)s.second_count << r->record_shift);
	}
	return KPROF_OK;
}

/* The NULL tests come first: a test and a branch each, which a compiler can drop where it sees
 * the pointers' objects (a caller's own iterator and record pointer). */
KPROF_API KPROF_IMPL_API_HOT kprof_status kprof_lwp_ring_iter_next(kprof_lwp_ring_iter *it, const uint8_t **record)
{
	if (!it || !record) {
		if (record)
			*record = NULL;
		return KPROF_E_ARGUMENT;
	}
	if (it->next == it->end) {
		if (!it->second) {
			*record = NULL;
			return it->status; /* KPROF_END, or the error init met (repeated) */
		}
		it->next = it->second;
		it->end = it->second_end;
		it->second = it->second_end = NULL;
	}
	KPROF_IMPL_LWP_ASSUME(it->next != NULL); /* lets an inlined decoder drop its NULL check */
	*record = it->next;
	it->next += it->step;
	it->taken++;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_lwp_ring_iter_commit(kprof_lwp_ring_iter *it)
{
	uint32_t n;
	if (!it || !it->ring)
		return KPROF_E_ARGUMENT;
	n = it->taken;
	it->taken = it->count = 0;
	it->next = it->end = it->second = it->second_end = NULL;
	if (it->status == KPROF_END)
		return kprof_lwp_ring_consume(it->ring, n);
	return it->status;
}

KPROF_API kprof_status kprof_lwp_ring_copy(kprof_lwp_ring *r, void *out, size_t out_len, size_t *copied)
{
	kprof_lwp_span s;
	uint8_t *dst = (uint8_t *)out;
	uint32_t take, k;
	int n;
	if (copied)
		*copied = 0;
	if (!r || !out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(&s, sizeof s); /* written by a poll that finds records; zeroed for the analyzers, which cannot see the out-of-line fill */
	n = kprof_lwp_ring_poll(r, &s);
	if (n <= 0)
		return (kprof_status)n;
	r->missed_unreported += s.missed_delta;
	take = (out_len >> r->record_shift) < (size_t)n ? (uint32_t)(out_len >> r->record_shift) : (uint32_t)n;
	k = take < s.first_count ? take : s.first_count;
	kprof_impl_lwp_copy_words(dst, s.first, (size_t)k << r->record_shift);
	kprof_impl_lwp_copy_words(dst + ((size_t)k << r->record_shift), s.second,
	                          (size_t)(take - k) << r->record_shift);
	if (copied)
		*copied = take;
	return kprof_lwp_ring_consume(r, take);
}

/* One run of a drain: fn on each of count records from p; the records handed out, *stop set
 * when fn asked to stop. The walk is the loop a caller would write over a span: one pointer
 * compare per record, no count kept (it is the distance walked). */
KPROF_IMPL_INTERNAL KPROF_IMPL_HOT uint32_t kprof_impl_lwp_drain_run(const uint8_t *p, uint32_t count, const kprof_lwp_ring *r,
                                                        kprof_lwp_record_fn fn, void *ctx, int *stop)
{
	const uint8_t *start = p, *end = p + ((size_t)count << r->record_shift);
	uint32_t rs = r->record_size;
	for (; p != end; p += rs) {
		KPROF_IMPL_LWP_ASSUME(p != NULL); /* spans lie in the attached buffer (base != 0) */
		if (fn(ctx, p, rs)) {
			*stop = 1;
			p += rs; /* the record fn stopped at counts as handed out */
			break;
		}
	}
	return (uint32_t)((size_t)(p - start) >> r->record_shift);
}

/* max_records is applied once, to the span's run lengths, not checked per record. */
KPROF_API KPROF_IMPL_API_HOT kprof_status kprof_lwp_ring_drain(kprof_lwp_ring *r, kprof_lwp_record_fn fn, void *ctx, uint32_t max_records,
                                            uint32_t *handed_out)
{
	kprof_lwp_span s;
	uint32_t limit, first, n;
	int stop = 0, avail;
	if (handed_out)
		*handed_out = 0;
	if (!r || !fn)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(&s, sizeof s); /* as in kprof_lwp_ring_copy */
	if ((avail = KPROF_IMPL_LWP_RING_POLL(r, &s)) <= 0)
		return (kprof_status)avail;
	r->missed_unreported += s.missed_delta;
	limit = max_records && max_records < (uint32_t)avail ? max_records : (uint32_t)avail;
	first = limit < s.first_count ? limit : s.first_count;
	n = kprof_impl_lwp_drain_run(s.first, first, r, fn, ctx, &stop);
	if (!stop && limit > first)
		n += kprof_impl_lwp_drain_run(s.second, limit - first, r, fn, ctx, &stop);
	kprof_impl_lwp_ring_advance(r, n);
	if (handed_out)
		*handed_out = n;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_lwp_ring_missed_get(kprof_lwp_ring *r, uint64_t *delta)
{
	uint64_t now, d;
	kprof_status st;
	if (delta)
		*delta = 0;
	if (!kprof_impl_lwp_ring_attached(r) || !delta)
		return KPROF_E_ARGUMENT;
	if ((st = kprof_impl_lwp_ring_missed(r, &now, &d)) != KPROF_OK)
		return st;
	*delta = d + r->missed_unreported;
	r->missed_seen = now;
	r->missed_unreported = 0;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_lwp_ring_check(const kprof_lwp_ring *r)
{
	if (!kprof_impl_lwp_ring_attached(r))
		return KPROF_E_ARGUMENT;
	return kprof_impl_lwp_ring_geometry(r);
}

/* -- software model (the producer) -- */
