/* policy.c: the dispatch policies (hookdefs/policies.json) checked against the model. */
#include "policy.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "diag.h"
#include "strlist.h"

bool policy_apply(struct model *m, const struct policy_list *rules, const char *source,
		  const struct strlist *table_hooks)
{
	bool ok = true;

	for (unsigned i = 0; i < rules->n; i++) {
		const struct policy_rule *r = &rules->v[i];
		struct hook *h = model_find_hook(m, r->hook);

		if (!h && table_hooks && !strlist_has(table_hooks, r->hook)) {
			error_at(source, 0, 0, "hooks.%s: the hook table %s has no hook '%s'",
				 r->hook,
				 m->hookdefs, r->hook);
			ok = false;
			continue;
		}
		if (!h)
			continue;	/* in the table, not in this configuration */
		if (r->policy == POLICY_LSMID && h->is_void) {
			error_at(source, 0, 0, "hooks.%s: a void hook has no result to dispatch by "
				 "lsmid", r->hook);
			ok = false;
			continue;
		}
		h->policy = r->policy;
		h->any_if_zero = r->any_if_zero;
	}
	/* lsm_dispatch_H_lsmid must not be another hook's lsm_dispatch_<name> */
	for (unsigned i = 0; i < m->nhooks; i++) {
		const struct hook *h = &m->hooks[i];
		char *name = xasprintf("%s_lsmid", h->name);
		const struct hook *other = h->policy == POLICY_LSMID ? model_find_hook(m,
										       name) : NULL;

		if (other) {
			error_at(m->hookdefs, other->line, 0, "hook '%s' is named like the lsmid "
				 "dispatcher of hook '%s' (lsm_dispatch_%s): the generated code "
				 "would define it twice", other->name, h->name, name);
			ok = false;
		}
		free(name);
	}
	return ok;
}

void policy_list_free(struct policy_list *l)
{
	for (unsigned i = 0; i < l->n; i++)
		free(l->v[i].hook);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
