/*
 * slots.c: how many static-call slots each hook really needs. A hook gets one slot per
 * LSM_HOOK_INIT entry of a counted LSM whose conditions hold in the configuration; where
 * lsmgen cannot be sure (a condition it cannot evaluate, an enabled LSM it has no entries
 * for, or one that is not counted), it keeps MAX_LSM_COUNT: a count too small panics at boot.
 */
#include "slots.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "clang.h"
#include "diag.h"
#include "strlist.h"

enum verdict { V_NO, V_YES, V_UNSURE };

/* One entry's fate in this configuration. */
struct fate {
	const char *hook;
	const struct impl_lsm *lsm;
	const struct impl_entry *e;	/* NULL for an all_hooks LSM's implicit entry */
	enum verdict v;
	const char *why;
};

/* "A B" (the file is built when any is set) as C: IS_ENABLED(CONFIG_A) || ... */
static struct expr *build_condition(const char *bc)
{
	struct strlist syms = { 0 };
	struct expr *e = NULL;

	strlist_split(&syms, bc, ' ');
	for (unsigned i = 0; i < syms.n; i++) {
		char *sym = xasprintf("CONFIG_%s", syms.v[i]);
		struct expr *one = expr_call("IS_ENABLED", expr_name(sym));

		e = e ? expr_or(e, one) : one;
		free(sym);
	}
	strlist_free(&syms);
	return syms.n > 1 ? expr_paren(e) : e;
}

/* Entries of l, then one per hook of the table when it registers them all or is opaque. */
static unsigned lsm_fates(const struct model *m, const struct impl_lsm *l)
{
	return l->n + (l->all_hooks || l->opaque ? m->nhooks : 0);
}

static int counted_index(const struct model *m, const char *kconfig)
{
	const struct lsm *l = lsm_list_find(&m->lsm_list, kconfig, true);

	return l ? (int)(l - m->lsm_list.lsms) : -1;
}

/*
 * The fate of one entry (e) or hook (no e, an LSM that fills every hook) of LSM l, as far
 * as it is known without the preprocessor: decided in *f, or its condition returned
 * (owned) for eval_conditions() to decide.
 */
static struct expr *fate_of(const struct model *m, const struct impl_lsm *l,
			    const struct impl_entry *e, const struct config *cfg, struct fate *f)
{
	int r = counted_index(m, l->kconfig);
	bool enabled = config_is_enabled(cfg, l->kconfig);
	struct expr *c = NULL;

	if (l->unsure) {
		f->v = V_UNSURE;
		f->why = "lsmgen cannot tell which counted LSM registers it";
	} else if (r < 0 || !m->counted[r]) {
		f->v = enabled ? V_UNSURE : V_NO;
		f->why = enabled ? "the LSM is built but not counted in MAX_LSM_COUNT" :
			 "the LSM is not built";
	} else if ((e && e->unsure) || (!e && l->opaque)) {
		f->v = V_UNSURE;
		f->why = e ? e->unsure : l->opaque;
	} else if (e) {
		if (e->guard)
			c = expr_paren(expr_copy(e->guard));
		if (e->build_condition) {
			struct expr *bc = build_condition(e->build_condition);

			c = c ? expr_and(c, bc) : bc;
		}
		if (c && !expr_only_kconfig(c)) {
			f->v = V_UNSURE;
			f->why = expr_has_opaque(c) ? "its condition does not preprocess" :
				 "its condition uses more than Kconfig symbols";
			expr_free(c);
			c = NULL;
		}
	}
	return c;
}

/* Evaluate, in one preprocessor run, the conditions of conds[] that are not NULL: 1, 0 or
 * -1 (unsure) each; no condition (NULL) holds. */
static signed char *eval_all(const struct expr *const *conds, unsigned n,
			     const struct config *cfg)
{
	signed char *res = xcalloc(n ? n : 1, 1);
	const struct expr **some = xcalloc(n ? n : 1, sizeof(*some));
	unsigned *at = xcalloc(n ? n : 1, sizeof(*at)), k = 0;

	for (unsigned i = 0; i < n; i++) {
		res[i] = 1;
		if (conds[i]) {
			at[k] = i;
			some[k++] = conds[i];
		}
	}
	signed char *got = xcalloc(k ? k : 1, 1);

	if (k)
		eval_conditions(some, k, cfg, got);
	for (unsigned i = 0; i < k; i++)
		res[at[i]] = got[i];
	free(got);
	free(at);
	free(some);
	return res;
}

/* Decide the fates whose condition is in conds[]. */
static void eval_fates(struct fate *f, struct expr **conds, unsigned n,
		       const struct config *cfg)
{
	signed char *res = eval_all((const struct expr *const *)conds, n, cfg);

	for (unsigned i = 0; i < n; i++) {
		if (!conds[i])
			continue;
		f[i].v = res[i] < 0 ? V_UNSURE : res[i] ? V_YES : V_NO;
		f[i].why = res[i] < 0 ? "its condition does not preprocess" :
			   res[i] ? "its condition holds" : "its condition does not hold";
	}
	free(res);
}

/* Decide every entry of every LSM; fates[] gets one per entry (and per all_hooks hook). */
static struct fate *decide(const struct model *m, const struct impls *im,
			   const struct config *cfg, unsigned *nfates)
{
	unsigned n = 0, k = 0;

	for (unsigned i = 0; i < im->n; i++)
		n += lsm_fates(m, &im->lsms[i]);
	struct fate *f = xcalloc(n ? n : 1, sizeof(*f));
	struct expr **conds = xcalloc(n ? n : 1, sizeof(*conds));

	for (unsigned i = 0; i < im->n; i++) {
		const struct impl_lsm *l = &im->lsms[i];

		for (unsigned j = 0; j < lsm_fates(m, l); j++, k++) {
			const struct impl_entry *e = j < l->n ? &l->entries[j] : NULL;

			f[k] = (struct fate){ e ? e->hook : m->hooks[j - l->n].name, l, e, V_YES,
					      "no condition" };
			conds[k] = fate_of(m, l, e, cfg, &f[k]);
		}
	}
	eval_fates(f, conds, n, cfg);
	for (unsigned i = 0; i < n; i++)
		expr_free(conds[i]);
	free(conds);
	*nfates = n;
	return f;
}

bool slots_exact(struct model *m, const struct impls *im, const struct config *cfg)
{
	unsigned nf;
	struct fate *fates = decide(m, im, cfg, &nf);
	bool unsure_all = false;

	for (unsigned i = 0; i < m->nhooks; i++) {
		m->hooks[i].nslots = 0;
		m->hooks[i].slots_unsure = false;
	}
	/* a counted LSM with no entries at all: its hooks are unknown */
	for (unsigned r = 0; r < m->lsm_list.n; r++) {
		bool found = false;

		for (unsigned i = 0; i < im->n && !found; i++)
			found = !strcmp(im->lsms[i].kconfig, m->lsm_list.lsms[r].kconfig) &&
				(im->lsms[i].n || im->lsms[i].all_hooks || im->lsms[i].opaque);
		if (m->counted[r] && !found) {
			warn_at(im->source, 0, 0,
				"counted LSM '%s' (%s) has no entries here: every hook keeps "
				"MAX_LSM_COUNT slots", m->lsm_list.lsms[r].name,
				m->lsm_list.lsms[r].kconfig);
			unsure_all = true;
		}
	}
	for (unsigned k = 0; k < nf; k++) {
		const struct fate *f = &fates[k];
		struct hook *h = model_find_hook(m, f->hook);

		if (!h)
			continue;	/* the table or configuration has no such hook */
		if (f->v == V_YES)
			h->nslots++;
		if (f->v == V_UNSURE && !h->slots_unsure) {
			const char *where = f->e && f->e->file ? f->e->file : im->source;

			warn_at(where, f->e ? f->e->line : 0, 0,
				"%s: %s of LSM '%s' is unsure (%s): it keeps MAX_LSM_COUNT slots",
				f->hook, f->e ? f->e->function : "entry",
				f->lsm->name, f->why);
			h->slots_unsure = true;
		}
	}
	for (unsigned i = 0; i < m->nhooks; i++) {
		struct hook *h = &m->hooks[i];

		if ((h->slots_unsure || unsure_all) && h->nslots < m->max_lsm_count) {
			h->slots_unsure = true;
			h->nslots = m->max_lsm_count;
		}
	}
	free(fates);
	return true;
}

bool slots_explain(struct model *m, const struct impls *im, const struct config *cfg,
		   const char *hook)
{
	const struct hook *h = model_find_hook(m, hook);
	unsigned nf;

	if (!h) {
		error_at(NULL, 0, 0, "no hook '%s' in this table and configuration", hook);
		return false;
	}
	struct fate *fates = decide(m, im, cfg, &nf);
	struct slot_explanation *x = xcalloc(1, sizeof(*x));

	*x = (struct slot_explanation){ xstrdup(hook), h->nslots, h->slots_unsure, NULL, 0 };
	x->v = xcalloc(nf ? nf : 1, sizeof(*x->v));
	for (unsigned k = 0; k < nf; k++) {
		const struct fate *f = &fates[k];

		if (strcmp(f->hook, hook))
			continue;
		x->v[x->n++] = (struct slot_reason){
			xstrdup(f->v == V_YES ? "yes" : f->v == V_NO ? "no" : "??"),
			xstrdup(f->lsm->name), f->e ? xstrdup(f->e->function) : NULL,
			xstrdup(f->why),
			f->e ? expr_comment_text(f->e->guard) : NULL,
			f->e && f->e->build_condition ? xstrdup(f->e->build_condition) : NULL,
		};
	}
	m->explained = x;
	free(fates);
	return true;
}

/*
 * Which guards do not preprocess at all: the per-configuration run takes them as unsure
 * whatever the configuration, so the expression does too. An empty configuration is
 * enough to tell. No guard (NULL) preprocesses.
 */
static signed char *preprocessable(const struct expr *const *guards, unsigned n)
{
	struct config *none = config_none();
	signed char *res = eval_all(guards, n, none);

	config_free(none);
	return res;
}

/*
 * The term entry e of LSM l adds to LSM_SLOTS_<hook>, its LSM's count first: counts, the
 * #if around it (defined(X) as IS_BUILTIN(X)) and its file's Makefile condition. NULL
 * if no C expression can say it.
 */
static struct expr *entry_term(const struct impl_lsm *l, const struct impl_entry *e)
{
	struct expr *term = expr_call("IS_ENABLED", expr_name(l->kconfig));

	if (e->guard) {
		struct expr *c = expr_only_kconfig(e->guard) ? expr_as_c(e->guard) : NULL;

		if (!c) {
			expr_free(term);
			return NULL;
		}
		term = expr_and(term, expr_paren(c));
	}
	/* a file built by the LSM's own symbol adds nothing to the LSM's term */
	if (e->build_condition && strcmp(e->build_condition, l->kconfig + strlen("CONFIG_")))
		term = expr_and(term, build_condition(e->build_condition));
	return term;
}

/* Each fate of LSM l (an entry, or a hook of an LSM that fills every hook) in its hook's
 * terms; ok says, per entry, whether its guard preprocesses at all. */
static void lsm_terms(struct model *m, const struct impls *im, const struct impl_lsm *l,
		      const signed char *ok)
{
	bool listed = l->kconfig && lsm_list_find(&m->lsm_list, l->kconfig, true);
	char *counts = l->kconfig ? xasprintf("IS_ENABLED(%s)", l->kconfig) : NULL;
	struct strlist filled = { 0 };

	for (unsigned j = 0; j < lsm_fates(m, l); j++) {
		const struct impl_entry *e = j < l->n ? &l->entries[j] : NULL;
		struct hook *h = model_find_hook(m, e ? e->hook : m->hooks[j - l->n].name);
		const char *unsure = e ? e->unsure : l->opaque;
		struct expr *term = NULL;

		if (!h)
			continue;	/* the table has no such hook */
		struct slot_terms *t = h->terms;

		if (l->unsure || !counts) {
			t->always_unsure = true;
		} else if (!listed || unsure) {
			/* built but not counted, or what it registers here is not known */
			strlist_add_unique(&t->unsure, counts);
		} else if (e && !(ok[j] >= 0 && (term = entry_term(l, e)))) {
			warn_at(e->file ? e->file : im->source, e->line, 0,
				"%s: %s of LSM '%s' has a condition no C expression can say: "
				"LSM_SLOTS_%s is MAX_LSM_COUNT when %s is set", h->name,
				e->function, l->name, h->name, l->kconfig);
			strlist_add_unique(&t->unsure, counts);
		} else {
			if (!e)
				term = expr_call("IS_ENABLED", expr_name(l->kconfig));
			t->lsm_twice |= strlist_has(&filled, h->name);
			strlist_add(&filled, h->name);
			exprlist_add(&t->sum, term);
		}
	}
	strlist_free(&filled);
	free(counts);
}

/* A listed LSM with no entries at all: where it is built, no hook's count is known. */
static void lsms_without_entries(struct model *m, const struct impls *im)
{
	for (unsigned r = 0; r < m->lsm_list.n; r++) {
		const struct lsm *lsm = &m->lsm_list.lsms[r];
		bool found = false;

		for (unsigned i = 0; i < im->n && !found; i++)
			found = im->lsms[i].kconfig && !strcmp(im->lsms[i].kconfig, lsm->kconfig) &&
				(im->lsms[i].n || im->lsms[i].all_hooks || im->lsms[i].opaque);
		if (found)
			continue;
		char *counts = xasprintf("IS_ENABLED(%s)", lsm->kconfig);

		warn_at(im->source, 0, 0, "LSM '%s' (%s) has no entries here: where it is built, "
			"every hook keeps MAX_LSM_COUNT slots", lsm->name, lsm->kconfig);
		for (unsigned i = 0; i < m->nhooks; i++)
			strlist_add_unique(&m->hooks[i].terms->unsure, counts);
		free(counts);
	}
}

bool slots_all_configs(struct model *m, const struct impls *im)
{
	unsigned nexpr = 0, k = 0;

	/* every guard that may count, preprocessed once to find the ones that do not */
	for (unsigned i = 0; i < im->n; i++)
		nexpr += im->lsms[i].n;
	const struct expr **guards = xcalloc(nexpr ? nexpr : 1, sizeof(*guards));

	for (unsigned i = 0; i < im->n; i++)
		for (unsigned j = 0; j < im->lsms[i].n; j++)
			guards[k++] = im->lsms[i].entries[j].guard;
	signed char *ok = preprocessable(guards, nexpr);

	for (unsigned i = 0; i < m->nhooks; i++)
		m->hooks[i].terms = xcalloc(1, sizeof(*m->hooks[i].terms));
	k = 0;
	for (unsigned i = 0; i < im->n; k += im->lsms[i].n, i++)
		lsm_terms(m, im, &im->lsms[i], ok + k);
	lsms_without_entries(m, im);
	for (unsigned i = 0; i < m->nhooks; i++) {
		struct hook *h = &m->hooks[i];
		bool unsure = h->terms->always_unsure || h->terms->unsure.n;

		h->nslots = unsure && h->terms->sum.n < m->lsm_list.n ? m->lsm_list.n :
			    h->terms->sum.n;
		h->slots_unsure = unsure;
	}
	free(guards);
	free(ok);
	return true;
}
