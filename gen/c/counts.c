KPROF_API const kprof_counts_class_info *kprof_counts_class_by_signature(const char *vendor, uint32_t family,
                                                                        uint32_t model, uint32_t stepping)
{
	unsigned c, k, i;
	if (!vendor)
		return NULL;
	for (c = 0; c < KPROF_COUNTS_CLASS_COUNT; c++) {
		const kprof_impl_counts_class *cls = &kprof_impl_counts_classes[c];
		const char *v = kprof_impl_counts_text(cls->vendor);
		for (i = 0; i < 12 && v[i] == vendor[i]; i++)
			;
		if (i < 12)
			continue;
		for (k = cls->first_match; k < cls->first_match + cls->match_count; k++) {
			const kprof_impl_counts_match *m = &kprof_impl_counts_matches[k];
			if (family >= m->family_lo && family <= m->family_hi && model >= m->model_lo &&
			    model <= m->model_hi && stepping >= m->stepping_lo && stepping <= m->stepping_hi)
				return kprof_impl_counts_class_info(c);
		}
	}
	return NULL;
}

KPROF_API const char *kprof_counts_class_name(kprof_counts_class cpu_class)
{
	if (cpu_class >= KPROF_COUNTS_CLASS_COUNT)
		return NULL;
	return kprof_impl_counts_text(kprof_impl_counts_classes[cpu_class].title);
}

/* A verdict row's select key: event << 8 | unit mask. */
KPROF_IMPL_INTERNAL uint32_t kprof_impl_counts_row_key(uint32_t i)
{
	return (uint32_t)kprof_impl_counts_rows[i].event << 8 | kprof_impl_counts_rows[i].umask;
}

/* The verdict row for an (event, unit mask) key on class cpu_class (valid, its basis already
 * in out): rows are sorted by (event, unit mask, first class), so a binary search finds the
 * first of the key. Event and unit mask sit in bits 7:0 and 15:8 of both vendors' PerfEvtSel;
 * an event above 8 bits (AMD's EventSelect[11:8]) has no row. */
KPROF_IMPL_INTERNAL void kprof_impl_counts_lookup(unsigned cpu_class, uint32_t event, uint32_t umask,
                                             kprof_counts_entry *out)
{
	unsigned key, lo = 0, hi = KPROF_IMPL_ARRAY_COUNT(kprof_impl_counts_rows);
	if (event > KPROF_AMD_PERFEVTSEL_EVENT_MASK)
		return;
	key = (unsigned)(event << 8 | umask);
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;
		if (kprof_impl_counts_row_key(mid) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < KPROF_IMPL_ARRAY_COUNT(kprof_impl_counts_rows) && kprof_impl_counts_row_key(lo) == key; lo++) {
		const kprof_impl_counts_row *row = &kprof_impl_counts_rows[lo];
		if (cpu_class < row->class_lo || cpu_class > row->class_hi)
			continue;
		out->status = (kprof_counts_verdict)row->status;
		out->event = row->name == KPROF_IMPL_COUNTS_NONE ? NULL : kprof_impl_counts_text(row->name);
		break;
	}
	/* Why the event counts nothing (right) on this class, where the spec says. */
	for (lo = 0; lo < KPROF_IMPL_ARRAY_COUNT(kprof_impl_counts_caveats); lo++) {
		const kprof_impl_counts_caveat *cv = &kprof_impl_counts_caveats[lo];
		if (event >= cv->event_lo && event <= cv->event_hi && cpu_class >= cv->class_lo &&
		    cpu_class <= cv->class_hi) {
			out->caveat = kprof_impl_counts_text(cv->says);
			break;
		}
	}
}

/* out for class cpu_class before any row is read: KPROF_COUNTS_VERDICT_UNKNOWN with the class's basis
 * (or why there is none). 1 when a row may be looked up: the class exists and judges the
 * table itf. */
KPROF_IMPL_INTERNAL int kprof_impl_counts_start(unsigned cpu_class, unsigned itf, kprof_counts_entry *out)
{
	out->status = KPROF_COUNTS_VERDICT_UNKNOWN;
	out->cpu_class = cpu_class < KPROF_COUNTS_CLASS_COUNT ? (kprof_counts_class)cpu_class : KPROF_COUNTS_CLASS_NONE;
	out->event = NULL;
	out->caveat = NULL;
	if (cpu_class >= KPROF_COUNTS_CLASS_COUNT) {
		out->basis = "no class for this vendor, family and model";
		return 0;
	}
	out->basis = kprof_impl_counts_text(kprof_impl_counts_classes[cpu_class].basis);
	if (itf != kprof_impl_counts_classes[cpu_class].table) {
		out->basis = "not a source table the HAL uses on this processor";
		return 0;
	}
	return 1;
}

KPROF_API kprof_status kprof_counts_class_entry_get(kprof_counts_class cpu_class, const kprof_source *s,
                                                   kprof_counts_entry *out)
{
	int judged;
	if (!s || !out)
		return KPROF_E_ARGUMENT;
	judged = kprof_impl_counts_start(cpu_class, s->table, out);
	if (cpu_class < KPROF_COUNTS_CLASS_COUNT && !s->select) {
		size_t i;
		out->basis = "no select: nothing the counters count";
		/* A source a fixed-function counter counts, where the spec says which. */
		for (i = 0; i < KPROF_IMPL_ARRAY_COUNT(kprof_impl_counts_fixed); i++) {
			const kprof_impl_counts_fixed_row *f = &kprof_impl_counts_fixed[i];
			if (f->table == s->table && f->value == s->value && cpu_class >= f->class_lo &&
			    cpu_class <= f->class_hi) {
				out->status = (kprof_counts_verdict)f->status;
				out->event = f->name == KPROF_IMPL_COUNTS_NONE ? NULL : kprof_impl_counts_text(f->name);
				out->basis = kprof_impl_counts_text(f->why);
				break;
			}
		}
	} else if (judged)
		kprof_impl_counts_lookup(cpu_class, (uint32_t)KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_EVENT, s->select),
	                         (uint32_t)KPROF_FIELD_GET(KPROF_AMD_PERFEVTSEL_UMASK, s->select), out);
	return KPROF_OK;
}

KPROF_API kprof_status kprof_counts_entry_get(const kprof_hal_decision *d,
                                                         const kprof_source *s,
                                                         kprof_counts_entry *out)
{
	const kprof_counts_class_info *c;
	kprof_status st;
	if (!d || !s || !out)
		return KPROF_E_ARGUMENT;
	c = d->has_leaf1 ? kprof_counts_class_by_signature(d->vendor_string, d->family, d->model, d->stepping) : NULL;
	st = kprof_counts_class_entry_get(c ? c->id : KPROF_COUNTS_CLASS_NONE, s, out);
	/* The Emon rule, whatever interface was decided: an architectural event the processor
	 * does not offer counts nothing. */
	if (st == KPROF_OK && out->status == KPROF_COUNTS_VERDICT_SAME && s->table == KPROF_SOURCE_TABLE_EMON &&
	    (s->value == KPROF_SOURCE_GENERIC_TIME ? 0 : !kprof_impl_hal_emon_available(d, s))) {
		out->status = KPROF_COUNTS_VERDICT_ABSENT;
		out->basis = "cpuid 0x0A: architectural event not available";
	}
	/* A fixed-function counter the processor lacks counts nothing: leaf 0x0A version 2 and
	 * later number them in edx[4:0]. */
	if (st == KPROF_OK && out->status == KPROF_COUNTS_VERDICT_SAME && !s->select) {
		size_t i;
		for (i = 0; i < KPROF_IMPL_ARRAY_COUNT(kprof_impl_counts_fixed); i++) {
			const kprof_impl_counts_fixed_row *f = &kprof_impl_counts_fixed[i];
			if (f->table == s->table && f->value == s->value && f->counter >= 0 &&
			    (d->perfmon_version < 2 || d->fixed_counters <= (unsigned)f->counter)) {
				out->status = KPROF_COUNTS_VERDICT_ABSENT;
				out->basis = "cpuid 0x0A: no such fixed-function counter";
			}
		}
	}
	return st;
}
