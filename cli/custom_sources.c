/* listing-check --custom-sources: the custom profile sources a registry file (or
 * `kprof custom-source --format json`) adds, and which of them a machine lists after the
 * restart: a group loads only where its Architecture is the processor's vendor code and its
 * Family and Model (when given) are the processor's (spec/windows.yaml,
 * windows_profile_registry_architecture; kprof_windows_profile_group_get says); each
 * source is listed by its key name with its Interval (default the hardware sources' default)
 * clamped into the hardware interval range, as build 22631 applies it. The value names are
 * the spec's (windows_profile_group_value, windows_profile_source_value). The readers take the file as untrusted text: every line or value they cannot read is
 * refused naming the file and line. */
#include "custom_sources.h"

#include <stdlib.h>
#include <string.h>

#define REG_ROOT "HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Control\\WMI\\ProfileSource\\"
#define GROUPS_MAX 64u
#define NAME_CAP (KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX + 1)

/* The source values every source must have: Event, Unit, Interval. */
#define SOURCE_NEEDS (KPROF_WINDOWS_PROFILE_SOURCE_VALUE_INTERVAL + 1u)

typedef struct group {
	char name[NAME_CAP];
	/* by kprof_windows_profile_group_value; KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY: missing */
	uint32_t value[KPROF_WINDOWS_PROFILE_GROUP_VALUE_MODEL + 1u];
} group;

typedef struct reader {
	const char *path;
	kprof_cli_custom_set *set;
	group groups[GROUPS_MAX];
	size_t ngroups;
	size_t *src_group; /* per source: its group */
	uint8_t (*src_has)[SOURCE_NEEDS];
} reader;

kprof_windows_custom_source_problem kprof_cli_custom_name_problem(const char *name, size_t len)
{
	kprof_windows_custom_source scratch;
	(void)kprof_windows_custom_source_init(&scratch, KPROF_CPUID_VENDOR_INTEL, 0);
	switch (kprof_windows_custom_source_name_set(&scratch, name, len)) {
	case KPROF_OK: return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE;
	case KPROF_E_RANGE: return KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_LONG;
	default:
		return len ? KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_CHARACTER
		           : KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NAME_EMPTY;
	}
}

static int name_ok(const char *s, size_t n)
{
	return kprof_cli_custom_name_problem(s, n) == KPROF_WINDOWS_CUSTOM_SOURCE_PROBLEM_NONE;
}

/* Whether the n bytes at a are the word b, ASCII letters in any case (as the registry compares
 * key and value names). */
static int same_any_case(const char *a, size_t n, const char *b)
{
	return b && strlen(b) == n && kprof_cli_strncaseeq(a, b, n);
}

static int add_group(reader *r, const char *name, size_t n, unsigned long line, size_t *at)
{
	size_t i;
	for (i = 0; i < r->ngroups; i++)
		if (same_any_case(name, n, r->groups[i].name)) {
			*at = i;
			return 0;
		}
	if (!name_ok(name, n))
		return kprof_cli_error_at(r->path, line, 0,
		                          "a group key name of A-Z a-z 0-9 _ . - (at most 127) was expected");
	if (r->ngroups == GROUPS_MAX)
		return kprof_cli_error_at(r->path, line, 0, "more than %u groups", GROUPS_MAX);
	memset(&r->groups[r->ngroups], 0, sizeof r->groups[0]);
	for (i = 0; i < KPROF_CLI_COUNT(r->groups[0].value); i++)
		r->groups[r->ngroups].value[i] = KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY;
	memcpy(r->groups[r->ngroups].name, name, n);
	*at = r->ngroups++;
	return 0;
}

/* A new source of group g, without a name yet. */
static int new_source(reader *r, size_t g, unsigned long line, size_t *at)
{
	kprof_cli_custom_set *s = r->set;
	if (s->n == KPROF_CLI_CUSTOM_MAX)
		return kprof_cli_error_at(r->path, line, 0, "more than %u sources", KPROF_CLI_CUSTOM_MAX);
	memset(&s->src[s->n], 0, sizeof s->src[0]);
	s->src[s->n].line = line;
	s->src[s->n].interval = KPROF_SOURCE_INTERVAL_HARDWARE_DEFAULT; /* 22631 without Interval */
	r->src_group[s->n] = g;
	memset(r->src_has[s->n], 0, sizeof r->src_has[0]);
	*at = s->n++;
	return 0;
}

static int add_source(reader *r, size_t g, const char *name, size_t n, unsigned long line, size_t *at)
{
	kprof_cli_custom_set *s = r->set;
	size_t i;
	for (i = 0; i < s->n; i++)
		if (r->src_group[i] == g && same_any_case(name, n, s->src[i].name)) {
			*at = i;
			return 0;
		}
	if (!name_ok(name, n))
		return kprof_cli_error_at(r->path, line, 0,
		                          "a source key name Windows can list (A-Z a-z 0-9 _ . -, at most "
		                          "127) was expected");
	if ((i = new_source(r, g, line, at)) != 0)
		return (int)i;
	memcpy(s->src[*at].name, name, n);
	return 0;
}

/* Set value `name` (n bytes) of a group (src SIZE_MAX) or a source; other values are kept
 * out (Description, CMask, ...: they change what is counted, not what is listed). */
static void set_value(reader *r, size_t g, size_t src, const char *name, size_t n, uint32_t v)
{
	unsigned k;
	for (k = 0; src == (size_t)-1 && k < KPROF_CLI_COUNT(r->groups[0].value); k++)
		if (same_any_case(name, n, kprof_windows_profile_group_value_name((kprof_windows_profile_group_value)k)))
			r->groups[g].value[k] = v;
	for (k = 0; src != (size_t)-1 && k < SOURCE_NEEDS; k++)
		if (same_any_case(name, n, kprof_windows_profile_source_value_name((kprof_windows_profile_source_value)k))) {
			r->src_has[src][k] = 1;
			if (k == KPROF_WINDOWS_PROFILE_SOURCE_VALUE_INTERVAL)
				r->set->src[src].interval = v;
		}
}

/* ---- the registry file ---- */
static int reg_read(reader *r, const char *text, size_t len)
{
	size_t pos = 0, g = 0, src = (size_t)-1;
	unsigned long line = 0;
	int header = 0, in_key = 0, continued = 0;
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		pos = 3;
	while (pos < len) {
		const char *p = text + pos;
		size_t n = 0, end;
		while (pos + n < len && text[pos + n] != '\n' && text[pos + n] != '\r')
			n++;
		end = pos + n;
		pos = end + (end < len && text[end] == '\r' && end + 1 < len && text[end + 1] == '\n' ? 2 : 1);
		line++;
		while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
			n--;
		while (n && (*p == ' ' || *p == '\t'))
			p++, n--;
		if (continued) { /* a hex value's next line */
			continued = n && p[n - 1] == '\\';
			continue;
		}
		if (n == 0 || p[0] == ';')
			continue;
		if (memchr(p, 0, n))
			return kprof_cli_error_at(r->path, line, 0, "a NUL byte in a registry file");
		if (!header) {
			if (!(n == 36 && memcmp(p, "Windows Registry Editor Version 5.00", 36) == 0) &&
			    !(n == 8 && memcmp(p, "REGEDIT4", 8) == 0))
				return kprof_cli_error_at(r->path, line, 0,
				                          "'Windows Registry Editor Version 5.00' was expected: "
				                          "not a registry file");
			header = 1;
			continue;
		}
		if (p[0] == '[') {
			const size_t root = sizeof REG_ROOT - 1;
			const char *key = p + 1, *slash;
			size_t k = n - 2;
			int rc;
			if (p[n - 1] != ']' || n < 3)
				return kprof_cli_error_at(r->path, line, 0, "a key line ends with ']'");
			in_key = 0;
			src = (size_t)-1;
			/* [-KEY] deletes a key; keys outside ProfileSource are not the sources'. */
			if (key[0] == '-' || k <= root || !same_any_case(key, root, REG_ROOT))
				continue;
			key += root;
			k -= root;
			slash = (const char *)memchr(key, '\\', k);
			rc = add_group(r, key, slash ? (size_t)(slash - key) : k, line, &g);
			if (!rc && slash)
				rc = add_source(r, g, slash + 1, k - (size_t)(slash + 1 - key), line, &src);
			if (rc)
				return rc;
			in_key = 1;
			continue;
		}
		continued = p[n - 1] == '\\';
		if (!in_key)
			continue;
		if (p[0] == '"') {
			const char *q = (const char *)memchr(p + 1, '"', n - 1);
			const char *dw = "=dword:";
			size_t nl, i;
			uint32_t v = 0;
			if (!q)
				return kprof_cli_error_at(r->path, line, 0, "a value name ends with '\"'");
			nl = (size_t)(q - p - 1);
			const size_t rest = (size_t)(p + n - q - 1);
			if (rest >= 7 && memcmp(q + 1, dw, 7) == 0) {
				/* regedit writes 8 digits; fewer read as the same number */
				if (rest == 7 || rest > 7 + 8)
					return kprof_cli_error_at(r->path, line, 0, "dword:XXXXXXXX (1 to 8 hex digits) was expected");
				for (i = 0; i < rest - 7; i++) {
					const int d = kprof_cli_hex_digit(q[8 + i]);
					if (d < 0)
						return kprof_cli_error_at(r->path, line, 0, "dword:XXXXXXXX (1 to 8 hex digits) was expected");
					v = v << 4 | (uint32_t)d;
				}
				set_value(r, g, src, p + 1, nl, v);
			} else if ((size_t)(p + n - q - 1) >= 1 && q[1] == '=') {
				/* another type (a string Description, hex:): Windows reads none of these here,
				 * but a source value of that name would not be a DWORD */
				for (i = 0; i < (src == (size_t)-1 ? KPROF_CLI_COUNT(r->groups[0].value) : SOURCE_NEEDS); i++) {
					const char *vn = src == (size_t)-1
					                         ? kprof_windows_profile_group_value_name((kprof_windows_profile_group_value)i)
					                         : kprof_windows_profile_source_value_name((kprof_windows_profile_source_value)i);
					if (same_any_case(p + 1, nl, vn))
						return kprof_cli_error_at(r->path, line, 0, "%s must be a dword", vn);
				}
			} else {
				return kprof_cli_error_at(r->path, line, 0, "\"Name\"=value was expected");
			}
			continue;
		}
		if (p[0] != '@')
			return kprof_cli_error_at(r->path, line, 0,
			                          "a [key], a \"Name\"=value or a ; comment was expected");
	}
	if (!header)
		return kprof_cli_error("%s: empty: not a registry file", kprof_cli_file_label(r->path));
	return 0;
}

/* ---- the command's JSON (kprof custom-source --format json) ---- */
typedef struct json {
	reader *r;
	const char *s;
	size_t len, pos;
	unsigned long line;
	/* where the value being read sits: keys of the enclosing objects */
	const char *key[4];
	size_t key_len[4];
	unsigned depth;
	size_t src; /* the source object being read */
	unsigned nesting;
} json;

static int json_fail(json *j, const char *what)
{
	return kprof_cli_error_at(j->r->path, j->line, 0, "%s (not kprof custom-source's JSON)", what);
}

static void json_space(json *j)
{
	while (j->pos < j->len && (j->s[j->pos] == ' ' || j->s[j->pos] == '\t' || j->s[j->pos] == '\n' ||
	                           j->s[j->pos] == '\r')) {
		if (j->s[j->pos] == '\n')
			j->line++;
		j->pos++;
	}
}

/* A string without escapes (kprof writes names and keys without any but \\ in the group
 * key, which is skipped as it is). */
static int json_string(json *j, const char **out, size_t *n)
{
	size_t start;
	if (j->pos >= j->len || j->s[j->pos] != '"')
		return json_fail(j, "a string was expected");
	start = ++j->pos;
	while (j->pos < j->len && j->s[j->pos] != '"') {
		if ((unsigned char)j->s[j->pos] < 0x20)
			return json_fail(j, "a control character in a string");
		j->pos += j->s[j->pos] == '\\' ? 2 : 1;
	}
	if (j->pos >= j->len)
		return json_fail(j, "a string does not end");
	*out = j->s + start;
	*n = j->pos++ - start;
	return 0;
}

static int at_path(const json *j, const char *a, const char *b, const char *c)
{
	const char *want[3] = {a, b, c};
	unsigned k, n = c ? 3 : b ? 2 : 1;
	if (j->depth != n)
		return 0;
	for (k = 0; k < n; k++)
		if (want[k][0] != '*' && !same_any_case(j->key[k], j->key_len[k], want[k]))
			return 0;
	return 1;
}

static int json_value(json *j);

static int json_number(json *j)
{
	uint64_t v = 0;
	int digits = 0;
	while (j->pos < j->len && j->s[j->pos] >= '0' && j->s[j->pos] <= '9') {
		v = v * 10u + (uint64_t)(j->s[j->pos++] - '0');
		if (v > 0xFFFFFFFFu)
			return json_fail(j, "a number over 32 bits");
		digits++;
	}
	if (!digits)
		return json_fail(j, "a value was expected");
	if (at_path(j, "group", "values", "*"))
		set_value(j->r, 0, (size_t)-1, j->key[2], j->key_len[2], (uint32_t)v);
	else if (j->src != (size_t)-1 && at_path(j, "sources", "registry", "*"))
		set_value(j->r, 0, j->src, j->key[2], j->key_len[2], (uint32_t)v);
	return 0;
}

static int json_container(json *j, char open)
{
	const char close = open == '{' ? '}' : ']';
	int rc, first = 1;
	j->pos++;
	for (;;) {
		json_space(j);
		if (j->pos < j->len && j->s[j->pos] == close) {
			j->pos++;
			return 0;
		}
		if (!first) {
			if (j->pos >= j->len || j->s[j->pos] != ',')
				return json_fail(j, "',' was expected");
			j->pos++;
			json_space(j);
		}
		first = 0;
		if (open == '{') {
			const char *k;
			size_t kn;
			if ((rc = json_string(j, &k, &kn)) != 0)
				return rc;
			json_space(j);
			if (j->pos >= j->len || j->s[j->pos] != ':')
				return json_fail(j, "':' was expected");
			j->pos++;
			json_space(j);
			if (j->depth == KPROF_CLI_COUNT(j->key)) {
				rc = json_value(j);
			} else {
				j->key[j->depth] = k;
				j->key_len[j->depth++] = kn;
				if (at_path(j, "sources", "name", NULL) && j->src != (size_t)-1) {
					const char *name;
					size_t nn;
					if ((rc = json_string(j, &name, &nn)) != 0)
						return rc;
					if (!name_ok(name, nn))
						return json_fail(j, "a source name Windows can list was expected");
					memcpy(j->r->set->src[j->src].name, name, nn);
				} else {
					rc = json_value(j);
				}
				j->depth--;
			}
		} else {
			/* an element of "sources": one source */
			if (at_path(j, "sources", NULL, NULL) && j->pos < j->len && j->s[j->pos] == '{') {
				size_t at;
				if ((rc = new_source(j->r, 0, j->line, &at)) != 0)
					return rc;
				j->src = at;
				rc = json_value(j);
				if (!rc && !j->r->set->src[at].name[0])
					return json_fail(j, "a source without a name");
				j->src = (size_t)-1;
			} else {
				rc = json_value(j);
			}
		}
		if (rc)
			return rc;
	}
}

static int json_value(json *j)
{
	static const char *const words[3] = {"true", "false", "null"};
	unsigned k;
	json_space(j);
	if (j->pos >= j->len)
		return json_fail(j, "a value was expected");
	if (j->s[j->pos] == '{' || j->s[j->pos] == '[') {
		int rc;
		if (++j->nesting > 32)
			return json_fail(j, "nested too deep");
		rc = json_container(j, j->s[j->pos]);
		j->nesting--;
		return rc;
	}
	if (j->s[j->pos] == '"') {
		const char *s;
		size_t n;
		return json_string(j, &s, &n);
	}
	for (k = 0; k < 3; k++)
		if (j->len - j->pos >= strlen(words[k]) && memcmp(j->s + j->pos, words[k], strlen(words[k])) == 0) {
			j->pos += strlen(words[k]);
			return 0;
		}
	return json_number(j);
}

static int json_read(reader *r, const char *text, size_t len)
{
	json j;
	size_t g;
	int rc;
	memset(&j, 0, sizeof j);
	j.r = r;
	j.s = text;
	j.len = len;
	j.line = 1;
	j.src = (size_t)-1;
	if ((rc = add_group(r, "json", 4, 1, &g)) != 0)
		return rc;
	if ((rc = json_value(&j)) != 0)
		return rc;
	json_space(&j);
	if (j.pos != j.len)
		return json_fail(&j, "text after the JSON object");
	return 0;
}

int kprof_cli_custom_load(const char *path, const kprof_hal_decision *d, kprof_cli_custom_set *out)
{
	reader r;
	uint32_t architecture;
	char *text;
	size_t len, i, start = 0;
	int rc;
	memset(out, 0, sizeof *out);
	memset(&r, 0, sizeof r);
	out->path = path;
	out->src = (kprof_cli_custom_source *)calloc(KPROF_CLI_CUSTOM_MAX, sizeof *out->src);
	r.src_group = (size_t *)calloc(KPROF_CLI_CUSTOM_MAX, sizeof *r.src_group);
	r.src_has = (uint8_t(*)[SOURCE_NEEDS])calloc(KPROF_CLI_CUSTOM_MAX, sizeof *r.src_has);
	if (!out->src || !r.src_group || !r.src_has) {
		free(r.src_group);
		free(r.src_has);
		kprof_cli_custom_free(out);
		kprof_cli_error("out of memory");
		return KPROF_CLI_EXIT_FAILURE;
	}
	r.path = path;
	r.set = out;
	rc = kprof_cli_read_text(path, &text, &len);
	if (!rc) {
		while (start < len && (text[start] == ' ' || text[start] == '\t' || text[start] == '\r' ||
		                       text[start] == '\n'))
			start++;
		rc = start < len && text[start] == '{' ? json_read(&r, text, len) : reg_read(&r, text, len);
		free(text);
	}
	for (i = 0; !rc && i < out->n; i++) {
		const group *g = &r.groups[r.src_group[i]];
		kprof_cli_custom_source *s = &out->src[i];
		unsigned k;
		kprof_windows_profile_group values;
		kprof_status st;
		int loads = 0;
		/* Windows needs Event and Unit; Interval has a default. */
		for (k = 0; k < KPROF_WINDOWS_PROFILE_SOURCE_VALUE_INTERVAL && !rc; k++)
			if (!r.src_has[i][k])
				rc = kprof_cli_error_at(path, s->line, 0, "source %s has no %s value (Windows needs it)",
				                        s->name, kprof_windows_profile_source_value_name((kprof_windows_profile_source_value)k));
		/* The interval as Windows applies it, and whether the group loads on d's processor. */
		if (s->interval < KPROF_SOURCE_INTERVAL_HARDWARE_MIN)
			s->interval = KPROF_SOURCE_INTERVAL_HARDWARE_MIN;
		if (s->interval > KPROF_SOURCE_INTERVAL_HARDWARE_MAX)
			s->interval = KPROF_SOURCE_INTERVAL_HARDWARE_MAX;
		for (k = 0; k < i && !rc; k++)
			if (r.src_group[k] == r.src_group[i] && same_any_case(s->name, strlen(s->name), out->src[k].name))
				rc = kprof_cli_error_at(path, s->line, 0, "source %s is given twice in its group", s->name);
		values.architecture = g->value[KPROF_WINDOWS_PROFILE_GROUP_VALUE_ARCHITECTURE];
		values.family = g->value[KPROF_WINDOWS_PROFILE_GROUP_VALUE_FAMILY];
		values.model = g->value[KPROF_WINDOWS_PROFILE_GROUP_VALUE_MODEL];
		st = rc ? KPROF_OK : kprof_windows_profile_group_get(d, &values, &architecture, &loads);
		if (st == KPROF_E_FORMAT)
			rc = kprof_cli_error_at(path, s->line, 0,
			                        "group %s has a Model but no Family: Windows would ignore the Model "
			                        "and load source %s on every processor; give the group its Family",
			                        g->name, s->name);
		else if (st != KPROF_OK)
			rc = kprof_cli_error("%s: the processor is '%s': the public sources give no registry "
			                     "Architecture value for it, so kprof cannot tell whether a group loads",
			                     kprof_cli_file_label(path), kprof_cli_quote(d->vendor_string));
		s->loads = (uint8_t)loads;
		out->loading += s->loads;
	}
	free(r.src_group);
	free(r.src_has);
	if (rc)
		kprof_cli_custom_free(out);
	return rc;
}

void kprof_cli_custom_free(kprof_cli_custom_set *s)
{
	free(s->src);
	s->src = NULL;
	s->n = 0;
}

void kprof_cli_custom_reset(kprof_cli_custom_set *s)
{
	size_t i;
	for (i = 0; s && i < s->n; i++)
		s->src[i].listed = 0;
}

int kprof_cli_custom_match(kprof_cli_custom_set *s, const kprof_listing_diff *df,
                           const kprof_hal_decision *d)
{
	const kprof_hal_release *rel = kprof_hal_release_by_id(d->release);
	size_t i;
	if (!s || df->kind != KPROF_LISTING_DIFF_KIND_UNKNOWN || !rel ||
	    rel->build < KPROF_WINDOWS_PROFILE_ADD_FIRST_BUILD)
		return KPROF_CLI_CUSTOM_NONE;
	for (i = 0; i < s->n; i++) {
		kprof_cli_custom_source *c = &s->src[i];
		if (!c->loads || c->listed || strlen(c->name) != df->row.name_len ||
		    memcmp(c->name, df->row.name, df->row.name_len) != 0)
			continue;
		c->listed = 1;
		return df->row.interval == c->interval ? KPROF_CLI_CUSTOM_AGREES : KPROF_CLI_CUSTOM_INTERVAL;
	}
	return KPROF_CLI_CUSTOM_NONE;
}

size_t kprof_cli_custom_missing(const kprof_cli_custom_set *s, const kprof_hal_decision *d)
{
	const kprof_hal_release *rel = kprof_hal_release_by_id(d->release);
	size_t i, n = 0;
	for (i = 0; s && i < s->n; i++)
		n += s->src[i].loads && !s->src[i].listed && rel &&
		     rel->build >= KPROF_WINDOWS_PROFILE_ADD_FIRST_BUILD;
	return n;
}
