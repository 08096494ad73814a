/* Every select value of the Emon and Amd64 tables against libpfm4's event tables, and the
 * Emon selects against Linux's intel_perfmon_event_map as the reference quotes it.
 *
 *     test_libpfm4 SPEC_ROWS.tsv PMUS.tsv
 *         (tests/spec_rows.py [--libpfm4-pmus] spec/source.yaml > SPEC_ROWS.tsv / PMUS.tsv)
 *
 * Each table is checked against every PMU its `libpfm4_pmus` lists (for Amd64: every K8
 * revision and the K8-derived families 10h..14h, each revision its own table).
 * A select matches a PMU when libpfm4 has an event with its event code whose unit masks
 * cover exactly the select's umask bits (umask 0: an event without unit masks). Each PMU is
 * read in a child process with LIBPFM_FORCE_PMU set, because libpfm4 reads the variable once
 * and cannot be re-initialised; forcing ix86arch also makes libpfm4 list all seven
 * architectural events (ebx = 0) whatever this machine is, in cpuid 0x0A ebx bit order.
 *
 * Known differences are recorded in spec/source.yaml as `libpfm4: "<pmu>[, <pmu>]: why"`,
 * a PMU given by name or shell pattern (amd64_k8_rev*). A row whose reason names a PMU must
 * differ from that PMU, and a row that differs must have a reason naming it: a stale reason
 * fails as surely as a new difference. */
#define _POSIX_C_SOURCE 200809L
#include <fnmatch.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kprof.h"
#include "kprof_test.h"
#include "pfm_walk.h"
#include "spec_rows.h"

#define MAX_EVENTS 512
#define MAX_UMASKS 48

typedef struct pfm_ev {
	uint64_t code;
	uint32_t n_umask;
	uint64_t umask[MAX_UMASKS];
} pfm_ev;

typedef struct pmu_events {
	char table[32]; /* the spec table it checks */
	char name[64];  /* libpfm4's PMU name */
	int count;      /* -1 when libpfm4 could not give the PMU's events */
	pfm_ev ev[MAX_EVENTS];
} pmu_events;

#define MAX_PMUS 32
static pmu_events *pmus[MAX_PMUS];
static int npmus;

/* In the child: one event, or a unit mask of the event before it (tests/pfm_walk.h), into
 * out. */
static int add_event(void *ctx, int umask, uint64_t code, const char *name)
{
	pmu_events *out = (pmu_events *)ctx;
	pfm_ev *ev;
	(void)name;
	if (!umask) {
		if (out->count == MAX_EVENTS) {
			fprintf(stderr, "%s: more than %d events\n", out->name, MAX_EVENTS);
			return 1;
		}
		ev = &out->ev[out->count++];
		ev->code = code;
		ev->n_umask = 0;
		return 0;
	}
	ev = &out->ev[out->count - 1];
	if (ev->n_umask == MAX_UMASKS)
		return 1;
	ev->umask[ev->n_umask++] = code;
	return 0;
}

/* In the child: list the PMU's events with their unit masks, write them to fd. */
static int dump_pmu(const pmu_events *p, int fd)
{
	static pmu_events out;
	out.count = 0;
	snprintf(out.name, sizeof out.name, "%s", p->name);
	if (pfm_walk(p->name, add_event, &out))
		return 1;
	return write(fd, &out, sizeof out) == (ssize_t)sizeof out ? 0 : 1;
}

static int load_pmu(pmu_events *p)
{
	int fds[2], status;
	size_t got = 0;
	pid_t pid;
	static pmu_events in;
	if (pipe(fds) != 0)
		return 0;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return 0;
	if (pid == 0) {
		close(fds[0]);
		_exit(dump_pmu(p, fds[1]));
	}
	close(fds[1]);
	while (got < sizeof in) {
		ssize_t n = read(fds[0], (char *)&in + got, sizeof in - got);
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fds[0]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
	    got != sizeof in)
		return 0;
	p->count = in.count;
	memcpy(p->ev, in.ev, sizeof p->ev);
	return 1;
}

/* One line of the PMU list: table, pmu. */
static int add_pmu(char **f, void *ctx)
{
	pmu_events *p;
	(void)ctx;
	if (npmus == MAX_PMUS || strlen(f[0]) >= sizeof p->table || strlen(f[1]) >= sizeof p->name)
		return -1;
	p = calloc(1, sizeof *p);
	if (!p)
		return -1;
	strcpy(p->table, f[0]);
	strcpy(p->name, f[1]);
	p->count = -1;
	pmus[npmus++] = p;
	return 0;
}

/* Does a reason's PMU list ("a, b*: why") name this PMU? */
static int reason_names(const char *reason, const char *pmu)
{
	char list[512], *tok, *save = NULL;
	const char *colon = strstr(reason, ": ");
	size_t n = colon ? (size_t)(colon - reason) : 0;
	if (!colon || n >= sizeof list)
		return 0;
	memcpy(list, reason, n);
	list[n] = '\0';
	for (tok = strtok_r(list, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save))
		if (fnmatch(tok, pmu, 0) == 0)
			return 1;
	return 0;
}

/* Does the PMU have an event with this code whose unit masks cover exactly umask? */
static int pmu_matches(const pmu_events *p, uint64_t code, unsigned umask)
{
	int i;
	for (i = 0; i < p->count; i++) {
		const pfm_ev *ev = &p->ev[i];
		uint64_t cover = 0;
		uint32_t u;
		if (ev->code != code)
			continue;
		if (umask == 0) {
			if (ev->n_umask == 0)
				return 1;
			continue;
		}
		for (u = 0; u < ev->n_umask; u++)
			if (ev->umask[u] && (ev->umask[u] & ~(uint64_t)umask) == 0)
				cover |= ev->umask[u];
		if (ev->n_umask && cover == umask)
			return 1;
	}
	return 0;
}

static const spec_row *spec_find(const spec_row *spec, int ns, const char *table, unsigned v)
{
	int i;
	for (i = 0; i < ns; i++)
		if (strcmp(spec[i].table, table) == 0 && spec[i].value == v)
			return &spec[i];
	return NULL;
}

/* One row against one PMU: a difference must be recorded, a recorded one must still hold. */
static int cross_check(const char *table, const kprof_source *s, const spec_row *sr,
                       const pmu_events *p, uint64_t code, unsigned umask)
{
	int match = pmu_matches(p, code, umask);
	int expect_differ = sr && sr->reason[0] && reason_names(sr->reason, p->name);
	if (match && expect_differ) {
		CHECK(!"a libpfm4 exception that no longer holds");
		fprintf(stderr,
		        "  %s 0x%02X %s: select 0x%08X now matches %s; drop it from the libpfm4 "
		        "reason\n",
		        table, s->value, kprof_source_name_get(s), (unsigned)s->select, p->name);
	} else if (!match && !expect_differ) {
		CHECK(!"a select libpfm4 does not know, with no recorded reason");
		fprintf(stderr,
		        "  %s 0x%02X %s: select 0x%08X (event 0x%llX umask 0x%02X) is not in %s\n",
		        table, s->value, kprof_source_name_get(s), (unsigned)s->select,
		        (unsigned long long)code, umask, p->name);
	} else {
		CHECK(1);
	}
	return match;
}

/* Linux's intel_perfmon_event_map as reference/hal-profile-interfaces.md quotes it:
 * "`intel_perfmon_event_map` (0x003c, 0x00c0, ...)". */
static int linux_event_map(unsigned long *out, int cap)
{
	char path[4096];
	char *text, *p;
	int n = 0;
	snprintf(path, sizeof path, "%s/reference/hal-profile-interfaces.md", kt_shared_dir());
	text = kt_read_file(path, NULL);
	if (!text)
		return -1;
	p = strstr(text, "intel_perfmon_event_map` (");
	if (p) {
		p = strchr(p, '(') + 1;
		while (n < cap) {
			char *end;
			out[n] = strtoul(p, &end, 16);
			if (end == p)
				break;
			n++;
			p = end;
			if (*p != ',')
				break;
			p++;
		}
	}
	free(text);
	return n;
}

int main(int argc, char **argv)
{
	static spec_row spec[SPEC_ROWS_MAX];
	const char *ci = getenv("CI");
	unsigned long linux_map[16];
	int ns, nl, k, i;
	size_t n, j;
	const kprof_source *rows;
	const pmu_events *arch = NULL;
	int reasons = 0;
	if (argc != 3) {
		fprintf(stderr, "usage: %s SPEC_ROWS.tsv PMUS.tsv\n", argv[0]);
		return 2;
	}
	ns = spec_rows_load(argv[1], spec, SPEC_ROWS_MAX);
	CHECK(ns > 0);
	if (!CHECK(spec_read_rows(argv[2], 2, add_pmu, NULL) > 0))
		fprintf(stderr, "no PMUs in %s\n", argv[2]);
	for (k = 0; k < npmus; k++) {
		if (!CHECK(load_pmu(pmus[k])))
			fprintf(stderr, "cannot read libpfm4 PMU %s\n", pmus[k]->name);
		if (strcmp(pmus[k]->name, "ix86arch") == 0)
			arch = pmus[k];
	}
	/* ix86arch with ebx = 0: exactly the seven architectural events, bit order. */
	if (CHECK(arch != NULL))
		CHECK_EQ(arch->count, 7);

	rows = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_EMON, &n);
	for (j = 0; rows && arch && j < n; j++) {
		const kprof_source *s = &rows[j];
		const spec_row *sr = spec_find(spec, ns, "emon", s->value);
		unsigned ev = s->select & 0xFF, um = (s->select >> 8) & 0xFF;
		CHECK(sr != NULL);
		/* ix86arch codes carry the umask (0x412e); accept either spelling. */
		if (pmu_matches(arch, s->select & 0xFFFF, 0))
			um = 0, ev = s->select & 0xFFFF;
		cross_check("emon", s, sr, arch, ev, um);
		/* The cpuid 0x0A ebx bit that gates the source names the same event. */
		if (s->ebx_bit >= 0 && CHECK(s->ebx_bit < arch->count))
			if (!CHECK_EQ(arch->ev[s->ebx_bit].code, s->select & 0xFFFF))
				fprintf(stderr,
				        "  emon 0x%02X: ebx bit %d is libpfm4 event 0x%llX\n",
				        s->value, s->ebx_bit,
				        (unsigned long long)arch->ev[s->ebx_bit].code);
	}

	/* Every Amd64 select against every PMU of the amd64 table's list. */
	rows = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_AMD64, &n);
	for (k = 0; k < npmus; k++) {
		int matched = 0;
		if (strcmp(pmus[k]->table, "amd64") != 0 || pmus[k]->count < 0)
			continue;
		for (j = 0; rows && j < n; j++) {
			const kprof_source *s = &rows[j];
			const spec_row *sr = spec_find(spec, ns, "amd64", s->value);
			kprof_pmu_select d;
			CHECK(sr != NULL);
			if (!CHECK_EQ(kprof_pmu_select_unpack(KPROF_CPUID_VENDOR_AMD, s->select, &d), KPROF_OK))
				continue;
			matched += cross_check("amd64", s, sr, pmus[k], d.event, d.umask);
		}
		printf("amd64: %d of %zu selects match %s (%d events)\n", matched, n, pmus[k]->name,
		       pmus[k]->count);
	}

	/* A reason must name (or match) a PMU its own table is checked against. */
	for (i = 0; i < ns; i++) {
		int names = 0;
		if (!spec[i].reason[0])
			continue;
		reasons++;
		for (k = 0; k < npmus; k++)
			names |= strcmp(pmus[k]->table, spec[i].table) == 0 &&
			         reason_names(spec[i].reason, pmus[k]->name);
		if (!CHECK(names))
			fprintf(stderr,
			        "  %s 0x%02lX: libpfm4 reason must start with the PMU(s) it "
			        "concerns: %s\n",
			        spec[i].table, spec[i].value, spec[i].reason);
	}

	/* Linux: every Emon select is one of intel_perfmon_event_map's, and every map value that
	 * is an architectural event is used. */
	nl = linux_event_map(linux_map, 16);
	if (nl < 0 && !(ci && strcmp(ci, "true") == 0)) {
		printf("skipped: Linux cross-check (no reference under %s)\n", kt_shared_dir());
	} else {
		CHECK_EQ(nl, 7);
		rows = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_EMON, &n);
		for (j = 0; rows && j < n; j++) {
			int found = 0;
			for (i = 0; i < nl; i++)
				found |= linux_map[i] == (rows[j].select & 0xFFFF);
			if (!CHECK(found))
				fprintf(stderr,
				        "  emon 0x%02X: select 0x%08X is not in "
				        "intel_perfmon_event_map\n",
				        rows[j].value, (unsigned)rows[j].select);
		}
		for (i = 0; i < nl; i++) {
			int used = 0;
			for (j = 0; rows && j < n; j++)
				used |= linux_map[i] == (rows[j].select & 0xFFFF);
			CHECK(used);
		}
	}
	printf("%d PMUs, %d recorded exceptions\n", npmus, reasons);
	for (k = 0; k < npmus; k++)
		free(pmus[k]);
	return kt_done();
}
