/* kprof command, custom-source layer (cli/custom_sources.c): the custom profile sources a
 * registry file (or `kprof custom-source --format json`) adds, which of them load on a
 * processor, and which a listing shows (listing-check --custom-sources). */
#ifndef KPROF_CLI_CUSTOM_SOURCES_H
#define KPROF_CLI_CUSTOM_SOURCES_H

#include "util.h"

#define KPROF_CLI_CUSTOM_MAX 1024u
typedef struct kprof_cli_custom_source {
	char name[KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX + 1];
	uint32_t interval;  /* as Windows applies it: the file's (default KPROF_SOURCE_INTERVAL_HARDWARE_DEFAULT), clamped */
	unsigned long line; /* where the file gives it */
	uint8_t loads;      /* its group loads on the processor */
	uint8_t listed;     /* the listing compared last has it */
} kprof_cli_custom_source;
typedef struct kprof_cli_custom_set {
	const char *path;
	kprof_cli_custom_source *src;
	size_t n, loading;
} kprof_cli_custom_set;
/* Why Windows could not list name (len bytes) as a source or group key: the library's rule
 * (kprof_windows_custom_source_name_set), or NONE. */
kprof_windows_custom_source_problem kprof_cli_custom_name_problem(const char *name, size_t len);
/* The sources a registry file (or custom-source's JSON) adds, and which load on d's processor.
 * 0, or an exit code after a message naming the file and line. */
int kprof_cli_custom_load(const char *path, const kprof_hal_decision *d, kprof_cli_custom_set *out);
void kprof_cli_custom_free(kprof_cli_custom_set *s);
/* Before comparing a listing: no source listed yet (s may be NULL). */
void kprof_cli_custom_reset(kprof_cli_custom_set *s);
/* Whether a difference kprof's tables find (an unknown row) is one of s's sources (s may be
 * NULL), marking it listed: */
enum { KPROF_CLI_CUSTOM_NONE, KPROF_CLI_CUSTOM_AGREES, KPROF_CLI_CUSTOM_INTERVAL };
int kprof_cli_custom_match(kprof_cli_custom_set *s, const kprof_listing_diff *df, const kprof_hal_decision *d);
/* After the rows: how many loading sources the listing lacks (where release d has custom
 * sources). */
size_t kprof_cli_custom_missing(const kprof_cli_custom_set *s, const kprof_hal_decision *d);

#endif
