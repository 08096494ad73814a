#define _POSIX_C_SOURCE 200809L /* strtok_r */
/* Windows structures: PEBS_DS_SAVE_AREA against seed 004 (parsed), the later versions and
 * classes against reference/windows-structures.md and intel-ds-perfmon.md, and the
 * PROFILE_SOURCE_INFO parser/builder over chains built from the real listings. */
#include "kprof.h"
#include "kprof_test.h"

static char *shared_file(const char *rel)
{
	char path[1024];
	char *text;
	snprintf(path, sizeof(path), "%s/%s", kt_shared_dir(), rel);
	text = kt_read_file(path, NULL);
	if (!text) {
		fprintf(stderr, "cannot read %s\n", path);
		CHECK(!"shared file readable");
	}
	return text;
}

/* ---- seed 004: "0x08\nULONGLONG BtsIndex;" pairs */
#define SEED_FIELD(n)                                                                             \
	{                                                                                             \
		#n, offsetof(kprof_windows_pebs_ds_save_area, n), sizeof(((kprof_windows_pebs_ds_save_area *)0)->n), \
		        KPROF_WINDOWS_PEBS_DS_SAVE_AREA_SIZE                                                      \
	}
static void test_seed(void)
{
	static const struct {
		const char *name;
		size_t off, size, total;
	} fields[] = {
		SEED_FIELD(BtsBufferBase),      SEED_FIELD(BtsIndex),           SEED_FIELD(BtsAbsoluteMaximum),
		SEED_FIELD(BtsInterruptThreshold), SEED_FIELD(PebsBufferBase),  SEED_FIELD(PebsIndex),
		SEED_FIELD(PebsAbsoluteMaximum), SEED_FIELD(PebsInterruptThreshold), SEED_FIELD(PebsCounterReset0),
		SEED_FIELD(PebsCounterReset1),  SEED_FIELD(PebsCounterReset2),  SEED_FIELD(PebsCounterReset3),
	};
	char *seed = shared_file("seeds/004_6f7fbac624d3e865.txt");
	char *line, *save = NULL;
	unsigned long prev_off = 0;
	int have_off = 0, found = 0, area = 0;
	size_t i;
	if (!seed)
		return;
	CHECK(strstr(seed, "is 0x60 bytes in both 32-bit and 64-bit") != NULL);
	CHECK_EQ(KPROF_WINDOWS_PROCESSOR_PROFILE_CONTROL_AREA_SIZE, 0x60);
	/* From Windows 10 2004 the area holds the union PEBS_DS_SAVE_AREA { As32Bit (0x80);
	 * As64Bit (0xA0) }: 0xA0 bytes on x86 and x64 (public symbols of 20H1 ntoskrnl). */
	CHECK_EQ(KPROF_WINDOWS_PROCESSOR_PROFILE_CONTROL_AREA_2004_SIZE, 0xA0);
	CHECK_EQ(KPROF_WINDOWS_PROCESSOR_PROFILE_CONTROL_AREA_2004_SIZE, KPROF_WINDOWS_PEBS_DS_SAVE_AREA64_SIZE);
	CHECK(KPROF_WINDOWS_PEBS_DS_SAVE_AREA32_SIZE <= KPROF_WINDOWS_PROCESSOR_PROFILE_CONTROL_AREA_2004_SIZE);
	CHECK_EQ(KPROF_WINDOWS_PROCESSOR_PROFILE_CONTROL_AREA_2004_PEBS_DS_SAVE_AREA_OFFSET, 0);
	CHECK_EQ(sizeof(kprof_windows_processor_profile_control_area_2004), 0xA0);
	for (line = strtok_r(seed, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char type[32], name[64];
		if (line[0] == '0' && line[1] == 'x') {
			prev_off = strtoul(line, NULL, 16);
			have_off = 1;
			continue;
		}
		if (have_off && sscanf(line, "%31s %63[A-Za-z0-9_];", type, name) == 2) {
			if (strcmp(type, "PEBS_DS_SAVE_AREA") == 0) {
				CHECK_STR(name, "PebsDsSaveArea");
				CHECK_EQ(prev_off, offsetof(kprof_windows_processor_profile_control_area, PebsDsSaveArea));
				CHECK_EQ(prev_off, KPROF_WINDOWS_PROCESSOR_PROFILE_CONTROL_AREA_PEBS_DS_SAVE_AREA_OFFSET);
				area = 1;
			} else {
				int match = 0;
				CHECK_STR(type, "ULONGLONG");
				for (i = 0; i < KT_COUNT(fields); i++) {
					if (strcmp(fields[i].name, name) == 0) {
						match = 1;
						CHECK_EQ(fields[i].off, prev_off);
						CHECK_EQ(fields[i].size, 8);
					}
				}
				if (!CHECK(match))
					fprintf(stderr, "seed field %s is not in kprof_windows_pebs_ds_save_area\n", name);
				found += match;
			}
		}
		have_off = 0;
	}
	CHECK_EQ(found, 12);
	CHECK(area);
	CHECK_EQ(fields[11].off + 8, fields[11].total); /* the last field ends the 0x60 bytes */
	/* the generated macros agree (snake-case names of Windows' CamelCase fields) */
	CHECK_EQ(KPROF_WINDOWS_PEBS_DS_SAVE_AREA_BTS_INDEX_OFFSET, 0x08);
	CHECK_EQ(KPROF_WINDOWS_PEBS_DS_SAVE_AREA_PEBS_INDEX_OFFSET, 0x28);
	CHECK_EQ(KPROF_WINDOWS_PEBS_DS_SAVE_AREA_PEBS_COUNTER_RESET3_OFFSET, 0x58);
	free(seed);
}

static void test_reference_layouts(void)
{
	/* reference/intel-ds-perfmon.md: Windows 10 2004 and later */
	CHECK_EQ(KPROF_WINDOWS_PEBS_DS_SAVE_AREA64_SIZE, 0xA0);
	CHECK_EQ(KPROF_WINDOWS_PEBS_DS_SAVE_AREA64_PEBS_GP_COUNTER_RESET_OFFSET, 0x40);
	CHECK_EQ(KT_COUNT(((kprof_windows_pebs_ds_save_area64 *)0)->PebsGpCounterReset), 8);
	CHECK_EQ(KPROF_WINDOWS_PEBS_DS_SAVE_AREA64_PEBS_FIXED_COUNTER_RESET_OFFSET, 0x80);
	CHECK_EQ(KT_COUNT(((kprof_windows_pebs_ds_save_area64 *)0)->PebsFixedCounterReset), 4);
	CHECK_EQ(KPROF_WINDOWS_PEBS_DS_SAVE_AREA32_SIZE, 0x80);
	CHECK_EQ(KPROF_WINDOWS_PEBS_DS_SAVE_AREA32_PEBS_INTERRUPT_THRESHOLD_OFFSET, 0x1C);
	CHECK_EQ(sizeof(((kprof_windows_pebs_ds_save_area32 *)0)->PebsIndex), 4);
	CHECK_EQ(KPROF_WINDOWS_PEBS_DS_SAVE_AREA32_PEBS_GP_COUNTER_RESET_OFFSET, 0x20);
	CHECK_EQ(sizeof(((kprof_windows_pebs_ds_save_area32 *)0)->PebsGpCounterReset[0]), 8); /* not phnt's u32 */
	CHECK_EQ(KPROF_WINDOWS_PEBS_DS_SAVE_AREA32_PEBS_FIXED_COUNTER_RESET_OFFSET, 0x60);
	CHECK_EQ(KPROF_WINDOWS_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X86_SIZE, 8);
	CHECK_EQ(KPROF_WINDOWS_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X86_ALLOCATE_OFFSET, 4);
	CHECK_EQ(KPROF_WINDOWS_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X64_SIZE, 16);
	CHECK_EQ(KPROF_WINDOWS_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_X64_ALLOCATE_OFFSET, 8);
	/* reference/windows-structures.md */
	CHECK_EQ(KPROF_WINDOWS_PROFILE_SOURCE_INFO_SIZE, 0x20);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_SOURCE_INFO_SOURCE_OFFSET, 0x04);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_SOURCE_INFO_MIN_INTERVAL_OFFSET, 0x08);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_SOURCE_INFO_MAX_INTERVAL_OFFSET, 0x0C);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_SOURCE_INFO_RESERVED_OFFSET, 0x10);
	CHECK_EQ(KPROF_WINDOWS_PROFILE_SOURCE_INFO_DESCRIPTION_OFFSET, 0x18);
	CHECK_EQ(KPROF_WINDOWS_TRACE_PROFILE_INTERVAL_SIZE, 8);
	CHECK_EQ(KPROF_WINDOWS_HAL_PROFILE_SOURCE_INFORMATION_SIZE, 12);
	CHECK_EQ(KPROF_WINDOWS_HAL_PROFILE_SOURCE_INFORMATION_INTERVAL_OFFSET, 8);
	CHECK_EQ(KPROF_WINDOWS_SYSTEM_PERFORMANCE_TRACE_INFORMATION_CLASS, 0x1F);
	CHECK_EQ(KPROF_WINDOWS_SYSTEM_PROCESSOR_PROFILE_CONTROL_AREA_CLASS, 0x81);
	CHECK_EQ(KPROF_WINDOWS_HAL_PROFILE_SOURCE_INFORMATION_CLASS, 1);
	CHECK_EQ(KPROF_WINDOWS_HAL_QUERY_PROFILE_SOURCE_LIST_CLASS, 0x14);
	CHECK_EQ(KPROF_WINDOWS_BUGCHECK_HAL_MEMORY_ALLOCATION, 0xAC);
	CHECK_EQ(KPROF_WINDOWS_EVENT_TRACE_INFORMATION_CLASS_PROFILE_SOURCE_LIST_INFORMATION, 0x0D);
}

/* Parse "0 KernelVersion, 1 GroupMask, ..." (EVENT_TRACE_INFORMATION_CLASS) and
 * "5 TraceSampledProfileIntervalInfo, ..." (TRACE_QUERY_INFO_CLASS) from the reference. */
/* The name functions take their enumerations; check_class_list walks ints. */
static const char *event_trace_class_name(int v)
{
	return kprof_windows_event_trace_information_class_name((kprof_windows_event_trace_information_class)v);
}
static const char *trace_query_class_name(int v)
{
	return kprof_windows_trace_query_info_class_name((kprof_windows_trace_query_info_class)v);
}

static unsigned check_class_list(const char *text, const char *after, const char *stop, const char *prefix,
                                 const char *suffix, const char *(*name_of)(int))
{
	const char *p = strstr(text, after), *end;
	unsigned n = 0;
	if (!CHECK(p != NULL))
		return 0;
	p += strlen(after);
	end = strstr(p, stop);
	if (!CHECK(end != NULL))
		return 0;
	while (p < end) {
		char *q;
		unsigned long v;
		char word[64], want[128];
		size_t k = 0;
		while (p < end && !(*p >= '0' && *p <= '9'))
			p++;
		if (p >= end)
			break;
		v = strtoul(p, &q, 0);
		p = q;
		while (*p == ' ' || *p == '\n')
			p++;
		while (((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')) && k < 63)
			word[k++] = *p++;
		word[k] = 0;
		if (!k)
			continue;
		snprintf(want, sizeof(want), "%s%s%s", prefix, word, suffix);
		if (!CHECK(name_of((int)v) && strcmp(name_of((int)v), want) == 0))
			fprintf(stderr, "class %lu: want %s, kprof has %s\n", v, want, name_of((int)v) ? name_of((int)v) : "none");
		n++;
	}
	return n;
}

static void test_classes(void)
{
	char *ref = shared_file("reference/windows-structures.md");
	if (!ref)
		return;
	CHECK_EQ(check_class_list(ref, "(first dword of the 0x1F buffer):", "(each named", "EventTrace", "Information",
	                          event_trace_class_name),
	         26);
	CHECK_EQ(check_class_list(ref, "TRACE_QUERY_INFO_CLASS (evntrace.h):", "\n- ", "", "",
	                          trace_query_class_name),
	         8);
	CHECK(kprof_windows_event_trace_information_class_name(0x1A) == NULL);
	free(ref);
}

/* ---- PROFILE_SOURCE_INFO from the listings */
typedef struct row {
	unsigned id, interval, min, max;
	char name[64];
} row;

static size_t parse_listing(const char *text, row *rows, size_t cap)
{
	size_t n = 0;
	const char *p = text;
	while (p && *p) {
		row r;
		if (sscanf(p, " %u %63s %u %u %u", &r.id, r.name, &r.interval, &r.min, &r.max) == 5 && n < cap)
			rows[n++] = r;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return n;
}

static void test_listing(const char *file, size_t want_rows)
{
	char rel[256];
	char *text;
	row rows[64];
	size_t n, i, used;
	static uint8_t buf[8192];
	kprof_psi_writer w;
	kprof_psi_iter it;
	kprof_psi_entry e;
	snprintf(rel, sizeof(rel), "reference/listings/%s", file);
	text = shared_file(rel);
	if (!text)
		return;
	n = parse_listing(text, rows, 64);
	CHECK_EQ(n, want_rows);
	kprof_psi_writer_init(&w, buf, sizeof(buf));
	for (i = 0; i < n; i++)
		CHECK_EQ(kc_psi_add(&w, rows[i].id, rows[i].min, rows[i].max, rows[i].name, strlen(rows[i].name)),
		         KPROF_OK);
	used = w.used;
	/* independent look at the bytes: first entry's NextEntryOffset and Source */
	CHECK_EQ(buf[4] | buf[5] << 8, rows[0].id);
	CHECK((size_t)(buf[0] | buf[1] << 8) >= 0x18 + 2 * (strlen(rows[0].name) + 1));
	CHECK_EQ(buf[0x18], (uint8_t)rows[0].name[0]);
	kprof_psi_iter_init(&it, buf, used);
	for (i = 0; kprof_psi_iter_next(&it, &e) == KPROF_OK; i++) {
		char desc[80];
		size_t len;
		kprof_psi_match m;
		if (!CHECK(i < n))
			break;
		CHECK_EQ(e.source, rows[i].id);
		CHECK_EQ(e.min_interval, rows[i].min);
		CHECK_EQ(e.max_interval, rows[i].max);
		CHECK(e.description_terminated);
		CHECK_EQ(kc_psi_utf8(buf, used, &e, desc, sizeof(desc), &len), KPROF_OK);
		CHECK_STR(desc, rows[i].name);
		CHECK_EQ(len, strlen(rows[i].name));
		CHECK(kc_psi_equals(buf, used, &e, rows[i].name, strlen(rows[i].name)));
		/* mapped to kprof's Emon table (later names to INTEL_LATER): the HAL's descriptive string */
		CHECK_EQ(kprof_psi_match_get(&e, KPROF_SOURCE_TABLE_EMON, &m), KPROF_OK);
		if (CHECK(m.source != NULL)) {
			CHECK_STR(kprof_source_description_get(m.source), rows[i].name);
			CHECK_EQ(m.later, rows[i].id >= 0x20);
		}
	}
	CHECK_EQ(i, n);
	CHECK_EQ(it.status, KPROF_END);
	free(text);
}

static void test_psi_unknown_and_hostile(void)
{
	uint8_t buf[512];
	kprof_psi_writer w;
	kprof_psi_iter it;
	kprof_psi_entry e;
	kprof_psi_match m;
	char out[16];
	size_t len, cut, n;
	unsigned i;

	kprof_psi_writer_init(&w, buf, sizeof(buf));
	CHECK_EQ(kc_psi_add(&w, 0x99, 1, 2, "Mystery", 7), KPROF_OK);
	CHECK_EQ(kc_psi_add(&w, 0x1D, 4096, 2147483647u, "LLCMisses", 9), KPROF_OK);
	CHECK_EQ(kc_psi_add(&w, 0, 1, 2, "caf\xC3\xA9", 5), KPROF_E_RANGE);
	kprof_psi_iter_init(&it, buf, w.used);
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_OK);
	CHECK_EQ(kprof_psi_match_get(&e, KPROF_SOURCE_TABLE_EMON, &m), KPROF_E_NOT_FOUND); /* reported, */
	CHECK(m.source == NULL);
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_OK); /* not dropped: the walk goes on */
	CHECK_EQ(e.source, 0x1D);
	CHECK_EQ(kprof_psi_match_get(&e, KPROF_SOURCE_TABLE_GENERIC, &m), KPROF_E_NOT_FOUND); /* 0..0x18 */
	CHECK_EQ(kprof_psi_match_get(&e, KPROF_SOURCE_TABLE_EMON, &m), KPROF_OK);
	/* too small an output buffer: a prefix, NUL-terminated */
	CHECK_EQ(kc_psi_utf8(buf, w.used, &e, out, 5, &len), KPROF_E_BUFFER_TOO_SMALL);
	CHECK_STR(out, "LLCM");
	/* The 1.0 signatures directly: the chain is the iterator's; results through out-parameters. */
	{
		int equal = 7;
		kprof_psi_iter short_it;
		CHECK_EQ(kprof_psi_description_to_utf8(&it, &e, out, sizeof(out), &len), KPROF_OK);
		CHECK_STR(out, "LLCMisses");
		CHECK_EQ(len, 9);
		CHECK_EQ(kprof_psi_description_compare(&it, &e, "LLCMisses", 9, &equal), KPROF_OK);
		CHECK_EQ(equal, 1);
		CHECK_EQ(kprof_psi_description_compare(&it, &e, "LLCMisse", 8, &equal), KPROF_OK);
		CHECK_EQ(equal, 0);
		equal = 7;
		CHECK_EQ(kprof_psi_description_compare(&it, &e, "LLCMisses", 9, NULL), KPROF_E_ARGUMENT);
		CHECK_EQ(kprof_psi_description_compare(NULL, &e, "LLCMisses", 9, &equal), KPROF_E_ARGUMENT);
		CHECK_EQ(equal, 0);
		equal = 7;
		kprof_psi_iter_init(&short_it, buf, e.description_offset + 4); /* the entry outside it */
		CHECK_EQ(kprof_psi_description_compare(&short_it, &e, "LLCMisses", 9, &equal), KPROF_E_RANGE);
		CHECK_EQ(equal, 0);
		CHECK_EQ(kprof_psi_description_to_utf8(&short_it, &e, out, sizeof(out), &len), KPROF_E_RANGE);
		CHECK_STR(out, "");
		CHECK_EQ(kprof_psi_writer_add(&w, NULL), KPROF_E_ARGUMENT);
		CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_END); /* the last entry ... */
		CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_END); /* ... and again */
	}

	/* A last entry whose Description has no NUL: read up to the buffer's end only. */
	memset(buf, 0, sizeof(buf));
	buf[4] = 7;
	for (i = 0; i < 5; i++)
		buf[0x18 + 2 * i] = (uint8_t)('A' + i);
	kprof_psi_iter_init(&it, buf, 0x18 + 10);
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_OK);
	CHECK_EQ(e.description_units, 5);
	CHECK_EQ(e.description_terminated, 0);
	kc_psi_utf8(buf, 0x18 + 10, &e, out, sizeof(out), &len);
	CHECK_STR(out, "ABCDE");
	kprof_psi_iter_init(&it, buf, 0x18 + 9); /* odd length: the half unit is not read */
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_OK);
	CHECK_EQ(e.description_units, 4);
	/* a NUL-less Description stops at its entry's end, not in the next entry */
	buf[0] = 0x20;
	buf[0x1E] = 'Z';
	buf[0x20] = 0; /* the next entry's NextEntryOffset: last */
	buf[0x20 + 4] = 8;
	kprof_psi_iter_init(&it, buf, 0x40);
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_OK);
	CHECK_EQ(e.description_units, 4);
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_OK);
	CHECK_EQ(e.source, 8);
	/* UTF-16: a surrogate pair, a lone surrogate, a 2-byte and a 3-byte character */
	{
		static const uint16_t units[] = {0xD83D, 0xDE00, 0xDC00, 0x00E9, 0x20AC, 0};
		memset(buf, 0, sizeof(buf));
		for (i = 0; i < 6; i++) {
			buf[0x18 + 2 * i] = (uint8_t)units[i];
			buf[0x19 + 2 * i] = (uint8_t)(units[i] >> 8);
		}
		kprof_psi_iter_init(&it, buf, 0x18 + 12);
		CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_OK);
		CHECK_EQ(kc_psi_utf8(buf, 0x24, &e, out, sizeof(out), &len), KPROF_OK);
		CHECK_STR(out, "\xF0\x9F\x98\x80\xEF\xBF\xBD\xC3\xA9\xE2\x82\xAC");
		CHECK_EQ(kc_psi_utf8(buf, 0x24, &e, out, 4, &len), KPROF_E_BUFFER_TOO_SMALL);
		CHECK_STR(out, ""); /* the 4-byte character does not fit in 3: nothing half-written */
		/* The same units through the base transcoder directly (what the command uses for
		 * UTF-16 files); a high surrogate as the last unit has no partner: U+FFFD. */
		CHECK_EQ(kprof_bytes_utf16le_to_utf8(buf + 0x18, 5, out, sizeof(out), &len), KPROF_OK);
		CHECK_STR(out, "\xF0\x9F\x98\x80\xEF\xBF\xBD\xC3\xA9\xE2\x82\xAC");
		CHECK_EQ(len, 12);
		CHECK_EQ(kprof_bytes_utf16le_to_utf8(buf + 0x18, 5, out, 3 * 5 + 1, &len), KPROF_OK); /* 3 per unit */
		CHECK_EQ(kprof_bytes_utf16le_to_utf8(buf + 0x18, 1, out, sizeof(out), &len), KPROF_OK);
		CHECK_STR(out, "\xEF\xBF\xBD");
		CHECK_EQ(kprof_bytes_utf16le_to_utf8(buf + 0x18 + 6, 1, out, 3, &len), KPROF_OK); /* U+00E9 */
		CHECK_STR(out, "\xC3\xA9");
		CHECK_EQ(kprof_bytes_utf16le_to_utf8(buf + 0x18 + 8, 1, out, 3, &len), KPROF_E_BUFFER_TOO_SMALL);
		CHECK_STR(out, "");
		CHECK_EQ(len, 0);
		CHECK_EQ(kprof_bytes_utf16le_to_utf8(NULL, 0, out, sizeof(out), &len), KPROF_OK);
		CHECK_STR(out, "");
		CHECK_EQ(kprof_bytes_utf16le_to_utf8(NULL, 1, out, sizeof(out), &len), KPROF_E_ARGUMENT);
		CHECK_EQ(kprof_bytes_utf16le_to_utf8(buf + 0x18, 5, NULL, 8, &len), KPROF_E_ARGUMENT);
		CHECK_EQ(kprof_bytes_utf16le_to_utf8(buf + 0x18, 5, out, 0, NULL), KPROF_E_ARGUMENT);
	}
	/* corrupt chains */
	memset(buf, 0, sizeof(buf));
	buf[0] = 0x10; /* shorter than a header */
	kprof_psi_iter_init(&it, buf, 0x40);
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_E_CORRUPT);
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_E_CORRUPT); /* sticky */
	buf[0] = 0x30; /* next header would end at 0x48 > 0x40 */
	kprof_psi_iter_init(&it, buf, 0x40);
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_E_CORRUPT);
	buf[0] = 0xFF;
	buf[3] = 0xFF; /* wraps a 32-bit offset */
	kprof_psi_iter_init(&it, buf, 0x40);
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_E_CORRUPT);
	kprof_psi_iter_init(&it, buf, 0x17);
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_E_TRUNCATED);
	kprof_psi_iter_init(&it, buf, 0);
	CHECK_EQ(kprof_psi_iter_next(&it, &e), KPROF_END);
	/* the most entries a buffer can hold: every NextEntryOffset = 0x18 */
	memset(buf, 0, sizeof(buf));
	for (i = 0; i + 2 * 0x18 <= sizeof(buf); i += 0x18)
		buf[i] = 0x18;
	kprof_psi_iter_init(&it, buf, sizeof(buf));
	for (n = 0; kprof_psi_iter_next(&it, &e) == KPROF_OK; n++)
		;
	CHECK_EQ(n, sizeof(buf) / 0x18);
	/* every prefix of a good chain, and random bytes: a status, never an overread */
	kprof_psi_writer_init(&w, buf, sizeof(buf));
	kc_psi_add(&w, 0, 1221, 1000000, "Timer", 5);
	kc_psi_add(&w, 0x19, 4096, 2147483647u, "UnhaltedCoreCycles", 18);
	kc_psi_add(&w, 0x1D, 4096, 2147483647u, "LLCMisses", 9);
	for (cut = 0; cut <= w.used; cut++) {
		uint8_t *copy = (uint8_t *)malloc(cut ? cut : 1);
		memcpy(copy, buf, cut);
		kprof_psi_iter_init(&it, copy, cut);
		for (n = 0; kprof_psi_iter_next(&it, &e) == KPROF_OK; n++)
			kc_psi_utf8(copy, cut, &e, out, sizeof(out), &len);
		CHECK(n <= 3);
		free(copy);
	}
	{
		uint32_t x = 99;
		for (i = 0; i < 2000; i++) {
			size_t l, j;
			uint8_t *copy;
			x = x * 1103515245u + 12345u;
			l = (x >> 8) % 300;
			copy = (uint8_t *)malloc(l ? l : 1);
			for (j = 0; j < l; j++) {
				x = x * 1103515245u + 12345u;
				copy[j] = (uint8_t)((x >> 16) % 4 == 0 ? (x >> 8) : (x >> 16) % 48);
			}
			kprof_psi_iter_init(&it, copy, l);
			for (n = 0; kprof_psi_iter_next(&it, &e) == KPROF_OK; n++) {
				kc_psi_utf8(copy, l, &e, out, sizeof(out), &len);
				CHECK(e.description_offset + 2 * e.description_units <= l);
			}
			CHECK(n <= l / 0x18 + 1);
			free(copy);
		}
	}
}

static void test_codecs(void)
{
	uint8_t b[0x60];
	kprof_windows_processor_profile_control_area a;
	kprof_windows_system_processor_profile_control_area_x86 s86;
	unsigned i;
	for (i = 0; i < sizeof(b); i++)
		b[i] = (uint8_t)i;
	CHECK_EQ(kprof_windows_processor_profile_control_area_decode(b, sizeof(b), &a), KPROF_OK);
	CHECK_EQ(a.PebsDsSaveArea.PebsIndex, 0x2F2E2D2C2B2A2928ull);
	CHECK_EQ(a.PebsDsSaveArea.PebsCounterReset3, 0x5F5E5D5C5B5A5958ull);
	CHECK_EQ(kprof_windows_processor_profile_control_area_decode(b, 0x5F, &a), KPROF_E_TRUNCATED);
	CHECK_EQ(kprof_windows_system_processor_profile_control_area_x86_decode(b, 8, &s86), KPROF_OK);
	CHECK_EQ(s86.ProcessorProfileControlArea, 0x03020100u);
	CHECK_EQ(s86.Allocate, 4);
}

/* Each generated kprof_<layout>_widen against kprof_ds_area_unpack, which reads the same
 * bytes with its own per-layout code (PEBS format 4: no reset slot moves); and one field per
 * layout against the test's own little-endian read at the reference offset. */
static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	while (n--)
		v = v << 8 | p[n];
	return v;
}

static void check_widened(const kprof_ds_area64 *w, const uint8_t *b, kprof_ds_layout layout, uint64_t index)
{
	kprof_ds_area64 d;
	CHECK_EQ(kprof_ds_area_unpack(b, 0x200, layout, KPROF_PEBS_FORMAT_ADAPTIVE, &d), KPROF_OK);
	CHECK(memcmp(w, &d, sizeof(d)) == 0);
	CHECK_EQ(w->pebs_index, index);
}

static void test_widen(void)
{
	uint8_t b[0x200];
	kprof_ds_area64 w;
	kprof_ds_area32 a32;
	kprof_ds_area64_fmt4 a64;
	kprof_windows_pebs_ds_save_area s62;
	kprof_windows_pebs_ds_save_area64 s64;
	kprof_windows_pebs_ds_save_area32 s32;
	unsigned i;
	for (i = 0; i < sizeof(b); i++)
		b[i] = (uint8_t)(i * 7u + 1u);
	CHECK_EQ(kprof_ds_area32_decode(b, sizeof(b), &a32), KPROF_OK);
	kprof_ds_area32_widen(&a32, &w);
	check_widened(&w, b, KPROF_DS_LAYOUT_INTEL32, le(b + 0x14, 4));
	CHECK_EQ(kprof_ds_area64_fmt4_decode(b, sizeof(b), &a64), KPROF_OK);
	kprof_ds_area64_fmt4_widen(&a64, &w);
	check_widened(&w, b, KPROF_DS_LAYOUT_INTEL64, le(b + 0x28, 8));
	CHECK_EQ(kprof_windows_pebs_ds_save_area_decode(b, sizeof(b), &s62), KPROF_OK);
	kprof_windows_pebs_ds_save_area_widen(&s62, &w);
	check_widened(&w, b, KPROF_DS_LAYOUT_WIN62, le(b + 0x28, 8));
	CHECK_EQ(kprof_windows_pebs_ds_save_area64_decode(b, sizeof(b), &s64), KPROF_OK);
	kprof_windows_pebs_ds_save_area64_widen(&s64, &w);
	check_widened(&w, b, KPROF_DS_LAYOUT_WIN64, le(b + 0x28, 8));
	CHECK_EQ(kprof_windows_pebs_ds_save_area32_decode(b, sizeof(b), &s32), KPROF_OK);
	kprof_windows_pebs_ds_save_area32_widen(&s32, &w);
	check_widened(&w, b, KPROF_DS_LAYOUT_WIN32, le(b + 0x14, 4));
}

int main(void)
{
	test_seed();
	test_reference_layouts();
	test_classes();
	test_listing("intel-tracelog-2019.txt", 13);
	test_listing("intel-tracelog-2020.txt", 18);
	test_listing("intel-wpr-learn.txt", 14);
	test_psi_unknown_and_hostile();
	test_codecs();
	test_widen();
	return kt_done();
}
