/* One row of a profile-source listing as `wpr -pmcsources` or `tracelog -profilesources Help`
 * print it ("  26 InstructionRetired   65536  4096 2147483647"). name points into the text
 * read (not NUL-terminated). */
typedef struct kprof_listing_row {
	uint32_t line;  /* 1-based line of the text */
	uint32_t id;    /* KPROFILE_SOURCE value (decimal in the listing) */
	uint32_t interval, min, max;
	const char *name;
	size_t name_len;
} kprof_listing_row;

/* Reads a listing line by line, without copying or allocating: every line before the header
 * ("Id Name Interval Min Max", any spacing) is skipped (tool banners, notes) except the line
 * newer xperf prints first, "Maximum selectable profile sources: N." (any case and spacing,
 * the full stop optional), whose N is kept; after the header, blank lines and dash rules are
 * skipped and every other line must be a row of five cells. A leading UTF-8 byte-order mark
 * is skipped; UTF-16 text goes through kprof_bytes_utf16le_to_utf8 first, as for dumps. A NUL byte, a line over
 * KPROF_LISTING_LINE_MAX bytes, a name over KPROF_LISTING_NAME_MAX characters or not of
 * [A-Za-z0-9_.-] (custom sources' names hold '.' and '-'), a number over 32 bits, a "Maximum selectable profile sources:" line without
 * one decimal count or given twice, or no header at all is KPROF_E_FORMAT; line then says
 * where (0: the whole text, no header). */
typedef struct kprof_listing_iter {
	const char *text;
	size_t len, pos;
	uint32_t line;   /* the line read last: where an error is */
	uint8_t header;  /* the header was seen */
	uint8_t has_max_selectable; /* the listing said how many sources can be selected at once */
	uint32_t max_selectable;    /* that count (read before the first row is returned) */
} kprof_listing_iter;

#if !defined(KPROF_NO_WINDOWS_MODEL) && !defined(KPROF_NO_NAMES)
/* One difference between a listing and kprof's prediction (needs the hal section and the
 * names). */
typedef struct kprof_listing_diff {
	uint8_t kind;               /* kprof_listing_diff_kind */
	uint32_t id;                /* KPROFILE_SOURCE value */
	const kprof_source *source; /* kprof's source for the id; NULL for KPROF_LISTING_DIFF_KIND_UNKNOWN */
	const char *name;           /* the descriptive string kprof expects for it (the release's
	                               spelling); NULL without a source */
	kprof_listing_row row;      /* the listing's row; all zero for KPROF_LISTING_DIFF_KIND_MISSING */
	uint32_t min, max;          /* kprof's bounds for the source (0 without a source) */
} kprof_listing_diff;

/* Compares a listing with a decision (kprof_hal_decision_get for the processor and release):
 * each listed row against the source of the decided interface (and, on Emon, the later Intel
 * sources) with the same id - unknown, not offered, name, min, max - then each source the
 * decision offers that the listing lacks. Where the release's later Intel sources are known
 * only as a range, the listing picks the count within it (the highest it lists, clamped);
 * where it is unknown whether the release spells ten Amd64 sources the later way
 * (kprof_hal_amd64_spelling), the listing picks: the later spellings when it lists one of them. */
typedef struct kprof_listing_diff_iter {
	kprof_listing_iter rows;
	const kprof_hal_decision *d;
	kprof_listing_row cur;
	uint32_t later_last;  /* highest later Intel source taken as offered */
	uint32_t next;        /* phase 2: the next table row to look for */
	uint8_t phase;        /* 0 rows, 1 missing sources, 2 done */
	uint8_t pending;      /* bit per kind still to report for cur */
	uint8_t later_names;  /* Amd64 names compared in their later spellings */
	uint8_t seen[32];     /* ids 0..255 the listing has */
} kprof_listing_diff_iter;
#endif
