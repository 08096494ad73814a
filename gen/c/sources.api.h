/* The rows of one table, in the seeds' order, and their number. NULL for an unknown table. */
KPROF_API const kprof_source *kprof_source_table(kprof_interface itf, size_t *count);
/* Facts about a table as a whole (counters, MSRs, vendor), or NULL for an unknown table. */
KPROF_API const kprof_interface_info *kprof_interface_get_info(kprof_interface itf);
/* The source with this KPROFILE_SOURCE value in a table, or NULL. O(1): one index load. */
KPROF_API const kprof_source *kprof_source_get(kprof_interface itf, uint32_t value);
/* The sources of a table whose select value equals select (the mapping is not one-to-one:
 * Emon's ProfileTotalCycles, ProfileUnhaltedCoreCycles and ProfileTime share 0x0003003C).
 * Writes up to cap pointers to out (out may be NULL when cap is 0) and returns how many
 * sources match, which may exceed cap. Binary search over a select-sorted index. */
KPROF_API size_t kprof_sources_by_select(kprof_interface itf, uint32_t select,
                                         const kprof_source **out, size_t cap);
#ifndef KPROF_NO_NAMES
/* The source's name as the seeds spell it ("ProfileLLCMisses", HAL typos included). */
KPROF_API const char *kprof_source_name(const kprof_source *s);
/* The HAL's descriptive string, as `wpr -pmcsources` prints it ("LLCMisses"; source 0 is
 * "Timer"). */
KPROF_API const char *kprof_source_description(const kprof_source *s);
/* Find a source by name in a table: "ProfileLLCMisses", "LLCMisses", "llcmisses", "Timer"
 * and corrected spellings of the HAL's typos all resolve. name need not be NUL-terminated
 * and may hold any bytes; exactly len bytes are read. NULL when nothing matches.
 * A perfect hash made by the generator: the name is read eight bytes at a time, folded to
 * lower case and hashed; the one key its slot holds is compared a word at a time. */
KPROF_API const kprof_source *kprof_source_by_name(kprof_interface itf, const char *name,
                                                   size_t len);
#endif

/* A source as Windows 10 1803+ adds one at run time (EventTraceProfileSourceAddInformation, or
 * the registry values under HKLM\SYSTEM\CurrentControlSet\Control\WMI\ProfileSource\<Group>\<Name>:
 * Event, Unit, CMask, CMaskInvert, AnyThread, EdgeDetect, HostGuest, Interval): a PerfEvtSel
 * taken apart into the pieces Windows takes. AMD's form has a 12-bit EventSelect and Host/Guest
 * and no AnyThread; Intel's the reverse. The same pieces build a custom source's records (the
 * windows section's kprof_windows_custom_source_pack). */
typedef struct kprof_profile_source_add {
	uint8_t vendor;       /* kprof_vendor */
	uint16_t event_select;
	uint8_t unit_select;
	uint8_t cmask;
	uint8_t cinv;
	uint8_t any_thread;   /* Intel only */
	uint8_t edge_detect;
	uint8_t host_guest;   /* AMD only: PerfEvtSel[41:40], bit 0 guest only, bit 1 host only */
	uint32_t interval;    /* the HAL's default interval for the source */
} kprof_profile_source_add;

/* The Windows 10 1803+ "add a profile source" fields for a source (its select taken apart;
 * interval = the HAL's default for the source's class). KPROF_E_UNSUPPORTED for a source
 * without a select. */
KPROF_API kprof_status kprof_source_profile_add(const kprof_source *s, kprof_profile_source_add *out);
