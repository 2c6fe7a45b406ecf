/*
 * build.c: the pipeline, written once. Every command builds its model here, as far as it
 * needs it: option values checked, then the configuration, the hook table and its
 * policies, the LSM list, MAX_LSM_COUNT, the slots and the dispatch layout. The readers
 * (config.c, hooktable.c, lsmcount.c, json.c, scan.c) and the deciders (model.c,
 * policy.c, slots.c) each do one step; this file only sequences them.
 */
#include "build.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "embedded.h"
#include "hooktable.h"
#include "json.h"
#include "lsmcount.h"
#include "fingerprint.h"
#include "policy.h"
#include "scan.h"
#include "slots.h"

/* Option values that need no input to be judged: a usage error before anything is read. */
static int check_values(const struct build_opts *b)
{
	if (b->abstain && !is_safe_expression(b->abstain))
		return usage_report(b->cmd, "--abstain-value '%s' is not a constant expression",
				    b->abstain);
	if (b->runtime_lsm && b->dispatch == DISPATCH_SWITCH)
		return usage_report(b->cmd,
				    "--runtime-lsm toggles static keys: it needs --dispatch keys");
	bool exact = b->slots == SLOTS_EXACT;

	if (b->all_configs && b->explain_slots)
		return usage_report(b->cmd,
				    "--explain-slots explains one configuration: it does not go "
				    "with --all-configs");
	if (b->stage == BUILD_ALL && (exact || b->explain_slots) && !b->impls && !b->kernel)
		return usage_report(b->cmd,
				    "--slots exact and --explain-slots need --impls FILE, or "
				    "--kernel KDIR to scan its security/ sources");
	return 0;
}

/* The LSM list: --lsms, --lsm-count-h, or the built-in hookdefs/lsms.json. */
static bool load_registry(const struct build_opts *b, struct model *m)
{
	const struct embedded_file *e = embedded_find("lsms.json");
	struct lsm_registry builtin;

	if (!json_read_registry(&builtin, "hookdefs/lsms.json (built in)", e->data, e->len))
		fatal(EXIT_USAGE, "the built-in LSM list is broken");
	if (!b->lsms && !b->lsm_count_h) {
		m->reg = builtin;
		return true;
	}
	bool ok;

	if (b->lsms) {
		size_t len;
		char *text = read_file(b->lsms, &len);

		ok = text && json_read_registry(&m->reg, b->lsms, text, len);
		free(text);
		strlist_add(&m->deps, b->lsms);
	} else {
		/* names for lsm_count.h's symbols come from the built-in list */
		ok = lsmcount_read(&m->reg, b->lsm_count_h, &builtin);
		strlist_add(&m->deps, b->lsm_count_h);
	}
	registry_free(&builtin);
	return ok;
}

/* The dispatch policies: --policies, or the built-in hookdefs/policies.json. */
static bool load_policies(const struct build_opts *b, struct model *m)
{
	struct policy_list rules = { 0 };
	bool ok;

	if (!b->policies) {
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
	char *text = read_file(b->policies, &len);

	ok = text && hooktable_fingerprint(m->hookdefs, sha, &nhooks, &names);
	if (ok) {
		/* the rules that read well are still checked: every mistake in one run */
		ok = json_read_policies(&rules, b->policies, text, len);
		ok &= policy_apply(m, &rules, b->policies, &names);
	}
	policy_list_free(&rules);
	strlist_free(&names);
	free(text);
	strlist_add(&m->deps, b->policies);
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
				error_at(impls, 0, 0, "LSM '%s' implements '%s', which %s does "
					 "not have: these facts are for another kernel",
					 im->lsms[i].name, im->lsms[i].entries[k].hook, hookdefs);
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
		 "from this tree with 'lsmgen impls --kernel KDIR'",
		 im->table_file, im->table_hooks,
		 im->table_sha256, hookdefs, nhooks, sha);
	return false;
}

/* An LSM's name for generated comments: a scan's "?path" keeps only safe characters. */
static char *safe_name(const char *name)
{
	char *s = xstrdup(name);

	for (char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_-./?", *p))
			*p = '_';
	return s;
}

/*
 * --kernel: every LSM its security/ defines or registers hooks for counts toward
 * MAX_LSM_COUNT, listed or not. One the list lacks (a new LSM that did not add itself to
 * lsm_count.h) would leave MAX_LSM_COUNT one short of the LSMs that fill a hook: a boot
 * panic. It counts under the one symbol its entries' Makefile builds them by, else
 * whenever the gate is set; its hooks' slots likewise. A listed LSM the tree does not
 * define still counts, as listed.
 */
static void count_tree_lsms(struct model *m, struct impls *im, const char *kdir)
{
	const char *gate = m->reg.gate ? m->reg.gate : "CONFIG_SECURITY";

	for (unsigned i = 0; i < im->n; i++) {
		struct impl_lsm *l = &im->lsms[i];
		const char *sym = l->n ? l->entries[0].build_condition : NULL;
		const char *place = l->unlisted ? l->unlisted : im->source;

		if (registry_find(&m->reg, l->name, false) ||
		    (!l->n && !l->all_hooks && !l->opaque))
			continue;	/* listed, or registers nothing: it needs no slot */
		for (unsigned k = 1; sym && k < l->n; k++)
			if (!l->entries[k].build_condition ||
			    strcmp(l->entries[k].build_condition, sym))
				sym = NULL;
		if (sym && strchr(sym, ' '))
			sym = NULL;	/* built when any of several is set */
		char *kconfig = sym ? xasprintf("CONFIG_%s", sym) : xstrdup(gate);

		warn_at(place, 0, 0, "LSM '%s' is not in %s: it counts toward MAX_LSM_COUNT "
			"%s %s is set", l->name, m->reg.source, sym ? "when" : "whenever", kconfig);
		m->reg.lsms = xrealloc(m->reg.lsms, (m->reg.n + 1) * sizeof(*m->reg.lsms));
		m->reg.lsms[m->reg.n++] = (struct lsm){ safe_name(l->name), xstrdup(kconfig), 0 };
		m->reg.from_tree++;
		free(l->kconfig);
		l->kconfig = kconfig;
		l->unsure = !sym;
	}
	for (unsigned r = 0; kdir && r < m->reg.n; r++) {
		bool defined = false;

		for (unsigned i = 0; i < im->n && !defined; i++)
			defined = !strcmp(im->lsms[i].name, m->reg.lsms[r].name);
		if (!defined)
			warn_at(m->reg.source, m->reg.lsms[r].line, 0,
				"LSM '%s' (%s) is not defined in %s/security: it counts as listed",
				m->reg.lsms[r].name,
				m->reg.lsms[r].kconfig, kdir);
	}
}

/* Whether kdir has a security/ to scan (a tree of headers only has none). */
static bool has_security(const char *kdir)
{
	char *security = xasprintf("%s/security", kdir);
	struct stat st;
	bool yes = stat(security, &st) == 0 && S_ISDIR(st.st_mode);

	free(security);
	return yes;
}

/*
 * The implementer facts: --impls FILE, or the scan of --kernel's security/ (for every
 * command that counts: the tree's LSMs count). Every LSM in them counts.
 */
static bool load_facts(const struct build_opts *b, struct model *m, struct impls *im)
{
	bool exact = b->slots == SLOTS_EXACT;
	bool ok;

	/* an --impls given is read and checked even when max slots leave it unused */
	if (b->impls && b->stage >= BUILD_HOOKS) {
		size_t len;
		char *text = read_file(b->impls, &len);

		ok = text && json_read_impls(im, b->impls, text, len, b->impls_tree);
		free(text);
		strlist_add(&m->deps, b->impls);
		ok = ok && impls_match_table(b->impls, im, m->hookdefs, exact);
	} else if (b->kernel && !b->impls && has_security(b->kernel)) {
		ok = scan_kernel(b->kernel, &m->reg, im, &m->deps);
	} else {
		return true;
	}
	if (ok)
		count_tree_lsms(m, im, b->impls ? NULL : b->kernel);
	return ok;
}

/* --slots exact: per-hook slot counts from the facts; --explain-slots. */
static bool apply_slots(const struct build_opts *b, struct model *m, const struct config *cfg,
			struct impls *im)
{
	bool exact = m->layout.slots == SLOTS_EXACT;
	bool ok = true;

	if (!exact && !b->explain_slots)
		return true;
	/* no facts yet: --kernel has no security/, and the scan says so */
	if (!im->source)
		ok = scan_kernel(b->kernel, &m->reg, im, &m->deps);
	if (ok && exact)
		ok = m->layout.all_configs ? slots_all_configs(m, im) : slots_exact(m, im, cfg);
	if (ok && b->explain_slots)
		ok = slots_explain(m, im, cfg, b->explain_slots);
	return ok;
}

/* --all-configs --kernel: what the files are made from, for the tree to check. */
static bool fingerprint_inputs(const struct build_opts *b, struct model *m,
			       const struct impls *im)
{
	char hex[65];

	if (!m->layout.all_configs || !b->kernel)
		return true;
	fingerprint_words(&im->macros, &m->inputs_words);
	if (!tree_fingerprint(b->kernel, &m->inputs_words, hex))
		return false;
	m->inputs_sha256 = xstrdup(hex);
	return true;
}

/* --dispatch, --abstain-value, --runtime-lsm (their values checked already): the rest of
 * the layout, once the LSM list is known. */
static int apply_dispatch(const struct build_opts *b, struct model *m)
{
	m->layout.dispatch = b->dispatch ? b->dispatch : DISPATCH_KEYS;
	if (b->abstain)
		m->layout.abstain = xstrdup(b->abstain);
	if (b->runtime_lsm) {
		if (!registry_find(&m->reg, b->runtime_lsm, false)) {
			struct buf known = { 0 };

			for (unsigned i = 0; i < m->reg.n; i++)
				buf_printf(&known, "%s%s", i ? ", " : "", m->reg.lsms[i].name);
			int rc = usage_report(b->cmd, "--runtime-lsm '%s' is no LSM of %s (it "
					      "knows %s)", b->runtime_lsm, m->reg.source,
					      known.len ? known.s : "none");
			buf_free(&known);
			return rc;
		}
		m->layout.runtime_lsm = xstrdup(b->runtime_lsm);
	}
	return 0;
}

/* impls: the scan of the tree, and the hook table it was made for, as its file records it. */
static bool load_tree_facts(const struct build_opts *b, struct model *m, struct impls *im)
{
	char sha[65];
	unsigned nhooks;

	if (!scan_kernel(b->kernel, &m->reg, im, &m->deps) ||
	    !hooktable_fingerprint(b->hookdefs, sha, &nhooks, NULL))
		return false;
	im->table_file = xstrdup("include/linux/lsm_hook_defs.h");
	im->table_sha256 = xstrdup(sha);
	im->table_hooks = nhooks;
	return true;
}

int build_model(const struct build_opts *b, struct model *m, struct impls *facts)
{
	struct impls tree = { 0 };
	struct config *cfg = NULL;
	int rc = check_values(b);

	if (rc)
		return rc;
	/* the layout: slots and dispatch shape only what generate writes (BUILD_ALL) */
	m->layout.all_configs = b->all_configs;
	m->layout.slots = b->stage == BUILD_ALL && b->slots ? b->slots : SLOTS_MAX;
	m->layout.dispatch = DISPATCH_KEYS;
	m->from_file = (struct list_sources){ .lsms = b->lsms, .lsm_count_h = b->lsm_count_h,
					      .policies = b->policies, .impls = b->impls };
	/* the configuration first: the hook table is preprocessed under it */
	if (b->stage >= BUILD_COUNT && !b->all_configs) {
		cfg = config_read(b->config);
		if (!cfg)
			return EXIT_INPUT;
		strlist_add(&m->deps, b->config);
		m->config = xstrdup(b->config);
	}
	/* the hooks it keeps, with their policies */
	if (b->stage >= BUILD_HOOKS) {
		m->hookdefs = xstrdup(b->hookdefs);
		if (!hooktable_read(m, b->hookdefs, cfg) || !load_policies(b, m))
			goto input_error;
	}
	/* the LSMs that count (with --kernel, every one its tree defines), and how many do */
	if (!load_registry(b, m))
		goto input_error;
	/* listing hooks needs no facts: only what counts does */
	if (b->stage != BUILD_HOOKS && b->stage >= BUILD_COUNT && !load_facts(b, m, &tree))
		goto input_error;
	if (b->stage == BUILD_FACTS && !load_tree_facts(b, m, &tree))
		goto input_error;
	if (b->stage >= BUILD_COUNT)
		model_count(m, cfg);	/* cfg NULL: --all-configs */
	/* how many slots each hook has, and how they are dispatched */
	if (b->stage == BUILD_ALL) {
		if (!apply_slots(b, m, cfg, &tree) || !fingerprint_inputs(b, m, &tree))
			goto input_error;
		rc = apply_dispatch(b, m);
	}
	if (facts)
		*facts = tree;
	else
		impls_free(&tree);
	config_free(cfg);
	return rc;
input_error:
	impls_free(&tree);
	config_free(cfg);
	return EXIT_INPUT;
}
