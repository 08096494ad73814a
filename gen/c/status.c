/* One row of a generated kprof_<enum>_name()'s table: a value and its name's offset in the
 * enumeration's pool. */
typedef struct kprof_impl_name_row {
	int32_t value;
	uint16_t name;
} kprof_impl_name_row;

/* A generated kprof_<enum>_name(): out of line, or clang folds the search into a table of
 * pointers (relocations) per function. The name of the first of count rows with this value;
 * NULL when none has it. */
static KPROF_IMPL_NOINLINE const char *kprof_impl_name(const char *names, const kprof_impl_name_row *rows, uint32_t count,
                                                       int value)
{
	for (; count; count--, rows++)
		if (rows->value == value)
			return names + rows->name;
	return NULL;
}
