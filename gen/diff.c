/* diff.c: compare two models hook by hook, and say it the way a reviewer reads it. */
#include "diff.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "strlist.h"

static char *params_text(const struct hook *h)
{
	struct buf b = { 0 };

	buf_puts(&b, "(");
	for (unsigned i = 0; i < h->nparams; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", h->params[i].decl);
	buf_puts(&b, h->nparams ? ")" : "void)");
	return b.s;
}

static void change(struct model_diff *d, const char *hook, const char *field, const char *from,
		   const char *to)
{
	d->changes = xrealloc(d->changes, (d->nchanges + 1) * sizeof(*d->changes));
	d->changes[d->nchanges++] = (struct hook_change){ xstrdup(hook), field, xstrdup(from),
							  xstrdup(to) };
}

static void counted_names(const struct model *m, struct strlist *out)
{
	for (unsigned i = 0; i < m->lsm_list.n; i++)
		if (m->counted[i])
			strlist_add(out, m->lsm_list.lsms[i].name);
}

static const char *kconfig_of(const struct model *m, const char *lsm)
{
	const struct lsm *l = lsm_list_find(&m->lsm_list, lsm, false);

	return l ? l->kconfig : "";
}

static const char *layout_name(const struct model *m)
{
	bool exact = m->layout.slots == SLOTS_EXACT;

	if (m->layout.dispatch == DISPATCH_SWITCH)
		return exact ? "exact slots, switch" : "max slots, switch";
	return exact ? "exact slots, keys" : "max slots, keys";
}

/* Record field of hook as changed if a and b differ; frees both. */
static void change_owned(struct model_diff *d, const char *hook, const char *field, char *a,
			 char *b)
{
	if (strcmp(a, b))
		change(d, hook, field, a, b);
	free(a);
	free(b);
}

static char *guard_or(const struct expr *guard, const char *none)
{
	return guard ? expr_comment_text(guard) : xstrdup(none);
}

/* What differs between a hook of two models. */
static void diff_hook(struct model_diff *d, const struct hook *ha, const struct hook *hb,
		      bool exact)
{
	change_owned(d, hb->name, "ret", xstrdup(ha->ret), xstrdup(hb->ret));
	change_owned(d, hb->name, "default", expr_text(ha->def), expr_text(hb->def));
	change_owned(d, hb->name, "params", params_text(ha), params_text(hb));
	if (ha->policy != hb->policy || ha->any_if_zero != hb->any_if_zero)
		change_owned(d, hb->name, "policy",
			     xasprintf("%s%s", policy_name(ha->policy),
				       ha->any_if_zero ? " (any_if_zero)" : ""),
			     xasprintf("%s%s", policy_name(hb->policy),
				       hb->any_if_zero ? " (any_if_zero)" : ""));
	change_owned(d, hb->name, "guard", guard_or(ha->guard, "none"),
		     guard_or(hb->guard, "none"));
	/* with max slots every hook has MAX_LSM_COUNT, which its own line shows */
	if (exact && ha->nslots != hb->nslots)
		change_owned(d, hb->name, "slots", xasprintf("%u", ha->nslots),
			     xasprintf("%u", hb->nslots));
}

bool diff_models(const struct model *a, const struct model *b, struct model_diff *d)
{
	struct strlist ca = { 0 }, cb = { 0 };
	bool exact = a->layout.slots == SLOTS_EXACT && b->layout.slots == SLOTS_EXACT;

	memset(d, 0, sizeof(*d));
	d->from_count = a->max_lsm_count;
	d->to_count = b->max_lsm_count;
	d->from_hooks = a->nhooks;
	d->to_hooks = b->nhooks;
	d->from_stats = model_stats(a);
	d->to_stats = model_stats(b);
	d->from_layout = layout_name(a);
	d->to_layout = layout_name(b);
	counted_names(a, &ca);
	counted_names(b, &cb);
	for (unsigned i = 0; i < cb.n; i++)
		if (!strlist_has(&ca, cb.v[i])) {
			strlist_add(&d->lsms_added, cb.v[i]);
			strlist_add(&d->lsms_added_sym, kconfig_of(b, cb.v[i]));
		}
	for (unsigned i = 0; i < ca.n; i++)
		if (!strlist_has(&cb, ca.v[i])) {
			strlist_add(&d->lsms_removed, ca.v[i]);
			strlist_add(&d->lsms_removed_sym, kconfig_of(a, ca.v[i]));
		}
	strlist_free(&ca);
	strlist_free(&cb);
	for (unsigned i = 0; i < a->nhooks; i++)
		if (!model_find_hook(b, a->hooks[i].name)) {
			strlist_add(&d->hooks_removed, a->hooks[i].name);
			char *g = guard_or(a->hooks[i].guard, "");

			strlist_add(&d->removed_guards, g);
			free(g);
		}
	for (unsigned i = 0; i < b->nhooks; i++) {
		const struct hook *hb = &b->hooks[i], *ha = model_find_hook(a, hb->name);

		if (!ha) {
			strlist_add(&d->hooks_added, hb->name);
			char *g = guard_or(hb->guard, "");

			strlist_add(&d->added_guards, g);
			free(g);
			continue;
		}
		diff_hook(d, ha, hb, exact);
	}
	/* the same hooks laid out differently (max against exact, keys against switch) */
	return d->from_count == d->to_count && !d->lsms_added.n && !d->lsms_removed.n &&
	       !d->hooks_added.n && !d->hooks_removed.n && !d->nchanges &&
	       !memcmp(&d->from_stats, &d->to_stats, sizeof(d->from_stats)) &&
	       !strcmp(d->from_layout, d->to_layout);
}

void diff_free(struct model_diff *d)
{
	strlist_free(&d->lsms_added);
	strlist_free(&d->lsms_removed);
	strlist_free(&d->hooks_added);
	strlist_free(&d->hooks_removed);
	strlist_free(&d->added_guards);
	strlist_free(&d->removed_guards);
	strlist_free(&d->lsms_added_sym);
	strlist_free(&d->lsms_removed_sym);
	for (unsigned i = 0; i < d->nchanges; i++) {
		free(d->changes[i].hook);
		free(d->changes[i].from);
		free(d->changes[i].to);
	}
	free(d->changes);
	memset(d, 0, sizeof(*d));
}
