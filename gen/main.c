/*
 * main.c: the lsmgen command line. commands[] is the program: each command's name, the
 * options it takes, its help and its handler. Options are parsed once from optdefs[]
 * (an option the command does not take is exit 2), every handler builds its model with
 * build_model() (build.c) and prints or writes what it asks of it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build.h"
#include "config.h"
#include "diff.h"
#include "emit.h"
#include "hooktable.h"
#include "output.h"
#include "report.h"
#include "clang.h"
#include "json.h"
#include "model.h"
#include "scan.h"
#include "supervise.h"
#include "util.h"

#define LSMGEN_VERSION "0.1.0"

/* The command line: the option table writes straight into it (b: what build_model reads). */
struct opts {
	const char *cmd;
	struct build_opts b;
	const char *objtree;
	const char *output, *manifest, *templates, *depfile, *depfile_target;
	bool json, explain, verbose, stat, quiet;
	int argc;
	char **argv;
	const char *ops[2];	/* the command's operands: diff's A and B, help's CMD */
	int nops;
	char *owned[3];		/* paths made from --kernel KDIR and --config DIR */
};

static const char usage_intro[] =
	"usage: lsmgen COMMAND [OPTIONS]\n"
	"\n"
	"Generate the Linux LSM static-call dispatch code (MAX_LSM_COUNT, the static calls\n"
	"and keys, the packed table and one dispatcher per hook) as plain C, from\n"
	"include/linux/lsm_hook_defs.h and a Kconfig .config.\n"
	"\n"
	"Commands:\n";

static const char usage_outro[] =
	"\n"
	"  -h, --help     this text\n"
	"  --version      lsmgen's version and the libclang and jansson it runs on\n"
	"\n"
	"Example:\n"
	"  lsmgen generate --kernel ~/linux -O ~/build -o ~/build/security/lsm\n"
	"\n"
	"Exit status: 0 done; 1 bad input, reported as file:line:col: error: ...;\n"
	"2 usage or environment error.\n";

static const char usage_generate[] =
	"usage: lsmgen generate --hookdefs FILE --config FILE -o DIR [OPTIONS]\n"
	"       lsmgen generate --kernel KDIR [-O BUILDDIR] -o DIR [OPTIONS]\n"
	"       lsmgen generate --all-configs (--hookdefs FILE | --kernel KDIR) -o DIR [OPTIONS]\n"
	"\n"
	"Write DIR/lsm_count.h, DIR/lsm_static_calls.h and DIR/lsm_static_calls.c. A file\n"
	"whose content would not change is left untouched; changed files are written to a\n"
	"temporary name and renamed into place only when all of them succeeded, so an\n"
	"error leaves DIR as it was.\n"
	"\n"
	"--all-configs reads no .config: the files are right for every configuration, to\n"
	"check into a tree (every hook under its #if, MAX_LSM_COUNT and LSM_SLOTS_<hook> as\n"
	"sums of IS_ENABLED(), slot n under #if <count> > n). Every dispatch option works\n"
	"with it; --explain-slots, which explains one configuration, does not.\n"
	"\n";

static const char usage_check[] =
	"usage: lsmgen check (the inputs of generate, or --all-configs) -o DIR [--manifest FILE]\n"
	"\n"
	"Exit 0 when every file in DIR (and the manifest) is exactly what lsmgen generate\n"
	"would write; 1 when any is stale or missing, printing a unified diff of each and the\n"
	"command that regenerates them; 2 on usage errors. Never writes anything.\n"
	"\n";

static const char usage_diff[] =
	"usage: lsmgen diff A B [--json] [--lsms FILE | --lsm-count-h FILE]\n"
	"\n"
	"Compare two models, each a manifest written by generate --manifest, or a hook table\n"
	"and a configuration written HOOKDEFS:CONFIG. Prints MAX_LSM_COUNT, the LSMs counted,\n"
	"hooks added (+), removed (-) and changed (~: return type, default, parameters,\n"
	"guard), and static calls, keys and table bytes. --json prints the same for tools.\n"
	"Exit status, as diff(1): 0 equal, 1 different, 2 any error.\n";

static const char usage_impls[] =
	"usage: lsmgen impls --kernel KDIR [--lsms FILE | --lsm-count-h FILE]\n"
	"\n"
	"Scan KDIR/security: every LSM_HOOK_INIT(hook, function) entry, the LSM that registers\n"
	"it (DEFINE_LSM or DEFINE_EARLY_LSM of its file or directory), the #if condition around\n"
	"it and the Makefile condition of its file; print them as JSON in the schema\n"
	"--impls reads, so CI without the kernel sources can still generate --slots exact.\n";

static const char usage_stats[] =
	"usage: lsmgen stats --hookdefs FILE --config FILE [--slots max|exact] [--impls FILE]\n"
	"                    [--dispatch keys|switch] [--json]\n"
	"\n"
	"What a configuration costs in the kernel image: hooks, MAX_LSM_COUNT, static calls,\n"
	"static keys (and their jump-table entries), table entries and table bytes\n"
	"(x86-64: 32 bytes per struct lsm_static_call), for the layout the options choose.\n"
	"--impls without --slots shows max and exact side by side.\n"
	"\n";

static const char usage_hooks[] =
	"usage: lsmgen hooks --hookdefs FILE --config FILE [--json]\n"
	"       lsmgen hooks --kernel KDIR [-O BUILDDIR] [--json]\n"
	"       lsmgen hooks --all-configs (--hookdefs FILE | --kernel KDIR) [--json]\n"
	"       lsmgen hooks ... --explain-slots HOOK --slots exact [--impls FILE]\n"
	"\n"
	"List the hooks of the table that the configuration keeps (with --all-configs, every\n"
	"hook of every branch), in table order: line, return type, default, name and\n"
	"parameters, and the guard they sit under.\n"
	"--json prints {\"hooks\": [{\"name\", \"ret\", \"default\", \"params\": [{\"type\",\n"
	"\"name\"}], \"guard\", \"line\"}]}.\n"
	"\n";

static const char usage_count[] =
	"usage: lsmgen count --config FILE [--lsms FILE | --lsm-count-h FILE] [--explain]\n"
	"       lsmgen count --kernel KDIR [-O BUILDDIR] [--explain]\n"
	"\n"
	"Print MAX_LSM_COUNT: how many of the listed LSMs the configuration builds in\n"
	"(IS_ENABLED: =y or =m), or 0 when the gate (CONFIG_SECURITY) is not set. There is\n"
	"no ceiling: the kernel's COUNT_ARGS stops at 15, lsmgen does not.\n"
	"--explain lists each LSM, its symbol's value and whether it counted.\n"
	"\n";

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
	{ "all-configs", 0, O(b.all_configs), false, "Inputs", NULL,
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
	{ "dispatch", 0, ENUM(b.dispatch, dispatch_names), true, "Dispatch", "keys|switch",
	  "keys (default): a static key per slot, as Linux 6.12+;\nswitch: the 2020 layout, "
	  "slots filled from the last one\nbackwards and a switch on lsm_base_slot_idx.<hook>" },
	{ "abstain-value", 0, O(b.abstain), true, "Dispatch", "EXPR",
	  "int dispatchers skip a result equal to EXPR (-INT_MAX)" },
	{ "runtime-lsm", 0, O(b.runtime_lsm), true, "Dispatch", "NAME",
	  "emit security_toggle_hook() for an LSM whose hooks start\noff and are switched at "
	  "run time (bpf)" },
	{ "slots", 0, ENUM(b.slots, slots_names), true, "Slots", "max|exact",
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

static int cmd_generate(struct opts *o);
static int cmd_check(struct opts *o);
static int cmd_hooks(struct opts *o);
static int cmd_count(struct opts *o);
static int cmd_diff(struct opts *o);
static int cmd_stats(struct opts *o);
static int cmd_impls(struct opts *o);
static int cmd_help(struct opts *o);

/* The commands: usage and per-command help are printed from here, and only from here. */
static const struct command {
	const char *name;
	const char *operands;	/* in the usage line: "A B", "CMD" */
	unsigned max_operands;
	int (*run)(struct opts *o);
	const char *options;	/* the long names of the options it takes */
	const char *summary;	/* its line in lsmgen --help */
	const char *usage;	/* lsmgen help NAME, before its options */
} commands[] = {
	{ "generate", NULL, 0, cmd_generate,
	  INPUTS "all-configs " DISPATCH SLOTS
	  "output manifest templates depfile depfile-target verbose",
	  "write lsm_count.h, lsm_static_calls.h and lsm_static_calls.c", usage_generate },
	{ "hooks", NULL, 0, cmd_hooks, INPUTS "all-configs " SLOTS "json",
	  "list the hooks the configuration keeps (a table, or --json)", usage_hooks },
	{ "check", NULL, 0, cmd_check,
	  INPUTS "all-configs " DISPATCH SLOTS "output manifest templates stat quiet",
	  "exit 1 with a summary and diffs when DIR is not what generate\n"
	  "would write", usage_check },
	{ "count", NULL, 0, cmd_count, "config kernel objtree lsms lsm-count-h explain",
	  "print MAX_LSM_COUNT (--explain: each LSM and why it counts)", usage_count },
	{ "diff", "A B", 2, cmd_diff, "lsms lsm-count-h policies json",
	  "hooks, defaults, guards and costs that differ between two models", usage_diff },
	{ "stats", NULL, 0, cmd_stats, INPUTS SLOTS "dispatch json",
	  "static calls, static keys and table bytes a configuration costs", usage_stats },
	{ "impls", NULL, 0, cmd_impls, "kernel lsms lsm-count-h",
	  "scan a kernel's security/ for which LSMs implement which hooks (JSON)", usage_impls },
	{ "help", "CMD", 1, cmd_help, "", "the options of one command", NULL },
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

static void __attribute__((noreturn, format(printf, 2, 3)))
usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	char msg[1024];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	exit(usage_report(cmd, "%s", msg));
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
			print_two_columns(left, d->help);
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

static bool is_directory(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* Resolve --kernel/-O and --config DIR into the input paths; check each needed one. */
static void resolve_inputs(struct opts *o, bool need_hookdefs)
{
	if (o->b.all_configs && (o->b.config || o->objtree))
		usage_error(o->cmd, "--all-configs reads no configuration: drop %s",
			    o->b.config ? "--config" : "-O");
	if (o->objtree && !o->b.kernel)
		usage_error(o->cmd, "-O BUILDDIR goes with --kernel KDIR");
	if (o->b.lsms && o->b.lsm_count_h)
		usage_error(o->cmd, "give --lsms or --lsm-count-h, not both");
	if (o->b.kernel) {
		if (o->b.hookdefs || o->b.config)
			usage_error(o->cmd, "--kernel replaces --hookdefs and --config");
		o->owned[0] = xasprintf("%s/include/linux/lsm_hook_defs.h", o->b.kernel);
		o->owned[1] = xasprintf("%s/.config", o->objtree ? o->objtree : o->b.kernel);
		o->owned[2] = xasprintf("%s/include/linux/lsm_count.h", o->b.kernel);
		o->b.hookdefs = o->owned[0];
		o->b.config = o->owned[1];
		if (!o->b.lsms && !o->b.lsm_count_h && exists(o->owned[2]))
			o->b.lsm_count_h = o->owned[2];
		if (o->b.all_configs)
			o->b.config = NULL;
		/* a tree built with O=: its .config is in the build directory */
		else if (!exists(o->owned[1]) && !o->objtree)
			usage_error(o->cmd,
				    "%s has no .config: if the kernel is built with O=BUILDDIR, "
				    "give -O BUILDDIR", o->b.kernel);
	} else if (o->b.config && is_directory(o->b.config)) {
		/* --config BUILDDIR: the .config in it, as make O=BUILDDIR writes */
		char *dotconfig = xasprintf("%s/.config", o->b.config);

		if (exists(dotconfig))
			o->b.config = o->owned[1] = dotconfig;
		else
			free(dotconfig);
	}
	if (need_hookdefs && !o->b.hookdefs)
		usage_error(o->cmd, "no hook table: give --hookdefs FILE or --kernel KDIR");
	if (!o->b.config && !o->b.all_configs)
		usage_error(o->cmd, "no configuration: give --config FILE or --kernel KDIR (or "
			    "--all-configs)");
}

/* The one way a command gets its model: its inputs resolved, then build_model(). */
static int build(struct opts *o, enum build_stage stage, struct model *m)
{
	if (stage >= BUILD_COUNT)
		resolve_inputs(o, stage >= BUILD_HOOKS);
	else if (o->b.lsms && o->b.lsm_count_h)
		usage_error(o->cmd, "give --lsms or --lsm-count-h, not both");
	o->b.cmd = o->cmd;
	o->b.stage = stage;
	return build_model(&o->b, m);
}

/* Print a JSON text made by json.c, and free it. */
static void print_json(char *json)
{
	fputs(json, stdout);
	free(json);
}

static int cmd_count(struct opts *o)
{
	struct model m = { 0 };
	int rc = build(o, BUILD_COUNT, &m);

	if (rc || !o->explain) {
		if (!rc)
			printf("%u\n", m.max_lsm_count);
		model_free(&m);
		return rc;
	}
	report_count(&m);
	model_free(&m);
	return 0;
}

static int cmd_hooks(struct opts *o)
{
	struct model m = { 0 };
	int rc;

	if ((o->b.impls || o->b.slots) && !o->b.explain_slots)
		usage_error(o->cmd, "hooks lists the table: --slots and --impls serve "
			    "--explain-slots here (lsmgen stats shows what slots cost)");
	/* --explain-slots prints while the model is built, and is then all hooks prints */
	rc = build(o, o->b.explain_slots ? BUILD_ALL : BUILD_HOOKS, &m);
	if (!rc && !o->b.explain_slots && o->json)
		print_json(json_model(&m, false));
	else if (!rc && !o->b.explain_slots)
		report_hooks(&m);
	model_free(&m);
	return rc;
}

/*
 * Everything generate writes, and check compares: the generated files, the manifest and
 * the depfile. False (nothing rendered) if a template is wrong.
 */
static bool output_set(const struct opts *o, struct model *m, struct output_set *set,
		       bool with_depfile)
{
	struct outfile *files;
	unsigned nfiles;

	memset(set, 0, sizeof(*set));
	if (!emit_render(m, o->templates, &files, &nfiles, &m->deps)) {
		emit_free(files, nfiles);
		return false;
	}
	for (unsigned i = 0; i < nfiles; i++) {
		char *path = xasprintf("%s/%s", o->output, files[i].name);

		output_add(set, path, files[i].text.s, files[i].text.len, "generated file");
		free(path);
	}
	emit_free(files, nfiles);
	if (o->manifest) {
		char *json = json_model(m, true);

		output_add(set, o->manifest, json, strlen(json), "manifest");
		free(json);
	}
	if (with_depfile && o->depfile) {
		char *target = o->depfile_target ? xstrdup(o->depfile_target) :
			       xasprintf("%s/lsm_count.h", o->output);

		output_add_depfile(set, o->depfile, target, &m->deps);
		free(target);
	}
	return true;
}

static int cmd_generate(struct opts *o)
{
	struct model m = { 0 };
	struct output_set set = { 0 };
	int rc;

	if (!o->output)
		usage_error(o->cmd, "no output directory: give -o DIR");
	rc = build(o, BUILD_ALL, &m);
	if (!rc && !output_set(o, &m, &set, true))
		rc = EXIT_INPUT;
	/* an output that is an input, or another output, is refused before anything is written */
	if (!rc && !output_refuse_aliases(&set, &m.deps))
		rc = EXIT_USAGE;
	struct strlist created = { 0 };

	if (!rc && !(make_dirs(o->output, &created) && output_commit(&set, o->verbose)))
		rc = EXIT_USAGE;
	/* a failed run leaves no directory it made behind, deepest first */
	for (unsigned i = created.n; rc && i-- > 0;)
		rmdir(created.v[i]);
	strlist_free(&created);
	if (!rc && o->verbose) {
		struct stats st = model_stats(&m);

		fprintf(stderr, "MAX_LSM_COUNT %u, %u hooks, %lu static calls, %lu static keys\n",
			m.max_lsm_count, m.nhooks, st.static_calls, st.static_keys);
	}
	output_free(&set);
	model_free(&m);
	return rc;
}

/* Print argv as a shell command, with "generate" in place of the command. */
/* check's "why": what changed since the checked-in manifest was made, if it reads. */
static void print_why(const struct opts *o, const struct model *m)
{
	struct model old = { 0 };
	struct model_diff d;
	size_t len;
	char *text;
	bool have_old;

	diag_quiet = true;	/* a stale manifest that does not read just has no why */
	text = read_file(o->manifest, &len);
	have_old = text && json_read_manifest(&old, o->manifest, text, len);
	diag_quiet = false;
	if (have_old && !diff_models(&old, m, &d)) {
		printf("\nwhy (%s against this run):\n", o->manifest);
		diff_print(&d);
	}
	if (have_old)
		diff_free(&d);
	free(text);
	model_free(&old);
}

static int cmd_check(struct opts *o)
{
	struct model m = { 0 };
	struct output_set set = { 0 };
	bool fresh;
	int rc;

	if (!o->output)
		usage_error(o->cmd, "no output directory: give -o DIR");
	rc = build(o, BUILD_ALL, &m);
	if (!rc && !output_set(o, &m, &set, false))
		rc = EXIT_INPUT;
	if (rc) {
		model_free(&m);
		return rc;
	}
	/* one screen first (files, lines, why), then the diffs */
	fresh = output_compare(&set, o->quiet);
	if (!fresh && !o->quiet && o->manifest && exists(o->manifest))
		print_why(o, &m);
	if (!fresh && !o->quiet && !o->stat) {
		fflush(stdout);
		output_diffs(&set);
	}
	output_free(&set);
	model_free(&m);
	if (fresh)
		return 0;
	if (!o->quiet) {
		fprintf(stderr, "lsmgen: %s is stale\n", o->output);
		report_regenerate(o->argc, o->argv);
	}
	return EXIT_INPUT;
}

static int cmd_stats(struct opts *o)
{
	/* --impls alone: max and exact side by side; else the layout the options ask for */
	bool both = o->b.impls && !o->b.slots;
	struct model m = { 0 };

	if (both)
		o->b.slots = SLOTS_EXACT;
	int rc = build(o, BUILD_ALL, &m);
	struct stats max = model_stats_max(&m), st = model_stats(&m);

	if (rc) {
		/* nothing */
	} else if (both && !o->json) {
		report_stats_both(&max, &st);
	} else if (o->json) {
		print_json(json_stats(&st));
	} else {
		report_stats(&m, &st);
	}
	model_free(&m);
	return rc;
}

/* One side of a diff: a manifest, or HOOKDEFS:CONFIG built as generate would. */
static bool load_side(const struct opts *o, const char *op, struct model *m)
{
	const char *colon = strchr(op, ':');

	if (exists(op) || !colon) {
		size_t len;
		char *text = read_file(op, &len);
		bool ok = text && json_read_manifest(m, op, text, len);

		free(text);
		return ok;
	}
	char *hookdefs = xstrndup(op, (size_t)(colon - op));
	struct opts side = *o;

	side.b.hookdefs = hookdefs;
	side.b.config = colon + 1;
	bool ok = build(&side, BUILD_HOOKS, m) == 0;

	free(side.owned[1]);
	free(hookdefs);
	return ok;
}

static int cmd_diff(struct opts *o)
{
	struct model a = { 0 }, b = { 0 };
	struct model_diff d;

	if (o->nops != 2)
		usage_error(o->cmd, "give two models: manifests or HOOKDEFS:CONFIG");
	if (!load_side(o, o->ops[0], &a) || !load_side(o, o->ops[1], &b)) {
		model_free(&a);
		model_free(&b);
		return EXIT_USAGE;
	}
	bool equal = diff_models(&a, &b, &d);

	if (o->json)
		print_json(json_diff(&d, equal));
	else
		diff_print(&d);
	diff_free(&d);
	model_free(&a);
	model_free(&b);
	return equal ? 0 : 1;
}

static int cmd_impls(struct opts *o)
{
	struct model m = { 0 };
	struct impls im = { 0 };
	char sha[65];
	unsigned nhooks;
	int rc;

	if (!o->b.kernel)
		usage_error(o->cmd, "give --kernel KDIR");
	char *table = xasprintf("%s/include/linux/lsm_hook_defs.h", o->b.kernel);

	rc = build(o, BUILD_LSMS, &m);
	if (!rc && !(scan_kernel(o->b.kernel, &m.reg, &im, &m.deps) &&
		     hooktable_fingerprint(table, sha, &nhooks, NULL)))
		rc = EXIT_INPUT;
	/* the facts name no symbol for an LSM the list lacks: where it counts, MAX slots */
	for (unsigned i = 0; !rc && i < im.n; i++)
		if (im.lsms[i].unlisted && im.lsms[i].name[0] != '?')
			warn_at(im.lsms[i].unlisted, 0, 0,
				"LSM '%s' is not in the LSM list: its hooks keep MAX_LSM_COUNT "
				"slots", im.lsms[i].name);
	if (!rc) {
		im.table_file = xstrdup("include/linux/lsm_hook_defs.h");
		im.table_sha256 = xstrdup(sha);
		im.table_hooks = nhooks;
		print_json(json_impls(&im));
	}
	free(table);
	impls_free(&im);
	model_free(&m);
	return rc;
}

static int cmd_help(struct opts *o)
{
	const struct command *c = o->nops ? find_command(o->ops[0]) : NULL;

	if (!o->nops || !c || !c->usage) {
		if (o->nops && !c) {
			fprintf(stderr, "lsmgen: error: no command '%s'; see 'lsmgen --help'\n",
				o->ops[0]);
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

/*
 * An option that changes nothing in this use is a usage error naming what it needs,
 * never silently ignored.
 */
static void refuse_idle_options(const struct opts *o)
{
	bool generates = !strcmp(o->cmd, "generate") || !strcmp(o->cmd, "check");

	if (o->b.impls_tree && !o->b.impls)
		usage_error(o->cmd, "--impls-tree picks a tree of --impls FILE: give --impls");
	if (o->depfile_target && !o->depfile)
		usage_error(o->cmd, "--depfile-target names the target of --depfile FILE: give "
			    "--depfile");
	if (generates && o->b.impls && o->b.slots != SLOTS_EXACT)
		usage_error(o->cmd, "--impls gives the facts --slots exact counts from: add "
			    "--slots exact");
	if (!strcmp(o->cmd, "hooks") && !o->b.explain_slots && (o->b.lsms || o->b.lsm_count_h))
		usage_error(o->cmd, "hooks lists the table, which no LSM list changes: %s serves "
			    "--explain-slots here", o->b.lsms ? "--lsms" : "--lsm-count-h");
	if (!strcmp(o->cmd, "diff") && (o->b.lsms || o->b.lsm_count_h || o->b.policies) &&
	    o->nops == 2 && !strchr(o->ops[0], ':') && !strchr(o->ops[1], ':'))
		usage_error(o->cmd, "%s applies to a HOOKDEFS:CONFIG side; both sides are "
			    "manifests", o->b.lsms ? "--lsms" : o->b.lsm_count_h ? "--lsm-count-h" :
			    "--policies");
	/* the same policies on both sides cannot show in a diff, which prints differences */
	if (!strcmp(o->cmd, "diff") && o->b.policies && o->nops == 2 &&
	    strchr(o->ops[0], ':') && strchr(o->ops[1], ':') && !exists(o->ops[0]) &&
	    !exists(o->ops[1]))
		usage_error(o->cmd, "--policies would apply to both HOOKDEFS:CONFIG sides alike, "
			    "and diff prints only differences: give it with a manifest on one "
			    "side");
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
		fprintf(stderr, "lsmgen: error: no command '%s'; see 'lsmgen --help'\n", o.cmd);
		return EXIT_USAGE;
	}
	parse_args(&o, c, argc, argv);
	refuse_idle_options(&o);
	rc = c->run == cmd_help ? run_command(&o) : run_supervised(run_command, &o);
	for (unsigned i = 0; i < 3; i++)
		free(o.owned[i]);
	return rc;
}
