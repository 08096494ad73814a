KPROF_API kprof_status kprof_pebs_record_size_get(unsigned format, uint64_t data_cfg, uint32_t *size)
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

KPROF_API kprof_status kprof_pebs_iter_init(kprof_pebs_iter *w, const kprof_ds_buffer *buffer)
{
	uint32_t size = 0;
	kprof_status st;
	uint64_t base, index, data_cfg;
	unsigned format;
	int adaptive, data_cfg_known;
	if (!w)
		return KPROF_E_ARGUMENT;
	w->status = KPROF_E_ARGUMENT;
	if (!buffer || (!buffer->bytes && buffer->len))
		return KPROF_E_ARGUMENT;
	base = buffer->base;
	index = buffer->index;
	format = buffer->format;
	data_cfg = buffer->data_cfg;
	data_cfg_known = (buffer->flags & KPROF_PEBS_DATA_CFG_KNOWN) != 0;
	adaptive = format >= KPROF_PEBS_FORMAT_ADAPTIVE && format <= KPROF_PEBS_FORMAT_ADAPTIVE_MAX;
	if (!adaptive || data_cfg_known) {
		st = kprof_pebs_record_size_get(format, data_cfg, &size);
		if (st != KPROF_OK)
			return w->status = st;
	}
	if (index < base || index > buffer->maximum)
		return w->status = KPROF_E_RANGE;
	if (size) {
		uint32_t rem;
		(void)kprof_impl_udiv64(index - base, size, &rem);
		if (rem)
			return w->status = KPROF_E_ALIGNMENT;
	}
	if (index - base > buffer->len)
		return w->status = KPROF_E_TRUNCATED;
	w->bytes = (const uint8_t *)buffer->bytes;
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
#define KPROF_IMPL_PEBS_F3(field) kprof_bytes_le64_load(p + KPROF_PEBS_RECORD_FMT3_##field##_OFFSET)
KPROF_IMPL_INTERNAL void kprof_impl_pebs_legacy(const uint8_t *p, unsigned format, kprof_pebs_sample *out)
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
		((uint64_t *)(void *)&out->gprs)[i] = kprof_bytes_le64_load(p + at[i]);
	out->has = KPROF_PEBS_HAS_GPRS;
	out->ip = out->gprs.ip;
	if (format >= KPROF_PEBS_FORMAT_NEHALEM) {
		out->has |= KPROF_PEBS_HAS_APPLICABLE | KPROF_PEBS_HAS_MEMINFO;
		out->applicable_counters = KPROF_IMPL_PEBS_F3(STATUS);
		out->data_address = KPROF_IMPL_PEBS_F3(DLA);
		out->data_source = KPROF_IMPL_PEBS_F3(DSE);
		out->latency = KPROF_IMPL_PEBS_F3(LAT);
	}
	if (format >= KPROF_PEBS_FORMAT_HASWELL) {
		out->has |= KPROF_PEBS_HAS_EVENTING_IP | KPROF_PEBS_HAS_TSX;
		out->eventing_ip = KPROF_IMPL_PEBS_F3(REAL_IP);
		out->tsx_tuning = KPROF_IMPL_PEBS_F3(TSX_TUNING);
	}
	if (format >= KPROF_PEBS_FORMAT_SKYLAKE) {
		out->has |= KPROF_PEBS_HAS_TSC;
		out->tsc = KPROF_IMPL_PEBS_F3(TSC);
	}
}
#undef KPROF_IMPL_PEBS_F3

KPROF_IMPL_INTERNAL void kprof_impl_pebs_netburst(const uint8_t *p, kprof_pebs_sample *out)
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
		((uint64_t *)(void *)&out->gprs)[i] = kprof_bytes_le32_load(p + at[i]);
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
		return w->status;
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
			return w->status = KPROF_E_CORRUPT;
		/* read in place, as every group below: the walker's frame stays small in ring 0 */
		format_size = kprof_bytes_le64_load(p + KPROF_PEBS_BASIC_FORMAT_SIZE_OFFSET);
		group = KPROF_FIELD_GET(KPROF_PEBS_BASIC_FORMAT_SIZE_FORMAT_GROUP, format_size);
		size = (uint32_t)KPROF_FIELD_GET(KPROF_PEBS_BASIC_FORMAT_SIZE_RECORD_SIZE, format_size);
		/* The basic group copies PEBS_DATA_CFG's low 32 bits only: a counters group's size
		 * comes from its own header (checked below), so it may only add to expect. */
		cntr = group & (KPROF_IA32_PEBS_DATA_CFG_CNTR_MASK | KPROF_IA32_PEBS_DATA_CFG_METRICS_MASK);
		if (kprof_pebs_record_size_get(w->format, group, &expect) != KPROF_OK || size > left ||
		    (cntr ? expect > size : expect != size) ||
		    (w->data_cfg_known &&
		     (group != (w->data_cfg & KPROF_PEBS_BASIC_FORMAT_SIZE_FORMAT_GROUP_MASK) || size != w->record_size)))
			return w->status = KPROF_E_CORRUPT;
		out->has = KPROF_PEBS_HAS_EVENTING_IP | KPROF_PEBS_HAS_APPLICABLE | KPROF_PEBS_HAS_TSC;
		out->ip = out->eventing_ip = kprof_bytes_le64_load(p + KPROF_PEBS_BASIC_IP_OFFSET);
		out->applicable_counters = kprof_bytes_le64_load(p + KPROF_PEBS_BASIC_APPLICABLE_COUNTERS_OFFSET);
		out->tsc = kprof_bytes_le64_load(p + KPROF_PEBS_BASIC_TSC_OFFSET);
		out->format_group = group;
		out->retire_latency =
		        KPROF_FIELD_GET(KPROF_PEBS_BASIC_FORMAT_SIZE_RETIRE_LATENCY, format_size);
		off = KPROF_PEBS_BASIC_SIZE;
		if (KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_MEMINFO, group)) {
			out->has |= KPROF_PEBS_HAS_MEMINFO | KPROF_PEBS_HAS_TSX;
			out->data_address = kprof_bytes_le64_load(p + off + KPROF_PEBS_MEMINFO_ADDRESS_OFFSET);
			out->data_source = kprof_bytes_le64_load(p + off + KPROF_PEBS_MEMINFO_AUX_OFFSET);
			out->latency = kprof_bytes_le64_load(p + off + KPROF_PEBS_MEMINFO_LATENCY_OFFSET);
			out->instr_latency = KPROF_FIELD_GET(KPROF_PEBS_MEMINFO_LATENCY_INSTR_LATENCY, out->latency);
			out->cache_latency = KPROF_FIELD_GET(KPROF_PEBS_MEMINFO_LATENCY_CACHE_LATENCY, out->latency);
			out->tsx_tuning = kprof_bytes_le64_load(p + off + KPROF_PEBS_MEMINFO_TSX_TUNING_OFFSET);
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
			uint32_t n, h_cntr = kprof_bytes_le32_load(p + off + KPROF_PEBS_CNTR_HEADER_CNTR_OFFSET),
			              h_fixed = kprof_bytes_le32_load(p + off + KPROF_PEBS_CNTR_HEADER_FIXED_OFFSET),
			              h_metrics = kprof_bytes_le32_load(p + off + KPROF_PEBS_CNTR_HEADER_METRICS_OFFSET);
			uint64_t gp = ~(uint64_t)0, fixed = ~(uint64_t)0;
			if (w->data_cfg_known) {
				gp = KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_CNTR_GP, w->data_cfg);
				fixed = KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_CNTR_FIXED, w->data_cfg);
			}
			n = (uint32_t)kprof_impl_bit_count(h_cntr) + kprof_impl_bit_count(h_fixed);
			if ((h_cntr & ~gp) || (h_fixed & ~fixed) || h_cntr > KPROF_FIELD_MAX(KPROF_IA32_PEBS_DATA_CFG_CNTR_GP) ||
			    h_fixed > KPROF_FIELD_MAX(KPROF_IA32_PEBS_DATA_CFG_CNTR_FIXED) ||
			    (n && !KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_CNTR, group)) ||
			    (h_metrics && (h_metrics != KPROF_PEBS_CNTR_METRICS ||
			                   !KPROF_FIELD_GET(KPROF_IA32_PEBS_DATA_CFG_METRICS, group))) ||
			    (uint64_t)n * 8u > size - expect)
				return w->status = KPROF_E_CORRUPT;
			n += h_metrics ? KPROF_PEBS_CNTR_METRICS_QWORDS : 0u;
			out->has |= KPROF_PEBS_HAS_CNTR;
			out->cntr_offset = w->at + off;
			out->cntr_count = n;
		}
	} else {
		size = w->record_size;
		if (size > left) /* cannot happen after init's alignment check; kept as the bound */
			return w->status = KPROF_E_CORRUPT;
		if (w->format == KPROF_PEBS_FORMAT_NETBURST32)
			kprof_impl_pebs_netburst(p, out);
		else
			kprof_impl_pebs_legacy(p, w->format, out);
	}
	out->size = size;
	w->at += size;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_pebs_arch_iter_init(kprof_pebs_arch_iter *it, const kprof_pebs_arch_buffer *buffer)
{
	uint64_t end;
	if (!it)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(it, sizeof(*it));
	it->status = KPROF_E_ARGUMENT;
	if (!buffer || (!buffer->bytes && buffer->len))
		return KPROF_E_ARGUMENT;
	if (buffer->index & ~KPROF_IA32_PEBS_INDEX_DEFINED_MASK)
		return (kprof_status)(it->status = KPROF_E_RESERVED);
	end = KPROF_FIELD_GET(KPROF_IA32_PEBS_INDEX_WR, buffer->index) * KPROF_PEBS_ARCH_INDEX_UNIT;
	if (end > buffer->len)
		return (kprof_status)(it->status = KPROF_E_TRUNCATED);
	it->bytes = (const uint8_t *)buffer->bytes;
	it->end = (size_t)end;
	it->status = KPROF_OK;
	return KPROF_OK;
}

/* One fragment's groups into out; KPROF_OK or the final error. p is the fragment, size its
 * checked size (header included). Out of line: inlined into the walker, gcc -O3 gave
 * kprof_pebs_arch_iter_next's caller a 640-byte frame (tests/ring0.py bounds frames at 512). */
static KPROF_IMPL_NOINLINE kprof_status kprof_impl_pebs_arch_fragment(const uint8_t *p, uint32_t size, uint64_t format, size_t at,
                                                          kprof_pebs_arch_record *out)
{
	size_t off = KPROF_PEBS_ARCH_HEADER_SIZE;
	uint64_t lbr = KPROF_FIELD_GET(KPROF_PEBS_ARCH_HEADER_FORMAT_LBR, format);
	if (format & (KPROF_PEBS_ARCH_HEADER_FORMAT_YMMH_MASK | KPROF_PEBS_ARCH_HEADER_FORMAT_OPMASK_MASK |
	              KPROF_PEBS_ARCH_HEADER_FORMAT_ZMMH_MASK | KPROF_PEBS_ARCH_HEADER_FORMAT_H16ZMM_MASK))
		return KPROF_E_UNSUPPORTED;
	/* every group is read only after the fragment is known to hold it, and at most once */
#define KPROF_IMPL_GROUP(flag, bytes)                                                              \
	if ((out->has & (flag)) || (uint64_t)off + (bytes) > size)                                   \
		return KPROF_E_CORRUPT;                                                                    \
	out->has |= (flag)
	if (KPROF_FIELD_GET(KPROF_PEBS_ARCH_HEADER_FORMAT_BASIC, format)) {
		uint64_t retire;
		KPROF_IMPL_GROUP(KPROF_PEBS_HAS_EVENTING_IP, KPROF_PEBS_ARCH_BASIC_SIZE);
		out->has |= KPROF_PEBS_HAS_APPLICABLE | KPROF_PEBS_HAS_TSC;
		out->ip = kprof_bytes_le64_load(p + off + KPROF_PEBS_ARCH_BASIC_IP_OFFSET);
		out->applicable_counters = kprof_bytes_le64_load(p + off + KPROF_PEBS_ARCH_BASIC_APPLICABLE_COUNTERS_OFFSET);
		out->tsc = kprof_bytes_le64_load(p + off + KPROF_PEBS_ARCH_BASIC_TSC_OFFSET);
		retire = kprof_bytes_le64_load(p + off + KPROF_PEBS_ARCH_BASIC_RETIRE_OFFSET);
		out->retire_latency_valid = (uint8_t)KPROF_FIELD_GET(KPROF_PEBS_ARCH_BASIC_RETIRE_VALID, retire);
		out->retire_latency =
		        out->retire_latency_valid ? (uint16_t)KPROF_FIELD_GET(KPROF_PEBS_ARCH_BASIC_RETIRE_LATENCY, retire) : 0;
		off += KPROF_PEBS_ARCH_BASIC_SIZE;
	}
	if (KPROF_FIELD_GET(KPROF_PEBS_ARCH_HEADER_FORMAT_AUX, format)) {
		uint64_t lat;
		KPROF_IMPL_GROUP(KPROF_PEBS_HAS_MEMINFO, KPROF_PEBS_ARCH_AUX_SIZE);
		out->has |= KPROF_PEBS_HAS_TSX;
		out->data_address = kprof_bytes_le64_load(p + off + KPROF_PEBS_ARCH_AUX_ADDRESS_OFFSET);
		out->data_source = kprof_bytes_le64_load(p + off + KPROF_PEBS_ARCH_AUX_AUX_OFFSET);
		lat = kprof_bytes_le64_load(p + off + KPROF_PEBS_ARCH_AUX_LATENCY_OFFSET);
		out->instr_latency = (uint16_t)KPROF_FIELD_GET(KPROF_PEBS_ARCH_AUX_LATENCY_INSTR_LATENCY, lat);
		out->cache_latency = (uint16_t)KPROF_FIELD_GET(KPROF_PEBS_ARCH_AUX_LATENCY_CACHE_LATENCY, lat);
		out->tsx_tuning = kprof_bytes_le64_load(p + off + KPROF_PEBS_ARCH_AUX_TSX_TUNING_OFFSET);
		off += KPROF_PEBS_ARCH_AUX_SIZE;
	}
	if (KPROF_FIELD_GET(KPROF_PEBS_ARCH_HEADER_FORMAT_GPR, format)) {
		KPROF_IMPL_GROUP(KPROF_PEBS_HAS_GPRS, KPROF_PEBS_ARCH_GPRS_SIZE);
		out->gprs_offset = at + off;
		off += KPROF_PEBS_ARCH_GPRS_SIZE;
	}
	if (KPROF_FIELD_GET(KPROF_PEBS_ARCH_HEADER_FORMAT_XMM, format)) {
		KPROF_IMPL_GROUP(KPROF_PEBS_HAS_XMM, KPROF_PEBS_ARCH_XER_HEADER_SIZE + KPROF_PEBS_XMM_SIZE);
		out->xmm_offset = at + off + KPROF_PEBS_ARCH_XER_HEADER_SIZE;
		off += KPROF_PEBS_ARCH_XER_HEADER_SIZE + KPROF_PEBS_XMM_SIZE;
	}
	if (lbr) {
		uint64_t n;
		KPROF_IMPL_GROUP(KPROF_PEBS_HAS_LBR, KPROF_PEBS_ARCH_LBR_HEADER_SIZE);
		out->lbr_ctl = kprof_bytes_le64_load(p + off + KPROF_PEBS_ARCH_LBR_HEADER_CTL_OFFSET);
		out->lbr_depth = kprof_bytes_le64_load(p + off + KPROF_PEBS_ARCH_LBR_HEADER_DEPTH_OFFSET);
		n = lbr == KPROF_PEBS_ARCH_LBR_VAR ? out->lbr_depth : lbr * KPROF_PEBS_ARCH_LBR_UNIT;
		off += KPROF_PEBS_ARCH_LBR_HEADER_SIZE;
		/* n may be hostile: compare before multiplying past the fragment */
		if (n > (size - off) / KPROF_PEBS_LBR_ENTRY_SIZE)
			return KPROF_E_CORRUPT;
		out->lbr_offset = at + off;
		out->lbr_count = (uint32_t)n;
		off += (size_t)n * KPROF_PEBS_LBR_ENTRY_SIZE;
	}
	if (KPROF_FIELD_GET(KPROF_PEBS_ARCH_HEADER_FORMAT_CNTR, format)) {
		uint32_t n, metrics;
		KPROF_IMPL_GROUP(KPROF_PEBS_HAS_CNTR, KPROF_PEBS_ARCH_CNTR_HEADER_SIZE);
		metrics = kprof_bytes_le32_load(p + off + KPROF_PEBS_ARCH_CNTR_HEADER_METRICS_OFFSET);
		n = kprof_impl_bit_count(kprof_bytes_le32_load(p + off + KPROF_PEBS_ARCH_CNTR_HEADER_CNTR_OFFSET)) +
		    kprof_impl_bit_count(kprof_bytes_le32_load(p + off + KPROF_PEBS_ARCH_CNTR_HEADER_FIXED_OFFSET));
		if (metrics && metrics != KPROF_PEBS_CNTR_METRICS)
			return KPROF_E_CORRUPT;
		n += metrics ? KPROF_PEBS_CNTR_METRICS_QWORDS : 0u;
		out->cntr_offset = at + off;
		off += KPROF_PEBS_ARCH_CNTR_HEADER_SIZE;
		if ((uint64_t)n * 8u > size - off)
			return KPROF_E_CORRUPT;
		out->cntr_count = n;
	}
#undef KPROF_IMPL_GROUP
	return KPROF_OK;
}

KPROF_API kprof_status kprof_pebs_arch_iter_next(kprof_pebs_arch_iter *it, kprof_pebs_arch_record *out)
{
	size_t at;
	uint64_t format;
	uint32_t size, n = 0;
	kprof_status st;
	if (!it || !out)
		return KPROF_E_ARGUMENT;
	if (it->status != KPROF_OK)
		return (kprof_status)it->status;
	if (it->at >= it->end)
		return KPROF_END;
	kprof_impl_zero(out, sizeof(*out));
	out->at = at = it->at;
	do {
		/* the header, then the fragment, inside the written part before any read */
		if (it->end - at < KPROF_PEBS_ARCH_HEADER_SIZE || ++n > KPROF_PEBS_ARCH_MAX_FRAGMENTS)
			return (kprof_status)(it->status = KPROF_E_CORRUPT);
		format = kprof_bytes_le64_load(it->bytes + at + KPROF_PEBS_ARCH_HEADER_FORMAT_OFFSET);
		size = (uint32_t)KPROF_FIELD_GET(KPROF_PEBS_ARCH_HEADER_FORMAT_SIZE, format);
		if (size < KPROF_PEBS_ARCH_HEADER_SIZE || size % 8u || size > it->end - at ||
		    (n == 1 && !KPROF_FIELD_GET(KPROF_PEBS_ARCH_HEADER_FORMAT_BASIC, format)))
			return (kprof_status)(it->status = KPROF_E_CORRUPT);
		st = kprof_impl_pebs_arch_fragment(it->bytes + at, size, format, at, out);
		if (st != KPROF_OK) {
			kprof_impl_zero(out, sizeof(*out));
			return (kprof_status)(it->status = st);
		}
		at += size;
		/* a fragment follows: the cont bit, or a header that is only a size (Linux
		 * events/intel/ds.c arch_pebs_record_continued) */
	} while (KPROF_FIELD_GET(KPROF_PEBS_ARCH_HEADER_FORMAT_CONT, format) ||
	         !(format & ~KPROF_PEBS_ARCH_HEADER_FORMAT_SIZE_MASK));
	out->fragments = n;
	out->size = (uint32_t)(at - it->at);
	it->at = at;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_pebs_data_source_scheme_get(const kprof_cpuid_uarch *u, int hybrid,
                                                         uint32_t core_type,
                                                         kprof_pebs_data_source_scheme *out)
{
	const kprof_cpuid_core *core;
	uint32_t i;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	core = kprof_cpuid_core_by_type(u, hybrid, core_type);
	if (!core)
		return KPROF_E_UNSUPPORTED;
	for (i = 0; i < KPROF_PEBS_DATA_SOURCE_UARCH_COUNT; i++) {
		const kprof_pebs_data_source_uarch *m = kprof_pebs_data_source_uarch_by_id(
		        (kprof_pebs_data_source_uarch_id)(KPROF_PEBS_DATA_SOURCE_UARCH_FIRST + i));
		int atom;
		if (!m || m->uarch != u->id)
			continue;
		atom = u->atom != 0 && core->id == u->atom;
		out->table = (kprof_pebs_data_source_table)(atom ? m->atom_table : m->core_table);
		out->layout = (kprof_pebs_data_source_layout_id)(atom ? m->atom_layout : m->core_layout);
		if (out->table == KPROF_PEBS_DATA_SOURCE_TABLE_NONE ||
		    !kprof_pebs_data_source_layout_by_id(out->layout)) {
			kprof_impl_zero(out, sizeof(*out));
			return KPROF_E_UNSUPPORTED;
		}
		return KPROF_OK;
	}
	return KPROF_E_UNSUPPORTED;
}

/* Bit `bit` of v as a data-source flag; KPROF_PEBS_NO_BIT (or any bit past 63): not reported. */
static kprof_pebs_data_source_flag kprof_impl_pebs_flag(uint64_t v, unsigned bit)
{
	if (bit == KPROF_PEBS_NO_BIT || bit > 63)
		return KPROF_PEBS_DATA_SOURCE_FLAG_NA;
	return (v >> bit) & 1u ? KPROF_PEBS_DATA_SOURCE_FLAG_YES : KPROF_PEBS_DATA_SOURCE_FLAG_NO;
}

KPROF_API kprof_status kprof_pebs_data_source_unpack(const kprof_pebs_data_source_scheme *scheme,
                                                     kprof_pebs_data_source_access access,
                                                     uint64_t raw, kprof_pebs_data_source *out)
{
	const kprof_pebs_data_source_layout *l;
	uint32_t i;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	out->raw = raw;
	out->access = access;
	if (access == KPROF_PEBS_DATA_SOURCE_ACCESS_PRECISE_STORE ||
	    access == KPROF_PEBS_DATA_SOURCE_ACCESS_STORE_L1) {
		/* One layout on every processor that has these events; no table. */
		out->level = KPROF_PEBS_DATA_SOURCE_LEVEL_L1;
		out->hit = (uint8_t)KPROF_FIELD_GET(KPROF_PEBS_STORE_STATUS_L1_HIT, raw);
		out->stlb_miss = out->locked = out->data_blocked = out->address_blocked =
		        KPROF_PEBS_DATA_SOURCE_FLAG_NA;
		if (access == KPROF_PEBS_DATA_SOURCE_ACCESS_PRECISE_STORE) {
			out->stlb_miss = kprof_impl_pebs_flag(raw, KPROF_PEBS_STORE_STATUS_STLB_MISS_SHIFT);
			out->locked = kprof_impl_pebs_flag(raw, KPROF_PEBS_STORE_STATUS_LOCKED_SHIFT);
		}
		return KPROF_OK;
	}
	if (access != KPROF_PEBS_DATA_SOURCE_ACCESS_LOAD && access != KPROF_PEBS_DATA_SOURCE_ACCESS_STORE)
		return KPROF_E_ARGUMENT;
	if (!scheme)
		return KPROF_E_ARGUMENT;
	l = kprof_pebs_data_source_layout_by_id(scheme->layout);
	if (scheme->table == KPROF_PEBS_DATA_SOURCE_TABLE_NONE || !l)
		return KPROF_E_UNSUPPORTED;
	out->table = scheme->table;
	out->code = (uint32_t)(l->code_bits >= 32 ? raw : raw & ((UINT64_C(1) << l->code_bits) - 1u));
	for (i = 0; i < KPROF_PEBS_DATA_SOURCE_CODE_COUNT; i++) {
		const kprof_pebs_data_source_code *r = kprof_pebs_data_source_code_by_id(
		        (kprof_pebs_data_source_code_id)(KPROF_PEBS_DATA_SOURCE_CODE_FIRST + i));
		if (!r || r->table != (uint8_t)scheme->table || r->code != out->code)
			continue;
		out->row = (kprof_pebs_data_source_code_id)r->id;
		out->level = (kprof_pebs_data_source_level)r->level;
		out->hit = r->hit;
		out->snoop = (kprof_pebs_data_source_snoop)r->snoop;
		out->remote = r->remote;
		break;
	}
	out->stlb_miss = kprof_impl_pebs_flag(raw, l->stlb_miss_bit);
	out->locked = kprof_impl_pebs_flag(raw, l->locked_bit);
	out->data_blocked = out->address_blocked = KPROF_PEBS_DATA_SOURCE_FLAG_NA;
	if (access == KPROF_PEBS_DATA_SOURCE_ACCESS_LOAD || l->store_blocks) {
		out->data_blocked = kprof_impl_pebs_flag(raw, l->data_block_bit);
		out->address_blocked = kprof_impl_pebs_flag(raw, l->address_block_bit);
	}
	return KPROF_OK;
}
