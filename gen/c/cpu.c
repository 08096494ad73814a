KPROF_API void kprof_cpu_facts_init(kprof_cpu_facts *f)
{
	if (f)
		kprof_impl_zero(f, sizeof(*f));
}

KPROF_API void kprof_cpu_facts_add(kprof_cpu_facts *f, uint32_t leaf, uint32_t subleaf,
                                   const uint32_t regs[4])
{
	unsigned i;
	if (!f || !regs)
		return;
	if ((leaf & 0x3FFFFFFFu) == 0 && subleaf == 0) {
		f->max_leaf[leaf >> 30] = regs[KPROF_CPUID_REG_EAX];
		f->has_max |= 1u << (leaf >> 30);
	}
	for (i = 0; i < KPROF_CPU_FACT_COUNT; i++) {
		const kprof_cpu_fact_info *row = kprof_cpu_fact_info_by_id((kprof_cpu_fact)i);
		if (row->leaf == leaf && row->subleaf == subleaf) {
			f->value[i] = regs[row->reg] & row->mask;
			f->present |= (uint64_t)1 << i;
		}
	}
}

/* Drop the facts whose leaf cannot be trusted: its range's max leaf was not given, or is
 * below it (processors echo the highest leaf above it). */
KPROF_IMPL_INTERNAL void kprof_impl_cpu_facts_trust(kprof_cpu_facts *f)
{
	unsigned i;
	if (!f)
		return;
	for (i = 0; i < KPROF_CPU_FACT_COUNT; i++) {
		uint32_t leaf = kprof_cpu_fact_info_by_id((kprof_cpu_fact)i)->leaf;
		unsigned range = leaf >> 30;
		if (!(f->has_max >> range & 1u) || leaf > f->max_leaf[range]) {
			f->present &= ~((uint64_t)1 << i);
			f->value[i] = 0;
		}
	}
}

KPROF_API uint64_t kprof_cpu_facts_compare(const kprof_cpu_facts *a, const kprof_cpu_facts *b)
{
	uint64_t d;
	unsigned i;
	if (!a || !b)
		return 0;
	d = a->present ^ b->present;
	for (i = 0; i < KPROF_CPU_FACT_COUNT; i++)
		if (a->value[i] != b->value[i])
			d |= (uint64_t)1 << i;
	return d;
}

KPROF_API kprof_status kprof_cpu_groups_init(kprof_cpu_groups *g, kprof_cpu_group *group,
                                             uint32_t cap, uint32_t *cpu_group, uint32_t cpu_cap)
{
	if (!g || (!group && cap))
		return KPROF_E_ARGUMENT;
	g->group = group;
	g->cap = cap;
	g->count = 0;
	g->cpus = 0;
	g->cpu_group = cpu_group;
	g->cpu_cap = cpu_group ? cpu_cap : 0;
	return KPROF_OK;
}

KPROF_IMPL_COLD kprof_status kprof_impl_cpu_groups_add(kprof_cpu_groups *g, const kprof_cpu_facts *given,
                                                      uint32_t cpu_id, uint32_t *index)
{
	kprof_cpu_facts trusted, *f = &trusted;
	uint32_t i;
	if (!g || !given)
		return KPROF_E_ARGUMENT;
	kprof_impl_copy(&trusted, given, sizeof(trusted));
	kprof_impl_cpu_facts_trust(&trusted);
	if (g->cpus == 0xFFFFFFFFu)
		return KPROF_E_RANGE;
	for (i = 0; i < g->count; i++)
		if (kprof_cpu_facts_compare(&g->group[i].facts, f) == 0)
			break;
	if (i == g->count) {
		if (g->count == g->cap)
			return KPROF_E_BUFFER_TOO_SMALL;
		g->group[i].first_cpu = g->cpus;
		g->group[i].first_cpu_id = cpu_id;
		g->group[i].cpus = 0;
		kprof_impl_copy(&g->group[i].facts, f, sizeof(*f));
		kprof_cpuid_snapshot_init(&g->group[i].snap);
		g->count++;
	}
	g->group[i].cpus++;
	if (g->cpus < g->cpu_cap)
		g->cpu_group[g->cpus] = i;
	g->cpus++;
	if (index)
		*index = i;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_cpu_groups_add(kprof_cpu_groups *g, const kprof_cpu_facts *f,
                                            uint32_t cpu_id, uint32_t *index)
{
	return kprof_impl_cpu_groups_add(g, f, cpu_id, index);
}

/* kprof_cpu_dump_add's body, out of line (KPROF_IMPL_COLD). */
KPROF_IMPL_COLD kprof_status kprof_impl_cpu_groups_add_dump(kprof_cpu_groups *g, const char *text, size_t len,
                                                 kprof_dump_error *err)
{
	kprof_dump_iter it;
	kprof_dump_record r;
	kprof_cpu_facts f;
	kprof_status st;
	uint32_t first_group, first_cpu, cpu_id = KPROF_DUMP_NO_CPU_ID, k;
	int32_t block = -1;
	if (!g)
		return KPROF_E_ARGUMENT;
	/* Read it all first: a bad dump adds nothing. */
	st = kprof_dump_iter_init(&it, text, len);
	while (st == KPROF_OK)
		st = kprof_dump_iter_next(&it, &r);
	kprof_impl_dump_report(err, &it, st);
	if (st != KPROF_END)
		return st;
	first_group = g->count;
	first_cpu = g->cpus;
	kprof_dump_iter_init(&it, text, len);
	kprof_cpu_facts_init(&f);
	for (;;) {
		st = kprof_dump_iter_next(&it, &r);
		/* At a new block or the end, the block before it is complete. */
		if (st != KPROF_OK || (int32_t)r.cpu != block) {
			if (block >= 0) {
				if ((st = kprof_impl_cpu_groups_add(g, &f, cpu_id, NULL)) != KPROF_OK)
					break;
			}
			if (it.status != KPROF_OK)
				break;
			block = (int32_t)r.cpu;
			cpu_id = r.cpu_id;
			kprof_cpu_facts_init(&f);
		}
		{
			uint32_t regs[4];
			regs[KPROF_CPUID_REG_EAX] = r.eax;
			regs[KPROF_CPUID_REG_EBX] = r.ebx;
			regs[KPROF_CPUID_REG_ECX] = r.ecx;
			regs[KPROF_CPUID_REG_EDX] = r.edx;
			kprof_cpu_facts_add(&f, r.leaf, r.subleaf, regs);
		}
	}
	/* Each new group's snapshot: its first CPU's leaves (one more pass, on the same
	 * iterator: a kernel stack has no room for a second one). */
	kprof_dump_iter_init(&it, text, len);
	while (first_group < g->count && kprof_dump_iter_next(&it, &r) == KPROF_OK)
		for (k = first_group; k < g->count; k++)
			if (g->group[k].first_cpu - first_cpu == r.cpu)
				(void)kprof_cpuid_snapshot_set(&g->group[k].snap, r.leaf, r.subleaf, r.eax, r.ebx,
				                               r.ecx, r.edx);
	return st == KPROF_END ? KPROF_OK : st;
}

KPROF_API kprof_status kprof_cpu_dump_add(kprof_cpu_groups *g, const char *text, size_t len,
                                                 kprof_dump_error *err)
{
	return kprof_impl_cpu_groups_add_dump(g, text, len, err);
}

#if !defined(KPROF_NO_WINDOWS_MODEL)
/* Out of line (a caller keeping the effect on its stack then does not also carry the boot
 * decision in the same frame: each frame stays under 512 bytes, tests/ring0.py measures it). */
KPROF_IMPL_COLD kprof_status kprof_impl_cpu_group_compare(const kprof_cpu_group *boot, const kprof_cpu_group *g,
                                                         kprof_hal_build hal, kprof_cpu_effect *out)
{
	kprof_hal_decision b;
	const kprof_source *rows;
	size_t n = 0, i;
	if (!boot || !g || !out)
		return KPROF_E_ARGUMENT;
	if (kprof_hal_decision_get(&boot->snap, hal, &b) != KPROF_OK ||
	    kprof_hal_decision_get(&g->snap, hal, &out->here) != KPROF_OK)
		return KPROF_E_ARGUMENT;
	out->facts_differ = kprof_cpu_facts_compare(&boot->facts, &g->facts);
	out->own_table = out->here.table;
	out->here.table = b.table;
	out->here.reason = b.reason;
	kprof_impl_hal_resources(&out->here);
	out->counters_differ = (uint8_t)(out->here.counters != b.counters ||
	                                 out->here.counter_width != b.counter_width ||
	                                 out->here.fixed_counters != b.fixed_counters ||
	                                 out->here.fixed_width != b.fixed_width);
	out->sources_differ = 0;
	rows = kprof_source_rows_by_table((kprof_source_table)b.table, &n);
	for (i = 0; rows && i < n; i++)
		if (kprof_impl_hal_supported(&b, &rows[i]) != kprof_impl_hal_supported(&out->here, &rows[i]))
			out->sources_differ++;
	return KPROF_OK;
}


KPROF_API kprof_status kprof_cpu_group_compare(const kprof_cpu_group *boot, const kprof_cpu_group *g,
                                               kprof_hal_build hal, kprof_cpu_effect *out)
{
	return kprof_impl_cpu_group_compare(boot, g, hal, out);
}
#endif
