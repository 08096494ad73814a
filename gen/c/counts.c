KPROF_API unsigned kprof_counts_class_find(const char *vendor, uint32_t family, uint32_t model,
                                           uint32_t stepping)
{
	const kprof_impl_counts_class *classes = kprof_impl_counts_classes();
	const kprof_impl_counts_match *m = kprof_impl_counts_matches();
	unsigned c, k, i;
	if (!vendor)
		return KPROF_COUNTS_CLASS_NONE;
	for (c = 0; c < KPROF_COUNTS_CLASS_COUNT; c++) {
		const char *v = kprof_impl_counts_text(kprof_impl_counts_vendor(classes[c].vendor));
		for (i = 0; i < 12 && v[i] == vendor[i]; i++)
			;
		if (i < 12)
			continue;
		for (k = classes[c].first_match; k < classes[c].first_match + classes[c].match_count; k++)
			if (family >= m[k].family_lo && family <= m[k].family_hi && model >= m[k].model_lo &&
			    model <= m[k].model_hi && stepping >= m[k].stepping_lo &&
			    stepping <= m[k].stepping_hi)
				return c;
	}
	return KPROF_COUNTS_CLASS_NONE;
}

KPROF_API const char *kprof_counts_class_name(unsigned cpu_class)
{
	if (cpu_class >= KPROF_COUNTS_CLASS_COUNT)
		return NULL;
	return kprof_impl_counts_text(kprof_impl_counts_classes()[cpu_class].title);
}

KPROF_API kprof_status kprof_source_counts_for_class(unsigned cpu_class, const kprof_source *s,
                                                                   kprof_source_counts *out)
{
	const kprof_impl_counts_row *rows = kprof_impl_counts_rows();
	unsigned key, lo = 0, hi = KPROF_COUNTS_ROW_COUNT;
	if (!s || !out)
		return KPROF_E_ARGUMENT;
	out->status = KPROF_COUNTS_UNKNOWN;
	out->cpu_class = (uint8_t)(cpu_class < KPROF_COUNTS_CLASS_COUNT ? cpu_class
	                                                               : (unsigned)KPROF_COUNTS_CLASS_NONE);
	out->reserved[0] = out->reserved[1] = 0;
	out->event = NULL;
	if (cpu_class >= KPROF_COUNTS_CLASS_COUNT) {
		out->basis = "no class for this vendor, family and model";
		return KPROF_OK;
	}
	out->basis = kprof_impl_counts_text(kprof_impl_counts_classes()[cpu_class].basis);
	if (!s->select) {
		out->basis = "no select: nothing the counters count";
		return KPROF_OK;
	}
	if (s->iface != kprof_impl_counts_classes()[cpu_class].iface) {
		out->basis = "not a source table the HAL uses on this processor";
		return KPROF_OK;
	}
	/* Rows are sorted by (event, unit mask, first class): find the first of this select. Event
	 * and unit mask sit in bits 7:0 and 15:8 of both vendors' PerfEvtSel. */
	key = (unsigned)KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_EVENT, s->select) << 8 |
	      (unsigned)KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_UMASK, s->select);
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;
		if (((unsigned)rows[mid].event << 8 | rows[mid].umask) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < KPROF_COUNTS_ROW_COUNT && ((unsigned)rows[lo].event << 8 | rows[lo].umask) == key;
	     lo++) {
		if (cpu_class < rows[lo].class_lo || cpu_class > rows[lo].class_hi)
			continue;
		out->status = rows[lo].status;
		out->event = rows[lo].name == KPROF_IMPL_COUNTS_NO_NAME ? NULL : kprof_impl_counts_text(rows[lo].name);
		break;
	}
	return KPROF_OK;
}

KPROF_API kprof_status kprof_source_counts_from_decision(const kprof_hal_decision *d,
                                                         const kprof_source *s,
                                                         kprof_source_counts *out)
{
	kprof_status st;
	if (!d || !s || !out)
		return KPROF_E_ARGUMENT;
	st = kprof_source_counts_for_class(d->has_leaf1 ? kprof_counts_class_find(d->vendor_string,
	                                                                          d->family, d->model,
	                                                                          d->stepping)
	                                                : (unsigned)KPROF_COUNTS_CLASS_NONE,
	                                   s, out);
	/* The Emon rule, whatever interface was decided: an architectural event the processor
	 * does not offer counts nothing. */
	if (st == KPROF_OK && out->status == KPROF_COUNTS_SAME && s->iface == KPROF_INTERFACE_EMON &&
	    (s->value == KPROF_SOURCE_TIME ? 0 : !kprof_impl_hal_emon_available(d, s))) {
		out->status = KPROF_COUNTS_ABSENT;
		out->basis = "cpuid 0x0A: architectural event not available";
	}
	return st;
}

KPROF_API kprof_status kprof_source_counts_from_snapshot(const kprof_cpuid_snapshot *snap,
                                                         const kprof_source *s,
                                                                       kprof_source_counts *out)
{
	kprof_hal_decision d;
	if (!snap || !s || !out)
		return KPROF_E_ARGUMENT;
	(void)kprof_hal_decide(snap, KPROF_HAL_X64, &d);
	return kprof_source_counts_from_decision(&d, s, out);
}
