/* A PerfEvtSel value taken apart. Flags are 0 or 1. event holds 8 bits on Intel and
 * 12 on AMD (EventSelect[11:8] lives at bits 35:32 there). */
typedef struct kprof_select {
	uint16_t event;
	uint8_t umask;
	uint8_t cmask;
	uint8_t usr, os, edge, pc, intr, any, en, inv;
	uint8_t guest_only, host_only; /* AMD only */
} kprof_select;
