/* dump_ref.h - a reference reader of cpuid dumps for the differential harness
 * (fuzz_dump_diff.c): written from the format descriptions (kprof.h's dump section, the
 * issue's list of spellings), with POSIX regular expressions per line and plain arrays,
 * sharing no code with kprof.h. It allocates freely: it is a test oracle, not a library. */
#ifndef DUMP_REF_H
#define DUMP_REF_H

#include <regex.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct ref_rec {
	uint32_t cpu, cpu_id, leaf, subleaf, regs[4], line, flags;
} ref_rec;

typedef struct ref_result {
	ref_rec *rec;
	size_t n, cap;
	int status;    /* 1 (END) or the kprof_status of the error */
	uint32_t line; /* line of the error */
} ref_result;

#define REF_WS "[ \t\v\f]"
#define REF_H8 "([0-9A-Fa-f]{8})"
#define REF_HV "((0[xX])?[0-9A-Fa-f]{1,8})"
#define REF_SEP "(-|" REF_WS "+)"

static regex_t ref_aida, ref_sl, ref_raw, ref_hwloc;
static int ref_ready;

static void ref_init(void)
{
	if (ref_ready)
		return;
	if (regcomp(&ref_aida,
	            "^" REF_WS "*CPUID" REF_WS "+" REF_H8 "(" REF_WS "*:" REF_WS "*|" REF_WS "+)" REF_H8
	            REF_SEP REF_H8 REF_SEP REF_H8 REF_SEP REF_H8 "(" REF_WS "+(\\[.*))?$",
	            REG_EXTENDED) ||
	    regcomp(&ref_sl, "^\\[SL" REF_WS "*([0-9A-Fa-f]{1,8})" REF_WS "*\\]", REG_EXTENDED) ||
	    regcomp(&ref_raw,
	            "^" REF_WS "*0[xX]" REF_H8 "(:|" REF_WS "+0[xX]([0-9A-Fa-f]{1,8}):)" REF_WS
	            "+eax=0x" REF_H8 REF_WS "+ebx=0x" REF_H8 REF_WS "+ecx=0x" REF_H8 REF_WS
	            "+edx=0x" REF_H8 "$",
	            REG_EXTENDED) ||
	    regcomp(&ref_hwloc,
	            "^" REF_WS "*" REF_HV REF_WS "+" REF_HV REF_WS "+" REF_HV REF_WS "+" REF_HV REF_WS
	            "+" REF_HV REF_WS "*=>" REF_WS "*" REF_HV REF_WS "+" REF_HV REF_WS "+" REF_HV
	            REF_WS "+" REF_HV "$",
	            REG_EXTENDED))
		abort();
	ref_ready = 1;
}

static uint32_t ref_hex(const char *s, regmatch_t m)
{
	uint32_t v = 0;
	regoff_t k = m.rm_so;
	if (m.rm_eo - k > 2 && s[k] == '0' && (s[k + 1] == 'x' || s[k + 1] == 'X'))
		k += 2;
	for (; k < m.rm_eo; k++) {
		int c = s[k];
		v = v << 4 | (uint32_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v;
}

static int ref_is_ws(int c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static int ref_is_hex(int c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/* Decimal digits at p, clamped at 0xFFFFFFFE; the count of digits in *nd. */
static uint32_t ref_dec(const char *p, int *nd)
{
	uint64_t v = 0;
	*nd = 0;
	while (p[*nd] >= '0' && p[*nd] <= '9') {
		v = v * 10 + (uint64_t)(p[*nd] - '0');
		if (v > 0xFFFFFFFEu)
			v = 0xFFFFFFFEu;
		(*nd)++;
	}
	return (uint32_t)v;
}

/* 0: not a header; else 1 and *id. s is NUL-terminated and trimmed. */
static int ref_header(const char *s, uint32_t *id)
{
	int nd;
	*id = 0xFFFFFFFFu;
	if (!strncmp(s, "------[", 7) || !strncmp(s, "CPUID Registers", 15)) {
		const char *p = s;
		while ((p = strstr(p, "CPU #")) != NULL) {
			uint32_t v = ref_dec(p + 5, &nd);
			if (nd) {
				*id = v;
				break;
			}
			p++;
		}
		return 1;
	}
	if (!strncmp(s, "CPU#", 4)) {
		*id = ref_dec(s + 4, &nd);
		return nd > 0;
	}
	if (!strncmp(s, "CPU", 3)) {
		const char *p = s + 3;
		uint32_t v;
		while (ref_is_ws(*p))
			p++;
		v = ref_dec(p, &nd);
		if (p[nd] == ':' && p[nd + 1] == 0) {
			*id = nd ? v : 0xFFFFFFFFu;
			return 1;
		}
	}
	return 0;
}

/* 0 none, 1 aida, 2 cpuid -r, 3 hwloc */
static int ref_claim(const char *s)
{
	const char *p = s;
	size_t run = 0;
	while (ref_is_ws(*p))
		p++;
	if (!strncmp(p, "CPUID", 5) && ref_is_ws(p[5])) {
		const char *q = p + 5;
		while (ref_is_ws(*q))
			q++;
		while (ref_is_hex(q[run]))
			run++;
		return run > 0 && (q[run] == 0 || q[run] == ':' || run >= 8) ? 1 : 0;
	}
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		return 2;
	while (ref_is_hex(p[run]))
		run++;
	if (run && ref_is_ws(p[run]) && strstr(p, "=>"))
		return 3;
	return 0;
}

static void ref_push(ref_result *r, const ref_rec *x)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 64;
		r->rec = (ref_rec *)realloc(r->rec, r->cap * sizeof *r->rec);
		if (!r->rec)
			abort();
	}
	r->rec[r->n++] = *x;
}

#define REF_FAIL(st) \
	do { \
		out->status = (st); \
		out->line = line; \
		free(buf); \
		free(seen); \
		return; \
	} while (0)

static void ref_read(const char *text, size_t len, ref_result *out)
{
	size_t pos = 0, nseen = 0;
	uint32_t line = 0, *seen = (uint32_t *)malloc((len + 1) * sizeof *seen);
	char *buf = (char *)malloc(len + 1);
	int fmt = 0, pending = 0;
	int64_t cpu = -1;
	uint32_t cpu_id = 0xFFFFFFFFu, block_n = 0;
	ref_rec prev;
	ref_init();
	memset(out, 0, sizeof *out);
	memset(&prev, 0, sizeof prev);
	if (!buf || !seen)
		abort();
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		pos = 3; /* a UTF-8 byte-order mark before the first line */
	while (pos < len) {
		size_t e = pos, n;
		regmatch_t m[20];
		ref_rec r;
		int kind;
		uint32_t id;
		while (e < len && text[e] != '\n' && text[e] != '\r')
			e++;
		line++;
		if (memchr(text + pos, 0, e - pos))
			REF_FAIL(-14);
		n = e - pos;
		memcpy(buf, text + pos, n);
		buf[n] = 0;
		if (e < len && text[e] == '\r')
			e++;
		if (e < len && text[e] == '\n')
			e++;
		pos = e;
		while (n && (ref_is_ws(buf[n - 1])))
			buf[--n] = 0;
		kind = ref_claim(buf);
		if (!kind) {
			if (ref_header(buf, &id)) {
				pending = 1;
				cpu_id = id;
			}
			continue;
		}
		if (fmt && fmt != kind)
			REF_FAIL(-14);
		memset(&r, 0, sizeof r);
		if (kind == 1) {
			if (regexec(&ref_aida, buf, 20, m, 0))
				REF_FAIL(-14);
			r.leaf = ref_hex(buf, m[1]);
			r.regs[0] = ref_hex(buf, m[3]);
			r.regs[1] = ref_hex(buf, m[5]);
			r.regs[2] = ref_hex(buf, m[7]);
			r.regs[3] = ref_hex(buf, m[9]);
			if (m[11].rm_so >= 0 && !strncmp(buf + m[11].rm_so, "[SL", 3)) {
				regmatch_t t[2];
				if (regexec(&ref_sl, buf + m[11].rm_so, 2, t, 0))
					REF_FAIL(-14);
				r.subleaf = ref_hex(buf + m[11].rm_so, t[1]);
				r.flags = 1;
			}
		} else if (kind == 2) {
			if (regexec(&ref_raw, buf, 20, m, 0))
				REF_FAIL(-14);
			r.leaf = ref_hex(buf, m[1]);
			if (m[3].rm_so >= 0) {
				r.subleaf = ref_hex(buf, m[3]);
				r.flags = 1;
			}
			r.regs[0] = ref_hex(buf, m[4]);
			r.regs[1] = ref_hex(buf, m[5]);
			r.regs[2] = ref_hex(buf, m[6]);
			r.regs[3] = ref_hex(buf, m[7]);
		} else {
			uint32_t v[9];
			int k;
			if (regexec(&ref_hwloc, buf, 20, m, 0))
				REF_FAIL(-14);
			for (k = 0; k < 9; k++)
				v[k] = ref_hex(buf, m[1 + 2 * k]);
			if (!(v[0] & 1) || v[0] > 15)
				REF_FAIL(-14);
			r.leaf = v[1];
			r.subleaf = v[0] & 4 ? v[3] : 0;
			memcpy(r.regs, v + 5, sizeof r.regs);
			r.flags = 1;
		}
		fmt = kind;
		if (!pending && block_n && r.flags == 1 && r.leaf == prev.leaf && r.subleaf == prev.subleaf &&
		    !memcmp(r.regs, prev.regs, sizeof r.regs))
			continue;
		if (cpu < 0 || pending || (r.leaf == 0 && r.subleaf == 0 && block_n)) {
			cpu++;
			if (!pending)
				cpu_id = 0xFFFFFFFFu;
			pending = 0;
			block_n = 0;
			nseen = 0;
		}
		if (block_n && r.leaf == prev.leaf) {
			if (!r.flags) {
				if (prev.subleaf == 0xFFFFFFFFu)
					REF_FAIL(-4);
				r.subleaf = prev.subleaf + 1;
				r.flags = 2;
			} else if (r.subleaf <= prev.subleaf) {
				REF_FAIL(-10);
			}
		} else if ((r.leaf & 0x3FFFFFFFu) < 0x80) {
			size_t k;
			for (k = 0; k < nseen; k++)
				if (seen[k] == r.leaf)
					REF_FAIL(-10);
			seen[nseen++] = r.leaf;
		}
		r.cpu = (uint32_t)cpu;
		r.cpu_id = cpu_id;
		r.line = line;
		prev = r;
		block_n++;
		ref_push(out, &r);
	}
	if (!out->n)
		REF_FAIL(-14);
	out->status = 1;
	free(buf);
	free(seen);
}

#endif
