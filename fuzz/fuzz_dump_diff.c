/* Differential: kprof's dump iterator and the reference reader of fuzz/dump_ref.h (POSIX
 * regular expressions, written from the format descriptions, no code shared) read the same
 * bytes and must agree on every record (block, header number, leaf, sub-leaf, registers,
 * line, flags), on the final status and on the line of an error. Seeds: one short text per
 * spelling of each format (fuzz/corpus/fuzz_dump_diff). */
#include "fuzz_common.h"
#include "dump_ref.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kprof_dump_iter it;
	kprof_dump_record r;
	kprof_status st;
	ref_result ref;
	size_t i = 0;
	ref_read((const char *)data, size, &ref);
	kprof_dump_iter_init(&it, (const char *)data, size);
	while ((st = kprof_dump_iter_next(&it, &r)) == KPROF_OK) {
		const ref_rec *x = i < ref.n ? &ref.rec[i] : NULL;
		KF_CHECK(x != NULL);
		KF_CHECK(x->cpu == r.cpu && x->cpu_id == r.cpu_id && x->leaf == r.leaf &&
		         x->subleaf == r.subleaf && x->regs[0] == r.eax && x->regs[1] == r.ebx &&
		         x->regs[2] == r.ecx && x->regs[3] == r.edx && x->line == r.line &&
		         x->flags == r.flags);
		i++;
	}
	KF_CHECK((int)st == ref.status);
	if (st != KPROF_END) {
		KF_CHECK(it.line == ref.line);
		KF_CHECK(i <= ref.n); /* the reference may have read past nothing else */
	} else {
		KF_CHECK(i == ref.n);
	}
	free(ref.rec);
	return 0;
}
