/* cond.h: the #if guard stack, shared by the hook table reader and the security/ scan. */
#ifndef LSMGEN_COND_H
#define LSMGEN_COND_H

#include "expr.h"
#include "tokens.h"

/* The stack of open conditionals while walking the table's directives. */
struct cond {
	struct expr *branch;	/* condition of the current branch */
	struct expr *prior;	/* negation of every earlier branch, or NULL */
	struct expr *own;	/* the #if or #elif's own condition; NULL after #else */
	bool include_guard;
};

struct cond_stack {
	struct cond *v;
	unsigned n;
};

/* The guard the entries at this point sit under, e.g. defined(CONFIG_X); NULL when none. */
struct expr *cond_guard(const struct cond_stack *s);
/* Where the directive starting at token i ends: the first token on a later logical line. */
unsigned directive_end(const struct tokens *t, const char *text, unsigned i);
/* Apply the directive at tokens [i, end) (#if, #ifdef, #elif, #else, #endif) to s. */
void walk_directive(struct cond_stack *s, const struct tokens *t, const char *text,
		    unsigned i, unsigned end, bool first);
/* Free what s holds. */
void cond_stack_free(struct cond_stack *s);

#endif
