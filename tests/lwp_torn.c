/* lwp_torn - a 64-bit LWPCB word that keeps changing while it is read. Every access to
 * the LWPCB page faults (PROT_NONE); the fault handler adds 1 to the high half of MissedEvents,
 * opens the page for the one faulting instruction (trap flag) and closes it again. So each
 * read sees a new high word, as if hardware kept writing it. A 32-bit build must give up after
 * KPROF_LWP_READ64_TRIES high/low/high rounds with KPROF_E_CHANGED (an unbounded retry never
 * returns: the harness's time limit fails it), and must return the value once the word holds
 * still; a 64-bit build reads the word in one load. Built -m32 and run natively or under
 * qemu-i386 (mk/lwp.mk says which), and built -m64. */
#define _GNU_SOURCE
#define KPROF_LWP_MODEL /* the LWP software model (opt-in): this program drives it */
#include "kprof.h"
#include "kprof_test.h"

#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#if defined(__x86_64__)
#define REG_FLAGS REG_EFL
#elif defined(__i386__)
#define REG_FLAGS REG_EFL
#endif
#define TF 0x100

static uint8_t *page;
static long pagesize;
static volatile int accesses, changes_left;

static void on_segv(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = (ucontext_t *)ucv;
	(void)sig;
	(void)si;
	accesses++;
	mprotect(page, (size_t)pagesize, PROT_READ | PROT_WRITE);
	if (changes_left) {
		changes_left--;
		kprof_bytes_le32_store(page + KPROF_LWP_LWPCB_MISSED_EVENTS_OFFSET + 4,
		                 kprof_bytes_le32_load(page + KPROF_LWP_LWPCB_MISSED_EVENTS_OFFSET + 4) + 1);
	}
	uc->uc_mcontext.gregs[REG_FLAGS] |= TF; /* close the page after this one access */
}

static void on_trap(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = (ucontext_t *)ucv;
	(void)sig;
	(void)si;
	uc->uc_mcontext.gregs[REG_FLAGS] &= ~TF;
	mprotect(page, (size_t)pagesize, PROT_NONE);
}

int main(int argc, char **argv)
{
	static uint8_t ring[1024] __attribute__((aligned(64)));
	kprof_lwp_caps caps;
	kprof_lwp_event_config ev = {KPROF_LWP_EVENT_INSTRUCTIONS, 100};
	kprof_lwp_config cfg;
	kprof_lwp_ring r;
	struct sigaction sa;
	uint64_t delta = 99;
	int wide = sizeof(void *) == 8;
	if (argc > 1 && !strcmp(argv[1], "--probe"))
		return 0; /* can this program run here at all */
	pagesize = sysconf(_SC_PAGESIZE);
	page = (uint8_t *)mmap(NULL, (size_t)pagesize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (!CHECK(page != MAP_FAILED))
		return kt_done();
	kprof_lwpmodel_caps_get(&caps);
	memset(&cfg, 0, sizeof(cfg));
	cfg.buffer_base = (uint64_t)(uintptr_t)ring;
	cfg.buffer_size = sizeof(ring);
	cfg.events = &ev;
	cfg.event_count = 1;
	CHECK_EQ(kprof_lwp_lwpcb_init(page, 256, &caps, &cfg, NULL), KPROF_OK);
	kprof_bytes_le64_store(page + KPROF_LWP_LWPCB_MISSED_EVENTS_OFFSET, UINT64_C(0x0000000500000007));
	CHECK_EQ(kc_lwp_attach(&r, page, &caps, ring, sizeof(ring), 0), KPROF_OK);
	memset(&sa, 0, sizeof(sa));
	sa.sa_flags = SA_SIGINFO;
	sa.sa_sigaction = on_segv;
	sigaction(SIGSEGV, &sa, NULL);
	sa.sa_sigaction = on_trap;
	sigaction(SIGTRAP, &sa, NULL);

	/* A word that never holds still. */
	accesses = 0;
	changes_left = 1000;
	mprotect(page, (size_t)pagesize, PROT_NONE);
	{
		kprof_status st = kprof_lwp_ring_missed_get(&r, &delta);
		mprotect(page, (size_t)pagesize, PROT_READ | PROT_WRITE);
		if (wide) {
			CHECK_EQ(st, KPROF_OK);
			CHECK_EQ(accesses, 1);
			CHECK_EQ(delta, UINT64_C(1) << 32);
		} else {
			CHECK_EQ(st, KPROF_E_CHANGED);
			CHECK_EQ(delta, 0);
			CHECK_EQ(accesses, 1 + 2 * KPROF_LWP_READ64_TRIES);
			CHECK_EQ(r.missed_seen, UINT64_C(0x0000000500000007)); /* nothing changed */
		}
	}
	/* A word that changes twice and then holds: the retries find the value. */
	kprof_bytes_le64_store(page + KPROF_LWP_LWPCB_MISSED_EVENTS_OFFSET, UINT64_C(0x0000000900000007));
	accesses = 0;
	changes_left = 2;
	mprotect(page, (size_t)pagesize, PROT_NONE);
	{
		kprof_status st = kprof_lwp_ring_missed_get(&r, &delta);
		mprotect(page, (size_t)pagesize, PROT_READ | PROT_WRITE);
		CHECK_EQ(st, KPROF_OK);
		CHECK_EQ(r.missed_seen, wide ? UINT64_C(0x0000000A00000007) : UINT64_C(0x0000000B00000007));
		printf("%d-bit: %d reads of the changing word\n", wide ? 64 : 32, accesses);
	}
	return kt_done();
}
