/* uarch_query: a window on kprof's microarchitecture table, lookups and brand string, for
 * tests/test_uarch.py, which compares what it prints with the spec and with its own reading of
 * raw dumps. It prints what the library answers; it expects nothing.
 *
 *     uarch_query table            every row: id, vendor, family, models, steppings, names
 *     uarch_query sweep            for each "VENDORHEX FAMILY" line on stdin, the row id (two hex
 *                                  digits, 00 = unknown) of every model 0..255 x stepping 0..15
 *     uarch_query dump FILE...     per CPU block: identity, row id, brand string
 *     uarch_query groups PATH...   per CPU group of a dump (a hwloc directory: its pu<N> files):
 *                                  first CPU, CPUs, leaf 0x1A core type, hybrid bit, the core named
 *     uarch_query live             this machine's identity, row id and brand string
 *
 * Strings are printed as hex (vendor strings have spaces, brand strings any byte but NUL). */
#define _POSIX_C_SOURCE 200809L
#include "kprof.h"
#include "kprof_test.h"

#include <dirent.h>

static void hex(const char *s, size_t n)
{
	size_t i;
	if (!n)
		fputs("-", stdout);
	for (i = 0; i < n; i++)
		printf("%02x", (unsigned char)s[i]);
}

static const char *core_name(uint32_t id, unsigned *type)
{
	const kprof_cpuid_core *c = kprof_cpuid_core_by_id((kprof_cpuid_core_id)id);
	*type = c ? c->type : 0xFFu;
	return c ? kprof_cpuid_core_name_get(c) : "-";
}

static void table(void)
{
	uint32_t id;
	for (id = KPROF_CPUID_UARCH_FIRST; id < KPROF_CPUID_UARCH_FIRST + KPROF_CPUID_UARCH_COUNT + 1; id++) {
		const kprof_cpuid_uarch *u = kprof_cpuid_uarch_by_id((kprof_cpuid_uarch_id)(id));
		const char *v;
		unsigned ct, at;
		const char *cn, *an;
		if (!u) {
			printf("NOROW\t%u\n", (unsigned)id);
			continue;
		}
		v = kprof_cpuid_uarch_vendor_get(u);
		cn = core_name(u->core, &ct);
		an = core_name(u->atom, &at);
		printf("ROW\t%u\t", (unsigned)u->id);
		hex(v, strlen(v));
		printf("\t%u\t%u\t%u\t%u\t%u\t%s\t%s\t%u\t%s\t%u\n", (unsigned)u->family, (unsigned)u->model_min,
		       (unsigned)u->model_max, (unsigned)u->stepping_min, (unsigned)u->stepping_max,
		       kprof_cpuid_uarch_name_get(u), cn, ct, an, at);
	}
}

static void sweep(void)
{
	char line[256];
	while (fgets(line, sizeof line, stdin)) {
		char vendor[13] = {0};
		unsigned i, fam, model, stepping;
		char vh[64];
		if (sscanf(line, "%63s %u", vh, &fam) != 2 || strlen(vh) != 24)
			continue;
		for (i = 0; i < 12; i++) {
			unsigned b;
			sscanf(vh + 2 * i, "%2x", &b);
			vendor[i] = (char)b;
		}
		printf("%s %u ", vh, fam);
		for (model = 0; model < 256; model++)
			for (stepping = 0; stepping < 16; stepping++) {
				const kprof_cpuid_uarch *u = kprof_cpuid_uarch_by_signature(vendor, fam, model, stepping);
				printf("%02x", u ? u->id : 0);
			}
		printf("\n");
	}
}

static void print_cpu(const char *path, unsigned cpu, const kprof_cpuid_snapshot *s)
{
	char vendor[13], brand[KPROF_CPUID_BRAND_SIZE];
	size_t blen = 0;
	kprof_status st;
	const kprof_cpuid_uarch *u = kprof_cpuid_uarch_by_snapshot(s);
	uint32_t leaf1[4], eax;
	(void)kprof_cpuid_snapshot_get(s, KPROF_CPUID_SLOT_FEATURES, leaf1); /* zeroed when missing */
	eax = leaf1[KPROF_CPUID_REG_EAX];
	printf("CPU\t%s\t%u\t", path, cpu);
	if (kprof_cpuid_vendor_string_get(s, vendor) == KPROF_OK)
		hex(vendor, 12);
	else
		fputs("-", stdout);
	printf("\t%u\t%u\t%u\t%u\t", (unsigned)kprof_cpuid_family_get(eax), (unsigned)kprof_cpuid_model_get(eax),
	       (unsigned)kprof_cpuid_stepping_get(eax), u ? (unsigned)u->id : 0u);
	st = kprof_cpuid_brand_get(s, brand, sizeof brand, &blen);
	printf("%s\t", kprof_status_name(st));
	hex(brand, st == KPROF_OK ? blen : 0);
	printf("\n");
}

static void dump(int argc, char **argv)
{
	int a;
	for (a = 0; a < argc; a++) {
		size_t len;
		char *text = kt_read_file(argv[a], &len);
		unsigned cpu;
		if (!text) {
			printf("ERR\t%s\topen\n", argv[a]);
			continue;
		}
		for (cpu = 0;; cpu++) {
			kprof_cpuid_snapshot s;
			kprof_dump_error err;
			kprof_status st = kprof_dump_snapshot_get(text, len, cpu, &s, &err);
			if (st == KPROF_E_NOT_FOUND && cpu > 0)
				break;
			if (st != KPROF_OK) {
				printf("ERR\t%s\t%s\n", argv[a], kprof_status_name(st));
				break;
			}
			print_cpu(argv[a], cpu, &s);
		}
		free(text);
	}
}

static int pu_number(const char *name)
{
	int n = 0;
	if (strncmp(name, "pu", 2) || !name[2])
		return -1;
	for (name += 2; *name; name++) {
		if (*name < '0' || *name > '9' || n > 100000)
			return -1;
		n = n * 10 + (*name - '0');
	}
	return n;
}

static void add_text(kprof_cpu_groups *g, const char *path)
{
	size_t len;
	char *text = kt_read_file(path, &len);
	if (!text || kprof_cpu_dump_add(g, text, len, NULL) != KPROF_OK)
		printf("ERR\t%s\tgroups\n", path);
	free(text);
}

static void groups(int argc, char **argv)
{
	int a;
	for (a = 0; a < argc; a++) {
		static kprof_cpu_group group[64];
		kprof_cpu_groups g;
		DIR *d = opendir(argv[a]);
		uint32_t i;
		kprof_cpu_groups_init(&g, group, 64, NULL, 0);
		if (d) {
			/* hwloc: pu0, pu1, ... in number order. */
			int max = -1, n;
			struct dirent *e;
			char path[4096];
			while ((e = readdir(d)) != NULL)
				if ((n = pu_number(e->d_name)) > max)
					max = n;
			closedir(d);
			for (n = 0; n <= max; n++) {
				FILE *f;
				snprintf(path, sizeof path, "%s/pu%d", argv[a], n);
				if ((f = fopen(path, "rb")) == NULL)
					continue;
				fclose(f);
				add_text(&g, path);
			}
		} else {
			add_text(&g, argv[a]);
		}
		for (i = 0; i < g.count; i++) {
			const kprof_cpu_group *gr = &group[i];
			uint32_t ext[4];
			uint32_t type = gr->facts.present & (1ull << KPROF_CPU_FACT_CORE_TYPE)
			                        ? gr->facts.value[KPROF_CPU_FACT_CORE_TYPE] >> KPROF_CPUID_1A_EAX_CORE_TYPE_SHIFT
			                        : 0;
			int hybrid = kprof_cpuid_snapshot_get(&gr->snap, KPROF_CPUID_SLOT_STRUCT_EXT, ext) == KPROF_OK &&
			             (ext[KPROF_CPUID_REG_EDX] & KPROF_CPUID_07_0_EDX_HYBRID_MASK);
			const kprof_cpuid_core *c =
			        kprof_cpuid_core_by_type(kprof_cpuid_uarch_by_snapshot(&gr->snap), hybrid, type);
			printf("GROUP\t%s\t%u\t%u\t%u\t%d\t%u\n", argv[a], (unsigned)gr->first_cpu, (unsigned)gr->cpus,
			       (unsigned)type, hybrid, c ? (unsigned)c->id : 0u);
		}
	}
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "table"))
		table();
	else if (argc >= 2 && !strcmp(argv[1], "sweep"))
		sweep();
	else if (argc >= 2 && !strcmp(argv[1], "dump"))
		dump(argc - 2, argv + 2);
	else if (argc >= 2 && !strcmp(argv[1], "groups"))
		groups(argc - 2, argv + 2);
	else if (argc >= 2 && !strcmp(argv[1], "live")) {
		kprof_cpuid_snapshot s;
		if (kprof_cpuid_snapshot_read(&s) != KPROF_OK)
			printf("ERR\tlive\tnot available\n");
		else
			print_cpu("live", 0, &s);
	} else {
		fprintf(stderr, "usage: uarch_query table|sweep|dump FILE...|groups PATH...|live\n");
		return 2;
	}
	return 0;
}
