/* kprof command: the processor a command describes (live or from a dump) and what the HAL
 * would make of it. Every fact comes from kprof.h; this file only gathers them. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

int kprof_cli_snapshot_file(const char *path, uint32_t cpu, kprof_cpuid_snapshot *out)
{
	char *text;
	size_t len;
	kprof_dump_error err;
	kprof_status st;
	int rc = kprof_cli_read_file(path, &text, &len);
	if (rc)
		return rc;
	memset(&err, 0, sizeof err);
	st = kprof_dump_snapshot(text, len, cpu, out, &err);
	free(text);
	if (st == KPROF_OK)
		return 0;
	if (st == KPROF_E_NOT_FOUND)
		return kprof_cli_error("%s: no CPU block %lu (the dump has %lu, numbered from 0)", path,
		                       (unsigned long)cpu, (unsigned long)err.cpus);
	if (st == KPROF_E_DUPLICATE)
		return kprof_cli_error("%s:%lu: leaf repeated in CPU block %lu with different values",
		                       path, (unsigned long)err.line,
		                       (unsigned long)(err.cpus ? err.cpus - 1 : 0));
	if (err.line == 0)
		return kprof_cli_error("%s: empty: not a cpuid dump", path);
	if (err.records == 0 && err.format == KPROF_DUMP_FORMAT_UNKNOWN)
		return kprof_cli_error("%s:%lu: not a cpuid dump (expected `cpuid -r` output or "
		                       "AIDA64/InstLatx64 text) (%s)",
		                       path, (unsigned long)err.line, kprof_status_name(st));
	return kprof_cli_error("%s:%lu: malformed or truncated %s line (%s)", path,
	                       (unsigned long)err.line, kprof_dump_format_name(err.format),
	                       kprof_status_name(st));
}

void kprof_cli_view_fill(kprof_cli_view *v, const kprof_cpuid_snapshot *snap, int hal32)
{
	unsigned i;
	static const unsigned vendor_regs[3] = {KPROF_EBX, KPROF_EDX, KPROF_ECX};
	memset(v, 0, sizeof *v);
	v->snap = *snap;
	v->hal32 = hal32;
	for (i = 0; i < 3; i++)
		kprof_store_le32((uint8_t *)v->vendor + 4 * i,
		                 kprof_cpuid_snapshot_reg(snap, KPROF_CPUID_SLOT_VENDOR, vendor_regs[i]));
	v->vendor_len = 12;
	v->interface = KPROF_INTERFACE_DEFAULT;
	v->reason = "the HAL decision is not in kprof.h yet (issue 3)";
}

int kprof_cli_view_supported(const kprof_cli_view *v, const kprof_source *s)
{
	(void)v;
	(void)s;
	return 0;
}

/* The live processor's view, read once per run. NULL without cpuid. */
static const kprof_cli_view *live_view(void)
{
	static kprof_cli_view v;
	static int state; /* 0 not read, 1 read, -1 no cpuid */
	if (state == 0) {
		kprof_cpuid_snapshot snap;
		state = -1;
		if (kprof_cpuid_snapshot_live(&snap) == KPROF_OK) {
			kprof_cli_view_fill(&v, &snap, 0);
			state = 1;
		}
	}
	return state > 0 ? &v : NULL;
}

int kprof_cli_live_vendor(void)
{
	const kprof_cli_view *v = live_view();
	return v ? v->vendor_id : KPROF_VENDOR_UNKNOWN;
}

int kprof_cli_live_supported(const kprof_source *s)
{
	const kprof_cli_view *v = live_view();
	return v ? kprof_cli_view_supported(v, s) : 0;
}

int kprof_cli_perf_print(const char *cmd, const kprof_source *s)
{
	(void)s;
	kprof_cli_error("%s: the perf bridge is not in kprof.h yet (issue 3)", cmd);
	return KPROF_CLI_EXIT_FAILURE;
}
