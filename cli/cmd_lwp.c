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

int kprof_cmd_lwp_decode(const kprof_cli_args *a)
{
	const char *path = kprof_cli_opt(a, KPROF_CLI_OPT_FILE)->text;
	int json = kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set, rc;
	kprof_lwp_revision rev = kprof_cli_opt(a, KPROF_CLI_OPT_PROPOSAL)->set ? KPROF_LWP_REVISION_PROPOSAL
	                                                             : KPROF_LWP_REVISION_SHIPPED;
	char *buf;
	size_t len;
	kprof_lwp_record_iter it;
	kprof_lwp_sample s;
	kprof_status st;
	if ((rc = kprof_cli_read_file(path, &buf, &len)) != 0)
		return rc;
	if (len % KPROF_LWP_RECORD_SIZE) {
		rc = kprof_cli_error_at(path, 0, len - len % KPROF_LWP_RECORD_SIZE,
		                        "%u trailing bytes (not a whole %u-byte record)",
		                        (unsigned)(len % KPROF_LWP_RECORD_SIZE),
		                        (unsigned)KPROF_LWP_RECORD_SIZE);
		free(buf);
		return rc;
	}
	(void)kprof_lwp_record_iter_init(&it, buf, len, rev);
	while ((st = kprof_lwp_record_iter_next(&it, &s)) != KPROF_END) {
		size_t at = it.offset - KPROF_LWP_RECORD_SIZE;
		if (st != KPROF_OK) {
			rc = kprof_cli_error_at(path, 0, at, "%s", kprof_status_name(st));
			break;
		}
		/* One record, one line: JSON or text, the same fields in the same order. */
		kprof_cli_printf(json ? "{\"offset\":%lu,\"event\":%u,\"kind\":\"%s\",\"core\":%u,\"flags\":%u,"
		                        "\"data1\":%u,\"ip\":%llu,\"data2\":%llu,\"timestamp\":%llu%s}\n"
		                      : "%08lx event %3u %-11s core %3u flags %04x data1 %08x ip %016llx "
		                        "data2 %016llx ts %llu%s\n",
		                 (unsigned long)at, s.event_id, lwp_kind_name(s.kind), s.core_id, s.flags,
		                 (unsigned)s.data1, (unsigned long long)s.ip, (unsigned long long)s.data2,
		                 (unsigned long long)s.timestamp,
		                 s.kind != KPROF_LWP_KIND_EMPTY ? "" : json ? ",\"invalid\":true" : " (invalid: event id 0)");
	}
	free(buf);
	return rc;
}
