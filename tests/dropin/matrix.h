/* The drop-in matrix program's second translation unit, called from the first. */
#ifndef KPROF_MATRIX_H
#define KPROF_MATRIX_H
void matrix_second(unsigned long *passed, unsigned long *failed);
#endif
