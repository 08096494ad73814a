/* fuzz_common.h - what every kprof harness shares: a cursor that turns the fuzzer's bytes
 * into integers (running dry yields zeros, so every input is a complete test), and the
 * invariant check that turns a wrong answer into a crash the fuzzer keeps. */
#ifndef KPROF_FUZZ_COMMON_H
#define KPROF_FUZZ_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A harness is one translation unit: it holds kprof's implementation, static. */
#define KPROF_IMPLEMENTATION
#define KPROF_STATIC
#include "kprof.h"

/* abort(), not assert(): the check must survive -DNDEBUG and every build the harness gets. */
#define KF_CHECK(cond)                                                                     \
	do {                                                                               \
		if (!(cond)) {                                                             \
			fprintf(stderr, "%s:%d: invariant violated: %s\n", __FILE__, __LINE__, \
			        #cond);                                                    \
			abort();                                                           \
		}                                                                          \
	} while (0)

typedef struct kf_cursor {
	const uint8_t *p;
	size_t n;
} kf_cursor;

#include "tests/kprof_helpers.h"

static inline kf_cursor kf_init(const uint8_t *data, size_t size)
{
	kf_cursor c;
	c.p = data;
	c.n = size;
	return c;
}

static inline uint8_t kf_u8(kf_cursor *c)
{
	uint8_t v = 0;
	if (c->n) {
		v = *c->p++;
		c->n--;
	}
	return v;
}

static inline uint16_t kf_u16(kf_cursor *c)
{
	uint16_t v = kf_u8(c);
	return (uint16_t)(v | (uint16_t)kf_u8(c) << 8);
}

static inline uint32_t kf_u32(kf_cursor *c)
{
	uint32_t v = kf_u16(c);
	return v | (uint32_t)kf_u16(c) << 16;
}

static inline uint64_t kf_u64(kf_cursor *c)
{
	uint64_t v = kf_u32(c);
	return v | (uint64_t)kf_u32(c) << 32;
}

/* The rest of the input as an exactly-sized heap copy: a read one byte past the end is an
 * ASan report, where reading the fuzzer's own buffer in place might not be. Never NULL for
 * size 0 (malloc(0) may return NULL), so callers need no special case. */
static inline uint8_t *kf_rest_copy(kf_cursor *c, size_t *len)
{
	uint8_t *b = (uint8_t *)malloc(c->n ? c->n : 1);
	if (!b)
		abort();
	if (c->n)
		memcpy(b, c->p, c->n);
	*len = c->n;
	c->p += c->n;
	c->n = 0;
	return b;
}

/* Text as the kprof command hands it to a reader (cli/util.c): UTF-16 with a byte-order mark
 * (FF FE little-endian, FE FF big-endian: what Windows PowerShell's `>` writes) converted to
 * UTF-8 by kprof_bytes_utf16le_to_utf8, big-endian units swapped first; any other bytes (ASCII,
 * UTF-8 with or without its mark) as they are. Takes text (a kf_rest_copy block) and returns
 * an exactly-sized heap block with *len updated, or NULL (text freed) for UTF-16 of an odd
 * number of bytes, which the command refuses before a reader sees it. */
static inline uint8_t *kf_command_text(uint8_t *text, size_t *len)
{
	size_t n = *len, i, cap, out_len = 0;
	char *wide;
	uint8_t *out;
	if (n < 2 || !((text[0] == 0xFF && text[1] == 0xFE) || (text[0] == 0xFE && text[1] == 0xFF)))
		return text;
	if (n % 2) {
		free(text);
		return NULL;
	}
	if (text[0] == 0xFE)
		for (i = 2; i < n; i += 2) {
			uint8_t t = text[i];
			text[i] = text[i + 1];
			text[i + 1] = t;
		}
	cap = (n - 2) / 2 * 3 + 1;
	wide = (char *)malloc(cap);
	if (!wide)
		abort();
	KF_CHECK(kprof_bytes_utf16le_to_utf8(text + 2, (n - 2) / 2, wide, cap, &out_len) == KPROF_OK);
	KF_CHECK(out_len < cap && wide[out_len] == '\0' && strlen(wide) <= out_len);
	free(text);
	out = (uint8_t *)malloc(out_len ? out_len : 1);
	if (!out)
		abort();
	memcpy(out, wide, out_len);
	free(wide);
	*len = out_len;
	return out;
}

/* A value some kprof function may return as a status: one kprof_status_name knows. */
static inline int kf_is_status(int st)
{
	return kprof_status_name(st) != NULL;
}

#endif
