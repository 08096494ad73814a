/* Real `wpr -pmcsources` / `tracelog -profilesources Help` listings from Intel machines
 * ($KPROF_SHARED/reference/listings/NAME.txt) against the header: every listed id resolves in
 * EMON (INTEL_LATER from 0x20), its HAL descriptive string equals the listed Name, and the
 * listed Min/Max equal the KPROF_SOURCE_INTERVAL_* of the source's interval class. Default
 * intervals differ between listings (they are user-settable), so they are not compared. */
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
	return n == 5 && line[0] == ' ';
}

static void check_row(const char *file, const listing_row *r)
{
	const kprof_source_table itf =
	        r->id >= 0x20 ? KPROF_SOURCE_TABLE_INTEL_LATER : KPROF_SOURCE_TABLE_EMON;
	const kprof_source *s = kprof_source_by_value(itf, (uint32_t)r->id);
	unsigned long lo, hi;
	int timer_name = strcmp(r->name, "Timer") == 0 || strcmp(r->name, "TimerFixed") == 0;
	if (!CHECK(s != NULL)) {
		fprintf(stderr, "  %s: id %lu (%s) is in no table\n", file, r->id, r->name);
		return;
	}
	if (!CHECK_STR(kprof_source_description_get(s), r->name))
		fprintf(stderr, "  %s: id %lu\n", file, r->id);
	CHECK(kprof_source_by_name(itf, r->name, strlen(r->name)) == s);
	CHECK_EQ(s->interval, timer_name ? KPROF_SOURCE_INTERVAL_TIMER : KPROF_SOURCE_INTERVAL_HARDWARE);
	lo = s->interval == KPROF_SOURCE_INTERVAL_TIMER ? KPROF_SOURCE_INTERVAL_TIMER_MIN
	                                         : KPROF_SOURCE_INTERVAL_HARDWARE_MIN;
	hi = s->interval == KPROF_SOURCE_INTERVAL_TIMER ? KPROF_SOURCE_INTERVAL_TIMER_MAX
	                                         : KPROF_SOURCE_INTERVAL_HARDWARE_MAX;
	if (!CHECK_EQ(r->min, lo) || !CHECK_EQ(r->max, hi))
		fprintf(stderr, "  %s: id %lu (%s) min/max %lu/%lu\n", file, r->id, r->name, r->min,
		        r->max);
}

int main(void)
{
	char dir[4096], path[4096 + 256];
	const char *ci = getenv("CI");
	DIR *d;
	struct dirent *e;
	int files = 0, total = 0;
	/* Which rows of EMON and INTEL_LATER some listing showed. */
	int emon_seen[KPROF_SOURCE_EMON_COUNT] = {0},
	    later_seen[KPROF_SOURCE_INTEL_LATER_COUNT] = {0};
	size_t n_emon, n_later, i;
	const kprof_source *emon = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_EMON, &n_emon);
	const kprof_source *later = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_INTEL_LATER, &n_later);

	snprintf(dir, sizeof dir, "%s/reference/listings", kt_shared_dir());
	d = opendir(dir);
	if (!d) {
		fprintf(stderr, "no listings under %s\n", dir);
		if (ci && strcmp(ci, "true") == 0)
			CHECK(!"listings present (CI=true: a missing ../shared is a failure)");
		else
			printf("skipped: no listings (set KPROF_SHARED)\n");
		return kt_done();
	}
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		char *text, *line, *next;
		int rows = 0, emon_rows = 0;
		if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		text = kt_read_file(path, NULL);
		if (!CHECK(text != NULL))
			continue;
		files++;
		for (line = text; *line; line = next) {
			listing_row r;
			next = strchr(line, '\n');
			next = next ? (*next = '\0', next + 1) : line + strlen(line);
			if (!parse_listing_row(line, &r))
				continue;
			rows++;
			check_row(e->d_name, &r);
			for (i = 0; i < n_emon; i++)
				if (emon[i].value == r.id) {
					emon_seen[i]++;
					emon_rows++;
				}
			for (i = 0; i < n_later; i++)
				later_seen[i] += later[i].value == r.id;
		}
		/* Every listing is from an Intel HAL that still offers the whole RTM Emon set. */
		if (!CHECK_EQ(emon_rows, n_emon))
			fprintf(stderr, "  %s lists %d of the %zu Emon sources\n", e->d_name,
			        emon_rows, n_emon);
		CHECK(rows > 0);
		total += rows;
		free(text);
	}
	closedir(d);
	CHECK(files >= 3);
	/* INTEL_LATER holds only names some listing shows: nothing invented. */
	for (i = 0; i < n_later; i++)
		if (!CHECK(later_seen[i] > 0))
			fprintf(stderr, "  INTEL_LATER 0x%x is in no listing\n", later[i].value);
	for (i = 0; i < n_emon; i++)
		CHECK(emon_seen[i] == files);
	printf("%d listings, %d rows\n", files, total);
	return kt_done();
}
