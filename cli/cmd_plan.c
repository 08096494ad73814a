/* kprof plan: the MSR writes that make one counter count one source, as the HAL's interface
 * would program it on this machine or a dumped one (kprof_hal_plan_get computes them). */
#include "cli.h"

#include <string.h>

/* What an MSR of the plan is, for the reader: the counter's select or its count. */
static const char *msr_role(const kprof_pmu_plan *p, uint32_t msr)
{
	return msr == p->select_msr ? "select" : msr == p->counter_msr ? "counter" : "";
}

static void json_write(const kprof_pmu_plan *p, const kprof_msr_value *w)
{
	kprof_cli_puts("{");
	kprof_cli_json_hex("msr", w->msr, 1);
	kprof_cli_json_hex("value", w->value, 0);
	kprof_cli_printf(", \"role\": \"%s\"}", msr_role(p, w->msr));
}

/* The plan as one JSON object (docs/schema/plan.json): 64-bit values as "0x..." strings. */
static void print_json(const kprof_source *s, kprof_source_table itf, uint64_t events,
                       const kprof_pmu_plan *p)
{
	uint32_t i;
	kprof_cli_puts("{\"source\": ");
	kprof_cli_json_string(kprof_source_name_get(s));
	kprof_cli_printf(", \"value\": %u, \"interface\": \"%s\", \"counter\": %lu, "
	                 "\"interval\": %llu,\n \"start\": [",
	                 (unsigned)s->value, kprof_cli_interface_name(itf), (unsigned long)p->counter,
	                 (unsigned long long)events);
	for (i = 0; i < p->program_count && i < KPROF_CLI_COUNT(p->program); i++) {
		kprof_cli_puts(i ? ", " : "");
		json_write(p, &p->program[i]);
	}
	kprof_cli_puts("],\n \"global_ctrl\": ");
	if (p->global_ctrl_msr) {
		kprof_cli_puts("{");
		kprof_cli_json_hex("msr", p->global_ctrl_msr, 1);
		kprof_cli_json_hex("bit", p->global_ctrl_bit, 0);
		kprof_cli_puts("}");
	} else {
		kprof_cli_puts("null");
	}
	kprof_cli_puts(",\n \"stop\": ");
	json_write(p, &p->stop);
	kprof_cli_puts(",\n \"read\": {");
	kprof_cli_json_hex("msr", p->counter_msr, 1);
	kprof_cli_json_hex("rdpmc", p->rdpmc_index, 0);
	kprof_cli_printf(", \"width\": %lu", (unsigned long)p->counter_width);
	kprof_cli_json_hex("mask", p->counter_mask, 0);
	kprof_cli_puts("}}\n");
}

static void print_write(const kprof_pmu_plan *p, const kprof_msr_value *w)
{
	kprof_cli_printf("wrmsr 0x%08lX %-7s 0x%016llX\n", (unsigned long)w->msr,
	                 msr_role(p, w->msr), (unsigned long long)w->value);
}

int kprof_cmd_plan(const kprof_cli_args *a)
{
	const kprof_cli_value *file = kprof_cli_opt(a, KPROF_CLI_OPT_CPUID_FILE);
	const kprof_cli_value *cpu = kprof_cli_opt(a, KPROF_CLI_OPT_CPU);
	const kprof_cli_value *hal = kprof_cli_opt(a, KPROF_CLI_OPT_HAL);
	const kprof_cli_value *win = kprof_cli_opt(a, KPROF_CLI_OPT_WINDOWS);
	const kprof_cli_value *interval = kprof_cli_opt(a, KPROF_CLI_OPT_INTERVAL);
	const char *text = kprof_cli_opt(a, KPROF_CLI_OPT_SOURCE)->text;
	uint32_t build = hal->set ? (uint32_t)hal->num : KPROF_HAL_BUILD_X64, release = 0, i;
	uint32_t counter = (uint32_t)kprof_cli_opt(a, KPROF_CLI_OPT_COUNTER)->num;
	kprof_cpuid_snapshot snap;
	kprof_hal_decision d;
	const kprof_source *s;
	kprof_pmu_plan p;
	kprof_status st;
	uint64_t value, events;
	int rc;
	if (win->set && kprof_cli_windows_parse(a->cmd, win->text, &release) != 0)
		return KPROF_CLI_EXIT_USAGE;
	if ((rc = kprof_cli_hal_check(a->cmd, build | KPROF_CLI_RELEASE(release))) != 0)
		return rc;
	if (cpu->set && !file->set)
		return kprof_cli_usage(a->cmd, "--cpu needs --cpuid-file");
	if (file->set) {
		if ((rc = kprof_cli_dump_snapshot_file(file->text, cpu->set ? (uint32_t)cpu->num : KPROF_CLI_NO_CPU, &snap)) != 0)
			return rc;
	} else if (kprof_cpuid_snapshot_read(&snap) != KPROF_OK) {
		kprof_cli_error("plan: no cpuid on this build or processor; use --cpuid-file");
		return KPROF_CLI_EXIT_FAILURE;
	}
	(void)kprof_cli_decide(&snap, build | KPROF_CLI_RELEASE(release), &d);
	s = kprof_cli_parse_u64(text, 0xFFFF, &value) == 0
	            ? kprof_source_by_value(d.table, (uint32_t)value)
	            : kprof_source_by_name(d.table, text, strlen(text));
	if (!s)
		return kprof_cli_usage(a->cmd,
		                       "no source '%s' in the %s table, the interface the HAL "
		                       "chooses here (kprof sources --interface %s lists them)",
		                       kprof_cli_quote(text), kprof_cli_interface_name(d.table),
		                       kprof_cli_interface_name(d.table));
	events = interval->set ? interval->num : kprof_cli_default_interval(s);
	{
		kprof_pmu_counter_config cfg = {0, 0, 0, KPROF_PMU_PLAN_FLAGS_INTERRUPT};
		cfg.counter = (uint32_t)counter;
		cfg.interval = events;
		st = kprof_hal_plan_get(&d, s, &cfg, &p);
	}
	if (st == KPROF_E_UNSUPPORTED)
		return kprof_cli_error("plan: %s: the HAL would not count it here (the %s "
		                       "interface, %s)",
		                       kprof_source_name_get(s), kprof_cli_interface_name(d.table),
		                       kprof_cli_supported(&d, s)
		                               ? "no counter for it"
		                               : "not a source it supports on this processor");
	if (st == KPROF_E_RANGE)
		return kprof_cli_error("plan: counter %lu or interval %llu: the %s interface has "
		                       "%u counters of %u bits here (Intel counters take at most "
		                       "2^31 - 1)",
		                       (unsigned long)counter, (unsigned long long)events,
		                       kprof_cli_interface_name(d.table), (unsigned)d.counters,
		                       (unsigned)d.counter_width);
	if (st != KPROF_OK)
		return kprof_cli_error("plan: %s", kprof_status_name(st));
	if (kprof_cli_opt(a, KPROF_CLI_OPT_JSON)->set) {
		print_json(s, d.table, events, &p);
		return 0;
	}
	kprof_cli_printf("%s (0x%02X) on the %s interface, counter %lu, %llu events per "
	                 "overflow\n",
	                 kprof_source_name_get(s), (unsigned)s->value,
	                 kprof_cli_interface_name(d.table), (unsigned long)p.counter,
	                 (unsigned long long)events);
	kprof_cli_release_line(build | KPROF_CLI_RELEASE(release), !win->set);
	kprof_cli_puts("start:\n");
	for (i = 0; i < p.program_count && i < KPROF_CLI_COUNT(p.program); i++) {
		kprof_cli_printf("  %lu. ", (unsigned long)i + 1);
		print_write(&p, &p.program[i]);
	}
	if (p.global_ctrl_msr)
		kprof_cli_printf("  then set 0x%llX in MSR 0x%08lX (IA32_PERF_GLOBAL_CTRL: "
		                 "read, or, write)\n",
		                 (unsigned long long)p.global_ctrl_bit,
		                 (unsigned long)p.global_ctrl_msr);
	kprof_cli_puts("stop:\n     ");
	print_write(&p, &p.stop);
	kprof_cli_printf("read:\n     rdmsr 0x%08lX (or rdpmc ecx=0x%lX), %lu bits: mask 0x%llX\n",
	                 (unsigned long)p.counter_msr, (unsigned long)p.rdpmc_index,
	                 (unsigned long)p.counter_width, (unsigned long long)p.counter_mask);
	return 0;
}
