/* slots.h: exact slot counts, from which LSMs really implement each hook (--slots exact). */
#ifndef LSMGEN_SLOTS_H
#define LSMGEN_SLOTS_H

#include "config.h"
#include "model.h"

/* One LSM_HOOK_INIT(hook, function) entry of an LSM, with what must hold for it to count. */
struct impl_entry {
	char *hook;
	char *function;
	char *guard;		/* preprocessor condition around the entry, or NULL */
	char *build_condition;	/* Kconfig symbols (no CONFIG_, separated by spaces) of which
				 * any builds its file, or NULL */
	char *file;		/* where the entry is, for messages; NULL if unknown */
	unsigned line;
	char *unsure;		/* why its conditions cannot be known (its hook keeps
				 * MAX_LSM_COUNT where the LSM counts), or NULL */
};

/* One LSM of an implementer list: its symbol and entries. */
struct impl_lsm {
	char *name;
	char *kconfig;		/* with the CONFIG_ prefix */
	bool all_hooks;		/* registers every hook of the table (the BPF LSM's X-macro) */
	bool unsure;		/* a scan could not tell the LSM or its symbol */
	char *unlisted;		/* a scan's LSM the LSM list lacks: a file that defines or
				 * registers it, for the caller to count and warn */
	char *opaque;		/* why its hooks cannot all be known: where it counts, every
				 * hook keeps MAX_LSM_COUNT; NULL when they can */
	struct impl_entry *entries;
	unsigned n;
};

/* Which LSMs implement which hooks (lsm_hook_impls.json, or a scan). */
struct impls {
	char *source;
	struct impl_lsm *lsms;
	unsigned n;
	/* the hook table the list was made from ("_lsm_hook_defs"), or NULLs if not recorded */
	char *table_file, *table_sha256;
	unsigned table_hooks;
	struct strlist macros;	/* a scan's macros that reach LSM_HOOK_INIT, sorted */
};

/* Set every hook's slot count in m: exactly, or MAX_LSM_COUNT where anything is unsure. */
bool slots_exact(struct model *m, const struct impls *im, const struct config *cfg);
/*
 * --all-configs: every hook's LSM_SLOTS_<hook> as a C constant expression of Kconfig
 * symbols (each entry's LSM, #if condition and Makefile condition), and its nslots the
 * most any configuration can have.
 */
bool slots_all_configs(struct model *m, const struct impls *im);
/* Which LSMs fill hook and why (--explain-slots), into m->explained. */
bool slots_explain(struct model *m, const struct impls *im, const struct config *cfg,
		   const char *hook);
/* Free an implementer list. */
void impls_free(struct impls *im);

#endif
