/*
 * tokens.c: the tokens clang.c lexes, as lsmgen's readers use them: joined back into
 * text, found by offset, and a macro use's arguments split as cpp splits them, the one
 * splitter of the hook table reader and the scan.
 */
#include "tokens.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"

void tokens_free(struct tokens *t)
{
	for (unsigned i = 0; !t->texts && i < t->n; i++)
		free(t->v[i].text);
	free(t->texts);
	free(t->v);
}

bool tok_is(const struct tok *t, const char *text)
{
	/* the first character settles most comparisons */
	return t->text[0] == text[0] && strcmp(t->text, text) == 0;
}

/* Join tokens [a, b) with one space wherever the source had white space or a comment. */
char *join_as_written(const struct tok *v, unsigned a, unsigned b)
{
	struct buf out = { 0 };

	buf_add(&out, "", 0);
	for (unsigned i = a; i < b; i++) {
		if (i > a && v[i].off > v[i - 1].end)
			buf_putc(&out, ' ');
		buf_puts(&out, v[i].text);
	}
	return out.s;
}

/* Join tokens [a, b) in kernel style: "const struct cred *old", "char __user **p". */
char *join_canonical(const struct tok *v, unsigned a, unsigned b)
{
	struct buf out = { 0 };

	buf_add(&out, "", 0);
	for (unsigned i = a; i < b; i++) {
		if (i > a) {
			const char *p = v[i - 1].text, *c = v[i].text;
			bool tight = strcmp(p, "(") == 0 || strcmp(p, "[") == 0 ||
				     strcmp(p, "*") == 0 || strcmp(c, ")") == 0 ||
				     strcmp(c, "]") == 0 || strcmp(c, "[") == 0 ||
				     (strcmp(c, "(") == 0 && strcmp(p, ")") == 0);

			if (!tight)
				buf_putc(&out, ' ');
		}
		buf_puts(&out, v[i].text);
	}
	return out.s;
}

/* The index of the first token at or after offset off. */
unsigned token_index(const struct tokens *t, unsigned off)
{
	unsigned lo = 0, hi = t->n;

	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;

		if (t->v[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n ? lo : t->n - 1;
}

unsigned macro_args(const struct tokens *t, unsigned open, struct range **args,
		    unsigned *close)
{
	unsigned depth = 0, start = open + 1, n = 0;
	struct range *v = NULL;

	for (unsigned k = open + 1; k < t->n; k++) {
		const char *s = t->v[k].text;
		bool last = !strcmp(s, ")") && depth == 0;

		if (!strcmp(s, "("))
			depth++;
		else if (!strcmp(s, ")") && depth)
			depth--;
		if (!last && (depth || strcmp(s, ",")))
			continue;
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n++] = (struct range){ start, k };
		start = k + 1;
		if (last) {
			*args = v;
			*close = k;
			return n;
		}
	}
	free(v);
	*args = NULL;
	return 0;
}

bool is_ident_start(int c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

size_t ident_len(const char *s)
{
	return strspn(s, "_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
}

bool is_identifier(const char *s)
{
	return s && is_ident_start(*s) && !s[ident_len(s)];
}
