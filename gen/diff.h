/* diff.h: what changed between two models, for reviewers and for tools. */
#ifndef LSMGEN_DIFF_H
#define LSMGEN_DIFF_H

#include "model.h"
#include "strlist.h"

/* One field of one hook that differs: ret, default, params or guard. */
struct hook_change {
	char *hook;
	const char *field;
	char *from, *to;
};

/* Everything that differs between two models. */
struct model_diff {
	unsigned from_count, to_count;
	unsigned from_hooks, to_hooks;
	struct strlist lsms_added, lsms_removed;	/* counted in one, not the other */
	struct strlist hooks_added, hooks_removed;
	/* for the reader, parallel to the lists above: a hook's guard ("" if none), an LSM's
	 * Kconfig symbol (whose change moved MAX_LSM_COUNT) */
	struct strlist added_guards, removed_guards, lsms_added_sym, lsms_removed_sym;
	struct hook_change *changes;
	unsigned nchanges;
	struct stats from_stats, to_stats;
	const char *from_layout, *to_layout;	/* "max, keys", "exact, switch", ... */
};

/* Compare model a with model b; true if nothing differs. */
bool diff_models(const struct model *a, const struct model *b, struct model_diff *d);
/* Free a diff's contents. */
void diff_free(struct model_diff *d);

#endif
