/*
 * build.c: the pipeline, written once. Every command builds its model here, as far as it
 * needs it: option values checked, then the configuration, the hook table and its
 * policies, the LSM list, MAX_LSM_COUNT, the slots and the dispatch layout. The readers
 * (config.c, hooktable.c, lsmcount.c, json.c, scan.c) and the deciders (model.c,
 * policy.c, slots.c) each do one step; this file only sequences them.
 */
#include "build.h"

#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "embedded.h"
#include "hooktable.h"
#include "json.h"
#include "lsmcount.h"
#include "policy.h"
#include "scan.h"
#include "slots.h"

/* Option values that need no input to be judged: a usage error before anything is read. */
static int check_values(const struct build_opts *b)
{
	if (b->slots && strcmp(b->slots, "max") && strcmp(b->slots, "exact"))
		return usage_report(b->cmd, "--slots takes max or exact, not '%s'", b->slots);
	if (b->dispatch && strcmp(b->dispatch, "keys") && strcmp(b->dispatch, "switch"))
		return usage_report(b->cmd, "--dispatch takes keys or switch, not '%s'", b->dispatch);
	if (b->abstain && !is_safe_expression(b->abstain))
		return usage_report(b->cmd, "--abstain-value '%s' is not a constant expression",
				    b->abstain);
	if (b->runtime_lsm && b->dispatch && !strcmp(b->dispatch, "switch"))
		return usage_report(b->cmd, "--runtime-lsm toggles static keys: it needs --dispatch "
				    "keys");
	bool exact = b->slots && !strcmp(b->slots, "exact");

	if (b->all_configs && b->explain_slots)
		return usage_report(b->cmd, "--explain-slots explains one configuration: it does not "
				    "go with --all-configs");
	if (b->stage == BUILD_ALL && (exact || b->explain_slots) && !b->impls && !b->kernel)
		return usage_report(b->cmd, "--slots exact and --explain-slots need --impls FILE, or "
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

/* --slots exact: per-hook slot counts from --impls or a scan; --explain-slots. */
static bool apply_slots(const struct build_opts *b, struct model *m, const struct config *cfg)
{
	bool exact = b->slots && !strcmp(b->slots, "exact");
	struct impls im;
	bool ok;

	/* an --impls given is read and checked even when max slots leave it unused */
	if (!b->impls && !exact && !b->explain_slots)
		return true;
	if (b->impls) {
		size_t len;
		char *text = read_file(b->impls, &len);

		ok = text && json_read_impls(&im, b->impls, text, len, b->impls_tree);
		free(text);
		strlist_add(&m->deps, b->impls);
		ok = ok && impls_match_table(b->impls, &im, m->hookdefs, exact);
	} else {
		ok = scan_kernel(b->kernel, &m->reg, &im, &m->deps);
	}
	if (ok && exact)
		ok = m->all_configs ? slots_all_configs(m, &im) : slots_exact(m, &im, cfg);
	if (ok && b->explain_slots)
		ok = slots_explain(m, &im, cfg, b->explain_slots);
	impls_free(&im);
	return ok;
}

/* --dispatch, --abstain-value, --runtime-lsm (their values checked already). */
static int apply_dispatch(const struct build_opts *b, struct model *m)
{
	m->dispatch_switch = b->dispatch && !strcmp(b->dispatch, "switch");
	if (b->abstain)
		m->abstain = xstrdup(b->abstain);
	if (b->runtime_lsm) {
		if (!registry_find(&m->reg, b->runtime_lsm, false))
			return usage_report(b->cmd, "--runtime-lsm '%s' is not in the LSM list",
					    b->runtime_lsm);
		m->runtime_lsm = xstrdup(b->runtime_lsm);
	}
	return 0;
}

/* The options that shape the output, for the banner: values, never paths (FILE). */
static char *shaping_options(const struct build_opts *b)
{
	struct buf o = { 0 };

	buf_puts(&o, "");
	if (b->lsms || b->lsm_count_h)
		buf_printf(&o, " --%s FILE", b->lsms ? "lsms" : "lsm-count-h");
	if (b->policies)
		buf_puts(&o, " --policies FILE");
	if (b->slots && !strcmp(b->slots, "exact"))
		buf_puts(&o, b->impls ? " --slots exact --impls FILE" : " --slots exact");
	if (b->dispatch && !strcmp(b->dispatch, "switch"))
		buf_puts(&o, " --dispatch switch");
	if (b->abstain)
		buf_printf(&o, strchr(b->abstain, ' ') ? " --abstain-value '%s'" :
			   " --abstain-value %s", b->abstain);
	if (b->runtime_lsm)
		buf_printf(&o, " --runtime-lsm %s", b->runtime_lsm);
	return o.s;
}

int build_model(const struct build_opts *b, struct model *m)
{
	struct config *cfg = NULL;
	int rc = check_values(b);

	if (rc)
		return rc;
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
	/* the LSMs that count, and how many do */
	if (!load_registry(b, m))
		goto input_error;
	if (b->stage >= BUILD_COUNT)
		model_count(m, cfg);	/* cfg NULL: --all-configs */
	/* how many slots each hook has, and how they are dispatched */
	if (b->stage == BUILD_ALL) {
		if (!apply_slots(b, m, cfg))
			goto input_error;
		rc = apply_dispatch(b, m);
		m->options = shaping_options(b);
	}
	config_free(cfg);
	return rc;
input_error:
	config_free(cfg);
	return EXIT_INPUT;
}
