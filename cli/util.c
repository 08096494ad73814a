/* kprof command: buffered output, JSON strings, errors, option and number parsing. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Called by main() only: write the buffer (exit code 0) or drop it. Returns the exit code. */
int kprof_cli_flush(int rc);
int kprof_cli_flush(int rc)
{
	if (rc == KPROF_CLI_EXIT_OK) {
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

void kprof_cli_json_bytes(const char *s, size_t n)
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
		} else if (c < 0x20 || c >= 0x7F) {
			/* Control bytes and anything outside ASCII: \u00XX keeps the output valid UTF-8
			 * whatever bytes a dump's signature holds. */
			snprintf(esc, sizeof esc, "\\u%04x", c);
			out_append(esc, 6);
		} else {
			out_append((const char *)&c, 1);
		}
	}
	out_append("\"", 1);
}

void kprof_cli_json_string(const char *s)
{
	if (!s)
		kprof_cli_puts("null");
	else
		kprof_cli_json_bytes(s, strlen(s));
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

int kprof_cli_error(const char *fmt, ...)
{
	va_list ap;
	fputs("kprof: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return KPROF_CLI_EXIT_USAGE;
}

int kprof_cli_usage(const char *cmd, const char *fmt, ...)
{
	const kprof_cli_command *c = kprof_cli_find(cmd);
	va_list ap;
	fprintf(stderr, "kprof %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (c)
		fprintf(stderr, "usage: kprof %s%s%s\n", c->name, *c->usage ? " " : "", c->usage);
	fprintf(stderr, "(kprof %s --help for more)\n", cmd);
	return KPROF_CLI_EXIT_USAGE;
}

int kprof_cli_option(const char *cmd, int argc, char **argv, int *i, const char *name,
                     const char **value)
{
	const char *arg = argv[*i];
	size_t n = strlen(name);
	if (strncmp(arg, name, n) != 0)
		return 0;
	if (arg[n] == '=') {
		*value = arg + n + 1;
		return 1;
	}
	if (arg[n] != 0)
		return 0;
	if (*i + 1 >= argc) {
		kprof_cli_usage(cmd, "option %s needs a value", name);
		return -1;
	}
	*i += 1;
	*value = argv[*i];
	return 1;
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

int kprof_cli_read_file(const char *path, char **data, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	if (!f)
		return kprof_cli_error("%s: %s", path, strerror(errno));
	for (;;) {
		size_t got;
		if (cap - n < 4096) {
			char *p;
			cap = cap ? cap * 2 : 65536;
			p = (char *)realloc(buf, cap + 1);
			if (!p) {
				free(buf);
				fclose(f);
				return kprof_cli_error("%s: out of memory", path);
			}
			buf = p;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		int e = errno;
		free(buf);
		fclose(f);
		return kprof_cli_error("%s: %s", path, strerror(e));
	}
	fclose(f);
	buf[n] = 0;
	*data = buf;
	*len = n;
	return 0;
}

static const char *const interface_names[KPROF_INTERFACE_COUNT] = {
        /* indexed by kprof_interface */
        "generic", "default", "emon", "amd64", "intel-later"};

const char *kprof_cli_interface_name(kprof_interface itf)
{
	return (unsigned)itf < KPROF_INTERFACE_COUNT ? interface_names[itf] : "unknown";
}

int kprof_cli_interface_parse(const char *name)
{
	unsigned i;
	for (i = 0; i < KPROF_INTERFACE_COUNT; i++)
		if (strcmp(name, interface_names[i]) == 0)
			return (int)i;
	return -1;
}

uint32_t kprof_cli_default_interval(const kprof_source *s)
{
	return s->interval == KPROF_INTERVAL_TIMER ? KPROF_INTERVAL_TIMER_DEFAULT
	                                           : KPROF_INTERVAL_HARDWARE_DEFAULT;
}

void kprof_cli_source_json(const kprof_source *s, int supported, const kprof_source_counts *counts)
{
	kprof_cli_printf("{\"interface\": \"%s\", \"value\": %u, \"name\": ",
	                 kprof_cli_interface_name((kprof_interface)s->iface), (unsigned)s->value);
	kprof_cli_json_string(kprof_source_name(s));
	kprof_cli_puts(", \"description\": ");
	kprof_cli_json_string(kprof_source_description(s));
	if (s->select)
		kprof_cli_printf(", \"select\": %lu", (unsigned long)s->select);
	else
		kprof_cli_puts(", \"select\": null");
	if (s->ebx_bit >= 0)
		kprof_cli_printf(", \"ebx_bit\": %d", (int)s->ebx_bit);
	else
		kprof_cli_puts(", \"ebx_bit\": null");
	kprof_cli_printf(", \"default_interval\": %lu, \"supported\": %s",
	                 (unsigned long)kprof_cli_default_interval(s), supported > 0 ? "true" : "false");
	if (counts) {
		kprof_cli_puts(", ");
		kprof_cli_counts_json(counts);
	}
	kprof_cli_puts("}");
}
