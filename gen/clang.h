/*
 * clang.h: lsmgen's only door to libclang. Tokens of a file as written (tokens.h), a hook table
 * preprocessed with a configuration's definitions, and preprocessor conditions evaluated
 * against a configuration. Nothing else includes <clang-c/Index.h>.
 */
#ifndef LSMGEN_CLANG_H
#define LSMGEN_CLANG_H

#include "config.h"
#include "expr.h"
#include "tokens.h"
#include "strlist.h"

/* What preprocessing a hook table found, as offsets into its text. */
struct preprocessed {
	struct tokens toks;		/* the table's own tokens, comments left out */
	unsigned *entries, nentries;	/* where each LSM_HOOK expansion starts, in order */
	unsigned *defs, ndefs;		/* macro definitions, to check */
	unsigned *decls, ndecls;	/* anything else the parser saw: not an entry */
	struct strlist expanded;	/* names of every macro expanded in the table */
};

/* The libclang version lsmgen runs on, e.g. "Debian clang version 14.0.6". */
char *libclang_version(void);
/* Tokens of text (the file path), lexed without preprocessing: includes need not exist. */
void clang_lex(const char *path, const char *text, size_t len, struct tokens *out);
/*
 * Preprocess the hook table text (named path) with cfg defined as autoconf.h would, the
 * kconfig.h macros, and LSM_HOOK expanding to nothing. Reports libclang's diagnostics and
 * entries in #included files (lsmgen reads only the table's own tokens) as errors, adds
 * every file opened to deps; false after any error.
 */
bool clang_preprocess(const char *path, const char *text, size_t len, const struct config *cfg,
		      struct preprocessed *out, struct strlist *deps);
void preprocessed_free(struct preprocessed *p);
/* Evaluate preprocessor conditions against cfg: result[i] is 1, 0, or -1 when unsure. */
void eval_conditions(const struct expr *const *conds, unsigned n, const struct config *cfg,
		     signed char *result);

/* Token helpers. */
#endif
