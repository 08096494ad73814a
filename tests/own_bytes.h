/* The tests' and fuzzers' own little-endian reads and writes, typed here so that buffers are
 * built and checked without kprof's kprof_bytes_* (whose results they judge). */
#ifndef KPROF_TESTS_OWN_BYTES_H
#define KPROF_TESTS_OWN_BYTES_H

#include <stdint.h>

static inline void own_put(uint8_t *p, uint64_t v, int n)
{
	int i;
	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static inline uint64_t own_get(const uint8_t *p, int n)
{
	uint64_t v = 0;
	while (n-- > 0)
		v = v << 8 | p[n];
	return v;
}

#endif
