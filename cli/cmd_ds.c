/* kprof ds-decode / sources-decode: BTS and PEBS buffers and PROFILE_SOURCE_INFO chains from
 * files, as text or JSON. argv[0] is the command name ("ds-decode"). Input is untrusted: the
 * file is walked once to validate it, and printed only when every record is good, so a bad
 * file gives a message naming it (and the offset) and exit status 2, never half a JSON
 * document. */
#include "kprof.h"
#include "cmd_ds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DS_MAX_FILE (256u << 20)

static const char ds_usage[] =
        "usage: kprof ds-decode --format bts|bts32|pebs0..pebs5|pebs32 [--data-cfg X] [--base ADDR]\n"
        "                       [--index ADDR] [--max ADDR] [--wrapped] [--json] FILE\n"
        "  FILE holds the buffer's bytes from its base (default 0); index defaults to the end of\n"
        "  the file, max to index (or the end of the file with --wrapped, BTS only).\n"
        "  pebs32 is NetBurst's 32-bit record; pebs4/pebs5 take --data-cfg (PEBS_DATA_CFG) or\n"
        "  read each record's own size.\n";

static const char sources_usage[] =
        "usage: kprof sources-decode [--interface emon|amd64|generic|default] [--json] FILE\n"
        "  FILE holds a PROFILE_SOURCE_INFO chain (EventTraceProfileSourceListInformation).\n";

static int ds_fail(const char *cmd, const char *file, const char *what)
{
	fprintf(stderr, "kprof %s: %s: %s\n", cmd, file ? file : "-", what);
	return 2;
}

static int ds_usage_error(const char *usage, const char *cmd, const char *what)
{
	fprintf(stderr, "kprof %s: %s\n%s", cmd, what, usage);
	return 2;
}

/* The whole file, or NULL with a message. */
static unsigned char *ds_read_file(const char *cmd, const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t n = 0, cap = 0;
	if (!f) {
		ds_fail(cmd, path, "cannot open");
		return NULL;
	}
	for (;;) {
		size_t got;
		if (n == cap) {
			unsigned char *nb;
			if (cap >= DS_MAX_FILE) {
				ds_fail(cmd, path, "larger than 256 MiB");
				free(buf);
				fclose(f);
				return NULL;
			}
			cap = cap ? cap * 2 : 65536;
			nb = (unsigned char *)realloc(buf, cap);
			if (!nb) {
				ds_fail(cmd, path, "out of memory");
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		ds_fail(cmd, path, "read error");
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	if (!buf)
		buf = (unsigned char *)malloc(1);
	*len = n;
	return buf;
}

static int ds_parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;
	if (!s || !*s || *s == '-')
		return 0;
	v = strtoull(s, &end, 0);
	if (*end)
		return 0;
	*out = (uint64_t)v;
	return 1;
}

static const char *ds_status(kprof_status st)
{
	const char *n = kprof_status_name(st);
	return n ? n : "unknown status";
}

/* ---- ds-decode */
typedef struct ds_opts {
	int bts;          /* else PEBS */
	unsigned record;  /* BTS record size */
	unsigned format;  /* PEBS format */
	uint64_t data_cfg, base, index, max;
	int have_cfg, have_index, have_max, wrapped, json;
	const char *file;
} ds_opts;

static int ds_parse_format(const char *s, ds_opts *o)
{
	if (strcmp(s, "bts") == 0) {
		o->bts = 1;
		o->record = KPROF_BTS_RECORD64_SIZE;
	} else if (strcmp(s, "bts32") == 0) {
		o->bts = 1;
		o->record = KPROF_BTS_RECORD32_SIZE;
	} else if (strcmp(s, "pebs32") == 0) {
		o->format = KPROF_PEBS_FORMAT_NETBURST32;
	} else if (strncmp(s, "pebs", 4) == 0 && s[4] >= '0' && (unsigned)(s[4] - '0') <= KPROF_PEBS_FORMAT_ADAPTIVE_MAX && !s[5]) {
		o->format = (unsigned)(s[4] - '0');
	} else {
		return 0;
	}
	return 1;
}

static void ds_json_hex(const char *key, uint64_t v, int comma)
{
	printf("%s\"%s\": \"0x%llx\"", comma ? ", " : "", key, (unsigned long long)v);
}

static void ds_print_bts(const kprof_bts_entry *e, int json, int first)
{
	if (json) {
		printf("%s\n    {", first ? "" : ",");
		ds_json_hex("at", e->at, 0);
		ds_json_hex("from", e->from, 1);
		ds_json_hex("to", e->to, 1);
		ds_json_hex("flags", e->flags, 1);
		printf(", \"predicted\": %s}", e->predicted ? "true" : "false");
	} else {
		printf("0x%016llx  from 0x%016llx  to 0x%016llx%s\n", (unsigned long long)e->at,
		       (unsigned long long)e->from, (unsigned long long)e->to, e->predicted ? "  predicted" : "");
	}
}

static void ds_print_pebs(const kprof_pebs_sample *s, const unsigned char *buf, int json, int first)
{
	static const char *const gpr_names[] = {"flags", "ip", "ax", "bx", "cx", "dx", "si", "di", "bp",
	                                        "sp", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};
	const uint64_t gpr[] = {s->gprs.flags, s->gprs.ip, s->gprs.ax, s->gprs.bx, s->gprs.cx, s->gprs.dx,
	                        s->gprs.si, s->gprs.di, s->gprs.bp, s->gprs.sp, s->gprs.r8, s->gprs.r9,
	                        s->gprs.r10, s->gprs.r11, s->gprs.r12, s->gprs.r13, s->gprs.r14, s->gprs.r15};
	unsigned i;
	if (!json) {
		printf("0x%016llx  size 0x%x  ip 0x%016llx", (unsigned long long)s->at, (unsigned)s->size,
		       (unsigned long long)s->ip);
		if (s->has & KPROF_PEBS_HAS_EVENTING_IP)
			printf("  eventing_ip 0x%016llx", (unsigned long long)s->eventing_ip);
		if (s->has & KPROF_PEBS_HAS_APPLICABLE)
			printf("  counters 0x%llx", (unsigned long long)s->applicable_counters);
		if (s->has & KPROF_PEBS_HAS_MEMINFO)
			printf("  addr 0x%llx  src 0x%llx  lat %llu", (unsigned long long)s->data_address,
			       (unsigned long long)s->data_source, (unsigned long long)s->latency);
		if (s->has & KPROF_PEBS_HAS_TSC)
			printf("  tsc %llu", (unsigned long long)s->tsc);
		if (s->has & KPROF_PEBS_HAS_LBR)
			printf("  lbr %u", (unsigned)s->lbr_count);
		printf("\n");
		return;
	}
	printf("%s\n    {", first ? "" : ",");
	ds_json_hex("at", s->at, 0);
	printf(", \"size\": %u", (unsigned)s->size);
	ds_json_hex("ip", s->ip, 1);
	if (s->has & KPROF_PEBS_HAS_EVENTING_IP)
		ds_json_hex("eventing_ip", s->eventing_ip, 1);
	if (s->has & KPROF_PEBS_HAS_APPLICABLE)
		ds_json_hex("applicable_counters", s->applicable_counters, 1);
	if (s->has & KPROF_PEBS_HAS_MEMINFO) {
		ds_json_hex("data_address", s->data_address, 1);
		ds_json_hex("data_source", s->data_source, 1);
		ds_json_hex("latency", s->latency, 1);
	}
	if (s->has & KPROF_PEBS_HAS_TSX)
		ds_json_hex("tsx_tuning", s->tsx_tuning, 1);
	if (s->has & KPROF_PEBS_HAS_TSC)
		ds_json_hex("tsc", s->tsc, 1);
	if (s->format >= KPROF_PEBS_FORMAT_ADAPTIVE && s->format <= KPROF_PEBS_FORMAT_ADAPTIVE_MAX) {
		ds_json_hex("format_group", s->format_group, 1);
		ds_json_hex("retire_latency", s->retire_latency, 1);
	}
	if (s->has & KPROF_PEBS_HAS_GPRS) {
		printf(", \"gprs\": {");
		for (i = 0; i < KPROF_ARRAY_COUNT(gpr_names); i++)
			ds_json_hex(gpr_names[i], gpr[i], i != 0);
		printf("}");
	}
	if (s->has & KPROF_PEBS_HAS_XMM) {
		kprof_pebs_xmm x;
		memset(&x, 0, sizeof(x));
		(void)kprof_pebs_xmm_decode(buf + s->xmm_offset, KPROF_PEBS_XMM_SIZE, &x);
		printf(", \"xmm\": [");
		for (i = 0; i < KPROF_ARRAY_COUNT(x.xmm); i++)
			printf("%s\"0x%llx\"", i ? ", " : "", (unsigned long long)x.xmm[i]);
		printf("]");
	}
	if (s->has & KPROF_PEBS_HAS_LBR) {
		printf(", \"lbr\": [");
		for (i = 0; i < s->lbr_count; i++) {
			kprof_pebs_lbr_entry l;
			memset(&l, 0, sizeof(l));
			(void)kprof_pebs_lbr_entry_decode(buf + s->lbr_offset + (size_t)i * KPROF_PEBS_LBR_ENTRY_SIZE,
			                                  KPROF_PEBS_LBR_ENTRY_SIZE, &l);
			printf("%s{", i ? ", " : "");
			ds_json_hex("from", l.from, 0);
			ds_json_hex("to", l.to, 1);
			ds_json_hex("info", l.info, 1);
			printf("}");
		}
		printf("]");
	}
	printf("}");
}

/* Walk once; with print, print each record. Returns 0 or the status, *bad the offset. */
static kprof_status ds_walk(const ds_opts *o, const unsigned char *buf, size_t len, int print, uint64_t *bad,
                            unsigned long *count)
{
	kprof_status st;
	*count = 0;
	*bad = o->index - o->base;
	if (o->bts) {
		kprof_bts_walk w;
		kprof_bts_entry e;
		st = kprof_bts_walk_init(&w, buf, len, o->base, o->index, o->max, o->record,
		                         o->wrapped ? KPROF_BTS_WRAPPED : 0);
		while (st == KPROF_OK && (st = kprof_bts_walk_next(&w, &e)) == KPROF_OK) {
			if (print)
				ds_print_bts(&e, o->json, *count == 0);
			++*count;
		}
	} else {
		kprof_pebs_walk w;
		kprof_pebs_sample s;
		uint64_t next = 0;
		st = kprof_pebs_walk_init(&w, buf, len, o->base, o->index, o->max, o->format, o->data_cfg, o->have_cfg);
		while (st == KPROF_OK && (st = kprof_pebs_walk_next(&w, &s)) == KPROF_OK) {
			if (print)
				ds_print_pebs(&s, buf, o->json, *count == 0);
			next = s.at - o->base + s.size;
			++*count;
		}
		if (st != KPROF_E_NOT_FOUND && *count)
			*bad = next;
		else if (st == KPROF_E_CORRUPT)
			*bad = 0;
	}
	return st == KPROF_E_NOT_FOUND ? KPROF_OK : st;
}

int kprof_cmd_ds_decode(int argc, char **argv)
{
	const char *cmd = "ds-decode";
	ds_opts o;
	unsigned char *buf;
	size_t len;
	int i, have_format = 0;
	uint64_t bad;
	unsigned long count;
	kprof_status st;
	memset(&o, 0, sizeof(o));
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--json") == 0) {
			o.json = 1;
		} else if (strcmp(a, "--wrapped") == 0) {
			o.wrapped = 1;
		} else if (strcmp(a, "--format") == 0) {
			if (!v || !ds_parse_format(v, &o))
				return ds_usage_error(ds_usage, cmd, "--format needs bts, bts32, pebs0..pebs5 or pebs32");
			have_format = 1;
			i++;
		} else if (strcmp(a, "--data-cfg") == 0 || strcmp(a, "--base") == 0 || strcmp(a, "--index") == 0 ||
		           strcmp(a, "--max") == 0) {
			uint64_t x;
			if (!ds_parse_u64(v, &x))
				return ds_usage_error(ds_usage, cmd, "option needs a number (decimal or 0x...)");
			if (a[2] == 'd') {
				o.data_cfg = x;
				o.have_cfg = 1;
			} else if (a[2] == 'b') {
				o.base = x;
			} else if (a[2] == 'i') {
				o.index = x;
				o.have_index = 1;
			} else {
				o.max = x;
				o.have_max = 1;
			}
			i++;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(ds_usage, stdout);
			return 0;
		} else if (a[0] == '-' && a[1]) {
			return ds_usage_error(ds_usage, cmd, "unknown option");
		} else if (o.file) {
			return ds_usage_error(ds_usage, cmd, "one FILE only");
		} else {
			o.file = a;
		}
	}
	if (!have_format || !o.file)
		return ds_usage_error(ds_usage, cmd, "--format and FILE are required");
	if (o.wrapped && !o.bts)
		return ds_usage_error(ds_usage, cmd, "--wrapped is for BTS buffers (PEBS never wraps)");
	if (o.have_cfg && (o.bts || o.format < KPROF_PEBS_FORMAT_ADAPTIVE || o.format > KPROF_PEBS_FORMAT_ADAPTIVE_MAX))
		return ds_usage_error(ds_usage, cmd, "--data-cfg is for pebs4/pebs5");
	buf = ds_read_file(cmd, o.file, &len);
	if (!buf)
		return 2;
	if (o.base > UINT64_MAX - len) {
		free(buf);
		return ds_fail(cmd, o.file, "--base plus the file's size overflows");
	}
	if (!o.have_index)
		o.index = o.base + len;
	if (!o.have_max)
		o.max = o.wrapped ? o.base + len : o.index;
	st = ds_walk(&o, buf, len, 0, &bad, &count);
	if (st != KPROF_OK) {
		fprintf(stderr, "kprof %s: %s: offset 0x%llx: %s\n", cmd, o.file, (unsigned long long)bad, ds_status(st));
		free(buf);
		return 2;
	}
	if (o.json)
		printf("{\"format\": \"%s\", \"base\": \"0x%llx\", \"index\": \"0x%llx\", \"count\": %lu, \"records\": [",
		       o.bts ? (o.record == KPROF_BTS_RECORD64_SIZE ? "bts" : "bts32")
		             : (o.format == KPROF_PEBS_FORMAT_NETBURST32 ? "pebs32" : "pebs"),
		       (unsigned long long)o.base, (unsigned long long)o.index, count);
	(void)ds_walk(&o, buf, len, 1, &bad, &count);
	if (o.json)
		printf("%s]}\n", count ? "\n  " : "");
	free(buf);
	return 0;
}

/* ---- sources-decode */
static void ds_json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static kprof_status ds_sources_walk(const unsigned char *buf, size_t len, kprof_interface itf, int json, int print,
                                    uint64_t *bad, unsigned long *count)
{
	kprof_psi_iter it;
	kprof_psi_entry e;
	kprof_status st;
	*count = 0;
	*bad = 0;
	kprof_psi_iter_init(&it, buf, len);
	while ((st = kprof_psi_next(&it, &e)) == KPROF_OK) {
		char desc[512];
		size_t dlen;
		kprof_psi_match m;
		kprof_status ms;
		*bad = e.offset + (uint64_t)(e.next_entry_offset ? e.next_entry_offset : 0);
		(void)kprof_psi_description_utf8(buf, len, &e, desc, sizeof(desc), &dlen); /* a long one is cut */
		ms = kprof_psi_match_source(&e, itf, &m);
		if (print && json) {
			printf("%s\n    {\"offset\": %u, \"source\": %u, \"description\": ", *count ? "," : "",
			       (unsigned)e.offset, (unsigned)e.source);
			ds_json_string(desc);
			printf(", \"terminated\": %s, \"min_interval\": %u, \"max_interval\": %u, \"known\": %s, \"name\": ",
			       e.description_terminated ? "true" : "false", (unsigned)e.min_interval,
			       (unsigned)e.max_interval, ms == KPROF_OK ? "true" : "false");
			if (ms == KPROF_OK) {
				ds_json_string(kprof_source_name(m.source));
				printf(", \"table\": \"%s\"}", m.later ? "intel_later" : "named");
			} else {
				printf("null}");
			}
		} else if (print) {
			printf("0x%02X  %-32s  min %10u  max %10u  %s%s\n", (unsigned)e.source, desc,
			       (unsigned)e.min_interval, (unsigned)e.max_interval,
			       ms == KPROF_OK ? kprof_source_name(m.source) : "unknown to kprof",
			       e.description_terminated ? "" : "  (no NUL)");
		}
		++*count;
	}
	return st == KPROF_E_NOT_FOUND ? KPROF_OK : st;
}

int kprof_cmd_sources_decode(int argc, char **argv)
{
	const char *cmd = "sources-decode", *file = NULL, *itf_name = "emon";
	kprof_interface itf = KPROF_INTERFACE_EMON;
	int i, json = 0;
	unsigned char *buf;
	size_t len;
	uint64_t bad;
	unsigned long count;
	kprof_status st;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--json") == 0) {
			json = 1;
		} else if (strcmp(a, "--interface") == 0) {
			const char *v = i + 1 < argc ? argv[++i] : "";
			itf_name = v;
			if (strcmp(v, "emon") == 0)
				itf = KPROF_INTERFACE_EMON;
			else if (strcmp(v, "amd64") == 0)
				itf = KPROF_INTERFACE_AMD64;
			else if (strcmp(v, "generic") == 0)
				itf = KPROF_INTERFACE_GENERIC;
			else if (strcmp(v, "default") == 0)
				itf = KPROF_INTERFACE_DEFAULT;
			else
				return ds_usage_error(sources_usage, cmd, "--interface needs emon, amd64, generic or default");
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(sources_usage, stdout);
			return 0;
		} else if (a[0] == '-' && a[1]) {
			return ds_usage_error(sources_usage, cmd, "unknown option");
		} else if (file) {
			return ds_usage_error(sources_usage, cmd, "one FILE only");
		} else {
			file = a;
		}
	}
	if (!file)
		return ds_usage_error(sources_usage, cmd, "FILE is required");
	buf = ds_read_file(cmd, file, &len);
	if (!buf)
		return 2;
	st = ds_sources_walk(buf, len, itf, json, 0, &bad, &count);
	if (st != KPROF_OK) {
		fprintf(stderr, "kprof %s: %s: entry at offset 0x%llx: %s\n", cmd, file, (unsigned long long)bad,
		        ds_status(st));
		free(buf);
		return 2;
	}
	if (json)
		printf("{\"interface\": \"%s\", \"count\": %lu, \"entries\": [", itf_name, count);
	(void)ds_sources_walk(buf, len, itf, json, 1, &bad, &count);
	if (json)
		printf("%s]}\n", count ? "\n  " : "");
	free(buf);
	return 0;
}
