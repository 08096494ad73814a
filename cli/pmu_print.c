/* kprof info's counter report: the counters the processor has (kprof_pmu_caps) and,
 * separately, the ones the HAL's interface uses (kprof_hal_decision). */
#include "pmu_print.h"

static const char *yes_no(int f)
{
	return f ? "yes" : "no";
}

static void json_pmu(const kprof_pmu_caps *c)
{
	kprof_cli_printf("{\"version\": %u, \"counters\": %u, \"width\": %u, \"counter_mask\": %lu, "
	                 "\"counter_limit\": %u,\n    \"perfevtsel_msr\": %lu, \"counter_msr\": %lu, "
	                 "\"msr_stride\": %lu,\n    \"global_ctrl_msr\": %lu, "
	                 "\"global_status_msr\": %lu, \"global_clear_msr\": %lu",
	                 c->version, c->counters, c->counter_width, (unsigned long)c->counter_mask,
	                 c->counter_limit, (unsigned long)c->perfevtsel_msr,
	                 (unsigned long)c->counter_msr, (unsigned long)c->msr_stride,
	                 (unsigned long)c->global_ctrl_msr, (unsigned long)c->global_status_msr,
	                 (unsigned long)c->global_clear_msr);
	if (c->vendor == KPROF_CPUID_VENDOR_INTEL)
		kprof_cli_printf(",\n    \"fixed\": {\"counters\": %u, \"width\": %u, \"mask\": %lu, "
		                 "\"limit\": %u, \"msr\": %lu, \"msr_stride\": %lu},\n"
		                 "    \"perfmon_ext\": %s, \"ext_events\": %lu, \"umask2\": %s, "
		                 "\"eq\": %s, \"acr_counter_mask\": %lu, \"acr_fixed_mask\": %lu,\n"
		                 "    \"arch_lbr\": %s, \"lbr_depth_max\": %u, \"lbr_branch_counters\": %u, "
		                 "\"lbr_inserts\": %s, \"rdpmc_user_disable\": %s,\n"
		                 "    \"arch_pebs\": %s, \"arch_pebs_caps\": %lu, \"arch_pebs_counter_mask\": %lu, "
		                 "\"arch_pebs_fixed_mask\": %lu, \"pdist_counter_mask\": %lu, \"pdist_fixed_mask\": %lu",
		                 c->fixed_counters, c->fixed_width, (unsigned long)c->fixed_mask,
		                 c->fixed_limit, (unsigned long)c->fixed_counter_msr,
		                 (unsigned long)c->fixed_msr_stride, kprof_cli_json_bool(c->perfmon_ext),
		                 (unsigned long)c->ext_events, kprof_cli_json_bool(c->umask2), kprof_cli_json_bool(c->eq),
		                 (unsigned long)c->acr_counter_mask, (unsigned long)c->acr_fixed_mask,
		                 kprof_cli_json_bool(c->arch_lbr), c->lbr_depth_max, c->lbr_branch_counters,
		                 kprof_cli_json_bool(c->lbr_inserts), kprof_cli_json_bool(c->rdpmc_user_disable),
		                 kprof_cli_json_bool(c->arch_pebs), (unsigned long)c->arch_pebs_caps,
		                 (unsigned long)c->arch_pebs_counter_mask, (unsigned long)c->arch_pebs_fixed_mask,
		                 (unsigned long)c->pdist_counter_mask, (unsigned long)c->pdist_fixed_mask);
	else if (c->vendor == KPROF_CPUID_VENDOR_AMD)
		kprof_cli_printf(",\n    \"legacy_counters\": %u, \"perfctr_ext_core\": %s, "
		                 "\"perfmon_v2\": %s, \"lbr_v2\": %s, \"lbr_v2_stack\": %u,\n"
		                 "    \"perfctr_ext_nb\": %s, \"nb_counters\": %u, \"nb_perfevtsel_msr\": %lu, "
		                 "\"nb_counter_msr\": %lu, \"ptsc\": %s, \"ptsc_msr\": %lu,\n"
		                 "    \"perfctr_ext_llc\": %s, \"llc_counters\": %u, \"llc_perfevtsel_msr\": %lu, "
		                 "\"umc_counters\": %u, \"active_umc_mask\": %lu, \"ibs\": %s",
		                 c->legacy_counters, kprof_cli_json_bool(c->perfctr_ext_core),
		                 kprof_cli_json_bool(c->perfmon_v2), kprof_cli_json_bool(c->lbr_v2), c->lbr_v2_stack,
		                 kprof_cli_json_bool(c->perfctr_ext_nb), c->nb_counters,
		                 (unsigned long)c->nb_perfevtsel_msr, (unsigned long)c->nb_counter_msr,
		                 kprof_cli_json_bool(c->ptsc), (unsigned long)c->ptsc_msr,
		                 kprof_cli_json_bool(c->perfctr_ext_llc), c->llc_counters,
		                 (unsigned long)c->llc_perfevtsel_msr, c->umc_counters,
		                 (unsigned long)c->active_umc_mask, kprof_cli_json_bool(c->ibs));
	kprof_cli_puts("}");
}

/* ",\n  \"pmu\": {...},\n  \"interface_counters\": {...}" for kprof info --json. */
void kprof_cli_pmu_json(const kprof_hal_decision *d)
{
	const kprof_pmu_caps *c = &d->pmu;
	kprof_cli_puts(",\n  \"pmu\": ");
	if (c->vendor != KPROF_CPUID_VENDOR_INTEL && c->vendor != KPROF_CPUID_VENDOR_AMD)
		kprof_cli_puts("null");
	else
		json_pmu(c);
	kprof_cli_printf(",\n  \"interface_counters\": {\"counters\": %u, \"width\": %u, "
	                 "\"perfevtsel_msr\": %lu, \"counter_msr\": %lu, \"msr_stride\": %lu}",
	                 d->counters, d->counter_width, (unsigned long)d->perfevtsel_msr,
	                 (unsigned long)d->counter_msr, (unsigned long)d->msr_stride);
}

/* The "counters" and "hal uses" lines of kprof info. */
void kprof_cli_pmu_text(const kprof_hal_decision *d)
{
	const kprof_pmu_caps *c = &d->pmu;
	kprof_cli_puts("counters    ");
	if (c->vendor != KPROF_CPUID_VENDOR_INTEL && c->vendor != KPROF_CPUID_VENDOR_AMD) {
		kprof_cli_puts("unknown (neither GenuineIntel nor AuthenticAMD)\n");
	} else {
		if (!c->counters && c->vendor == KPROF_CPUID_VENDOR_INTEL) {
			kprof_cli_puts("none: leaf 0x0A reports no general-purpose counters\n");
			goto hal;
		}
		kprof_cli_printf("%u general-purpose%s, %u bits wide, select 0x%lX counter 0x%lX "
		                 "(stride %lu, %u with MSRs)\n",
		                 c->counters,
		                 c->vendor != KPROF_CPUID_VENDOR_INTEL ? ""
		                 : c->perfmon_ext ? " (leaf 0x23.1)" : " (leaf 0x0A)",
		                 c->counter_width, (unsigned long)c->perfevtsel_msr,
		                 (unsigned long)c->counter_msr, (unsigned long)c->msr_stride,
		                 c->counter_limit);
		if (c->vendor == KPROF_CPUID_VENDOR_INTEL) {
			kprof_cli_printf("            perfmon version %u; %u fixed, %u bits wide, at 0x%lX "
			                 "(mask 0x%lX)\n",
			                 c->version, c->fixed_counters, c->fixed_width,
			                 (unsigned long)c->fixed_counter_msr, (unsigned long)c->fixed_mask);
			kprof_cli_printf("            leaf 0x23 %s (events 0x%lX, UMASK2 %s, EQ %s, "
			                 "reload 0x%lX/0x%lX); arch LBR %s (depth up to %u)\n",
			                 yes_no(c->perfmon_ext), (unsigned long)c->ext_events,
			                 yes_no(c->umask2), yes_no(c->eq),
			                 (unsigned long)c->acr_counter_mask,
			                 (unsigned long)c->acr_fixed_mask, yes_no(c->arch_lbr),
			                 c->lbr_depth_max);
			kprof_cli_printf("            LBR branch counters 0x%X; LBR Inserts event %s; "
			                 "rdpmc user disable %s\n",
			                 c->lbr_branch_counters, yes_no(c->lbr_inserts), yes_no(c->rdpmc_user_disable));
			kprof_cli_printf("            architectural PEBS %s", yes_no(c->arch_pebs));
			if (c->arch_pebs)
				kprof_cli_printf(" (caps 0x%lX; counters 0x%lX, fixed 0x%lX; PDist 0x%lX, "
				                 "fixed 0x%lX)",
				                 (unsigned long)c->arch_pebs_caps, (unsigned long)c->arch_pebs_counter_mask,
				                 (unsigned long)c->arch_pebs_fixed_mask, (unsigned long)c->pdist_counter_mask,
				                 (unsigned long)c->pdist_fixed_mask);
			kprof_cli_puts("\n");
		} else {
			kprof_cli_printf("            legacy %u at 0x%lX; PerfCtrExtCore %s; "
			                 "PerfMonV2 %s; LBR v2 %s (%u entries)\n",
			                 c->legacy_counters, (unsigned long)KPROF_MSR_AMD_PERFEVTSEL_BASE,
			                 yes_no(c->perfctr_ext_core),
			                 yes_no(c->perfmon_v2), yes_no(c->lbr_v2), c->lbr_v2_stack);
			kprof_cli_printf("            northbridge/data fabric counters %u", c->nb_counters);
			if (c->nb_counters)
				kprof_cli_printf(" at 0x%lX", (unsigned long)c->nb_perfevtsel_msr);
			kprof_cli_printf("; PTSC %s", yes_no(c->ptsc));
			if (c->ptsc)
				kprof_cli_printf(" at 0x%lX", (unsigned long)c->ptsc_msr);
			kprof_cli_puts("\n");
			kprof_cli_printf("            PerfCtrExtLLC %s", yes_no(c->perfctr_ext_llc));
			if (c->perfctr_ext_llc)
				kprof_cli_printf(" (%u counters at 0x%lX)", c->llc_counters,
				                 (unsigned long)c->llc_perfevtsel_msr);
			kprof_cli_printf("; UMC counters %u (active UMCs 0x%lX); IBS %s\n", c->umc_counters,
			                 (unsigned long)c->active_umc_mask, yes_no(c->ibs));
		}
	}
hal:
	if (!d->counters) {
		kprof_cli_printf("hal uses    no counters: the %s interface has only the timer\n",
		                 kprof_source_table_name(d->table));
		return;
	}
	kprof_cli_printf("hal uses    %u %s, %u bits wide, select 0x%lX counter 0x%lX "
	                 "(stride %lu)%s\n",
	                 d->counters, d->counters == 1 ? "counter" : "counters", d->counter_width,
	                 (unsigned long)d->perfevtsel_msr, (unsigned long)d->counter_msr,
	                 (unsigned long)d->msr_stride,
	                 d->vendor == KPROF_CPUID_VENDOR_INTEL ? ": leaf 0x0A's count (the HAL reads no leaf 0x23)" : "");
}
