/* main.c: the lsmgen command line. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "embedded.h"
#include "emit.h"
#include "hooktable.h"
#include "json.h"
#include "model.h"
#include "util.h"

#define LSMGEN_VERSION "0.1.0"

struct opts {
	const char *cmd;
	const char *hookdefs, *config, *kernel, *objtree;
	const char *lsms, *lsm_count_h;
	const char *output, *manifest, *templates;
	bool json, explain, verbose;
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
	"  count      print MAX_LSM_COUNT (--explain: each LSM and why it counts)\n"
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

static const char usage_inputs[] =
	"Inputs:\n"
	"  --hookdefs FILE     the hook table (include/linux/lsm_hook_defs.h)\n"
	"  --config FILE       a .config, include/config/auto.conf or\n"
	"                      include/generated/autoconf.h (detected by content)\n"
	"  --kernel KDIR       take KDIR/include/linux/lsm_hook_defs.h, the .config of\n"
	"                      BUILDDIR, and KDIR/include/linux/lsm_count.h if present\n"
	"  -O BUILDDIR         the kernel's build directory (default: KDIR)\n";

static const char usage_lsms[] =
	"The LSMs that count towards MAX_LSM_COUNT (default: the 14 of the kernel's\n"
	"lsm_count.h since 6.12, built in from hookdefs/lsms.json):\n"
	"  --lsms FILE         an LSM list in JSON: {\"gate\": \"CONFIG_SECURITY\",\n"
	"                      \"lsms\": [{\"name\": \"selinux\", \"kconfig\": \"CONFIG_...\"}]}\n"
	"  --lsm-count-h FILE  every IS_ENABLED(CONFIG_...) entry of a kernel's lsm_count.h\n";

static const char usage_generate[] =
	"usage: lsmgen generate --hookdefs FILE --config FILE -o DIR [OPTIONS]\n"
	"       lsmgen generate --kernel KDIR [-O BUILDDIR] -o DIR [OPTIONS]\n"
	"\n"
	"Write DIR/lsm_count.h, DIR/lsm_static_calls.h and DIR/lsm_static_calls.c. A file\n"
	"whose content would not change is left untouched; changed files are written to a\n"
	"temporary name and renamed into place only when all of them succeeded, so an\n"
	"error leaves DIR as it was.\n"
	"\n";

static const char usage_generate_opts[] =
	"\nOutput:\n"
	"  -o, --output DIR    where to write (created if missing)\n"
	"  --manifest FILE     also write the model as JSON (hooks, LSMs, MAX_LSM_COUNT)\n"
	"  --templates DIR     render DIR/<file>.tmpl instead of the built-in templates\n"
	"  -v, --verbose       say what was written\n";

static const char usage_hooks[] =
	"usage: lsmgen hooks --hookdefs FILE --config FILE [--json]\n"
	"       lsmgen hooks --kernel KDIR [-O BUILDDIR] [--json]\n"
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

static void print_help(const char *cmd)
{
	if (!cmd) {
		fputs(usage_main, stdout);
	} else if (!strcmp(cmd, "generate")) {
		printf("%s%s\n%s%s", usage_generate, usage_inputs, usage_lsms, usage_generate_opts);
	} else if (!strcmp(cmd, "hooks")) {
		printf("%s%s", usage_hooks, usage_inputs);
	} else if (!strcmp(cmd, "count")) {
		printf("%s%s\n%s", usage_count, usage_inputs, usage_lsms);
	} else {
		fprintf(stderr, "lsmgen: error: no command '%s'; see 'lsmgen --help'\n", cmd);
		exit(EXIT_USAGE);
	}
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
};

#define O(f) offsetof(struct opts, f)

static const struct optdef optdefs[] = {
	{ "hookdefs", 0, "generate hooks", O(hookdefs), true },
	{ "config", 0, "generate hooks count", O(config), true },
	{ "kernel", 0, "generate hooks count", O(kernel), true },
	{ "objtree", 'O', "generate hooks count", O(objtree), true },
	{ "lsms", 0, "generate count", O(lsms), true },
	{ "lsm-count-h", 0, "generate count", O(lsm_count_h), true },
	{ "output", 'o', "generate", O(output), true },
	{ "manifest", 0, "generate", O(manifest), true },
	{ "templates", 0, "generate", O(templates), true },
	{ "json", 0, "hooks", O(json), false },
	{ "explain", 0, "count", O(explain), false },
	{ "verbose", 'v', "generate", O(verbose), false },
};

static bool cmd_takes(const char *cmds, const char *cmd)
{
	size_t n = strlen(cmd);

	for (const char *p = cmds; (p = strstr(p, cmd)); p += n)
		if ((p == cmds || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

static void parse_args(struct opts *o, int argc, char **argv)
{
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
		} else {
			usage_error(o->cmd, "unexpected argument '%s'", a);
		}
		if (!d || !cmd_takes(d->cmds, o->cmd))
			usage_error(o->cmd, "'lsmgen %s' has no option '%s'", o->cmd, a);
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
		char *g = config_describe(cfg, m->reg.gate);

		printf(" (gate %s%s%s", m->reg.gate, strcmp(g, "is not set") ? "=" : " ", g);
		printf("%s)", config_is_defined(cfg, m->reg.gate) ? "" : ": nothing counts");
		free(g);
	}
	printf("\n%u LSMs listed in %s:\n", m->reg.n, m->reg.source);
	for (unsigned i = 0; i < m->reg.n; i++) {
		const struct lsm *l = &m->reg.lsms[i];
		char *v = config_describe(cfg, l->kconfig);
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

static int cmd_generate(struct opts *o, struct model *m, struct config *cfg)
{
	struct outfile *files;
	unsigned nfiles;

	if (!load_registry(o, m))
		return EXIT_INPUT;
	model_count(m, cfg);
	if (!emit_render(m, cfg, o->templates, &files, &nfiles, &m->deps)) {
		emit_free(files, nfiles);
		return EXIT_INPUT;
	}
	bool ok = emit_write(o->output, files, nfiles, o->verbose);

	emit_free(files, nfiles);
	if (ok && o->manifest) {
		char *json = json_model(m, cfg, true);
		bool changed;

		ok = write_file_atomic(o->manifest, json, strlen(json), &changed);
		if (ok && o->verbose)
			fprintf(stderr, "%s: %s\n", o->manifest, changed ? "written" : "unchanged");
		free(json);
	}
	if (ok && o->verbose)
		fprintf(stderr, "MAX_LSM_COUNT %u, %u hooks, %u static calls and keys\n",
			m->max_lsm_count, m->nhooks, m->nhooks * m->max_lsm_count);
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
	if (strcmp(o.cmd, "generate") && strcmp(o.cmd, "hooks") && strcmp(o.cmd, "count")) {
		fprintf(stderr, "lsmgen: error: no command '%s'; see 'lsmgen --help'\n", o.cmd);
		return EXIT_USAGE;
	}
	parse_args(&o, argc, argv);
	resolve_inputs(&o, strcmp(o.cmd, "count") != 0, owned, 3);
	if (!strcmp(o.cmd, "generate") && !o.output)
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
	if (!hooktable_read(&m, o.hookdefs, cfg)) {
		rc = EXIT_INPUT;
		goto out;
	}
	if (!strcmp(o.cmd, "hooks")) {
		if (o.json) {
			char *json = json_model(&m, cfg, false);

			fputs(json, stdout);
			free(json);
		} else {
			print_hooks(&m);
		}
		rc = 0;
	} else {
		rc = cmd_generate(&o, &m, cfg);
	}
out:
	config_free(cfg);
	model_free(&m);
	for (unsigned i = 0; i < 3; i++)
		free(owned[i]);
	if (rc == 0 && error_count())
		rc = EXIT_INPUT;
	if (fflush(stdout) != 0 && rc == 0)
		rc = EXIT_USAGE;
	return rc;
}
