/* ---- PROFILE_SOURCE_INFO chains ----------------------------------------------------------
 * What EventTraceProfileSourceListInformation and TraceProfileSourceListInfo return: entries
 * linked by NextEntryOffset (relative, 0 = last). The parser takes the bytes as untrusted:
 * every offset is bounded by the buffer, offsets strictly increase (so a chain cannot loop
 * and has at most len / KPROF_WINDOWS_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET entries), and a
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

#if !defined(KPROF_NO_WINDOWS_MODEL)
/* An entry matched against kprof's tables. */
typedef struct kprof_psi_match {
	const kprof_source *source; /* NULL: unknown to kprof (report it, do not drop it) */
	uint8_t table;              /* kprof_source_table the row came from */
	uint8_t later;              /* 1: found in KPROF_SOURCE_TABLE_INTEL_LATER, not the named table */
	uint8_t pad[6];
} kprof_psi_match;
#endif

/* Builds a chain (tools, tests). Fields are private. */
typedef struct kprof_psi_writer {
	uint8_t *buf;
	size_t cap, used, last;
	uint8_t has_last;
	uint8_t pad[7];
} kprof_psi_writer;

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
KPROF_API kprof_status kprof_psi_description_to_utf8(const void *buf, size_t len, const kprof_psi_entry *e, char *out,
                                                  size_t out_size, size_t *out_len);
/* 1 when an entry's Description is exactly the ASCII string s (n bytes), else 0. */
KPROF_API int kprof_psi_description_compare(const void *buf, size_t len, const kprof_psi_entry *e, const char *s,
                                           size_t n);
#if !defined(KPROF_NO_WINDOWS_MODEL)
/* Match an entry's Source against kprof's table for the interface the listing came from.
 * Emon listings of later HALs carry sources after 0x1F: those are looked up in
 * KPROF_SOURCE_TABLE_INTEL_LATER (match->later = 1). KPROF_E_NOT_FOUND (match->source = NULL)
 * for a source kprof does not know: report it, it is still a source the machine offers. */
KPROF_API kprof_status kprof_psi_match_get(const kprof_psi_entry *e, kprof_source_table table, kprof_psi_match *match);
#endif
/* Start building a chain in buf (cap bytes). */
KPROF_API kprof_status kprof_psi_writer_init(kprof_psi_writer *w, void *buf, size_t cap);
/* Append an entry with an ASCII description (n bytes, NUL added), 8-byte aligned as
 * Windows lays entries out, and link the previous entry to it. KPROF_E_RANGE for a
 * non-ASCII byte; KPROF_E_BUFFER_TOO_SMALL (nothing written) when it does not fit.
 * w->used is the chain's length so far. */
KPROF_API kprof_status kprof_psi_writer_add(kprof_psi_writer *w, uint32_t source, uint32_t min_interval,
                                        uint32_t max_interval, const char *desc, size_t n);
