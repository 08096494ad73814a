/* kprof command, the handlers the command table (cli/kprof.c) names, one per cmd_*.c file,
 * and the choices a row takes from a command's file. Included by cli/kprof.c alone: a
 * command's file does not reach into another's. */
#ifndef KPROF_CLI_COMMANDS_H
#define KPROF_CLI_COMMANDS_H

#include "options.h"

int kprof_cmd_info(const kprof_cli_args *a);
int kprof_cmd_sources(const kprof_cli_args *a);
int kprof_cmd_decode_select(const kprof_cli_args *a);
int kprof_cmd_perf(const kprof_cli_args *a);
int kprof_cmd_cpuid_dump(const kprof_cli_args *a);
int kprof_cmd_lwp_decode(const kprof_cli_args *a);
int kprof_cmd_ds_decode(const kprof_cli_args *a);
int kprof_cmd_sources_decode(const kprof_cli_args *a);
int kprof_cmd_listing_check(const kprof_cli_args *a);
int kprof_cmd_plan(const kprof_cli_args *a);
int kprof_cmd_custom_source(const kprof_cli_args *a);
/* custom-source's --format choices (cli/cmd_custom_source.c). */
const char *kprof_cli_choice_custom_format(int i);
/* ds-decode's --format choices (cli/cmd_ds.c). */
const char *kprof_cli_choice_ds_format(int i);
const char *kprof_cli_choice_ds_access(int i);
const char *kprof_cli_choice_core(int i);
/* decode-select's --vendor choices (cli/cmd_sources.c). */
const char *kprof_cli_choice_vendor(int i);

#endif
