KPROF_API void kprof_cpu_facts_init(kprof_cpu_facts *f)
{
	if (f)
		kprof_impl_zero(f, sizeof(*f));
}

KPROF_API kprof_status kprof_cpu_facts_add(kprof_cpu_facts *f, uint32_t leaf, uint32_t subleaf,
                                           const uint32_t regs[4])
{
	unsigned i;
	if (!f || !regs)
		return KPROF_E_ARGUMENT;
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
	return KPROF_OK;
}

/* The facts of f whose leaf can be trusted (bit per fact): its range's max leaf was given and
 * is not below it (processors echo the highest leaf above it). */
KPROF_IMPL_INTERNAL uint64_t kprof_impl_cpu_facts_trusted(const kprof_cpu_facts *f)
{
	uint64_t keep = 0;
	unsigned i;
	for (i = 0; i < KPROF_CPU_FACT_COUNT; i++) {
		uint32_t leaf = kprof_cpu_fact_info_by_id((kprof_cpu_fact)i)->leaf;
		unsigned range = leaf >> 30;
		if ((f->has_max >> range & 1u) && leaf <= f->max_leaf[range])
			keep |= (uint64_t)1 << i;
	}
	return keep;
}

KPROF_API kprof_status kprof_cpu_facts_compare(const kprof_cpu_facts *a, const kprof_cpu_facts *b,
                                               uint64_t *differ)
{
	uint64_t d;
	unsigned i;
	if (differ)
		*differ = 0;
	if (!a || !b || !differ)
		return KPROF_E_ARGUMENT;
	d = a->present ^ b->present;
	for (i = 0; i < KPROF_CPU_FACT_COUNT; i++)
		if (a->value[i] != b->value[i])
			d |= (uint64_t)1 << i;
	*differ = d;
	return KPROF_OK;
}

/* An empty link of the groups' index, and the deepest walk down it: the height of an AVL tree
 * of 2^32 - 1 groups is below 1.4405 log2(2^32 + 1) < 47. */
#define KPROF_IMPL_GROUP_NONE 0xFFFFFFFFu
#define KPROF_IMPL_GROUP_DEPTH 48u

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
	g->root = KPROF_IMPL_GROUP_NONE;
	g->resume = 0;
	g->compares = 0;
	return KPROF_OK;
}

KPROF_API kprof_status kprof_cpu_groups_array_set(kprof_cpu_groups *g, kprof_cpu_group *group, uint32_t cap)
{
	if (!g || !group || cap < g->count)
		return KPROF_E_ARGUMENT;
	g->group = group;
	g->cap = cap;
	return KPROF_OK;
}

/* -- the groups' index: an AVL tree ordered by facts, its links in the groups -- */

/* The order of the index: present, then each value, as unsigned numbers, of a's facts in keep
 * (the others read as absent and 0, as a group keeps them) against a group's b. Equal exactly
 * when kprof_cpu_facts_compare finds no difference between those facts of a and b. */
KPROF_IMPL_INTERNAL int kprof_impl_cpu_facts_order(const kprof_cpu_facts *a, uint64_t keep, const kprof_cpu_facts *b)
{
	uint64_t present = a->present & keep;
	unsigned i;
	if (present != b->present)
		return present < b->present ? -1 : 1;
	for (i = 0; i < KPROF_CPU_FACT_COUNT; i++) {
		uint32_t v = keep >> i & 1u ? a->value[i] : 0u;
		if (v != b->value[i])
			return v < b->value[i] ? -1 : 1;
	}
	return 0;
}

KPROF_IMPL_INTERNAL unsigned kprof_impl_group_height(const kprof_cpu_group *gr, uint32_t i)
{
	return i == KPROF_IMPL_GROUP_NONE ? 0u : gr[i].tree_height;
}

KPROF_IMPL_INTERNAL void kprof_impl_group_fix(kprof_cpu_group *gr, uint32_t i)
{
	unsigned l = kprof_impl_group_height(gr, gr[i].tree[0]), r = kprof_impl_group_height(gr, gr[i].tree[1]);
	gr[i].tree_height = (uint8_t)(1u + (l > r ? l : r));
}

/* Rotate the subtree at i: its child on side d (0 left, 1 right) up. Returns the new top. */
KPROF_IMPL_INTERNAL uint32_t kprof_impl_group_lift(kprof_cpu_group *gr, uint32_t i, unsigned d)
{
	uint32_t c = gr[i].tree[d];
	gr[i].tree[d] = gr[c].tree[!d];
	gr[c].tree[!d] = i;
	kprof_impl_group_fix(gr, i);
	kprof_impl_group_fix(gr, c);
	return c;
}

/* Restore the AVL balance at i after an insertion below it: where one side is two higher,
 * lift its child (first that child's inner child, when that is the higher). Returns the
 * subtree's top. */
KPROF_IMPL_INTERNAL uint32_t kprof_impl_group_rebalance(kprof_cpu_group *gr, uint32_t i)
{
	unsigned l = kprof_impl_group_height(gr, gr[i].tree[0]), r = kprof_impl_group_height(gr, gr[i].tree[1]);
	unsigned d = r > l;
	uint32_t c = gr[i].tree[d];
	if (l + 1 < r || r + 1 < l) {
		if (kprof_impl_group_height(gr, gr[c].tree[!d]) > kprof_impl_group_height(gr, gr[c].tree[d]))
			gr[i].tree[d] = kprof_impl_group_lift(gr, c, !d);
		return kprof_impl_group_lift(gr, i, d);
	}
	kprof_impl_group_fix(gr, i);
	return i;
}

static KPROF_IMPL_NOINLINE kprof_status kprof_impl_cpu_groups_add(kprof_cpu_groups *g, const kprof_cpu_facts *f,
                                                      uint32_t cpu_id, uint32_t *index)
{
	/* The groups walked from the top (KPROF_IMPL_GROUP_DEPTH bounds a balanced tree's). */
	uint32_t path[KPROF_IMPL_GROUP_DEPTH];
	kprof_cpu_group *gr;
	uint32_t i, depth = 0, k;
	uint64_t keep;
	int order = 0;
	if (!g || !f)
		return KPROF_E_ARGUMENT;
	/* Compared and kept: the facts whose leaf can be trusted (no copy of f: the frame stays
	 * small for a kernel stack). */
	keep = kprof_impl_cpu_facts_trusted(f);
	if (g->cpus == 0xFFFFFFFFu)
		return KPROF_E_RANGE;
	gr = g->group;
	for (i = g->root; i != KPROF_IMPL_GROUP_NONE;) {
		if (i >= g->count || depth == KPROF_IMPL_GROUP_DEPTH)
			return KPROF_E_CORRUPT;
		g->compares++;
		if ((order = kprof_impl_cpu_facts_order(f, keep, &gr[i].facts)) == 0)
			break;
		path[depth++] = i;
		i = gr[i].tree[order > 0];
	}
	if (i == KPROF_IMPL_GROUP_NONE) {
		if (g->count == g->cap)
			return KPROF_E_BUFFER_TOO_SMALL;
		i = g->count++;
		gr[i].first_cpu = g->cpus;
		gr[i].first_cpu_id = cpu_id;
		gr[i].cpus = 0;
		kprof_impl_copy(&gr[i].facts, f, sizeof(*f));
		gr[i].facts.present &= keep;
		for (k = 0; k < KPROF_CPU_FACT_COUNT; k++)
			if (!(keep >> k & 1u))
				gr[i].facts.value[k] = 0;
		kprof_cpuid_snapshot_init(&gr[i].snap);
		gr[i].tree[0] = gr[i].tree[1] = KPROF_IMPL_GROUP_NONE;
		gr[i].tree_height = 1;
		if (depth == 0)
			g->root = i;
		else
			gr[path[depth - 1]].tree[order > 0] = i;
		/* Back up the path, rebalancing; each subtree's new top goes where it was. */
		for (k = depth; k-- > 0;) {
			uint32_t was = path[k], top = kprof_impl_group_rebalance(gr, was);
			if (k == 0)
				g->root = top;
			else
				gr[path[k - 1]].tree[gr[path[k - 1]].tree[1] == was] = top;
		}
	}
	gr[i].cpus++;
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

/* The text's blocks, in order, after the g->resume a call that ran out of groups added; then
 * each new group's snapshot. Three passes over the text (read it all, group, snapshots), each
 * linear: the snapshots walk the new groups alongside the records (the groups start at rising
 * blocks), not every group per record. */
static KPROF_IMPL_NOINLINE kprof_status kprof_impl_cpu_groups_add_dump(kprof_cpu_groups *g, const char *text, size_t len,
                                                 kprof_dump_error *err)
{
	kprof_dump_iter it;
	kprof_dump_record r;
	kprof_cpu_facts f;
	kprof_status st;
	uint32_t first_group, text_cpu0, skip, cpu_id = KPROF_DUMP_NO_CPU_ID, k;
	int32_t block = -1;
	if (!g)
		return KPROF_E_ARGUMENT;
	skip = g->resume;
	g->resume = 0;
	/* Read it all first: a bad dump adds nothing. */
	st = kprof_dump_iter_init(&it, text, len);
	while (st == KPROF_OK)
		st = kprof_dump_iter_next(&it, &r);
	kprof_impl_dump_report(err, &it, st);
	if (st != KPROF_END)
		return st;
	if (skip && (skip > g->cpus || skip > (uint32_t)it.cpu))
		return KPROF_E_ARGUMENT; /* a resume count not from this text */
	first_group = g->count;
	text_cpu0 = g->cpus - skip;
	kprof_dump_iter_init(&it, text, len);
	kprof_cpu_facts_init(&f);
	for (;;) {
		st = kprof_dump_iter_next(&it, &r);
		/* At a new block or the end, the block before it is complete. */
		if (st != KPROF_OK || (int32_t)r.cpu != block) {
			if (block >= (int32_t)skip) {
				if ((st = kprof_impl_cpu_groups_add(g, &f, cpu_id, NULL)) != KPROF_OK) {
					if (st == KPROF_E_BUFFER_TOO_SMALL)
						g->resume = (uint32_t)block;
					break;
				}
			}
			if (it.status != KPROF_OK)
				break;
			block = (int32_t)r.cpu;
			cpu_id = r.cpu_id;
			kprof_cpu_facts_init(&f);
		}
		if (block >= (int32_t)skip) {
			uint32_t regs[4];
			regs[KPROF_CPUID_REG_EAX] = r.eax;
			regs[KPROF_CPUID_REG_EBX] = r.ebx;
			regs[KPROF_CPUID_REG_ECX] = r.ecx;
			regs[KPROF_CPUID_REG_EDX] = r.edx;
			(void)kprof_cpu_facts_add(&f, r.leaf, r.subleaf, regs);
		}
	}
	/* Each new group's snapshot: its first CPU's leaves (one more pass, on the same
	 * iterator: a kernel stack has no room for a second one). */
	kprof_dump_iter_init(&it, text, len);
	k = first_group;
	while (k < g->count && kprof_dump_iter_next(&it, &r) == KPROF_OK) {
		while (k < g->count && g->group[k].first_cpu - text_cpu0 < r.cpu)
			k++;
		if (k < g->count && g->group[k].first_cpu - text_cpu0 == r.cpu) {
			const uint32_t regs[4] = {r.eax, r.ebx, r.ecx, r.edx};
			(void)kprof_cpuid_snapshot_set(&g->group[k].snap, r.leaf, r.subleaf, regs);
		}
	}
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
static KPROF_IMPL_NOINLINE kprof_status kprof_impl_cpu_group_compare(const kprof_cpu_group *boot, const kprof_cpu_group *g,
                                                         kprof_hal_build build, kprof_hal_windows windows,
                                                         kprof_cpu_effect *out)
{
	kprof_hal_decision b;
	const kprof_source *rows;
	size_t n = 0, i;
	if (!boot || !g || !out)
		return KPROF_E_ARGUMENT;
	if (kprof_hal_decision_get(&boot->snap, build, windows, &b) != KPROF_OK ||
	    kprof_hal_decision_get(&g->snap, build, windows, &out->here) != KPROF_OK)
		return KPROF_E_ARGUMENT;
	(void)kprof_cpu_facts_compare(&boot->facts, &g->facts, &out->facts_differ);
	out->own_table = out->here.table;
	out->here.table = b.table;
	out->here.reason = b.reason;
	kprof_impl_hal_resources(&out->here);
	out->counters_differ = (uint8_t)(out->here.counters != b.counters ||
	                                 out->here.counter_width != b.counter_width ||
	                                 out->here.fixed_counters != b.fixed_counters ||
	                                 out->here.fixed_width != b.fixed_width);
	out->sources_differ = 0;
	rows = kprof_source_rows_by_table(b.table, &n);
	for (i = 0; rows && i < n; i++)
		if (kprof_impl_hal_supported(&b, &rows[i]) != kprof_impl_hal_supported(&out->here, &rows[i]))
			out->sources_differ++;
	return KPROF_OK;
}


KPROF_API kprof_status kprof_cpu_group_compare(const kprof_cpu_group *boot, const kprof_cpu_group *g,
                                               kprof_hal_build build, kprof_hal_windows windows,
                                               kprof_cpu_effect *out)
{
	return kprof_impl_cpu_group_compare(boot, g, build, windows, out);
}
#endif
