/* windows.h and mingw-w64's winternl.h, which has no KPROFILE_SOURCE: kprof.h compiles after
 * them (windows.h #defines `interface`) and supplies the Windows names itself. */
#include <windows.h>
#include <winternl.h>
#define KPROF_WINDOWS_NAMES
#include "kprof.h"
#ifndef KPROF_PLATFORM_HAS_KPROFILE_SOURCE
#error "kprof.h should supply KPROFILE_SOURCE: mingw-w64's winternl.h lacks it"
#endif
int kprof_coexist_use(void);
int kprof_coexist_use(void)
{
	KPROFILE_SOURCE x = ProfileTime;
	return (int)x == (int)KPROF_SOURCE_GENERIC_TIME;
}
