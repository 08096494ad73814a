/* kprof ds-decode / sources-decode: BTS and PEBS buffers and PROFILE_SOURCE_INFO chains from
 * files, as text or JSON. Input is untrusted: a bad record stops the walk with a message
 * naming the file and offset (exit 2), and the buffered output is dropped, so there is never
 * half a JSON document. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* --format choices: bts, bts32, pebs0..pebsN (N = the highest adaptive format kprof.h
 * decodes), pebs32 (NetBurst), arch-pebs (architectural PEBS: no DS area). */
enum { FORMAT_BTS, FORMAT_BTS32, FORMAT_PEBS0 };
#define FORMAT_PEBS32 (FORMAT_PEBS0 + (int)KPROF_PEBS_FORMAT_ADAPTIVE_MAX + 1)
#define FORMAT_ARCH (FORMAT_PEBS32 + 1)
#define FORMAT_IBS_FETCH (FORMAT_ARCH + 1) /* AMD IBS: Linux perf raw samples */
#define FORMAT_IBS_OP (FORMAT_ARCH + 2)

/* The format words, one row each; a row spanning codes first..last is numbered from 0 (pebs0 to
 * pebs<KPROF_PEBS_FORMAT_ADAPTIVE_MAX>: PERF_CAPABILITIES pebs_format). */
static const struct format_word {
	const char *word;
	int first, last;
} format_words[] = {
	{"bts", FORMAT_BTS, FORMAT_BTS},
	{"bts32", FORMAT_BTS32, FORMAT_BTS32},
	{"pebs", FORMAT_PEBS0, FORMAT_PEBS32 - 1},
	{"pebs32", FORMAT_PEBS32, FORMAT_PEBS32},
	{"arch-pebs", FORMAT_ARCH, FORMAT_ARCH},
	{"ibs-fetch", FORMAT_IBS_FETCH, FORMAT_IBS_FETCH},
	{"ibs-op", FORMAT_IBS_OP, FORMAT_IBS_OP},
};

const char *kprof_cli_choice_ds_format(int i)
{
	static char name[16];
	size_t r;
	for (r = 0; r < sizeof format_words / sizeof format_words[0]; r++) {
		const struct format_word *w = &format_words[r];
		if (i < w->first || i > w->last)
			continue;
		if (w->first == w->last)
			return w->word;
		snprintf(name, sizeof name, "%s%d", w->word, i - w->first);
		return name;
	}
	return NULL;
}

/* --access: the kinds of event a data source is read for (kprof_pebs_data_source_access). */
const char *kprof_cli_choice_ds_access(int i)
{
	return i < 0 ? NULL : kprof_pebs_data_source_access_name((kprof_pebs_data_source_access)i);
}

/* --core: the core microarchitectures kprof names (docs/uarch.md), for completion. */
const char *kprof_cli_choice_core(int i)
{
	return i < 0 ? NULL
	             : kprof_cpuid_core_name_get(kprof_cpuid_core_by_id(
	                       (kprof_cpuid_core_id)(KPROF_CPUID_CORE_FIRST + (unsigned)i)));
}

/* How the records' data sources are read: the processor's scheme, or why it is unknown. */
typedef struct ds_source {
	int on;                                 /* the format has a data source (pebs1 and up) */
	kprof_pebs_data_source_access access;
	kprof_pebs_data_source_scheme scheme;
	int known;                              /* scheme has a table */
	int stores;                             /* a store kind: no table, known bits */
	const char *uarch, *core;               /* names, or NULL */
	char why[256];                          /* when not known: why, in words */
} ds_source;

typedef struct ds_opts {
	int arch;        /* architectural PEBS (index: IA32_PEBS_INDEX) */
	int bts;         /* else PEBS */
	unsigned record; /* BTS record size */
	unsigned format; /* PEBS format */
	uint64_t data_cfg, base, index, max;
	int have_cfg, wrapped, json;
	ds_source src;
} ds_opts;

/* A data-source flag as JSON: true, false, or null (not reported). */
static const char *flag_json(kprof_pebs_data_source_flag f)
{
	return f == KPROF_PEBS_DATA_SOURCE_FLAG_NA ? "null" : kprof_cli_json_bool(f == KPROF_PEBS_DATA_SOURCE_FLAG_YES);
}

/* One record's data source in words: text after "src 0x..", or a JSON member. */
static void print_source(const ds_source *src, uint64_t raw, int json)
{
	kprof_pebs_data_source d;
	const char *meaning;
	if (!src->on)
		return;
	if (kprof_pebs_data_source_unpack(&src->scheme, src->access, raw, &d) != KPROF_OK) {
		if (!json)
			kprof_cli_puts(" (unknown)");
		return;
	}
	meaning = d.row ? kprof_pebs_data_source_code_meaning_get(kprof_pebs_data_source_code_by_id(d.row)) : NULL;
	if (json) {
		kprof_cli_puts(", \"data_source_words\": {\"meaning\": ");
		if (meaning)
			kprof_cli_json_string(meaning);
		else
			kprof_cli_puts("null");
		kprof_cli_printf(", \"code\": %u, \"level\": ", (unsigned)d.code);
		kprof_cli_json_string(kprof_pebs_data_source_level_name(d.level));
		kprof_cli_printf(", \"hit\": %s, \"snoop\": ", kprof_cli_json_bool(d.hit));
		kprof_cli_json_string(kprof_pebs_data_source_snoop_name(d.snoop));
		kprof_cli_printf(", \"remote\": %s, \"stlb_miss\": %s, \"locked\": %s, \"data_blocked\": %s, "
		                 "\"address_blocked\": %s}",
		                 kprof_cli_json_bool(d.remote), flag_json(d.stlb_miss), flag_json(d.locked),
		                 flag_json(d.data_blocked), flag_json(d.address_blocked));
		return;
	}
	if (d.table == KPROF_PEBS_DATA_SOURCE_TABLE_NONE)
		kprof_cli_printf(" (L1 %s", d.hit ? "hit" : "miss");
	else if (meaning)
		kprof_cli_printf(" (%s", meaning);
	else
		kprof_cli_printf(" (encoding 0x%x: not in Linux's %s table", (unsigned)d.code,
		                 kprof_pebs_data_source_table_name(d.table));
	if (d.stlb_miss == KPROF_PEBS_DATA_SOURCE_FLAG_YES)
		kprof_cli_puts("; STLB miss");
	if (d.locked == KPROF_PEBS_DATA_SOURCE_FLAG_YES)
		kprof_cli_puts("; locked");
	if (d.data_blocked == KPROF_PEBS_DATA_SOURCE_FLAG_YES)
		kprof_cli_puts("; waited for an older store's data");
	if (d.address_blocked == KPROF_PEBS_DATA_SOURCE_FLAG_YES)
		kprof_cli_puts("; waited on an address conflict with an older store");
	kprof_cli_puts(")");
}

static void print_bts(const kprof_bts_entry *e, int json, int first)
{
	if (json) {
		kprof_cli_puts(first ? "\n    {" : ",\n    {");
		kprof_cli_json_hex("at", e->at, 1);
		kprof_cli_json_hex("from", e->from, 0);
		kprof_cli_json_hex("to", e->to, 0);
		kprof_cli_json_hex("flags", e->flags, 0);
		kprof_cli_printf(", \"predicted\": %s}", kprof_cli_json_bool(e->predicted));
	} else {
		kprof_cli_printf("0x%016llx  from 0x%016llx  to 0x%016llx%s\n",
		                 (unsigned long long)e->at, (unsigned long long)e->from,
		                 (unsigned long long)e->to, e->predicted ? "  predicted" : "");
	}
}

static int is_adaptive(const kprof_pebs_sample *s)
{
	return s->format >= KPROF_PEBS_FORMAT_ADAPTIVE && s->format <= KPROF_PEBS_FORMAT_ADAPTIVE_MAX;
}

static void print_pebs_text(const kprof_pebs_sample *s, const ds_source *src)
{
	kprof_cli_printf("0x%016llx  size 0x%x  ip 0x%016llx", (unsigned long long)s->at,
	                 (unsigned)s->size, (unsigned long long)s->ip);
	if (s->has & KPROF_PEBS_HAS_EVENTING_IP)
		kprof_cli_printf("  eventing_ip 0x%016llx", (unsigned long long)s->eventing_ip);
	if (s->has & KPROF_PEBS_HAS_APPLICABLE)
		kprof_cli_printf("  counters 0x%llx", (unsigned long long)s->applicable_counters);
	if (s->has & KPROF_PEBS_HAS_MEMINFO) {
		kprof_cli_printf("  addr 0x%llx  src 0x%llx", (unsigned long long)s->data_address,
		                 (unsigned long long)s->data_source);
		print_source(src, s->data_source, 0);
		kprof_cli_printf("  lat %llu", (unsigned long long)s->latency);
	}
	if ((s->has & KPROF_PEBS_HAS_MEMINFO) && is_adaptive(s))
		kprof_cli_printf("  (instr %llu cache %llu)", (unsigned long long)s->instr_latency,
		                 (unsigned long long)s->cache_latency);
	if (s->has & KPROF_PEBS_HAS_TSC)
		kprof_cli_printf("  tsc %llu", (unsigned long long)s->tsc);
	if (s->has & KPROF_PEBS_HAS_LBR)
		kprof_cli_printf("  lbr %u", (unsigned)s->lbr_count);
	if (s->has & KPROF_PEBS_HAS_CNTR)
		kprof_cli_printf("  counters %u", (unsigned)s->cntr_count);
	kprof_cli_puts("\n");
}

static void print_pebs_json(const kprof_pebs_sample *s, const ds_source *src, const unsigned char *buf,
                            int first)
{
	uint64_t gpr[KPROF_PEBS_GPR_R15 + 1];
	unsigned i;
	kprof_cli_puts(first ? "\n    {" : ",\n    {");
	kprof_cli_json_hex("at", s->at, 1);
	kprof_cli_printf(", \"size\": %u", (unsigned)s->size);
	kprof_cli_json_hex("ip", s->ip, 0);
	if (s->has & KPROF_PEBS_HAS_EVENTING_IP)
		kprof_cli_json_hex("eventing_ip", s->eventing_ip, 0);
	if (s->has & KPROF_PEBS_HAS_APPLICABLE)
		kprof_cli_json_hex("applicable_counters", s->applicable_counters, 0);
	if (s->has & KPROF_PEBS_HAS_MEMINFO) {
		kprof_cli_json_hex("data_address", s->data_address, 0);
		kprof_cli_json_hex("data_source", s->data_source, 0);
		print_source(src, s->data_source, 1);
		kprof_cli_json_hex("latency", s->latency, 0);
		if (is_adaptive(s)) {
			kprof_cli_json_hex("instr_latency", s->instr_latency, 0);
			kprof_cli_json_hex("cache_latency", s->cache_latency, 0);
		}
	}
	if (s->has & KPROF_PEBS_HAS_TSX)
		kprof_cli_json_hex("tsx_tuning", s->tsx_tuning, 0);
	if (s->has & KPROF_PEBS_HAS_TSC)
		kprof_cli_json_hex("tsc", s->tsc, 0);
	if (is_adaptive(s)) {
		kprof_cli_json_hex("format_group", s->format_group, 0);
		kprof_cli_json_hex("retire_latency", s->retire_latency, 0);
	}
	if (s->has & KPROF_PEBS_HAS_GPRS) {
		/* each value by its register's id; the names are kprof_pebs_gpr_name's */
		gpr[KPROF_PEBS_GPR_FLAGS] = s->gprs.flags, gpr[KPROF_PEBS_GPR_IP] = s->gprs.ip;
		gpr[KPROF_PEBS_GPR_AX] = s->gprs.ax, gpr[KPROF_PEBS_GPR_BX] = s->gprs.bx;
		gpr[KPROF_PEBS_GPR_CX] = s->gprs.cx, gpr[KPROF_PEBS_GPR_DX] = s->gprs.dx;
		gpr[KPROF_PEBS_GPR_SI] = s->gprs.si, gpr[KPROF_PEBS_GPR_DI] = s->gprs.di;
		gpr[KPROF_PEBS_GPR_BP] = s->gprs.bp, gpr[KPROF_PEBS_GPR_SP] = s->gprs.sp;
		gpr[KPROF_PEBS_GPR_R8] = s->gprs.r8, gpr[KPROF_PEBS_GPR_R9] = s->gprs.r9;
		gpr[KPROF_PEBS_GPR_R10] = s->gprs.r10, gpr[KPROF_PEBS_GPR_R11] = s->gprs.r11;
		gpr[KPROF_PEBS_GPR_R12] = s->gprs.r12, gpr[KPROF_PEBS_GPR_R13] = s->gprs.r13;
		gpr[KPROF_PEBS_GPR_R14] = s->gprs.r14, gpr[KPROF_PEBS_GPR_R15] = s->gprs.r15;
		kprof_cli_puts(", \"gprs\": {");
		for (i = 0; i < KPROF_CLI_COUNT(gpr); i++)
			kprof_cli_json_hex(kprof_pebs_gpr_name((kprof_pebs_gpr)i), gpr[i], i == 0);
		kprof_cli_puts("}");
	}
	if (s->has & KPROF_PEBS_HAS_XMM) {
		kprof_pebs_xmm x;
		memset(&x, 0, sizeof(x));
		(void)kprof_pebs_xmm_decode(buf + s->xmm_offset, KPROF_PEBS_XMM_SIZE, &x);
		kprof_cli_puts(", \"xmm\": [");
		for (i = 0; i < KPROF_CLI_COUNT(x.xmm); i++)
			kprof_cli_printf("%s\"0x%llx\"", i ? ", " : "",
			                 (unsigned long long)x.xmm[i]);
		kprof_cli_puts("]");
	}
	if (s->has & KPROF_PEBS_HAS_LBR) {
		kprof_cli_puts(", \"lbr\": [");
		for (i = 0; i < s->lbr_count; i++) {
			kprof_pebs_lbr_entry l;
			memset(&l, 0, sizeof(l));
			(void)kprof_pebs_lbr_entry_decode(
			        buf + s->lbr_offset + (size_t)i * KPROF_PEBS_LBR_ENTRY_SIZE,
			        KPROF_PEBS_LBR_ENTRY_SIZE, &l);
			kprof_cli_puts(i ? ", {" : "{");
			kprof_cli_json_hex("from", l.from, 1);
			kprof_cli_json_hex("to", l.to, 0);
			kprof_cli_json_hex("info", l.info, 0);
			kprof_cli_puts("}");
		}
		kprof_cli_puts("]");
	}
	if (s->has & KPROF_PEBS_HAS_CNTR) {
		kprof_pebs_cntr_header h;
		const unsigned char *v = buf + s->cntr_offset + KPROF_PEBS_CNTR_HEADER_SIZE;
		memset(&h, 0, sizeof(h));
		(void)kprof_pebs_cntr_header_decode(buf + s->cntr_offset, KPROF_PEBS_CNTR_HEADER_SIZE, &h);
		kprof_cli_puts(", \"counters\": {");
		kprof_cli_json_hex("cntr", h.cntr, 1);
		kprof_cli_json_hex("fixed", h.fixed, 0);
		kprof_cli_json_hex("metrics", h.metrics, 0);
		kprof_cli_puts(", \"values\": [");
		for (i = 0; i < s->cntr_count; i++)
			kprof_cli_printf("%s\"0x%llx\"", i ? ", " : "",
			                 (unsigned long long)kprof_bytes_le64_load(v + (size_t)i * 8u));
		kprof_cli_puts("]}");
	}
	kprof_cli_puts("}");
}

/* One architectural PEBS record: text line or JSON object. */
static void print_arch(const kprof_pebs_arch_record *r, const ds_source *src, int json, int first)
{
	if (json) {
		kprof_cli_puts(first ? "\n    {" : ",\n    {");
		kprof_cli_json_hex("at", r->at, 1);
		kprof_cli_printf(", \"size\": %u, \"fragments\": %u", (unsigned)r->size, (unsigned)r->fragments);
		if (r->has & KPROF_PEBS_HAS_EVENTING_IP) {
			kprof_cli_json_hex("ip", r->ip, 0);
			kprof_cli_json_hex("applicable_counters", r->applicable_counters, 0);
			kprof_cli_json_hex("tsc", r->tsc, 0);
			if (r->retire_latency_valid)
				kprof_cli_printf(", \"retire_latency\": %u", (unsigned)r->retire_latency);
			else
				kprof_cli_puts(", \"retire_latency\": null");
		}
		if (r->has & KPROF_PEBS_HAS_MEMINFO) {
			kprof_cli_json_hex("data_address", r->data_address, 0);
			kprof_cli_json_hex("data_source", r->data_source, 0);
			print_source(src, r->data_source, 1);
			kprof_cli_printf(", \"instr_latency\": %u, \"cache_latency\": %u", (unsigned)r->instr_latency,
			                 (unsigned)r->cache_latency);
			kprof_cli_json_hex("tsx_tuning", r->tsx_tuning, 0);
		}
		kprof_cli_printf(", \"gprs\": %s, \"xmm\": %s, \"lbr_count\": %u, \"cntr_count\": %u}",
		                 kprof_cli_json_bool(r->has & KPROF_PEBS_HAS_GPRS), kprof_cli_json_bool(r->has & KPROF_PEBS_HAS_XMM),
		                 (unsigned)r->lbr_count, (unsigned)r->cntr_count);
		return;
	}
	kprof_cli_printf("0x%08llx  size 0x%x  fragments %u", (unsigned long long)r->at, (unsigned)r->size,
	                 (unsigned)r->fragments);
	if (r->has & KPROF_PEBS_HAS_EVENTING_IP)
		kprof_cli_printf("  ip 0x%016llx  counters 0x%llx  tsc %llu", (unsigned long long)r->ip,
		                 (unsigned long long)r->applicable_counters, (unsigned long long)r->tsc);
	if (r->retire_latency_valid)
		kprof_cli_printf("  retire %u", (unsigned)r->retire_latency);
	if (r->has & KPROF_PEBS_HAS_MEMINFO) {
		kprof_cli_printf("  addr 0x%llx  src 0x%llx", (unsigned long long)r->data_address,
		                 (unsigned long long)r->data_source);
		print_source(src, r->data_source, 0);
		kprof_cli_printf("  lat instr %u cache %u", (unsigned)r->instr_latency, (unsigned)r->cache_latency);
	}
	if (r->has & KPROF_PEBS_HAS_GPRS)
		kprof_cli_puts("  gprs");
	if (r->has & KPROF_PEBS_HAS_XMM)
		kprof_cli_puts("  xmm");
	if (r->has & KPROF_PEBS_HAS_LBR)
		kprof_cli_printf("  lbr %u", (unsigned)r->lbr_count);
	if (r->has & KPROF_PEBS_HAS_CNTR)
		kprof_cli_printf("  counters %u", (unsigned)r->cntr_count);
	kprof_cli_puts("\n");
}

/* Walk and print every record. Returns KPROF_OK, or the status with *bad the offset of the
 * record at fault. */
static kprof_status walk(const ds_opts *o, const unsigned char *buf, size_t len, uint64_t *bad,
                         unsigned long *count)
{
	kprof_status st;
	*count = 0;
	*bad = o->index - o->base;
	if (o->arch) {
		kprof_pebs_arch_iter w;
		kprof_pebs_arch_record r;
		kprof_pebs_arch_buffer b;
		b.bytes = buf, b.len = len, b.index = o->index;
		*bad = 0;
		st = kprof_pebs_arch_iter_init(&w, &b);
		while (st == KPROF_OK && (st = kprof_pebs_arch_iter_next(&w, &r)) == KPROF_OK) {
			print_arch(&r, &o->src, o->json, *count == 0);
			*bad = r.at + r.size;
			++*count;
		}
	} else if (o->bts) {
		kprof_bts_iter w;
		kprof_bts_entry e;
		kprof_ds_buffer b = {0};
		b.bytes = buf, b.len = len, b.base = o->base, b.index = o->index, b.maximum = o->max;
		b.format = o->record, b.flags = o->wrapped ? KPROF_BTS_WRAPPED : 0;
		st = kprof_bts_iter_init(&w, &b);
		while (st == KPROF_OK && (st = kprof_bts_iter_next(&w, &e)) == KPROF_OK)
			print_bts(&e, o->json, (*count)++ == 0);
	} else {
		kprof_pebs_iter w;
		kprof_pebs_sample s;
		uint64_t next = 0;
		kprof_ds_buffer b = {0};
		b.bytes = buf, b.len = len, b.base = o->base, b.index = o->index, b.maximum = o->max;
		b.format = o->format, b.data_cfg = o->data_cfg, b.flags = o->have_cfg ? KPROF_PEBS_DATA_CFG_KNOWN : 0;
		st = kprof_pebs_iter_init(&w, &b);
		while (st == KPROF_OK && (st = kprof_pebs_iter_next(&w, &s)) == KPROF_OK) {
			if (o->json)
				print_pebs_json(&s, &o->src, buf, *count == 0);
			else
				print_pebs_text(&s, &o->src);
			next = s.at - o->base + s.size;
			++*count;
		}
		if (st != KPROF_END && *count)
			*bad = next;
		else if (st == KPROF_E_CORRUPT)
			*bad = 0;
	}
	return st == KPROF_END ? KPROF_OK : st;
}

/* What a walker's status means for a buffer, in words. */
static const char *ds_status_words(kprof_status st)
{
	switch (st) {
	case KPROF_E_TRUNCATED: return "the record runs past the end of the file";
	case KPROF_E_CORRUPT: return "the record's own size or format field is not one this format has";
	case KPROF_E_ALIGNMENT: return "the index is not on a record boundary";
	case KPROF_E_RANGE: return "the index lies outside the buffer";
	case KPROF_E_FORMAT: return "not a record format kprof decodes";
	case KPROF_E_RESERVED: return "the index sets bits IA32_PEBS_INDEX does not define";
	case KPROF_E_UNSUPPORTED: return "the record has a YMM, opmask or ZMM group, whose size no public source gives";
	default: return "the record cannot be read";
	}
}

/* The addresses and the record size checked against each other and the file before the walk,
 * each mismatch said in words: 0, or exit 2 after the message. */
static int ds_check(const char *path, const kprof_cli_command *cmd, const ds_opts *o, int format, size_t len,
                    int index_set, int max_set)
{
	const char *name = kprof_cli_choice_ds_format(format);
	uint64_t size = 0, used;
	if (o->index < o->base)
		return kprof_cli_usage(cmd, "--index 0x%llx is below --base 0x%llx",
		                       (unsigned long long)o->index, (unsigned long long)o->base);
	if (o->max < o->index && !o->wrapped)
		return kprof_cli_usage(cmd, "--max 0x%llx is below --index 0x%llx",
		                       (unsigned long long)o->max, (unsigned long long)o->index);
	used = (o->wrapped ? o->max : o->index) - o->base;
	if (used > len)
		return kprof_cli_error("%s: %s 0x%llx is past the end of the buffer: the file holds %lu "
		                       "bytes from --base 0x%llx, up to 0x%llx",
		                       kprof_cli_file_label(path),
		                       o->wrapped || !index_set ? "--max" : "--index",
		                       (unsigned long long)(o->wrapped ? o->max : o->index), (unsigned long)len,
		                       (unsigned long long)o->base, (unsigned long long)(o->base + len));
	(void)max_set;
	if (o->bts)
		size = o->record;
	else if (format == FORMAT_PEBS32 || o->format < KPROF_PEBS_FORMAT_ADAPTIVE || o->have_cfg) {
		uint32_t n = 0;
		if (kprof_pebs_record_size_get(o->format, o->data_cfg, &n) == KPROF_OK)
			size = n;
	}
	/* Adaptive records without --data-cfg carry their own sizes: nothing to divide. */
	if (size && used % size)
		return kprof_cli_error("%s: %llu bytes is not a whole number of %llu-byte %s records%s",
		                       kprof_cli_file_label(path), (unsigned long long)used,
		                       (unsigned long long)size, name,
		                       index_set ? " (from --base to --index)" : "");
	return 0;
}

/* An op's data source by name (kprof_ibs_data_source_name, _ext_name) or, with words, in plain
 * words (_description_get); "reserved (0xN)" for a value that has none, into buf. */
static const char *ibs_source_name(const kprof_ibs_op *op, int words, char *buf, size_t cap)
{
	int ext = op->data_source_ext != KPROF_IBS_DATA_SOURCE_EXT_NONE;
	const char *n = ext ? (words ? kprof_ibs_data_source_ext_description_get(op->data_source_ext)
	                             : kprof_ibs_data_source_ext_name(op->data_source_ext))
	                    : (words ? kprof_ibs_data_source_description_get(op->data_source)
	                             : kprof_ibs_data_source_name(op->data_source));
	if (n)
		return n;
	snprintf(buf, cap, "reserved (0x%x)", ext ? (unsigned)op->data_source_ext : (unsigned)op->data_source);
	return buf;
}

static void print_ibs_fetch(const kprof_ibs_fetch *f, uint64_t at, int json, int first)
{
	if (json) {
		kprof_cli_puts(first ? "\n    {" : ",\n    {");
		kprof_cli_json_hex("at", at, 1);
		kprof_cli_json_hex("linear_address", f->linear_address, 0);
		kprof_cli_puts(", \"physical_address\": ");
		if (f->has_physical_address)
			kprof_cli_printf("\"0x%llx\"", (unsigned long long)f->physical_address);
		else
			kprof_cli_puts("null");
		kprof_cli_printf(", \"latency\": %u, \"max_count\": %u, \"page_size_kib\": %u", (unsigned)f->latency,
		                 (unsigned)f->max_count, (unsigned)f->page_size_kib);
		kprof_cli_json_hex("ctl", f->regs.ctl, 0);
		kprof_cli_puts("}");
		return;
	}
	kprof_cli_printf("0x%06llx  fetch  linear 0x%016llx", (unsigned long long)at, (unsigned long long)f->linear_address);
	if (f->has_physical_address)
		kprof_cli_printf("  physical 0x%llx  page %u KiB", (unsigned long long)f->physical_address,
		                 (unsigned)f->page_size_kib);
	kprof_cli_printf("  latency %u  every %u fetches", (unsigned)f->latency, (unsigned)f->max_count);
	if (f->has_extd_ctl)
		kprof_cli_printf("  itlb refill %u", (unsigned)f->itlb_refill_latency);
	kprof_cli_puts("\n");
}

static void print_ibs_op(const kprof_ibs_op *op, uint64_t at, int json, int first)
{
	char name[32];
	if (json) {
		kprof_cli_puts(first ? "\n    {" : ",\n    {");
		kprof_cli_json_hex("at", at, 1);
		kprof_cli_puts(", \"rip\": ");
		if (op->has_rip)
			kprof_cli_printf("\"0x%llx\"", (unsigned long long)op->rip);
		else
			kprof_cli_puts("null");
		kprof_cli_puts(", \"linear_address\": ");
		if (op->has_linear_address)
			kprof_cli_printf("\"0x%llx\"", (unsigned long long)op->linear_address);
		else
			kprof_cli_puts("null");
		kprof_cli_puts(", \"physical_address\": ");
		if (op->has_physical_address)
			kprof_cli_printf("\"0x%llx\"", (unsigned long long)op->physical_address);
		else
			kprof_cli_puts("null");
		kprof_cli_puts(", \"ibs_data_source\": ");
		kprof_cli_json_string(ibs_source_name(op, 0, name, sizeof name));
		kprof_cli_puts(", \"ibs_data_source_words\": ");
		kprof_cli_json_string(ibs_source_name(op, 1, name, sizeof name));
		kprof_cli_printf(", \"mem_width\": %u, \"max_count\": %u", (unsigned)op->mem_width, (unsigned)op->max_count);
		kprof_cli_json_hex("ctl", op->regs.ctl, 0);
		kprof_cli_json_hex("data", op->regs.data, 0);
		kprof_cli_json_hex("data2", op->regs.data2, 0);
		kprof_cli_json_hex("data3", op->regs.data3, 0);
		kprof_cli_puts("}");
		return;
	}
	kprof_cli_printf("0x%06llx  op", (unsigned long long)at);
	if (op->has_rip)
		kprof_cli_printf("  rip 0x%016llx", (unsigned long long)op->rip);
	if (op->has_linear_address)
		kprof_cli_printf("  linear 0x%llx", (unsigned long long)op->linear_address);
	if (op->has_physical_address)
		kprof_cli_printf("  physical 0x%llx", (unsigned long long)op->physical_address);
	if (op->mem_width)
		kprof_cli_printf("  %u bytes", (unsigned)op->mem_width);
	if (op->data_source != KPROF_IBS_DATA_SOURCE_NONE || op->data_source_ext != KPROF_IBS_DATA_SOURCE_EXT_NONE)
		kprof_cli_printf("  data source: %s", ibs_source_name(op, 1, name, sizeof name));
	kprof_cli_printf("  every %u\n", (unsigned)op->max_count);
}

/* AMD IBS samples as Linux's perf delivers them (PERF_SAMPLE_RAW: a u32 size, then that many
 * bytes), one after another. KPROF_OK, or the status with *bad the offset of the sample at
 * fault. */
static kprof_status walk_ibs(int op, int json, const unsigned char *buf, size_t len, uint64_t *bad,
                             unsigned long *count)
{
	size_t at = 0;
	*count = 0;
	while (at < len) {
		uint32_t n;
		kprof_status st;
		*bad = at;
		if (len - at < 4)
			return KPROF_E_TRUNCATED;
		n = kprof_bytes_le32_load(buf + at);
		if (n > len - at - 4)
			return KPROF_E_TRUNCATED;
		if (op) {
			kprof_ibs_op o;
			if ((st = kprof_ibs_op_raw_unpack(buf + at + 4, n, &o)) != KPROF_OK)
				return st;
			print_ibs_op(&o, at, json, *count == 0);
		} else {
			kprof_ibs_fetch f;
			if ((st = kprof_ibs_fetch_raw_unpack(buf + at + 4, n, &f)) != KPROF_OK)
				return st;
			print_ibs_fetch(&f, at, json, *count == 0);
		}
		at += 4 + (size_t)n;
		++*count;
	}
	return KPROF_OK;
}

/* What an IBS decoder's status means for a sample, in words. */
static const char *ibs_status_words(kprof_status st)
{
	switch (st) {
	case KPROF_E_TRUNCATED: return "the sample runs past the end of the file, or is shorter than its caps word says";
	case KPROF_E_FORMAT: return "the sample is longer than its caps word says";
	case KPROF_E_NOT_FOUND: return "its valid bit is clear: the registers hold no sample";
	case KPROF_E_RESERVED: return "it sets a bit the register does not define";
	case KPROF_E_UNSUPPORTED: return "its caps word has no such sampling";
	default: return "the sample cannot be read";
	}
}

/* The options that say how to read the data sources. */
static const kprof_cli_opt_id source_opts[] = {KPROF_CLI_OPT_ACCESS, KPROF_CLI_OPT_CORE, KPROF_CLI_OPT_CPUID_FILE,
                                               KPROF_CLI_OPT_CPU, KPROF_CLI_OPT_FAMILY, KPROF_CLI_OPT_MODEL,
                                               KPROF_CLI_OPT_STEPPING, KPROF_CLI_OPT_VENDOR};

/* The processor the records came from, in the vocabulary every command uses: --cpuid-file
 * (--cpu), --family (--model, --stepping, --vendor), else this machine; --core the core that
 * wrote them on a hybrid part. Fills src: 0, or exit 2 after a message. */
static int source_get(const kprof_cli_args *a, ds_source *src)
{
	const kprof_cli_value *file = kprof_cli_opt(a, KPROF_CLI_OPT_CPUID_FILE);
	const kprof_cli_value *core = kprof_cli_opt(a, KPROF_CLI_OPT_CORE);
	const kprof_cli_value *access = kprof_cli_opt(a, KPROF_CLI_OPT_ACCESS);
	int named = kprof_cli_opt(a, KPROF_CLI_OPT_FAMILY)->set, hybrid = 0, rc;
	const kprof_cpuid_uarch *u;
	const kprof_cpuid_core *c = NULL, *own, *other;
	uint32_t core_type = 0;
	src->access = access->set ? (kprof_pebs_data_source_access)access->num : KPROF_PEBS_DATA_SOURCE_ACCESS_LOAD;
	if (file->set && (named || kprof_cli_opt(a, KPROF_CLI_OPT_VENDOR)->set))
		return kprof_cli_usage(a->cmd, "--cpuid-file and --vendor/--family exclude each other");
	if (!named && (kprof_cli_opt(a, KPROF_CLI_OPT_MODEL)->set || kprof_cli_opt(a, KPROF_CLI_OPT_STEPPING)->set ||
	               kprof_cli_opt(a, KPROF_CLI_OPT_VENDOR)->set))
		return kprof_cli_usage(a->cmd, "--vendor, --model and --stepping need --family");
	if (!file->set && kprof_cli_opt(a, KPROF_CLI_OPT_CPU)->set)
		return kprof_cli_usage(a->cmd, "--cpu needs --cpuid-file");
	if (named) {
		const char *vendor = NULL;
		if ((rc = kprof_cli_named_vendor(a, kprof_cli_default_vendor(), &vendor)) != 0)
			return rc;
		u = kprof_cpuid_uarch_by_signature(vendor, (uint32_t)kprof_cli_opt(a, KPROF_CLI_OPT_FAMILY)->num,
		                                   (uint32_t)kprof_cli_opt(a, KPROF_CLI_OPT_MODEL)->num,
		                                   (uint32_t)kprof_cli_opt(a, KPROF_CLI_OPT_STEPPING)->num);
		hybrid = u && u->atom; /* the design */
	} else {
		kprof_cpuid_snapshot snap;
		uint32_t r[4];
		memset(&snap, 0, sizeof(snap));
		if (file->set) {
			const kprof_cli_value *cpu = kprof_cli_opt(a, KPROF_CLI_OPT_CPU);
			if ((rc = kprof_cli_dump_snapshot_file(file->text, cpu->set ? (uint32_t)cpu->num : KPROF_CLI_NO_CPU,
			                                       &snap)) != 0)
				return rc;
		} else {
			(void)kprof_cpuid_snapshot_read(&snap); /* empty without cpuid: unknown */
		}
		u = kprof_cpuid_uarch_by_snapshot(&snap);
		if (kprof_cpuid_snapshot_get(&snap, KPROF_CPUID_SLOT_STRUCT_EXT, r) == KPROF_OK)
			hybrid = KPROF_FIELD_GET(KPROF_CPUID_07_0_EDX_HYBRID, r[KPROF_CPUID_REG_EDX]) != 0;
	}
	own = u ? kprof_cpuid_core_by_id((kprof_cpuid_core_id)u->core) : NULL;
	other = u ? kprof_cpuid_core_by_id((kprof_cpuid_core_id)u->atom) : NULL;
	if (core->set) {
		c = kprof_cpuid_core_by_name(core->text, strlen(core->text));
		if (!u)
			return kprof_cli_usage(a->cmd, "--core %s: the processor is not one kprof knows",
			                       kprof_cli_quote(core->text));
		if (!c || (c != own && c != other))
			return kprof_cli_usage(a->cmd, "--core %s: %s has %s%s%s cores", kprof_cli_quote(core->text),
			                       kprof_cpuid_uarch_name_get(u), own ? kprof_cpuid_core_name_get(own) : "no known",
			                       other ? " and " : "", other ? kprof_cpuid_core_name_get(other) : "");
		core_type = c->type;
	}
	src->uarch = u ? kprof_cpuid_uarch_name_get(u) : NULL;
	src->known = kprof_pebs_data_source_scheme_get(u, hybrid, core_type, &src->scheme) == KPROF_OK;
	/* The store kinds read bits of their own, on every processor that has their events. */
	src->stores = src->access == KPROF_PEBS_DATA_SOURCE_ACCESS_PRECISE_STORE ||
	              src->access == KPROF_PEBS_DATA_SOURCE_ACCESS_STORE_L1;
	c = kprof_cpuid_core_by_type(u, hybrid, core_type);
	src->core = c ? kprof_cpuid_core_name_get(c) : NULL;
	if (!u)
		snprintf(src->why, sizeof src->why, "the processor is not one kprof knows (docs/uarch.md)");
	else if (!c)
		snprintf(src->why, sizeof src->why,
		         "%s is hybrid: which core (%s or %s) wrote the records is not known (--core)", src->uarch,
		         own ? kprof_cpuid_core_name_get(own) : "?", other ? kprof_cpuid_core_name_get(other) : "?");
	else if (!src->known)
		snprintf(src->why, sizeof src->why, "Linux has no data-source table for %s (%s cores)", src->uarch,
		         src->core);
	return 0;
}

/* The data-source line before the records, or the JSON member. */
static void print_scheme(const ds_source *src, int json)
{
	const char *access = kprof_pebs_data_source_access_name(src->access);
	const char *table = src->known && !src->stores ? kprof_pebs_data_source_table_name(src->scheme.table) : NULL;
	if (json) {
		kprof_cli_puts(", \"data_source_scheme\": {\"access\": ");
		kprof_cli_json_string(access);
		kprof_cli_puts(", \"uarch\": ");
		kprof_cli_puts(src->uarch ? "" : "null");
		if (src->uarch)
			kprof_cli_json_string(src->uarch);
		kprof_cli_puts(", \"core\": ");
		kprof_cli_puts(src->core ? "" : "null");
		if (src->core)
			kprof_cli_json_string(src->core);
		kprof_cli_puts(", \"table\": ");
		kprof_cli_puts(table ? "" : "null");
		if (table)
			kprof_cli_json_string(table);
		kprof_cli_printf(", \"known\": %s, \"why\": ", kprof_cli_json_bool(src->known || src->stores));
		if (src->known || src->stores)
			kprof_cli_puts("null");
		else
			kprof_cli_json_string(src->why);
		kprof_cli_puts("}");
	} else if (src->stores) {
		kprof_cli_printf("data source: %s events: the store's own bits (L1 hit%s), no table\n", access,
		                 src->access == KPROF_PEBS_DATA_SOURCE_ACCESS_PRECISE_STORE ? ", STLB miss, locked" : "");
	} else if (src->known) {
		kprof_cli_printf("data source: %s events on %s (%s cores): Linux's %s table\n", access, src->uarch,
		                 src->core, table);
	} else {
		kprof_cli_printf("data source: %s events: unknown: %s\n", access, src->why);
	}
}

int kprof_cmd_ds_decode(const kprof_cli_args *a)
{
	const kprof_cli_command *cmd = a->cmd;
	const char *path = kprof_cli_opt(a, KPROF_CLI_OPT_FILE)->text;
	const kprof_cli_value *cfg = kprof_cli_opt(a, KPROF_CLI_OPT_DATA_CFG),
	                      *base = kprof_cli_opt(a, KPROF_CLI_OPT_BASE);
	const kprof_cli_value *index = kprof_cli_opt(a, KPROF_CLI_OPT_INDEX),
	                      *max = kprof_cli_opt(a, KPROF_CLI_OPT_MAX);
	int format = (int)kprof_cli_opt(a, KPROF_CLI_OPT_FORMAT)->num, rc;
	ds_opts o;
	char *buf;
	size_t len;
	uint64_t bad;
	unsigned long count;
	kprof_status st;
	size_t i;
	memset(&o, 0, sizeof(o));
	if (format == FORMAT_IBS_FETCH || format == FORMAT_IBS_OP) {
		static const kprof_cli_opt_id ds_only[] = {KPROF_CLI_OPT_DATA_CFG, KPROF_CLI_OPT_BASE, KPROF_CLI_OPT_INDEX,
		                                           KPROF_CLI_OPT_MAX, KPROF_CLI_OPT_WRAPPED};
		int json = kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set;
		for (i = 0; i < KPROF_CLI_COUNT(ds_only); i++)
			if (kprof_cli_opt(a, ds_only[i])->set)
				return kprof_cli_usage(cmd, "%s is for PEBS and BTS buffers, not IBS samples",
				                       kprof_cli_opt_name(ds_only[i]));
		for (i = 0; i < KPROF_CLI_COUNT(source_opts); i++)
			if (kprof_cli_opt(a, source_opts[i])->set)
				return kprof_cli_usage(cmd, "%s is for the PEBS formats with a data source (IBS samples "
				                            "name theirs)", kprof_cli_opt_name(source_opts[i]));
		if ((rc = kprof_cli_read_file(path, &buf, &len)) != 0)
			return rc;
		if (json)
			kprof_cli_printf("{\"format\": \"%s\", \"records\": [", kprof_cli_choice_ds_format(format));
		st = walk_ibs(format == FORMAT_IBS_OP, json, (const unsigned char *)buf, len, &bad, &count);
		free(buf);
		if (st != KPROF_OK)
			return kprof_cli_error_at(path, 0, bad, "%s sample %lu: %s (%s)", kprof_cli_choice_ds_format(format),
			                          count, ibs_status_words(st), kprof_status_name(st));
		if (json)
			kprof_cli_printf("%s], \"count\": %lu}\n", count ? "\n  " : "", count);
		return 0;
	}
	o.arch = format == FORMAT_ARCH;
	o.bts = format == FORMAT_BTS || format == FORMAT_BTS32;
	o.record = format == FORMAT_BTS ? KPROF_BTS_RECORD64_SIZE : KPROF_BTS_RECORD32_SIZE;
	o.format = format == FORMAT_PEBS32 ? KPROF_PEBS_FORMAT_NETBURST32
	                                   : (unsigned)(format - FORMAT_PEBS0);
	o.wrapped = kprof_cli_opt(a, KPROF_CLI_OPT_WRAPPED)->set;
	o.json = kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set;
	o.data_cfg = cfg->num;
	o.have_cfg = cfg->set;
	o.base = base->num;
	if (o.arch && (o.wrapped || cfg->set || base->set || max->set))
		return kprof_cli_usage(cmd, "%s is for Debug Store buffers (arch-pebs takes --index: the "
		                            "IA32_PEBS_INDEX value)",
		                       o.wrapped ? "--wrapped" : cfg->set ? "--data-cfg" : base->set ? "--base" : "--max");
	if (o.wrapped && !o.bts)
		return kprof_cli_usage(cmd, "--wrapped is for BTS buffers (PEBS never wraps)");
	if (o.have_cfg && (o.bts || o.format < KPROF_PEBS_FORMAT_ADAPTIVE ||
	                   o.format > KPROF_PEBS_FORMAT_ADAPTIVE_MAX))
		return kprof_cli_usage(cmd,
		                       "--data-cfg is for the adaptive formats (pebs%u and up)",
		                       (unsigned)KPROF_PEBS_FORMAT_ADAPTIVE);
	/* A data source in every record of formats 1 and up (not NetBurst's). */
	o.src.on = o.arch || (!o.bts && o.format >= KPROF_PEBS_FORMAT_NEHALEM && o.format <= KPROF_PEBS_FORMAT_ADAPTIVE_MAX);
	for (i = 0; i < KPROF_CLI_COUNT(source_opts); i++)
		if (!o.src.on && kprof_cli_opt(a, source_opts[i])->set)
			return kprof_cli_usage(cmd, "%s is for the PEBS formats with a data source (pebs%u and up)",
			                       kprof_cli_opt_name(source_opts[i]), (unsigned)KPROF_PEBS_FORMAT_NEHALEM);
	if (o.src.on && (rc = source_get(a, &o.src)) != 0)
		return rc;
	if ((rc = kprof_cli_read_file(path, &buf, &len)) != 0)
		return rc;
	if (o.base > UINT64_MAX - len) {
		free(buf);
		return kprof_cli_error("%s: --base plus the file's size overflows",
		                       kprof_cli_file_label(path));
	}
	if (o.arch) /* default: the processor wrote up to the end of the file */
		o.index = index->set ? index->num
		                     : KPROF_FIELD_PREP(KPROF_IA32_PEBS_INDEX_WR, (uint64_t)(len / KPROF_PEBS_ARCH_INDEX_UNIT));
	else
		o.index = index->set ? index->num : o.base + len;
	o.max = max->set ? max->num : o.wrapped ? o.base + len : o.index;
	if (o.arch && KPROF_FIELD_GET(KPROF_IA32_PEBS_INDEX_WR, o.index) * KPROF_PEBS_ARCH_INDEX_UNIT > len) {
		free(buf);
		return kprof_cli_error("%s: --index 0x%llx says the processor wrote 0x%llx bytes (IA32_PEBS_INDEX.wr "
		                       "x %u); the file holds %lu", kprof_cli_file_label(path), (unsigned long long)o.index,
		                       (unsigned long long)(KPROF_FIELD_GET(KPROF_IA32_PEBS_INDEX_WR, o.index) *
		                                            KPROF_PEBS_ARCH_INDEX_UNIT),
		                       (unsigned)KPROF_PEBS_ARCH_INDEX_UNIT, (unsigned long)len);
	}
	if (!o.arch && (rc = ds_check(path, cmd, &o, format, len, index->set, max->set)) != 0) {
		free(buf);
		return rc;
	}
	if (o.json) {
		kprof_cli_printf("{\"format\": \"%s\", \"base\": \"0x%llx\", \"index\": \"0x%llx\"",
		                 kprof_cli_choice_ds_format(format), (unsigned long long)o.base,
		                 (unsigned long long)o.index);
		if (o.src.on)
			print_scheme(&o.src, 1);
		kprof_cli_puts(", \"records\": [");
	} else if (o.src.on) {
		print_scheme(&o.src, 0);
	}
	st = walk(&o, (const unsigned char *)buf, len, &bad, &count);
	free(buf);
	if (st != KPROF_OK)
		return kprof_cli_error_at(path, 0, bad, "%s record %lu: %s (%s)",
		                          kprof_cli_choice_ds_format(format), count, ds_status_words(st),
		                          kprof_status_name(st));
	if (o.json)
		kprof_cli_printf("%s], \"count\": %lu}\n", count ? "\n  " : "", count);
	return 0;
}

/* ---- sources-decode */
/* Warn when an entry's description is another table's name for its value and not the chosen
 * table's (a chain from an Intel machine read with --interface amd64): the mapping is then
 * likely the wrong table's. */
static void description_check(const char *path, const kprof_psi_entry *e, kprof_source_table itf,
                              const kprof_source *mapped, const char *desc, size_t dlen)
{
	unsigned t;
	const char *mine = mapped ? kprof_source_description_get(mapped) : NULL;
	if (mine && strlen(mine) == dlen && kprof_cli_strncaseeq(mine, desc, dlen))
		return;
	for (t = 0; t < KPROF_SOURCE_TABLE_COUNT; t++) {
		const kprof_source_table_info *ti = kprof_source_table_info_by_id((kprof_source_table)t);
		const kprof_source *other = kprof_source_by_value((kprof_source_table)t, e->source);
		const char *theirs = other ? kprof_source_description_get(other) : NULL;
		/* Only the tables a HAL chooses by vendor (emon, amd64) tell machines apart. */
		if (t == (unsigned)itf || !ti || !ti->hal || !theirs || strlen(theirs) != dlen ||
		    !kprof_cli_strncaseeq(theirs, desc, dlen))
			continue;
		kprof_cli_warn("%s: entry 0x%02X at offset 0x%lx is described \"%s\", the %s table's "
		               "name for it, but --interface %s maps it to %s: is the chain from a "
		               "machine of the %s table? (--interface %s)",
		               kprof_cli_file_label(path), (unsigned)e->source, (unsigned long)e->offset,
		               theirs, kprof_cli_interface_name(t), kprof_cli_interface_name(itf),
		               mapped ? kprof_source_name_get(mapped) : "nothing", kprof_cli_interface_name(t),
		               kprof_cli_interface_name(t));
		return;
	}
}

int kprof_cmd_sources_decode(const kprof_cli_args *a)
{
	const char *path = kprof_cli_opt(a, KPROF_CLI_OPT_FILE)->text;
	const kprof_cli_value *table = kprof_cli_opt(a, KPROF_CLI_OPT_INTERFACE);
	kprof_source_table itf = table->set ? (kprof_source_table)table->num : kprof_cli_default_interface();
	int json = kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set, rc;
	char *buf;
	size_t len;
	unsigned long count = 0;
	uint64_t at = 0;
	kprof_psi_iter it;
	kprof_psi_entry e;
	kprof_status st;
	if ((rc = kprof_cli_read_file(path, &buf, &len)) != 0)
		return rc;
	if (json) {
		kprof_cli_puts("{\"interface\": ");
		kprof_cli_json_string(kprof_cli_interface_name(itf));
		kprof_cli_puts(", \"entries\": [");
	}
	kprof_psi_iter_init(&it, buf, len);
	while ((st = kprof_psi_iter_next(&it, &e)) == KPROF_OK) {
		char desc[512];
		size_t dlen;
		kprof_psi_match m;
		kprof_status ms;
		at = e.offset + (uint64_t)e.next_entry_offset;
		/* A description longer than desc is cut. */
		(void)kprof_psi_description_to_utf8(&it, &e, desc, sizeof(desc), &dlen);
		ms = kprof_psi_match_get(&e, itf, &m);
		if (json) {
			kprof_cli_printf(
			        "%s\n    {\"offset\": %u, \"source\": %u, \"description\": ",
			        count ? "," : "", (unsigned)e.offset, (unsigned)e.source);
			kprof_cli_json_text(desc, dlen);
			kprof_cli_printf(
			        ", \"terminated\": %s, \"min_interval\": %u, \"max_interval\": "
			        "%u, \"known\": %s, \"name\": ",
			        kprof_cli_json_bool(e.description_terminated),
			        (unsigned)e.min_interval, (unsigned)e.max_interval,
			        kprof_cli_json_bool(ms == KPROF_OK));
			if (ms == KPROF_OK) {
				kprof_cli_json_string(kprof_source_name_get(m.source));
				kprof_cli_printf(", \"table\": \"%s\"}",
				                 kprof_cli_interface_name(m.table));
			} else {
				kprof_cli_puts("null}");
			}
		} else {
			char shown[4 * sizeof(desc)];
			kprof_cli_printf(
			        "0x%02X  %-32s  min %10u  max %10u  %s%s\n", (unsigned)e.source,
			        kprof_cli_text_escape(desc, dlen, shown, sizeof shown),
			        (unsigned)e.min_interval, (unsigned)e.max_interval,
			        ms == KPROF_OK ? kprof_source_name_get(m.source) : "unknown to kprof",
			        e.description_terminated ? "" : "  (no NUL)");
		}
		description_check(path, &e, itf, ms == KPROF_OK ? m.source : NULL, desc, dlen);
		count++;
	}
	if (st != KPROF_END) {
		/* The entry at fault, by number and offset, and what it lacked. */
		int rc2;
		if (st == KPROF_E_TRUNCATED)
			rc2 = kprof_cli_error_at(path, 0, at,
			                         "entry %lu: its header (%u bytes) runs past the end of the "
			                         "file (%lu bytes)",
			                         count, (unsigned)KPROF_WINDOWS_PROFILE_SOURCE_INFO_SIZE,
			                         (unsigned long)len);
		else if (st == KPROF_E_CORRUPT && at + 4 <= len &&
		         kprof_bytes_le32_load((const uint8_t *)buf + at) < KPROF_WINDOWS_PROFILE_SOURCE_INFO_SIZE)
			rc2 = kprof_cli_error_at(path, 0, at,
			                         "entry %lu: NextEntryOffset 0x%lx is shorter than an entry "
			                         "header (%u bytes)",
			                         count,
			                         (unsigned long)kprof_bytes_le32_load((const uint8_t *)buf + at),
			                         (unsigned)KPROF_WINDOWS_PROFILE_SOURCE_INFO_SIZE);
		else if (st == KPROF_E_CORRUPT && at + 4 <= len)
			rc2 = kprof_cli_error_at(path, 0, at,
			                         "entry %lu: NextEntryOffset 0x%lx leads to an entry at 0x%llx "
			                         "whose header (%u bytes) runs past the end of the file (%lu "
			                         "bytes)",
			                         count,
			                         (unsigned long)kprof_bytes_le32_load((const uint8_t *)buf + at),
			                         (unsigned long long)(at + kprof_bytes_le32_load((const uint8_t *)buf + at)),
			                         (unsigned)KPROF_WINDOWS_PROFILE_SOURCE_INFO_SIZE,
			                         (unsigned long)len);
		else
			rc2 = kprof_cli_error_at(path, 0, at, "entry %lu: %s", count,
			                         kprof_status_name(st));
		free(buf);
		return rc2;
	}
	free(buf);
	if (json)
		kprof_cli_printf("%s], \"count\": %lu}\n", count ? "\n  " : "", count);
	return 0;
}
