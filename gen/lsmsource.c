/*
 * lsmsource.c: one LSM source file as cpp would read it, without preprocessing: its unit
 * (unit.c: the file and the local headers it includes, lexed, and their #defines), every
 * LSM_HOOK_INIT entry and every use of a macro whose body reaches one found under the #if
 * conditions around it (cond.c), and its DEFINE_LSM names. What cannot be attributed to
 * a hook is recorded, never dropped.
 */
#include "lsmsource.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "cond.h"
#include "diag.h"
#include "files.h"
#include "strlist.h"
#include "unit.h"

/* Kernel hook names have up to 25 characters; generated names must fit in 100 columns. */
#define MAX_NAME 64
/* Headers without include guards that include each other many times over: a file whose
 * walk would take longer is opaque instead (its LSM's hooks keep MAX_LSM_COUNT). */
#define MAX_INCLUDES 100000

/* "selinux": a plain string literal whose text can be an LSM name. */
bool string_literal_is_name(const char *lit)
{
	size_t n = strlen(lit);

	if (n < 3 || lit[0] != '"' || lit[n - 1] != '"' || n - 2 > MAX_NAME)
		return false;
	for (size_t k = 1; k + 1 < n; k++)
		if (!(isalnum((unsigned char)lit[k]) || lit[k] == '_' || lit[k] == '-'))
			return false;
	return true;
}

/*
 * The name an initializer "= { ... }" at token i gives with ".name = ": the text of a
 * string literal, "@MACRO" for a macro to resolve, or NULL; *id gets the index of X in
 * ".id = &X" (Linux 6.19+ names an LSM through its struct lsm_id), else 0. Up to the ';'
 * that ends the definition, skipping directives: lockdown writes "#ifdef X /
 * DEFINE_EARLY_LSM(lockdown) = { / #else / DEFINE_LSM(lockdown) = { / #endif".
 */
static char *initializer_name(const struct tokens *t, const char *text, unsigned i,
			      unsigned *id)
{
	const struct tok *v = t->v;

	*id = 0;
	if (i + 1 >= t->n || !tok_is(&v[i], "=") || !tok_is(&v[i + 1], "{"))
		return NULL;
	for (unsigned k = i + 2; k + 3 < t->n && !tok_is(&v[k], ";"); k++) {
		if (tok_is(&v[k], "#") && (k == 0 || v[k - 1].line != v[k].line)) {
			k = directive_end(t, text, k) - 1;
			continue;
		}
		if (!tok_is(&v[k], ".") || !tok_is(&v[k + 2], "="))
			continue;
		const struct tok *val = &v[k + 3];
		bool ends = k + 4 < t->n && (tok_is(&v[k + 4], ",") || tok_is(&v[k + 4], "}"));

		if (tok_is(&v[k + 1], "id") && tok_is(val, "&") && k + 5 < t->n &&
		    v[k + 4].kind == TOK_IDENT &&
		    (tok_is(&v[k + 5], ",") || tok_is(&v[k + 5], "}"))) {
			*id = k + 4;
			continue;
		}
		if (!tok_is(&v[k + 1], "name"))
			continue;
		if (ends && val->kind == TOK_IDENT)
			return xasprintf("@%s", val->text);
		if (ends && val->kind == TOK_LITERAL && string_literal_is_name(val->text))
			return xstrndup(val->text + 1, strlen(val->text) - 2);
		break;
	}
	return NULL;
}

/*
 * The LSM a DEFINE_LSM(arg) = { ... } at token i of f names: its .name, or the .name of
 * the "struct lsm_id X = { ... }" its .id points to, in f or in a header f includes (as
 * cpp would see it); "?arg" when neither reads.
 */
static char *lsm_info_name(const struct unit *u, const struct lexed *f, unsigned i)
{
	const struct tok *v = f->t.v;
	unsigned id, unused;
	char *name = initializer_name(&f->t, f->text, i, &id);

	for (unsigned n = 0; !name && id && n <= u->nfiles; n++) {
		/* f first, then the unit's headers */
		const struct lexed *h = n == 0 ? f : &u->files[n - 1];
		const struct tok *w = h->t.v;

		if (n > 0 && h == f)
			continue;
		for (unsigned k = 1; !name && k + 3 < h->t.n; k++)
			if (tok_is(&w[k], "lsm_id") && tok_is(&w[k - 1], "struct") &&
			    tok_is(&w[k + 1], v[id].text))
				name = initializer_name(&h->t, h->text, k + 2, &unused);
	}
	return name ? name : xasprintf("?%s", v[i - 2].text);
}

/* What walking the unit needs beside the file at hand. */
struct walker {
	struct unit *u;
	struct lsm_source *out;
	unsigned includes;	/* headers walked so far */
};

static void add_entry(struct lsm_source *out, const char *hook, const char *function,
		      const struct expr *guard, const char *file, unsigned line,
		      const char *unsure)
{
	out->entries = xrealloc(out->entries, (out->n + 1) * sizeof(*out->entries));
	out->entries[out->n++] = (struct impl_entry){
		xstrdup(hook), xstrdup(function), expr_copy(guard), NULL,
		xstrdup(file), line, unsure ? xstrdup(unsure) : NULL,
	};
}

static void set_opaque(struct lsm_source *out, const char *file, unsigned line, const char *what)
{
	warn_at(file, line, 0, "%s: lsmgen cannot tell which hook it registers, so where this "
		"LSM counts every hook keeps MAX_LSM_COUNT slots", what);
	if (!out->opaque)
		out->opaque = xasprintf("%s at %s:%u names no hook lsmgen can read", what, file,
					line);
}

/*
 * Why a condition is not the configuration's to decide, or NULL: it names a CONFIG_
 * symbol that the unit #defines or Kbuild passes with -D, which the .config does not
 * set (the entry keeps MAX_LSM_COUNT slots, with a warning at its place).
 */
static bool set_in_unit(const char *name, void *arg)
{
	const struct unit *u = arg;
	unsigned count;

	return !strncmp(name, "CONFIG_", 7) &&
	       (find_macro(u, name, &count) || (u->flags && strlist_has(&u->flags->defines, name)));
}

static char *defined_condition(const struct unit *u, const struct expr *guard)
{
	const char *name = guard ? expr_find_name(guard, set_in_unit, (void *)u) : NULL;
	unsigned count;

	if (!name)
		return NULL;
	return xasprintf("its condition names %s, which %s", name,
			 find_macro(u, name, &count) ? "a #define of the file sets" :
			 "Kbuild's -D sets");
}

/*
 * A hook name as the preprocessor reads it: an object-like macro of the unit whose body
 * is one name stands for that name (through any chain). NULL when the name is a macro of
 * another shape.
 */
/*
 * Follow object-like macros whose body is one name ("#define A B"), at most 16 hops: the
 * last name reached goes to *name, and its macro is returned (NULL if none; *count of
 * them).
 */
static const struct macro *follow_aliases(const struct unit *u, const char **name,
					  unsigned *count)
{
	const struct macro *m = find_macro(u, *name, count);

	for (unsigned hops = 0; m && *count == 1 && !m->function_like &&
	     m->end == m->body + 1 && m->f->t.v[m->body].kind == TOK_IDENT && hops < 16; hops++) {
		*name = m->f->t.v[m->body].text;
		m = find_macro(u, *name, count);
	}
	return m;
}

static char *hook_name(const struct unit *u, const char *name)
{
	unsigned count;
	const struct macro *m = follow_aliases(u, &name, &count);

	/* a function-like macro's name not followed by '(' is not expanded */
	return m && !(count == 1 && m->function_like) ? NULL : xstrdup(name);
}

/*
 * The hooks a use of macro m registers, given its arguments, into hooks: one for each
 * LSM_HOOK_INIT(X, ...) of m's body, X one of m's parameters (its argument a name) or a
 * name. False when the body reaches LSM_HOOK_INIT in another way.
 */
static bool alias_hooks(const struct unit *u, const struct macro *m, const struct tokens *t,
			const struct range *args, unsigned nargs,
			struct strlist *hooks)
{
	const struct tok *b = m->f->t.v;

	for (unsigned k = m->body; k < m->end; k++) {
		if (b[k].kind != TOK_IDENT || !strcmp(b[k].text, m->name) ||
		    !reaches(u, b[k].text))
			continue;
		if (!registers(b[k].text) || k + 3 >= m->end || !tok_is(&b[k + 1], "(") ||
		    b[k + 2].kind != TOK_IDENT || !tok_is(&b[k + 3], ","))
			return false;
		const char *x = b[k + 2].text;

		for (unsigned p = 0; p < m->params.n; p++) {
			if (strcmp(m->params.v[p], x))
				continue;
			if (p >= nargs || args[p].b != args[p].a + 1 ||
			    t->v[args[p].a].kind != TOK_IDENT)
				return false;
			x = t->v[args[p].a].text;
			break;
		}
		char *hook = hook_name(u, x);

		if (!hook)
			return false;
		strlist_add(hooks, hook);
		free(hook);
		k += 3;
	}
	return hooks->n > 0;
}

/* A use, at token i of f, of LSM_HOOK_INIT or of a macro that reaches it. */
static unsigned registration(struct walker *w, const struct lexed *f, unsigned i,
			     const struct expr *guard)
{
	const struct tokens *t = &f->t;
	const char *name = t->v[i].text, *target = name;
	unsigned line = t->v[i].line, count, nargs = 0;
	/* "#define ALIAS LSM_HOOK_INIT", through any chain of such: ALIAS(h, f) is an entry */
	const struct macro *m = follow_aliases(w->u, &target, &count);
	struct range *args = NULL;
	unsigned close = i;
	char *what = xasprintf("%s(...)", name);
	struct strlist hooks = { 0 };

	bool call = i + 1 < t->n && tok_is(&t->v[i + 1], "(");

	if (call && !(nargs = macro_args(t, i + 1, &args, &close)))
		close = t->n - 1;	/* unterminated: nothing after it is read */
	bool direct = count == 0 && registers(target);
	char *fn = NULL;

	if (direct && nargs == 2 && args[0].b == args[0].a + 1 &&
	    t->v[args[0].a].kind == TOK_IDENT) {
		char *hook = hook_name(w->u, t->v[args[0].a].text);

		if (hook)
			strlist_add(&hooks, hook);
		free(hook);
		fn = join_as_written(t->v, args[1].a, args[1].b);
	} else if (!direct && count == 1 && m->function_like == (nargs > 0) &&
		   !alias_hooks(w->u, m, t, args, nargs, &hooks)) {
		strlist_free(&hooks);
	}
	char *unsure = defined_condition(w->u, guard);

	for (unsigned k = 0; k < hooks.n; k++)
		add_entry(w->out, hooks.v[k], fn ? fn : name, guard, f->path, line, unsure);
	free(unsure);
	if (!hooks.n)
		set_opaque(w->out, f->path, line, what);
	strlist_free(&hooks);
	free(args);
	free(fn);
	free(what);
	return close;
}

static void walk_file(struct walker *w, const char *path, const struct expr *outer,
		      unsigned depth);

/* The guard of what a file guarded by outer (an #include's) holds under its own g. */
static struct expr *within(const struct expr *outer, struct expr *g)
{
	if (!outer || !g)
		return g ? g : expr_copy(outer);
	return expr_and(expr_paren(expr_copy(outer)), expr_paren(g));
}

/* One directive at [i, next) of f. */
static void directive(struct walker *w, const struct lexed *f, unsigned i, unsigned next,
		      struct cond_stack *conds, const struct expr *outer, unsigned depth)
{
	const struct tok *v = f->t.v;
	struct lsm_source *out = w->out;

	track_macro(w->u, f, i, next);

	/* #define LSM_HOOK(...) ... LSM_HOOK_INIT(...): the X-macro of every hook */
	if (i + 2 < next && tok_is(&v[i + 1], "define") && tok_is(&v[i + 2], "LSM_HOOK"))
		for (unsigned k = i + 3; k < next; k++) {
			unsigned count;

			if (v[k].kind != TOK_IDENT || !reaches(w->u, v[k].text))
				continue;
			if (unknown_registration(v[k].text) &&
			    !find_macro(w->u, v[k].text, &count)) {
				char *what = xasprintf("%s(...)", v[k].text);

				set_opaque(out, f->path, v[k].line, what);
				free(what);
			} else {
				out->all_hooks = true;
			}
		}
	/* #define NAME "text": what a .name = NAME of this file or directory means */
	if (i + 4 == next && tok_is(&v[i + 1], "define") && v[i + 2].kind == TOK_IDENT &&
	    v[i + 3].kind == TOK_LITERAL && v[i + 3].text[0] == '"' &&
	    v[i + 3].off > v[i + 2].end) {
		strlist_add(&out->define_names, v[i + 2].text);
		strlist_add(&out->define_values, v[i + 3].text);
	}
	walk_directive(conds, &f->t, f->text, i, next, i == 0);
	char *inc = local_include(w->u, f, i, next);

	/* past gcc's limit (where the kernel's build stops), or past the scan's budget */
	if (inc && (depth >= MAX_INCLUDE_DEPTH || ++w->includes > MAX_INCLUDES)) {
		char *what = depth >= MAX_INCLUDE_DEPTH ?
			     xasprintf("#include \"%s\" nested deeper than %d", path_base(inc),
				       MAX_INCLUDE_DEPTH) :
			     xasprintf("#include \"%s\": headers included more than %d times",
				       path_base(inc), MAX_INCLUDES);

		set_opaque(out, f->path, v[i].line, what);
		free(what);
	} else if (inc && depth < MAX_INCLUDE_DEPTH) {
		struct expr *both = within(outer, cond_guard(conds));

		walk_file(w, inc, both, depth + 1);
		expr_free(both);
	}
	free(inc);
}

/* Does f open with "#ifndef X" and "#define X", as a header's include guard does? */
static bool has_include_guard(const struct lexed *f)
{
	const struct tok *v = f->t.v;

	return f->t.n >= 6 && tok_is(&v[0], "#") && tok_is(&v[1], "ifndef") &&
	       v[2].kind == TOK_IDENT && tok_is(&v[3], "#") && tok_is(&v[4], "define") &&
	       tok_is(&v[5], v[2].text);
}

/* Could f register a hook or name an LSM: does it say any word that does, in this unit? */
static bool may_register(const struct unit *u, const struct lexed *f)
{
	if (f->lsm_words)
		return true;
	for (unsigned k = 0; k < u->reaching.n; k++)
		if (lexed_mentions(f, u->reaching.v[k]))
			return true;
	return false;
}

/* Walk one file of the unit under the guard its #include sits in ("" for the .c itself). */
static void walk_file(struct walker *w, const char *path, const struct expr *outer,
		      unsigned depth)
{
	const struct lexed *f = NULL;
	struct cond_stack conds = { 0 };

	for (unsigned i = 0; i < w->u->nfiles && !f; i++)
		f = !strcmp(w->u->files[i].path, path) ? &w->u->files[i] : NULL;
	if (!f)
		return;
	/* a header with an include guard is read once, as cpp reads it */
	if (depth && has_include_guard(f) && strlist_has(&w->out->headers, path))
		return;
	if (depth)
		strlist_add_unique(&w->out->headers, path);
	if (!may_register(w->u, f)) {
		/* nothing here registers or names an LSM: its directives are all it holds */
		for (unsigned d = 0; d < f->ndirectives; d++)
			directive(w, f, f->directives[d][0], f->directives[d][1], &conds, outer,
				  depth);
		cond_stack_free(&conds);
		return;
	}
	for (unsigned i = 0, next = 0; i < f->t.n; i++) {
		const struct tok *v = f->t.v;

		if (tok_is(&v[i], "#") && i >= next) {
			next = directive_end(&f->t, f->text, i);
			directive(w, f, i, next, &conds, outer, depth);
			continue;
		}
		if (i < next)
			continue;	/* inside a directive */
		if ((tok_is(&v[i], "DEFINE_LSM") || tok_is(&v[i], "DEFINE_EARLY_LSM")) &&
		    i + 3 < f->t.n &&
		    tok_is(&v[i + 1], "(") && v[i + 2].kind == TOK_IDENT &&
		    tok_is(&v[i + 3], ")")) {
			char *name = lsm_info_name(w->u, f, i + 4);

			strlist_add_unique(&w->out->lsm_names, name);
			free(name);
		}
		if (v[i].kind == TOK_IDENT && reaches(w->u, v[i].text) &&
		    strcmp(v[i].text, "LSM_HOOK")) {
			struct expr *both = within(outer, cond_guard(&conds));

			i = registration(w, f, i, both);
			expr_free(both);
		}
	}
	cond_stack_free(&conds);
}

void lsm_source_forget(void)
{
	unit_forget_files();
}

bool lsm_source_scan(const char *path, const struct kbuild_flags *flags,
			    struct lsm_source *out)
{
	struct unit u = { 0 };
	struct walker w = { &u, out, 0 };

	memset(out, 0, sizeof(*out));
	u.flags = flags;
	if (!gather(&u, path, 0)) {
		unit_free(&u);
		return false;
	}
	for (unsigned i = 0; i < u.nmacros; i++)
		u.macros[i].f = &u.files[u.macros[i].file];
	index_macros(&u);
	mark_reaching(&u);
	for (unsigned i = 0; i < u.nmacros; i++)
		if (u.macros[i].reaches)
			strlist_add_unique(&out->macros, u.macros[i].name);
	for (unsigned i = 0; i < u.nmacros; i++)
		if (u.macros[i].reaches)
			strlist_add_unique(&u.reaching, u.macros[i].name);
	u.walking = true;
	walk_file(&w, path, NULL, 0);
	unit_free(&u);
	unit_release(path);
	return true;
}

void lsm_source_free(struct lsm_source *s)
{
	for (unsigned i = 0; i < s->n; i++)
		impl_entry_free(&s->entries[i]);
	free(s->entries);
	free(s->opaque);
	strlist_free(&s->lsm_names);
	strlist_free(&s->define_names);
	strlist_free(&s->define_values);
	strlist_free(&s->headers);
	strlist_free(&s->macros);
}
