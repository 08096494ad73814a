/* kprof command: everything a command's file (cli/cmd_*.c) may use, the layers below the
 * command table, in the order a command's path runs: options (options.h) -> input (util.h,
 * dump.h, live.h) -> the library (kprof.h; machine.h, cpu_groups.h, releases.h) -> output
 * (util.h, counts_print.h, pmu_print.h). No file of those layers includes this header, and
 * none reaches up into the command table or a command's file (tests/test_cli_layers.py). */
#ifndef KPROF_CLI_H
#define KPROF_CLI_H

#include "counts_print.h"
#include "cpu_groups.h"
#include "dump.h"
#include "live.h"
#include "machine.h"
#include "options.h"
#include "pmu_print.h"
#include "releases.h"
#include "util.h"

#endif
