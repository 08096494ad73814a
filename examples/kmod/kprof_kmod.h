/* SPDX-License-Identifier: MIT */
/*
 * kprof.h as every unit of the example module includes it: with the module's MSR hooks.
 * Every MSR access kprof makes goes through the kernel's exception-table accessors: an MSR the
 * processor (or hypervisor) lacks becomes KPROF_E_FAULT instead of an oops. The hooks are
 * defined wherever kprof.h is included: kprof_msr_read/kprof_msr_write are inline in the units that
 * call them, and the implementation's unit (kprof_kmod_impl.c) uses them too.
 */
#ifndef KPROF_KMOD_H
#define KPROF_KMOD_H

#include <asm/msr.h>

#define KPROF_RDMSR_SAFE(msr, p) rdmsrl_safe((msr), (p))
#define KPROF_WRMSR_SAFE(msr, v) wrmsrl_safe((msr), (v))
#include "kprof.h"

#endif
