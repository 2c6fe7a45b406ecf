/* build.h: the one pipeline from the inputs to a complete model, shared by every command. */
#ifndef LSMGEN_BUILD_H
#define LSMGEN_BUILD_H

#include "model.h"

/*
 * The steps of the pipeline a command needs; each command's needs are declared in main's
 * command table, and build_model() takes exactly those steps, in this order.
 */
enum build_need {
	NEED_CONFIG = 1 << 0,	/* the configuration (none with --all-configs) */
	NEED_HOOKS = 1 << 1,	/* the hook table it keeps, with the dispatch policies */
	NEED_IMPLS = 1 << 2,	/* the implementer list, --impls or --kernel's scan: every LSM
				 * they name counts */
	NEED_COUNT = 1 << 3,	/* which LSMs count, and MAX_LSM_COUNT */
	NEED_LAYOUT = 1 << 4,	/* slots and dispatch: what generate writes */
	NEED_TREE_IMPLS = 1 << 5,	/* --kernel's scan recorded with its hook table (impls) */
};
#define NEED_ALL (NEED_CONFIG | NEED_HOOKS | NEED_IMPLS | NEED_COUNT | NEED_LAYOUT)

/*
 * The inputs as options_judge() leaves them: paths resolved (--kernel KDIR turned into the
 * files it names), defaults set; main's option table writes each field. The LSM list is
 * always read (built in when neither --lsms nor --lsm-count-h is given).
 */
struct build_opts {
	const char *cmd;	/* the command, for usage messages */
	unsigned needs;		/* enum build_need */
	const char *hookdefs, *config;	/* config NULL with --all-configs */
	const char *kernel;	/* whose security/ to scan when no --impls is given */
	const char *lsms, *lsm_count_h, *policies;	/* NULL: the built-in ones */
	const char *impls, *impls_tree, *explain_slots;
	struct layout layout;	/* --all-configs, --slots, --dispatch, --abstain-value,
				 * --runtime-lsm: the model's layout */
};

struct impls;

/*
 * Build m from b, taking the steps b->needs: 0, or the exit status after reporting every
 * error it could find (EXIT_INPUT; EXIT_USAGE for a --runtime-lsm the LSM list lacks).
 * m records every file read in m->deps either way; free it with model_free(). The
 * implementer list read or scanned goes to *im_out (free with impls_free()) when im_out
 * is not NULL.
 */
int build_model(const struct build_opts *b, struct model *m, struct impls *im_out);

#endif
