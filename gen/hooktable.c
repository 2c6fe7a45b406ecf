/*
 * hooktable.c: the hook table reader. clang.c preprocesses the table with the
 * configuration and says where LSM_HOOK really expanded; each entry is then read from the
 * table's own tokens (return type, default, name, parameters) and checked, with the guard
 * cond.c says it sits under.
 */
#include "hooktable.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "clang.h"
#include "cond.h"
#include "diag.h"
#include "files.h"
#include "lex.h"
#include "sha256.h"
#include "strlist.h"
#include "tokens.h"

/* Kernel hook names have up to 25 characters; generated names must fit in 100 columns. */
#define MAX_NAME 64

/* Type qualifiers of the kernel that look like identifiers but never name a parameter. */
static bool is_kernel_qualifier(const char *s)
{
	static const char *const q[] = {
		"__user", "__kernel", "__iomem", "__percpu", "__rcu", "__force", "__bitwise",
		"__must_check", "__maybe_unused", "__always_unused", "__counted_by",
	};

	for (size_t i = 0; i < sizeof(q) / sizeof(q[0]); i++)
		if (strcmp(s, q[i]) == 0)
			return true;
	return false;
}

struct reader {
	const char *path;
	const struct tokens *t;
	struct hook *h;
};

/* Read one parameter declaration; report an error and return false if it is not one. */
static bool read_param(struct reader *r, struct range p, struct param *out)
{
	const struct tok *v = r->t->v;
	unsigned name = p.b;

	for (unsigned i = p.a; i < p.b; i++) {
		const struct tok *t = &v[i];
		bool ok = t->kind == TOK_IDENT || t->kind == TOK_KEYWORD ||
			  tok_is(t, "*") || tok_is(t, "(") || tok_is(t, ")") || tok_is(t, "[") ||
			  tok_is(t, "]") ||
			  (t->kind == TOK_LITERAL && t->text[0] >= '0' && t->text[0] <= '9');

		if (!ok) {
			char *d = join_as_written(v, p.a, p.b);

			error_at(r->path, t->line, t->col,
				 "parameter '%s' of hook '%s' is not a declaration", d, r->h->name);
			free(d);
			return false;
		}
	}
	if (p.b - p.a == 1 && tok_is(&v[p.a], "void")) {
		error_at(r->path, v[p.a].line, v[p.a].col,
			 "hook '%s': 'void' must be the only parameter", r->h->name);
		return false;
	}
	for (unsigned i = p.a; i + 3 < p.b && name == p.b; i++)
		if (tok_is(&v[i], "(") && tok_is(&v[i + 1], "*") && v[i + 2].kind == TOK_IDENT &&
		    tok_is(&v[i + 3], ")"))
			name = i + 2;
	for (unsigned i = p.a + 1; i < p.b && name == p.b; i++)
		if (tok_is(&v[i], "["))
			name = i - 1;
	if (name == p.b)
		name = p.b - 1;
	const struct tok *n = &v[name];

	if (n->kind != TOK_IDENT || is_kernel_qualifier(n->text) || name == p.a) {
		char *d = join_as_written(v, p.a, p.b);

		error_at(r->path, v[p.a].line, v[p.a].col, "parameter '%s' of hook '%s' has no %s",
			 d, r->h->name,
			 name == p.a && n->kind == TOK_IDENT ? "type or no name" : "name");
		free(d);
		return false;
	}
	if (strlen(n->text) > MAX_NAME) {
		error_at(r->path, n->line, n->col, "parameter name '%.20s...' of hook '%s' is %zu "
			 "characters long; at most %d", n->text, r->h->name, strlen(n->text),
			 MAX_NAME);
		return false;
	}
	out->decl = join_canonical(v, p.a, p.b);
	out->name = xstrdup(n->text);
	char *upto = join_canonical(v, p.a, name + 1);	/* decl up to the name, inclusive */

	out->name_at = strlen(upto) - strlen(n->text);
	free(upto);
	struct buf type = { 0 };
	char *before = join_canonical(v, p.a, name);
	char *after = join_canonical(v, name + 1, p.b);

	buf_puts(&type, before);
	buf_puts(&type, after);
	out->type = type.s;
	free(before);
	free(after);
	return true;
}

/* At least a return type, a default and a name, and no field empty. */
static bool check_fields(struct reader *r, const struct tok *at, const struct range *f,
			 unsigned nf)
{
	if (nf < 3 || (nf == 3 && f[0].a == f[0].b)) {
		error_at(r->path, at->line, at->col,
			 "LSM_HOOK entry has %u field%s; it needs a return type, a default value "
			 "and a name", nf, nf == 1 ? "" : "s");
		return false;
	}
	for (unsigned k = 0; k < nf; k++) {
		if (f[k].a == f[k].b) {
			const struct tok *e = &r->t->v[f[k].a];

			error_at(r->path, e->line, e->col, "LSM_HOOK entry has an empty field %u",
				 k + 1);
			return false;
		}
	}
	return true;
}

/* The hook's name (field 3): one identifier, not too long. */
static bool read_name(struct reader *r, struct range f)
{
	const struct tok *name = &r->t->v[f.a];

	if (f.b - f.a != 1 || name->kind != TOK_IDENT) {
		char *s = join_as_written(r->t->v, f.a, f.b);

		error_at(r->path, name->line, name->col, "hook name '%s' is %s", s,
			 name->kind == TOK_KEYWORD && f.b - f.a == 1 ?
			 "a C keyword" : "not a C identifier");
		free(s);
		return false;
	}
	if (strlen(name->text) > MAX_NAME) {
		error_at(r->path, name->line, name->col, "hook name '%.20s...' is %zu characters "
			 "long; at most %d", name->text, strlen(name->text), MAX_NAME);
		return false;
	}
	r->h->name = xstrdup(name->text);
	return true;
}

/* The return type (int or void) and the default that goes with it, a constant. */
static bool read_ret_default(struct reader *r, struct range fret, struct range fdef)
{
	const struct tok *ret = &r->t->v[fret.a], *def = &r->t->v[fdef.a];
	struct hook *h = r->h;

	if (fret.b - fret.a != 1 || !(tok_is(ret, "int") || tok_is(ret, "void"))) {
		char *s = join_as_written(r->t->v, fret.a, fret.b);

		error_at(r->path, ret->line, ret->col,
			 "hook '%s' returns '%s'; LSM hooks return int or void", h->name, s);
		free(s);
		return false;
	}
	h->ret = xstrdup(ret->text);
	h->is_void = tok_is(ret, "void");
	h->def = expr_parse(r->t->v, fdef.a, fdef.b);
	char *text = expr_text(h->def);
	bool ok = false;

	if (h->is_void != (h->def->kind == EXPR_NAME && !strcmp(h->def->text, "LSM_RET_VOID")))
		error_at(r->path, def->line, def->col, h->is_void ?
			 "void hook '%s' must have the default LSM_RET_VOID, not '%s'" :
			 "int hook '%s' cannot have the default '%s'", h->name, text);
	else if (!expr_is_safe(h->def))
		error_at(r->path, def->line, def->col,
			 "default '%s' of hook '%s' is not a constant expression", text, h->name);
	else
		ok = true;
	free(text);
	return ok;
}

/* The name of another parameter that an array bound of parameter k uses (a VLA such as
 * "char buf[len]"), or NULL. */
static const char *param_named_in(const struct hook *h, unsigned k)
{
	const struct param *p = &h->params[k];
	int depth = 0;

	for (size_t i = p->name_at + strlen(p->name); p->decl[i];) {
		size_t n = is_ident_start((unsigned char)p->decl[i]) ? ident_len(p->decl + i) : 0;

		if (n == 0) {
			depth += (p->decl[i] == '[') - (p->decl[i] == ']');
			i++;
			continue;
		}
		for (unsigned j = 0; j < h->nparams && depth > 0; j++)
			if (j != k && strlen(h->params[j].name) == n &&
			    !strncmp(p->decl + i, h->params[j].name, n))
				return h->params[j].name;
		i += n;
	}
	return NULL;
}

/* Fields 4...: the parameters, or 'void'; no two with one name, none naming another. */
static bool read_params(struct reader *r, const struct tok *at, const struct range *f,
			unsigned nf)
{
	struct hook *h = r->h;
	bool ok = true;

	if (nf == 3) {
		error_at(r->path, at->line, at->col,
			 "hook '%s' has no parameter list; write 'void' for a hook without "
			 "parameters", h->name);
		return false;
	}
	if (nf == 4 && f[3].b - f[3].a == 1 && tok_is(&r->t->v[f[3].a], "void"))
		return true;
	h->params = xcalloc(nf - 3, sizeof(*h->params));
	for (unsigned k = 3; k < nf && ok; k++) {
		ok = read_param(r, f[k], &h->params[h->nparams]);
		h->nparams += ok;
	}
	for (unsigned a = 0; a < h->nparams && ok; a++) {
		const char *other = param_named_in(h, a);

		if (other) {
			const struct tok *e = &r->t->v[f[3 + a].a];

			error_at(r->path, e->line, e->col,
				 "parameter '%s' of hook '%s' names parameter '%s' (a "
				 "variable-length array bound): not supported, the generated "
				 "code may rename parameters", h->params[a].name, h->name, other);
			ok = false;
		}
		for (unsigned b = 0; b < a; b++) {
			if (strcmp(h->params[a].name, h->params[b].name) == 0) {
				const struct tok *e = &r->t->v[f[3 + a].a];

				error_at(r->path, e->line, e->col,
					 "hook '%s' has two parameters named '%s'", h->name,
					 h->params[a].name);
				ok = false;
			}
		}
	}
	return ok;
}

/* The LSM_HOOK entry at token i into r->h: every field read and checked. */
static bool read_entry(struct reader *r, unsigned i)
{
	const struct tokens *t = r->t;
	const struct tok *at = &t->v[i];
	struct range *f = NULL;
	unsigned nf = 0, close;

	if (!tok_is(at, "LSM_HOOK") || i + 1 >= t->n || !tok_is(&t->v[i + 1], "(")) {
		error_at(r->path, at->line, at->col,
			 "LSM_HOOK entry written through another macro is not supported");
		return false;
	}
	nf = macro_args(t, i + 1, &f, &close);
	if (!nf) {
		error_at(r->path, at->line, at->col, "unterminated LSM_HOOK entry");
		return false;
	}
	r->h->line = at->line;
	r->h->col = at->col;
	bool ok = check_fields(r, at, f, nf) && read_name(r, f[2]) &&
		  read_ret_default(r, f[0], f[1]) && read_params(r, at, f, nf);

	free(f);
	return ok;
}

/* Report expanded macros whose body uses LSM_HOOK, and text that is not an entry. */
static bool check_rest(const char *path, const struct tokens *t, const struct preprocessed *e,
		       const char *text)
{
	bool ok = true;

	for (unsigned i = 0; i < e->ndefs; i++) {
		unsigned k = token_index(t, e->defs[i]), end = directive_end(t, text, k);

		if (!strlist_has(&e->expanded, t->v[k].text))
			continue;	/* defined, never used: harmless */
		for (unsigned j = k + 1; j < end; j++) {
			if (tok_is(&t->v[j], "LSM_HOOK")) {
				error_at(path, t->v[k].line, t->v[k].col,
					 "macro '%s' expands to LSM_HOOK entries, which lsmgen "
					 "cannot see: write the entries out", t->v[k].text);
				ok = false;
				break;
			}
		}
	}
	for (unsigned i = 0; i < e->ndecls; i++) {
		const struct tok *d = &t->v[token_index(t, e->decls[i])];

		error_at(path, d->line, d->col, "'%s' is not an LSM_HOOK entry", d->text);
		ok = false;
	}
	return ok;
}

bool hooktable_read(struct model *m, const char *path, const struct config *cfg)
{
	size_t len;
	char *text = read_file(path, &len);
	bool ok = text && hooktable_parse(m, path, text, len, cfg);

	free(text);
	return ok;
}

/*
 * --all-configs: the table with every conditional directive blanked out (spaces, so every
 * offset stays), for the preprocessor to expand every entry of every branch; the guards
 * come from the directives of the table as written. NULL after a lexing error.
 */
static char *every_branch(const char *text, size_t len, struct tokens *t)
{
	static const char *const conditionals[] = { "if", "ifdef", "ifndef", "elif", "elifdef",
						    "elifndef", "else", "endif" };
	char *copy;

	lex_source(text, len, t);
	copy = xstrndup(text, len);
	for (unsigned i = 0; i + 1 < t->n; i++) {
		bool cond = false;

		if (!tok_is(&t->v[i], "#"))
			continue;
		for (size_t k = 0; k < sizeof(conditionals) / sizeof(*conditionals); k++)
			cond |= tok_is(&t->v[i + 1], conditionals[k]);
		if (!cond)
			continue;
		unsigned end = directive_end(t, text, i);

		for (unsigned p = t->v[i].off; p < t->v[end - 1].end; p++)
			if (copy[p] != '\n')
				copy[p] = ' ';
	}
	return copy;
}

/* Whether name is #defined in the table itself. */
static bool defined_here(const struct tokens *t, const char *name)
{
	for (unsigned i = 0; i + 2 < t->n; i++)
		if (tok_is(&t->v[i], "#") && tok_is(&t->v[i + 1], "define") &&
		    tok_is(&t->v[i + 2], name))
			return true;
	return false;
}

/*
 * A condition of the table on anything but Kconfig symbols (an architecture's macro,
 * the compiler's) is decided as an x86-64 kernel build decides it; another
 * architecture's build may keep other hooks. Say where, once per name.
 */
static void warn_non_kconfig(const char *path, const char *text, const struct tokens *t)
{
	static const char *const known[] = { "defined", "IS_ENABLED", "IS_BUILTIN", "IS_MODULE",
					     "IS_REACHABLE", "__KERNEL__" };
	struct strlist seen = { 0 };

	for (unsigned i = 0; i + 1 < t->n; i++) {
		if (!tok_is(&t->v[i], "#") || !(tok_is(&t->v[i + 1], "if") ||
		    tok_is(&t->v[i + 1], "ifdef") || tok_is(&t->v[i + 1], "ifndef") ||
		    tok_is(&t->v[i + 1], "elif") || tok_is(&t->v[i + 1], "elifdef") ||
		    tok_is(&t->v[i + 1], "elifndef")))
			continue;
		unsigned end = directive_end(t, text, i);

		for (unsigned k = i + 2; k < end; k++) {
			const struct tok *w = &t->v[k];
			bool ok = w->kind != TOK_IDENT || !strncmp(w->text, "CONFIG_", 7);

			for (size_t j = 0; !ok && j < sizeof(known) / sizeof(*known); j++)
				ok = !strcmp(w->text, known[j]);
			if (ok || strlist_has(&seen, w->text) || defined_here(t, w->text))
				continue;
			strlist_add(&seen, w->text);
			warn_at(path, w->line, w->col,
				"'%s' is not a Kconfig symbol: decided as an x86-64 kernel build "
				"decides it; --all-configs keeps the condition",
				w->text);
		}
		i = end - 1;
	}
	strlist_free(&seen);
}

bool hooktable_parse(struct model *m, const char *path, const char *text, size_t len,
		     const struct config *cfg)
{
	struct preprocessed pp;
	struct cond_stack conds = { 0 };
	struct tokens written = { 0 };
	struct config *none = NULL;
	char *all = NULL;
	bool ok = false;

	memset(&pp, 0, sizeof(pp));
	if (memchr(text, '\0', len)) {
		error_at(path, 0, 0, "not a hook table: the file holds binary data");
		return false;
	}
	/* --all-configs: every branch expanded, under no configuration at all */
	if (!cfg && !(all = every_branch(text, len, &written)))
		goto out;
	if (!cfg)
		cfg = none = config_none();
	if (!clang_preprocess(path, all ? all : text, len, cfg, &pp, &m->deps))
		goto out;
	struct tokens toks = all ? written : pp.toks;

	if (!all)
		warn_non_kconfig(path, text, &toks);

	unsigned nhook_tokens = 0;

	for (unsigned i = 0; i < toks.n; i++)
		nhook_tokens += tok_is(&toks.v[i], "LSM_HOOK");
	if (!nhook_tokens) {
		error_at(path, 0, 0, "not a hook table: no LSM_HOOK entry in it");
		goto out;
	}
	if (!check_rest(path, &pp.toks, &pp, all ? all : text))
		goto out;
	m->hooks = xcalloc(pp.nentries ? pp.nentries : 1, sizeof(*m->hooks));
	unsigned before = error_count(), next = 0, e = 0;

	for (unsigned i = 0; i < toks.n && e < pp.nentries; i++) {
		const struct tok *t = &toks.v[i];

		if (tok_is(t, "#") && i >= next) {
			bool first = i == 0;

			next = directive_end(&toks, text, i);
			walk_directive(&conds, &toks, text, i, next, first);
			continue;
		}
		if (t->off != pp.entries[e])
			continue;
		struct hook *h = &m->hooks[m->nhooks];
		struct reader r = { path, &toks, h };

		e++;
		if (!read_entry(&r, i)) {
			hook_free(h);
			memset(h, 0, sizeof(*h));
			continue;
		}
		h->guard = cond_guard(&conds);
		const struct hook *first = model_find_hook(m, h->name);

		if (first) {
			error_at(path, h->line, h->col, "duplicate hook '%s'", h->name);
			note_at(path, first->line, first->col, "'%s' was first listed here",
				h->name);
		}
		m->nhooks++;
	}
	ok = error_count() == before;
out:
	cond_stack_free(&conds);
	preprocessed_free(&pp);
	tokens_free(&written);
	config_free(none);
	free(all);
	return ok;
}

bool hooktable_fingerprint(const char *path, char sha256[65], unsigned *nhooks,
			   struct strlist *names)
{
	size_t len;
	char *text = read_file(path, &len);
	struct tokens t = { 0 };

	if (!text)
		return false;
	sha256_hex(text, len, sha256);
	/* the entries as the lexer sees them, every branch: what the reader reads */
	lex_source(text, len, &t);
	*nhooks = 0;
	for (unsigned i = 0; i + 1 < t.n; i++) {
		struct range *f = NULL;
		unsigned nf = 0, close;

		/* an entry, not '#define LSM_HOOK(...)' */
		if (!tok_is(&t.v[i], "LSM_HOOK") || !tok_is(&t.v[i + 1], "(") ||
		    (i && tok_is(&t.v[i - 1], "define")) ||
		    !(nf = macro_args(&t, i + 1, &f, &close)))
			continue;
		(*nhooks)++;
		if (names && nf >= 3 && f[2].b - f[2].a == 1 && t.v[f[2].a].kind == TOK_IDENT)
			strlist_add_unique(names, t.v[f[2].a].text);
		free(f);
		i = close;
	}
	tokens_free(&t);
	free(text);
	return true;
}
