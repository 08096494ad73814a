/* List one libpfm4 PMU table through libpfm4's API, for tests/test_counts.py:
 *
 *     pfm_list PMU        (e.g. amd64_k8_revf)
 *
 * prints "E<TAB>code<TAB>name" for each event and "U<TAB>code<TAB>name" for each of its unit
 * masks, codes in hex (tests/pfm_walk.h reads them). Exit 1 when libpfm4 cannot give the
 * table. */
#define _POSIX_C_SOURCE 200809L
#include "pfm_walk.h"

static int print_row(void *ctx, int umask, uint64_t code, const char *name)
{
	(void)ctx;
	printf("%c\t0x%llx\t%s\n", umask ? 'U' : 'E', (unsigned long long)code, name);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: pfm_list PMU\n");
		return 2;
	}
	return pfm_walk(argv[1], print_row, NULL);
}
