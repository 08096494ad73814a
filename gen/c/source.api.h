/* The rows of one table, in the seeds' order, and their number. NULL for an unknown table. */
KPROF_API const kprof_source *kprof_source_rows_by_table(kprof_source_table table, size_t *count);
/* Facts about a table as a whole (counters, MSRs, vendor), or NULL for an unknown table. */
KPROF_API const kprof_source_table_info *kprof_source_table_info_by_id(kprof_source_table table);
/* The source with this KPROFILE_SOURCE value in a table, or NULL. O(1): one index load. */
KPROF_API const kprof_source *kprof_source_by_value(kprof_source_table table, uint32_t value);
/* The sources of a table whose select value equals select (the mapping is not one-to-one:
 * Emon's ProfileTotalCycles, ProfileUnhaltedCoreCycles and ProfileTime share 0x0003003C).
 * Writes up to cap pointers to out (out may be NULL when cap is 0) and returns how many
 * sources match, which may exceed cap. Binary search over a select-sorted index. */
KPROF_API size_t kprof_source_all_by_select(kprof_source_table table, uint32_t select,
                                         const kprof_source **out, size_t cap);
#ifndef KPROF_NO_NAMES
/* The source's name as the seeds spell it ("ProfileLLCMisses", HAL typos included). */
KPROF_API const char *kprof_source_name_get(const kprof_source *s);
/* The HAL's descriptive string, as `wpr -pmcsources` prints it ("LLCMisses"; source 0 is
 * "Timer"). */
KPROF_API const char *kprof_source_description_get(const kprof_source *s);
/* Find a source by name in a table: "ProfileLLCMisses", "LLCMisses", "llcmisses", "Timer"
 * and corrected spellings of the HAL's typos all resolve. name need not be NUL-terminated
 * and may hold any bytes; exactly len bytes are read. NULL when nothing matches.
 * A perfect hash made by the generator: the name is read eight bytes at a time, folded to
 * lower case and hashed; the one key its slot holds is compared a word at a time. */
KPROF_API const kprof_source *kprof_source_by_name(kprof_source_table table, const char *name,
                                                   size_t len);
#endif

/* A source as Windows 10 1803+ adds one at run time (EventTraceProfileSourceAddInformation, or
 * the registry values under HKLM\SYSTEM\CurrentControlSet\Control\WMI\ProfileSource\<Name>:
 * Event, Unit, CMask, CMaskInvert, AnyThread, EdgeDetect, Interval). AMD's form has a 16-bit
 * EventSelect and no AnyThread. */
typedef struct kprof_source_profile_add {
	uint8_t vendor;       /* kprof_cpuid_vendor */
	uint16_t event_select;
	uint8_t unit_select;
	uint8_t cmask;
	uint8_t cinv;
	uint8_t any_thread;   /* Intel only */
	uint8_t edge_detect;
	uint32_t interval;    /* the HAL's default interval for the source */
} kprof_source_profile_add;

/* The Windows 10 1803+ "add a profile source" fields for a source (its select taken apart;
 * interval = the HAL's default for the source's class). KPROF_E_UNSUPPORTED for a source
 * without a select. */
KPROF_API kprof_status kprof_source_profile_add_get(const kprof_source *s, kprof_source_profile_add *out);
