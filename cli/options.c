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
		snprintf(buf, n, "%s%s", name_of(o), (o->flags & KPROF_CLI_MANY) ? "..." : "");
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
	char s[300], w[304];
	/* Folded to KPROF_CLI_COLUMNS, each further line indented under the first option. */
	size_t indent = strlen("usage: kprof ") + strlen(c->name) + 1, col;
	col = (size_t)fprintf(f, "usage: kprof %s", c->name);
	for (o = c->options; is_row(o); o++) {
		spelling(s, sizeof s, o);
		snprintf(w, sizeof w, (o->flags & KPROF_CLI_REQUIRED) ? "%s" : "[%s]", s);
		if (col + 1 + strlen(w) > KPROF_CLI_COLUMNS && col > indent)
			col = (size_t)fprintf(f, "\n%*s", (int)indent - 1, "") - 1;
		col += (size_t)fprintf(f, " %s", w);
	}
	fputc('\n', f);
}

void kprof_cli_print_help(const kprof_cli_command *c)
{
	const kprof_cli_option *o;
	const char *h;
	char s[300];
	kprof_cli_print_usage_line(stdout, c);
	kprof_cli_printf("%s\n", c->help);
	/* The details as one paragraph, folded to the terminal at the flush. */
	for (h = c->details ? c->details : ""; *h; h++) {
		if (h[0] == '\n' && h[1] == ' ' && h[2] == ' ') {
			kprof_cli_puts(" ");
			h += 2;
		} else {
			kprof_cli_write(h, 1);
		}
	}
	if (!is_row(c->options))
		return;
	kprof_cli_puts("\noptions:\n");
	for (o = c->options; is_row(o); o++) {
		spelling(s, sizeof s, o);
		kprof_cli_printf("  %-20s", s);
		if (strlen(s) >= 20)
			kprof_cli_printf("\n  %-20s", "");
		/* Continuation lines of the help line up under its first. */
		/* One paragraph, folded to the terminal at the flush (cli/util.h) under its first line. */
		for (h = o->help ? o->help : ""; *h; h++)
			kprof_cli_write(*h == '\n' ? " " : h, 1);
		if (o->type == KPROF_CLI_CHOICE && o->metavar) {
			choices(s, sizeof s, o, ", ");
			kprof_cli_printf("\n  %-20s%s: %s", "", o->metavar, s);
		}
		if (o->type == KPROF_CLI_FILE)
			kprof_cli_printf("\n  %-20s(- reads standard input; at most %s)", "",
			       KPROF_CLI_INPUT_MAX_LABEL);
		kprof_cli_puts("\n");
	}
}

/* ---- completion ---- */
/* A row's values as words for a shell, each followed by sep: a choice row's names, or a text
 * row's suggestions (o->choice of a KPROF_CLI_TEXT row: words worth offering, any word taken). */
static void print_values(const kprof_cli_option *o, const char *sep)
{
	const char *name;
	int i;
	for (i = 0; o->choice && (name = o->choice(i)) != NULL; i++)
		if (*name)
			printf("%s%s", name, sep);
}

/* What a shell completes after a row's option (or in its operand's place). */
enum { VALUE_NONE, VALUE_FILE, VALUE_WORDS };
static int value_kind(const kprof_cli_option *o)
{
	if (o->type == KPROF_CLI_FILE)
		return VALUE_FILE;
	if (o->choice && (o->type == KPROF_CLI_CHOICE || o->type == KPROF_CLI_TEXT))
		return VALUE_WORDS;
	return VALUE_NONE;
}

static void print_command_names(const kprof_cli_command *c, size_t n, const char *sep)
{
	size_t i;
	for (i = 0; i < n; i++)
		printf("%s%s", c[i].name, sep);
}

static void print_option_names(const kprof_cli_command *c, const char *sep)
{
	const kprof_cli_option *o;
	for (o = c->options; is_row(o); o++)
		if (!is_operand(o))
			printf("%s%s", name_of(o), sep);
}

/* bash and zsh: one case per command; in it, after an option its values, else the options and
 * an operand's values. The shells differ only in how they offer words and files. */
typedef struct shell_syntax {
	const char *head, *commands_end;    /* around the command names */
	const char *words[2];               /* around an option's values */
	const char *file, *none;            /* after an option that takes a file / another value */
	const char *options[2];             /* around the options offered */
	const char *operand_words[2];       /* around an operand's values */
	const char *operand_file;           /* an operand that is a file */
	const char *tail;
} shell_syntax;

static const shell_syntax bash_syntax = {
        "# bash completion for kprof (kprof --completion bash), generated from its command "
        "table\n_kprof()\n{\n\tlocal cur=${COMP_WORDS[COMP_CWORD]} "
        "prev=${COMP_WORDS[COMP_CWORD-1]}\n\tCOMPREPLY=()\n"
        "\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n\t\tCOMPREPLY=($(compgen -W \"",
        "--help --version\" -- \"$cur\"))\n\t\treturn\n\tfi\n\tcase ${COMP_WORDS[1]} in\n",
        {"COMPREPLY=($(compgen -W \"", "\" -- \"$cur\"));;\n"},
        "COMPREPLY=($(compgen -f -- \"$cur\"));;\n",
        ";;\n",
        {"\t\t*)\n\t\t\tCOMPREPLY=($(compgen -W \"", "--help\" -- \"$cur\"))\n"},
        {"\t\t\t[[ $cur == -* ]] || COMPREPLY+=($(compgen -W \"", "\" -- \"$cur\"))\n"},
        "\t\t\t[[ $cur == -* ]] || COMPREPLY+=($(compgen -f -- \"$cur\"))\n",
        "\tesac\n}\ncomplete -o filenames -F _kprof kprof\n"};

/* zsh: autoloaded from $fpath (#compdef), or sourced (then it registers itself). */
static const shell_syntax zsh_syntax = {
        "#compdef kprof\n# zsh completion for kprof (kprof --completion zsh), generated from its "
        "command table\n_kprof()\n{\n\tlocal cur=${words[CURRENT]} prev=${words[CURRENT-1]}\n"
        "\tif (( CURRENT == 2 )); then\n\t\tcompadd -- ",
        "--help --version\n\t\treturn\n\tfi\n\tcase ${words[2]} in\n",
        {"compadd -- ", ";;\n"},
        "_files;;\n",
        ";;\n",
        {"\t\t*)\n\t\t\tcompadd -- ", "--help\n"},
        {"\t\t\t[[ $cur == -* ]] || compadd -- ", "\n"},
        "\t\t\t[[ $cur == -* ]] || _files\n",
        "\tesac\n}\nif [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then\n\t_kprof \"$@\"\n"
        "elif (( $+functions[compdef] )); then\n\tcompdef _kprof kprof\nfi\n"};

static void completion_case(const shell_syntax *sh, const kprof_cli_command *c, size_t n)
{
	size_t i;
	printf("%s", sh->head);
	print_command_names(c, n, " ");
	printf("%s", sh->commands_end);
	for (i = 0; i < n; i++) {
		const kprof_cli_option *o;
		printf("\t%s)\n\t\tcase $prev in\n", c[i].name);
		for (o = c[i].options; is_row(o); o++) {
			if (is_operand(o) || o->type == KPROF_CLI_FLAG)
				continue;
			printf("\t\t%s) ", name_of(o));
			if (value_kind(o) == VALUE_WORDS) {
				printf("%s", sh->words[0]);
				print_values(o, " ");
				printf("%s", sh->words[1]);
			} else {
				printf("%s", value_kind(o) == VALUE_FILE ? sh->file : sh->none);
			}
		}
		printf("%s", sh->options[0]);
		print_option_names(&c[i], " ");
		printf("%s", sh->options[1]);
		for (o = c[i].options; is_row(o); o++) {
			if (!is_operand(o))
				continue;
			if (value_kind(o) == VALUE_FILE) {
				printf("%s", sh->operand_file);
			} else if (value_kind(o) == VALUE_WORDS) {
				printf("%s", sh->operand_words[0]);
				print_values(o, " ");
				printf("%s", sh->operand_words[1]);
			}
		}
		printf("\t\t\t;;\n\t\tesac\n\t\t;;\n");
	}
	printf("%s", sh->tail);
}

/* fish: one `complete` line per command, option and operand. */
static void completion_fish(const kprof_cli_command *c, size_t n)
{
	size_t i;
	printf("# fish completion for kprof (kprof --completion fish), generated from its command "
	       "table\ncomplete -c kprof -f\n");
	for (i = 0; i < n; i++) {
		const char *h;
		printf("complete -c kprof -n __fish_use_subcommand -a %s -d '", c[i].name);
		for (h = c[i].help; *h; h++) /* a quote or backslash escaped, as fish reads them */
			printf(*h == '\'' || *h == '\\' ? "\\%c" : "%c", *h);
		printf("'\n");
	}
	printf("complete -c kprof -n __fish_use_subcommand -l help -d 'the commands'\n"
	       "complete -c kprof -n __fish_use_subcommand -l version -d 'the version'\n");
	for (i = 0; i < n; i++) {
		const kprof_cli_option *o;
		printf("complete -c kprof -n '__fish_seen_subcommand_from %s' -l help\n", c[i].name);
		for (o = c[i].options; is_row(o); o++) {
			printf("complete -c kprof -n '__fish_seen_subcommand_from %s'", c[i].name);
			if (!is_operand(o))
				printf(" -l %s", name_of(o) + 2);
			/* A value: -r (a file: -F) or -x (a word, no file names). */
			if (o->type != KPROF_CLI_FLAG && !is_operand(o))
				printf(value_kind(o) == VALUE_FILE ? " -r" : " -x");
			if (value_kind(o) == VALUE_FILE) {
				printf(" -F");
			} else if (value_kind(o) == VALUE_WORDS) {
				printf(" -a '");
				print_values(o, " ");
				printf("'");
			}
			printf("\n");
		}
	}
}

int kprof_cli_print_completion(const char *shell, const kprof_cli_command *c, size_t n)
{
	if (strcmp(shell, "bash") == 0)
		completion_case(&bash_syntax, c, n);
	else if (strcmp(shell, "zsh") == 0)
		completion_case(&zsh_syntax, c, n);
	else if (strcmp(shell, "fish") == 0)
		completion_fish(c, n);
	else
		return -1;
	return 0;
}

/* ---- documentation ---- */
/* One character for roff: a hyphen as \-, a backslash as \e, a line-leading . or ' made plain. */
static void roff_char(char ch, int line_start)
{
	if (line_start && (ch == '.' || ch == '\''))
		printf("\\&");
	if (ch == '-')
		printf("\\-");
	else if (ch == '\\')
		printf("\\e");
	else
		putchar(ch);
}

static void roff(const char *s, int line_start)
{
	for (; *s; s++) {
		roff_char(*s, line_start);
		line_start = *s == '\n';
	}
}

/* Help text as roff lines: each line's leading spaces (a details text's indent) dropped, an
 * empty line none. */
static void roff_paragraph(const char *s)
{
	int start = 1;
	for (; *s; s++) {
		if (*s == '\n') {
			if (!start)
				putchar('\n');
			start = 1;
			continue;
		}
		if (start && *s == ' ')
			continue;
		roff_char(*s, start);
		start = 0;
	}
	if (!start)
		putchar('\n');
}

/* One row in roff: --name (bold) and its value (italic, or the choices in bold). */
static void roff_row(const kprof_cli_option *o)
{
	char value[300];
	if (is_operand(o)) {
		printf("\\fI");
		roff(name_of(o), 0);
		printf("\\fR");
		return;
	}
	printf("\\fB");
	roff(name_of(o), 0);
	printf("\\fR");
	if (o->type == KPROF_CLI_FLAG)
		return;
	if (o->type == KPROF_CLI_CHOICE && !o->metavar) {
		choices(value, sizeof value, o, "|");
		printf(" \\fB");
		roff(value, 0);
		printf("\\fR");
	} else {
		printf(" \\fI");
		roff(o->metavar ? o->metavar : "VALUE", 0);
		printf("\\fR");
	}
}

/* Each example of the n commands of c ("ARGUMENTS\tWHAT\n" lines) handed to out as its two
 * parts, NUL-terminated. */
static void for_each_example(const kprof_cli_command *c, size_t n,
                             void (*out)(const char *args, const char *what))
{
	size_t i;
	for (i = 0; i < n; i++) {
		const char *e = c[i].examples;
		while (e && *e) {
			const char *tab = strchr(e, '\t'), *nl = strchr(e, '\n');
			char args[256], what[256];
			if (!tab || !nl || tab > nl)
				break;
			snprintf(args, sizeof args, "%.*s", (int)(tab - e), e);
			snprintf(what, sizeof what, "%.*s", (int)(nl - tab - 1), tab + 1);
			out(args, what);
			e = nl + 1;
		}
	}
}

static void man_example(const char *args, const char *what)
{
	printf(".TP\n.B kprof ");
	roff(args, 0);
	putchar('\n');
	roff(what, 1);
	putchar('\n');
}

static void markdown_example(const char *args, const char *what)
{
	printf("    kprof %s\n        # %s\n", args, what);
}

static void doc_man(const kprof_cli_command *c, size_t n)
{
	size_t i;
	printf(".SH COMMANDS\n");
	for (i = 0; i < n; i++) {
		const kprof_cli_option *o;
		printf(".SS \"");
		roff(c[i].name, 0);
		printf("\"\n.B kprof ");
		roff(c[i].name, 0);
		putchar('\n');
		for (o = c[i].options; is_row(o); o++) {
			printf((o->flags & KPROF_CLI_REQUIRED) ? "" : "[");
			roff_row(o);
			printf((o->flags & KPROF_CLI_REQUIRED) ? "\n" : "]\n");
		}
		printf(".PP\n");
		roff(c[i].help, 1);
		printf(".\n");
		if (c[i].details)
			roff_paragraph(c[i].details);
		for (o = c[i].options; is_row(o); o++) {
			printf(".TP\n");
			roff_row(o);
			putchar('\n');
			roff_paragraph(o->help ? o->help : "");
			if (o->type == KPROF_CLI_CHOICE && o->metavar) {
				char w[300];
				choices(w, sizeof w, o, ", ");
				printf(".I %s\n", o->metavar);
				printf("is one of: ");
				roff(w, 0);
				putchar('\n');
			}
		}
	}
	printf(".SH EXAMPLES\n");
	for_each_example(c, n, man_example);
}

static void doc_markdown(const kprof_cli_command *c, size_t n)
{
	size_t i;
	char s[300];
	for (i = 0; i < n; i++) {
		const kprof_cli_option *o;
		printf("    kprof %s", c[i].name);
		for (o = c[i].options; is_row(o); o++) {
			spelling(s, sizeof s, o);
			printf((o->flags & KPROF_CLI_REQUIRED) ? " %s" : " [%s]", s);
		}
		putchar('\n');
	}
	printf("    kprof --help | kprof COMMAND --help | kprof --version\n\nExamples:\n\n");
	for_each_example(c, n, markdown_example);
}

int kprof_cli_print_doc(const char *format, const kprof_cli_command *c, size_t n)
{
	if (strcmp(format, "man") == 0)
		doc_man(c, n);
	else if (strcmp(format, "markdown") == 0)
		doc_markdown(c, n);
	else
		return -1;
	return 0;
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
		if (*name && kprof_cli_word_eq(name, text))
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
			/* One value per option: a second one is refused, never silently the winner. */
			if (a->value[o->id].set)
				return kprof_cli_usage(c, "%s is given more than once; give it once",
				                       name_of(o));
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
		/* An operand: the next operand row not yet filled, or the one that takes many. */
		for (k = 0; k < nrows; k++)
			if (is_operand(&c->options[k]) &&
			    (!a->value[c->options[k].id].set || (c->options[k].flags & KPROF_CLI_MANY)))
				break;
		if (k == nrows)
			return kprof_cli_usage(c, "unexpected argument '%s'",
			                       kprof_cli_quote(arg));
		if (c->options[k].flags & KPROF_CLI_MANY) {
			kprof_cli_value *v = &a->value[c->options[k].id];
			if (v->num >= KPROF_CLI_MAX_MANY)
				return kprof_cli_usage(c, "more than %d %s", KPROF_CLI_MAX_MANY,
				                       name_of(&c->options[k]));
			a->many[v->num++] = arg;
			v->set = 1;
			v->text = a->many[0];
			continue;
		}
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

const char *kprof_cli_choice_release(int i)
{
	const kprof_hal_release *r;
	if (i < 0 || (uint32_t)i >= KPROF_HAL_RELEASE_COUNT)
		return NULL;
	r = kprof_hal_release_by_id(KPROF_HAL_RELEASE_FIRST + (uint32_t)i);
	return r ? kprof_hal_release_name_get(r) : "";
}

/* The name of source i of all tables in table order, or NULL past the last. */
static const char *source_name_at(int i)
{
	unsigned t;
	for (t = 0; t < KPROF_SOURCE_TABLE_COUNT && i >= 0; t++) {
		size_t n;
		const kprof_source *rows = kprof_source_rows_by_table((kprof_source_table)t, &n);
		if ((size_t)i < n)
			return kprof_source_name_get(&rows[i]);
		i -= (int)n;
	}
	return NULL;
}

const char *kprof_cli_choice_source(int i)
{
	const char *name = source_name_at(i);
	int k;
	for (k = 0; name && k < i; k++)
		if (strcmp(source_name_at(k), name) == 0)
			return ""; /* named already (ProfileTime is in every table) */
	return name;
}
