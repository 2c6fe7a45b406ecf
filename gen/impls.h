/* impls.h: implementer lists, which LSMs implement which hooks (an --impls file or a scan). */
#ifndef LSMGEN_IMPLS_H
#define LSMGEN_IMPLS_H

#include "model.h"
#include "strlist.h"

/* One LSM_HOOK_INIT(hook, function) entry of an LSM, with what must hold for it to count. */
struct impl_entry {
	char *hook;
	char *function;
	struct expr *guard;	/* preprocessor condition around the entry, or NULL */
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

/*
 * True if im (read from the file impls) is for the hook table hookdefs: every hook it
 * names is there, and the table it records, if any, is this one; else errors say why.
 */
bool impls_match_table(const char *impls, const struct impls *im, const char *hookdefs,
		       bool exact);
/*
 * Add to m's LSM list every LSM of im it lacks that registers hooks (warning where), and
 * with kdir warn of every listed LSM kdir's security/ does not define.
 */
void impls_count_unlisted(struct model *m, struct impls *im, const char *kdir);
/* Free one entry's contents. */
void impl_entry_free(struct impl_entry *e);
/* Free an implementer list. */
void impls_free(struct impls *im);

#endif
