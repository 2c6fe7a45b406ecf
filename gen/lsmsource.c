/*
 * lsmsource.c: one LSM source file as cpp would read it, without preprocessing: lexed
 * (clang.c) with the local headers its quoted includes reach (through Kbuild's -I), its
 * #defines gathered, every LSM_HOOK_INIT entry and every use of a macro whose body
 * reaches one found under the #if conditions around it (cond.c), and its DEFINE_LSM
 * names. What cannot be attributed to a hook is recorded, never dropped.
 */
#include "lsmsource.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clang.h"
#include "cond.h"


/* Kernel hook names have up to 25 characters; generated names must fit in 100 columns. */
#define MAX_NAME 64
/* #include "x.h" followed this deep, as gcc does (its limit): a cycle of headers without
 * include guards ends there, with a warning (gcc stops with an error). */
#define MAX_INCLUDE_DEPTH 200
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


/* A file of the translation unit: an LSM's .c and the local headers it includes. */
struct lexed {
	char *path, *text;
	struct tokens t;
};

/* A #define of the unit: its parameters and its body, tokens [body, end) of its file. */
struct macro {
	const struct lexed *f;	/* set once every file is lexed (files[] moves until then) */
	unsigned file;
	char *name;
	bool function_like;
	struct strlist params;
	unsigned body, end;
	unsigned at;		/* its '#' */
	bool reaches;		/* its body reaches LSM_HOOK_INIT, directly or through others */
	bool live;		/* while walking: defined here, as cpp reads the unit in order */
};

/* Everything one LSM source file is made of: the files, the macros of all of them. */
struct unit {
	struct lexed *files;
	unsigned nfiles;
	struct macro *macros;
	unsigned nmacros;
	const struct kbuild_flags *flags;	/* Kbuild's -I and -D for it, or NULL */
	bool walking;		/* macros count only where they are defined (live) */
};

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

static bool is_regular(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/*
 * The local header a '#include "x"' directive at tokens [i, end) of f names, or NULL:
 * found as cpp finds it, beside f first, then in Kbuild's -I directories in order.
 */
static char *local_include(const struct unit *u, const struct lexed *f, unsigned i, unsigned end)
{
	const struct tok *v = f->t.v;

	if (i + 3 != end || !tok_is(&v[i + 1], "include") || v[i + 2].kind != TOK_LITERAL ||
	    v[i + 2].text[0] != '"')
		return NULL;
	const char *slash = strrchr(f->path, '/');
	int n = (int)strlen(v[i + 2].text) - 2;
	const char *name = v[i + 2].text + 1;
	char *path = xasprintf("%.*s%.*s", slash ? (int)(slash - f->path + 1) : 0, f->path, n,
			       name);

	for (unsigned k = 0; !is_regular(path) && u->flags && k < u->flags->include_dirs.n; k++) {
		free(path);
		path = xasprintf("%s/%.*s", u->flags->include_dirs.v[k], n, name);
	}
	if (is_regular(path))
		return path;
	free(path);
	return NULL;
}

static void add_define(struct unit *u, unsigned file, unsigned i, unsigned end)
{
	const struct tok *v = u->files[file].t.v;

	if (i + 2 >= end || !tok_is(&v[i + 1], "define") || v[i + 2].kind == TOK_LITERAL)
		return;
	struct macro m = { NULL, file, xstrdup(v[i + 2].text), false, { 0 }, i + 3, end, i,
			   false, false };

	/* function-like when '(' touches the name */
	if (i + 3 < end && tok_is(&v[i + 3], "(") && v[i + 3].off == v[i + 2].end) {
		unsigned k = i + 4;

		m.function_like = true;
		for (; k < end && !tok_is(&v[k], ")"); k++)
			if (!tok_is(&v[k], ","))
				strlist_add(&m.params, v[k].text);
		m.body = k + 1 < end ? k + 1 : end;
	}
	u->macros = xrealloc(u->macros, (u->nmacros + 1) * sizeof(*u->macros));
	u->macros[u->nmacros++] = m;
}

/* Lex path and, through its quoted includes, every local header it reaches. */
static bool gather(struct unit *u, const char *path, unsigned depth)
{
	struct lexed f = { xstrdup(path), NULL, { 0 } };
	size_t len;

	for (unsigned i = 0; i < u->nfiles; i++)
		if (!strcmp(u->files[i].path, path)) {
			free(f.path);
			return true;	/* included twice: its guard keeps it once */
		}
	f.text = read_file(path, &len);
	if (!f.text) {
		free(f.path);
		return false;
	}
	clang_lex(path, f.text, len, &f.t);
	u->files = xrealloc(u->files, (u->nfiles + 1) * sizeof(*u->files));
	u->files[u->nfiles++] = f;
	/* files[] may move below: work from an index */
	unsigned me = u->nfiles - 1;

	for (unsigned i = 0, next = 0; i < u->files[me].t.n; i++) {
		const struct lexed *cur = &u->files[me];

		if (!tok_is(&cur->t.v[i], "#") || i < next)
			continue;
		next = directive_end(&cur->t, cur->text, i);
		char *inc = local_include(u, cur, i, next);

		if (inc && depth < MAX_INCLUDE_DEPTH)
			gather(u, inc, depth + 1);
		free(inc);
	}
	for (unsigned i = 0, next = 0; i < u->files[me].t.n; i++) {
		const struct lexed *cur = &u->files[me];

		if (!tok_is(&cur->t.v[i], "#") || i < next)
			continue;
		next = directive_end(&cur->t, cur->text, i);
		add_define(u, me, i, next);
	}
	return true;
}

static const struct macro *find_macro(const struct unit *u, const char *name, unsigned *count)
{
	const struct macro *found = NULL;

	*count = 0;
	for (unsigned i = 0; i < u->nmacros; i++)
		if ((!u->walking || u->macros[i].live) && !strcmp(u->macros[i].name, name)) {
			found = found ? found : &u->macros[i];
			(*count)++;
		}
	return found;
}

/*
 * The kernel's macros that make one hook list entry from (hook, function): LSM_HOOK_INIT,
 * and LSM_HOOK_INIT_RUNTIME (the BPF LSM's under the series' runtime toggle: a slot like
 * any other, that starts off).
 */
static bool registers(const char *name)
{
	return !strcmp(name, "LSM_HOOK_INIT") || !strcmp(name, "LSM_HOOK_INIT_RUNTIME");
}

/*
 * Another LSM_HOOK_INIT* of a header lsmgen does not read: it may register, so its uses
 * make the LSM opaque (every hook kept at MAX_LSM_COUNT slots, with a warning) rather
 * than counting nothing.
 */
static bool unknown_registration(const char *name)
{
	return !strncmp(name, "LSM_HOOK_INIT", strlen("LSM_HOOK_INIT")) && !registers(name);
}

static bool reaches(const struct unit *u, const char *name)
{
	unsigned n;
	const struct macro *m = find_macro(u, name, &n);

	if (registers(name) || (!m && unknown_registration(name)))
		return true;
	for (unsigned i = 0; m && i < u->nmacros; i++)
		if (u->macros[i].reaches && !strcmp(u->macros[i].name, name))
			return true;
	return false;
}

/* Mark every macro whose body names LSM_HOOK_INIT or a macro that does, to a fixed point. */
static void mark_reaching(struct unit *u)
{
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned i = 0; i < u->nmacros; i++) {
			struct macro *m = &u->macros[i];

			for (unsigned k = m->body; !m->reaches && k < m->end; k++)
				if (m->f->t.v[k].kind == TOK_IDENT &&
				    strcmp(m->f->t.v[k].text, m->name) &&
				    reaches(u, m->f->t.v[k].text))
					changed = m->reaches = true;
		}
	}
}


/* What walking the unit needs beside the file at hand. */
struct walker {
	struct unit *u;
	struct lsm_source *out;
	unsigned includes;	/* headers walked so far */
};

static void add_entry(struct lsm_source *out, const char *hook, const char *function,
		      const char *guard, const char *file, unsigned line, const char *unsure)
{
	out->entries = xrealloc(out->entries, (out->n + 1) * sizeof(*out->entries));
	out->entries[out->n++] = (struct impl_entry){
		xstrdup(hook), xstrdup(function), *guard ? xstrdup(guard) : NULL, NULL,
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
static char *defined_condition(const struct unit *u, const char *guard)
{
	unsigned count;

	for (const char *p = guard; p && *p;) {
		size_t n = ident_len(p);

		if (!is_ident_start((unsigned char)*p)) {
			p += n ? n : 1;		/* a number, or punctuation */
			continue;
		}
		char *name = xstrndup(p, n);
		bool defined = !strncmp(name, "CONFIG_", 7) && find_macro(u, name, &count);
		bool flag = !strncmp(name, "CONFIG_", 7) && u->flags &&
			    strlist_has(&u->flags->defines, name);
		char *why = defined || flag ?
			    xasprintf("its condition names %s, which %s", name,
				      defined ? "a #define of the file sets" : "Kbuild's -D sets") :
			    NULL;

		free(name);
		if (why)
			return why;
		p += n;
	}
	return NULL;
}

/*
 * A hook name as the preprocessor reads it: an object-like macro of the unit whose body
 * is one name stands for that name (through any chain). NULL when the name is a macro of
 * another shape.
 */
static char *hook_name(const struct unit *u, const char *name)
{
	unsigned count;
	const struct macro *m = find_macro(u, name, &count);

	for (unsigned hops = 0; m && hops < 16; hops++) {
		/* a function-like macro's name not followed by '(' is not expanded */
		if (count == 1 && m->function_like)
			break;
		if (count != 1 || m->end != m->body + 1 || m->f->t.v[m->body].kind != TOK_IDENT)
			return NULL;
		name = m->f->t.v[m->body].text;
		m = find_macro(u, name, &count);
	}
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
static unsigned registration(struct walker *w, const struct lexed *f, unsigned i, const char *guard)
{
	const struct tokens *t = &f->t;
	const char *name = t->v[i].text;
	unsigned line = t->v[i].line, count, nargs = 0;
	const struct macro *m = find_macro(w->u, name, &count);
	struct range *args = NULL;
	unsigned close = i;
	char *what = xasprintf("%s(...)", name);
	struct strlist hooks = { 0 };

	bool call = i + 1 < t->n && tok_is(&t->v[i + 1], "(");

	if (call && !(nargs = macro_args(t, i + 1, &args, &close)))
		close = t->n - 1;	/* unterminated: nothing after it is read */
	/* "#define ALIAS LSM_HOOK_INIT", through any chain of such: ALIAS(h, f) is an entry */
	const char *target = name;

	for (unsigned hops = 0; count == 1 && !m->function_like && m->end == m->body + 1 &&
	     m->f->t.v[m->body].kind == TOK_IDENT && hops < 16; hops++) {
		target = m->f->t.v[m->body].text;
		m = find_macro(w->u, target, &count);
	}
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

static void walk_file(struct walker *w, const char *path, const char *outer, unsigned depth);

/*
 * #define and #undef at token i of f, in the order cpp reads them: a macro applies from
 * its definition to its #undef (or the next definition of its name), as in gcc -E.
 */
static void track_macro(struct unit *u, const struct lexed *f, unsigned i, unsigned next)
{
	const struct tok *v = f->t.v;
	bool def = tok_is(&v[i + 1], "define");

	if (i + 2 >= next || (!def && !tok_is(&v[i + 1], "undef")))
		return;
	for (unsigned k = 0; k < u->nmacros; k++) {
		struct macro *m = &u->macros[k];

		if (!strcmp(m->name, v[i + 2].text))
			m->live = def && m->f == f && m->at == i;
	}
}

/* One directive at [i, next) of f. */
static void directive(struct walker *w, const struct lexed *f, unsigned i, unsigned next,
		      struct cond_stack *conds, const char *outer, unsigned depth)
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
		char *g = guard_text(conds);
		char *both = *outer && g && *g ? xasprintf("(%s) && (%s)", outer, g) :
			     xstrdup(*outer ? outer : g ? g : "");

		walk_file(w, inc, both, depth + 1);
		free(both);
		free(g);
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

/* Walk one file of the unit under the guard its #include sits in ("" for the .c itself). */
static void walk_file(struct walker *w, const char *path, const char *outer, unsigned depth)
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
	if (depth && !strlist_has(&w->out->headers, path))
		strlist_add(&w->out->headers, path);
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

			if (!strlist_has(&w->out->lsm_names, name))
				strlist_add(&w->out->lsm_names, name);
			free(name);
		}
		if (v[i].kind == TOK_IDENT && reaches(w->u, v[i].text) &&
		    strcmp(v[i].text, "LSM_HOOK")) {
			char *g = guard_text(&conds);
			char *both = *outer && g && *g ? xasprintf("(%s) && (%s)", outer, g) :
				     xstrdup(*outer ? outer : g ? g : "");

			i = registration(w, f, i, both);
			free(both);
			free(g);
		}
	}
	cond_stack_free(&conds);
}

static void unit_free(struct unit *u)
{
	for (unsigned i = 0; i < u->nfiles; i++) {
		free(u->files[i].path);
		free(u->files[i].text);
		tokens_free(&u->files[i].t);
	}
	for (unsigned i = 0; i < u->nmacros; i++) {
		free(u->macros[i].name);
		strlist_free(&u->macros[i].params);
	}
	free(u->files);
	free(u->macros);
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
	mark_reaching(&u);
	for (unsigned i = 0; i < u.nmacros; i++)
		if (u.macros[i].reaches && !strlist_has(&out->macros, u.macros[i].name))
			strlist_add(&out->macros, u.macros[i].name);
	u.walking = true;
	walk_file(&w, path, "", 0);
	unit_free(&u);
	return true;
}

void lsm_source_free(struct lsm_source *s)
{
	for (unsigned i = 0; i < s->n; i++) {
		free(s->entries[i].hook);
		free(s->entries[i].function);
		free(s->entries[i].guard);
		free(s->entries[i].file);
		free(s->entries[i].unsure);
	}
	free(s->entries);
	free(s->opaque);
	strlist_free(&s->lsm_names);
	strlist_free(&s->define_names);
	strlist_free(&s->define_values);
	strlist_free(&s->headers);
	strlist_free(&s->macros);
}
