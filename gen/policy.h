/* policy.h: how the hooks call_int_hook cannot express are dispatched, applied to a model. */
#ifndef LSMGEN_POLICY_H
#define LSMGEN_POLICY_H

#include "model.h"
#include "strlist.h"

/* One rule of a policies file: a hook and how it is dispatched. */
struct policy_rule {
	char *hook;
	enum policy policy;
	bool any_if_zero;	/* POLICY_LSMID: lsmid 0 selects the first filled slot */
};

struct policy_list {
	struct policy_rule *v;
	unsigned n;
};

/*
 * Give m's hooks their policies. A rule for a hook this configuration leaves out is
 * skipped; one for a hook the table does not have at all is an error when table_hooks
 * (every hook of the table) is given, skipped when it is NULL (the built-in list serves
 * every kernel); lsmid on a void hook is an error. source names the rules in messages.
 */
bool policy_apply(struct model *m, const struct policy_list *rules, const char *source,
		  const struct strlist *table_hooks);
void policy_list_free(struct policy_list *l);

#endif
