/* kprof command: buffered output, the JSON writer, the error path, the number parser and the
 * file reader. */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef _WIN32
#include <io.h>
#else
#include <poll.h>
#include <unistd.h>
#endif

/* The command's whole standard output until main() decides it may be shown. */
static char *out_buf;
static size_t out_len, out_cap;
static int out_failed;
/* Text moved off standard output to standard error (kprof_cli_aside_end). */
static char *aside_buf;
static size_t aside_len, aside_mark;
static void fold_output(void);
/* A space no fold breaks at (kprof_cli_name): a control code no other output holds (the text
 * and JSON writers escape every control code of their input), a space once written. */
#define NBSP '\x1f'

static void nbsp_to_space(char *p, size_t n)
{
	for (; n; p++, n--)
		if (*p == NBSP)
			*p = ' ';
}

static void out_append(const char *s, size_t n)
{
	if (out_failed)
		return;
	if (out_len + n + 1 > out_cap) {
		size_t cap = out_cap ? out_cap : 4096;
		char *p;
		while (cap < out_len + n + 1)
			cap *= 2;
		p = (char *)realloc(out_buf, cap);
		if (!p) {
			out_failed = 1;
			return;
		}
		out_buf = p;
		out_cap = cap;
	}
	memcpy(out_buf + out_len, s, n);
	out_len += n;
	out_buf[out_len] = 0;
}

void kprof_cli_printf(const char *fmt, ...)
{
	char small[512];
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0) {
		out_failed = 1;
		return;
	}
	if ((size_t)n < sizeof small) {
		out_append(small, (size_t)n);
	} else {
		char *big = (char *)malloc((size_t)n + 1);
		if (!big) {
			out_failed = 1;
			return;
		}
		va_start(ap, fmt);
		vsnprintf(big, (size_t)n + 1, fmt, ap);
		va_end(ap);
		out_append(big, (size_t)n);
		free(big);
	}
}

void kprof_cli_puts(const char *s)
{
	out_append(s, strlen(s));
}

void kprof_cli_name(const char *s)
{
	for (; *s; s++) {
		char c = *s == ' ' && s[1] >= '0' && s[1] <= '9' ? NBSP : *s;
		out_append(&c, 1);
	}
}

void kprof_cli_write(const void *data, size_t n)
{
	out_append((const char *)data, n);
}

int kprof_cli_flush(int rc)
{
	int print = rc == KPROF_CLI_EXIT_OK || rc == KPROF_CLI_EXIT_DIFFER;
	if (rc == KPROF_CLI_EXIT_DIFFER)
		rc = KPROF_CLI_EXIT_FAILURE;
	if (print) {
		fold_output();
		if (out_buf)
			nbsp_to_space(out_buf, out_len);
		if (aside_buf)
			nbsp_to_space(aside_buf, aside_len);
		if (out_failed) {
			fprintf(stderr, "kprof: out of memory\n");
			rc = KPROF_CLI_EXIT_FAILURE;
		} else if ((out_len && fwrite(out_buf, 1, out_len, stdout) != out_len) ||
		           fflush(stdout) != 0) {
			fprintf(stderr, "kprof: writing the output failed: %s\n", strerror(errno));
			rc = KPROF_CLI_EXIT_FAILURE;
		}
	}
	if (print && aside_len)
		fwrite(aside_buf, 1, aside_len, stderr);
	free(aside_buf);
	aside_buf = NULL;
	aside_len = 0;
	free(out_buf);
	out_buf = NULL;
	out_len = out_cap = 0;
	return rc;
}

/* ---- fitting the terminal ---- */
/* The columns text output is fitted to: KPROF_CLI_COLUMNS, or 0 (--json, --wide, a file
 * format) for lines as they are. */
static unsigned out_width;


void kprof_cli_aside_begin(void)
{
	aside_mark = out_len;
}

void kprof_cli_aside_end(void)
{
	char *p;
	if (out_failed || aside_mark > out_len)
		return;
	p = (char *)realloc(aside_buf, aside_len + (out_len - aside_mark) + 1);
	if (!p) {
		out_failed = 1;
		return;
	}
	aside_buf = p;
	memcpy(aside_buf + aside_len, out_buf + aside_mark, out_len - aside_mark);
	aside_len += out_len - aside_mark;
	out_len = aside_mark;
	if (out_buf)
		out_buf[out_len] = 0;
}

void kprof_cli_output_width(unsigned columns)
{
	out_width = columns;
}

unsigned kprof_cli_output_width_get(void)
{
	return out_width;
}

/* The open table: its columns and where its rows start in the buffer. */
static const kprof_cli_column *table_cols;
static size_t table_ncols, table_mark;

void kprof_cli_table_begin(const kprof_cli_column *cols, size_t n)
{
	table_cols = cols;
	table_ncols = n;
	table_mark = out_len;
}

/* Where a too-long cell breaks, at most max characters in: after the last '_', '-', '/', ',' or
 * space, or before the last capital that follows a small letter or digit (CamelCase), that
 * leaves at least a third of max on the line; else at max. */
static size_t fold_at(const char *s, size_t len, size_t max)
{
	size_t i, best = 0;
	if (len <= max)
		return len;
	for (i = max / 3; i <= max && i < len; i++) {
		char p = s[i - 1], c = s[i];
		if (p == '_' || p == '-' || p == '/' || p == ',' || p == ' ' ||
		    (c >= 'A' && c <= 'Z' && ((p >= 'a' && p <= 'z') || (p >= '0' && p <= '9'))))
			best = i;
	}
	return best ? best : max;
}

/* One laid-out line of a table row: each shown cell's fragment (off[c], len[c]) in a column
 * width[c] wide, two spaces between columns, no space at the end. */
static void table_line(kprof_cli_text *t, const char *const *cell, const size_t *off,
                       const size_t *len, const size_t *width, const int *shown)
{
	char line[2048];
	size_t c, at = 0, k;
	int first = 1;
	for (c = 0; c < table_ncols; c++) {
		size_t n = len[c], w = width[c], padding = n < w ? w - n : 0;
		if (!shown[c])
			continue;
		if (at + 2 + padding + n + 2 > sizeof line)
			break;
		if (!first)
			for (k = 0; k < 2; k++)
				line[at++] = ' ';
		first = 0;
		if (table_cols[c].flags & KPROF_CLI_COLUMN_RIGHT)
			for (; padding; padding--)
				line[at++] = ' ';
		memcpy(line + at, cell[c] + off[c], n);
		at += n;
		for (; padding; padding--)
			line[at++] = ' ';
	}
	while (at && line[at - 1] == ' ')
		at--;
	line[at++] = '\n';
	line[at] = 0;
	kprof_cli_text_append(t, line);
}

void kprof_cli_table_end(void)
{
	size_t ncols = table_ncols, nrows = 0, r, c, total;
	size_t width[KPROF_CLI_TABLE_MAX_COLUMNS];
	int shown[KPROF_CLI_TABLE_MAX_COLUMNS];
	char *rows, *p, **cell = NULL;
	kprof_cli_text t = {NULL, 0, 0, 0};
	if (!table_cols || out_failed || ncols > KPROF_CLI_TABLE_MAX_COLUMNS)
		return;
	/* The rows printed since kprof_cli_table_begin: lines of tab-separated cells. */
	rows = (char *)malloc(out_len - table_mark + 1);
	if (!rows) {
		out_failed = 1;
		return;
	}
	memcpy(rows, out_buf + table_mark, out_len - table_mark + 1);
	out_len = table_mark;
	for (p = rows; *p; p++)
		nrows += *p == '\n';
	cell = (char **)calloc((nrows + 1) * ncols + 1, sizeof *cell);
	if (!cell) {
		free(rows);
		out_failed = 1;
		return;
	}
	for (c = 0; c < ncols; c++) {
		cell[c] = (char *)table_cols[c].head;
		width[c] = strlen(table_cols[c].head);
		shown[c] = 1;
	}
	for (r = 1, p = rows; r <= nrows; r++) {
		char *eol = strchr(p, '\n');
		*eol = 0;
		for (c = 0; c < ncols; c++) {
			char *end = p + strcspn(p, "\t");
			char sep = *end;
			cell[r * ncols + c] = p;
			*end = 0;
			if ((size_t)(end - p) > width[c])
				width[c] = (size_t)(end - p);
			p = sep ? end + 1 : end;
		}
		p = eol + 1;
	}
	/* A column no row fills (all empty) is left out. */
	for (c = 0; c < ncols; c++) {
		int any = 0;
		for (r = 1; r <= nrows; r++)
			any |= cell[r * ncols + c][0] != 0;
		shown[c] = any || !nrows;
	}
	/* Too wide: leave out the columns of the highest drop rank first (--wide shows them), then
	 * fold the foldable columns, the widest first. */
	for (;;) {
		unsigned rank = 0;
		for (total = 0, c = 0; c < ncols; c++)
			if (shown[c]) {
				total += width[c] + (total ? 2 : 0);
				if (table_cols[c].drop > rank)
					rank = table_cols[c].drop;
			}
		if (!out_width || total <= out_width || !rank)
			break;
		for (c = 0; c < ncols; c++)
			if (shown[c] && table_cols[c].drop == rank)
				shown[c] = 0;
	}
	while (out_width && total > out_width) {
		size_t widest = ncols;
		for (c = 0; c < ncols; c++)
			if (shown[c] && (table_cols[c].flags & KPROF_CLI_COLUMN_FOLD) &&
			    width[c] > KPROF_CLI_FOLD_MIN &&
			    (widest == ncols || width[c] > width[widest]))
				widest = c;
		if (widest == ncols)
			break;
		width[widest]--;
		total--;
	}
	for (r = 0; r <= nrows; r++) {
		size_t off[KPROF_CLI_TABLE_MAX_COLUMNS], len[KPROF_CLI_TABLE_MAX_COLUMNS];
		char *const *row = cell + r * ncols;
		int more;
		for (c = 0; c < ncols; c++)
			off[c] = 0;
		/* A row whose folded cells are longer than their columns goes on over more lines, the
		 * other cells blank there. */
		do {
			more = 0;
			for (c = 0; c < ncols; c++) {
				size_t rest = strlen(row[c] + off[c]);
				len[c] = fold_at(row[c] + off[c], rest, width[c]);
				if (!(table_cols[c].flags & KPROF_CLI_COLUMN_FOLD))
					len[c] = rest;
			}
			table_line(&t, (const char *const *)row, off, len, width, shown);
			for (c = 0; c < ncols; c++) {
				off[c] += len[c];
				if (row[c][off[c]])
					more = 1;
			}
		} while (more);
	}
	free(cell);
	free(rows);
	table_cols = NULL;
	if (t.failed)
		out_failed = 1;
	else if (t.data)
		out_append(t.data, t.len);
	free(t.data);
}

/* Where a labelled line's value starts: after its label, the first column ("windows     ...",
 * "hal uses    4": a run of two spaces within the first 20 characters), or 0. */
static size_t label_column(const char *s, size_t n)
{
	size_t i;
	for (i = 1; i + 1 < n && i < 20; i++)
		if (s[i] == ' ' && s[i + 1] == ' ') {
			while (i < n && s[i] == ' ')
				i++;
			return i < 40 && i < n ? i : 0;
		}
	return 0;
}

/* Whether the space at s[i] joins a label to its number ("counter 0xC0010004", "leaf 0x0A"):
 * a word's letter before it and a digit after it; the fold keeps the two on one line. */
static int label_and_number(const char *s, size_t i, size_t n)
{
	char p = i ? s[i - 1] : ' ', c = i + 1 < n ? s[i + 1] : ' ';
	return ((p >= 'a' && p <= 'z') || (p >= 'A' && p <= 'Z')) && c >= '0' && c <= '9';
}

/* A text line longer than the width, wrapped: at the last space that fits (outside [...] where
 * one is; never one between a label and its number: label_and_number), else at a '/' or ',' ,
 * else at the width; each further line indented to where the line's text starts after its label
 * (label_column), also for a label that fills the label column of the lines above it (labels)
 * but for one space ("selectable 16 listed" under "fits       ..."), or, without a label, 4 more
 * than the line's own indent. */
static void fold_line(kprof_cli_text *t, const char *s, size_t n, size_t labels)
{
	size_t lead = 0, indent, i, col;
	char pad[81];
	while (lead < n && s[lead] == ' ')
		lead++;
	indent = lead ? lead : 4;
	if (!lead && (i = label_column(s, n)) != 0)
		indent = i;
	else if (!lead && labels && labels < n && s[labels - 1] == ' ' && s[labels] != ' ' &&
	         !memchr(s, ' ', labels - 1))
		indent = labels;
	else if (lead && (i = label_column(s + lead, n - lead)) != 0 && lead + i < 40)
		indent = lead + i;
	memset(pad, ' ', indent);
	pad[indent] = 0;
	for (col = 0;;) {
		size_t room = out_width - col, cut = 0, space = 0, other = 0;
		int depth = 0;
		char buf[128];
		if (n <= room) {
			while (n) {
				size_t k = n < sizeof buf - 1 ? n : sizeof buf - 1;
				memcpy(buf, s, k);
				buf[k] = 0;
				kprof_cli_text_append(t, buf);
				s += k;
				n -= k;
			}
			kprof_cli_text_append(t, "\n");
			return;
		}
		for (i = 0; i <= room; i++) {
			if (s[i] == '[')
				depth++;
			else if (s[i] == ']' && depth)
				depth--;
			if (s[i] == ' ' && i > (col ? 0 : indent) && (depth == 0 || !space) &&
			    !label_and_number(s, i, n))
				space = i;
			if (i && i < room && (s[i - 1] == '/' || s[i - 1] == ','))
				other = i;
		}
		cut = space ? space : other ? other : room;
		for (i = 0; i < cut;) {
			size_t k = cut - i < sizeof buf - 1 ? cut - i : sizeof buf - 1;
			memcpy(buf, s + i, k);
			buf[k] = 0;
			kprof_cli_text_append(t, buf);
			i += k;
		}
		kprof_cli_text_append(t, "\n");
		kprof_cli_text_append(t, pad);
		col = indent;
		s += cut;
		n -= cut;
		while (n && *s == ' ') {
			s++;
			n--;
		}
	}
}

/* The buffer with every line longer than the width folded (fold_line). */
static void fold_output(void)
{
	kprof_cli_text t = {NULL, 0, 0, 0};
	size_t start = 0, end, labels = 0;
	int any = 0;
	if (!out_width || out_failed || !out_buf)
		return;
	for (start = 0; start < out_len; start = end + 1) {
		for (end = start; end < out_len && out_buf[end] != '\n'; end++)
			;
		if (end - start > out_width) {
			any = 1;
			break;
		}
	}
	if (!any)
		return;
	for (start = 0; start < out_len; start = end + 1) {
		size_t col;
		for (end = start; end < out_len && out_buf[end] != '\n'; end++)
			;
		/* The label column of the labelled lines so far (fold_line). */
		if (out_buf[start] != ' ' && (col = label_column(out_buf + start, end - start)) != 0)
			labels = col;
		if (end - start > out_width) {
			fold_line(&t, out_buf + start, end - start, labels);
		} else {
			char *line = (char *)malloc(end - start + 2);
			if (!line) {
				t.failed = 1;
				break;
			}
			memcpy(line, out_buf + start, end - start);
			line[end - start] = end < out_len ? '\n' : 0;
			line[end - start + 1] = 0;
			kprof_cli_text_append(&t, line);
			free(line);
		}
	}
	if (t.failed) {
		out_failed = 1;
	} else {
		free(out_buf);
		out_buf = t.data;
		out_len = t.len;
		out_cap = t.cap;
		return;
	}
	free(t.data);
}

/* ---- JSON ---- */
/* The length of the UTF-8 sequence at s[0..n) and its code point, or 0 when it is not one
 * (a stray or missing continuation byte, an overlong form, a surrogate, past U+10FFFF). */
static size_t utf8_char(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t len, i;
	uint32_t c = s[0], min;
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF)
		len = 2, c &= 0x1F, min = 0x80;
	else if (c >= 0xE0 && c <= 0xEF)
		len = 3, c &= 0x0F, min = 0x800;
	else if (c >= 0xF0 && c <= 0xF4)
		len = 4, c &= 0x07, min = 0x10000;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return len;
}

/* The one JSON string writer. Every character outside printable ASCII is written \uXXXX (a
 * surrogate pair above U+FFFF), so the output is ASCII whatever the input holds: no control
 * code, no bidirectional override, no invalid UTF-8. text: s is UTF-8 where it is valid, and
 * each byte that is not is its Latin-1 character; else (a dumped signature) every byte is. */
static void json_string(const char *s, size_t n, int text)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, k;
	out_append("\"", 1);
	while (i < n) {
		uint32_t cp = u[i];
		char esc[16];
		k = text ? utf8_char(u + i, n - i, &cp) : 1;
		if (k == 0) {
			cp = u[i];
			k = 1;
		}
		i += k;
		if (cp == '"' || cp == '\\') {
			esc[0] = '\\';
			esc[1] = (char)cp;
			out_append(esc, 2);
		} else if (cp >= 0x20 && cp < 0x7F) {
			esc[0] = (char)cp;
			out_append(esc, 1);
		} else if (cp > 0xFFFF) {
			cp -= 0x10000;
			snprintf(esc, sizeof esc, "\\u%04x\\u%04x", (unsigned)(0xD800 + (cp >> 10)),
			         (unsigned)(0xDC00 + (cp & 0x3FF)));
			out_append(esc, 12);
		} else {
			snprintf(esc, sizeof esc, "\\u%04x", (unsigned)cp);
			out_append(esc, 6);
		}
	}
	out_append("\"", 1);
}

void kprof_cli_json_bytes(const char *s, size_t n)
{
	json_string(s, n, 0);
}

void kprof_cli_json_text(const char *s, size_t n)
{
	json_string(s, n, 1);
}

void kprof_cli_json_string(const char *s)
{
	if (!s)
		kprof_cli_puts("null");
	else
		json_string(s, strlen(s), 1);
}

const char *kprof_cli_json_bool(int f)
{
	return f ? "true" : "false";
}

void kprof_cli_json_hex(const char *key, uint64_t v, int first)
{
	kprof_cli_printf("%s\"%s\": \"0x%llx\"", first ? "" : ", ", key, (unsigned long long)v);
}

/* ---- text ---- */
const char *kprof_cli_text_escape(const char *s, size_t n, char *out, size_t cap)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i, o = 0;
	if (!cap)
		return out;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char e[4];
		size_t k = 1;
		if (c == '\\') {
			e[0] = e[1] = '\\';
			k = 2;
		} else if (c >= 0x20 && c < 0x7F) {
			e[0] = (char)c;
		} else {
			e[0] = '\\';
			e[1] = 'x';
			e[2] = hex[c >> 4];
			e[3] = hex[c & 15];
			k = 4;
		}
		if (o + k + 4 > cap && i + 1 < n) { /* room for "..." and the NUL */
			if (o + 4 <= cap)
				memcpy(out + o, "...", 3), o += 3;
			break;
		}
		if (o + k + 1 > cap)
			break;
		memcpy(out + o, e, k);
		o += k;
	}
	out[o] = 0;
	return out;
}

void kprof_cli_text_bytes(const char *s, size_t n)
{
	char buf[4 * 64 + 1];
	size_t i;
	for (i = 0; i < n; i += 64)
		kprof_cli_puts(
		        kprof_cli_text_escape(s + i, n - i < 64 ? n - i : 64, buf, sizeof buf));
}

const char *kprof_cli_quote(const char *s)
{
	/* A message names at most a few inputs: each call takes the next of these buffers. */
	static char buf[4][4 * 1024 + 4];
	static unsigned next;
	char *out = buf[next++ % 4];
	return kprof_cli_text_escape(s, strlen(s), out, sizeof buf[0]);
}

/* ---- errors ---- */
static int report(const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	return KPROF_CLI_EXIT_USAGE;
}

/* ASCII letters compared ignoring case (no locale: the words are kprof's). */
static int same_letter(char x, char y)
{
	unsigned char a = (unsigned char)x, b = (unsigned char)y;
	if (a >= 'A' && a <= 'Z')
		a = (unsigned char)(a - 'A' + 'a');
	if (b >= 'A' && b <= 'Z')
		b = (unsigned char)(b - 'A' + 'a');
	return a == b;
}

int kprof_cli_strncaseeq(const char *a, const char *b, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (!same_letter(a[i], b[i]))
			return 0;
	return 1;
}

void kprof_cli_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	(void)report("kprof: warning: ", fmt, ap);
	va_end(ap);
}

int kprof_cli_error(const char *fmt, ...)
{
	va_list ap;
	int rc;
	va_start(ap, fmt);
	rc = report("kprof: ", fmt, ap);
	va_end(ap);
	return rc;
}

int kprof_cli_error_at(const char *path, unsigned long line, uint64_t offset, const char *fmt, ...)
{
	char where[512];
	va_list ap;
	int rc;
	if (line)
		snprintf(where, sizeof where, "kprof: %s:%lu: ", kprof_cli_file_label(path), line);
	else
		snprintf(where, sizeof where,
		         "kprof: %s: offset 0x%llx: ", kprof_cli_file_label(path),
		         (unsigned long long)offset);
	va_start(ap, fmt);
	rc = report(where, fmt, ap);
	va_end(ap);
	return rc;
}

/* ---- input ---- */
int kprof_cli_word_eq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (!same_letter(*a, *b))
			return 0;
	return *a == *b;
}

/* Whether pattern matches text from its start, the rest of text ignored: `*` any run of
 * characters, `?` any one, letters in any case. */
static int glob_here(const char *p, const char *t)
{
	for (; *p; p++, t++) {
		if (*p == '*') {
			do
				if (glob_here(p + 1, t))
					return 1;
			while (*t++);
			return 0;
		}
		if (!*t || (*p != '?' && !same_letter(*p, *t)))
			return 0;
	}
	return 1;
}

int kprof_cli_word_match(const char *pattern, const char *text)
{
	do
		if (glob_here(pattern, text))
			return 1;
	while (*text++);
	return 0;
}

int kprof_cli_hex_digit(char c)
{
	return c >= '0' && c <= '9'   ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10
	                              : -1;
}

int kprof_cli_parse_u64(const char *text, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	unsigned base = 10, digits = 0;
	const char *p = text;
	if (!p || !*p)
		return -1;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	}
	for (; *p; p++) {
		const int h = kprof_cli_hex_digit(*p);
		unsigned d;
		if (h < 0 || (unsigned)h >= base)
			return -1;
		d = (unsigned)h;
		if (v > (UINT64_MAX - d) / base)
			return -1;
		v = v * base + d;
		digits++;
	}
	if (!digits || v > max)
		return -1;
	*out = v;
	return 0;
}

const char *kprof_cli_file_label(const char *path)
{
	return strcmp(path, "-") == 0 ? "(standard input)" : kprof_cli_quote(path);
}

/* What kind of file a name points at, for messages. */
static const char *file_kind(mode_t m)
{
#ifdef S_ISFIFO
	if (S_ISFIFO(m))
		return "a FIFO (named pipe)";
#endif
#ifdef S_ISSOCK
	if (S_ISSOCK(m))
		return "a socket";
#endif
#ifdef S_ISCHR
	if (S_ISCHR(m))
		return "a character device";
#endif
#ifdef S_ISBLK
	if (S_ISBLK(m))
		return "a block device";
#endif
	return S_ISDIR(m) ? "a directory" : "not a regular file";
}

/* The one reader: the bytes of path (`-`: standard input) into a malloc'd buffer with a NUL
 * after them, at most max (more: 1 with nothing read into *data and no message, for the caller
 * to say which bound it was). regular_only: refuse anything but a regular file, naming what it
 * is (a directory scan reads files, never a pipe). A regular file is read as it is; anything
 * else named by path (a FIFO, `<(cmd)`, a device) is opened without blocking and read as its
 * data comes, giving up after KPROF_CLI_PIPE_WAIT_S seconds in which nothing came; standard
 * input is read as it comes, without a limit on the wait (the user typed `-`). Returns 0, 1,
 * or an exit code after a message. */
static int read_bytes(const char *path, size_t max, int regular_only, char **data, size_t *len)
{
	int is_stdin = strcmp(path, "-") == 0, stream = 0, rc = 0;
	const char *label = kprof_cli_file_label(path);
	char *buf = NULL;
	size_t n = 0, cap = 0;
	struct stat st;
#ifdef _WIN32
	/* No FIFO to wait for here: anything but a regular file (a device, a pipe's name) is
	 * refused, so nothing blocks. */
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	const int streams = 0;
	if (!f)
		return kprof_cli_error("%s: %s", label, strerror(errno));
	if (is_stdin)
		(void)_setmode(_fileno(stdin),
		               _O_BINARY); /* the bytes as they are, no CRLF folding */
	if (fstat(_fileno(f), &st) != 0) {
		rc = kprof_cli_error("%s: %s", label, strerror(errno));
		goto done;
	}
#else
	int fd = is_stdin ? 0 : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	const int streams = 1;
	if (fd < 0)
		return kprof_cli_error("%s: %s", label, strerror(errno));
	if (fstat(fd, &st) != 0) {
		rc = kprof_cli_error("%s: %s", label, strerror(errno));
		goto done;
	}
#endif
	if (!is_stdin && !S_ISREG(st.st_mode) &&
	    (S_ISDIR(st.st_mode) || regular_only || !streams)) {
		rc = kprof_cli_error("%s: %s, not a regular file%s", label, file_kind(st.st_mode),
		                     regular_only ? " (a hwloc directory holds files)" : "");
		goto done;
	}
	stream = !is_stdin && !S_ISREG(st.st_mode);
#ifndef _WIN32
	if (!is_stdin && !stream)
		(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
#endif
	/* A regular file's size is known: one buffer of that size (and a byte to see it grow), so
	 * a directory of small files costs what they hold. */
	if (!is_stdin && S_ISREG(st.st_mode)) {
		if ((uint64_t)st.st_size > max) {
			rc = 1;
			goto done;
		}
		cap = (size_t)st.st_size + 1;
	}
	for (;;) {
		size_t want;
		long got;
		if (n == cap) {
			char *p;
			if (cap > max) {
				rc = 1;
				break;
			}
			/* Grow to at most one byte past the cap: reading that byte is how we know. */
			cap = cap ? cap * 2 : 65536;
			if (cap > max)
				cap = max + 1;
			p = (char *)realloc(buf, cap + 1);
			if (!p) {
				rc = kprof_cli_error("%s: out of memory", label);
				break;
			}
			buf = p;
		}
		if (!buf && !(buf = (char *)malloc(cap + 1))) {
			rc = kprof_cli_error("%s: out of memory", label);
			break;
		}
		want = cap - n;
#ifdef _WIN32
		(void)stream;
		got = (long)fread(buf + n, 1, want, f);
		if (got == 0 && ferror(f)) {
			rc = kprof_cli_error("%s: %s", label, strerror(errno));
			break;
		}
#else
		if (stream) {
			struct pollfd pf;
			int ready;
			pf.fd = fd;
			pf.events = POLLIN;
			pf.revents = 0;
			ready = poll(&pf, 1, KPROF_CLI_PIPE_WAIT_S * 1000);
			if (ready < 0 && errno == EINTR)
				continue;
			if (ready < 0) {
				rc = kprof_cli_error("%s: %s", label, strerror(errno));
				break;
			}
			if (ready == 0) {
				rc = kprof_cli_error("%s: %s with nothing to read for %d s: kprof "
				                     "waits that long "
				                     "for a program to write to it",
				                     label, file_kind(st.st_mode),
				                     KPROF_CLI_PIPE_WAIT_S);
				break;
			}
		}
		if (want > 0x40000000u)
			want = 0x40000000u;
		got = (long)read(fd, buf + n, want);
		if (got < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (got < 0) {
			rc = kprof_cli_error("%s: %s", label, strerror(errno));
			break;
		}
#endif
		if (got == 0)
			break;
		n += (size_t)got;
	}
done:
#ifdef _WIN32
	if (!is_stdin)
		fclose(f);
#else
	if (!is_stdin)
		close(fd);
#endif
	if (rc) {
		free(buf);
		return rc;
	}
	if (!buf && !(buf = (char *)malloc(1)))
		return kprof_cli_error("%s: out of memory", label);
	if (cap > n + 4096) { /* a stream read in large steps: keep what it held */
		char *p = (char *)realloc(buf, n + 1);
		if (p)
			buf = p;
	}
	buf[n] = 0;
	*data = buf;
	*len = n;
	return 0;
}

int kprof_cli_read_file(const char *path, char **data, size_t *len)
{
	int rc = read_bytes(path, KPROF_CLI_INPUT_MAX, 0, data, len);
	if (rc == 1)
		return kprof_cli_error("%s: larger than %s, the most kprof reads",
		                       kprof_cli_file_label(path), KPROF_CLI_INPUT_MAX_LABEL);
	return rc;
}

/* Text as the header's readers take it: UTF-16 with a byte-order mark re-encoded as UTF-8
 * (see kprof_cli_read_text), in place of *data. 0 or exit 2. */
static int text_utf8(const char *path, char **data, size_t *len)
{
	unsigned char *in;
	char *out;
	unsigned long line = 1;
	size_t n, i, cap;
	in = (unsigned char *)*data;
	n = *len;
	if (n < 2 || !((in[0] == 0xFF && in[1] == 0xFE) || (in[0] == 0xFE && in[1] == 0xFF)))
		return 0;
	/* Big-endian units are swapped in place into the little-endian the header reads. */
	for (i = 2; i + 1 < n; i += 2) {
		if (in[0] == 0xFE) {
			unsigned char t = in[i];
			in[i] = in[i + 1];
			in[i + 1] = t;
		}
		line += in[i] == '\n' && in[i + 1] == 0;
	}
	if (n % 2) {
		free(*data);
		return kprof_cli_error_at(path, line, 0, "UTF-16 text of an odd number of bytes");
	}
	cap = (n - 2) / 2 * 3 + 1;
	out = (char *)malloc(cap);
	if (!out) {
		free(*data);
		return kprof_cli_error("%s: out of memory", kprof_cli_file_label(path));
	}
	(void)kprof_bytes_utf16le_to_utf8(in + 2, (n - 2) / 2, out, cap, len); /* cap always suffices */
	free(*data);
	*data = out;
	return 0;
}

int kprof_cli_read_text(const char *path, char **data, size_t *len)
{
	int rc = kprof_cli_read_file(path, data, len);
	return rc ? rc : text_utf8(path, data, len);
}

int kprof_cli_read_dir_text(const char *dir, const char *path, size_t *left, char **data,
                            size_t *len)
{
	int rc = read_bytes(path, *left, 1, data, len);
	if (rc == 1)
		return kprof_cli_error(
		        "%s: its files hold more than %s together, the most kprof reads "
		        "from one input",
		        kprof_cli_file_label(dir), KPROF_CLI_INPUT_MAX_LABEL);
	if (rc)
		return rc;
	*left -= *len;
	return text_utf8(path, data, len);
}

void kprof_cli_text_append(kprof_cli_text *t, const char *s)
{
	size_t n = strlen(s);
	if (t->failed)
		return;
	if (t->len + n + 1 > t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 65536;
		char *p;
		while (cap < t->len + n + 1)
			cap *= 2;
		p = (char *)realloc(t->data, cap);
		if (!p) {
			t->failed = 1;
			return;
		}
		t->data = p;
		t->cap = cap;
	}
	memcpy(t->data + t->len, s, n + 1);
	t->len += n;
}

kprof_hal_windows kprof_cli_release_newest(kprof_hal_build build)
{
	kprof_hal_windows id = KPROF_HAL_WINDOWS_NEWEST;
	uint32_t k;
	for (k = 0; k < KPROF_HAL_RELEASE_COUNT; k++) {
		const kprof_hal_release *r = kprof_hal_release_by_id(KPROF_HAL_RELEASE_FIRST + k);
		if (build == KPROF_HAL_BUILD_X86 ? r->x86 : r->x64)
			id = kprof_hal_release_id_get(r);
	}
	return id;
}

kprof_hal_build kprof_cli_build_default(const kprof_cpuid_snapshot *s, const kprof_hal_windows *release,
                                        int *no_long_mode)
{
	/* Known only when the dump has the extended range's leaf 0x80000000: a dump without it
	 * may just have left the range out. */
	kprof_hal_decision probe;
	uint32_t ext[4];
	int none;
	(void)kprof_hal_decision_get(s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_NEWEST, &probe);
	none = !probe.long_mode && kprof_cpuid_snapshot_get(s, KPROF_CPUID_SLOT_EXT_MAX, ext) == KPROF_OK;
	if (no_long_mode)
		*no_long_mode = none;
	/* ... unless the release asked for shipped no 32-bit HAL (Windows 11): then its 64-bit
	 * HAL, and the caller warns that no such Windows runs here. */
	if (none && (!release || kprof_hal_release_by_id(*release)->x86))
		return KPROF_HAL_BUILD_X86;
	return KPROF_HAL_BUILD_X64;
}

kprof_status kprof_cli_decide(const kprof_cpuid_snapshot *s, uint32_t hal, kprof_hal_decision *d)
{
	return kprof_hal_decision_get(s, KPROF_CLI_BUILD(hal), KPROF_CLI_WINDOWS(hal), d);
}
