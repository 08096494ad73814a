KPROF_API kprof_status kprof_ibs_caps_get(const kprof_cpuid_snapshot *s, kprof_ibs_caps *out)
{
	uint32_t eax;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	if (!s || !KPROF_FIELD_GET(KPROF_CPUID_80000001_ECX_IBS,
	                           kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_EXT_FEATURES, KPROF_CPUID_REG_ECX)))
		return KPROF_OK;
	out->available = 1;
	eax = kprof_impl_cpuid_reg(s, KPROF_CPUID_SLOT_IBS, KPROF_CPUID_REG_EAX);
	/* 0 for a leaf missing or above the max extended leaf */
	out->from_cpuid = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_8000001B_EAX_IBSFFV, eax);
	out->flags = out->from_cpuid ? eax : KPROF_IBS_CAPS_DEFAULT;
	out->op_max_count_bits = (uint8_t)(KPROF_IMPL_FIELD_BITS(KPROF_IBS_OP_CTL_OPMAXCNT) + 4u +
	                                   (KPROF_FIELD_GET(KPROF_CPUID_8000001B_EAX_OP_COUNT_EXT, out->flags)
	                                            ? KPROF_IMPL_FIELD_BITS(KPROF_IBS_OP_CTL_OPMAXCNT_EXT)
	                                            : 0u));
	return KPROF_OK;
}

KPROF_API kprof_status kprof_ibs_fetch_unpack(const kprof_ibs_caps *caps, const kprof_ibs_fetch_regs *regs,
                                              kprof_ibs_fetch *out)
{
	uint64_t ctl;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	if (!caps || !regs)
		return KPROF_E_ARGUMENT;
	if (!caps->available || !KPROF_FIELD_GET(KPROF_CPUID_8000001B_EAX_FETCH_SAMPLING, caps->flags))
		return KPROF_E_UNSUPPORTED;
	ctl = regs->ctl;
	if (ctl & ~KPROF_IBS_FETCH_CTL_DEFINED_MASK)
		return KPROF_E_RESERVED;
	if (!KPROF_FIELD_GET(KPROF_IBS_FETCH_CTL_FETCH_VAL, ctl))
		return KPROF_E_NOT_FOUND;
	out->has_physical_address = (uint8_t)KPROF_FIELD_GET(KPROF_IBS_FETCH_CTL_PHY_ADDR_VALID, ctl);
	out->page_size_kib = kprof_impl_ibs_fetch_ctl_l1tlb_pgsz_kib[KPROF_FIELD_GET(KPROF_IBS_FETCH_CTL_L1TLB_PGSZ, ctl)];
	if (out->has_physical_address && !out->page_size_kib) {
		kprof_impl_zero(out, sizeof(*out));
		return KPROF_E_RESERVED;
	}
	if (!out->has_physical_address)
		out->page_size_kib = 0;
	/* field by field: a struct copy is a memcpy call in a freestanding -O0 build */
	out->regs.ctl = regs->ctl;
	out->regs.linad = regs->linad;
	out->regs.physad = regs->physad;
	out->regs.extd_ctl = regs->extd_ctl;
	out->caps = caps->flags;
	out->has_extd_ctl = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_8000001B_EAX_FETCH_CTL_EXTD, caps->flags);
	if (!out->has_extd_ctl)
		out->regs.extd_ctl = 0;
	out->linear_address = regs->linad;
	out->physical_address = out->has_physical_address ? regs->physad : 0;
	out->max_count = (uint32_t)KPROF_FIELD_GET(KPROF_IBS_FETCH_CTL_FETCH_MAXCNT, ctl) * KPROF_IBS_MAX_COUNT_UNIT;
	out->latency = (uint16_t)KPROF_FIELD_GET(KPROF_IBS_FETCH_CTL_FETCH_LAT, ctl);
	out->itlb_refill_latency =
	        (uint16_t)KPROF_FIELD_GET(KPROF_IC_IBS_EXTD_CTL_ITLB_REFILL_LAT, out->regs.extd_ctl);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_ibs_op_unpack(const kprof_ibs_caps *caps, const kprof_ibs_op_regs *regs,
                                           kprof_ibs_op *out)
{
	uint64_t ctl, src, width;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	if (!caps || !regs)
		return KPROF_E_ARGUMENT;
	if (!caps->available || !KPROF_FIELD_GET(KPROF_CPUID_8000001B_EAX_OP_SAMPLING, caps->flags))
		return KPROF_E_UNSUPPORTED;
	ctl = regs->ctl;
	/* Only the control register is checked: data bits a later processor defines are kept in
	 * regs and ignored, so a genuine sample from it still reads. */
	if (ctl & ~KPROF_IBS_OP_CTL_DEFINED_MASK)
		return KPROF_E_RESERVED;
	if (!KPROF_FIELD_GET(KPROF_IBS_OP_CTL_OP_VAL, ctl))
		return KPROF_E_NOT_FOUND;
	out->regs.ctl = regs->ctl;
	out->regs.rip = regs->rip;
	out->regs.data = regs->data;
	out->regs.data2 = regs->data2;
	out->regs.data3 = regs->data3;
	out->regs.dc_linad = regs->dc_linad;
	out->regs.dc_physad = regs->dc_physad;
	out->regs.br_target = regs->br_target;
	out->regs.data4 = regs->data4;
	out->caps = caps->flags;
	out->has_branch_target = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_8000001B_EAX_BRANCH_TARGET, caps->flags);
	out->has_data4 = (uint8_t)KPROF_FIELD_GET(KPROF_CPUID_8000001B_EAX_OP_DATA4, caps->flags);
	if (!out->has_branch_target)
		out->regs.br_target = 0;
	if (!out->has_data4)
		out->regs.data4 = 0;
	/* op_rip_invalid means something only where the processor says it reports it */
	out->has_rip = (uint8_t)!(KPROF_FIELD_GET(KPROF_CPUID_8000001B_EAX_RIP_INVALID_CHECK, caps->flags) &&
	                          KPROF_FIELD_GET(KPROF_IBS_OP_DATA_OP_RIP_INVALID, regs->data));
	out->rip = out->has_rip ? regs->rip : 0;
	out->branch_target = out->regs.br_target;
	out->has_linear_address = (uint8_t)KPROF_FIELD_GET(KPROF_IBS_OP_DATA3_DC_LIN_ADDR_VALID, regs->data3);
	out->has_physical_address = (uint8_t)KPROF_FIELD_GET(KPROF_IBS_OP_DATA3_DC_PHY_ADDR_VALID, regs->data3);
	out->linear_address = out->has_linear_address ? regs->dc_linad : 0;
	out->physical_address = out->has_physical_address ? regs->dc_physad : 0;
	out->max_count = (uint32_t)((KPROF_FIELD_GET(KPROF_IBS_OP_CTL_OPMAXCNT, ctl) +
	                             (KPROF_FIELD_GET(KPROF_CPUID_8000001B_EAX_OP_COUNT_EXT, caps->flags)
	                                      ? KPROF_FIELD_GET(KPROF_IBS_OP_CTL_OPMAXCNT_EXT, ctl) *
	                                                KPROF_IMPL_FIELD_SPAN(KPROF_IBS_OP_CTL_OPMAXCNT)
	                                      : 0u)) *
	                            KPROF_IBS_MAX_COUNT_UNIT);
	width = KPROF_FIELD_GET(KPROF_IBS_OP_DATA3_OP_MEM_WIDTH, regs->data3);
	out->mem_width = (uint8_t)(width ? 1u << (width - 1u) : 0u);
	/* The extended data source (Zen 4) puts data_src_hi above data_src_lo (Linux
	 * events/amd/ibs.c perf_ibs_get_data_src); without zen4 data_src_hi is reserved. */
	src = KPROF_FIELD_GET(KPROF_IBS_OP_DATA2_DATA_SRC_LO, regs->data2);
	if (KPROF_FIELD_GET(KPROF_CPUID_8000001B_EAX_ZEN4, caps->flags))
		out->data_source_ext = (kprof_ibs_data_source_ext)(
		        src + KPROF_FIELD_GET(KPROF_IBS_OP_DATA2_DATA_SRC_HI, regs->data2) *
		                      KPROF_IMPL_FIELD_SPAN(KPROF_IBS_OP_DATA2_DATA_SRC_LO));
	else if (KPROF_FIELD_GET(KPROF_IBS_OP_DATA2_DATA_SRC_HI, regs->data2)) {
		kprof_impl_zero(out, sizeof(*out));
		return KPROF_E_RESERVED;
	} else
		out->data_source = (kprof_ibs_data_source)src;
	return KPROF_OK;
}

/* A raw sample's caps word and its n (base + optional) u64 values; KPROF_OK when len is exactly
 * that, or that plus perf's padding. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_ibs_raw(const void *bytes, size_t len, uint32_t base, const uint32_t *optional,
                                               size_t n_optional, uint64_t *regs, kprof_ibs_caps *caps)
{
	const uint8_t *p = (const uint8_t *)bytes;
	size_t i, n = base, need;
	if (!bytes && len)
		return KPROF_E_ARGUMENT;
	if (len < KPROF_IBS_RAW_CAPS_SIZE)
		return KPROF_E_TRUNCATED;
	kprof_impl_zero(caps, sizeof(*caps));
	caps->available = 1;
	caps->from_cpuid = 1;
	caps->flags = kprof_bytes_le32_load(p);
	for (i = 0; i < n_optional; i++)
		n += (caps->flags & optional[i]) ? 1u : 0u;
	need = KPROF_IBS_RAW_CAPS_SIZE + n * 8u;
	if (len < need)
		return KPROF_E_TRUNCATED;
	if (len != need && len != need + KPROF_IBS_RAW_PAD)
		return KPROF_E_FORMAT;
	for (i = 0; i < n; i++)
		regs[i] = kprof_bytes_le64_load(p + KPROF_IBS_RAW_CAPS_SIZE + i * 8u);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_ibs_fetch_raw_unpack(const void *bytes, size_t len, kprof_ibs_fetch *out)
{
	static const uint32_t optional[] = {KPROF_CPUID_8000001B_EAX_FETCH_CTL_EXTD_MASK};
	uint64_t v[KPROF_IBS_FETCH_RAW_REGS + KPROF_IMPL_ARRAY_COUNT(optional)];
	kprof_ibs_fetch_regs regs;
	kprof_ibs_caps caps;
	kprof_status st;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	kprof_impl_zero(v, sizeof(v));
	st = kprof_impl_ibs_raw(bytes, len, KPROF_IBS_FETCH_RAW_REGS, optional, KPROF_IMPL_ARRAY_COUNT(optional), v,
	                        &caps);
	if (st != KPROF_OK)
		return st;
	regs.ctl = v[0];
	regs.linad = v[1];
	regs.physad = v[2];
	regs.extd_ctl = v[3];
	return kprof_ibs_fetch_unpack(&caps, &regs, out);
}

KPROF_API kprof_status kprof_ibs_op_raw_unpack(const void *bytes, size_t len, kprof_ibs_op *out)
{
	/* In the order Linux reads them after the seven: IbsBrTarget, then IbsOpData4. */
	static const uint32_t optional[] = {KPROF_CPUID_8000001B_EAX_BRANCH_TARGET_MASK,
	                                    KPROF_CPUID_8000001B_EAX_OP_DATA4_MASK};
	uint64_t v[KPROF_IBS_OP_RAW_REGS + KPROF_IMPL_ARRAY_COUNT(optional)];
	kprof_ibs_op_regs regs;
	kprof_ibs_caps caps;
	kprof_status st;
	size_t k = KPROF_IBS_OP_RAW_REGS;
	if (!out)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(out, sizeof(*out));
	kprof_impl_zero(v, sizeof(v));
	st = kprof_impl_ibs_raw(bytes, len, KPROF_IBS_OP_RAW_REGS, optional, KPROF_IMPL_ARRAY_COUNT(optional), v, &caps);
	if (st != KPROF_OK)
		return st;
	regs.ctl = v[0];
	regs.rip = v[1];
	regs.data = v[2];
	regs.data2 = v[3];
	regs.data3 = v[4];
	regs.dc_linad = v[5];
	regs.dc_physad = v[6];
	regs.br_target = (caps.flags & optional[0]) ? v[k++] : 0;
	regs.data4 = (caps.flags & optional[1]) ? v[k] : 0;
	return kprof_ibs_op_unpack(&caps, &regs, out);
}
