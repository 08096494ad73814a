/* kprof_test.h - the tiny check framework every C test uses.
 * CHECK(cond) counts a pass or a failure (printing where); kt_done() prints the closing
 * "N passed, N failed" line and returns the exit status.
 *
 * A test is one translation unit: it includes kprof.h (with whatever configuration it tests),
 * then this file, which includes kprof.h again with KPROF_IMPLEMENTATION, so the test holds
 * kprof's implementation itself: the way a program includes kprof.h first without and later
 * with KPROF_IMPLEMENTATION. */
#ifndef KPROF_TEST_H
#define KPROF_TEST_H
#define KPROF_IMPLEMENTATION
#include "kprof.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The elements of an array. */
#define KT_COUNT(a) (sizeof(a) / sizeof((a)[0]))

static unsigned long kt_passed, kt_failed;

#define CHECK(cond) kt_check(!!(cond), __FILE__, __LINE__, #cond)
#define CHECK_EQ(a, b) kt_check_eq((uint64_t)(a), (uint64_t)(b), __FILE__, __LINE__, #a, #b)
#define CHECK_STR(a, b) kt_check_str((a), (b), __FILE__, __LINE__, #a)

static inline int kt_check(int ok, const char *file, int line, const char *what)
{
	if (ok) {
		kt_passed++;
	} else {
		kt_failed++;
		fprintf(stderr, "%s:%d: CHECK failed: %s\n", file, line, what);
	}
	return ok;
}

static inline int kt_check_eq(uint64_t a, uint64_t b, const char *file, int line, const char *ea,
                              const char *eb)
{
	if (a == b) {
		kt_passed++;
		return 1;
	}
	kt_failed++;
	fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (0x%" PRIx64 " != 0x%" PRIx64 ")\n", file,
	        line, ea, eb, a, b);
	return 0;
}

static inline int kt_check_str(const char *a, const char *b, const char *file, int line,
                               const char *ea)
{
	if (a && b && strcmp(a, b) == 0) {
		kt_passed++;
		return 1;
	}
	kt_failed++;
	fprintf(stderr, "%s:%d: CHECK_STR failed: %s = \"%s\", want \"%s\"\n", file, line, ea,
	        a ? a : "(null)", b ? b : "(null)");
	return 0;
}

#ifdef KPROF_H
#include "kprof_helpers.h"

/* The snapshot slot of (leaf, subleaf), or -1 when kprof keeps no such leaf. */
static inline int kt_slot_of(uint32_t leaf, uint32_t subleaf)
{
	const kprof_cpuid_leaf *l = kprof_cpuid_leaf_by_number(leaf, subleaf);
	return l ? (int)l->slot : -1;
}
#endif

static inline int kt_done(void)
{
	printf("%lu passed, %lu failed\n", kt_passed, kt_failed);
	return kt_failed ? 1 : 0;
}

/* The directory of ../shared (override with KPROF_SHARED). Under CI (CI=true) a missing
 * shared/ is a failure, never a skip. */
static inline const char *kt_shared_dir(void)
{
	const char *d = getenv("KPROF_SHARED");
	return d && *d ? d : "../shared";
}

/* Read a whole file; NULL when it cannot be read. The caller frees. */
static inline char *kt_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	if (len)
		*len = 0; /* defined on every return: gcc -m32 -O2 warned of a caller reading it */
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return NULL;
	}
	buf = (char *)malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf) {
		buf[n] = '\0';
		if (len)
			*len = (size_t)n;
	}
	return buf;
}
#endif
