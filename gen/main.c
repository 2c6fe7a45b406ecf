/* main.c: the lsmgen command line. */
#include <stdarg.h>
#include <stddef.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"
#include "diff.h"
#include "embedded.h"
#include "emit.h"
#include "output.h"
#include "clang.h"
#include "hooktable.h"
#include "lsmcount.h"
#include "json.h"
#include "model.h"
#include "scan.h"
#include "slots.h"
#include "util.h"

#define LSMGEN_VERSION "0.1.0"

extern char **environ;

struct opts {
	const char *cmd;
	const char *hookdefs, *config, *kernel, *objtree;
	const char *lsms, *lsm_count_h;
	const char *output, *manifest, *templates, *depfile, *depfile_target, *policies;
	const char *slots, *impls, *impls_tree, *explain_slots;
	const char *dispatch, *abstain, *runtime_lsm;
	bool json, explain, verbose, stat, quiet;
	int argc;
	char **argv;
	const char *ops[2];	/* diff's operands */
	int nops;
};

static const char usage_main[] =
	"usage: lsmgen COMMAND [OPTIONS]\n"
	"\n"
	"Generate the Linux LSM static-call dispatch code (MAX_LSM_COUNT, the static calls\n"
	"and keys, the packed table and one dispatcher per hook) as plain C, from\n"
	"include/linux/lsm_hook_defs.h and a Kconfig .config.\n"
	"\n"
	"Commands:\n"
	"  generate   write lsm_count.h, lsm_static_calls.h and lsm_static_calls.c\n"
	"  hooks      list the hooks the configuration keeps (a table, or --json)\n"
	"  check      exit 1 with a diff when DIR is not what generate would write\n"
	"  count      print MAX_LSM_COUNT (--explain: each LSM and why it counts)\n"
	"  diff A B   hooks, defaults, guards and costs that differ between two models\n"
	"  stats      static calls, static keys and table bytes a configuration costs\n"
	"  impls      scan a kernel's security/ for which LSMs implement which hooks (JSON)\n"
	"  help CMD   the options of one command\n"
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
	"\n"
	"Write DIR/lsm_count.h, DIR/lsm_static_calls.h and DIR/lsm_static_calls.c. A file\n"
	"whose content would not change is left untouched; changed files are written to a\n"
	"temporary name and renamed into place only when all of them succeeded, so an\n"
	"error leaves DIR as it was.\n"
	"\n";

static const char usage_check[] =
	"usage: lsmgen check (the inputs of generate) -o DIR [--manifest FILE]\n"
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
	"       lsmgen hooks ... --explain-slots HOOK --slots exact [--impls FILE]\n"
	"\n"
	"List the hooks of the table that the configuration keeps, in table order: line,\n"
	"return type, default, name and parameters, and the guard they sit under.\n"
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

static void print_options(const char *cmd);

/* The command's own text, then the options it takes, from optdefs[]. */
static void print_help(const char *cmd)
{
	static const struct {
		const char *name, *text;
	} texts[] = {
		{ "generate", usage_generate }, { "check", usage_check }, { "stats", usage_stats },
		{ "impls", usage_impls }, { "diff", usage_diff }, { "hooks", usage_hooks },
		{ "count", usage_count },
	};

	if (!cmd) {
		fputs(usage_main, stdout);
		return;
	}
	for (size_t i = 0; i < sizeof(texts) / sizeof(*texts); i++) {
		if (!strcmp(cmd, texts[i].name)) {
			size_t n = strlen(texts[i].text);

			/* the options follow after one blank line */
			while (n > 1 && texts[i].text[n - 1] == '\n' && texts[i].text[n - 2] == '\n')
				n--;
			fwrite(texts[i].text, 1, n, stdout);
			print_options(cmd);
			return;
		}
	}
	fprintf(stderr, "lsmgen: error: no command '%s'; see 'lsmgen --help'\n", cmd);
	exit(EXIT_USAGE);
}

static void __attribute__((noreturn, format(printf, 2, 3)))
usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "lsmgen: error: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nsee 'lsmgen help %s'\n", cmd);
	exit(EXIT_USAGE);
}

struct optdef {
	const char *name;
	char shortname;
	const char *cmds;	/* commands that accept it */
	size_t off;		/* of the const char * or bool field in struct opts */
	bool takes_arg;
	const char *section;	/* where help lists it */
	const char *arg;	/* its value's name in help */
	const char *help;	/* '\n' continues on the next line of the help column */
};

#define O(f) offsetof(struct opts, f)

/*
 * Every option: which commands take it (any other command refuses it, exit 2) and its
 * help, which 'lsmgen help CMD' prints for exactly the options CMD takes.
 */
static const struct optdef optdefs[] = {
	{ "hookdefs", 0, "generate check hooks stats", O(hookdefs), true, "Inputs", "FILE",
	  "the hook table (include/linux/lsm_hook_defs.h)" },
	{ "config", 0, "generate check hooks count stats", O(config), true, "Inputs", "FILE",
	  "a .config, include/config/auto.conf or\ninclude/generated/autoconf.h (by content)" },
	{ "kernel", 0, "generate check hooks count stats impls", O(kernel), true, "Inputs", "KDIR",
	  "take KDIR/include/linux/lsm_hook_defs.h, the .config of\nBUILDDIR, and "
	  "KDIR/include/linux/lsm_count.h if present" },
	{ "objtree", 'O', "generate check hooks count stats impls", O(objtree), true, "Inputs",
	  "BUILDDIR", "the kernel's build directory (default: KDIR)" },
	{ "lsms", 0, "generate check count stats diff hooks impls", O(lsms), true, "LSM list", "FILE",
	  "the LSMs that count towards MAX_LSM_COUNT, in JSON:\n{\"gate\": \"CONFIG_SECURITY\", "
	  "\"lsms\": [{\"name\", \"kconfig\"}]}\n(default: the 14 of the kernel's lsm_count.h "
	  "since 6.12)" },
	{ "lsm-count-h", 0, "generate check count stats diff hooks impls", O(lsm_count_h), true,
	  "LSM list", "FILE", "every IS_ENABLED(CONFIG_...) entry of a kernel's lsm_count.h" },
	{ "policies", 0, "generate check diff", O(policies), true, "Dispatch", "FILE",
	  "which hooks get per-slot primitives or an lsmid dispatcher\n(default: built in from "
	  "hookdefs/policies.json)" },
	{ "dispatch", 0, "generate check stats", O(dispatch), true, "Dispatch", "keys|switch",
	  "keys (default): a static key per slot, as Linux 6.12+;\nswitch: the 2020 layout, "
	  "slots filled from the last one\nbackwards and a switch on lsm_base_slot_idx.<hook>" },
	{ "abstain-value", 0, "generate check", O(abstain), true, "Dispatch", "EXPR",
	  "int dispatchers skip a result equal to EXPR (-INT_MAX)" },
	{ "runtime-lsm", 0, "generate check", O(runtime_lsm), true, "Dispatch", "NAME",
	  "emit security_toggle_hook() for an LSM whose hooks start\noff and are switched at "
	  "run time (bpf)" },
	{ "slots", 0, "generate check stats hooks", O(slots), true, "Slots", "max|exact",
	  "max (default): MAX_LSM_COUNT slots for every hook;\nexact: one per LSM entry that "
	  "can fill it" },
	{ "impls", 0, "generate check stats hooks", O(impls), true, "Slots", "FILE",
	  "which LSMs implement which hooks (lsm_hook_impls.json\nschema; lsmgen impls writes "
	  "one)" },
	{ "impls-tree", 0, "generate check stats hooks", O(impls_tree), true, "Slots", "KEY",
	  "the tree of FILE to use, when it holds several" },
	{ "explain-slots", 0, "generate check stats hooks", O(explain_slots), true, "Slots", "HOOK",
	  "print which LSMs fill HOOK and why" },
	{ "output", 'o', "generate check", O(output), true, "Output", "DIR",
	  "where the three files go (created if missing)" },
	{ "manifest", 0, "generate check", O(manifest), true, "Output", "FILE",
	  "also the model as JSON (hooks, LSMs, costs)" },
	{ "templates", 0, "generate check", O(templates), true, "Output", "DIR",
	  "render DIR/<file>.tmpl instead of the built-in templates" },
	{ "depfile", 0, "generate", O(depfile), true, "Output", "FILE",
	  "a Make-style depfile: every file read (on every\nsuccessful run)" },
	{ "depfile-target", 0, "generate", O(depfile_target), true, "Output", "T",
	  "the depfile's target (default: DIR/lsm_count.h)" },
	{ "json", 0, "hooks stats diff", O(json), false, "Output", NULL, "print JSON, for tools" },
	{ "explain", 0, "count", O(explain), false, "Output", NULL,
	  "each LSM, its symbol's value and whether it counts" },
	{ "verbose", 'v', "generate", O(verbose), false, "Output", NULL, "say what was written" },
	{ "stat", 0, "check", O(stat), false, "Output", NULL,
	  "the summary only: stale files, lines to add and remove,\nand why" },
	{ "quiet", 'q', "check", O(quiet), false, "Output", NULL,
	  "print nothing: the exit status says it" },
};

static bool cmd_takes(const char *cmds, const char *cmd)
{
	size_t n = strlen(cmd);

	for (const char *p = cmds; (p = strstr(p, cmd)); p += n)
		if ((p == cmds || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

static void print_options(const char *cmd)
{
	static const char *const sections[] = { "Inputs", "LSM list", "Dispatch", "Slots",
						"Output" };

	for (size_t k = 0; k < sizeof(sections) / sizeof(*sections); k++) {
		bool header = false;

		for (size_t i = 0; i < sizeof(optdefs) / sizeof(*optdefs); i++) {
			const struct optdef *d = &optdefs[i];
			char left[64];

			if (strcmp(d->section, sections[k]) || !cmd_takes(d->cmds, cmd))
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
			printf("  %-24s", left);
			if (strlen(left) >= 24)
				printf("\n  %-24s", "");
			for (const char *h = d->help; *h;) {
				size_t n = strcspn(h, "\n");

				printf("%.*s\n", (int)n, h);
				h += n;
				if (*h == '\n') {
					h++;
					printf("  %-24s", "");
				}
			}
		}
	}
}

static void parse_args(struct opts *o, int argc, char **argv)
{
	bool seen[sizeof(optdefs) / sizeof(*optdefs)] = { false };

	for (int i = 2; i < argc; i++) {
		const char *a = argv[i], *val = NULL;
		const struct optdef *d = NULL;
		size_t namelen = 0;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			print_help(o->cmd);
			exit(0);
		}
		if (a[0] == '-' && a[1] == '-') {
			const char *eq = strchr(a, '=');

			namelen = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
			val = eq ? eq + 1 : NULL;
			for (size_t k = 0; k < sizeof(optdefs) / sizeof(optdefs[0]); k++)
				if (strlen(optdefs[k].name) == namelen &&
				    !strncmp(optdefs[k].name, a + 2, namelen))
					d = &optdefs[k];
		} else if (a[0] == '-' && a[1] && !a[2]) {
			for (size_t k = 0; k < sizeof(optdefs) / sizeof(optdefs[0]); k++)
				if (optdefs[k].shortname == a[1])
					d = &optdefs[k];
		} else if (!strcmp(o->cmd, "diff") && o->nops < 2) {
			o->ops[o->nops++] = a;
			continue;
		} else {
			usage_error(o->cmd, "unexpected argument '%s'", a);
		}
		if (!d || !cmd_takes(d->cmds, o->cmd))
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

/* Resolve --kernel/-O into the input paths, and check that every input was given. */
static void resolve_inputs(struct opts *o, bool need_hookdefs, char **owned, unsigned nowned)
{
	if (o->objtree && !o->kernel)
		usage_error(o->cmd, "-O BUILDDIR goes with --kernel KDIR");
	if (o->lsms && o->lsm_count_h)
		usage_error(o->cmd, "give --lsms or --lsm-count-h, not both");
	if (o->kernel) {
		if (o->hookdefs || o->config)
			usage_error(o->cmd, "--kernel replaces --hookdefs and --config");
		owned[0] = xasprintf("%s/include/linux/lsm_hook_defs.h", o->kernel);
		owned[1] = xasprintf("%s/.config", o->objtree ? o->objtree : o->kernel);
		owned[2] = xasprintf("%s/include/linux/lsm_count.h", o->kernel);
		o->hookdefs = owned[0];
		o->config = owned[1];
		if (!o->lsms && !o->lsm_count_h && exists(owned[2]))
			o->lsm_count_h = owned[2];
		/* a tree built with O=: its .config is in the build directory */
		if (!exists(owned[1]) && !o->objtree)
			usage_error(o->cmd, "%s has no .config: if the kernel is built with O=BUILDDIR, "
				    "give -O BUILDDIR", o->kernel);
	} else if (o->config && is_directory(o->config)) {
		/* --config BUILDDIR: the .config in it, as make O=BUILDDIR writes */
		char *dotconfig = xasprintf("%s/.config", o->config);

		if (exists(dotconfig)) {
			owned[1] = dotconfig;
			o->config = owned[1];
		} else {
			free(dotconfig);
		}
	}
	(void)nowned;
	if (need_hookdefs && !o->hookdefs)
		usage_error(o->cmd, "no hook table: give --hookdefs FILE or --kernel KDIR");
	if (!o->config)
		usage_error(o->cmd, "no configuration: give --config FILE or --kernel KDIR");
}

/* Load the LSM list: --lsms, --lsm-count-h, or the built-in hookdefs/lsms.json. */
static bool load_registry(const struct opts *o, struct model *m)
{
	const struct embedded_file *e = embedded_find("lsms.json");
	struct lsm_registry builtin;

	if (!json_read_registry(&builtin, "hookdefs/lsms.json (built in)", e->data, e->len))
		fatal(EXIT_USAGE, "the built-in LSM list is broken");
	if (!o->lsms && !o->lsm_count_h) {
		m->reg = builtin;
		return true;
	}
	bool ok;

	if (o->lsms) {
		size_t len;
		char *text = read_file(o->lsms, &len);

		ok = text && json_read_registry(&m->reg, o->lsms, text, len);
		free(text);
		strlist_add(&m->deps, o->lsms);
	} else {
		ok = lsmcount_read(&m->reg, o->lsm_count_h, &builtin);
		strlist_add(&m->deps, o->lsm_count_h);
	}
	registry_free(&builtin);
	return ok;
}

/*
 * Implementer facts hold for the hook table they were made from: a newer table (a stable
 * release that backports hooks) has hooks the facts do not know, and too few slots panic
 * the kernel at boot. A list that records its table must match the one being read.
 */
static bool impls_match_table(const char *impls, const struct impls *im, const char *hookdefs,
			      bool exact)
{
	char sha[65];
	unsigned nhooks;
	struct strlist names = { 0 };
	bool ok = hooktable_fingerprint(hookdefs, sha, &nhooks, &names);

	/* a hook the table does not have at all: facts from another kernel */
	for (unsigned i = 0; ok && i < im->n; i++)
		for (unsigned k = 0; ok && k < im->lsms[i].n; k++)
			if (!strlist_has(&names, im->lsms[i].entries[k].hook)) {
				error_at(impls, 0, 0, "LSM '%s' implements '%s', which %s does not "
					 "have: these facts are for another kernel", im->lsms[i].name,
					 im->lsms[i].entries[k].hook, hookdefs);
				ok = false;
			}
	strlist_free(&names);
	if (!ok)
		return false;
	if (!im->table_sha256) {
		if (exact)
			warn_at(impls, 0, 0, "records no hook table (\"_lsm_hook_defs\"): lsmgen "
				"cannot check that its facts are for %s", hookdefs);
		return true;
	}
	if (!strcmp(im->table_sha256, sha))
		return true;
	error_at(impls, 0, 0, "these implementer facts are for another hook table: %s with "
		 "%u hooks (sha256 %.16s...), not %s with %u hooks (sha256 %.16s...); make them "
		 "from this tree with 'lsmgen impls --kernel KDIR'", im->table_file, im->table_hooks,
		 im->table_sha256, hookdefs, nhooks, sha);
	return false;
}

/* --slots exact: per-hook slot counts from --impls; --explain-slots. */
static bool apply_slots(const struct opts *o, const char *slots, struct model *m,
			const struct config *cfg)
{
	struct impls im;

	if (slots && strcmp(slots, "max") && strcmp(slots, "exact"))
		usage_error(o->cmd, "--slots takes max or exact, not '%s'", slots);
	bool exact = slots && !strcmp(slots, "exact");

	if ((exact || o->explain_slots) && !o->impls && !o->kernel)
		usage_error(o->cmd, "--slots exact and --explain-slots need --impls FILE, or "
			    "--kernel KDIR to scan its security/ sources");
	if (!o->impls && !exact && !o->explain_slots)
		return true;
	bool ok;

	if (o->impls) {
		size_t len;
		char *text = read_file(o->impls, &len);

		ok = text && json_read_impls(&im, o->impls, text, len, o->impls_tree);
		free(text);
		strlist_add(&m->deps, o->impls);
		ok = ok && impls_match_table(o->impls, &im, m->hookdefs, exact);
	} else {
		ok = scan_kernel(o->kernel, &m->reg, &im, &m->deps);
	}
	if (ok && exact)
		ok = slots_exact(m, &im, cfg);
	if (ok && o->explain_slots)
		ok = slots_explain(m, &im, cfg, o->explain_slots);
	impls_free(&im);
	return ok;
}

/* --dispatch, --abstain-value, --runtime-lsm. */
static bool apply_dispatch(const struct opts *o, struct model *m)
{
	if (o->dispatch && strcmp(o->dispatch, "keys") && strcmp(o->dispatch, "switch"))
		usage_error(o->cmd, "--dispatch takes keys or switch, not '%s'", o->dispatch);
	m->dispatch_switch = o->dispatch && !strcmp(o->dispatch, "switch");
	if (o->abstain) {
		if (!is_safe_expression(o->abstain))
			usage_error(o->cmd, "--abstain-value '%s' is not a constant expression",
				    o->abstain);
		m->abstain = xstrdup(o->abstain);
	}
	if (o->runtime_lsm) {
		bool known = false;

		for (unsigned i = 0; i < m->reg.n; i++)
			known |= !strcmp(m->reg.lsms[i].name, o->runtime_lsm);
		if (!known)
			usage_error(o->cmd, "--runtime-lsm '%s' is not in the LSM list", o->runtime_lsm);
		if (m->dispatch_switch)
			usage_error(o->cmd, "--runtime-lsm toggles static keys: it needs --dispatch keys");
		m->runtime_lsm = xstrdup(o->runtime_lsm);
	}
	return true;
}

/* Apply the dispatch policies: --policies, or the built-in hookdefs/policies.json. */
static bool load_policies(const struct opts *o, struct model *m)
{
	struct policy_list rules = { 0 };
	bool ok;

	if (!o->policies) {
		const struct embedded_file *e = embedded_find("policies.json");
		const char *source = "hookdefs/policies.json (built in)";

		/* the built-in list serves every kernel: hooks of other tables are fine */
		ok = json_read_policies(&rules, source, e->data, e->len);
		ok &= policy_apply(m, &rules, source, NULL);
		policy_list_free(&rules);
		return ok;
	}
	/* a list of one's own names only hooks of this table: any other is a mistake */
	size_t len;
	struct strlist names = { 0 };
	char sha[65];
	unsigned nhooks;
	char *text = read_file(o->policies, &len);

	ok = text && hooktable_fingerprint(m->hookdefs, sha, &nhooks, &names);
	if (ok) {
		/* the rules that read well are still checked: every mistake in one run */
		ok = json_read_policies(&rules, o->policies, text, len);
		ok &= policy_apply(m, &rules, o->policies, &names);
	}
	policy_list_free(&rules);
	strlist_free(&names);
	free(text);
	strlist_add(&m->deps, o->policies);
	return ok;
}

static int cmd_count(struct opts *o, struct model *m, struct config *cfg)
{
	if (!load_registry(o, m))
		return EXIT_INPUT;
	model_count(m, cfg);
	if (!o->explain) {
		printf("%u\n", m->max_lsm_count);
		return 0;
	}
	printf("MAX_LSM_COUNT = %u", m->max_lsm_count);
	if (m->reg.gate) {
		char *g = config_describe(cfg, m->reg.gate, false);

		printf(" (gate %s%s%s", m->reg.gate, strcmp(g, "is not set") ? "=" : " ", g);
		printf("%s)", config_is_defined(cfg, m->reg.gate) ? "" : ": nothing counts");
		free(g);
	}
	printf("\n%u LSMs listed in %s:\n", m->reg.n, m->reg.source);
	for (unsigned i = 0; i < m->reg.n; i++) {
		const struct lsm *l = &m->reg.lsms[i];
		char *v = config_describe(cfg, l->kconfig, false);
		char *sym = xasprintf("%s%s%s", l->kconfig, strcmp(v, "is not set") ? "=" : " ", v);

		printf("  %-12s %-40s %s\n", l->name, sym, m->counted[i] ? "counted" : "-");
		free(sym);
		free(v);
	}
	return 0;
}

static void print_hooks(const struct model *m)
{
	unsigned nint = model_int_hooks(m);

	for (unsigned i = 0; i < m->nhooks; i++) {
		const struct hook *h = &m->hooks[i];

		printf("%5u  %-4s  %-12s  %s(", h->line, h->ret, h->def, h->name);
		for (unsigned k = 0; k < h->nparams; k++)
			printf("%s%s", k ? ", " : "", h->params[k].decl);
		printf("%s)", h->nparams ? "" : "void");
		if (h->guard)
			printf("  [%s]", h->guard);
		putchar('\n');
	}
	printf("%u hooks: %u int, %u void\n", m->nhooks, nint, m->nhooks - nint);
}

/* Make syntax: spaces and '#' escaped with a backslash, '$' doubled. */
static void put_dep_path(struct buf *b, const char *p)
{
	for (; *p; p++) {
		if (*p == ' ' || *p == '#' || *p == '\\')
			buf_putc(b, '\\');
		if (*p == '$')
			buf_putc(b, '$');
		buf_putc(b, *p);
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The depfile: the target, then every file the run read. */
static void depfile_text(const struct opts *o, struct model *m, struct buf *b)
{
	char *target = o->depfile_target ? xstrdup(o->depfile_target) :
		       xasprintf("%s/lsm_count.h", o->output);

	qsort(m->deps.v, m->deps.n, sizeof(*m->deps.v), cmp_str);
	put_dep_path(b, target);
	buf_putc(b, ':');
	for (unsigned i = 0; i < m->deps.n; i++) {
		if (i && !strcmp(m->deps.v[i], m->deps.v[i - 1]))
			continue;
		buf_puts(b, " \\\n ");
		put_dep_path(b, m->deps.v[i]);
	}
	buf_putc(b, '\n');
	free(target);
}

/*
 * Everything generate writes, and check compares: the generated files, the manifest and
 * the depfile. False (nothing rendered) if a template is wrong.
 */
static bool output_set(const struct opts *o, struct model *m, const struct config *cfg,
		       struct output_set *set, bool with_depfile)
{
	struct outfile *files;
	unsigned nfiles;

	memset(set, 0, sizeof(*set));
	if (!emit_render(m, cfg, o->templates, &files, &nfiles, &m->deps)) {
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
		char *json = json_model(m, cfg, true);

		output_add(set, o->manifest, json, strlen(json), "manifest");
		free(json);
	}
	if (with_depfile && o->depfile) {
		struct buf b = { 0 };

		depfile_text(o, m, &b);
		output_add(set, o->depfile, b.s, b.len, "depfile");
		buf_free(&b);
	}
	return true;
}

/* Print argv as a shell command, with "generate" in place of the command. */
static void print_regenerate(const struct opts *o)
{
	fprintf(stderr, "regenerate with:\n  lsmgen generate");
	for (int i = 2; i < o->argc; i++) {
		const char *a = o->argv[i];
		bool plain = *a != '\0';

		/* how check reports is not part of what generate writes */
		if (!strcmp(a, "--stat") || !strcmp(a, "-q") || !strcmp(a, "--quiet"))
			continue;

		for (const char *p = a; *p; p++)
			if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
				    "-_./=,:+@%", *p))
				plain = false;
		if (plain) {
			fprintf(stderr, " %s", a);
			continue;
		}
		fputs(" '", stderr);
		for (const char *p = a; *p; p++)
			fputs(*p == '\'' ? "'\\''" : (char[2]){ *p, 0 }, stderr);
		fputc('\'', stderr);
	}
	fputc('\n', stderr);
}

static int cmd_check(struct opts *o, struct model *m, struct config *cfg)
{
	bool fresh;

	if (!load_registry(o, m))
		return EXIT_INPUT;
	model_count(m, cfg);
	if (!apply_slots(o, o->slots, m, cfg) || !apply_dispatch(o, m))
		return EXIT_INPUT;
	struct output_set set;

	if (!output_set(o, m, cfg, &set, false))
		return EXIT_INPUT;
	/* why, when the checked-in manifest tells what the files were made from */
	struct model old = { 0 };
	size_t len;
	char *text = NULL;
	bool have_old = false;

	if (o->manifest && !o->quiet && exists(o->manifest)) {
		diag_quiet = true;	/* a stale manifest that does not read just has no why */
		text = read_file(o->manifest, &len);
		have_old = text && json_read_manifest(&old, o->manifest, text, len);
		diag_quiet = false;
	}
	/* one screen first (files, lines, why), then the diffs */
	fresh = output_compare(&set, o->quiet);
	if (!fresh && have_old) {
		struct model_diff d;

		if (!diff_models(&old, m, &d)) {
			printf("\nwhy (%s against this run):\n", o->manifest);
			diff_print(&d);
		}
		diff_free(&d);
	}
	if (!fresh && !o->quiet && !o->stat) {
		fflush(stdout);
		output_diffs(&set);
	}
	free(text);
	model_free(&old);
	output_free(&set);
	if (fresh)
		return 0;
	if (!o->quiet) {
		fprintf(stderr, "lsmgen: %s is stale\n", o->output);
		print_regenerate(o);
	}
	return EXIT_INPUT;
}

static int cmd_stats(struct opts *o, struct model *m, struct config *cfg)
{
	/* --impls alone: max and exact side by side; else the layout the options ask for */
	bool both = o->impls && !o->slots;

	if (!load_registry(o, m) || !apply_dispatch(o, m))
		return EXIT_INPUT;
	model_count(m, cfg);
	struct stats max = model_stats(m), st = max;

	if (!apply_slots(o, both ? "exact" : o->slots, m, cfg))
		return EXIT_INPUT;
	st = model_stats(m);
	if (both && !o->json) {
		printf("%-16s %10s %10s %8s\n", "", "max", "exact", "max/exact");
		printf("%-16s %10lu %10lu %7.2fx\n", "static calls", max.static_calls,
		       st.static_calls, st.static_calls ? (double)max.static_calls / st.static_calls : 0);
		printf("%-16s %10lu %10lu %7.2fx\n", "static keys", max.static_keys, st.static_keys,
		       st.static_keys ? (double)max.static_keys / st.static_keys : 0);
		printf("%-16s %10lu %10lu %7.2fx\n", "table bytes", max.table_bytes, st.table_bytes,
		       st.table_bytes ? (double)max.table_bytes / st.table_bytes : 0);
		return 0;
	}

	if (o->json) {
		char *json = json_stats(&st);

		fputs(json, stdout);
		free(json);
		return 0;
	}
	printf("hooks            %u (%u int, %u void)\n", m->nhooks, model_int_hooks(m),
	       m->nhooks - model_int_hooks(m));
	printf("MAX_LSM_COUNT    %u\n", m->max_lsm_count);
	printf("static calls     %lu\n", st.static_calls);
	printf("static keys      %lu (and as many jump-table entries)\n", st.static_keys);
	printf("table entries    %lu\n", st.table_entries);
	printf("table bytes      %lu (x86-64: %u per struct lsm_static_call)\n", st.table_bytes,
	       LSM_STATIC_CALL_BYTES);
	return 0;
}

/* Load one side of a diff: a manifest, or HOOKDEFS:CONFIG. */
static bool load_side(const struct opts *o, const char *op, struct model *m)
{
	struct stat st;
	const char *colon = strchr(op, ':');

	if (stat(op, &st) == 0 || !colon) {
		size_t len;
		char *text = read_file(op, &len);
		bool ok = text && json_read_manifest(m, op, text, len);

		free(text);
		return ok;
	}
	char *hookdefs = xstrndup(op, (size_t)(colon - op));
	struct config *cfg = config_read(colon + 1);
	bool ok = cfg && load_registry(o, m) && hooktable_read(m, hookdefs, cfg) &&
		  load_policies(o, m);

	if (ok)
		model_count(m, cfg);
	config_free(cfg);
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

	if (o->json) {
		char *json = json_diff(&d, equal);

		fputs(json, stdout);
		free(json);
	} else {
		diff_print(&d);
	}
	diff_free(&d);
	model_free(&a);
	model_free(&b);
	return equal ? 0 : 1;
}

static int cmd_impls(struct opts *o, struct model *m)
{
	struct impls im;

	if (!o->kernel)
		usage_error(o->cmd, "give --kernel KDIR");
	char *table = xasprintf("%s/include/linux/lsm_hook_defs.h", o->kernel);
	char sha[65];
	unsigned nhooks;

	if (!load_registry(o, m) || !scan_kernel(o->kernel, &m->reg, &im, &m->deps) ||
	    !hooktable_fingerprint(table, sha, &nhooks, NULL)) {
		free(table);
		impls_free(&im);
		return EXIT_INPUT;
	}
	free(table);
	im.table_file = xstrdup("include/linux/lsm_hook_defs.h");
	im.table_sha256 = xstrdup(sha);
	im.table_hooks = nhooks;
	char *json = json_impls(&im);

	fputs(json, stdout);
	free(json);
	impls_free(&im);
	return 0;
}

static int cmd_generate(struct opts *o, struct model *m, struct config *cfg)
{

	if (!load_registry(o, m))
		return EXIT_INPUT;
	model_count(m, cfg);
	if (!apply_slots(o, o->slots, m, cfg) || !apply_dispatch(o, m))
		return EXIT_INPUT;
	struct output_set set;

	if (!output_set(o, m, cfg, &set, true))
		return EXIT_INPUT;
	/* an output that is an input, or another output, is refused before anything is written */
	if (!output_refuse_aliases(&set, &m->deps)) {
		output_free(&set);
		return EXIT_USAGE;
	}
	bool ok = make_dirs(o->output) && output_commit(&set, o->verbose);

	output_free(&set);
	if (ok && o->verbose) {
		struct stats st = model_stats(m);

		fprintf(stderr, "MAX_LSM_COUNT %u, %u hooks, %lu static calls, %lu static keys\n",
			m->max_lsm_count, m->nhooks, st.static_calls, st.static_keys);
	}
	return ok ? 0 : EXIT_USAGE;
}

int main(int argc, char **argv)
{
	struct opts o = { 0 };
	char *owned[3] = { 0 };
	struct model m = { 0 };
	int rc;

	if (argc < 2) {
		fputs(usage_main, stderr);
		return EXIT_USAGE;
	}
	o.cmd = argv[1];
	if (!strcmp(o.cmd, "-h") || !strcmp(o.cmd, "--help")) {
		print_help(NULL);
		return 0;
	}
	if (!strcmp(o.cmd, "--version")) {
		char *v = libclang_version();

		printf("lsmgen %s (libclang: %s; jansson %s)\n", LSMGEN_VERSION, v, json_version());
		free(v);
		return 0;
	}
	if (!strcmp(o.cmd, "help")) {
		print_help(argc > 2 ? argv[2] : NULL);
		return 0;
	}
	if (strcmp(o.cmd, "generate") && strcmp(o.cmd, "hooks") && strcmp(o.cmd, "count") &&
	    strcmp(o.cmd, "check") && strcmp(o.cmd, "stats") && strcmp(o.cmd, "diff") &&
	    strcmp(o.cmd, "impls")) {
		fprintf(stderr, "lsmgen: error: no command '%s'; see 'lsmgen --help'\n", o.cmd);
		return EXIT_USAGE;
	}
	o.argc = argc;
	o.argv = argv;
	parse_args(&o, argc, argv);
	if (!strcmp(o.cmd, "diff")) {
		rc = cmd_diff(&o);
		goto out_nocfg;
	}
	if (!strcmp(o.cmd, "impls")) {
		rc = cmd_impls(&o, &m);
		goto out_nocfg;
	}
	resolve_inputs(&o, strcmp(o.cmd, "count") != 0, owned, 3);
	if ((!strcmp(o.cmd, "generate") || !strcmp(o.cmd, "check")) && !o.output)
		usage_error(o.cmd, "no output directory: give -o DIR");

	struct config *cfg = config_read(o.config);

	if (!cfg) {
		rc = EXIT_INPUT;
		goto out;
	}
	strlist_add(&m.deps, o.config);
	m.config = xstrdup(o.config);
	if (!strcmp(o.cmd, "count")) {
		rc = cmd_count(&o, &m, cfg);
		goto out;
	}
	m.hookdefs = xstrdup(o.hookdefs);
	if (!hooktable_read(&m, o.hookdefs, cfg) || !load_policies(&o, &m)) {
		rc = EXIT_INPUT;
		goto out;
	}
	if (!strcmp(o.cmd, "hooks")) {
		if ((o.impls || o.slots) && !o.explain_slots)
			usage_error(o.cmd, "hooks lists the table: --slots and --impls serve "
				    "--explain-slots here (lsmgen stats shows what slots cost)");
		if (o.impls || o.slots) {
			if (!load_registry(&o, &m)) {
				rc = EXIT_INPUT;
				goto out;
			}
			model_count(&m, cfg);
			if (!apply_slots(&o, o.slots, &m, cfg)) {
				rc = EXIT_INPUT;
				goto out;
			}
			if (o.explain_slots) {
				rc = 0;
				goto out;
			}
		}
		if (o.json) {
			char *json = json_model(&m, cfg, false);

			fputs(json, stdout);
			free(json);
		} else {
			print_hooks(&m);
		}
		rc = 0;
	} else if (!strcmp(o.cmd, "check")) {
		rc = cmd_check(&o, &m, cfg);
	} else if (!strcmp(o.cmd, "stats")) {
		rc = cmd_stats(&o, &m, cfg);
	} else {
		rc = cmd_generate(&o, &m, cfg);
	}
out:
	config_free(cfg);
out_nocfg:
	model_free(&m);
	for (unsigned i = 0; i < 3; i++)
		free(owned[i]);
	if (rc == 0 && error_count())
		rc = EXIT_INPUT;
	/* a full disk or a closed pipe on stdout is an error of the environment, said so */
	if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0) {
		error_at("<stdout>", 0, 0, "cannot write: %s", strerror(errno));
		rc = EXIT_USAGE;
	}
	return rc;
}
