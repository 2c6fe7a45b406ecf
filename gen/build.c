/*
 * build.c: the pipeline, written once. Every command builds its model here, taking the
 * steps its entry in main's command table needs, in one order: the configuration, the
 * hook table and its policies, the LSM list, the implementer list, MAX_LSM_COUNT, the
 * slots and the layout. The options come judged (options.c); the readers (config.c,
 * hooktable.c, lsm_count_h.c, json*.c, scan.c) and the deciders (impls.c, model.c,
 * policy.c, slots.c) each do one step; this file sequences them and loads the built-in
 * lists.
 */
#include "build.h"

#include <stdlib.h>

#include "alloc.h"
#include "buf.h"
#include "config.h"
#include "diag.h"
#include "embedded.h"
#include "files.h"
#include "fingerprint.h"
#include "hooktable.h"
#include "json.h"
#include "lsm_count_h.h"
#include "policy.h"
#include "scan.h"
#include "slots.h"
#include "strlist.h"

/* The LSM list: --lsms, --lsm-count-h, or the built-in hookdefs/lsms.json. */
static bool load_lsm_list(const struct build_opts *b, struct model *m)
{
	const struct embedded_file *e = embedded_find("lsms.json");
	struct lsm_list builtin;

	if (!json_read_lsm_list(&builtin, "hookdefs/lsms.json (built in)", e->data, e->len))
		fatal(EXIT_USAGE, "the built-in LSM list is broken");
	if (!b->lsms && !b->lsm_count_h) {
		m->lsm_list = builtin;
		return true;
	}
	bool ok;

	if (b->lsms) {
		size_t len;
		char *text = read_file(b->lsms, &len);

		ok = text && json_read_lsm_list(&m->lsm_list, b->lsms, text, len);
		free(text);
		strlist_add(&m->deps, b->lsms);
	} else {
		/* names for lsm_count.h's symbols come from the built-in list */
		ok = lsm_count_h_read(&m->lsm_list, b->lsm_count_h, &builtin);
		strlist_add(&m->deps, b->lsm_count_h);
	}
	lsm_list_free(&builtin);
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

/* Whether kdir has a security/ to scan (a tree of headers only has none). */
static bool has_security(const char *kdir)
{
	char *security = xasprintf("%s/security", kdir);
	bool yes = path_is_directory(security);

	free(security);
	return yes;
}

/*
 * The implementer list: --impls FILE, or the scan of --kernel's security/ (for every
 * command that counts: the tree's LSMs count). Every LSM in them counts.
 */
static bool load_impls(const struct build_opts *b, struct model *m, struct impls *im)
{
	bool exact = b->layout.slots == SLOTS_EXACT;
	bool ok;

	/* an --impls given is read and checked even when max slots leave it unused */
	if (b->impls) {
		size_t len;
		char *text = read_file(b->impls, &len);

		ok = text && json_read_impls(im, b->impls, text, len, b->impls_tree);
		free(text);
		strlist_add(&m->deps, b->impls);
		ok = ok && impls_match_table(b->impls, im, m->hookdefs, exact);
	} else if (b->kernel && !b->impls && has_security(b->kernel)) {
		ok = scan_kernel(b->kernel, &m->lsm_list, im, &m->deps);
	} else {
		return true;
	}
	if (ok)
		impls_count_unlisted(m, im, b->impls ? NULL : b->kernel);
	return ok;
}

/* --slots exact: per-hook slot counts from the implementer list; --explain-slots. */
static bool apply_slots(const struct build_opts *b, struct model *m, const struct config *cfg,
			struct impls *im)
{
	bool exact = m->layout.slots == SLOTS_EXACT;
	bool ok = true;

	if (!exact && !b->explain_slots)
		return true;
	/* no implementer list yet: --kernel has no security/, and the scan says so */
	if (!im->source)
		ok = scan_kernel(b->kernel, &m->lsm_list, im, &m->deps);
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

/* The layout as judged (options.c), once the LSM list can tell a --runtime-lsm: false
 * (a usage error) if it cannot. */
static bool set_layout(const struct build_opts *b, struct model *m)
{
	const char *lsm = b->layout.runtime_lsm;

	m->layout = b->layout;
	m->layout.abstain = b->layout.abstain ? xstrdup(b->layout.abstain) : NULL;
	m->layout.runtime_lsm = NULL;
	if (!lsm)
		return true;
	if (!lsm_list_find(&m->lsm_list, lsm, false)) {
		struct buf known = { 0 };

		for (unsigned i = 0; i < m->lsm_list.n; i++)
			buf_printf(&known, "%s%s", i ? ", " : "", m->lsm_list.lsms[i].name);
		usage_report(b->cmd, "--runtime-lsm '%s' is no LSM of %s (it knows %s)", lsm,
			     m->lsm_list.source, known.len ? known.s : "none");
		buf_free(&known);
		return false;
	}
	m->layout.runtime_lsm = xstrdup(lsm);
	return true;
}

/* impls: the scan of the tree, and the hook table it was made for, as its file records it. */
static bool load_tree_impls(const struct build_opts *b, struct model *m, struct impls *im)
{
	char sha[65];
	unsigned nhooks;

	if (!scan_kernel(b->kernel, &m->lsm_list, im, &m->deps) ||
	    !hooktable_fingerprint(b->hookdefs, sha, &nhooks, NULL))
		return false;
	im->table_file = xstrdup("include/linux/lsm_hook_defs.h");
	im->table_sha256 = xstrdup(sha);
	im->table_hooks = nhooks;
	return true;
}

int build_model(const struct build_opts *b, struct model *m, struct impls *im_out)
{
	struct impls im = { 0 };
	struct config *cfg = NULL;
	unsigned needs = b->needs;
	bool ok = true;

	/* the layout is known; its --runtime-lsm is checked once the LSM list is read */
	m->layout = (struct layout){ .all_configs = b->layout.all_configs,
				     .slots = b->layout.slots, .dispatch = b->layout.dispatch };
	m->from_file = (struct list_sources){ .lsms = b->lsms, .lsm_count_h = b->lsm_count_h,
					      .policies = b->policies, .impls = b->impls };
	/* the configuration first: the hook table is preprocessed under it */
	if ((needs & NEED_CONFIG) && !b->layout.all_configs) {
		cfg = config_read(b->config);
		if (!cfg)
			return EXIT_INPUT;
		strlist_add(&m->deps, b->config);
		m->config = xstrdup(b->config);
	}
	/* the hooks it keeps, with their policies */
	if (needs & NEED_HOOKS) {
		m->hookdefs = xstrdup(b->hookdefs);
		ok = hooktable_read(m, b->hookdefs, cfg) && load_policies(b, m);
	}
	/* the LSMs that count (with --kernel, every one its tree defines), and how many do */
	ok = ok && load_lsm_list(b, m);
	if (ok && (needs & NEED_IMPLS))
		ok = load_impls(b, m, &im);
	if (ok && (needs & NEED_TREE_IMPLS))
		ok = load_tree_impls(b, m, &im);
	if (ok && (needs & NEED_COUNT))
		model_count(m, cfg);	/* cfg NULL: --all-configs */
	/* how many slots each hook has, and how they are dispatched */
	int status = ok ? 0 : EXIT_INPUT;

	if (ok && (needs & NEED_LAYOUT)) {
		ok = apply_slots(b, m, cfg, &im) && fingerprint_inputs(b, m, &im);
		status = !ok ? EXIT_INPUT : set_layout(b, m) ? 0 : EXIT_USAGE;
		ok = !status;
	}
	if (ok && im_out)
		*im_out = im;
	else
		impls_free(&im);
	config_free(cfg);
	return status;
}
