/* lsm_count_h.c: the LSM list of a kernel's own lsm_count.h, read from its tokens. */
#include "lsm_count_h.h"

#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "cond.h"

static const char *listed_name(const struct lsm_list *names, const char *kconfig)
{
	const struct lsm *l = lsm_list_find(names, kconfig, true);

	return l ? l->name : NULL;
}

/* An LSM's name from "#define SELINUX_ENABLED 1,": "selinux". */
static char *name_from_macro(const char *macro)
{
	size_t n = strlen(macro);
	char *s;

	if (n > 8 && strcmp(macro + n - 8, "_ENABLED") == 0)
		n -= 8;
	s = xstrndup(macro, n);
	for (char *p = s; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return s;
}

/*
 * The one Kconfig symbol an entry's condition tests, in the forms cpp reads as "this
 * symbol is set": IS_ENABLED(X), IS_BUILTIN(X), defined(X), defined X (and #ifdef X,
 * given as "defined X"). NULL for any other condition.
 */
static const char *entry_symbol(const struct tok *v, unsigned a, unsigned b)
{
	unsigned n = b - a;

	if (n == 4 && (tok_is(&v[a], "IS_ENABLED") || tok_is(&v[a], "IS_BUILTIN") ||
		       tok_is(&v[a], "defined")) &&
	    tok_is(&v[a + 1], "(") && tok_is(&v[a + 3], ")"))
		return v[a + 2].text;
	if (n == 2 && tok_is(&v[a], "defined"))
		return v[a + 1].text;
	return NULL;
}

static bool mentions_config(const struct tok *v, unsigned a, unsigned b)
{
	for (unsigned k = a; k < b; k++)
		if (v[k].kind == TOK_IDENT && !strncmp(v[k].text, "CONFIG_", 7))
			return true;
	return false;
}

static void add_entry(struct lsm_list *list, const struct lsm_list *names,
		      const struct tokens *t, unsigned next, const char *sym, unsigned line)
{
	const char *known = listed_name(names, sym);
	struct lsm l = { NULL, xstrdup(sym), line };

	/* The macro the entry defines names the LSM when the LSM list cannot. */
	if (known)
		l.name = xstrdup(known);
	else if (next + 2 < t->n && tok_is(&t->v[next], "#") && tok_is(&t->v[next + 1], "define"))
		l.name = name_from_macro(t->v[next + 2].text);
	else
		l.name = name_from_macro(sym + 7);
	list->lsms = xrealloc(list->lsms, (list->n + 1) * sizeof(*list->lsms));
	list->lsms[list->n++] = l;
}

/*
 * Read the entries as cpp would count them: each '#if' on one CONFIG_ symbol is an LSM;
 * '#if 0' hides what it holds (and '#else' shows it); a condition that is anything else
 * is refused with its place, since counting it as one symbol could count too few.
 */
/*
 * The #if nesting lsm_count.h's directives are read under: per open conditional, 1 it
 * hides its branch, 2 an earlier branch was hidden, 3 a true constant hides its #else.
 */
struct nesting {
	unsigned char dead[64];
	unsigned depth, hidden;
};

/* #if, #ifdef, #ifndef open, #else flips, #endif closes: 1 if d was #else or #endif (all
 * there is to it), 0 to read on, -1 when too deep (reported). */
static int track_nesting(struct nesting *c, const struct tok *d, const char *path)
{
	bool opens = tok_is(d, "if") || tok_is(d, "ifdef") || tok_is(d, "ifndef");

	if (opens && c->depth == sizeof(c->dead)) {
		error_at(path, d->line, d->col, "conditionals nested too deep");
		return -1;
	}
	if (opens)
		c->dead[c->depth++] = 0;
	if (tok_is(d, "endif") && c->depth) {
		c->hidden -= c->dead[--c->depth] == 1;
		return 1;
	}
	if (tok_is(d, "else") && c->depth) {
		/* '#if 0 ... #else': the #else branch is the live one, and the reverse */
		if (c->dead[c->depth - 1] == 1)
			c->hidden--, c->dead[c->depth - 1] = 2;
		else if (c->dead[c->depth - 1] == 3)
			c->hidden++, c->dead[c->depth - 1] = 1;
		return 1;
	}
	return 0;
}

/* The conditional directive at t->v[i] (up to next): the gate, a constant, or an entry. */
static void read_conditional(struct lsm_list *list, const struct lsm_list *names,
			     const struct tokens *t, unsigned i, unsigned next, struct nesting *c,
			     const char *path)
{
	const struct tok *d = &t->v[i + 1];

	/* the gate: an #ifdef around the entries, not one
	 * ('#ifdef X' '#define X_ENABLED') */
	if (tok_is(d, "ifdef") && i + 3 == next && !list->gate && !list->n && !c->hidden &&
	    !(next + 1 < t->n && tok_is(&t->v[next], "#") && tok_is(&t->v[next + 1], "define"))) {
		list->gate = xstrdup(t->v[i + 2].text);
		return;
	}
	/* a constant condition: #if 0 hides, #if 1 shows (and hides its #else) */
	if (tok_is(d, "if") && i + 3 == next && t->v[i + 2].kind == TOK_LITERAL &&
	    strspn(t->v[i + 2].text, "0123456789") == strlen(t->v[i + 2].text)) {
		bool zero = strspn(t->v[i + 2].text, "0") == strlen(t->v[i + 2].text);

		c->dead[c->depth - 1] = zero ? 1 : 3;
		c->hidden += zero;
		return;
	}
	if (!mentions_config(t->v, i + 2, next) || c->hidden)
		return;
	const char *sym = tok_is(d, "ifdef") && i + 3 == next ? t->v[i + 2].text :
			  tok_is(d, "if") ? entry_symbol(t->v, i + 2, next) : NULL;

	if (!sym || strncmp(sym, "CONFIG_", 7)) {
		char *cond = join_as_written(t->v, i + 2, next);

		error_at(path, d->line, d->col,
			 "'#%s %s': lsmgen counts an LSM by one Kconfig symbol ('#if "
			 "IS_ENABLED(CONFIG_X)', '#ifdef CONFIG_X' or '#if "
			 "defined(CONFIG_X)'); give this list with --lsms", d->text, cond);
		free(cond);
		return;
	}
	add_entry(list, names, t, next, sym, d->line);
}

bool lsm_count_h_read(struct lsm_list *list, const char *path, const struct lsm_list *names)
{
	size_t len;
	char *text = read_file(path, &len);
	unsigned before = error_count();

	if (!text)
		return false;
	struct tokens t = { 0 };
	struct nesting c = { .depth = 0 };

	memset(list, 0, sizeof(*list));
	list->source = xstrdup(path);
	/* Only the tokens matter: <linux/args.h> and friends need not exist. */
	lex_c(text, len, &t);
	bool defines_max = false;

	for (unsigned i = 0; i + 2 < t.n; i++)
		defines_max |= tok_is(&t.v[i], "#") && tok_is(&t.v[i + 1], "define") &&
			       tok_is(&t.v[i + 2], "MAX_LSM_COUNT");
	for (unsigned i = 0, next = 0; defines_max && i < t.n; i++) {
		if (!tok_is(&t.v[i], "#") || i < next)
			continue;
		next = directive_end(&t, text, i);
		if (i + 1 >= next)
			continue;
		const struct tok *d = &t.v[i + 1];
		int tracked = track_nesting(&c, d, path);

		if (tracked < 0)
			break;
		if (tracked || !(tok_is(d, "if") || tok_is(d, "ifdef") || tok_is(d, "ifndef") ||
				 tok_is(d, "elif")))
			continue;
		read_conditional(list, names, &t, i, next, &c, path);
	}
	bool ok = list->n > 0 && defines_max;

	if (!ok && error_count() == before)
		error_at(path, 0, 0, "not an lsm_count.h: it needs '#if IS_ENABLED(CONFIG_...)' "
			 "entries and a definition of MAX_LSM_COUNT");
	tokens_free(&t);
	free(text);
	return ok && error_count() == before && lsm_list_check(list);
}
