/* kprof lwp-decode FILE [--json] [--proposal]: print the LWP event records in a file (a saved
 * ring, 32 bytes each, little-endian) as text or JSON lines. Built from kprof.h alone; the
 * lead wires it into the kprof command. */
#include "kprof.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int kprof_cmd_lwp_decode(int argc, char **argv);

static const char *lwp_kind_name(unsigned kind)
{
	static const char *const names[] = {"unknown", "instruction", "branch", "dcache", "lwpval", "lwpins", "clocks"};
	return kind < sizeof(names) / sizeof(names[0]) ? names[kind] : "unknown";
}

int kprof_cmd_lwp_decode(int argc, char **argv)
{
	const char *path = NULL;
	int json = 0, i, rc = 0;
	kprof_lwp_revision rev = KPROF_LWP_REVISION_SHIPPED;
	FILE *f;
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, off = 0, n;
	kprof_lwp_sample s;
	kprof_status st;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json"))
			json = 1;
		else if (!strcmp(argv[i], "--proposal"))
			rev = KPROF_LWP_REVISION_PROPOSAL;
		else if (!path)
			path = argv[i];
	}
	if (!path) {
		fprintf(stderr, "usage: kprof lwp-decode FILE [--json] [--proposal]\n");
		return 2;
	}
	f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!f) {
		perror(path);
		return 1;
	}
	for (;;) {
		if (len == cap) {
			unsigned char *nb = (unsigned char *)realloc(buf, cap ? cap * 2 : 4096);
			if (!nb) {
				free(buf);
				return 1;
			}
			buf = nb;
			cap = cap ? cap * 2 : 4096;
		}
		n = fread(buf + len, 1, cap - len, f);
		if (!n)
			break;
		len += n;
	}
	if (f != stdin)
		fclose(f);
	while ((st = kprof_lwp_decode_next(buf, len, &off, rev, &s)) != KPROF_E_NOT_FOUND) {
		if (st == KPROF_E_TRUNCATED) {
			fprintf(stderr, "%s: %zu trailing bytes (not a whole record)\n", path, len - off);
			rc = 1;
			break;
		}
		if (json)
			printf("{\"offset\":%zu,\"event\":%u,\"kind\":\"%s\",\"core\":%u,\"flags\":%u,\"data1\":%u,"
			       "\"ip\":%llu,\"data2\":%llu,\"timestamp\":%llu%s}\n",
			       off - KPROF_LWP_RECORD_SIZE, s.event_id, lwp_kind_name(s.kind), s.core_id, s.flags,
			       (unsigned)s.data1, (unsigned long long)s.ip, (unsigned long long)s.data2,
			       (unsigned long long)s.timestamp, st == KPROF_OK ? "" : ",\"invalid\":true");
		else
			printf("%08zx event %3u %-11s core %3u flags %04x data1 %08x ip %016llx data2 %016llx ts %llu%s\n",
			       off - KPROF_LWP_RECORD_SIZE, s.event_id, lwp_kind_name(s.kind), s.core_id, s.flags,
			       (unsigned)s.data1, (unsigned long long)s.ip, (unsigned long long)s.data2,
			       (unsigned long long)s.timestamp, st == KPROF_OK ? "" : " (invalid)");
	}
	free(buf);
	return rc;
}
