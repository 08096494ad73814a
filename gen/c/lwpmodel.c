KPROF_API kprof_status kprof_lwpmodel_init(kprof_lwpmodel *m, const kprof_lwp_caps *caps,
                                            uint8_t core_id, uint64_t seed)
{
	if (!m || !caps)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(m, sizeof(*m));
	if (caps->revision != KPROF_LWP_REVISION_SHIPPED || !caps->hw_available ||
	    caps->max_events > KPROF_LWPMODEL_MAX_EVENTS || caps->event_size < KPROF_LWP_RECORD_SIZE ||
	    (caps->event_size & (caps->event_size - 1u)))
		return KPROF_E_UNSUPPORTED;
	kprof_impl_copy(&m->caps, caps, sizeof(*caps)); /* not a struct copy: clang -O0 calls memcpy for it */
	m->core_id = core_id;
	m->prng = seed ? seed : UINT64_C(0x9E3779B97F4A7C15);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_lwpmodel_threshold_set(kprof_lwpmodel *m, kprof_lwpmodel_threshold_fn fn, void *ctx)
{
	if (!m)
		return KPROF_E_ARGUMENT;
	m->on_threshold = fn;
	m->ctx = ctx;
	return KPROF_OK;
}

KPROF_IMPL_INTERNAL uint32_t kprof_impl_lwp_model_reload(kprof_lwpmodel *m, unsigned slot)
{
	uint64_t x = m->prng;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	m->prng = x;
	return (m->interval[slot] & ~m->random_mask) | ((uint32_t)x & m->random_mask);
}

KPROF_IMPL_INTERNAL void kprof_impl_lwp_model_flush_head(kprof_lwpmodel *m)
{
	kprof_impl_lwp_store32(m->lwpcb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET, m->head);
	m->head_dirty = 0;
	m->head_flushes++;
}

KPROF_IMPL_INTERNAL void kprof_impl_lwp_model_read_tail(kprof_lwpmodel *m)
{
	uint32_t t = kprof_impl_lwp_load32(m->lwpcb + KPROF_LWP_LWPCB_BUFFER_TAIL_OFFSET_OFFSET);
	m->tail_reads++;
	/* Hardware behaviour for a bad tail is undefined; the model keeps its last good one. */
	if (t < m->size && !(t & (m->record_size - 1u)))
		m->cached_tail = t;
}

/* Store a record at head; 1 when the ring was full (the slot will be reused), else 0. */
KPROF_IMPL_INTERNAL int kprof_impl_lwp_model_store(kprof_lwpmodel *m, uint32_t dw0, uint32_t data1, uint64_t ip,
                                              uint64_t data2)
{
	uint8_t *slot = m->buffer + m->head;
	uint32_t next, i;
	kprof_bytes_le32_store(slot, dw0);
	kprof_bytes_le32_store(slot + KPROF_LWP_RECORD_DATA1_OFFSET, data1);
	kprof_bytes_le64_store(slot + KPROF_LWP_RECORD_INST_ADDRESS_OFFSET, ip);
	kprof_bytes_le64_store(slot + KPROF_LWP_RECORD_DATA2_OFFSET, data2);
	kprof_bytes_le64_store(slot + KPROF_LWP_RECORD_TIMESTAMP_OFFSET,
	                 KPROF_FIELD_GET(KPROF_LWP_LWPCB_FLAGS_PTSC, m->flags) ? m->clock : 0);
	for (i = KPROF_LWP_RECORD_SIZE; i < m->record_size; i++)
		slot[i] = 0;
	next = m->head + m->record_size;
	if (next >= m->size)
		next = 0;
	if (next == m->cached_tail)
		kprof_impl_lwp_model_read_tail(m);
	if (next == m->cached_tail) {
		m->missed++;
		kprof_impl_lwp_store64(m->lwpcb + KPROF_LWP_LWPCB_MISSED_EVENTS_OFFSET, m->missed);
		kprof_impl_lwp_model_flush_head(m);
		return 1;
	}
	m->head = next;
	m->head_dirty = 1;
	m->stored++;
	if (m->threshold) {
		uint32_t used = kprof_impl_lwp_space_used(m->head, m->cached_tail, m->size);
		if (used >= m->threshold) {
			kprof_impl_lwp_model_read_tail(m);
			used = kprof_impl_lwp_space_used(m->head, m->cached_tail, m->size);
		}
		if (used == m->threshold) {
			kprof_impl_lwp_model_flush_head(m);
			m->threshold_hits++;
			if (KPROF_FIELD_GET(KPROF_LWP_LWPCB_FLAGS_INT, m->flags) && m->on_threshold)
				m->on_threshold(m->ctx, m);
		}
	}
	return 0;
}

KPROF_API kprof_status kprof_lwpmodel_lwpcb_store(kprof_lwpmodel *m, void **out)
{
	unsigned i;
	if (out)
		*out = NULL;
	if (!m || !out)
		return KPROF_E_ARGUMENT;
	if (!m->lwpcb)
		return KPROF_OK;
	for (i = 0; i < m->caps.max_events; i++)
		if (m->flags & (1u << (i + 1u)))
			kprof_impl_lwp_store32(m->lwpcb + m->caps.event_offset + i * KPROF_LWP_EVENT_SLOT_SIZE +
			                               KPROF_LWP_EVENT_SLOT_EVENT_COUNTER_OFFSET,
			                       m->counter[i]);
	kprof_impl_lwp_model_flush_head(m);
	*out = m->lwpcb;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_lwpmodel_lwpcb_load(kprof_lwpmodel *m, void *lwpcb)
{
	uint8_t *cb = (uint8_t *)lwpcb;
	uint32_t req, bs, size, rs, head, tail, active, i;
	uint64_t base, missed;
	if (!m)
		return KPROF_E_ARGUMENT;
	if (m->lwpcb) {
		void *active;
		(void)kprof_lwpmodel_lwpcb_store(m, &active);
	}
	m->lwpcb = NULL;
	m->flags = 0;
	if (!cb)
		return KPROF_OK;
	if ((uintptr_t)cb & (KPROF_LWP_LWPCB_ALIGN - 1u))
		return KPROF_E_ALIGNMENT;
	rs = m->caps.event_size;
	req = kprof_impl_lwp_load32(cb + KPROF_LWP_LWPCB_FLAGS_OFFSET);
	bs = kprof_impl_lwp_load32(cb + KPROF_LWP_LWPCB_BUFFER_SIZE_OFFSET);
	size = KPROF_FIELD_GET(KPROF_LWP_LWPCB_BUFFER_SIZE_SIZE, bs);
	if (kprof_impl_lwp_load64(cb + KPROF_LWP_LWPCB_BUFFER_BASE_OFFSET, &base) != KPROF_OK ||
	    kprof_impl_lwp_load64(cb + KPROF_LWP_LWPCB_MISSED_EVENTS_OFFSET, &missed) != KPROF_OK)
		return KPROF_E_CHANGED;
	base &= ~(uint64_t)(KPROF_LWP_BUFFER_ALIGN - 1u);
	head = kprof_impl_lwp_load32(cb + KPROF_LWP_LWPCB_BUFFER_HEAD_OFFSET_OFFSET);
	tail = kprof_impl_lwp_load32(cb + KPROF_LWP_LWPCB_BUFFER_TAIL_OFFSET_OFFSET);
	if (size < 2u * rs || size % rs || !base || base > (uint64_t)UINTPTR_MAX || head >= size ||
	    head % rs || tail >= size || tail % rs)
		return KPROF_E_CORRUPT;
	active = 0;
	for (i = 0; i < m->caps.max_events; i++) {
		uint32_t bit = 1u << (i + 1u);
		const uint8_t *slot = cb + m->caps.event_offset + i * KPROF_LWP_EVENT_SLOT_SIZE;
		m->interval[i] =
		        KPROF_FIELD_GET(KPROF_LWP_EVENT_INTERVAL_INTERVAL, kprof_bytes_le32_load(slot));
		m->counter[i] = KPROF_FIELD_GET(
		        KPROF_LWP_EVENT_INTERVAL_INTERVAL,
		        kprof_bytes_le32_load(slot + KPROF_LWP_EVENT_SLOT_EVENT_COUNTER_OFFSET));
		if ((req & bit) && (m->caps.os_events & bit) && m->interval[i])
			active |= bit;
	}
	if (active) {
		if (KPROF_FIELD_GET(KPROF_LWP_LWPCB_FLAGS_INT, req) && m->caps.os_interrupt)
			active |= KPROF_LWP_LWPCB_FLAGS_INT_MASK;
		if (KPROF_FIELD_GET(KPROF_LWP_LWPCB_FLAGS_CONT, req) && m->caps.os_cont)
			active |= KPROF_LWP_LWPCB_FLAGS_CONT_MASK;
		if (KPROF_FIELD_GET(KPROF_LWP_LWPCB_FLAGS_PTSC, req) && m->caps.os_ptsc)
			active |= KPROF_LWP_LWPCB_FLAGS_PTSC_MASK;
	}
	kprof_impl_lwp_store32(cb + KPROF_LWP_LWPCB_FLAGS_OFFSET, active);
	if (!active)
		return KPROF_OK;
	m->lwpcb = cb;
	m->buffer = (uint8_t *)(uintptr_t)base;
	m->size = size;
	m->record_size = rs;
	m->threshold = kprof_impl_lwp_load32(cb + KPROF_LWP_LWPCB_THRESHOLD_OFFSET);
	m->random_mask = (1u << KPROF_FIELD_GET(KPROF_LWP_LWPCB_BUFFER_SIZE_RANDOM, bs)) - 1u;
	m->flags = active;
	m->head = head;
	m->cached_tail = tail;
	m->head_dirty = 0;
	m->missed = missed;
	return KPROF_OK;
}

KPROF_IMPL_INTERNAL uint32_t kprof_impl_lwp_model_dw0(const kprof_lwpmodel *m, uint32_t event, uint32_t flags)
{
	return (uint32_t)(KPROF_FIELD_PREP(KPROF_LWP_RECORD_DW0_EVENT_ID, event) |
	                  KPROF_FIELD_PREP(KPROF_LWP_RECORD_DW0_CORE_ID, m->core_id)) |
	       flags;
}

/* One instruction retired: 1 when a record was produced, else 0. */
KPROF_IMPL_INTERNAL int kprof_impl_lwpmodel_retire(kprof_lwpmodel *m, const kprof_lwpmodel_insn *insn)
{
	uint32_t happened, eligible = 0, e, pick = 0, flags = 0, data1 = 0, i;
	uint64_t data2 = 0;
	m->clock += insn->cycles ? insn->cycles : 1u;
	if (!m->lwpcb)
		return 0;
	happened = 1u << KPROF_LWP_EVENT_INSTRUCTIONS;
	if (insn->is_branch)
		happened |= 1u << KPROF_LWP_EVENT_BRANCHES;
	if (insn->dcache_miss)
		happened |= 1u << KPROF_LWP_EVENT_DCACHE_MISSES;
	happened &= m->flags;
	for (e = 1; e <= m->caps.max_events; e++) {
		if (!(happened & (1u << e)))
			continue;
		if (m->counter[e - 1u])
			m->counter[e - 1u]--;
		if (!m->counter[e - 1u])
			eligible |= 1u << e;
	}
	if (!eligible)
		return 0;
	for (i = 1; i <= m->caps.max_events; i++) {
		e = (m->last_event + i - 1u) % m->caps.max_events + 1u;
		if (eligible & (1u << e)) {
			pick = e;
			break;
		}
	}
	m->last_event = pick;
	if (pick == KPROF_LWP_EVENT_BRANCHES) {
		/* Prediction information is part of every branch record; cpuid LwpBranchPrediction
		 * says only that branches can be filtered by it. */
		flags = (insn->taken ? KPROF_LWP_BRANCH_FLAGS_TAKEN_MASK : 0u) | KPROF_LWP_BRANCH_FLAGS_PREDICTION_VALID_MASK |
		        (insn->predicted ? KPROF_LWP_BRANCH_FLAGS_PREDICTED_MASK : 0u);
		data2 = insn->next_ip;
	} else if (pick == KPROF_LWP_EVENT_DCACHE_MISSES) {
		uint32_t valid = m->caps.data_address && insn->data_address_valid ? 1u : 0u;
		uint32_t round = (1u << m->caps.latency_rnd) - 1u, max;
		max = m->caps.latency_bits >= 32u ? 0xFFFFFFFFu : (1u << m->caps.latency_bits) - 1u;
		data1 = insn->latency > max ? max : insn->latency;
		data1 &= ~round;
		flags = (uint32_t)(KPROF_FIELD_PREP(KPROF_LWP_DCACHE_FLAGS_DATA_SOURCE, insn->data_source) |
		                   KPROF_FIELD_PREP(KPROF_LWP_DCACHE_FLAGS_ADDRESS_VALID, valid));
		data2 = valid ? insn->data_address : 0;
	}
	(void)kprof_impl_lwp_model_store(m, kprof_impl_lwp_model_dw0(m, pick, flags), data1, insn->ip, data2);
	m->counter[pick - 1u] = kprof_impl_lwp_model_reload(m, pick - 1u);
	return 1;
}

KPROF_API kprof_status kprof_lwpmodel_insn_execute(kprof_lwpmodel *m, const kprof_lwpmodel_insn *insn, int *produced)
{
	int n;
	if (produced)
		*produced = 0;
	if (!m || !insn)
		return KPROF_E_ARGUMENT;
	n = kprof_impl_lwpmodel_retire(m, insn);
	if (produced)
		*produced = n;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_lwpmodel_lwpval_execute(kprof_lwpmodel *m, const kprof_lwpmodel_user_event *ev,
                                                     int *produced)
{
	const unsigned slot = KPROF_LWP_EVENT_PROGRAMMED_VALUE - 1u;
	if (produced)
		*produced = 0;
	if (!m || !ev)
		return KPROF_E_ARGUMENT;
	m->clock++;
	if (!m->lwpcb || !(m->flags & (1u << KPROF_LWP_EVENT_PROGRAMMED_VALUE)))
		return KPROF_OK;
	if (m->counter[slot])
		m->counter[slot]--;
	if (m->counter[slot])
		return KPROF_OK;
	(void)kprof_impl_lwp_model_store(
	        m,
	        kprof_impl_lwp_model_dw0(m, KPROF_LWP_EVENT_PROGRAMMED_VALUE,
	                                 KPROF_FIELD_PREP(KPROF_LWP_RECORD_DW0_FLAGS, ev->flags)),
	        ev->data1, ev->ip, ev->data2);
	m->counter[slot] = kprof_impl_lwp_model_reload(m, slot);
	if (produced)
		*produced = 1;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_lwpmodel_lwpins_execute(kprof_lwpmodel *m, const kprof_lwpmodel_user_event *ev,
                                                     int *full)
{
	int f;
	if (full)
		*full = 0;
	if (!m || !ev)
		return KPROF_E_ARGUMENT;
	m->clock++;
	if (!m->lwpcb)
		return KPROF_OK;
	f = kprof_impl_lwp_model_store(
	        m,
	        kprof_impl_lwp_model_dw0(m, KPROF_LWP_EVENT_PROGRAMMED_EVENT,
	                                 KPROF_FIELD_PREP(KPROF_LWP_RECORD_DW0_FLAGS, ev->flags)),
	        ev->data1, ev->ip, ev->data2);
	if (full)
		*full = f;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_lwpmodel_caps_get(kprof_lwp_caps *out)
{
	return kprof_impl_lwp_caps_shipped(KPROF_LWPMODEL_CPUID_EAX, KPROF_LWPMODEL_CPUID_EBX, KPROF_LWPMODEL_CPUID_ECX,
	                                   KPROF_LWPMODEL_CPUID_EDX, out);
}
