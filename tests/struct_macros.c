/* The generated struct macros (kprof_<s>_decode, _encode, _widen) check their pointer
 * arguments as the prototypes they stand for would (tests/compile_matrix.sh): CASE 0 builds
 * with -Werror and runs; each other CASE passes one wrong pointer and must not build. The
 * program holds kprof's implementation (static: one translation unit). */
#define KPROF_IMPLEMENTATION
#define KPROF_STATIC
#include "kprof.h"

int main(void)
{
	static unsigned char buf[KPROF_DS_AREA64_SIZE];
	kprof_pebs_basic b;
	kprof_ds_area32 a32;
	kprof_ds_area64 a64;
	const kprof_pebs_basic *cb = &b;
	int wrong = 0;
	(void)wrong;
	(void)cb;
	(void)b;
	(void)a32;
	(void)a64;
	buf[0] = 0x5a;
#if CASE == 0
	/* the right types, void * and NULL pass; each argument is evaluated once */
	{
		void *any = &b;
		size_t len = KPROF_PEBS_BASIC_SIZE, calls = 0;
		if (kprof_pebs_basic_decode(buf, (calls++, len), any) != KPROF_OK || calls != 1 ||
		    b.format_size != 0x5a)
			return 1;
		if (kprof_pebs_basic_encode(cb, buf + 1, sizeof(buf) - 1) != KPROF_OK || buf[1] != 0x5a)
			return 2;
		if (kprof_pebs_basic_decode(buf, sizeof(buf), NULL) != KPROF_E_ARGUMENT)
			return 3;
		if (kprof_ds_area32_decode(buf, sizeof(buf), &a32) != KPROF_OK)
			return 4;
		kprof_ds_area32_widen(&a32, &a64);
		return a32.bts_buffer_base == 0x5a5a && a64.bts_buffer_base == 0x5a5a ? 0 : 5;
	}
#elif CASE == 1
	return kprof_pebs_basic_decode(buf, sizeof(buf), &wrong); /* int * for kprof_pebs_basic * */
#elif CASE == 2
	return kprof_pebs_basic_decode(buf, sizeof(buf), cb); /* a const object to decode into */
#elif CASE == 3
	return kprof_pebs_basic_encode(&a32, buf, sizeof(buf)); /* another struct */
#elif CASE == 4
	kprof_ds_area32_widen(&a32, &a32); /* a target of the wrong shape */
	return 0;
#endif
}
