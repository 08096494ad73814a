/* start.c - what a freestanding image needs besides kprof.h: an entry point. No memcpy,
 * memset or any other function a kernel might provide: linked with -nostdlib -static, any
 * symbol the header (or this test) would need fails the build. */
#include <stddef.h>
#include <stdint.h>

uint32_t kprof_hardening_all(void);
void _start(void);

volatile uint32_t kprof_hardening_sink;

void _start(void)
{
	kprof_hardening_sink = kprof_hardening_all();
	for (;;)
		;
}
