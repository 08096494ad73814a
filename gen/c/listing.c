/* The next whitespace-separated cell of line[*at..end): its start and length (0 at the end). */
KPROF_IMPL_INTERNAL size_t kprof_impl_listing_cell(const char *line, size_t end, size_t *at)
{
	size_t start;
	kprof_impl_text_skip_space(line, end, at);
	start = *at;
	while (*at < end && !kprof_impl_text_space(line[*at]))
		(*at)++;
	return *at - start;
}

/* A decimal cell that fits 32 bits. */
KPROF_IMPL_INTERNAL int kprof_impl_listing_u32(const char *p, size_t n, uint32_t *out)
{
	uint32_t v = 0;
	size_t i;
	if (n == 0)
		return 0;
	for (i = 0; i < n; i++) {
		uint32_t digit = (uint32_t)(unsigned char)p[i] - '0';
		if (digit > 9 || v > (UINT32_MAX - digit) / 10u)
			return 0;
		v = v * 10u + digit;
	}
	*out = v;
	return 1;
}

KPROF_IMPL_INTERNAL int kprof_impl_listing_word(const char *p, size_t n, const char *word)
{
	size_t i;
	for (i = 0; i < n && word[i]; i++)
		if (kprof_impl_lower((unsigned char)p[i]) != (unsigned char)word[i])
			return 0;
	return i == n && !word[i];
}

/* Point a zeroed listing iterator at len bytes of text. */
KPROF_IMPL_INTERNAL kprof_status kprof_impl_listing_iter_start(kprof_listing_iter *it, const char *text, size_t len)
{
	it->text = text;
	it->len = text ? len : 0;
	it->pos = kprof_impl_text_start(text, len);
	return text || !len ? KPROF_OK : KPROF_E_ARGUMENT;
}

KPROF_API kprof_status kprof_listing_iter_init(kprof_listing_iter *it, const char *text, size_t len)
{
	if (!it)
		return KPROF_E_ARGUMENT;
	kprof_impl_zero(it, sizeof(*it));
	return kprof_impl_listing_iter_start(it, text, len);
}

KPROF_API kprof_status kprof_listing_iter_next(kprof_listing_iter *it, kprof_listing_row *row)
{
	static const char *const header[5] = {"id", "name", "interval", "min", "max"};
	/* Newer xperf -pmcsources (Windows Kits 10.0.26100) first prints
	 * "Maximum selectable profile sources: N." */
	static const char *const selectable[4] = {"maximum", "selectable", "profile", "sources:"};
	const char *p = NULL;
	size_t n = 0;
	kprof_status st;
	if (!it || !row)
		return KPROF_E_ARGUMENT;
	row->line = row->id = row->interval = row->min = row->max = 0;
	row->name = NULL;
	row->name_len = 0;
	if (it->pos > it->len)
		return KPROF_E_FORMAT; /* an error stays */
	while ((st = kprof_impl_text_line(it->text, it->len, &it->pos, &it->line, KPROF_LISTING_LINE_MAX, &p,
	                                  &n)) == KPROF_OK) {
		size_t at = 0, len, k;
		const char *cell[6];
		size_t cell_len[6];
		unsigned cells = 0, dashes = 1;
		while (cells < 6 && (len = kprof_impl_listing_cell(p, n, &at)) != 0) {
			cell[cells] = p + at - len;
			cell_len[cells++] = len;
		}
		for (k = 0; k < n; k++)
			dashes &= p[k] == '-' || kprof_impl_text_space(p[k]);
		if (cells == 5) {
			unsigned h = 1;
			for (k = 0; k < 5; k++)
				h &= (unsigned)kprof_impl_listing_word(cell[k], cell_len[k], header[k]);
			if (h) {
				it->header = 1;
				continue;
			}
		}
		if (!it->header && cells >= 4) {
			unsigned m = 1;
			for (k = 0; k < 4; k++)
				m &= (unsigned)kprof_impl_listing_word(cell[k], cell_len[k], selectable[k]);
			/* The count, a decimal with an optional full stop; once, before the header. */
			if (m && (cells != 5 || it->has_max_selectable ||
			          !kprof_impl_listing_u32(cell[4],
			                                  cell_len[4] - (cell_len[4] > 1 && cell[4][cell_len[4] - 1] == '.'),
			                                  &it->max_selectable)))
				goto bad;
			if (m) {
				it->has_max_selectable = 1;
				continue;
			}
		}
		if (!it->header || cells == 0 || dashes)
			continue;
		if (cells != 5 || cell_len[1] > KPROF_LISTING_NAME_MAX ||
		    !kprof_impl_listing_u32(cell[0], cell_len[0], &row->id) ||
		    !kprof_impl_listing_u32(cell[2], cell_len[2], &row->interval) ||
		    !kprof_impl_listing_u32(cell[3], cell_len[3], &row->min) ||
		    !kprof_impl_listing_u32(cell[4], cell_len[4], &row->max))
			goto bad;
		/* Letters, digits, '_'; '.' and '-' in custom sources' names (Intel's event names,
		 * kprof_windows_custom_source's rule). */
		for (k = 0; k < cell_len[1]; k++) {
			unsigned char c = (unsigned char)cell[1][k];
			if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
			      c == '_' || c == '.' || c == '-'))
				goto bad;
		}
		row->line = it->line;
		row->name = cell[1];
		row->name_len = cell_len[1];
		return KPROF_OK;
	bad:
		row->id = row->interval = row->min = row->max = 0;
		it->pos = it->len + 1;
		return KPROF_E_FORMAT;
	}
	if (st != KPROF_END) {
		it->pos = it->len + 1;
		return KPROF_E_FORMAT;
	}
	if (!it->header) {
		it->line = 0;
		it->pos = it->len + 1;
		return KPROF_E_FORMAT;
	}
	return KPROF_END;
}

#if !defined(KPROF_NO_WINDOWS_MODEL) && !defined(KPROF_NO_NAMES)
/* The minimum and maximum interval of a source's interval class. */
KPROF_IMPL_INTERNAL void kprof_impl_source_bounds(const kprof_source *s, uint32_t *min, uint32_t *max)
{
	*min = s->interval == KPROF_SOURCE_INTERVAL_TIMER ? KPROF_SOURCE_INTERVAL_TIMER_MIN : KPROF_SOURCE_INTERVAL_HARDWARE_MIN;
	*max = s->interval == KPROF_SOURCE_INTERVAL_TIMER ? KPROF_SOURCE_INTERVAL_TIMER_MAX : KPROF_SOURCE_INTERVAL_HARDWARE_MAX;
}

/* The source a listed id means under a decision: the decided interface's row, else on Emon a
 * later Intel row; NULL when kprof knows none. */
KPROF_IMPL_INTERNAL const kprof_source *kprof_impl_listing_source(const kprof_hal_decision *d, uint32_t id)
{
	const kprof_source *s = kprof_source_by_value(d->table, id);
	if (!s && d->table == KPROF_SOURCE_TABLE_EMON)
		s = kprof_source_by_value(KPROF_SOURCE_TABLE_INTEL_LATER, id);
	return s;
}

/* Whether the decided HAL offers s, the open range of later Intel sources settled by what the
 * listing shows (it->later_last). */
KPROF_IMPL_INTERNAL int kprof_impl_listing_offered(const kprof_listing_diff_iter *it, const kprof_source *s)
{
	if (s->table == KPROF_SOURCE_TABLE_INTEL_LATER)
		return it->d->table == KPROF_SOURCE_TABLE_EMON && s->value <= it->later_last;
	return kprof_impl_hal_supported(it->d, s);
}

/* Whether a listed row's name is the NUL-terminated want (NULL: no). */
KPROF_IMPL_INTERNAL int kprof_impl_listing_name_is(const kprof_listing_row *r, const char *want)
{
	size_t k;
	if (!want)
		return 0;
	for (k = 0; k < r->name_len && want[k] == r->name[k]; k++)
		;
	return k == r->name_len && !want[k];
}

/* The name kprof expects for s in the listing: the release's spelling, as the listing settled
 * it where the release's is unknown. */
KPROF_IMPL_INTERNAL const char *kprof_impl_listing_want(const kprof_listing_diff_iter *it, const kprof_source *s)
{
	const char *later = it->later_names && s->table == KPROF_SOURCE_TABLE_AMD64 ? kprof_impl_amd64_spelling(s->value)
	                                                                           : NULL;
	return later ? later : kprof_source_description_get(s);
}

/* Whether the listing has a row with this id: the bitmap for small ids, else a scan. */
KPROF_IMPL_INTERNAL int kprof_impl_listing_has(const kprof_listing_diff_iter *it, uint32_t id)
{
	kprof_listing_iter scan;
	kprof_listing_row r;
	if (id < 8u * sizeof(it->seen))
		return (it->seen[id / 8] >> (id % 8)) & 1u;
	(void)kprof_listing_iter_init(&scan, it->rows.text, it->rows.len);
	while (kprof_listing_iter_next(&scan, &r) == KPROF_OK)
		if (r.id == id)
			return 1;
	return 0;
}

KPROF_API kprof_status kprof_listing_diff_iter_init(kprof_listing_diff_iter *it, const char *text,
                                                    size_t len, const kprof_hal_decision *d)
{
	kprof_listing_row r;
	kprof_status st;
	uint32_t highest = 0;
	unsigned names;
	int later = 0;
	if (!it || !d)
		return KPROF_E_ARGUMENT;
	names = kprof_impl_release_amd64_names(d);
	/* Zeroed whole, its rows iterator included: gcc 12 -O3 takes a second zeroing loop over
	 * the member (kprof_listing_iter_init's) for a write past it. */
	kprof_impl_zero(it, sizeof(*it));
	it->d = d;
	st = kprof_impl_listing_iter_start(&it->rows, text, len);
	while (st == KPROF_OK && (st = kprof_listing_iter_next(&it->rows, &r)) == KPROF_OK) {
		const kprof_source *s = kprof_impl_listing_source(d, r.id);
		if (r.id < 8u * sizeof(it->seen)) {
			if (it->seen[r.id / 8] & (1u << (r.id % 8)))
				return KPROF_E_DUPLICATE;
			it->seen[r.id / 8] |= (uint8_t)(1u << (r.id % 8));
		}
		if (s && s->table == KPROF_SOURCE_TABLE_INTEL_LATER && r.id > highest)
			highest = r.id;
		if (s && s->table == KPROF_SOURCE_TABLE_AMD64 && names == KPROF_HAL_PRESENCE_UNKNOWN &&
		    kprof_impl_listing_name_is(&r, kprof_impl_amd64_spelling(r.id)))
			later = 1;
	}
	if (st != KPROF_END)
		return st;
	/* The range's low end is what the release surely lists; the listing may show more, up to
	 * its high end. */
	it->later_last = highest < d->later_min ? d->later_min : highest > d->later_max ? d->later_max : highest;
	it->later_names = (uint8_t)(names == KPROF_HAL_PRESENCE_PRESENT || later);
	/* Rewound for the second pass: a fresh iterator copied in (gcc 12 -O3 takes a second
	 * zeroing loop over the member for a write past it). */
	{
		kprof_listing_iter fresh;
		st = kprof_listing_iter_init(&fresh, text, len);
		kprof_impl_copy(&it->rows, &fresh, sizeof(fresh));
	}
	return st;
}

KPROF_API kprof_status kprof_listing_diff_iter_next(kprof_listing_diff_iter *it, kprof_listing_diff *out)
{
	static const uint8_t order[3] = {KPROF_LISTING_DIFF_KIND_NAME, KPROF_LISTING_DIFF_KIND_MIN,
	                                 KPROF_LISTING_DIFF_KIND_MAX};
	if (!it || !out || !it->d)
		return KPROF_E_ARGUMENT;
	for (;;) {
		const kprof_source *s;
		unsigned k;
		out->kind = (kprof_listing_diff_kind)0;
		out->id = out->min = out->max = 0;
		out->source = NULL;
		out->name = NULL;
		kprof_impl_copy(&out->row, &it->cur, sizeof(out->row));
		if (it->phase == 0 && it->pending) {
			s = kprof_impl_listing_source(it->d, it->cur.id);
			if (!s) { /* bits pending for an id kprof does not know: an iterator changed behind its back */
				it->pending = 0;
				continue;
			}
			out->id = it->cur.id;
			out->source = s;
			out->name = kprof_impl_listing_want(it, s);
			kprof_impl_source_bounds(s, &out->min, &out->max);
			for (k = 0; k < 3; k++)
				if (it->pending & (1u << order[k])) {
					it->pending = (uint8_t)(it->pending & ~(1u << order[k]));
					out->kind = (kprof_listing_diff_kind)order[k];
					return KPROF_OK;
				}
		}
		if (it->phase == 0) {
			kprof_status st = kprof_listing_iter_next(&it->rows, &it->cur);
			if (st != KPROF_OK) {
				/* init read the same text to its end, so this is KPROF_END */
				it->phase = 1;
				continue;
			}
			s = kprof_impl_listing_source(it->d, it->cur.id);
			kprof_impl_copy(&out->row, &it->cur, sizeof(out->row));
			out->id = it->cur.id;
			out->source = s;
			if (!s) {
				out->kind = KPROF_LISTING_DIFF_KIND_UNKNOWN;
				return KPROF_OK;
			}
			out->name = kprof_impl_listing_want(it, s);
			kprof_impl_source_bounds(s, &out->min, &out->max);
			if (!kprof_impl_listing_offered(it, s)) {
				out->kind = KPROF_LISTING_DIFF_KIND_UNEXPECTED;
				return KPROF_OK;
			}
			if (!kprof_impl_listing_name_is(&it->cur, out->name))
				it->pending |= 1u << KPROF_LISTING_DIFF_KIND_NAME;
			if (it->cur.min != out->min)
				it->pending |= 1u << KPROF_LISTING_DIFF_KIND_MIN;
			if (it->cur.max != out->max)
				it->pending |= 1u << KPROF_LISTING_DIFF_KIND_MAX;
			continue;
		}
		if (it->phase == 1) {
			size_t n;
			const kprof_source *t;
			kprof_source_table table = it->next >> 16 ? KPROF_SOURCE_TABLE_INTEL_LATER
			                                     : it->d->table;
			t = kprof_source_rows_by_table(table, &n);
			if ((it->next & 0xFFFFu) >= n) {
				if (it->next >> 16 || it->d->table != KPROF_SOURCE_TABLE_EMON) {
					it->phase = 2;
					continue;
				}
				it->next = 1u << 16; /* then the later Intel sources */
				continue;
			}
			s = &t[it->next & 0xFFFFu];
			it->next++;
			if (!kprof_impl_listing_offered(it, s) || kprof_impl_listing_has(it, s->value))
				continue;
			out->row.line = out->row.id = out->row.interval = out->row.min = out->row.max = 0;
			out->row.name = NULL;
			out->row.name_len = 0;
			out->kind = KPROF_LISTING_DIFF_KIND_MISSING;
			out->id = s->value;
			out->source = s;
			out->name = kprof_impl_listing_want(it, s);
			kprof_impl_source_bounds(s, &out->min, &out->max);
			return KPROF_OK;
		}
		return KPROF_END;
	}
}
#endif
