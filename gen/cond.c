/* cond.c: the stack of #if conditions around each token, read from the directives. */
#include "cond.h"

#include <stdlib.h>
#include <string.h>

char *guard_text(const struct cond_stack *s)
{
	struct buf b = { 0 };
	unsigned used = 0;

	for (unsigned i = 0; i < s->n; i++) {
		const struct cond *c = &s->v[i];

		if (c->include_guard)
			continue;
		if (used++)
			buf_puts(&b, " && ");
		bool wrap = s->n > 1 && (strstr(c->branch, "||") || strchr(c->branch, '?'));

		buf_printf(&b, wrap ? "(%s)" : "%s", c->branch);
	}
	/* The guard is shown in comments: no "/" next to "*" or "/" may open or close one. */
	for (size_t i = 0; b.s && i + 1 < b.len; i++) {
		if ((b.s[i] == '*' && b.s[i + 1] == '/') ||
		    (b.s[i] == '/' && strchr("*/", b.s[i + 1]))) {
			char *t = xasprintf("%.*s %s", (int)i + 1, b.s, b.s + i + 1);

			free(b.s);
			b.s = t;
			b.len++;
		}
	}
	return b.s;
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
			/* a // comment runs to the end of the line, which ends the directive */
			newline = *p == '\n' && !continued(text, p);
		}
		if (newline)
			break;
	}
	return k;
}

void walk_directive(struct cond_stack *s, const struct tokens *t, const char *text,
			   unsigned i, unsigned end, bool first)
{
	const struct tok *v = t->v;

	if (i + 1 >= end)
		return;
	const char *kw = v[i + 1].text;
	char *expr = join_as_written(v, i + 2, end);

	if (!strcmp(kw, "if") || !strcmp(kw, "ifdef") || !strcmp(kw, "ifndef")) {
		s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
		struct cond *c = &s->v[s->n++];

		*c = (struct cond){ 0 };
		if (!strcmp(kw, "if"))
			c->branch = xstrdup(expr);
		else
			c->branch = xasprintf("%sdefined(%s)", kw[2] == 'n' ? "!" : "", expr);
		/* "#ifndef X" then "#define X" at the very top is an include guard. */
		if (first && kw[2] == 'n') {
			unsigned next = directive_end(t, text, i);

			c->include_guard = next + 2 < t->n && tok_is(&v[next], "#") &&
					   tok_is(&v[next + 1], "define") &&
					   tok_is(&v[next + 2], expr);
		}
	} else if ((!strcmp(kw, "elif") || !strcmp(kw, "else") || !strcmp(kw, "elifdef") ||
		    !strcmp(kw, "elifndef")) && s->n) {
		struct cond *c = &s->v[s->n - 1];
		char *prior = c->prior ? xasprintf("%s && !(%s)", c->prior, c->branch) :
					 xasprintf("!(%s)", c->branch);

		free(c->branch);
		free(c->prior);
		c->prior = prior;
		/* "#elifdef X" (C23, and gcc 12 in gnu11) is "#elif defined(X)" */
		if (!strncmp(kw, "elif", 4) && kw[4]) {
			char *d = xasprintf("%sdefined(%s)", kw[4] == 'n' ? "!" : "", expr);

			free(expr);
			expr = d;
		}
		/* "#elif A || B": the prior branches' negation binds to all of it */
		c->branch = kw[2] != 'i' ? xstrdup(prior) :
			    xasprintf(strstr(expr, "||") || strchr(expr, '?') ? "%s && (%s)" :
				      "%s && %s", prior, expr);
		c->include_guard = false;
	} else if (!strcmp(kw, "endif") && s->n) {
		struct cond *c = &s->v[--s->n];

		free(c->branch);
		free(c->prior);
	}
	free(expr);
}

void cond_stack_free(struct cond_stack *s)
{
	while (s->n) {
		s->n--;
		free(s->v[s->n].branch);
		free(s->v[s->n].prior);
	}
	free(s->v);
	s->v = NULL;
}
