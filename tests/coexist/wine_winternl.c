/* Wine's winternl.h (Debian libwine-dev) defines KPROFILE_SOURCE; kprof.h after it must not
 * redefine it. WIN32_LEAN_AND_MEAN keeps out Wine's COM headers, which do not build as C++
 * against mingw-w64's CRT (unrelated to kprof). */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#include <winternl.h>
#ifndef __WINE_WINTERNL_H
#error "this TU must see Wine's winternl.h"
#endif
#define KPROF_WINDOWS_NAMES
#include "kprof.h"
#ifdef KPROF_PLATFORM_HAS_KPROFILE_SOURCE
#error "kprof.h supplied KPROFILE_SOURCE although Wine's winternl.h has it"
#endif
int kprof_coexist_use(void);
int kprof_coexist_use(void)
{
	KPROFILE_SOURCE x = ProfileLoadLinkedIssues;
	return (int)x == (int)KPROF_SOURCE_GENERIC_LOAD_LINKED_ISSUES;
}
