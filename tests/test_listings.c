/* Real `wpr -pmcsources` / `tracelog -profilesources Help` listings
 * ($KPROF_SHARED/reference/listings/ and listings-amd/, Intel and AMD machines) against the
 * header. Each listing's interface is the one whose table explains more of its rows (id and
 * name): Emon (with the later Intel sources from 0x20) or Amd64 (whose ten sources later
 * releases spell otherwise, kprof_hal_amd64_spelling). Then every listed id resolves in that
 * interface, its HAL descriptive string equals the listed Name (for Amd64 the original or
 * the later spelling, one of them for the whole listing), the listed Min/Max equal the
 * KPROF_SOURCE_INTERVAL_* of the source's interval class, and the listing lists the interface's
 * whole table. Default intervals differ between listings (they are user-settable), so they
 * are not compared. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>

#include "kprof.h"
#include "kprof_test.h"

typedef struct listing_row {
	unsigned long id, interval, min, max;
	char name[96];
} listing_row;

/* `  0 Timer   10000  1221 1000000`: five whitespace-separated cells, decimal id. */
static int parse_listing_row(const char *line, listing_row *r)
{
	char extra;
	int n = sscanf(line, " %lu %95s %lu %lu %lu %c", &r->id, r->name, &r->interval, &r->min,
	               &r->max, &extra);
	return n == 5 && (line[0] == ' ' || (line[0] >= '0' && line[0] <= '9'));
}

/* The later releases' spelling of an Amd64 source, or NULL. */
static const char *later_spelling(unsigned long id)
{
	uint32_t i;
	for (i = 0; i < KPROF_HAL_AMD64_SPELLING_COUNT; i++) {
		const kprof_hal_amd64_spelling *s = kprof_hal_amd64_spelling_by_id(KPROF_HAL_AMD64_SPELLING_FIRST + i);
		if (s->value == id)
			return kprof_hal_amd64_spelling_description_get(s);
	}
	return NULL;
}

/* The source a listed id means in an interface's listing (Emon's: INTEL_LATER from 0x20). */
static const kprof_source *source_of(kprof_source_table itf, unsigned long id)
{
	if (itf == KPROF_SOURCE_TABLE_EMON && id >= 0x20)
		return kprof_source_by_value(KPROF_SOURCE_TABLE_INTEL_LATER, (uint32_t)id);
	return kprof_source_by_value(itf, (uint32_t)id);
}

/* 1: the row's name is the source's original spelling, 2: the later one, 0: neither. */
static int spelled(kprof_source_table itf, const listing_row *r)
{
	const kprof_source *s = source_of(itf, r->id);
	const char *later = itf == KPROF_SOURCE_TABLE_AMD64 ? later_spelling(r->id) : NULL;
	if (!s)
		return 0;
	if (strcmp(kprof_source_description_get(s), r->name) == 0)
		return 1;
	return later && strcmp(later, r->name) == 0 ? 2 : 0;
}

static void check_row(const char *file, kprof_source_table itf, const listing_row *r, int *spelling)
{
	const kprof_source *s = source_of(itf, r->id);
	unsigned long lo, hi;
	int timer_name = strcmp(r->name, "Timer") == 0 || strcmp(r->name, "TimerFixed") == 0;
	int how;
	if (!CHECK(s != NULL)) {
		fprintf(stderr, "  %s: id %lu (%s) is in no table\n", file, r->id, r->name);
		return;
	}
	how = spelled(itf, r);
	if (!CHECK(how != 0))
		fprintf(stderr, "  %s: id %lu: listed %s, kprof has %s%s%s\n", file, r->id, r->name,
		        kprof_source_description_get(s), later_spelling(r->id) ? " or " : "",
		        later_spelling(r->id) ? later_spelling(r->id) : "");
	/* One spelling for the whole listing: a Windows release has one table. */
	if (how == 2 || (how == 1 && later_spelling(r->id) && itf == KPROF_SOURCE_TABLE_AMD64)) {
		if (*spelling && !CHECK_EQ(*spelling, how))
			fprintf(stderr, "  %s: id %lu mixes the original and the later spellings\n", file, r->id);
		*spelling = how;
	}
	if (how == 1)
		CHECK(kprof_source_by_name(s->table, r->name, strlen(r->name)) == s);
	CHECK_EQ(s->interval, timer_name ? KPROF_SOURCE_INTERVAL_TIMER : KPROF_SOURCE_INTERVAL_HARDWARE);
	lo = s->interval == KPROF_SOURCE_INTERVAL_TIMER ? KPROF_SOURCE_INTERVAL_TIMER_MIN
	                                         : KPROF_SOURCE_INTERVAL_HARDWARE_MIN;
	hi = s->interval == KPROF_SOURCE_INTERVAL_TIMER ? KPROF_SOURCE_INTERVAL_TIMER_MAX
	                                         : KPROF_SOURCE_INTERVAL_HARDWARE_MAX;
	if (!CHECK_EQ(r->min, lo) || !CHECK_EQ(r->max, hi))
		fprintf(stderr, "  %s: id %lu (%s) min/max %lu/%lu\n", file, r->id, r->name, r->min,
		        r->max);
}

/* The rows of one listing file (at most cap). */
static size_t read_rows(char *text, listing_row *rows, size_t cap)
{
	char *line, *next;
	size_t n = 0;
	for (line = text; *line; line = next) {
		next = strchr(line, '\n');
		next = next ? (*next = '\0', next + 1) : line + strlen(line);
		if (n < cap && parse_listing_row(line, &rows[n]))
			n++;
	}
	return n;
}

int main(void)
{
	static const char *const dirs[] = {"listings", "listings-amd"};
	static listing_row rows[512];
	char dir[4096], path[4096 + 256];
	const char *ci = getenv("CI");
	int files = 0, intel_files = 0, amd_files = 0, total = 0;
	/* Which rows of EMON, INTEL_LATER and the later Amd64 spellings some listing showed. */
	int emon_seen[KPROF_SOURCE_EMON_COUNT] = {0}, later_seen[KPROF_SOURCE_INTEL_LATER_COUNT] = {0},
	    spelling_seen[KPROF_HAL_AMD64_SPELLING_COUNT] = {0};
	size_t n_emon, n_later, n_amd, i, k, d;
	const kprof_source *emon = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_EMON, &n_emon);
	const kprof_source *later = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_INTEL_LATER, &n_later);
	(void)kprof_source_rows_by_table(KPROF_SOURCE_TABLE_AMD64, &n_amd);

	for (d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
		DIR *dh;
		struct dirent *e;
		snprintf(dir, sizeof dir, "%s/reference/%s", kt_shared_dir(), dirs[d]);
		dh = opendir(dir);
		if (!dh) {
			fprintf(stderr, "no listings under %s\n", dir);
			if (ci && strcmp(ci, "true") == 0)
				CHECK(!"listings present (CI=true: a missing ../shared is a failure)");
			else
				printf("skipped: no listings in %s (set KPROF_SHARED)\n", dir);
			continue;
		}
		while ((e = readdir(dh)) != NULL) {
			size_t len = strlen(e->d_name), n, listed = 0;
			char *text;
			int emon_score = 0, amd_score = 0, spelling = 0;
			kprof_source_table itf;
			if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
				continue;
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			text = kt_read_file(path, NULL);
			if (!CHECK(text != NULL))
				continue;
			files++;
			n = read_rows(text, rows, sizeof rows / sizeof rows[0]);
			for (i = 0; i < n; i++) {
				emon_score += spelled(KPROF_SOURCE_TABLE_EMON, &rows[i]) != 0;
				amd_score += spelled(KPROF_SOURCE_TABLE_AMD64, &rows[i]) != 0;
			}
			itf = amd_score > emon_score ? KPROF_SOURCE_TABLE_AMD64 : KPROF_SOURCE_TABLE_EMON;
			for (i = 0; i < n; i++) {
				check_row(e->d_name, itf, &rows[i], &spelling);
				if (itf == KPROF_SOURCE_TABLE_EMON) {
					for (k = 0; k < n_emon; k++)
						if (emon[k].value == rows[i].id) {
							emon_seen[k]++;
							listed++;
						}
					for (k = 0; k < n_later; k++)
						later_seen[k] += later[k].value == rows[i].id;
				} else {
					listed += kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, (uint32_t)rows[i].id) != NULL;
					for (k = 0; k < KPROF_HAL_AMD64_SPELLING_COUNT; k++)
						spelling_seen[k] += spelled(itf, &rows[i]) == 2 &&
						                    kprof_hal_amd64_spelling_by_id(KPROF_HAL_AMD64_SPELLING_FIRST + (uint32_t)k)
						                                    ->value == rows[i].id;
				}
			}
			/* Every listing is from a HAL that still offers its interface's whole table. */
			if (!CHECK_EQ(listed, itf == KPROF_SOURCE_TABLE_EMON ? n_emon : n_amd))
				fprintf(stderr, "  %s lists %zu of the %s table's sources\n", e->d_name, listed,
				        itf == KPROF_SOURCE_TABLE_EMON ? "Emon" : "Amd64");
			intel_files += itf == KPROF_SOURCE_TABLE_EMON;
			amd_files += itf == KPROF_SOURCE_TABLE_AMD64;
			CHECK(n > 0);
			total += (int)n;
			printf("%s: %zu rows, %s%s\n", e->d_name, n, itf == KPROF_SOURCE_TABLE_EMON ? "emon" : "amd64",
			       spelling == 2 ? ", the later spellings" : "");
			free(text);
		}
		closedir(dh);
	}
	CHECK(intel_files >= 3);
	CHECK(amd_files >= 1);
	/* INTEL_LATER and the later Amd64 spellings hold only names some listing shows: nothing
	 * invented. */
	for (i = 0; i < n_later; i++)
		if (!CHECK(later_seen[i] > 0))
			fprintf(stderr, "  INTEL_LATER 0x%x is in no listing\n", later[i].value);
	for (i = 0; i < KPROF_HAL_AMD64_SPELLING_COUNT; i++)
		if (!CHECK(spelling_seen[i] > 0))
			fprintf(stderr, "  kprof_hal_amd64_spelling row %zu is in no AMD listing\n", i);
	for (i = 0; i < n_emon; i++)
		CHECK(emon_seen[i] == intel_files);
	printf("%d listings (%d Intel, %d AMD), %d rows\n", files, intel_files, amd_files, total);
	return kt_done();
}
