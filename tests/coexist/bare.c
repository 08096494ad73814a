/* No platform header: KPROF_WINDOWS_NAMES gives Windows' own spelling. */
#define KPROF_WINDOWS_NAMES
#include "kprof.h"
#define KPROF_IMPLEMENTATION
#include "kprof.h" /* included again, with the implementation: still one definition */

int main(void)
{
	KPROFILE_SOURCE x = ProfileTime;
	KPROFILE_SOURCE y = ProfileMaximum;
	return !((int)x == KPROF_SOURCE_GENERIC_TIME && (int)y == 0x18 && Profile2Issue == 0x0F);
}
