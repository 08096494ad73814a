/* kprof command: the one option parser, and the usage, help and completion made from a
 * command's rows alone (the command table hands them over; this file never reaches into it). */
#include "options.h"

#include <stdarg.h>
#include <string.h>

static const char *const opt_names[] = {
#define KPROF_CLI_OPT_NAME(id, spelling) spelling,
        KPROF_CLI_OPTIONS(KPROF_CLI_OPT_NAME)
#undef KPROF_CLI_OPT_NAME
};

const char *kprof_cli_opt_name(kprof_cli_opt_id id)
{
	return (unsigned)id < KPROF_CLI_COUNT(opt_names) ? opt_names[id] : NULL;
}

/* A row's spelling ("--json", "FILE"). */
static const char *name_of(const kprof_cli_option *o)
{
	return opt_names[o->id];
}

static int is_operand(const kprof_cli_option *o)
{
	return name_of(o)[0] != '-';
}

/* Whether o is a row (not the end of a command's rows). */
static int is_row(const kprof_cli_option *o)
{
	return o->id != KPROF_CLI_OPT_COUNT;
}

/* A choice row's names joined by sep ("x64|x86") into buf (cut at n bytes). */
static void choices(char *buf, size_t n, const kprof_cli_option *o, const char *sep)
{
	const char *name;
	size_t at = 0;
	int i;
	buf[0] = 0;
	for (i = 0; (name = o->choice(i)) != NULL; i++) {
		int w;
		if (!*name)
			continue;
		w = snprintf(buf + at, n - at, "%s%s", at ? sep : "", name);
		if (w < 0 || (size_t)w >= n - at)
			return;
		at += (size_t)w;
	}
}

/* "--hal x64|x86", "--cpu N", "--json", "FILE": a row as usage and help show it. */
static void spelling(char *buf, size_t n, const kprof_cli_option *o)
{
	char value[256];
	if (is_operand(o) || o->type == KPROF_CLI_FLAG) {
		snprintf(buf, n, "%s", name_of(o));
		return;
	}
	if (o->type == KPROF_CLI_CHOICE && !o->metavar)
		choices(value, sizeof value, o, "|");
	else
		snprintf(value, sizeof value, "%s", o->metavar ? o->metavar : "VALUE");
	snprintf(buf, n, "%s %s", name_of(o), value);
}

void kprof_cli_print_usage_line(FILE *f, const kprof_cli_command *c)
{
	const kprof_cli_option *o;
	char s[300];
	fprintf(f, "usage: kprof %s", c->name);
	for (o = c->options; is_row(o); o++) {
		spelling(s, sizeof s, o);
		fprintf(f, (o->flags & KPROF_CLI_REQUIRED) ? " %s" : " [%s]", s);
	}
	fputc('\n', f);
}

void kprof_cli_print_help(const kprof_cli_command *c)
{
	const kprof_cli_option *o;
	char s[300];
	kprof_cli_print_usage_line(stdout, c);
	printf("%s\n%s", c->help, c->details ? c->details : "");
	if (!is_row(c->options))
		return;
	printf("\noptions:\n");
	for (o = c->options; is_row(o); o++) {
		const char *h;
		spelling(s, sizeof s, o);
		printf("  %-20s", s);
		if (strlen(s) >= 20)
			printf("\n  %-20s", "");
		/* Continuation lines of the help line up under its first. */
		for (h = o->help ? o->help : ""; *h; h++) {
			putchar(*h);
			if (*h == '\n')
				printf("  %-20s", "");
		}
		if (o->type == KPROF_CLI_CHOICE && o->metavar) {
			choices(s, sizeof s, o, ", ");
			printf("\n  %-20s%s: %s", "", o->metavar, s);
		}
		if (o->type == KPROF_CLI_FILE)
			printf("\n  %-20s(- reads standard input; at most %s)", "",
			       KPROF_CLI_INPUT_MAX_LABEL);
		putchar('\n');
	}
}

/* The bash completion script: words for the commands, and per command its options, the
 * choices of a choice option and file names where a file is due. */
void kprof_cli_print_completion(const kprof_cli_command *c, size_t n)
{
	size_t i;
	printf("# bash completion for kprof (kprof --completion bash), generated from its command "
	       "table\n_kprof()\n{\n\tlocal cur=${COMP_WORDS[COMP_CWORD]} "
	       "prev=${COMP_WORDS[COMP_CWORD-1]}\n\tCOMPREPLY=()\n"
	       "\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n\t\tCOMPREPLY=($(compgen -W \"");
	for (i = 0; i < n; i++)
		printf("%s ", c[i].name);
	printf("--help --version\" -- \"$cur\"))\n\t\treturn\n\tfi\n\tcase ${COMP_WORDS[1]} in\n");
	for (i = 0; i < n; i++) {
		const kprof_cli_option *o;
		int files = 0;
		printf("\t%s)\n\t\tcase $prev in\n", c[i].name);
		for (o = c[i].options; is_row(o); o++) {
			if (is_operand(o)) {
				files |= o->type == KPROF_CLI_FILE;
				continue;
			}
			if (o->type == KPROF_CLI_FLAG)
				continue;
			printf("\t\t%s) ", name_of(o));
			if (o->type == KPROF_CLI_CHOICE) {
				char w[300];
				choices(w, sizeof w, o, " ");
				printf("COMPREPLY=($(compgen -W \"%s\" -- \"$cur\"));;\n", w);
			} else if (o->type == KPROF_CLI_FILE) {
				printf("COMPREPLY=($(compgen -f -- \"$cur\"));;\n");
			} else {
				printf(";;\n");
			}
		}
		printf("\t\t*)\n\t\t\tCOMPREPLY=($(compgen -W \"");
		for (o = c[i].options; is_row(o); o++)
			if (!is_operand(o))
				printf("%s ", name_of(o));
		printf("--help\" -- \"$cur\"))\n");
		if (files)
			printf("\t\t\t[[ $cur == -* ]] || COMPREPLY+=($(compgen -f -- "
			       "\"$cur\"))\n");
		printf("\t\t\t;;\n\t\tesac\n\t\t;;\n");
	}
	printf("\tesac\n}\ncomplete -o filenames -F _kprof kprof\n");
}

int kprof_cli_usage(const kprof_cli_command *c, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "kprof %s: ", c->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	kprof_cli_print_usage_line(stderr, c);
	fprintf(stderr, "(kprof %s --help for more)\n", c->name);
	return KPROF_CLI_EXIT_USAGE;
}

/* ---- parsing ---- */
static int choice_parse(const kprof_cli_option *o, const char *text)
{
	const char *name;
	int i;
	for (i = 0; (name = o->choice(i)) != NULL; i++)
		if (*name && strcmp(name, text) == 0)
			return i;
	return -1;
}

static int take(const kprof_cli_command *c, const kprof_cli_option *o, const char *text,
                kprof_cli_value *v)
{
	const char *what = name_of(o);
	if (o->type == KPROF_CLI_NUMBER) {
		if (kprof_cli_parse_u64(text, o->max, &v->num) != 0 || v->num < o->min)
			return kprof_cli_usage(
			        c,
			        "%s '%s' is not a number from %llu to %llu (decimal, or "
			        "hex with 0x)",
			        what, kprof_cli_quote(text), (unsigned long long)o->min,
			        (unsigned long long)o->max);
	} else if (o->type == KPROF_CLI_CHOICE) {
		int i = choice_parse(o, text);
		if (i < 0) {
			char w[300];
			choices(w, sizeof w, o, ", ");
			return kprof_cli_usage(c, "%s '%s' is not one of: %s", what,
			                       kprof_cli_quote(text), w);
		}
		v->num = (uint64_t)i;
	}
	v->set = 1;
	v->text = text;
	return 0;
}

int kprof_cli_parse(const kprof_cli_command *c, int argc, char **argv, kprof_cli_args *a)
{
	const kprof_cli_option *o;
	int i, options_done = 0, rc;
	size_t k, nrows = 0;
	memset(a, 0, sizeof *a);
	a->cmd = c;
	while (is_row(&c->options[nrows]))
		nrows++;
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (!options_done && strcmp(arg, "--") == 0) {
			options_done = 1;
			continue;
		}
		if (!options_done && arg[0] == '-' && arg[1] != 0) {
			const char *eq = strchr(arg, '=');
			size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
			for (k = 0; k < nrows; k++) {
				o = &c->options[k];
				if (!is_operand(o) && strlen(name_of(o)) == len &&
				    strncmp(name_of(o), arg, len) == 0)
					break;
			}
			if (k == nrows) {
				char shown[4 * 256 + 4];
				return kprof_cli_usage(
				        c, "unknown option '%s'",
				        kprof_cli_text_escape(arg, len, shown, sizeof shown));
			}
			if (o->type == KPROF_CLI_FLAG) {
				if (eq)
					return kprof_cli_usage(c, "option %s takes no value",
					                       name_of(o));
				a->value[c->options[k].id].set = 1;
				continue;
			}
			if (!eq && i + 1 >= argc)
				return kprof_cli_usage(c, "option %s needs a value", name_of(o));
			rc = take(c, o, eq ? eq + 1 : argv[++i], &a->value[c->options[k].id]);
			if (rc)
				return rc;
			continue;
		}
		/* An operand: the next operand row not yet filled. */
		for (k = 0; k < nrows; k++)
			if (is_operand(&c->options[k]) && !a->value[c->options[k].id].set)
				break;
		if (k == nrows)
			return kprof_cli_usage(c, "unexpected argument '%s'",
			                       kprof_cli_quote(arg));
		rc = take(c, &c->options[k], arg, &a->value[c->options[k].id]);
		if (rc)
			return rc;
	}
	for (k = 0; k < nrows; k++)
		if ((c->options[k].flags & KPROF_CLI_REQUIRED) && !a->value[c->options[k].id].set)
			return kprof_cli_usage(c, "missing %s", name_of(&c->options[k]));
	return 0;
}

const kprof_cli_value *kprof_cli_opt(const kprof_cli_args *a, kprof_cli_opt_id id)
{
	return &a->value[id];
}

/* ---- choices from kprof.h ---- */
const char *kprof_cli_choice_interface(int i)
{
	return kprof_source_table_name((kprof_source_table)i);
}

const char *kprof_cli_choice_hal(int i)
{
	return kprof_hal_build_name(i);
}
