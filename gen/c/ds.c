KPROF_API kprof_status kprof_ds_caps_get(const kprof_cpuid_snapshot *cpu, const uint64_t *misc_enable,
                                          const uint64_t *perf_capabilities, kprof_ds_caps *out)
{
	uint32_t ecx, edx;
	if (!cpu || !out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	out->pebs_format = KPROF_PEBS_FORMAT_UNKNOWN;
	if (!kprof_impl_cpuid_has(cpu, KPROF_CPUID_SLOT_FEATURES))
		return KPROF_E_NOT_FOUND;
	ecx = kprof_impl_cpuid_reg(cpu, KPROF_CPUID_SLOT_FEATURES, KPROF_CPUID_REG_ECX);
	edx = kprof_impl_cpuid_reg(cpu, KPROF_CPUID_SLOT_FEATURES, KPROF_CPUID_REG_EDX);
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
		                       ? KPROF_DS_AVAIL_YES
		                       : KPROF_DS_AVAIL_NO;
		out->bts = KPROF_FIELD_GET(KPROF_IA32_MISC_ENABLE_BTS_UNAVAILABLE, m)
		                   ? KPROF_DS_AVAIL_NO
		                   : KPROF_DS_AVAIL_YES;
		out->pebs = (out->perfmon == KPROF_DS_AVAIL_YES &&
		             !KPROF_FIELD_GET(KPROF_IA32_MISC_ENABLE_PEBS_UNAVAILABLE, m))
		                    ? KPROF_DS_AVAIL_YES
		                    : KPROF_DS_AVAIL_NO;
	} else {
		out->perfmon = out->bts = out->pebs = KPROF_DS_AVAIL_UNKNOWN;
	}
	if (!out->pdcm) {
		out->pebs_format = (uint8_t)(out->dtes64 ? KPROF_PEBS_FORMAT_CORE : KPROF_PEBS_FORMAT_NETBURST32);
		out->pebs_baseline = KPROF_DS_AVAIL_NO;
	} else if (perf_capabilities) {
		uint64_t c = *perf_capabilities;
		out->pebs_format =
		        (uint8_t)KPROF_FIELD_GET(KPROF_IA32_PERF_CAPABILITIES_PEBS_FORMAT, c);
		out->pebs_baseline = KPROF_FIELD_GET(KPROF_IA32_PERF_CAPABILITIES_PEBS_BASELINE, c)
		                             ? KPROF_DS_AVAIL_YES
		                             : KPROF_DS_AVAIL_NO;
	} else {
		out->pebs_baseline = KPROF_DS_AVAIL_UNKNOWN;
	}
	return KPROF_OK;
}

KPROF_API kprof_status kprof_ds_caps_read(int read_msrs, kprof_ds_caps *out)
{
	kprof_cpuid_snapshot cpu;
	uint64_t misc = 0, caps = 0;
	int have_misc = 0, have_caps = 0;
	kprof_status st;
	if (!out)
		return KPROF_E_ARGUMENT;
	st = kprof_cpuid_snapshot_read(&cpu);
	if (st != KPROF_OK)
		return st;
	st = kprof_ds_caps_get(&cpu, NULL, NULL, out);
	if (st != KPROF_OK || !out->ds || !read_msrs)
		return st;
	have_misc = kprof_msr_read(KPROF_MSR_IA32_MISC_ENABLE, &misc) == KPROF_OK;
	if (out->pdcm)
		have_caps = kprof_msr_read(KPROF_MSR_IA32_PERF_CAPABILITIES, &caps) == KPROF_OK;
	return kprof_ds_caps_get(&cpu, have_misc ? &misc : NULL, have_caps ? &caps : NULL, out);
}

/* Which 64-bit DS area a PEBS format uses: 1 kprof_ds_area64 (32 general-purpose and 16
 * fixed reset slots), 0 kprof_ds_area64_fmt4 (8 and 4), -1 a format kprof does not know. */
KPROF_IMPL_INTERNAL int kprof_impl_ds_wide_resets(unsigned format)
{
	if (format >= KPROF_PEBS_FORMAT_WIDE_RESETS && format <= KPROF_PEBS_FORMAT_ADAPTIVE_MAX)
		return 1;
	return format < KPROF_PEBS_FORMAT_WIDE_RESETS || format == KPROF_PEBS_FORMAT_NETBURST32 ? 0 : -1;
}

/* n / d and n % d for a 32-bit divisor without 64-bit division instructions, which i386
 * compilers turn into libgcc calls (__udivdi3) a kernel does not link against. */
KPROF_IMPL_INTERNAL uint64_t kprof_impl_udiv64(uint64_t n, uint32_t d, uint32_t *rem)
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
KPROF_IMPL_INTERNAL uint64_t kprof_impl_ds_word(const uint8_t *p, size_t width, size_t i)
{
	return width == 8 ? kprof_bytes_le64_load(p + 8 * i) : kprof_bytes_le32_load(p + 4 * i);
}

KPROF_IMPL_INTERNAL uint32_t kprof_impl_min3(size_t a, size_t b, size_t c)
{
	a = a < b ? a : b;
	return (uint32_t)(a < c ? a : c);
}

KPROF_IMPL_INTERNAL int kprof_impl_ranges_overlap(uint64_t a, uint64_t an, uint64_t b, uint64_t bn)
{
	return an && bn && a < b + bn && b < a + an;
}

/* One buffer's base, absolute maximum and interrupt threshold. after = 0: threshold at the
 * maximum. Refuses a base not aligned for the layout's fields, a buffer that holds no
 * record, an end that overflows (or leaves 32 bits for the 32-bit layout), and a
 * threshold outside 1 .. capacity-1. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_ds_buffer(uint64_t base, uint64_t size, uint32_t record, uint32_t after,
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

KPROF_API kprof_status kprof_ds_setup_get(const kprof_ds_request *req, const kprof_ds_caps *caps,
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
		if (!caps->ds || (want_bts && caps->bts == KPROF_DS_AVAIL_NO) || (want_pebs && caps->pebs == KPROF_DS_AVAIL_NO))
			return KPROF_E_UNSUPPORTED;
		if (caps->dtes64 != dtes64)
			return KPROF_E_ARGUMENT;
		if ((want_bts && (!req->bts_os || !req->bts_usr) && !caps->ds_cpl) ||
		    (req->pebs_fixed_mask && caps->pebs_baseline != KPROF_DS_AVAIL_YES) ||
		    (req->adaptive && caps->pebs_baseline == KPROF_DS_AVAIL_NO))
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
		                   : kprof_impl_min3(KPROF_IMPL_ARRAY_COUNT(out->area.pebs_gp_counter_reset),
		                                     KPROF_IMPL_ARRAY_COUNT(req->gp_reset),
		                                     KPROF_IMPL_FIELD_BITS(KPROF_IA32_PEBS_ENABLE_PMC));
		fixed_slots = !dtes64 ? 0u
		                      : kprof_impl_min3(KPROF_IMPL_ARRAY_COUNT(out->area.pebs_fixed_counter_reset),
		                                        KPROF_IMPL_ARRAY_COUNT(req->fixed_reset),
		                                        KPROF_IMPL_FIELD_BITS(KPROF_IA32_PEBS_ENABLE_FIXED));
		if (req->pebs_record_size == 0)
			return KPROF_E_ARGUMENT;
		if (req->pebs_gp_mask >> gp_slots || req->pebs_fixed_mask >> fixed_slots ||
		    req->load_latency_mask > KPROF_FIELD_MAX(KPROF_IA32_PEBS_ENABLE_LOAD_LATENCY))
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
		for (i = 0; i < KPROF_IMPL_ARRAY_COUNT(s->area.pebs_fixed_counter_reset); i++)
			kprof_bytes_le64_store(b + KPROF_DS_AREA64_PEBS_FIXED_COUNTER_RESET_OFFSET + 8 * i,
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
KPROF_IMPL_INTERNAL kprof_status kprof_impl_ds_span(uint64_t base, uint64_t index, uint64_t maximum, uint32_t record,
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

/* One DS layout: its size and the width of its eight buffer fields (kprof_ds_area64 is all
 * u64 fields, those eight first); its u64 counter resets run from gp_at to the end of the
 * area, the fixed ones from fixed_at (= size: none). */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_ds_area_load(const uint8_t *b, size_t len, size_t size, size_t width,
                                                    size_t gp_at, size_t fixed_at, kprof_ds_area64 *out)
{
	size_t i;
	kprof_impl_zero(out, sizeof(*out));
	if (len < size)
		return KPROF_E_TRUNCATED;
	for (i = 0; i < KPROF_DS_AREA64_PEBS_GP_COUNTER_RESET_OFFSET / sizeof(uint64_t); i++)
		((uint64_t *)(void *)out)[i] = kprof_impl_ds_word(b, width, i);
	for (i = 0; i < (fixed_at - gp_at) / sizeof(uint64_t); i++)
		out->pebs_gp_counter_reset[i] = kprof_impl_ds_word(b + gp_at, 8, i);
	for (i = 0; i < (size - fixed_at) / sizeof(uint64_t); i++)
		out->pebs_fixed_counter_reset[i] = kprof_impl_ds_word(b + fixed_at, 8, i);
	return KPROF_OK;
}

/* The status for a layout a switch on the layouts has no case for: a Windows layout that
 * KPROF_NO_WINDOWS leaves out is KPROF_E_UNSUPPORTED, anything else no layout at all. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_ds_layout_other(kprof_ds_layout layout)
{
	return layout == KPROF_DS_LAYOUT_WIN62 || layout == KPROF_DS_LAYOUT_WIN64 || layout == KPROF_DS_LAYOUT_WIN32
	               ? KPROF_E_UNSUPPORTED
	               : KPROF_E_ARGUMENT;
}

KPROF_API kprof_status kprof_ds_area_unpack(const void *bytes, size_t len, kprof_ds_layout layout,
                                            unsigned pebs_format, kprof_ds_area64 *out)
{
	const uint8_t *b = (const uint8_t *)bytes;
	int wide = kprof_impl_ds_wide_resets(pebs_format);
	if (!bytes || !out)
		return KPROF_E_ARGUMENT;
	if (wide < 0)
		return KPROF_E_FORMAT;
	/* From PEBS format 5 on, a Windows 2004 fixed-reset slot is a general-purpose one. */
	switch (layout) {
	case KPROF_DS_LAYOUT_INTEL64:
		if (wide)
			return kprof_impl_ds_area_load(b, len, KPROF_DS_AREA64_SIZE, 8, KPROF_DS_AREA64_PEBS_GP_COUNTER_RESET_OFFSET,
			                               KPROF_DS_AREA64_PEBS_FIXED_COUNTER_RESET_OFFSET, out);
		return kprof_impl_ds_area_load(b, len, KPROF_DS_AREA64_FMT4_SIZE, 8,
		                               KPROF_DS_AREA64_FMT4_PEBS_GP_COUNTER_RESET_OFFSET,
		                               KPROF_DS_AREA64_FMT4_PEBS_FIXED_COUNTER_RESET_OFFSET, out);
	case KPROF_DS_LAYOUT_INTEL32:
		return kprof_impl_ds_area_load(b, len, KPROF_DS_AREA32_SIZE, 4, KPROF_DS_AREA32_PEBS_COUNTER_RESET_OFFSET,
		                               KPROF_DS_AREA32_SIZE, out);
#if !defined(KPROF_NO_WINDOWS)
	case KPROF_DS_LAYOUT_WIN62:
		return kprof_impl_ds_area_load(b, len, KPROF_WINDOWS_PROCESSOR_PROFILE_CONTROL_AREA_SIZE, 8,
		                               KPROF_WINDOWS_PROCESSOR_PROFILE_CONTROL_AREA_PEBS_DS_SAVE_AREA_OFFSET +
		                                       KPROF_WINDOWS_PEBS_DS_SAVE_AREA_PEBS_COUNTER_RESET0_OFFSET,
		                               KPROF_WINDOWS_PROCESSOR_PROFILE_CONTROL_AREA_SIZE, out);
	case KPROF_DS_LAYOUT_WIN64:
		return kprof_impl_ds_area_load(b, len, KPROF_WINDOWS_PEBS_DS_SAVE_AREA64_SIZE, 8,
		                               KPROF_WINDOWS_PEBS_DS_SAVE_AREA64_PEBS_GP_COUNTER_RESET_OFFSET,
		                               wide ? KPROF_WINDOWS_PEBS_DS_SAVE_AREA64_SIZE
		                                    : KPROF_WINDOWS_PEBS_DS_SAVE_AREA64_PEBS_FIXED_COUNTER_RESET_OFFSET,
		                               out);
	case KPROF_DS_LAYOUT_WIN32:
		return kprof_impl_ds_area_load(b, len, KPROF_WINDOWS_PEBS_DS_SAVE_AREA32_SIZE, 4,
		                               KPROF_WINDOWS_PEBS_DS_SAVE_AREA32_PEBS_GP_COUNTER_RESET_OFFSET,
		                               wide ? KPROF_WINDOWS_PEBS_DS_SAVE_AREA32_SIZE
		                                    : KPROF_WINDOWS_PEBS_DS_SAVE_AREA32_PEBS_FIXED_COUNTER_RESET_OFFSET,
		                               out);
#endif
	default: return kprof_impl_ds_layout_other(layout);
	}
}

/* Where a layout keeps the PEBS index, and how wide it is. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_pebs_index_field(kprof_ds_layout layout, size_t *off, size_t *width)
{
	switch (layout) {
	case KPROF_DS_LAYOUT_INTEL64: *off = KPROF_DS_AREA64_PEBS_INDEX_OFFSET; *width = 8; return KPROF_OK;
	case KPROF_DS_LAYOUT_INTEL32: *off = KPROF_DS_AREA32_PEBS_INDEX_OFFSET; *width = 4; return KPROF_OK;
#if !defined(KPROF_NO_WINDOWS)
	case KPROF_DS_LAYOUT_WIN62:
		*off = KPROF_WINDOWS_PROCESSOR_PROFILE_CONTROL_AREA_PEBS_DS_SAVE_AREA_OFFSET + KPROF_WINDOWS_PEBS_DS_SAVE_AREA_PEBS_INDEX_OFFSET;
		*width = 8;
		return KPROF_OK;
	case KPROF_DS_LAYOUT_WIN64: *off = KPROF_WINDOWS_PEBS_DS_SAVE_AREA64_PEBS_INDEX_OFFSET; *width = 8; return KPROF_OK;
	case KPROF_DS_LAYOUT_WIN32: *off = KPROF_WINDOWS_PEBS_DS_SAVE_AREA32_PEBS_INDEX_OFFSET; *width = 4; return KPROF_OK;
#endif
	default: return kprof_impl_ds_layout_other(layout);
	}
}

KPROF_API kprof_status kprof_ds_pebs_index_get(const void *bytes, size_t len, kprof_ds_layout layout,
                                                  uint64_t *out)
{
	size_t off, width;
	kprof_status st;
	if (!bytes || !out)
		return KPROF_E_ARGUMENT;
	st = kprof_impl_pebs_index_field(layout, &off, &width);
	if (st != KPROF_OK)
		return st;
	if (len < off + width)
		return KPROF_E_TRUNCATED;
	*out = width == 8 ? kprof_bytes_le64_load((const uint8_t *)bytes + off) : kprof_bytes_le32_load((const uint8_t *)bytes + off);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_ds_pebs_index_read(const volatile void *area, kprof_ds_layout layout, uint64_t *out)
{
	size_t off, width;
	const volatile uint8_t *p;
	kprof_status st;
	if (!area || !out)
		return KPROF_E_ARGUMENT;
	st = kprof_impl_pebs_index_field(layout, &off, &width);
	if (st != KPROF_OK)
		return st;
	p = (const volatile uint8_t *)area + off;
	if ((uintptr_t)p % width)
		return KPROF_E_ALIGNMENT;
	if (width == 8 && sizeof(void *) >= 8)
		*out = *(const volatile uint64_t *)(const volatile void *)p;
	else
		*out = *(const volatile uint32_t *)(const volatile void *)p; /* little-endian: the low half */
	return KPROF_OK;
}
