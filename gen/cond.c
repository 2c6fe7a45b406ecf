/* cond.c: the stack of #if conditions around each token, read from the directives. */
#include "cond.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

struct expr *cond_guard(const struct cond_stack *s)
{
	struct expr *g = NULL;

	for (unsigned i = 0; i < s->n; i++) {
		const struct cond *c = &s->v[i];

		if (c->include_guard)
			continue;
		g = g ? expr_and(g, expr_copy(c->branch)) : expr_copy(c->branch);
	}
	return g;
}

/* Does the line break at p continue the line, as cpp reads it: a backslash before it, with
 * only blanks or a carriage return between (gcc takes those too, with a warning)? */
static bool continued(const char *text, const char *p)
{
	while (p > text && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\r'))
		p--;
	return p > text && p[-1] == '\\';
}

unsigned directive_end(const struct tokens *t, const char *text, unsigned i)
{
	unsigned k = i + 1;

	for (; k < t->n; k++) {
		const char *p = text + t->v[k - 1].end, *q = text + t->v[k].off;
		bool newline = false;

		for (; p < q && !newline; p++) {
			/* a line break inside a comment is part of the comment: not the end */
			if (p + 1 < q && p[0] == '/' && p[1] == '*') {
				const char *close = p + 2;

				while (close + 1 < q && !(close[0] == '*' && close[1] == '/'))
					close++;
				p = close + 1;
				continue;
			}
			/* a // comment runs to the end of the line (no block comment opens in it),
			 * which ends the directive */
			if (p + 1 < q && p[0] == '/' && p[1] == '/')
				while (p + 1 < q && !(p[1] == '\n' && !continued(text, p + 1)))
					p++;
			newline = *p == '\n' && !continued(text, p);
		}
		if (newline)
			break;
	}
	return k;
}

/* "#ifdef X" and "#elifdef X" as defined(X), "#ifndef X" and "#elifndef X" as !defined(X). */
static struct expr *defined_test(const struct tok *v, unsigned a, unsigned end, bool negated)
{
	if (a + 1 != end)
		return expr_parse(v, a, end);	/* not one name: as written, opaque */
	struct expr *d = expr_defined(v[a].text);

	return negated ? expr_unary("!", d) : d;
}

void walk_directive(struct cond_stack *s, const struct tokens *t, const char *text,
			   unsigned i, unsigned end, bool first)
{
	const struct tok *v = t->v;

	if (i + 1 >= end)
		return;
	const char *kw = v[i + 1].text;
	bool is_if = !strcmp(kw, "if"), ifdef = !strcmp(kw, "ifdef");
	bool ifndef = !strcmp(kw, "ifndef");

	if (is_if || ifdef || ifndef) {
		s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
		struct cond *c = &s->v[s->n++];

		*c = (struct cond){ 0 };
		c->own = is_if ? expr_parse(v, i + 2, end) : defined_test(v, i + 2, end, ifndef);
		if (!c->own)	/* "#if" with nothing: cpp's error, a branch never taken */
			c->own = expr_from_text("0");
		c->branch = expr_copy(c->own);
		/* "#ifndef X" then "#define X" at the very top is an include guard. */
		if (first && ifndef && i + 3 == end) {
			unsigned next = directive_end(t, text, i);

			c->include_guard = next + 2 < t->n && tok_is(&v[next], "#") &&
					   tok_is(&v[next + 1], "define") &&
					   tok_is(&v[next + 2], v[i + 2].text);
		}
	} else if ((!strcmp(kw, "elif") || !strcmp(kw, "else") || !strcmp(kw, "elifdef") ||
		    !strcmp(kw, "elifndef")) && s->n) {
		struct cond *c = &s->v[s->n - 1];
		struct expr *not = expr_not(c->branch);
		struct expr *prior = c->prior ? expr_and(c->prior, not) : not;

		c->branch = NULL;
		c->prior = prior;
		expr_free(c->own);
		/* "#elifdef X" (C23, and gcc 12 in gnu11) is "#elif defined(X)" */
		c->own = !strcmp(kw, "else") ? NULL :
			 kw[4] ? defined_test(v, i + 2, end, kw[4] == 'n') :
			 expr_parse(v, i + 2, end);
		if (kw[2] == 'i' && !c->own)
			c->own = expr_from_text("0");
		/* "#elif A || B": the prior branches' negation binds to all of it */
		c->branch = c->own ? expr_and(expr_copy(prior), expr_copy(c->own)) :
			    expr_copy(prior);
		c->include_guard = false;
	} else if (!strcmp(kw, "endif") && s->n) {
		struct cond *c = &s->v[--s->n];

		expr_free(c->branch);
		expr_free(c->prior);
		expr_free(c->own);
	}
}

void cond_stack_free(struct cond_stack *s)
{
	while (s->n) {
		s->n--;
		expr_free(s->v[s->n].branch);
		expr_free(s->v[s->n].prior);
		expr_free(s->v[s->n].own);
	}
	free(s->v);
	s->v = NULL;
}
