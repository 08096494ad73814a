/* kprof lwp-decode: the LWP event records in a file (a saved ring,
 * 32 bytes each, little-endian) as text or JSON lines. A file that is not whole records is
 * bad input: exit 2 naming the file and offset, and nothing printed. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char *lwp_kind_name(kprof_lwp_kind kind)
{
	const char *name = kprof_lwp_kind_name(kind);
	return name ? name : "unknown";
}

/* The fields a record's kind defines (the library's unpacking): a branch's taken, predicted
 * (unknown when the record says its prediction bit is not valid) and target; a DCache miss's
 * latency, data source and data address (when valid). */
static void kind_fields(const kprof_lwp_sample *s, int json)
{
	const char *src;
	if (s->kind == KPROF_LWP_KIND_BRANCH) {
		if (json) {
			kprof_cli_printf(",\"taken\":%s,\"predicted\":%s", kprof_cli_json_bool(s->branch_taken),
			                 s->branch_prediction_valid ? kprof_cli_json_bool(s->branch_predicted)
			                                            : "null");
			kprof_cli_json_hex("target", s->next_ip, 0);
		} else {
			kprof_cli_printf("  taken %s predicted %s target 0x%016llx",
			                 s->branch_taken ? "yes" : "no",
			                 !s->branch_prediction_valid ? "unknown"
			                 : s->branch_predicted       ? "yes"
			                                             : "no",
			                 (unsigned long long)s->next_ip);
		}
	} else if (s->kind == KPROF_LWP_KIND_DCACHE) {
		src = kprof_lwp_data_source_name(s->data_source);
		if (json) {
			kprof_cli_printf(",\"latency\":%lu,\"data_source\":", (unsigned long)s->latency);
			if (src)
				kprof_cli_json_string(src);
			else
				kprof_cli_printf("%u", (unsigned)s->data_source);
			kprof_cli_printf(",\"data_address_valid\":%s",
			                 kprof_cli_json_bool(s->data_address_valid));
			if (s->data_address_valid)
				kprof_cli_json_hex("data_address", s->data_address, 0);
			else
				kprof_cli_puts(",\"data_address\":null");
		} else {
			kprof_cli_printf("  latency %lu source %s", (unsigned long)s->latency,
			                 src ? src : "reserved");
			if (s->data_address_valid)
				kprof_cli_printf(" address 0x%016llx", (unsigned long long)s->data_address);
			else
				kprof_cli_puts(" address invalid");
		}
	}
}

int kprof_cmd_lwp_decode(const kprof_cli_args *a)
{
	const char *path = kprof_cli_opt(a, KPROF_CLI_OPT_FILE)->text;
	int json = kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set, rc;
	kprof_lwp_revision rev = kprof_cli_opt(a, KPROF_CLI_OPT_PROPOSAL)->set ? KPROF_LWP_REVISION_PROPOSAL
	                                                             : KPROF_LWP_REVISION_SHIPPED;
	char *buf;
	size_t len, tail;
	kprof_lwp_record_iter it;
	kprof_lwp_sample s;
	kprof_status st;
	if ((rc = kprof_cli_read_file(path, &buf, &len)) != 0)
		return rc;
	/* A ring saved while the producer was writing may end inside a record: the whole
	 * records are decoded and the tail is named. */
	tail = len % KPROF_LWP_RECORD_SIZE;
	if (tail)
		kprof_cli_warn("%s: offset 0x%lx: the last %u bytes are not a whole %u-byte record "
		               "(ignored; the %lu whole records before them are decoded)",
		               kprof_cli_file_label(path), (unsigned long)(len - tail), (unsigned)tail,
		               (unsigned)KPROF_LWP_RECORD_SIZE,
		               (unsigned long)(len / KPROF_LWP_RECORD_SIZE));
	(void)kprof_lwp_record_iter_init(&it, buf, len - tail, rev);
	while ((st = kprof_lwp_record_iter_next(&it, &s)) != KPROF_END) {
		size_t at = it.offset - KPROF_LWP_RECORD_SIZE;
		if (st != KPROF_OK) {
			rc = kprof_cli_error_at(path, 0, at, "%s", kprof_status_name(st));
			break;
		}
		/* One record, one line: JSON or text, the same fields in the same order; 64-bit
		 * values as "0x..." strings in JSON (a double holds 53 bits). */
		if (json) {
			kprof_cli_printf("{\"offset\":%lu,\"event\":%u,\"kind\":\"%s\",\"core\":%u,"
			                 "\"flags\":%u,\"data1\":%u",
			                 (unsigned long)at, s.event_id, lwp_kind_name(s.kind), s.core_id,
			                 s.flags, (unsigned)s.data1);
			kprof_cli_json_hex("ip", s.ip, 0);
			kprof_cli_json_hex("data2", s.data2, 0);
			kprof_cli_json_hex("timestamp", s.timestamp, 0);
			kind_fields(&s, 1);
			kprof_cli_puts(s.kind != KPROF_LWP_KIND_EMPTY ? "}\n" : ",\"invalid\":true}\n");
		} else {
			kprof_cli_printf("%08lx event %3u %-11s core %3u flags %04x data1 %08x ip %016llx "
			                 "data2 %016llx ts %llu",
			                 (unsigned long)at, s.event_id, lwp_kind_name(s.kind), s.core_id,
			                 s.flags, (unsigned)s.data1, (unsigned long long)s.ip,
			                 (unsigned long long)s.data2, (unsigned long long)s.timestamp);
			kind_fields(&s, 0);
			kprof_cli_puts(s.kind != KPROF_LWP_KIND_EMPTY ? "\n" : " (invalid: event id 0)\n");
		}
	}
	free(buf);
	return rc;
}
