/* build.h: the one pipeline from the inputs to a complete model, shared by every command. */
#ifndef LSMGEN_BUILD_H
#define LSMGEN_BUILD_H

#include "model.h"

/* How far a command needs the model built; each stage includes the ones before. */
enum build_stage {
	BUILD_FACTS,		/* the LSM list, and a tree's implementer facts with the
				 * fingerprint of its hook table (impls) */
	BUILD_COUNT,		/* and the configuration: MAX_LSM_COUNT (count) */
	BUILD_HOOKS,		/* and the hook table with its policies (hooks, diff) */
	BUILD_ALL,		/* and slots and dispatch: what generate writes */
};

/* The options as the command line gives them, paths resolved (--kernel KDIR turned into
 * the files it names); main's option table writes each field. */
struct build_opts {
	const char *cmd;	/* the command, for usage messages */
	enum build_stage stage;
	const char *hookdefs, *config;	/* config unused with all_configs */
	bool all_configs;	/* one output for every configuration: no config read */
	const char *kernel;	/* whose security/ to scan when no --impls is given */
	const char *lsms, *lsm_count_h, *policies;	/* NULL: the built-in ones */
	enum slots_layout slots;	/* SLOTS_UNSET: max */
	const char *impls, *impls_tree, *explain_slots;
	enum dispatch_layout dispatch;	/* DISPATCH_UNSET: keys */
	const char *abstain, *runtime_lsm;
};

struct impls;

/*
 * Build m from b: 0, or EXIT_INPUT after reporting every input error it could find, or
 * EXIT_USAGE after a usage error. m records every file read in m->deps either way; free it
 * with model_free(). --explain-slots prints its explanation while the slots are decided.
 * The implementer facts read or scanned go to *facts (free with impls_free()) when facts
 * is not NULL.
 */
int build_model(const struct build_opts *b, struct model *m, struct impls *facts);

#endif
