/* start.c - what a freestanding image needs besides kprof.h: an entry point and the four
 * memory functions a compiler may emit calls to even under -fno-builtin (as every kernel
 * provides). Linked with -nostdlib -static: an unresolved libc symbol fails the build. */
#include <stddef.h>
#include <stdint.h>

uint32_t kprof_hardening_all(void);
void _start(void);
void *memset(void *d, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);

volatile uint32_t kprof_hardening_sink;

void _start(void)
{
	kprof_hardening_sink = kprof_hardening_all();
	for (;;)
		;
}

void *memset(void *d, int c, size_t n)
{
	unsigned char *p = (unsigned char *)d;
	while (n--)
		*p++ = (unsigned char)c;
	return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
	unsigned char *p = (unsigned char *)d;
	const unsigned char *q = (const unsigned char *)s;
	while (n--)
		*p++ = *q++;
	return d;
}

void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *p = (unsigned char *)d;
	const unsigned char *q = (const unsigned char *)s;
	if (p < q)
		while (n--)
			*p++ = *q++;
	else
		while (n--)
			p[n] = q[n];
	return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
	for (; n; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}
