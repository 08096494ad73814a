KPROF_API kprof_status kprof_select_decode(kprof_vendor vendor, uint64_t value, kprof_select *out)
{
	uint64_t defined;
	if (!out)
		return KPROF_E_ARGUMENT;
	if (vendor == KPROF_VENDOR_INTEL) {
		out->event = (uint16_t)KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_EVENT, value);
		out->any = (uint8_t)KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_ANY, value);
		out->guest_only = out->host_only = 0;
		/* kprof_select holds bits 31:0; the bits above (TSX, adaptive, UMASK2, ...) are
		 * reported as KPROF_E_RESERVED rather than dropped. */
		defined = KPROF_INTEL_PERFEVTSEL_DEFINED_MASK & (KPROF_INTEL_PERFEVTSEL_IN_TX_MASK - 1u);
	} else if (vendor == KPROF_VENDOR_AMD) {
		out->event =
		        (uint16_t)(KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_EVENT, value) |
		                   (KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_EVENT_HI, value) << 8));
		out->any = 0;
		out->guest_only = (uint8_t)KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_GUEST_ONLY, value);
		out->host_only = (uint8_t)KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_HOST_ONLY, value);
		defined = KPROF_AMD_PERFEVTSEL_DEFINED_MASK;
	} else {
		return KPROF_E_ARGUMENT;
	}
	/* Bits 31:0 other than ANY/bit 21 sit in the same places on both vendors. */
	out->umask = (uint8_t)KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_UMASK, value);
	out->cmask = (uint8_t)KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_CMASK, value);
	out->usr = (uint8_t)KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_USR, value);
	out->os = (uint8_t)KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_OS, value);
	out->edge = (uint8_t)KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_EDGE, value);
	out->pc = (uint8_t)KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_PC, value);
	out->intr = (uint8_t)KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_INTR, value);
	out->en = (uint8_t)KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_EN, value);
	out->inv = (uint8_t)KPROF_FIELD_GET(KPROF_INTEL_PERFEVTSEL_INV, value);
	return (value & ~defined) ? KPROF_E_RESERVED : KPROF_OK;
}

KPROF_API kprof_status kprof_select_encode(kprof_vendor vendor, const kprof_select *in, uint64_t *out)
{
	uint64_t v = 0;
	if (!in || !out || (vendor != KPROF_VENDOR_INTEL && vendor != KPROF_VENDOR_AMD))
		return KPROF_E_ARGUMENT;
	if ((in->usr | in->os | in->edge | in->pc | in->intr | in->any | in->en | in->inv |
	     in->guest_only | in->host_only) > 1)
		return KPROF_E_RANGE;
	if (vendor == KPROF_VENDOR_INTEL) {
		if (in->event > KPROF_INTEL_PERFEVTSEL_EVENT_MASK || in->guest_only || in->host_only)
			return KPROF_E_RANGE;
		v |= KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_EVENT, in->event);
		v |= KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_ANY, in->any);
	} else {
		if (in->event >> (KPROF_AMD_PERFEVTSEL_EVENT_WIDTH + KPROF_AMD_PERFEVTSEL_EVENT_HI_WIDTH) || in->any)
			return KPROF_E_RANGE;
		v |= KPROF_FIELD_PREP(KPROF_AMD_PERFEVTSEL_EVENT, in->event);
		v |= KPROF_FIELD_PREP(KPROF_AMD_PERFEVTSEL_EVENT_HI, (uint64_t)in->event >> KPROF_AMD_PERFEVTSEL_EVENT_WIDTH);
		v |= KPROF_FIELD_PREP(KPROF_AMD_PERFEVTSEL_GUEST_ONLY, in->guest_only);
		v |= KPROF_FIELD_PREP(KPROF_AMD_PERFEVTSEL_HOST_ONLY, in->host_only);
	}
	v |= KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_UMASK, in->umask);
	v |= KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_CMASK, in->cmask);
	v |= KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_USR, in->usr);
	v |= KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_OS, in->os);
	v |= KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_EDGE, in->edge);
	v |= KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_PC, in->pc);
	v |= KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_INTR, in->intr);
	v |= KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_EN, in->en);
	v |= KPROF_FIELD_PREP(KPROF_INTEL_PERFEVTSEL_INV, in->inv);
	*out = v;
	return KPROF_OK;
}

