/* kprof command, Windows releases (cli/releases.c): --windows, --hal and the release lines
 * every command prints the same way. */
#ifndef KPROF_CLI_RELEASES_H
#define KPROF_CLI_RELEASES_H

#include "options.h"

/* --windows RELEASE: a release name or build number into *release (a
 * kprof_hal_windows); 0, or exit 2 after a usage message. */
int kprof_cli_windows_parse(const kprof_cli_command *c, const char *text, uint32_t *release);
/* 0, or exit 2 after a message when hal's release shipped no HAL of that width. */
int kprof_cli_hal_check(const kprof_cli_command *c, uint32_t hal);
/* `--windows all`: one line (or JSON object) per release and HAL for this processor. */
int kprof_cli_windows_all(const kprof_cpuid_snapshot *snap, int json);
/* kprof_hal_uncertain bits as text ("; "-separated) or a JSON array of names. */
void kprof_cli_uncertain_print(unsigned u, int json);
/* The decision's release and HAL: "Windows 8.1 / Server 2012 R2 (6.3) [8.1, build 9600],
 * 64-bit HAL". */
void kprof_cli_release_print(const kprof_hal_decision *d);
/* "windows     " and the release of hal (kprof_cli_release_print), and when defaulted (no
 * --windows) that it is the newest kprof models and how to choose another: the line of every
 * command that answers for a release. */
void kprof_cli_release_line(uint32_t hal, int defaulted);

#endif
