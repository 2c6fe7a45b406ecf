/*
 * main.c: the lsmgen command line. commands[] is the program: each command's name, the
 * options it takes, the pipeline steps it needs, its help and its handler (commands.c).
 * Options are parsed once from optdefs[] straight into struct opts (an option the command
 * does not take is exit 2), judged once by options_judge() (options.c), and every
 * handler builds its model with build_model() (build.c).
 */
#include <stddef.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clang.h"
#include "commands.h"
#include "help.h"
#include "json.h"
#include "supervise.h"
#include "diag.h"

#define LSMGEN_VERSION "0.1.0"

struct optdef {
	const char *name;
	char shortname;
	size_t off;		/* of its field in struct opts: const char *, bool, or an enum */
	const char *const *choices;	/* the enum's names (model.h), or NULL */
	bool takes_arg;
	const char *section;	/* where help lists it */
	const char *arg;	/* its value's name in help */
	const char *help;	/* '\n' continues on the next line of the help column */
};

/* The enum fields the table writes as int. */
_Static_assert(sizeof(enum slots_layout) == sizeof(int) &&
	       sizeof(enum dispatch_layout) == sizeof(int), "enum options are ints");

#define O(f) offsetof(struct opts, f), NULL
#define ENUM(f, names) offsetof(struct opts, f), names

/* Every option and its help; which commands take it is said in commands[]. */
static const struct optdef optdefs[] = {
	{ "hookdefs", 0, O(b.hookdefs), true, "Inputs", "FILE",
	  "the hook table (include/linux/lsm_hook_defs.h)" },
	{ "config", 0, O(b.config), true, "Inputs", "FILE",
	  "a .config, include/config/auto.conf or\ninclude/generated/autoconf.h (by content); "
	  "a\ndirectory: its .config" },
	{ "kernel", 0, O(b.kernel), true, "Inputs", "KDIR",
	  "take KDIR/include/linux/lsm_hook_defs.h, the .config of\nBUILDDIR, and "
	  "KDIR/include/linux/lsm_count.h if present" },
	{ "objtree", 'O', O(objtree), true, "Inputs", "BUILDDIR",
	  "the kernel's build directory (default: KDIR)" },
	{ "all-configs", 0, O(b.layout.all_configs), false, "Inputs", NULL,
	  "no configuration: one output right for every one, each\nhook and slot under its "
	  "#if (MAX_LSM_COUNT, LSM_SLOTS_<hook>\nas sums of IS_ENABLED()), to check into a tree" },
	{ "lsms", 0, O(b.lsms), true, "LSM list", "FILE",
	  "the LSMs that count towards MAX_LSM_COUNT, in JSON:\n{\"gate\": \"CONFIG_SECURITY\", "
	  "\"lsms\": [{\"name\", \"kconfig\"}]}\n(default: the 14 of the kernel's lsm_count.h "
	  "since 6.12)" },
	{ "lsm-count-h", 0, O(b.lsm_count_h), true, "LSM list", "FILE",
	  "every IS_ENABLED(CONFIG_...) entry of a kernel's lsm_count.h" },
	{ "policies", 0, O(b.policies), true, "Dispatch", "FILE",
	  "which hooks get per-slot primitives or an lsmid dispatcher\n(default: built in from "
	  "hookdefs/policies.json)" },
	{ "dispatch", 0, ENUM(b.layout.dispatch, dispatch_names), true, "Dispatch", "keys|switch",
	  "keys (default): a static key per slot, as Linux 6.12+;\nswitch: the 2020 layout, "
	  "slots filled from the last one\nbackwards and a switch on lsm_base_slot_idx.<hook>" },
	{ "abstain-value", 0, O(b.layout.abstain), true, "Dispatch", "EXPR",
	  "int dispatchers skip a result equal to EXPR (-INT_MAX)" },
	{ "runtime-lsm", 0, O(b.layout.runtime_lsm), true, "Dispatch", "NAME",
	  "emit security_toggle_hook() for an LSM whose hooks start\noff and are switched at "
	  "run time (bpf)" },
	{ "slots", 0, ENUM(b.layout.slots, slots_names), true, "Slots", "max|exact",
	  "max (default): MAX_LSM_COUNT slots for every hook;\nexact: one per LSM entry that "
	  "can fill it" },
	{ "impls", 0, O(b.impls), true, "Slots", "FILE",
	  "which LSMs implement which hooks (lsm_hook_impls.json\nschema; lsmgen impls writes "
	  "one)" },
	{ "impls-tree", 0, O(b.impls_tree), true, "Slots", "KEY",
	  "the tree of FILE to use, when it holds several" },
	{ "explain-slots", 0, O(b.explain_slots), true, "Slots", "HOOK",
	  "print which LSMs fill HOOK and why" },
	{ "output", 'o', O(output), true, "Output", "DIR",
	  "where the three files go (created if missing)" },
	{ "manifest", 0, O(manifest), true, "Output", "FILE",
	  "also the model as JSON (hooks, LSMs, costs)" },
	{ "templates", 0, O(templates), true, "Output", "DIR",
	  "render DIR/<file>.tmpl instead of the built-in templates" },
	{ "depfile", 0, O(depfile), true, "Output", "FILE",
	  "a Make-style depfile: every file read (on every\nsuccessful run)" },
	{ "depfile-target", 0, O(depfile_target), true, "Output", "T",
	  "the depfile's target (default: DIR/lsm_count.h)" },
	{ "json", 0, O(json), false, "Output", NULL, "print JSON, for tools" },
	{ "explain", 0, O(explain), false, "Output", NULL,
	  "each LSM, its symbol's value and whether it counts" },
	{ "verbose", 'v', O(verbose), false, "Output", NULL, "say what was written" },
	{ "stat", 0, O(stat), false, "Output", NULL,
	  "the summary only: stale files, lines to add and remove,\nand why" },
	{ "quiet", 'q', O(quiet), false, "Output", NULL,
	  "print nothing: the exit status says it" },
};

#define NOPTDEFS (sizeof(optdefs) / sizeof(*optdefs))

/* The options every command that reads a kernel's inputs takes. */
#define INPUTS "hookdefs config kernel objtree lsms lsm-count-h "
#define SLOTS "slots impls impls-tree explain-slots "
#define DISPATCH "policies dispatch abstain-value runtime-lsm "

static int cmd_help(struct opts *o);

/* The commands: usage and per-command help are printed from here, and only from here. */
static const struct command {
	const char *name;
	const char *operands;	/* in the usage line: "A B", "CMD" */
	unsigned max_operands;
	unsigned needs;		/* the pipeline's steps it needs (build.h) */
	int (*run)(struct opts *o);
	const char *options;	/* the long names of the options it takes */
	const char *summary;	/* its line in lsmgen --help */
	const char *usage;	/* lsmgen help NAME, before its options */
} commands[] = {
	{ "generate", NULL, 0, NEED_ALL, cmd_generate,
	  INPUTS "all-configs " DISPATCH SLOTS
	  "output manifest templates depfile depfile-target verbose",
	  "write lsm_count.h, lsm_static_calls.h and lsm_static_calls.c", usage_generate },
	{ "hooks", NULL, 0, NEED_CONFIG | NEED_HOOKS | NEED_COUNT, cmd_hooks,
	  INPUTS "all-configs " SLOTS "json",
	  "list the hooks the configuration keeps (a table, or --json)", usage_hooks },
	{ "check", NULL, 0, NEED_ALL, cmd_check,
	  INPUTS "all-configs " DISPATCH SLOTS "output manifest templates stat quiet",
	  "exit 1 with a summary and diffs when DIR is not what generate\n"
	  "would write", usage_check },
	{ "count", NULL, 0, NEED_CONFIG | NEED_IMPLS | NEED_COUNT, cmd_count,
	  "config kernel objtree lsms lsm-count-h explain",
	  "print MAX_LSM_COUNT (--explain: each LSM and why it counts)", usage_count },
	{ "diff", "A B", 2, NEED_CONFIG | NEED_HOOKS | NEED_COUNT, cmd_diff,
	  "lsms lsm-count-h policies json",
	  "hooks, defaults, guards and costs that differ between two models", usage_diff },
	{ "stats", NULL, 0, NEED_ALL, cmd_stats, INPUTS SLOTS "dispatch json",
	  "static calls, static keys and table bytes a configuration costs", usage_stats },
	{ "impls", NULL, 0, NEED_TREE_IMPLS, cmd_impls, "kernel lsms lsm-count-h",
	  "scan a kernel's security/ for which LSMs implement which hooks (JSON)", usage_impls },
	{ "help", "CMD", 1, 0, cmd_help, "", "the options of one command", NULL },
};

#define NCOMMANDS (sizeof(commands) / sizeof(*commands))

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

/* True if the space-separated list names has name. */
static bool list_has(const char *names, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = names; (p = strstr(p, name)); p += n)
		if ((p == names || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

/* Help text in two columns: left at 2, right at 26; '\n' in text continues the column. */
static void print_two_columns(const char *left, const char *text)
{
	printf("  %-24s", left);
	if (strlen(left) >= 24)
		printf("\n  %-24s", "");
	for (const char *h = text; *h;) {
		size_t n = strcspn(h, "\n");

		printf("%.*s\n", (int)n, h);
		h += n;
		if (*h == '\n') {
			h++;
			printf("  %-24s", "");
		}
	}
}

static void print_main_help(FILE *f)
{
	fputs(usage_intro, f);
	for (size_t i = 0; i < NCOMMANDS; i++) {
		const struct command *c = &commands[i];
		char left[64];

		snprintf(left, sizeof(left), "%s%s%s", c->name, c->operands ? " " : "",
			 c->operands ? c->operands : "");
		fprintf(f, "  %-10s ", left);
		for (const char *h = c->summary; *h;) {
			size_t n = strcspn(h, "\n");

			fprintf(f, "%.*s\n", (int)n, h);
			h += n;
			if (*h == '\n' && h++)
				fprintf(f, "  %-10s ", "");
		}
	}
	fputs(usage_outro, f);
}

/* An option that reads less for one command than its text in optdefs[] says. */
static const struct {
	const char *cmd, *option, *help;
} narrower_help[] = {
	{ "impls", "kernel", "scan KDIR/security, with the hooks of\n"
	  "KDIR/include/linux/lsm_hook_defs.h (no .config is read)" },
};

static const char *option_help(const struct command *c, const struct optdef *d)
{
	for (size_t i = 0; i < sizeof(narrower_help) / sizeof(*narrower_help); i++)
		if (!strcmp(narrower_help[i].cmd, c->name) &&
		    !strcmp(narrower_help[i].option, d->name))
			return narrower_help[i].help;
	return d->help;
}

/* The command's own text, then, by section, the options it takes. */
static void print_command_help(const struct command *c)
{
	static const char *const sections[] = { "Inputs", "LSM list", "Dispatch", "Slots",
						"Output" };
	size_t n = strlen(c->usage);

	/* the options follow after one blank line */
	while (n > 1 && c->usage[n - 1] == '\n' && c->usage[n - 2] == '\n')
		n--;
	fwrite(c->usage, 1, n, stdout);
	for (size_t k = 0; k < sizeof(sections) / sizeof(*sections); k++) {
		bool header = false;

		for (size_t i = 0; i < NOPTDEFS; i++) {
			const struct optdef *d = &optdefs[i];
			char left[64];

			if (strcmp(d->section, sections[k]) || !list_has(c->options, d->name))
				continue;
			if (!header)
				printf("\n%s:\n", sections[k]);
			header = true;
			if (d->shortname)
				snprintf(left, sizeof(left), "-%c, --%s%s%s", d->shortname, d->name,
					 d->arg ? " " : "", d->arg ? d->arg : "");
			else
				snprintf(left, sizeof(left), "    --%s%s%s", d->name,
					 d->arg ? " " : "", d->arg ? d->arg : "");
			print_two_columns(left, option_help(c, d));
		}
	}
}

static const struct optdef *find_option(const char *a, const char **val)
{
	if (a[0] == '-' && a[1] == '-') {
		const char *eq = strchr(a, '=');
		size_t namelen = eq ? (size_t)(eq - a - 2) : strlen(a + 2);

		*val = eq ? eq + 1 : NULL;
		for (size_t k = 0; k < NOPTDEFS; k++)
			if (strlen(optdefs[k].name) == namelen &&
			    !strncmp(optdefs[k].name, a + 2, namelen))
				return &optdefs[k];
	} else if (a[1] && !a[2]) {
		for (size_t k = 0; k < NOPTDEFS; k++)
			if (optdefs[k].shortname == a[1])
				return &optdefs[k];
	}
	return NULL;
}

/* The enum value of val for an option with choices, or a usage error naming them. */
static int choice(const char *cmd, const struct optdef *d, const char *val)
{
	int k = name_index(d->choices, val);

	if (!k)
		usage_error(cmd, "--%s takes %s or %s, not '%s'", d->name, d->choices[1],
			    d->choices[2], val);
	return k;
}

/* Fill o from argv[2...]: only the options c takes, each once; operands up to c's count. */
static void parse_args(struct opts *o, const struct command *c, int argc, char **argv)
{
	bool seen[NOPTDEFS] = { false };

	for (int i = 2; i < argc; i++) {
		const char *a = argv[i], *val = NULL;
		const struct optdef *d;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			if (c->usage)
				print_command_help(c);
			else
				print_main_help(stdout);
			exit(0);
		}
		if (a[0] != '-' || !a[1]) {
			if ((unsigned)o->nops >= c->max_operands)
				usage_error(o->cmd, "unexpected argument '%s'", a);
			o->ops[o->nops++] = a;
			continue;
		}
		d = find_option(a, &val);
		if (!d || !list_has(c->options, d->name))
			usage_error(o->cmd, "'lsmgen %s' has no option '%s'", o->cmd, a);
		/* which of two values was meant cannot be known: neither wins */
		if (seen[d - optdefs])
			usage_error(o->cmd, "option '--%s' given twice", d->name);
		seen[d - optdefs] = true;
		if (!d->takes_arg) {
			if (val)
				usage_error(o->cmd, "option '--%s' takes no value", d->name);
			*(bool *)((char *)o + d->off) = true;
			continue;
		}
		if (!val) {
			if (i + 1 >= argc)
				usage_error(o->cmd, "option '%s' needs a value", a);
			val = argv[++i];
		}
		if (!*val)
			usage_error(o->cmd, "option '%s' needs a non-empty value", a);
		if (d->choices)
			*(int *)((char *)o + d->off) = choice(o->cmd, d, val);
		else
			*(const char **)((char *)o + d->off) = val;
	}
}

static int cmd_help(struct opts *o)
{
	const struct command *c = o->nops ? find_command(o->ops[0]) : NULL;

	if (!o->nops || !c || !c->usage) {
		if (o->nops && !c) {
			error_at(NULL, 0, 0, "no command '%s'; see 'lsmgen --help'", o->ops[0]);
			return EXIT_USAGE;
		}
		print_main_help(stdout);
		return 0;
	}
	print_command_help(c);
	return 0;
}

/* A full disk or a closed pipe on stdout is an error of the environment, said so. */
static int stdout_status(int rc)
{
	/* whatever the status was (diff's 1 too): the report did not reach its reader */
	if ((fflush(stdout) != 0 || ferror(stdout)) && rc != EXIT_USAGE) {
		error_at("<stdout>", 0, 0, "cannot write: %s", strerror(errno));
		rc = EXIT_USAGE;
	}
	return rc;
}

/* The command, its errors and its stdout: the status it exits with. */
static int run_command(void *arg)
{
	struct opts *o = arg;
	int rc = find_command(o->cmd)->run(o);

	if (rc == 0 && error_count())
		rc = EXIT_INPUT;
	return stdout_status(rc);
}

int main(int argc, char **argv)
{
	struct opts o = { .argc = argc, .argv = argv };
	const struct command *c;
	int rc;

	if (argc < 2) {
		print_main_help(stderr);
		return EXIT_USAGE;
	}
	o.cmd = argv[1];
	if (!strcmp(o.cmd, "-h") || !strcmp(o.cmd, "--help")) {
		print_main_help(stdout);
		return stdout_status(0);
	}
	if (!strcmp(o.cmd, "--version")) {
		char *v = libclang_version();

		printf("lsmgen %s (libclang: %s; jansson %s)\n", LSMGEN_VERSION, v, json_version());
		free(v);
		return stdout_status(0);
	}
	c = find_command(o.cmd);
	if (!c) {
		error_at(NULL, 0, 0, "no command '%s'; see 'lsmgen --help'", o.cmd);
		return EXIT_USAGE;
	}
	parse_args(&o, c, argc, argv);
	if (c->run != cmd_help)
		options_judge(&o, c->needs);
	rc = c->run == cmd_help ? run_command(&o) : run_supervised(run_command, &o);
	for (unsigned i = 0; i < 3; i++)
		free(o.owned[i]);
	return rc;
}
