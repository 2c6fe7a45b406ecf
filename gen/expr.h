/*
 * expr.h: a C condition or constant, parsed once from its tokens: #if conditions, the
 * guards they make, hook defaults and --abstain-value. Printers say it as written, safe
 * inside a comment, or as C; predicates answer what the readers ask of it.
 */
#ifndef LSMGEN_EXPR_H
#define LSMGEN_EXPR_H

#include <stdbool.h>

#include "tokens.h"

enum expr_kind {
	EXPR_NUMBER,	/* 0, 0x10, 1UL */
	EXPR_NAME,	/* CONFIG_X, EINVAL */
	EXPR_DEFINED,	/* defined(X), defined X: the name in text */
	EXPR_CALL,	/* IS_ENABLED(CONFIG_X), any function-like macro: callee in text */
	EXPR_PAREN,	/* ( a ) */
	EXPR_UNARY,	/* ! ~ - + a: operator in text */
	EXPR_BINARY,	/* a op b: operator in text */
	EXPR_TERNARY,	/* a ? b : c */
	EXPR_OPAQUE,	/* tokens lsmgen does not parse (a string, <header>): as written */
};

/* What a node prints, in order: its own tokens and its operands. */
struct expr_part {
	char *tok;		/* a token's text, or NULL for kid */
	struct expr *kid;
	signed char space;	/* white space before: 1, 0, or -1 for the kid's own */
};

struct expr {
	enum expr_kind kind;
	char *text;		/* name, number, callee or operator */
	struct expr **kids;	/* operands; a call's arguments */
	unsigned nkids;
	struct expr_part *parts;
	unsigned nparts;
};

/* Tokens [a, b) of v as an expression; unparsed tokens become one EXPR_OPAQUE. NULL if
 * the range is empty. */
struct expr *expr_parse(const struct tok *v, unsigned a, unsigned b);
/* Text as an expression (a guard or default read back from JSON, a command line's
 * value): EXPR_OPAQUE if it holds a comment or line break; NULL if empty. */
struct expr *expr_from_text(const char *text);
struct expr *expr_copy(const struct expr *e);
void expr_free(struct expr *e);

/* Made, not read: a name, defined(name), callee(arg), (a), op a, !(a), and a && b or
 * a || b with an operand that binds looser put in parentheses. They take what they are
 * given. */
struct expr *expr_name(const char *name);
struct expr *expr_defined(const char *name);
struct expr *expr_call(const char *callee, struct expr *arg);
struct expr *expr_paren(struct expr *a);
struct expr *expr_unary(const char *op, struct expr *a);
struct expr *expr_not(struct expr *a);
struct expr *expr_and(struct expr *a, struct expr *b);
struct expr *expr_or(struct expr *a, struct expr *b);

/* The expression as written: one space wherever its source had white space. */
char *expr_text(const struct expr *e);
/* The same, safe inside a C comment: no "/" beside "*" or "/" opens or closes one.
 * How a guard is shown everywhere; NULL for NULL. */
char *expr_comment_text(const struct expr *e);
/*
 * e as a C constant expression: defined(X) becomes IS_BUILTIN(X) (the same for the bool
 * symbols guards test), calls stay. NULL if e uses a name's value (#if CONFIG_X, which
 * C cannot test when unset) or does not parse.
 */
struct expr *expr_as_c(const struct expr *e);
/* expr_text with the offset in it of each "&&" printed with a space either side. */
char *expr_text_and_marks(const struct expr *e, unsigned **marks, unsigned *nmarks);

/* One operand, safe to paste beside any operator: a name, number, call or parenthesised
 * group, perhaps behind unary operators. "0 | 1" is not: "rc != 0 | 1" is always true. */
bool expr_is_operand(const struct expr *e);
/* Only Kconfig: CONFIG_ names, numbers, defined and the kconfig.h macros (IS_ENABLED,
 * IS_BUILTIN, IS_MODULE, IS_REACHABLE) on CONFIG_ names. */
bool expr_only_kconfig(const struct expr *e);
/* Numbers, names, parentheses, calls of at most one argument and the arithmetic, bitwise
 * and logical operators; no comparison, no ?:, nothing opaque. The one rule for hook
 * defaults and --abstain-value. */
bool expr_is_safe(const struct expr *e);
/* True if any part lsmgen could not parse. */
bool expr_has_opaque(const struct expr *e);
/* The value of e if it is made of numbers and operators only, as cpp's #if computes it;
 * false for a name, an unsigned number, or division by zero. */
bool expr_constant(const struct expr *e, long long *value);
/* The one symbol e tests for being set: IS_ENABLED(X), IS_BUILTIN(X), defined(X),
 * defined X. NULL for anything else. */
const char *expr_tested_symbol(const struct expr *e);
/* The first name (a NAME, DEFINED's name, a callee or its argument's names) for which
 * fn returns true, or NULL. */
const char *expr_find_name(const struct expr *e, bool (*fn)(const char *name, void *arg),
			   void *arg);

/* --all-configs --slots exact keeps each count's terms, each one expression. */
struct exprlist {
	struct expr **v;
	unsigned n;
};

void exprlist_add(struct exprlist *l, struct expr *e);
void exprlist_free(struct exprlist *l);

#endif
