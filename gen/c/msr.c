/* Take a PerfEvtSel value apart by the vendor's layout (KPROF_VENDOR_INTEL: IA32_PERFEVTSELx;
 * KPROF_VENDOR_AMD: PerfEvtSel). *out is always filled; KPROF_E_RESERVED when bits the
 * layout does not define are set (AMD bit 21, anything above bit 31 on Intel, ...). */
KPROF_API kprof_status kprof_select_decode(kprof_vendor vendor, uint64_t value, kprof_select *out)
{
	uint64_t defined;
	if (!out)
		return KPROF_E_ARGUMENT;
	if (vendor == KPROF_VENDOR_INTEL) {
		out->event = (uint16_t)kprof_intel_perfevtsel_get_event(value);
		out->any = (uint8_t)kprof_intel_perfevtsel_get_any(value);
		out->guest_only = out->host_only = 0;
		defined = KPROF_INTEL_PERFEVTSEL_DEFINED_MASK;
	} else if (vendor == KPROF_VENDOR_AMD) {
		out->event = (uint16_t)(kprof_amd_perfevtsel_get_event(value) |
		                        (kprof_amd_perfevtsel_get_event_hi(value) << 8));
		out->any = 0;
		out->guest_only = (uint8_t)kprof_amd_perfevtsel_get_guest_only(value);
		out->host_only = (uint8_t)kprof_amd_perfevtsel_get_host_only(value);
		defined = KPROF_AMD_PERFEVTSEL_DEFINED_MASK;
	} else {
		return KPROF_E_ARGUMENT;
	}
	/* Bits 31:0 other than ANY/bit 21 sit in the same places on both vendors. */
	out->umask = (uint8_t)kprof_intel_perfevtsel_get_umask(value);
	out->cmask = (uint8_t)kprof_intel_perfevtsel_get_cmask(value);
	out->usr = (uint8_t)kprof_intel_perfevtsel_get_usr(value);
	out->os = (uint8_t)kprof_intel_perfevtsel_get_os(value);
	out->edge = (uint8_t)kprof_intel_perfevtsel_get_edge(value);
	out->pc = (uint8_t)kprof_intel_perfevtsel_get_pc(value);
	out->intr = (uint8_t)kprof_intel_perfevtsel_get_intr(value);
	out->en = (uint8_t)kprof_intel_perfevtsel_get_en(value);
	out->inv = (uint8_t)kprof_intel_perfevtsel_get_inv(value);
	return (value & ~defined) ? KPROF_E_RESERVED : KPROF_OK;
}

/* Build a PerfEvtSel value. KPROF_E_RANGE (and *out untouched) when a field does not fit:
 * a flag other than 0/1, an event above 0xFF (Intel) or 0xFFF (AMD), ANY on AMD, or
 * guest/host-only on Intel. */
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
		v = kprof_intel_perfevtsel_set_event(v, in->event);
		v = kprof_intel_perfevtsel_set_any(v, in->any);
	} else {
		if (in->event > 0xFFFu || in->any)
			return KPROF_E_RANGE;
		v = kprof_amd_perfevtsel_set_event(v, in->event & KPROF_AMD_PERFEVTSEL_EVENT_MASK);
		v = kprof_amd_perfevtsel_set_event_hi(v, (uint64_t)in->event >> KPROF_AMD_PERFEVTSEL_EVENT_WIDTH);
		v = kprof_amd_perfevtsel_set_guest_only(v, in->guest_only);
		v = kprof_amd_perfevtsel_set_host_only(v, in->host_only);
	}
	v = kprof_intel_perfevtsel_set_umask(v, in->umask);
	v = kprof_intel_perfevtsel_set_cmask(v, in->cmask);
	v = kprof_intel_perfevtsel_set_usr(v, in->usr);
	v = kprof_intel_perfevtsel_set_os(v, in->os);
	v = kprof_intel_perfevtsel_set_edge(v, in->edge);
	v = kprof_intel_perfevtsel_set_pc(v, in->pc);
	v = kprof_intel_perfevtsel_set_intr(v, in->intr);
	v = kprof_intel_perfevtsel_set_en(v, in->en);
	v = kprof_intel_perfevtsel_set_inv(v, in->inv);
	*out = v;
	return KPROF_OK;
}
