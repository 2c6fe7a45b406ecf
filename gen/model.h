/* model.h: what lsmgen knows about a kernel: the enabled hooks, the LSMs, MAX_LSM_COUNT. */
#ifndef LSMGEN_MODEL_H
#define LSMGEN_MODEL_H

#include <stdbool.h>

#include "config.h"
#include "expr.h"
#include "strlist.h"

/* One parameter of a hook, in the canonical spelling lsmgen emits. */
struct param {
	char *decl;		/* "const struct cred *old" */
	char *type;		/* "const struct cred *" */
	char *name;		/* "old" */
	size_t name_at;		/* where name starts in decl */
};

/* How a hook is dispatched (hookdefs/policies.json). */
enum policy {
	POLICY_STANDARD,	/* lsm_dispatch_H() only */
	/* also lsm_slot_active_H(), lsm_slot_call_H(), lsm_slot_lsmid_H() */
	POLICY_PRIMITIVES,
	POLICY_LSMID,		/* primitives, and lsm_dispatch_H_lsmid() */
};

/* One LSM_HOOK(RET, DEFAULT, NAME, params...) entry that the configuration keeps. */
struct hook {
	char *name;
	char *ret;		/* "int" or "void" */
	struct expr *def;	/* the default: 0, -EOPNOTSUPP, LSM_RET_VOID */
	bool is_void;
	struct param *params;	/* none for a "void" parameter list */
	unsigned nparams;
	struct expr *guard;	/* the preprocessor condition it sits under, or NULL */
	unsigned line, col;
	enum policy policy;
	bool any_if_zero;	/* POLICY_LSMID: lsmid 0 selects the first filled slot */
	unsigned nslots;	/* slots of this hook: MAX_LSM_COUNT, or exact; with
				 * --all-configs, the most any configuration can have */
	bool slots_unsure;	/* --slots exact could not be sure: MAX_LSM_COUNT kept */
	struct slot_terms *terms;	/* --all-configs --slots exact, or NULL */
};

/*
 * --all-configs --slots exact: the terms of LSM_SLOTS_<hook>, each a C constant expression
 * of Kconfig symbols (an entry's LSM, #if condition and Makefile condition): the count is
 * the sum of those that hold, MAX_LSM_COUNT where an unsure one holds or always_unsure.
 */
struct slot_terms {
	struct exprlist sum;	/* one per entry whose condition C can say */
	struct strlist unsure;	/* where any holds, the count is not known */
	bool always_unsure;
	bool lsm_twice;		/* an LSM has two entries: the count may pass MAX_LSM_COUNT */
};

/* One LSM that counts towards MAX_LSM_COUNT, and the Kconfig symbol that builds it. */
struct lsm {
	char *name;
	char *kconfig;		/* with the CONFIG_ prefix */
	unsigned line;		/* where it was listed, 0 if unknown */
};

/* The LSMs that count, in order, and the symbol without which none does. */
struct lsm_list {
	char *source;		/* file it came from, for messages */
	char *gate;		/* "CONFIG_SECURITY", or NULL */
	struct lsm *lsms;
	unsigned n;
	/* the last from_tree of lsms: not listed, found registering hooks */
	unsigned from_tree;
};

/* --slots and --dispatch: 0 is "not given", so a command can tell the default apart. */
enum slots_layout { SLOTS_UNSET, SLOTS_MAX, SLOTS_EXACT };
enum dispatch_layout { DISPATCH_UNSET, DISPATCH_KEYS, DISPATCH_SWITCH };

/* The shape of the output: set once by build_model(), or read from a manifest. */
struct layout {
	bool all_configs;	/* no configuration: counts are expressions, max_lsm_count
				 * the most there can be (every LSM) */
	enum slots_layout slots;	/* SLOTS_EXACT: per-hook slot counts */
	enum dispatch_layout dispatch;	/* DISPATCH_SWITCH: the 2020 layout, no static keys */
	const char *abstain;	/* a result that decides nothing, or NULL */
	const char *runtime_lsm;	/* emit security_toggle_hook() for this LSM, or NULL */
};

/* Where the lists came from, when not built in: the banner's regenerate command says so. */
struct list_sources {
	bool lsms, lsm_count_h, policies, impls;
};

/* --explain-slots: one LSM entry (or an LSM that fills every hook) and its fate. */
struct slot_reason {
	char *verdict;		/* "yes" (fills a slot), "no", "??" (unsure) */
	char *lsm, *function;	/* function NULL: the LSM fills every hook */
	char *why;
	char *guard, *build_condition;	/* or NULL */
};

/* --explain-slots HOOK: its slots and the reason of each LSM entry for it. */
struct slot_explanation {
	char *hook;
	unsigned nslots;
	bool unsure;
	struct slot_reason *v;
	unsigned n;
};

/* Everything a generated file is made from. */
struct model {
	char *hookdefs;		/* path of the hook table as given */
	char *config;		/* path of the configuration as given */
	struct hook *hooks;
	unsigned nhooks;
	struct lsm_list lsm_list;
	bool *counted;		/* per LSM of lsm_list: built in (IS_ENABLED) */
	char **lsm_value;	/* per LSM of lsm_list: its symbol as the .config has it ("y", "m",
				 * a number, a C-quoted string, "is not set") */
	char *gate_value;	/* the gate's symbol, likewise; NULL without a gate */
	unsigned max_lsm_count;
	struct layout layout;
	struct list_sources from_file;
	struct slot_explanation *explained;	/* --explain-slots, or NULL */
	struct strlist deps;	/* every file read */
	/* --all-configs --kernel: what the checked-in files were made from (fingerprint.h) */
	char *inputs_sha256;
	struct strlist inputs_words;
};

/* sizeof(struct lsm_static_call) on x86-64: four pointers. */
#define LSM_STATIC_CALL_BYTES 32

/* What a configuration costs in the kernel image. */
struct stats {
	unsigned long static_calls, static_keys, table_entries, table_bytes;
};

/* The cost of m: its hooks' slots (MAX_LSM_COUNT each unless --slots exact). */
struct stats model_stats(const struct model *m);
/* The layout's cost with every hook given MAX_LSM_COUNT slots (what --slots max costs). */
struct stats model_stats_max(const struct model *m);
/*
 * Compute which LSMs count and MAX_LSM_COUNT for cfg, and record their symbols' values.
 * cfg NULL (--all-configs): every LSM may count, so MAX_LSM_COUNT is at most all of them.
 */
void model_count(struct model *m, const struct config *cfg);
/* The LSM named name (or, by_kconfig, built by that symbol), or NULL. */
const struct lsm *lsm_list_find(const struct lsm_list *list, const char *key, bool by_kconfig);
/* Check an LSM list: LSM names and Kconfig symbols well formed and unique; report errors. */
bool lsm_list_check(const struct lsm_list *list);
/* Free an LSM list's contents. */
void lsm_list_free(struct lsm_list *list);
/* The name of a policy as policies.json writes it. */
const char *policy_name(enum policy p);
/* The policy a policies file or a manifest names, or -1 if it names none. */
int policy_from_name(const char *name);
/* The names --slots and --dispatch take and manifests hold, NULL-ended; the index is the
 * enum's value (0, unset, has no name). */
extern const char *const slots_names[], *const dispatch_names[];
/* The index of name among names[1...], or 0 if it is none of them (or NULL). */
int name_index(const char *const *names, const char *name);
/* Find a hook by name, or NULL. */
struct hook *model_find_hook(const struct model *m, const char *name);
/* Free a hook's contents. */
void hook_free(struct hook *h);
/* Free a model's contents. */
void model_free(struct model *m);
/* Number of int hooks in the model. */
unsigned model_int_hooks(const struct model *m);

#endif
