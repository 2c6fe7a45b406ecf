/* hooktable.h: the C inputs read with libclang: lsm_hook_defs.h and lsm_count.h. */
#ifndef LSMGEN_HOOKTABLE_H
#define LSMGEN_HOOKTABLE_H

#include "config.h"
#include "model.h"

/* Parse the hook table with the preprocessor evaluating cfg: fill m->hooks and m->deps. */
bool hooktable_read(struct model *m, const char *path, const struct config *cfg);
/* The same for a table already in memory, named path in messages. */
bool hooktable_parse(struct model *m, const char *path, const char *text, size_t len,
		     const struct config *cfg);
/* Read the IS_ENABLED(CONFIG_...) entries of a kernel's lsm_count.h, in order, into reg. */
bool lsmcount_read(struct lsm_registry *reg, const char *path, const struct lsm_registry *names);
/* Evaluate preprocessor conditions against cfg: result[i] is 1, 0, or -1 when it errs. */
void eval_conditions(const char *const *exprs, unsigned n, const struct config *cfg,
		     signed char *result);
/* What one LSM source file registers: its LSM_HOOK_INIT entries and DEFINE_LSM names. */
struct lsm_source {
	/* each lsm_info's .name: "selinux", "@MACRO" to resolve, "?arg" when unreadable */
	struct strlist lsm_names;
	struct strlist define_names, define_values;	/* #define NAME "text" */
	struct strlist hooks, functions, guards;	/* guards: "" when none */
	unsigned *lines;			/* line of each entry */
	bool all_hooks;			/* LSM_HOOK defined to LSM_HOOK_INIT, then the table */
};

/* Scan an LSM source file's tokens (no preprocessing: includes need not exist). */
bool lsm_source_scan(const char *path, struct lsm_source *out);
/*
 * What identifies a hook table: its sha256 and its number of LSM_HOOK( entries at the
 * start of a line (both as ../shared/kernel/lsm_hook_impls.json records them).
 */
bool hooktable_fingerprint(const char *path, char sha256[65], unsigned *nhooks,
			   struct strlist *names);
/* "selinux": a plain string literal whose text can be an LSM name. */
bool string_literal_is_name(const char *lit);
/* Free a scan's contents. */
void lsm_source_free(struct lsm_source *s);
/* The libclang version lsmgen runs on, e.g. "Debian clang version 14.0.6". */
char *libclang_version(void);

#endif
