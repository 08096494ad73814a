/* mingw-w64's ddk/wdm.h defines KPROFILE_SOURCE; kprof.h after it must not redefine it. */
#include <ddk/wdm.h>
#define KPROF_WINDOWS_NAMES
#include "kprof.h"
#ifdef KPROF_PLATFORM_HAS_KPROFILE_SOURCE
#error "kprof.h supplied KPROFILE_SOURCE although ddk/wdm.h has it"
#endif
int kprof_coexist_use(void);
int kprof_coexist_use(void)
{
	KPROFILE_SOURCE x = ProfileLoadLinkedIssues;
	return (int)x == (int)KPROF_SOURCE_GENERIC_LOAD_LINKED_ISSUES && ProfileMaximum == 0x18;
}
