// SPDX-License-Identifier: MIT
/*
 * kprof's implementation in the example module: the one unit that defines KPROF_IMPLEMENTATION,
 * so every kprof function and table is compiled here, once. kprof_kmod_main.c includes
 * kprof.h without it and calls into this unit.
 */
#define KPROF_IMPLEMENTATION
#include "kprof_kmod.h"
