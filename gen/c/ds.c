KPROF_API kprof_status kprof_ds_caps_from_snapshot(const kprof_cpuid_snapshot *cpu, const uint64_t *misc_enable,
                                          const uint64_t *perf_capabilities, kprof_ds_caps *out)
{
	uint32_t ecx, edx;
	if (!cpu || !out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	out->pebs_format = KPROF_PEBS_FORMAT_UNKNOWN;
	if (!kprof_cpuid_snapshot_has(cpu, KPROF_CPUID_SLOT_FEATURES))
		return KPROF_E_NOT_FOUND;
	ecx = kprof_cpuid_snapshot_reg(cpu, KPROF_CPUID_SLOT_FEATURES, KPROF_ECX);
	edx = kprof_cpuid_snapshot_reg(cpu, KPROF_CPUID_SLOT_FEATURES, KPROF_EDX);
	/* As the processor reports them: PDCM (IA32_PERF_CAPABILITIES exists) is not a DS bit,
	 * and KVM guests and some Atom parts report it, and DTES64, without DS. */
	out->ds = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_1_EDX_DS, edx);
	out->dtes64 = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_1_ECX_DTES64, ecx);
	out->ds_cpl = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_1_ECX_DS_CPL, ecx);
	out->pdcm = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_1_ECX_PDCM, ecx);
	if (!out->ds)
		return KPROF_OK;
	out->bts_record_size = (uint8_t)(out->dtes64 ? KPROF_BTS_RECORD64_SIZE : KPROF_BTS_RECORD32_SIZE);
	if (misc_enable) {
		uint64_t m = *misc_enable;
		out->perfmon = KPROF_FIELD_GET(KPROF_IA32_MISC_ENABLE_PERFMON_AVAILABLE, m)
		                       ? KPROF_DS_YES
		                       : KPROF_DS_NO;
		out->bts = KPROF_FIELD_GET(KPROF_IA32_MISC_ENABLE_BTS_UNAVAILABLE, m)
		                   ? KPROF_DS_NO
		                   : KPROF_DS_YES;
		out->pebs = (out->perfmon == KPROF_DS_YES &&
		             !KPROF_FIELD_GET(KPROF_IA32_MISC_ENABLE_PEBS_UNAVAILABLE, m))
		                    ? KPROF_DS_YES
		                    : KPROF_DS_NO;
	} else {
		out->perfmon = out->bts = out->pebs = KPROF_DS_UNKNOWN;
	}
	if (!out->pdcm) {
		out->pebs_format = (uint8_t)(out->dtes64 ? KPROF_PEBS_FORMAT_CORE : KPROF_PEBS_FORMAT_NETBURST32);
		out->pebs_baseline = KPROF_DS_NO;
	} else if (perf_capabilities) {
		uint64_t c = *perf_capabilities;
		out->pebs_format =
		        (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERF_CAPABILITIES_PEBS_FORMAT, c);
		out->pebs_baseline = KPROF_FIELD_GET(KPROF_IA32_PERF_CAPABILITIES_PEBS_BASELINE, c)
		                             ? KPROF_DS_YES
		                             : KPROF_DS_NO;
	} else {
		out->pebs_baseline = KPROF_DS_UNKNOWN;
	}
	return KPROF_OK;
}

KPROF_API kprof_status kprof_ds_caps_live(int read_msrs, kprof_ds_caps *out)
{
	kprof_cpuid_snapshot cpu;
	uint64_t misc = 0, caps = 0;
	int have_misc = 0, have_caps = 0;
	kprof_status st;
	if (!out)
		return KPROF_E_ARGUMENT;
	st = kprof_cpuid_snapshot_live(&cpu);
	if (st != KPROF_OK)
		return st;
	st = kprof_ds_caps_from_snapshot(&cpu, NULL, NULL, out);
	if (st != KPROF_OK || !out->ds || !read_msrs)
		return st;
	have_misc = kprof_rdmsr(KPROF_MSR_IA32_MISC_ENABLE, &misc) == KPROF_OK;
	if (out->pdcm)
		have_caps = kprof_rdmsr(KPROF_MSR_IA32_PERF_CAPABILITIES, &caps) == KPROF_OK;
	return kprof_ds_caps_from_snapshot(&cpu, have_misc ? &misc : NULL, have_caps ? &caps : NULL, out);
}

KPROF_API kprof_status kprof_pebs_record_size(unsigned format, uint64_t data_cfg, uint32_t *size)
{
	uint32_t n;
	if (!size)
		return KPROF_E_ARGUMENT;
	switch (format) {
	case KPROF_PEBS_FORMAT_CORE: *size = KPROF_PEBS_RECORD_FMT0_SIZE; return KPROF_OK;
	case KPROF_PEBS_FORMAT_NEHALEM: *size = KPROF_PEBS_RECORD_FMT1_SIZE; return KPROF_OK;
	case KPROF_PEBS_FORMAT_HASWELL: *size = KPROF_PEBS_RECORD_FMT2_SIZE; return KPROF_OK;
	case KPROF_PEBS_FORMAT_SKYLAKE: *size = KPROF_PEBS_RECORD_FMT3_SIZE; return KPROF_OK;
	case KPROF_PEBS_FORMAT_NETBURST32: *size = KPROF_PEBS_RECORD_NETBURST32_SIZE; return KPROF_OK;
	default: break;
	}
	if (format < KPROF_PEBS_FORMAT_ADAPTIVE || format > KPROF_PEBS_FORMAT_ADAPTIVE_MAX)
		return KPROF_E_FORMAT;
	if (data_cfg & ~KPROF_IA32_PEBS_DATA_CFG_DEFINED_MASK)
		return KPROF_E_FORMAT;
	if (format < KPROF_PEBS_FORMAT_COUNTERS &&
	    (data_cfg & (KPROF_IA32_PEBS_DATA_CFG_CNTR_MASK | KPROF_IA32_PEBS_DATA_CFG_METRICS_MASK |
	                 KPROF_IA32_PEBS_DATA_CFG_CNTR_GP_MASK | KPROF_IA32_PEBS_DATA_CFG_CNTR_FIXED_MASK)))
		return KPROF_E_FORMAT;
	n = KPROF_PEBS_BASIC_SIZE;
	if (KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_MEMINFO, data_cfg))
		n += KPROF_PEBS_MEMINFO_SIZE;
	if (KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_GPRS, data_cfg))
		n += KPROF_PEBS_GPRS_SIZE;
	if (KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_XMMS, data_cfg))
		n += KPROF_PEBS_XMM_SIZE;
	if (KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_LBRS, data_cfg))
		n += (uint32_t)(KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_LBR_ENTRIES, data_cfg) +
		                1) *
		     KPROF_PEBS_LBR_ENTRY_SIZE;
	if (data_cfg & (KPROF_IA32_PEBS_DATA_CFG_CNTR_MASK | KPROF_IA32_PEBS_DATA_CFG_METRICS_MASK))
		n += KPROF_PEBS_CNTR_HEADER_SIZE;
	if (KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_METRICS, data_cfg))
		n += KPROF_PEBS_CNTR_METRICS_QWORDS * 8u;
	if (KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_CNTR, data_cfg))
		n += 8u * (kprof_impl_bit_count((uint32_t)KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_CNTR_GP, data_cfg)) +
		           kprof_impl_bit_count((uint32_t)KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_CNTR_FIXED, data_cfg)));
	*size = n;
	return KPROF_OK;
}

/* Which 64-bit DS area a PEBS format uses: 1 kprof_ds_area64 (32 general-purpose and 16
 * fixed reset slots), 0 kprof_ds_area64_fmt4 (8 and 4), -1 a format kprof does not know. */
KPROF_INTERNAL int kprof_impl_ds_wide_resets(unsigned format)
{
	if (format >= KPROF_PEBS_FORMAT_WIDE_RESETS && format <= KPROF_PEBS_FORMAT_ADAPTIVE_MAX)
		return 1;
	return format < KPROF_PEBS_FORMAT_WIDE_RESETS || format == KPROF_PEBS_FORMAT_NETBURST32 ? 0 : -1;
}

/* n / d and n % d for a 32-bit divisor without 64-bit division instructions, which i386
 * compilers turn into libgcc calls (__udivdi3) a kernel does not link against. */
KPROF_INTERNAL uint64_t kprof_impl_udiv64(uint64_t n, uint32_t d, uint32_t *rem)
{
	uint64_t q = 0, r = 0;
	int i;
	for (i = 63; i >= 0; i--) {
		r = (r << 1) | ((n >> i) & 1u);
		if (r >= d) {
			r -= d;
			q |= (uint64_t)1 << i;
		}
	}
	if (rem)
		*rem = (uint32_t)r;
	return q;
}

/* Word i of a run of little-endian words of width 8 or 4: the DS areas' eight buffer fields
 * (from offset 0, in Intel's order) and a BTS record's from, to, flags are such runs. */
KPROF_INTERNAL uint64_t kprof_impl_ds_word(const uint8_t *p, size_t width, size_t i)
{
	return width == 8 ? kprof_load_le64(p + 8 * i) : kprof_load_le32(p + 4 * i);
}

KPROF_INTERNAL uint32_t kprof_impl_min3(size_t a, size_t b, size_t c)
{
	a = a < b ? a : b;
	return (uint32_t)(a < c ? a : c);
}

KPROF_INTERNAL int kprof_impl_ranges_overlap(uint64_t a, uint64_t an, uint64_t b, uint64_t bn)
{
	return an && bn && a < b + bn && b < a + an;
}

/* One buffer's base, absolute maximum and interrupt threshold. after = 0: threshold at the
 * maximum. Refuses a base not aligned for the layout's fields, a buffer that holds no
 * record, an end that overflows (or leaves 32 bits for the 32-bit layout), and a
 * threshold outside 1 .. capacity-1. */
KPROF_INTERNAL kprof_status kprof_impl_ds_buffer(uint64_t base, uint64_t size, uint32_t record, uint32_t after,
                                                 int dtes64, uint64_t *max, uint64_t *threshold, uint32_t *capacity)
{
	uint64_t cap, limit = dtes64 ? ~(uint64_t)0 : (uint64_t)0xFFFFFFFFu;
	/* A mask, not %: a 64-bit % is a libgcc call (__umoddi3) on i386 at -O0/-O1. */
	if ((base | record) & (dtes64 ? 7u : 3u))
		return KPROF_E_ALIGNMENT;
	cap = kprof_impl_udiv64(size, record, NULL);
	if (cap == 0 || cap > 0xFFFFFFFFu)
		return KPROF_E_RANGE;
	if (base > limit || cap * record > limit - base)
		return KPROF_E_RANGE;
	if (after >= cap)
		return KPROF_E_RANGE;
	*max = base + cap * record;
	*threshold = after ? base + (uint64_t)after * record : *max;
	*capacity = (uint32_t)cap;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_ds_setup_compute(const kprof_ds_request *req, const kprof_ds_caps *caps,
                                              kprof_ds_setup *out)
{
	/* Every check first, into scalars; *out (a 0x1C0-byte area inside) is written only
	 * once all pass, so no second copy of it sits on a ring-0 stack. */
	uint64_t bts_max = 0, bts_threshold = 0, pebs_max = 0, pebs_threshold = 0;
	uint32_t bts_capacity = 0, pebs_capacity = 0, bts_record, gp_slots = 0, fixed_slots = 0, i;
	kprof_status st;
	int want_bts, want_pebs, dtes64, wide;
	if (!req || !out)
		return KPROF_E_ARGUMENT;
	dtes64 = req->dtes64 ? 1 : 0;
	if (kprof_impl_ds_wide_resets(req->pebs_format) < 0)
		return KPROF_E_FORMAT;
	wide = dtes64 && kprof_impl_ds_wide_resets(req->pebs_format) == 1;
	want_bts = req->bts_size != 0;
	want_pebs = req->pebs_size != 0;
	if (want_pebs ? !(req->pebs_gp_mask | req->pebs_fixed_mask)
	              : (req->pebs_gp_mask | req->pebs_fixed_mask | req->load_latency_mask) != 0)
		return KPROF_E_ARGUMENT;
	if (caps) {
		if (!caps->ds || (want_bts && caps->bts == KPROF_DS_NO) || (want_pebs && caps->pebs == KPROF_DS_NO))
			return KPROF_E_UNSUPPORTED;
		if (caps->dtes64 != dtes64)
			return KPROF_E_ARGUMENT;
		if ((want_bts && (!req->bts_os || !req->bts_usr) && !caps->ds_cpl) ||
		    (req->pebs_fixed_mask && caps->pebs_baseline != KPROF_DS_YES) ||
		    (req->adaptive && caps->pebs_baseline == KPROF_DS_NO))
			return KPROF_E_UNSUPPORTED;
	}
	if (want_bts) {
		if ((!req->bts_os && !req->bts_usr) ||
		    (req->bts_interrupt ? req->bts_interrupt_after == 0 : req->bts_interrupt_after != 0))
			return KPROF_E_ARGUMENT;
		bts_record = dtes64 ? KPROF_BTS_RECORD64_SIZE : KPROF_BTS_RECORD32_SIZE;
		st = kprof_impl_ds_buffer(req->bts_base, req->bts_size, bts_record, req->bts_interrupt_after, dtes64,
		                          &bts_max, &bts_threshold, &bts_capacity);
		if (st != KPROF_OK)
			return st;
	}
	if (want_pebs) {
		/* Counters with a reset slot in the layout (the 32-bit area has one; a 64-bit one at
		 * least the setup's: format 5's area holds more), in the request, and a bit in
		 * IA32_PEBS_ENABLE (fixed counters adaptive only; load latency, on the same bits
		 * before perfmon version 5, only without it). */
		gp_slots = !dtes64 ? 1u
		                   : kprof_impl_min3(KPROF_ARRAY_COUNT(out->area.pebs_gp_counter_reset),
		                                     KPROF_ARRAY_COUNT(req->gp_reset), KPROF_IA32_PEBS_ENABLE_PMC_WIDTH);
		fixed_slots = !dtes64 ? 0u
		                      : kprof_impl_min3(KPROF_ARRAY_COUNT(out->area.pebs_fixed_counter_reset),
		                                        KPROF_ARRAY_COUNT(req->fixed_reset),
		                                        KPROF_IA32_PEBS_ENABLE_FIXED_WIDTH);
		if (req->pebs_record_size == 0)
			return KPROF_E_ARGUMENT;
		if (req->pebs_gp_mask >> gp_slots || req->pebs_fixed_mask >> fixed_slots ||
		    req->load_latency_mask >> KPROF_IA32_PEBS_ENABLE_LOAD_LATENCY_WIDTH)
			return KPROF_E_RANGE;
		if ((req->pebs_fixed_mask && !req->adaptive) ||
		    (req->load_latency_mask && (req->adaptive || (req->load_latency_mask & ~req->pebs_gp_mask))))
			return KPROF_E_ARGUMENT;
		st = kprof_impl_ds_buffer(req->pebs_base, req->pebs_size, req->pebs_record_size, req->pebs_interrupt_after,
		                          dtes64, &pebs_max, &pebs_threshold, &pebs_capacity);
		if (st != KPROF_OK)
			return st;
	}
	if (want_bts && want_pebs &&
	    kprof_impl_ranges_overlap(req->bts_base, req->bts_size, req->pebs_base, req->pebs_size))
		return KPROF_E_ARGUMENT;

	kprof_impl_zero(out, sizeof(*out));
	out->dtes64 = (uint8_t)dtes64;
	out->wide_resets = (uint8_t)wide;
	out->area_size = !dtes64 ? KPROF_DS_AREA32_SIZE : wide ? KPROF_DS_AREA64_SIZE : KPROF_DS_AREA64_FMT4_SIZE;
	if (want_bts) {
		out->area.bts_buffer_base = out->area.bts_index = req->bts_base;
		out->area.bts_absolute_maximum = bts_max;
		out->area.bts_interrupt_threshold = bts_threshold;
		out->bts_capacity = bts_capacity;
		out->debugctl_mask = KPROF_IA32_DEBUGCTL_TR_MASK | KPROF_IA32_DEBUGCTL_BTS_MASK |
		                     KPROF_IA32_DEBUGCTL_BTINT_MASK | KPROF_IA32_DEBUGCTL_BTS_OFF_OS_MASK |
		                     KPROF_IA32_DEBUGCTL_BTS_OFF_USR_MASK;
		out->debugctl_bits = KPROF_IA32_DEBUGCTL_TR_MASK | KPROF_IA32_DEBUGCTL_BTS_MASK |
		                     (req->bts_interrupt ? KPROF_IA32_DEBUGCTL_BTINT_MASK : 0) |
		                     (req->bts_os ? 0 : KPROF_IA32_DEBUGCTL_BTS_OFF_OS_MASK) |
		                     (req->bts_usr ? 0 : KPROF_IA32_DEBUGCTL_BTS_OFF_USR_MASK);
	}
	if (want_pebs) {
		out->area.pebs_buffer_base = out->area.pebs_index = req->pebs_base;
		out->area.pebs_absolute_maximum = pebs_max;
		out->area.pebs_interrupt_threshold = pebs_threshold;
		out->pebs_capacity = pebs_capacity;
		for (i = 0; i < gp_slots; i++)
			if (req->pebs_gp_mask >> i & 1u)
				out->area.pebs_gp_counter_reset[i] = req->gp_reset[i];
		for (i = 0; i < fixed_slots; i++)
			if (req->pebs_fixed_mask >> i & 1u)
				out->area.pebs_fixed_counter_reset[i] = req->fixed_reset[i];
		out->pebs_enable = KPROF_FIELD_PREP(KPROF_IA32_PEBS_ENABLE_PMC, req->pebs_gp_mask) |
		                   KPROF_FIELD_PREP(KPROF_IA32_PEBS_ENABLE_FIXED, req->pebs_fixed_mask) |
		                   KPROF_FIELD_PREP(KPROF_IA32_PEBS_ENABLE_LOAD_LATENCY, req->load_latency_mask);
	}
	return KPROF_OK;
}

KPROF_API kprof_status kprof_ds_setup_write(const kprof_ds_setup *s, void *buf, size_t len)
{
	kprof_ds_area32 a;
	kprof_status st;
	size_t i;
	uint8_t *b = (uint8_t *)buf;
	if (!s || !buf)
		return KPROF_E_ARGUMENT;
	if (s->dtes64 && s->wide_resets) {
		/* The format-4 shape, then its fixed resets moved to where format 5 reads them. */
		if (len < KPROF_DS_AREA64_SIZE)
			return KPROF_E_BUFFER_TOO_SMALL;
		if ((st = kprof_ds_area64_fmt4_encode(&s->area, buf, len)) != KPROF_OK)
			return st;
		kprof_impl_zero(b + KPROF_DS_AREA64_FMT4_PEBS_FIXED_COUNTER_RESET_OFFSET,
		                KPROF_DS_AREA64_SIZE - KPROF_DS_AREA64_FMT4_PEBS_FIXED_COUNTER_RESET_OFFSET);
		for (i = 0; i < KPROF_ARRAY_COUNT(s->area.pebs_fixed_counter_reset); i++)
			kprof_store_le64(b + KPROF_DS_AREA64_PEBS_FIXED_COUNTER_RESET_OFFSET + 8 * i,
			                 s->area.pebs_fixed_counter_reset[i]);
		return KPROF_OK;
	}
	if (s->dtes64)
		return kprof_ds_area64_fmt4_encode(&s->area, buf, len);
	/* the eight buffer fields, u64 in the setup and u32 here, from offset 0 in Intel's order */
	for (i = 0; i < KPROF_DS_AREA32_PEBS_COUNTER_RESET_OFFSET / sizeof(uint32_t); i++)
		((uint32_t *)(void *)&a)[i] = (uint32_t)((const uint64_t *)(const void *)&s->area)[i];
	a.pebs_counter_reset = s->area.pebs_gp_counter_reset[0];
	return kprof_ds_area32_encode(&a, buf, len);
}

/* Validate (base, index, maximum) for records of a fixed size; the slot of index and the
 * buffer's capacity in records. index may equal the maximum (a full buffer). */
KPROF_INTERNAL kprof_status kprof_impl_ds_span(uint64_t base, uint64_t index, uint64_t maximum, uint32_t record,
                                               uint64_t *slot, uint64_t *capacity)
{
	uint32_t rem;
	if (index < base || index > maximum)
		return KPROF_E_RANGE;
	*slot = kprof_impl_udiv64(index - base, record, &rem);
	if (rem)
		return KPROF_E_ALIGNMENT;
	/* The SDM asks for a maximum one byte past whole records; Linux puts it on a record
	 * boundary. Either way only whole records below it exist. */
	*capacity = kprof_impl_udiv64(maximum - base, record, NULL);
	if (*slot > *capacity)
		return KPROF_E_ALIGNMENT;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_bts_iter_init(kprof_bts_iter *w, const void *bytes, size_t len, uint64_t base,
                                           uint64_t index, uint64_t maximum, unsigned record_size, unsigned flags)
{
	uint64_t slot, cap, need;
	kprof_status st;
	if (!w)
		return KPROF_E_ARGUMENT;
	w->status = KPROF_E_ARGUMENT;
	w->left = 0;
	if (!bytes && len)
		return KPROF_E_ARGUMENT;
	if (record_size != KPROF_BTS_RECORD64_SIZE && record_size != KPROF_BTS_RECORD32_SIZE)
		return (kprof_status)(w->status = KPROF_E_FORMAT);
	st = kprof_impl_ds_span(base, index, maximum, record_size, &slot, &cap);
	if (st != KPROF_OK)
		return (kprof_status)(w->status = st);
	if (flags & KPROF_BTS_WRAPPED) {
		if (cap == 0)
			return (kprof_status)(w->status = KPROF_E_RANGE);
		need = cap;
		if (slot == cap)
			slot = 0;
	} else {
		need = slot;
		slot = 0;
	}
	if (need > len / record_size)
		return (kprof_status)(w->status = KPROF_E_TRUNCATED);
	w->bytes = (const uint8_t *)bytes;
	w->base = base;
	w->capacity = cap;
	w->slot = slot;
	w->left = need;
	w->record_size = record_size;
	w->status = KPROF_OK;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_bts_iter_next(kprof_bts_iter *w, kprof_bts_entry *out)
{
	const uint8_t *p;
	size_t width;
	if (!w || !out)
		return KPROF_E_ARGUMENT;
	if (w->status != KPROF_OK)
		return (kprof_status)w->status;
	if (w->left == 0)
		return KPROF_END;
	p = w->bytes + (size_t)w->slot * w->record_size;
	width = w->record_size == KPROF_BTS_RECORD64_SIZE ? 8u : 4u;
	out->at = w->base + w->slot * w->record_size;
	out->from = kprof_impl_ds_word(p, width, 0);
	out->to = kprof_impl_ds_word(p, width, 1);
	out->flags = kprof_impl_ds_word(p, width, 2);
	out->predicted = (uint8_t)(width == 8u ? KPROF_FIELD_GET(KPROF_BTS_RECORD64_FLAGS_PREDICTED, out->flags)
	                                       : KPROF_FIELD_GET(KPROF_BTS_RECORD32_FLAGS_PREDICTED, out->flags));
	w->left--;
	w->slot++;
	if (w->slot == w->capacity)
		w->slot = 0;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_bts_wrapped(const void *bytes, size_t len, uint64_t base, uint64_t index,
                                         uint64_t maximum, unsigned record_size, int *wrapped)
{
	uint64_t slot, cap;
	const uint8_t *p;
	unsigned i;
	kprof_status st;
	if (!wrapped || (!bytes && len))
		return KPROF_E_ARGUMENT;
	*wrapped = 0;
	if (record_size != KPROF_BTS_RECORD64_SIZE && record_size != KPROF_BTS_RECORD32_SIZE)
		return KPROF_E_FORMAT;
	st = kprof_impl_ds_span(base, index, maximum, record_size, &slot, &cap);
	if (st != KPROF_OK || slot == cap)
		return st;
	if (cap > len / record_size)
		return KPROF_E_TRUNCATED;
	p = (const uint8_t *)bytes + (size_t)slot * record_size;
	for (i = 0; i < record_size; i++)
		if (p[i])
			*wrapped = 1;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_pebs_iter_init(kprof_pebs_iter *w, const void *bytes, size_t len, uint64_t base,
                                            uint64_t index, uint64_t maximum, unsigned format, uint64_t data_cfg,
                                            int data_cfg_known)
{
	uint32_t size = 0;
	kprof_status st;
	int adaptive = format >= KPROF_PEBS_FORMAT_ADAPTIVE && format <= KPROF_PEBS_FORMAT_ADAPTIVE_MAX;
	if (!w)
		return KPROF_E_ARGUMENT;
	w->status = KPROF_E_ARGUMENT;
	if (!bytes && len)
		return KPROF_E_ARGUMENT;
	if (!adaptive || data_cfg_known) {
		st = kprof_pebs_record_size(format, data_cfg, &size);
		if (st != KPROF_OK)
			return (kprof_status)(w->status = st);
	}
	if (index < base || index > maximum)
		return (kprof_status)(w->status = KPROF_E_RANGE);
	if (size) {
		uint32_t rem;
		(void)kprof_impl_udiv64(index - base, size, &rem);
		if (rem)
			return (kprof_status)(w->status = KPROF_E_ALIGNMENT);
	}
	if (index - base > len)
		return (kprof_status)(w->status = KPROF_E_TRUNCATED);
	w->bytes = (const uint8_t *)bytes;
	w->base = base;
	w->end = (size_t)(index - base);
	w->at = 0;
	w->format = format;
	w->record_size = size;
	w->data_cfg = data_cfg;
	w->data_cfg_known = (uint8_t)(data_cfg_known ? 1 : 0);
	w->status = KPROF_OK;
	return KPROF_OK;
}

/* Formats 0..2 are prefixes of format 3 (every field a u64): each field is read straight from
 * the record at its format 3 offset, and only when the format has it. No decoded copy of the
 * record (200 bytes) on the stack: a walker inlined into its caller stays under 512 bytes. */
#define KPROF_PEBS_F3(field) kprof_load_le64(p + KPROF_PEBS_RECORD_FMT3_##field##_OFFSET)
KPROF_INTERNAL void kprof_impl_pebs_legacy(const uint8_t *p, unsigned format, kprof_pebs_sample *out)
{
	/* kprof_pebs_gprs is 18 u64 in the adaptive group's order; format 3 has the same registers
	 * in format 0's: where each one is. */
	static const uint8_t at[] = {
	        KPROF_PEBS_RECORD_FMT3_FLAGS_OFFSET, KPROF_PEBS_RECORD_FMT3_IP_OFFSET,  KPROF_PEBS_RECORD_FMT3_AX_OFFSET,
	        KPROF_PEBS_RECORD_FMT3_CX_OFFSET,    KPROF_PEBS_RECORD_FMT3_DX_OFFSET,  KPROF_PEBS_RECORD_FMT3_BX_OFFSET,
	        KPROF_PEBS_RECORD_FMT3_SP_OFFSET,    KPROF_PEBS_RECORD_FMT3_BP_OFFSET,  KPROF_PEBS_RECORD_FMT3_SI_OFFSET,
	        KPROF_PEBS_RECORD_FMT3_DI_OFFSET,    KPROF_PEBS_RECORD_FMT3_R8_OFFSET,  KPROF_PEBS_RECORD_FMT3_R9_OFFSET,
	        KPROF_PEBS_RECORD_FMT3_R10_OFFSET,   KPROF_PEBS_RECORD_FMT3_R11_OFFSET, KPROF_PEBS_RECORD_FMT3_R12_OFFSET,
	        KPROF_PEBS_RECORD_FMT3_R13_OFFSET,   KPROF_PEBS_RECORD_FMT3_R14_OFFSET, KPROF_PEBS_RECORD_FMT3_R15_OFFSET};
	size_t i;
	for (i = 0; i < sizeof(at); i++)
		((uint64_t *)(void *)&out->gprs)[i] = kprof_load_le64(p + at[i]);
	out->has = KPROF_PEBS_HAS_GPRS;
	out->ip = out->gprs.ip;
	if (format >= KPROF_PEBS_FORMAT_NEHALEM) {
		out->has |= KPROF_PEBS_HAS_APPLICABLE | KPROF_PEBS_HAS_MEMINFO;
		out->applicable_counters = KPROF_PEBS_F3(STATUS);
		out->data_address = KPROF_PEBS_F3(DLA);
		out->data_source = KPROF_PEBS_F3(DSE);
		out->latency = KPROF_PEBS_F3(LAT);
	}
	if (format >= KPROF_PEBS_FORMAT_HASWELL) {
		out->has |= KPROF_PEBS_HAS_EVENTING_IP | KPROF_PEBS_HAS_TSX;
		out->eventing_ip = KPROF_PEBS_F3(REAL_IP);
		out->tsx_tuning = KPROF_PEBS_F3(TSX_TUNING);
	}
	if (format >= KPROF_PEBS_FORMAT_SKYLAKE) {
		out->has |= KPROF_PEBS_HAS_TSC;
		out->tsc = KPROF_PEBS_F3(TSC);
	}
}
#undef KPROF_PEBS_F3

KPROF_INTERNAL void kprof_impl_pebs_netburst(const uint8_t *p, kprof_pebs_sample *out)
{
	/* The ten u32 registers, in kprof_pebs_gprs order (r8..r15 stay 0). */
	static const uint8_t at[] = {
	        KPROF_PEBS_RECORD_NETBURST32_EFLAGS_OFFSET, KPROF_PEBS_RECORD_NETBURST32_EIP_OFFSET,
	        KPROF_PEBS_RECORD_NETBURST32_EAX_OFFSET,    KPROF_PEBS_RECORD_NETBURST32_ECX_OFFSET,
	        KPROF_PEBS_RECORD_NETBURST32_EDX_OFFSET,    KPROF_PEBS_RECORD_NETBURST32_EBX_OFFSET,
	        KPROF_PEBS_RECORD_NETBURST32_ESP_OFFSET,    KPROF_PEBS_RECORD_NETBURST32_EBP_OFFSET,
	        KPROF_PEBS_RECORD_NETBURST32_ESI_OFFSET,    KPROF_PEBS_RECORD_NETBURST32_EDI_OFFSET};
	size_t i;
	for (i = 0; i < sizeof(at); i++)
		((uint64_t *)(void *)&out->gprs)[i] = kprof_load_le32(p + at[i]);
	out->has = KPROF_PEBS_HAS_GPRS;
	out->ip = out->gprs.ip;
}

KPROF_API kprof_status kprof_pebs_iter_next(kprof_pebs_iter *w, kprof_pebs_sample *out)
{
	const uint8_t *p;
	size_t left;
	uint32_t size;
	if (!w || !out)
		return KPROF_E_ARGUMENT;
	if (w->status != KPROF_OK)
		return (kprof_status)w->status;
	if (w->at >= w->end)
		return KPROF_END;
	kprof_impl_zero(out, sizeof(*out));
	p = w->bytes + w->at;
	left = w->end - w->at;
	out->at = w->base + w->at;
	out->format = w->format;
	if (w->format >= KPROF_PEBS_FORMAT_ADAPTIVE && w->format <= KPROF_PEBS_FORMAT_ADAPTIVE_MAX) {
		uint64_t format_size, group, cntr;
		uint32_t expect;
		size_t off;
		if (left < KPROF_PEBS_BASIC_SIZE)
			return (kprof_status)(w->status = KPROF_E_CORRUPT);
		/* read in place, as every group below: the walker's frame stays small in ring 0 */
		format_size = kprof_load_le64(p + KPROF_PEBS_BASIC_FORMAT_SIZE_OFFSET);
		group = KPROF_FIELD_GET(KPROF_PEBS_BASIC_FORMAT_SIZE_FORMAT_GROUP, format_size);
		size = (uint32_t)KPROF_FIELD_GET(KPROF_PEBS_BASIC_FORMAT_SIZE_RECORD_SIZE, format_size);
		/* The basic group copies PEBS_DATA_CFG's low 32 bits only: a counters group's size
		 * comes from its own header (checked below), so it may only add to expect. */
		cntr = group & (KPROF_IA32_PEBS_DATA_CFG_CNTR_MASK | KPROF_IA32_PEBS_DATA_CFG_METRICS_MASK);
		if (kprof_pebs_record_size(w->format, group, &expect) != KPROF_OK || size > left ||
		    (cntr ? expect > size : expect != size) ||
		    (w->data_cfg_known &&
		     (group != (w->data_cfg & KPROF_PEBS_BASIC_FORMAT_SIZE_FORMAT_GROUP_MASK) || size != w->record_size)))
			return (kprof_status)(w->status = KPROF_E_CORRUPT);
		out->has = KPROF_PEBS_HAS_EVENTING_IP | KPROF_PEBS_HAS_APPLICABLE | KPROF_PEBS_HAS_TSC;
		out->ip = out->eventing_ip = kprof_load_le64(p + KPROF_PEBS_BASIC_IP_OFFSET);
		out->applicable_counters = kprof_load_le64(p + KPROF_PEBS_BASIC_APPLICABLE_COUNTERS_OFFSET);
		out->tsc = kprof_load_le64(p + KPROF_PEBS_BASIC_TSC_OFFSET);
		out->format_group = group;
		out->retire_latency =
		        KPROF_FIELD_GET(KPROF_PEBS_BASIC_FORMAT_SIZE_RETIRE_LATENCY, format_size);
		off = KPROF_PEBS_BASIC_SIZE;
		if (KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_MEMINFO, group)) {
			out->has |= KPROF_PEBS_HAS_MEMINFO | KPROF_PEBS_HAS_TSX;
			out->data_address = kprof_load_le64(p + off + KPROF_PEBS_MEMINFO_ADDRESS_OFFSET);
			out->data_source = kprof_load_le64(p + off + KPROF_PEBS_MEMINFO_AUX_OFFSET);
			out->latency = kprof_load_le64(p + off + KPROF_PEBS_MEMINFO_LATENCY_OFFSET);
			out->instr_latency = KPROF_FIELD_GET(KPROF_PEBS_MEMINFO_LATENCY_INSTR_LATENCY, out->latency);
			out->cache_latency = KPROF_FIELD_GET(KPROF_PEBS_MEMINFO_LATENCY_CACHE_LATENCY, out->latency);
			out->tsx_tuning = kprof_load_le64(p + off + KPROF_PEBS_MEMINFO_TSX_TUNING_OFFSET);
			off += KPROF_PEBS_MEMINFO_SIZE;
		}
		if (KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_GPRS, group)) {
			(void)kprof_pebs_gprs_decode(p + off, KPROF_PEBS_GPRS_SIZE, &out->gprs);
			out->has |= KPROF_PEBS_HAS_GPRS;
			off += KPROF_PEBS_GPRS_SIZE;
		}
		if (KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_XMMS, group)) {
			out->has |= KPROF_PEBS_HAS_XMM;
			out->xmm_offset = w->at + off;
			off += KPROF_PEBS_XMM_SIZE;
		}
		if (KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_LBRS, group)) {
			out->has |= KPROF_PEBS_HAS_LBR;
			out->lbr_offset = w->at + off;
			out->lbr_count = (uint32_t)KPROF_FIELD_GET(
			                         KPROF_IA32_PEBS_DATA_CFG_LBR_ENTRIES, group) +
			                 1;
			off += (size_t)out->lbr_count * KPROF_PEBS_LBR_ENTRY_SIZE;
		}
		if (cntr) {
			/* The header says what this record snapshotted (Linux ignores the values of
			 * events that are not group reads): counters the group enables - within
			 * data_cfg's when it is known - and values that end inside the record. The
			 * metrics' two u64 are already in expect. */
			uint32_t n, h_cntr = kprof_load_le32(p + off + KPROF_PEBS_CNTR_HEADER_CNTR_OFFSET),
			              h_fixed = kprof_load_le32(p + off + KPROF_PEBS_CNTR_HEADER_FIXED_OFFSET),
			              h_metrics = kprof_load_le32(p + off + KPROF_PEBS_CNTR_HEADER_METRICS_OFFSET);
			uint64_t gp = ~(uint64_t)0, fixed = ~(uint64_t)0;
			if (w->data_cfg_known) {
				gp = KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_CNTR_GP, w->data_cfg);
				fixed = KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_CNTR_FIXED, w->data_cfg);
			}
			n = (uint32_t)kprof_impl_bit_count(h_cntr) + kprof_impl_bit_count(h_fixed);
			if ((h_cntr & ~gp) || (h_fixed & ~fixed) || h_cntr >> KPROF_IA32_PEBS_DATA_CFG_CNTR_GP_WIDTH ||
			    h_fixed >> KPROF_IA32_PEBS_DATA_CFG_CNTR_FIXED_WIDTH ||
			    (n && !KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_CNTR, group)) ||
			    (h_metrics && (h_metrics != KPROF_PEBS_CNTR_METRICS ||
			                   !KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_METRICS, group))) ||
			    (uint64_t)n * 8u > size - expect)
				return (kprof_status)(w->status = KPROF_E_CORRUPT);
			n += h_metrics ? KPROF_PEBS_CNTR_METRICS_QWORDS : 0u;
			out->has |= KPROF_PEBS_HAS_CNTR;
			out->cntr_offset = w->at + off;
			out->cntr_count = n;
		}
	} else {
		size = w->record_size;
		if (size > left) /* cannot happen after init's alignment check; kept as the bound */
			return (kprof_status)(w->status = KPROF_E_CORRUPT);
		if (w->format == KPROF_PEBS_FORMAT_NETBURST32)
			kprof_impl_pebs_netburst(p, out);
		else
			kprof_impl_pebs_legacy(p, w->format, out);
	}
	out->size = size;
	w->at += size;
	return KPROF_OK;
}
