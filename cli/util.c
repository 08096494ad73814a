/* kprof command: buffered output, the JSON writer, the error path, the number parser and the
 * file reader. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

/* The command's whole standard output until main() decides it may be shown. */
static char *out_buf;
static size_t out_len, out_cap;
static int out_failed;

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

int kprof_cli_flush(int rc)
{
	int print = rc == KPROF_CLI_EXIT_OK || rc == KPROF_CLI_EXIT_DIFFER;
	if (rc == KPROF_CLI_EXIT_DIFFER)
		rc = KPROF_CLI_EXIT_FAILURE;
	if (print) {
		if (out_failed) {
			fprintf(stderr, "kprof: out of memory\n");
			rc = KPROF_CLI_EXIT_FAILURE;
		} else if ((out_len && fwrite(out_buf, 1, out_len, stdout) != out_len) ||
		           fflush(stdout) != 0) {
			fprintf(stderr, "kprof: writing the output failed: %s\n", strerror(errno));
			rc = KPROF_CLI_EXIT_FAILURE;
		}
	}
	free(out_buf);
	out_buf = NULL;
	out_len = out_cap = 0;
	return rc;
}

/* ---- JSON ---- */
/* latin1: bytes >= 0x7F as \u00XX; else they pass through (UTF-8 text). */
static void json_string(const char *s, size_t n, int latin1)
{
	size_t i;
	out_append("\"", 1);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char esc[8];
		if (c == '"' || c == '\\') {
			esc[0] = '\\';
			esc[1] = (char)c;
			out_append(esc, 2);
		} else if (c < 0x20 || c == 0x7F || (latin1 && c > 0x7F)) {
			snprintf(esc, sizeof esc, "\\u%04x", c);
			out_append(esc, 6);
		} else {
			out_append((const char *)&c, 1);
		}
	}
	out_append("\"", 1);
}

void kprof_cli_json_bytes(const char *s, size_t n)
{
	json_string(s, n, 1);
}

void kprof_cli_json_string(const char *s)
{
	if (!s)
		kprof_cli_puts("null");
	else
		json_string(s, strlen(s), 0);
}

const char *kprof_cli_json_bool(int f)
{
	return f ? "true" : "false";
}

void kprof_cli_json_hex(const char *key, uint64_t v, int first)
{
	kprof_cli_printf("%s\"%s\": \"0x%llx\"", first ? "" : ", ", key, (unsigned long long)v);
}

void kprof_cli_text_bytes(const char *s, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7F && c != '\\')
			out_append((const char *)&c, 1);
		else
			kprof_cli_printf("\\x%02X", c);
	}
}

/* ---- errors ---- */
static int report(const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	return KPROF_CLI_EXIT_USAGE;
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

int kprof_cli_usage(const char *cmd, const char *fmt, ...)
{
	size_t i, n;
	const kprof_cli_command *c = kprof_cli_commands(&n);
	va_list ap;
	fprintf(stderr, "kprof %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	for (i = 0; i < n; i++)
		if (strcmp(c[i].name, cmd) == 0)
			kprof_cli_print_usage_line(stderr, &c[i]);
	fprintf(stderr, "(kprof %s --help for more)\n", cmd);
	return KPROF_CLI_EXIT_USAGE;
}

/* ---- input ---- */
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
		unsigned d;
		if (*p >= '0' && *p <= '9')
			d = (unsigned)(*p - '0');
		else if (base == 16 && *p >= 'a' && *p <= 'f')
			d = (unsigned)(*p - 'a' + 10);
		else if (base == 16 && *p >= 'A' && *p <= 'F')
			d = (unsigned)(*p - 'A' + 10);
		else
			return -1;
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
	return strcmp(path, "-") == 0 ? "(standard input)" : path;
}

int kprof_cli_read_file(const char *path, char **data, size_t *len)
{
	int is_stdin = strcmp(path, "-") == 0;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	const char *label = kprof_cli_file_label(path);
	char *buf = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;
	if (!f)
		return kprof_cli_error("%s: %s", label, strerror(errno));
#ifdef _WIN32
	if (is_stdin)
		(void)_setmode(_fileno(stdin),
		               _O_BINARY); /* the bytes as they are, no CRLF folding */
#endif
	for (;;) {
		size_t got;
		if (n == cap) {
			char *p;
			if (cap > KPROF_CLI_INPUT_MAX) {
				rc = kprof_cli_error("%s: larger than %s, the most kprof reads",
				                     label, KPROF_CLI_INPUT_MAX_LABEL);
				break;
			}
			/* Grow to at most one byte past the cap: reading that byte is how we know. */
			cap = cap ? cap * 2 : 65536;
			if (cap > KPROF_CLI_INPUT_MAX)
				cap = KPROF_CLI_INPUT_MAX + 1;
			p = (char *)realloc(buf, cap + 1);
			if (!p) {
				rc = kprof_cli_error("%s: out of memory", label);
				break;
			}
			buf = p;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0) {
			if (ferror(f))
				rc = kprof_cli_error("%s: %s", label, strerror(errno));
			break;
		}
	}
	if (!is_stdin)
		fclose(f);
	if (rc) {
		free(buf);
		return rc;
	}
	buf[n] = 0;
	*data = buf;
	*len = n;
	return 0;
}

int kprof_cli_read_text(const char *path, char **data, size_t *len)
{
	unsigned char *in;
	char *out;
	unsigned long line = 1;
	size_t n, i, cap;
	int rc = kprof_cli_read_file(path, data, len);
	if (rc)
		return rc;
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
