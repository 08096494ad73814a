/* ---- PROFILE_SOURCE_INFO chains ----------------------------------------------------------
 * What EventTraceProfileSourceListInformation and TraceProfileSourceListInfo return: entries
 * linked by NextEntryOffset (relative, 0 = last). The parser takes the bytes as untrusted:
 * every offset is bounded by the buffer, offsets strictly increase (so a chain cannot loop
 * and has at most len / KPROF_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET entries), and a
 * Description is read only up to its NUL or its entry's end. */

/* One entry, as found. Offsets count from the start of the buffer. */
typedef struct kprof_psi_entry {
	uint32_t offset;             /* of the entry */
	uint32_t next_entry_offset;  /* as stored (relative) */
	uint32_t source, min_interval, max_interval;
	uint32_t description_offset; /* of the UTF-16LE Description */
	uint64_t reserved;
	uint32_t description_units;  /* UTF-16 code units before the NUL (or the entry's end) */
	uint8_t description_terminated; /* 1 when a NUL ended the Description inside its entry */
	uint8_t pad[3];
} kprof_psi_entry;

/* Walks a chain. Fields are private. */
typedef struct kprof_psi_iter {
	const uint8_t *buf;
	size_t len;
	size_t at;
	int32_t status; /* KPROF_OK while entries remain; KPROF_END at the end; sticky */
} kprof_psi_iter;

/* An entry matched against kprof's tables. */
typedef struct kprof_psi_match {
	const kprof_source *source; /* NULL: unknown to kprof (report it, do not drop it) */
	uint8_t itf;                /* kprof_interface the row came from ('interface' is a macro in windows.h) */
	uint8_t later;              /* 1: found in KPROF_INTERFACE_INTEL_LATER, not the named table */
	uint8_t pad[6];
} kprof_psi_match;

/* Builds a chain (tools, tests). Fields are private. */
typedef struct kprof_psi_writer {
	uint8_t *buf;
	size_t cap, used, last;
	uint8_t has_last;
	uint8_t pad[7];
} kprof_psi_writer;

/* Any of the DS save area layouts (Intel's and Windows') in Intel's 64-bit shape: the
 * buffer fields widened to u64, counter resets where the processor reads them for
 * pebs_format (PERF_CAPABILITIES pebs_format; Windows 6.2: gp 0..3; Intel 32-bit: gp 0).
 * KPROF_DS_LAYOUT_INTEL64 is kprof_ds_area64_fmt4 (0xA0 bytes) below PEBS format 5 and
 * kprof_ds_area64 (0x1C0) from it. Windows' 2004+ areas name four fixed-counter resets at
 * the format-4 place: from format 5 the processor reads those bytes as general-purpose
 * resets 8..11, and they are decoded so (its fixed resets lie past Windows' structure).
 * Read in place, field by field at the generated offsets: no copy of a layout on the stack.
 * KPROF_E_TRUNCATED when len is short of the layout's size; KPROF_E_ARGUMENT for an
 * unknown layout; KPROF_E_FORMAT for a pebs_format kprof does not know. */
KPROF_API kprof_status kprof_ds_area_decode(const void *bytes, size_t len, kprof_ds_layout layout,
                                            unsigned pebs_format, kprof_ds_area64 *out);
/* The PEBS index (the next record's address: what the Windows kernel stamps into its
 * events) from a copy of a DS area's bytes in the given layout. Reads only that field. */
KPROF_API kprof_status kprof_ds_pebs_index_decode(const void *bytes, size_t len, kprof_ds_layout layout,
                                                  uint64_t *out);
/* The PEBS index of a live DS area (the processor writes it while you read): one volatile
 * load of the field. On a 32-bit host a 64-bit layout's index is read as its low 32 bits
 * (addresses there are 32-bit; a 64-bit load would be two). The area must be aligned to
 * the field's size (the processor needs that anyway): KPROF_E_ALIGNMENT otherwise. */
KPROF_API kprof_status kprof_ds_pebs_index_read(const volatile void *area, kprof_ds_layout layout, uint64_t *out);
/* Start walking a PROFILE_SOURCE_INFO chain of len bytes (len 0: no entries). */
KPROF_API kprof_status kprof_psi_iter_init(kprof_psi_iter *it, const void *buf, size_t len);
/* The next entry. KPROF_END after the last; KPROF_E_TRUNCATED when an entry's
 * header does not fit the buffer; KPROF_E_CORRUPT when NextEntryOffset is shorter than a
 * header or points past the buffer (the next entry's header must fit). Errors are sticky:
 * the entries before one were good. */
KPROF_API kprof_status kprof_psi_iter_next(kprof_psi_iter *it, kprof_psi_entry *out);
/* An entry's Description as NUL-terminated UTF-8 in out (out_size bytes, NUL included).
 * Unpaired surrogates become U+FFFD. *out_len (may be NULL) gets the bytes written, NUL
 * excluded. KPROF_E_BUFFER_TOO_SMALL: out holds the longest whole-character prefix that
 * fits; KPROF_E_RANGE: the entry does not lie inside buf/len. */
KPROF_API kprof_status kprof_psi_description_utf8(const void *buf, size_t len, const kprof_psi_entry *e, char *out,
                                                  size_t out_size, size_t *out_len);
/* 1 when an entry's Description is exactly the ASCII string s (n bytes), else 0. */
KPROF_API int kprof_psi_description_equals(const void *buf, size_t len, const kprof_psi_entry *e, const char *s,
                                           size_t n);
/* Match an entry's Source against kprof's table for the interface the listing came from.
 * Emon listings of later HALs carry sources after 0x1F: those are looked up in
 * KPROF_INTERFACE_INTEL_LATER (match->later = 1). KPROF_E_NOT_FOUND (match->source = NULL)
 * for a source kprof does not know: report it, it is still a source the machine offers. */
KPROF_API kprof_status kprof_psi_match_source(const kprof_psi_entry *e, kprof_interface itf, kprof_psi_match *match);
/* Start building a chain in buf (cap bytes). */
KPROF_API kprof_status kprof_psi_writer_init(kprof_psi_writer *w, void *buf, size_t cap);
/* Append an entry with an ASCII description (n bytes, NUL added), 8-byte aligned as
 * Windows lays entries out, and link the previous entry to it. KPROF_E_RANGE for a
 * non-ASCII byte; KPROF_E_BUFFER_TOO_SMALL (nothing written) when it does not fit.
 * w->used is the chain's length so far. */
KPROF_API kprof_status kprof_psi_append(kprof_psi_writer *w, uint32_t source, uint32_t min_interval,
                                        uint32_t max_interval, const char *desc, size_t n);

/* ---- custom profile sources (Windows 10 1803 and later) ----------------------------------
 * Windows counts an event its HAL does not list once a source is added for it: at run time
 * with NtSetSystemInformation(SystemPerformanceTraceInformation, record, length) and an
 * EVENT_TRACE_PROFILE_ADD_INFORMATION record (kprof_windows_profile_add_information), or at
 * boot from the registry (a group key under HKLM\SYSTEM\CurrentControlSet\Control\WMI\
 * ProfileSource with Architecture, Family, Model, and a subkey per source). A
 * kprof_windows_custom_source describes one source; kprof_windows_custom_source_verdict_get
 * checks it against a processor and release (a kprof_hal_decision) and says what it would
 * count; kprof_windows_custom_source_pack writes the record's exact bytes and
 * kprof_windows_custom_source_unpack reads a record back. The facts, their sources and where
 * those disagree are in spec/windows.yaml (windows_profile_add). */

/* Characters in a custom source's name: the units of the record's description field. */
#define KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX                                                  \
	(sizeof(((kprof_windows_profile_add_information *)0)->ProfileSourceDescription) /       \
	 sizeof(((kprof_windows_profile_add_information *)0)->ProfileSourceDescription[0]))

/* One custom profile source. Fill with kprof_windows_custom_source_init and
 * kprof_windows_custom_source_name_set (or by hand: every rule is checked again by
 * kprof_windows_custom_source_pack and _verdict_get). */
typedef struct kprof_windows_custom_source {
	/* The name Windows lists (the registry subkey, the record's description): NUL-terminated,
	 * 1..KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX characters of A-Z a-z 0-9 _ . - */
	char name[KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX + 1];
	kprof_vendor vendor; /* whose PerfEvtSel layout select uses: Intel or AMD */
	/* The event as a PerfEvtSel value: event, unit mask, edge, invert, counter mask, AnyThread
	 * (Intel), EventSelect[11:8] and Host/Guest-only (AMD). USR, OS, INT and EN are ignored
	 * (the HAL sets them); a HAL source's select or a Linux perf raw config (rNNNN) fits. */
	uint64_t select;
	uint32_t interval; /* events per sample; 0: the HAL's default for hardware sources */
	/* Family, model, stepping of the processors it applies to, which Windows compares with
	 * each processor's KPRCB CpuType, CpuModel and CpuStepping: the displayed values (the
	 * Amd64 HAL reads CpuType 0x17 for Zen; MSO-Scripts writes Win32_Processor's "Family 6
	 * Model 151"), as kprof_cpuid_family/model give them. KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY
	 * matches every processor and ends the comparison. */
	uint32_t cpu_info_hierarchy[3];
	/* AMD: the counter bank (Windows' PerfPmuType). For the data-fabric and L3 banks select
	 * still carries the event and unit mask in the core PerfEvtSel layout; Windows moves them
	 * into that bank's select. */
	kprof_windows_pmu_type pmu_type;
	uint8_t core_type; /* 0: every core type (Windows can select no other, see the problems) */
	uint8_t persist;   /* 1: the run-time add also writes the source to the registry */
	uint8_t reserved[2];
} kprof_windows_custom_source;

#if !defined(KPROF_NO_COUNTS) && !defined(KPROF_NO_NAMES)
/* What kprof_windows_custom_source_verdict_get found. */
typedef struct kprof_windows_custom_source_verdict {
	kprof_windows_custom_source_problem problem; /* the first rule broken; NONE: acceptable */
	uint32_t warnings; /* kprof_windows_custom_source_warning bits */
	kprof_windows_profile_add_version version; /* the binary record's Version */
	/* The select taken apart as the record carries it; interval: what Windows is given (the
	 * default applied). */
	kprof_profile_source_add fields;
	const kprof_source *taken; /* PROBLEM_NAME_TAKEN: the HAL's source of that name */
	const kprof_source *same;  /* WARNING_DUPLICATE: the HAL's source with this event */
	/* What kprof knows the event and unit mask count on this processor class (before a
	 * counter mask, invert or edge detect applies): the same-select HAL source's verdict, or
	 * the class's verdict for the event. */
	kprof_source_counts counts;
} kprof_windows_custom_source_verdict;
#endif

/* Make cs a source of vendor's PerfEvtSel value select: no name yet, the default interval,
 * every processor (CpuInfoHierarchy all any), core counters, not persistent. KPROF_E_ARGUMENT
 * for a null cs or a vendor other than Intel or AMD (cs zeroed). */
KPROF_API kprof_status kprof_windows_custom_source_init(kprof_windows_custom_source *cs, kprof_vendor vendor,
                                                        uint64_t select);
/* Set cs's name from the len bytes at name (no NUL needed). Refuses, leaving cs untouched, a
 * name that is empty or holds a character other than A-Z a-z 0-9 _ . - (KPROF_E_FORMAT) or is
 * longer than KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX (KPROF_E_RANGE). Whether the HAL already has
 * the name depends on the processor: kprof_windows_custom_source_verdict_get says. */
KPROF_API kprof_status kprof_windows_custom_source_name_set(kprof_windows_custom_source *cs, const char *name,
                                                            size_t len);
/* The EventTraceProfileSourceAddInformation record for cs, exactly as
 * NtSetSystemInformation(SystemPerformanceTraceInformation, buf, *written) takes it:
 * KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE bytes, Version 2 unless an AMD source needs 3 (a
 * 12-bit event, or a counter mask, invert, edge detect, Host/Guest or PMU type, which version
 * 2 cannot carry), the default interval written out, unused bytes zero. Checks every rule that
 * does not depend on the processor (kprof_windows_custom_source_verdict_get checks those too,
 * and says which rule failed): KPROF_E_FORMAT for an empty name or a character it may not
 * hold, KPROF_E_RANGE for a name over KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX, a counter mask over
 * KPROF_WINDOWS_PROFILE_ADD_CMASK_MAX, an interval outside KPROF_INTERVAL_HARDWARE_MIN..MAX, a
 * CpuInfoHierarchy value after an any or persist over 1, KPROF_E_RESERVED for select bits a
 * source cannot carry, KPROF_E_UNSUPPORTED for a vendor other than Intel or AMD, Intel event 0,
 * a PMU type on Intel or above L3, or a core type, KPROF_E_ARGUMENT for null pointers,
 * KPROF_E_BUFFER_TOO_SMALL when cap is short. Nothing is written
 * on error and *written (may be NULL) is 0. */
KPROF_API kprof_status kprof_windows_custom_source_pack(const kprof_windows_custom_source *cs, void *buf,
                                                        size_t cap, size_t *written);
/* Read an add record of len bytes (as NtSetSystemInformation would get it) for a processor of
 * vendor, the way Windows 11 22631 reads it: the union by vendor and Version, bit 0 of the
 * flags, Host/Guest bits 1:0, the description to its NUL. The record's interval, persist byte
 * (as 0 or 1) and CpuInfoHierarchy are kept as they are; check the result with
 * kprof_windows_custom_source_verdict_get. *out is zeroed on error: KPROF_E_TRUNCATED below
 * KPROF_WINDOWS_PROFILE_ADD_LENGTH_MIN bytes, KPROF_E_RANGE above _MAX or for a description
 * longer than KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX or an AMD event above 12 bits,
 * KPROF_E_FORMAT for another class or Version, a description without its NUL inside the record
 * or with a character outside ASCII 1..127, KPROF_E_ARGUMENT for null pointers or a vendor
 * other than Intel or AMD. */
KPROF_API kprof_status kprof_windows_custom_source_unpack(const void *buf, size_t len, kprof_vendor vendor,
                                                          kprof_windows_custom_source *out);
#if !defined(KPROF_NO_COUNTS) && !defined(KPROF_NO_NAMES)
/* Check cs against the processor and Windows release d describes (kprof_hal_decide): every
 * rule of kprof_windows_custom_source_pack, then the processor's (its vendor; a hardware
 * profile interface; a release with custom sources; a name the HAL does not already offer
 * there; AnyThread where the processor honours it; no EventSelect[11:8] or Host/Guest on AMD
 * family 0Fh; PMU type 1 or 2 only with those counters; a CpuInfoHierarchy that matches the
 * processor). v->problem is the first rule broken and the status is its error (the
 * kprof_windows_custom_source_pack ones, KPROF_E_DUPLICATE for a taken name, KPROF_E_UNSUPPORTED
 * for the processor's and release's rules, KPROF_E_RANGE for a hierarchy that does not match);
 * KPROF_OK with v->problem NONE when acceptable. Either way v says what kprof knows: the
 * version and interval the record carries, what the event counts on this processor class, a
 * HAL source with the same event, and warnings (kprof_windows_custom_source_warning bits).
 * Needs the hal, counts and names sections. KPROF_E_ARGUMENT for null pointers (v zeroed). */
KPROF_API kprof_status kprof_windows_custom_source_verdict_get(const kprof_windows_custom_source *cs,
                                                               const kprof_hal_decision *d,
                                                               kprof_windows_custom_source_verdict *v);
#endif
