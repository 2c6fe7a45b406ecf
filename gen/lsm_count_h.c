/* lsm_count_h.c: the LSM list of a kernel's own lsm_count.h, read from its tokens. */
#include "lsm_count_h.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "cond.h"
#include "diag.h"
#include "files.h"
#include "lex.h"

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

/* Is the branch at this point of the #if nesting one cpp drops: a constant 0 around it? */
static bool hidden(const struct cond_stack *c)
{
	long long v;

	for (unsigned i = 0; i < c->n; i++)
		if (c->v[i].branch && expr_constant(c->v[i].branch, &v) && !v)
			return true;
	return false;
}

/*
 * The conditional directive at t->v[i] (up to next), already walked into c: the gate, a
 * constant, or an entry. Read as cpp would count them: each '#if' or '#elif' on one
 * CONFIG_ symbol is an LSM; a constant shows or hides what it holds; a condition that is
 * anything else is refused with its place, since counting it as one symbol could count
 * too few.
 */
static void read_conditional(struct lsm_list *list, const struct lsm_list *names,
			     const struct tokens *t, unsigned i, unsigned next,
			     const struct cond_stack *c, const char *path)
{
	const struct tok *d = &t->v[i + 1];
	const struct expr *own = c->n ? c->v[c->n - 1].own : NULL;
	long long v;

	/* the gate: an #ifdef around the entries, not one
	 * ('#ifdef X' '#define X_ENABLED') */
	if (tok_is(d, "ifdef") && i + 3 == next && !list->gate && !list->n && !hidden(c) &&
	    !(next + 1 < t->n && tok_is(&t->v[next], "#") && tok_is(&t->v[next + 1], "define"))) {
		list->gate = xstrdup(t->v[i + 2].text);
		return;
	}
	if (!own || expr_constant(own, &v) || !mentions_config(t->v, i + 2, next) || hidden(c))
		return;
	const char *sym = expr_tested_symbol(own);

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
	struct cond_stack c = { 0 };

	memset(list, 0, sizeof(*list));
	list->source = xstrdup(path);
	/* Only the tokens matter: <linux/args.h> and friends need not exist. */
	lex_source(text, len, &t);
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

		walk_directive(&c, &t, text, i, next, false);
		if (tok_is(d, "if") || tok_is(d, "ifdef") || tok_is(d, "ifndef") ||
		    tok_is(d, "elif") || tok_is(d, "elifdef") || tok_is(d, "elifndef"))
			read_conditional(list, names, &t, i, next, &c, path);
	}
	bool ok = list->n > 0 && defines_max;

	if (!ok && error_count() == before)
		error_at(path, 0, 0, "not an lsm_count.h: it needs '#if IS_ENABLED(CONFIG_...)' "
			 "entries and a definition of MAX_LSM_COUNT");
	cond_stack_free(&c);
	tokens_free(&t);
	free(text);
	return ok && error_count() == before && lsm_list_check(list);
}
