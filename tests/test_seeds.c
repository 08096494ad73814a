/* The seed tables, parsed out of $KPROF_SHARED/seeds, equal the header's tables and the
 * spec's rows row for row: same count, order, values, verbatim names, ebx bits and selects,
 * and nothing extra.
 *
 *     test_seeds SPEC_ROWS.tsv      (tests/spec_rows.py spec/source.yaml > SPEC_ROWS.tsv)
 *
 * Every expectation comes from the seed text; nothing the generator produced is trusted. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>

#include "kprof.h"
#include "kprof_test.h"
#include "spec_rows.h"

typedef struct seed_row {
	unsigned long value;
	char name[96];
	int has_select;
	unsigned long select;
	int ebx_bit; /* -1 = empty cell */
} seed_row;

typedef enum seed_kind { SEED_GENERIC, SEED_EMON, SEED_AMD64 } seed_kind;

static const char *seed_file_prefix[] = {"002_", "000_", "001_"};
/* The header line of each seed's table, verbatim. */
static const char *seed_header[] = {"Value Name", "Value Name EBX Bit Select",
                                    "Value Symbol Select"};
static const char *seed_table_id[] = {"generic", "emon", "amd64"};
static const kprof_source_table seed_itf[] = {KPROF_SOURCE_TABLE_GENERIC, KPROF_SOURCE_TABLE_EMON,
                                           KPROF_SOURCE_TABLE_AMD64};

/* The empty EBX cell of ProfileTime in seed 000 is a no-break space (UTF-8 C2 A0). */
static const char NBSP[] = "\xC2\xA0";

static char *read_seed(seed_kind k)
{
	char path[4096];
	char *text = NULL;
	const char *dir = kt_shared_dir();
	DIR *d;
	struct dirent *e;
	snprintf(path, sizeof path, "%s/seeds", dir);
	d = opendir(path);
	if (!d)
		return NULL;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, seed_file_prefix[k], 4) == 0) {
			snprintf(path, sizeof path, "%s/seeds/%s", dir, e->d_name);
			text = kt_read_file(path, NULL);
			break;
		}
	}
	closedir(d);
	return text;
}

static int is_hex_token(const char *t, size_t digits)
{
	size_t i;
	if (strncmp(t, "0x", 2) != 0 || strlen(t) != digits + 2)
		return 0;
	for (i = 2; t[i]; i++)
		if (!((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'A' && t[i] <= 'F')))
			return 0;
	return 1;
}

static int is_name_token(const char *t)
{
	if (!*t)
		return 0;
	for (; *t; t++)
		if (!((*t >= 'A' && *t <= 'Z') || (*t >= 'a' && *t <= 'z') ||
		      (*t >= '0' && *t <= '9')))
			return 0;
	return 1;
}

/* Parse one table row of a seed; 0 when the line is not a row of that table. Cells are
 * separated by single ASCII spaces. */
static int parse_row(seed_kind k, char *line, seed_row *r)
{
	char *tok[6];
	int n = 0;
	char *p = line;
	const int want = k == SEED_GENERIC ? 2 : k == SEED_EMON ? 4 : 3;
	memset(r, 0, sizeof *r);
	r->ebx_bit = -1;
	while (n < 6) {
		tok[n++] = p;
		p = strchr(p, ' ');
		if (!p)
			break;
		*p++ = '\0';
	}
	if (n != want || !is_hex_token(tok[0], 2) || !is_name_token(tok[1]) ||
	    strlen(tok[1]) >= sizeof r->name)
		return 0;
	r->value = strtoul(tok[0], NULL, 16);
	strcpy(r->name, tok[1]);
	if (k == SEED_EMON) {
		if (strcmp(tok[2], NBSP) == 0) {
			r->ebx_bit = -1;
		} else if (strlen(tok[2]) <= 2 && tok[2][0] >= '0' && tok[2][0] <= '9' &&
		           (tok[2][1] == '\0' || (tok[2][1] >= '0' && tok[2][1] <= '9'))) {
			r->ebx_bit = atoi(tok[2]);
		} else {
			return 0;
		}
	}
	if (k != SEED_GENERIC) {
		if (!is_hex_token(tok[want - 1], 8))
			return 0;
		r->has_select = 1;
		r->select = strtoul(tok[want - 1], NULL, 16);
	}
	return 1;
}

/* The rows of a seed's table: the lines after its header line, up to the first line that is
 * not a row. Returns the row count, or -1 when the header line is missing. */
static int parse_seed(seed_kind k, char *text, seed_row *rows, int cap)
{
	char *line = text, *next;
	int in_table = 0, n = 0;
	for (; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (!in_table) {
			in_table = strcmp(line, seed_header[k]) == 0;
			continue;
		}
		if (n == cap || !parse_row(k, line, &rows[n]))
			break;
		n++;
	}
	return in_table ? n : -1;
}

static void compare_header(seed_kind k, const seed_row *seed, int n)
{
	size_t count = 0, i;
	const kprof_source *rows = kprof_source_rows_by_table(seed_itf[k], &count);
	unsigned long v;
	CHECK(rows != NULL);
	if (!CHECK_EQ(count, n))
		fprintf(stderr, "  header table %s has %zu rows, seed has %d\n", seed_table_id[k],
		        count, n);
	for (i = 0; rows && i < count && i < (size_t)n; i++) {
		const seed_row *s = &seed[i];
		CHECK_EQ(rows[i].value, s->value);
		CHECK_STR(kprof_source_name_get(&rows[i]), s->name);
		CHECK_EQ(rows[i].ebx_bit, s->ebx_bit);
		CHECK_EQ(rows[i].select, s->has_select ? s->select : 0);
		CHECK(kprof_source_by_value(seed_itf[k], (uint32_t)s->value) == &rows[i]);
	}
	/* Nothing extra: a value absent from the seed is absent from the header. */
	for (v = 0; v < 0x400; v++) {
		int in_seed = 0, j;
		for (j = 0; j < n; j++)
			in_seed |= seed[j].value == v;
		if (!in_seed && !CHECK(kprof_source_by_value(seed_itf[k], (uint32_t)v) == NULL))
			fprintf(stderr, "  header table %s has value 0x%lx, the seed does not\n",
			        seed_table_id[k], v);
	}
}

static void compare_spec(seed_kind k, const seed_row *seed, int n, spec_row *spec, int ns)
{
	int i, j = 0;
	for (i = 0; i < ns; i++) {
		const seed_row *s;
		if (strcmp(spec[i].table, seed_table_id[k]) != 0)
			continue;
		if (!CHECK(j < n)) {
			fprintf(stderr, "  spec table %s: row 0x%lx %s is not in the seed\n",
			        seed_table_id[k], spec[i].value, spec[i].name);
			continue;
		}
		s = &seed[j++];
		if (!CHECK_EQ(spec[i].value, s->value) || !CHECK_STR(spec[i].name, s->name) ||
		    !CHECK_EQ(spec[i].ebx_bit, s->ebx_bit) ||
		    !CHECK_EQ(spec[i].has_select, s->has_select) ||
		    !CHECK_EQ(spec[i].select, s->select))
			fprintf(stderr, "  spec table %s row %d (0x%lx %s) differs from the seed\n",
			        seed_table_id[k], j, spec[i].value, spec[i].name);
	}
	if (!CHECK_EQ(j, n))
		fprintf(stderr, "  spec table %s has %d rows, seed has %d\n", seed_table_id[k], j,
		        n);
}

/* The number after the nth occurrence of key in text (0 when absent); *end, when given,
 * receives where the number ends. */
static unsigned long number_after(const char *text, const char *key, int nth, char **end)
{
	const char *p = text;
	for (; p && nth > 0; nth--) {
		p = strstr(p, key);
		if (p)
			p += strlen(key);
	}
	if (end)
		*end = NULL;
	return p ? strtoul(p, end, 0) : 0;
}

/* The MSR ranges the seeds give, against kprof_source_table_info_by_id. Seed 001's "0xC0010000
 * to 0xC0040000" is an erratum (reference/hal-profile-interfaces.md): only its start and
 * the counter range are used. */
static void check_interfaces(const char *emon_text, const char *amd_text)
{
	const kprof_source_table_info *e = kprof_source_table_info_by_id(KPROF_SOURCE_TABLE_EMON);
	const kprof_source_table_info *a = kprof_source_table_info_by_id(KPROF_SOURCE_TABLE_AMD64);
	char *end;
	unsigned long ctr_lo = number_after(
	        amd_text, "counters themselves are the model-specific registers ", 1, &end);
	unsigned long ctr_hi = end && strncmp(end, " to ", 4) == 0 ? strtoul(end + 4, NULL, 0) : 0;
	CHECK(e && a);
	if (!e || !a)
		return;
	CHECK_EQ(e->perfevtsel_msr, number_after(emon_text, "beginning at ", 1, NULL));
	CHECK_EQ(e->counter_msr, number_after(emon_text, "beginning at ", 2, NULL));
	CHECK_EQ(e->counters, 0); /* Emon reads its counter count from cpuid 0x0A */
	CHECK_EQ(
	        a->perfevtsel_msr,
	        number_after(amd_text,
	                     "Performance Event Select Registers are the model-specific registers ",
	                     1, NULL));
	CHECK_EQ(a->counter_msr, ctr_lo);
	CHECK(ctr_hi > ctr_lo);
	CHECK_EQ(a->counters, ctr_hi - ctr_lo + 1);
	CHECK(strstr(amd_text, "The four Performance Event Select Registers") != NULL);
	CHECK_EQ(a->counters, 4);
	CHECK_EQ(e->vendor, KPROF_CPUID_VENDOR_INTEL);
	CHECK_EQ(a->vendor, KPROF_CPUID_VENDOR_AMD);
}

int main(int argc, char **argv)
{
	static seed_row seed[3][256];
	static spec_row spec[SPEC_ROWS_MAX];
	char *text[3];
	int n[3], ns, k;
	const char *ci = getenv("CI");
	if (argc != 2) {
		fprintf(stderr, "usage: %s SPEC_ROWS.tsv\n", argv[0]);
		return 2;
	}
	for (k = 0; k < 3; k++)
		text[k] = read_seed((seed_kind)k);
	if (!text[0] || !text[1] || !text[2]) {
		fprintf(stderr, "seeds not readable under %s/seeds\n", kt_shared_dir());
		if (ci && strcmp(ci, "true") == 0) {
			CHECK(!"seeds present (CI=true: a missing ../shared is a failure)");
			return kt_done();
		}
		printf("skipped: no seeds (set KPROF_SHARED)\n");
		return kt_done();
	}
	check_interfaces(text[SEED_EMON], text[SEED_AMD64]);
	ns = spec_rows_load(argv[1], spec, SPEC_ROWS_MAX);
	CHECK(ns > 0);
	for (k = 0; k < 3; k++) {
		n[k] = parse_seed((seed_kind)k, text[k], seed[k], 256);
		if (!CHECK(n[k] > 0))
			fprintf(stderr, "seed %s: table header \"%s\" not found\n",
			        seed_file_prefix[k], seed_header[k]);
		compare_header((seed_kind)k, seed[k], n[k]);
		if (ns > 0)
			compare_spec((seed_kind)k, seed[k], n[k], spec, ns);
	}
	/* The row counts docs/api.md states, as a check on the parser itself. */
	CHECK_EQ(n[SEED_GENERIC], 25);
	CHECK_EQ(n[SEED_EMON], 13);
	CHECK_EQ(n[SEED_AMD64], 176);
	/* Default: ProfileTime only (reference/hal-profile-interfaces.md, rule 4). */
	{
		size_t c = 0;
		const kprof_source *d = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_DEFAULT, &c);
		CHECK(d && c == 1 && d[0].value == 0 &&
		      strcmp(kprof_source_name_get(d), "ProfileTime") == 0);
	}
	for (k = 0; k < 3; k++)
		free(text[k]);
	return kt_done();
}
