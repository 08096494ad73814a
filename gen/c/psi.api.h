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
	kprof_status status; /* KPROF_OK while entries remain; KPROF_END at the end; sticky */
} kprof_psi_iter;

#if !defined(KPROF_NO_WINDOWS_MODEL)
/* An entry matched against kprof's tables. */
typedef struct kprof_psi_match {
	const kprof_source *source; /* NULL: unknown to kprof (report it, do not drop it) */
	kprof_source_table table;   /* the table the row came from */
	uint8_t later;              /* 1: found in KPROF_SOURCE_TABLE_INTEL_LATER, not the named table */
	uint8_t pad[3];
} kprof_psi_match;
#endif

/* One entry to add to a chain (kprof_psi_writer_add). */
typedef struct kprof_psi_item {
	uint32_t source;         /* a KPROFILE_SOURCE value */
	uint32_t min_interval, max_interval;
	const char *description; /* ASCII, description_len bytes (no NUL needed) */
	size_t description_len;
} kprof_psi_item;

/* Builds a chain (tools, tests). Fields are private. */
typedef struct kprof_psi_writer {
	uint8_t *buf;
	size_t cap, used, last;
	uint8_t has_last;
	uint8_t pad[7];
} kprof_psi_writer;
