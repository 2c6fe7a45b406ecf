/*
 * hooktable.c: the only user of libclang. The hook table is parsed as a C file whose
 * preprocessor sees the configuration as autoconf.h would define it; LSM_HOOK is a macro
 * that expands to nothing, and the preprocessing record lists every expansion the
 * preprocessor really performed, so entries in inactive branches, comments and strings
 * never appear. Each entry is then read from the file's own tokens.
 */
#include "hooktable.h"

#include <clang-c/Index.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha256.h"

#define PRELUDE "/lsmgen/config-prelude.h"

/* Kernel hook names have up to 25 characters; generated names must fit in 100 columns. */
#define MAX_NAME 64

struct tok {
	CXTokenKind kind;
	char *text;
	unsigned line, col, off, end;
};

struct tokens {
	struct tok *v;
	unsigned n;
};

/* The macros of <linux/kconfig.h>, written afresh, so tables may use IS_ENABLED() & co. */
static const char kconfig_macros[] =
	"#define __lsmgen_placeholder_1 0,\n"
	"#define __lsmgen_second(a, b, ...) b\n"
	"#define __lsmgen_defined3(arg) __lsmgen_second(arg 1, 0, 0)\n"
	"#define __lsmgen_defined2(val) __lsmgen_defined3(__lsmgen_placeholder_##val)\n"
	"#define __lsmgen_defined(x) __lsmgen_defined2(x)\n"
	"#define IS_BUILTIN(option) __lsmgen_defined(option)\n"
	"#define IS_MODULE(option) __lsmgen_defined(option##_MODULE)\n"
	"#define IS_ENABLED(option) (IS_BUILTIN(option) || IS_MODULE(option))\n"
	"#define IS_REACHABLE(option) IS_BUILTIN(option)\n"
	"#define LSM_HOOK(...)\n";

char *libclang_version(void)
{
	CXString s = clang_getClangVersion();
	char *v = xstrdup(clang_getCString(s));

	clang_disposeString(s);
	return v;
}

static char *cxstr(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = xstrdup(c ? c : "");

	clang_disposeString(s);
	return r;
}

/* Parse path, whose bytes are text (so libclang sees exactly what lsmgen read). */
static CXTranslationUnit parse(CXIndex idx, const char *path, const char *text, size_t len,
			       const char *prelude, unsigned options)
{
	const char *args[] = {
		"-x", "c", "-std=gnu11", "-nostdinc", "-ferror-limit=0",
		"--target=x86_64-linux-gnu", "-include", PRELUDE,
	};
	struct CXUnsavedFile unsaved[] = {
		{ PRELUDE, prelude, strlen(prelude) },
		{ path, text, len },
	};
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc = clang_parseTranslationUnit2(idx, path, args,
							  sizeof(args) / sizeof(args[0]),
							  unsaved, 2, options, &tu);

	if (rc != CXError_Success) {
		error_at(path, 0, 0, "libclang could not parse the file (error %d)", (int)rc);
		return NULL;
	}
	return tu;
}

/* Print libclang's diagnostics in GCC form; true if none was an error. */
static bool report_diagnostics(CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu);
	bool ok = true;

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		CXFile file;
		unsigned line, col;

		clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file, &line, &col, NULL);
		char *fname = file ? cxstr(clang_getFileName(file)) : NULL;
		char *msg = cxstr(clang_getDiagnosticSpelling(d));

		if (fname && strcmp(fname, PRELUDE) == 0) {
			free(fname);
			fname = NULL;
			line = col = 0;
		}
		if (sev >= CXDiagnostic_Error) {
			error_at(fname, line, col, "%s", msg);
			ok = false;
		} else if (sev == CXDiagnostic_Warning) {
			warn_at(fname, line, col, "%s", msg);
		} else if (sev == CXDiagnostic_Note) {
			note_at(fname, line, col, "%s", msg);
		}
		free(fname);
		free(msg);
		clang_disposeDiagnostic(d);
	}
	return ok;
}

static void tokenize(CXTranslationUnit tu, CXFile file, size_t len, struct tokens *out)
{
	CXSourceRange all = clang_getRange(clang_getLocationForOffset(tu, file, 0),
					   clang_getLocationForOffset(tu, file, (unsigned)len));
	CXToken *toks;
	unsigned n;

	clang_tokenize(tu, all, &toks, &n);
	out->v = xcalloc(n, sizeof(*out->v));
	out->n = 0;
	for (unsigned i = 0; i < n; i++) {
		if (clang_getTokenKind(toks[i]) == CXToken_Comment)
			continue;
		struct tok *t = &out->v[out->n++];

		t->kind = clang_getTokenKind(toks[i]);
		t->text = cxstr(clang_getTokenSpelling(tu, toks[i]));
		clang_getSpellingLocation(clang_getTokenLocation(tu, toks[i]), NULL, &t->line,
					  &t->col, &t->off);
		t->end = t->off + (unsigned)strlen(t->text);
	}
	clang_disposeTokens(tu, toks, n);
}

static void tokens_free(struct tokens *t)
{
	for (unsigned i = 0; i < t->n; i++)
		free(t->v[i].text);
	free(t->v);
}

static bool is(const struct tok *t, const char *text)
{
	return strcmp(t->text, text) == 0;
}

/* Join tokens [a, b) with one space wherever the source had white space or a comment. */
static char *join_as_written(const struct tok *v, unsigned a, unsigned b)
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
static char *join_canonical(const struct tok *v, unsigned a, unsigned b)
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
static unsigned token_index(const struct tokens *t, unsigned off)
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

struct range {
	unsigned a, b;		/* token indices [a, b) */
};

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
		bool ok = t->kind == CXToken_Identifier || t->kind == CXToken_Keyword ||
			  is(t, "*") || is(t, "(") || is(t, ")") || is(t, "[") || is(t, "]") ||
			  (t->kind == CXToken_Literal && t->text[0] >= '0' && t->text[0] <= '9');

		if (!ok) {
			char *d = join_as_written(v, p.a, p.b);

			error_at(r->path, t->line, t->col,
				 "parameter '%s' of hook '%s' is not a declaration", d, r->h->name);
			free(d);
			return false;
		}
	}
	if (p.b - p.a == 1 && is(&v[p.a], "void")) {
		error_at(r->path, v[p.a].line, v[p.a].col,
			 "hook '%s': 'void' must be the only parameter", r->h->name);
		return false;
	}
	for (unsigned i = p.a; i + 3 < p.b && name == p.b; i++)
		if (is(&v[i], "(") && is(&v[i + 1], "*") && v[i + 2].kind == CXToken_Identifier &&
		    is(&v[i + 3], ")"))
			name = i + 2;
	for (unsigned i = p.a + 1; i < p.b && name == p.b; i++)
		if (is(&v[i], "["))
			name = i - 1;
	if (name == p.b)
		name = p.b - 1;
	const struct tok *n = &v[name];

	if (n->kind != CXToken_Identifier || is_kernel_qualifier(n->text) || name == p.a) {
		char *d = join_as_written(v, p.a, p.b);

		error_at(r->path, v[p.a].line, v[p.a].col, "parameter '%s' of hook '%s' has no %s",
			 d, r->h->name,
			 name == p.a && n->kind == CXToken_Identifier ? "type or no name" : "name");
		free(d);
		return false;
	}
	if (strlen(n->text) > MAX_NAME) {
		error_at(r->path, n->line, n->col, "parameter name '%.20s...' of hook '%s' is %zu "
			 "characters long; at most %d", n->text, r->h->name, strlen(n->text), MAX_NAME);
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

/* A default must be a constant expression: numbers, macro names, arithmetic, parentheses. */
static bool is_constant_expression(const struct tok *v, struct range d)
{
	static const char *const ops[] = {
		"-", "+", "~", "!", "(", ")", "|", "&", "^", "<<", ">>", "*", "/", "%",
	};
	int depth = 0;

	for (unsigned i = d.a; i < d.b; i++) {
		const struct tok *t = &v[i];
		bool ok = t->kind == CXToken_Identifier ||
			  (t->kind == CXToken_Literal && t->text[0] >= '0' && t->text[0] <= '9');

		for (size_t k = 0; !ok && k < sizeof(ops) / sizeof(ops[0]); k++)
			ok = t->kind == CXToken_Punctuation && is(t, ops[k]);
		if (!ok)
			return false;
		depth += is(t, "(") - is(t, ")");
		if (depth < 0)
			return false;
	}
	return depth == 0;
}

/* Split LSM_HOOK( ... ) at token i into its top-level fields; false if unterminated. */
static bool split_fields(const struct tokens *t, unsigned i, struct range **fields,
			 unsigned *nfields, unsigned *close)
{
	int depth = 0;
	unsigned start = i + 2, n = 0;
	struct range *f = NULL;

	for (unsigned k = i + 1; k < t->n; k++) {
		const char *s = t->v[k].text;

		/* Like the preprocessor, only parentheses group macro arguments. */
		if (strcmp(s, "(") == 0) {
			depth++;
		} else if (strcmp(s, ")") == 0) {
			if (--depth == 0) {
				f = xrealloc(f, (n + 1) * sizeof(*f));
				f[n++] = (struct range){ start, k };
				*fields = f;
				*nfields = n;
				*close = k;
				return true;
			}
		} else if (depth == 1 && strcmp(s, ",") == 0) {
			f = xrealloc(f, (n + 1) * sizeof(*f));
			f[n++] = (struct range){ start, k };
			start = k + 1;
		}
	}
	free(f);
	return false;
}

static bool read_entry(struct reader *r, unsigned i)
{
	const struct tokens *t = r->t;
	const struct tok *at = &t->v[i];
	struct range *f = NULL;
	unsigned nf = 0, close;
	struct hook *h = r->h;
	bool ok = false;

	if (!is(at, "LSM_HOOK") || i + 1 >= t->n || !is(&t->v[i + 1], "(")) {
		error_at(r->path, at->line, at->col,
			 "LSM_HOOK entry written through another macro is not supported");
		return false;
	}
	if (!split_fields(t, i, &f, &nf, &close)) {
		error_at(r->path, at->line, at->col, "unterminated LSM_HOOK entry");
		return false;
	}
	h->line = at->line;
	h->col = at->col;
	if (nf < 3 || (nf == 3 && f[0].a == f[0].b)) {
		error_at(r->path, at->line, at->col,
			 "LSM_HOOK entry has %u field%s; it needs a return type, a default value "
			 "and a name", nf, nf == 1 ? "" : "s");
		goto out;
	}
	for (unsigned k = 0; k < nf; k++) {
		if (f[k].a == f[k].b) {
			const struct tok *e = &t->v[f[k].a];

			error_at(r->path, e->line, e->col, "LSM_HOOK entry has an empty field %u",
				 k + 1);
			goto out;
		}
	}
	const struct tok *name = &t->v[f[2].a];

	if (f[2].b - f[2].a != 1 || name->kind != CXToken_Identifier) {
		char *s = join_as_written(t->v, f[2].a, f[2].b);

		error_at(r->path, name->line, name->col, "hook name '%s' is %s", s,
			 name->kind == CXToken_Keyword && f[2].b - f[2].a == 1 ?
			 "a C keyword" : "not a C identifier");
		free(s);
		goto out;
	}
	if (strlen(name->text) > MAX_NAME) {
		error_at(r->path, name->line, name->col, "hook name '%.20s...' is %zu characters "
			 "long; at most %d", name->text, strlen(name->text), MAX_NAME);
		goto out;
	}
	h->name = xstrdup(name->text);
	const struct tok *ret = &t->v[f[0].a];

	if (f[0].b - f[0].a != 1 || !(is(ret, "int") || is(ret, "void"))) {
		char *s = join_as_written(t->v, f[0].a, f[0].b);

		error_at(r->path, ret->line, ret->col,
			 "hook '%s' returns '%s'; LSM hooks return int or void", h->name, s);
		free(s);
		goto out;
	}
	h->ret = xstrdup(ret->text);
	h->is_void = is(ret, "void");
	h->def = join_as_written(t->v, f[1].a, f[1].b);
	const struct tok *def = &t->v[f[1].a];

	if (h->is_void != (strcmp(h->def, "LSM_RET_VOID") == 0)) {
		error_at(r->path, def->line, def->col, h->is_void ?
			 "void hook '%s' must have the default LSM_RET_VOID, not '%s'" :
			 "int hook '%s' cannot have the default '%s'", h->name, h->def);
		goto out;
	}
	if (!is_constant_expression(t->v, f[1]) || strstr(h->def, "/*") || strstr(h->def, "*/") ||
	    strstr(h->def, "//")) {
		error_at(r->path, def->line, def->col,
			 "default '%s' of hook '%s' is not a constant expression", h->def, h->name);
		goto out;
	}
	if (nf == 3) {
		error_at(r->path, at->line, at->col,
			 "hook '%s' has no parameter list; write 'void' for a hook without "
			 "parameters", h->name);
		goto out;
	}
	if (nf == 4 && f[3].b - f[3].a == 1 && is(&t->v[f[3].a], "void")) {
		ok = true;
		goto out;
	}
	h->params = xcalloc(nf - 3, sizeof(*h->params));
	ok = true;
	for (unsigned k = 3; k < nf && ok; k++) {
		ok = read_param(r, f[k], &h->params[h->nparams]);
		h->nparams += ok;
	}
	for (unsigned a = 0; a < h->nparams && ok; a++) {
		for (unsigned b = 0; b < a; b++) {
			if (strcmp(h->params[a].name, h->params[b].name) == 0) {
				const struct tok *e = &t->v[f[3 + a].a];

				error_at(r->path, e->line, e->col,
					 "hook '%s' has two parameters named '%s'", h->name,
					 h->params[a].name);
				ok = false;
			}
		}
	}
out:
	free(f);
	return ok;
}

/* The stack of open conditionals while walking the table's directives. */
struct cond {
	char *branch;		/* condition of the current branch */
	char *prior;		/* negation of every earlier branch, or NULL */
	bool include_guard;
};

struct cond_stack {
	struct cond *v;
	unsigned n;
};

static char *guard_text(const struct cond_stack *s)
{
	struct buf b = { 0 };
	unsigned used = 0;

	for (unsigned i = 0; i < s->n; i++) {
		const struct cond *c = &s->v[i];

		if (c->include_guard)
			continue;
		if (used++)
			buf_puts(&b, " && ");
		bool wrap = s->n > 1 && strstr(c->branch, "||");

		buf_printf(&b, wrap ? "(%s)" : "%s", c->branch);
	}
	/* The guard is shown in comments: no "/" next to "*" or "/" may open or close one. */
	for (size_t i = 0; b.s && i + 1 < b.len; i++) {
		if ((b.s[i] == '*' && b.s[i + 1] == '/') || (b.s[i] == '/' && strchr("*/", b.s[i + 1]))) {
			char *t = xasprintf("%.*s %s", (int)i + 1, b.s, b.s + i + 1);

			free(b.s);
			b.s = t;
			b.len++;
		}
	}
	return b.s;
}

/* Where the directive starting at token i ends: the first token on a later logical line. */
static unsigned directive_end(const struct tokens *t, const char *text, unsigned i)
{
	unsigned k = i + 1;

	for (; k < t->n; k++) {
		const char *p = text + t->v[k - 1].end, *q = text + t->v[k].off;
		bool newline = false;

		for (; p < q; p++)
			if (*p == '\n' && !(p > text && p[-1] == '\\'))
				newline = true;
		if (newline)
			break;
	}
	return k;
}

static void walk_directive(struct cond_stack *s, const struct tokens *t, const char *text,
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

			c->include_guard = next + 2 < t->n && is(&v[next], "#") &&
					   is(&v[next + 1], "define") &&
					   is(&v[next + 2], expr);
		}
	} else if ((!strcmp(kw, "elif") || !strcmp(kw, "else")) && s->n) {
		struct cond *c = &s->v[s->n - 1];
		char *prior = c->prior ? xasprintf("%s && !(%s)", c->prior, c->branch) :
					 xasprintf("!(%s)", c->branch);

		free(c->branch);
		free(c->prior);
		c->prior = prior;
		c->branch = kw[2] == 'i' ? xasprintf("%s && %s", prior, expr) : xstrdup(prior);
		c->include_guard = false;
	} else if (!strcmp(kw, "endif") && s->n) {
		struct cond *c = &s->v[--s->n];

		free(c->branch);
		free(c->prior);
	}
	free(expr);
}

struct expansions {
	unsigned *off;		/* where each LSM_HOOK expansion starts */
	unsigned n;
	unsigned *defs;		/* macro definitions and stray declarations, to check */
	unsigned *decls;
	unsigned ndefs, ndecls;
	struct strlist expanded;	/* names of every macro expanded in the table */
	bool foreign;			/* an entry in a file the table #includes */
};

static void push(unsigned **v, unsigned *n, CXSourceLocation loc)
{
	unsigned off;

	clang_getSpellingLocation(loc, NULL, NULL, NULL, &off);
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = off;
}

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	struct expansions *e = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXSourceLocation loc = clang_getCursorLocation(c);

	(void)parent;
	if (!clang_Location_isFromMainFile(loc)) {
		/* lsmgen reads the table's own tokens: an entry elsewhere would be lost */
		char *name = kind == CXCursor_MacroExpansion ?
			     cxstr(clang_getCursorSpelling(c)) : NULL;

		if (name && !strcmp(name, "LSM_HOOK")) {
			CXFile file;
			unsigned line, col;

			clang_getSpellingLocation(loc, &file, &line, &col, NULL);
			char *fname = cxstr(clang_getFileName(file));

			error_at(fname, line, col, "LSM_HOOK entry in a file the hook table "
				 "#includes: lsmgen reads the entries of the table itself; move "
				 "them there");
			free(fname);
			e->foreign = true;
		}
		free(name);
		return CXChildVisit_Continue;
	}
	if (kind == CXCursor_MacroDefinition) {
		push(&e->defs, &e->ndefs, loc);
	} else if (kind == CXCursor_MacroExpansion) {
		char *name = cxstr(clang_getCursorSpelling(c));

		if (strcmp(name, "LSM_HOOK") == 0)
			push(&e->off, &e->n, loc);
		else if (!strlist_has(&e->expanded, name))
			strlist_add(&e->expanded, name);
		free(name);
	} else if (kind != CXCursor_InclusionDirective) {
		/* after preprocessing, a hook table holds nothing but LSM_HOOK entries */
		push(&e->decls, &e->ndecls, clang_getRangeStart(clang_getCursorExtent(c)));
	}
	return CXChildVisit_Continue;
}

/* Report expanded macros whose body uses LSM_HOOK, and text that is not an entry. */
static bool check_rest(const char *path, const struct tokens *t, const struct expansions *e,
		       const char *text)
{
	bool ok = !e->foreign;

	for (unsigned i = 0; i < e->ndefs; i++) {
		unsigned k = token_index(t, e->defs[i]), end = directive_end(t, text, k);

		if (!strlist_has(&e->expanded, t->v[k].text))
			continue;	/* defined, never used: harmless */
		for (unsigned j = k + 1; j < end; j++) {
			if (is(&t->v[j], "LSM_HOOK")) {
				error_at(path, t->v[k].line, t->v[k].col,
					 "macro '%s' expands to LSM_HOOK entries, which lsmgen cannot "
					 "see: write the entries out", t->v[k].text);
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

static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned n, CXClientData data)
{
	struct strlist *deps = data;
	char *name = cxstr(clang_getFileName(file));

	(void)stack;
	(void)n;
	if (strcmp(name, PRELUDE) != 0 && !strlist_has(deps, name))
		strlist_add(deps, name);
	free(name);
}

static int cmp_unsigned(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

bool hooktable_read(struct model *m, const char *path, const struct config *cfg)
{
	size_t len;
	char *text = read_file(path, &len);
	bool ok = text && hooktable_parse(m, path, text, len, cfg);

	free(text);
	return ok;
}

bool hooktable_parse(struct model *m, const char *path, const char *text, size_t len,
		     const struct config *cfg)
{
	struct buf prelude = { 0 };
	bool ok = false;

	if (memchr(text, '\0', len)) {
		error_at(path, 0, 0, "not a hook table: the file holds binary data");
		return false;
	}
	config_defines(cfg, &prelude);
	buf_puts(&prelude, kconfig_macros);

	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = parse(idx, path, text, len, prelude.s,
				     CXTranslationUnit_DetailedPreprocessingRecord);
	struct expansions ex = { 0 };
	struct tokens toks = { 0 };
	struct cond_stack conds = { 0 };

	if (!tu)
		goto out;
	clang_getInclusions(tu, add_inclusion, &m->deps);
	if (!report_diagnostics(tu))
		goto out;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect, &ex);
	if (ex.n)
		qsort(ex.off, ex.n, sizeof(*ex.off), cmp_unsigned);
	tokenize(tu, clang_getFile(tu, path), len, &toks);

	unsigned nhook_tokens = 0;

	for (unsigned i = 0; i < toks.n; i++)
		nhook_tokens += is(&toks.v[i], "LSM_HOOK");
	if (!nhook_tokens) {
		error_at(path, 0, 0, "not a hook table: no LSM_HOOK entry in it");
		goto out;
	}
	if (!check_rest(path, &toks, &ex, text))
		goto out;
	m->hooks = xcalloc(ex.n, sizeof(*m->hooks));
	unsigned before = error_count(), next = 0, e = 0;

	for (unsigned i = 0; i < toks.n && e < ex.n; i++) {
		const struct tok *t = &toks.v[i];

		if (is(t, "#") && i >= next) {
			bool first = i == 0;

			next = directive_end(&toks, text, i);
			walk_directive(&conds, &toks, text, i, next, first);
			continue;
		}
		if (t->off != ex.off[e])
			continue;
		struct hook *h = &m->hooks[m->nhooks];
		struct reader r = { path, &toks, h };

		e++;
		if (!read_entry(&r, i)) {
			hook_free(h);
			memset(h, 0, sizeof(*h));
			continue;
		}
		h->guard = guard_text(&conds);
		for (unsigned k = 0; k < m->nhooks; k++) {
			if (strcmp(m->hooks[k].name, h->name) == 0) {
				error_at(path, h->line, h->col, "duplicate hook '%s'", h->name);
				note_at(path, m->hooks[k].line, m->hooks[k].col,
					"'%s' was first listed here", h->name);
				break;
			}
		}
		m->nhooks++;
	}
	ok = error_count() == before;
out:
	while (conds.n) {
		conds.n--;
		free(conds.v[conds.n].branch);
		free(conds.v[conds.n].prior);
	}
	free(conds.v);
	tokens_free(&toks);
	free(ex.off);
	free(ex.defs);
	free(ex.decls);
	strlist_free(&ex.expanded);
	if (tu)
		clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	buf_free(&prelude);
	return ok;
}

static const char *registry_name(const struct lsm_registry *names, const char *kconfig)
{
	for (unsigned i = 0; names && i < names->n; i++)
		if (strcmp(names->lsms[i].kconfig, kconfig) == 0)
			return names->lsms[i].name;
	return NULL;
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

bool lsmcount_read(struct lsm_registry *reg, const char *path, const struct lsm_registry *names)
{
	size_t len;
	char *text = read_file(path, &len);

	if (!text)
		return false;
	CXIndex idx = clang_createIndex(0, 0);
	/* Only the tokens matter: <linux/args.h> and friends need not exist. */
	CXTranslationUnit tu = parse(idx, path, text, len, "",
				     CXTranslationUnit_SingleFileParse | CXTranslationUnit_Incomplete);
	struct tokens t = { 0 };

	memset(reg, 0, sizeof(*reg));
	reg->source = xstrdup(path);
	if (tu)
		tokenize(tu, clang_getFile(tu, path), len, &t);
	for (unsigned i = 0, next = 0; i < t.n; i++) {
		if (!is(&t.v[i], "#") || i < next)
			continue;
		next = directive_end(&t, text, i);
		if (i + 2 < next && is(&t.v[i + 1], "ifdef") && !reg->gate && !reg->n)
			reg->gate = xstrdup(t.v[i + 2].text);
		if (i + 1 >= next || !is(&t.v[i + 1], "if"))
			continue;
		for (unsigned k = i + 2; k + 3 < next; k++) {
			if (!is(&t.v[k], "IS_ENABLED") || !is(&t.v[k + 1], "(") ||
			    !is(&t.v[k + 3], ")"))
				continue;
			const char *sym = t.v[k + 2].text;
			const char *known = registry_name(names, sym);
			struct lsm l = { NULL, xstrdup(sym), t.v[k].line };

			/* The macro the entry defines names the LSM when the registry cannot. */
			unsigned d = next;

			if (known)
				l.name = xstrdup(known);
			else if (d + 2 < t.n && is(&t.v[d], "#") && is(&t.v[d + 1], "define"))
				l.name = name_from_macro(t.v[d + 2].text);
			else
				l.name = name_from_macro(sym + 7);
			reg->lsms = xrealloc(reg->lsms, (reg->n + 1) * sizeof(*reg->lsms));
			reg->lsms[reg->n++] = l;
		}
	}
	bool defines_max = false;

	for (unsigned i = 0; i + 2 < t.n; i++)
		defines_max |= is(&t.v[i], "#") && is(&t.v[i + 1], "define") &&
			       is(&t.v[i + 2], "MAX_LSM_COUNT");
	bool ok = reg->n > 0 && defines_max;

	if (!ok)
		error_at(path, 0, 0, "not an lsm_count.h: it needs '#if IS_ENABLED(CONFIG_...)' "
			 "entries and a definition of MAX_LSM_COUNT");
	tokens_free(&t);
	if (tu)
		clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	free(text);
	return ok && registry_check(reg);
}

/* What the markers of eval_conditions() say: per condition, which branch was kept. */
struct kept {
	bool *yes, *no;
	unsigned n;
};

static enum CXChildVisitResult collect_kept(CXCursor c, CXCursor parent, CXClientData data)
{
	struct kept *k = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	char *name = cxstr(clang_getCursorSpelling(c));
	unsigned i;
	char branch;

	/* LSMGEN_Y_<i> or LSMGEN_N_<i>: the marker names its condition, never a line */
	if (sscanf(name, "LSMGEN_%c_%u", &branch, &i) == 2 && i < k->n)
		(branch == 'Y' ? k->yes : k->no)[i] = true;
	free(name);
	return CXChildVisit_Continue;
}

/* Text that could end the condition's line early or reach into the next one. */
static bool condition_is_plain(const char *e)
{
	return !strpbrk(e, "\n\r\\\"'") && !strstr(e, "/*") && !strstr(e, "*/") && !strstr(e, "//");
}

void eval_conditions(const char *const *exprs, unsigned n, const struct config *cfg,
		     signed char *result)
{
	struct buf text = { 0 }, prelude = { 0 };
	const char *path = "/lsmgen/conditions.c";
	unsigned *line_of = xcalloc(n ? n : 1, sizeof(*line_of));
	struct kept k = { xcalloc(n ? n : 1, 1), xcalloc(n ? n : 1, 1), n };

	/*
	 * One block per condition, each branch with a marker that names the condition: a
	 * condition is decided only when exactly one of its markers was expanded, so nothing
	 * a condition does to the text after it (an unterminated comment, say) can decide
	 * another. Text that could do so is refused up front (unsure).
	 */
	for (unsigned i = 0, line = 1; i < n; i++, line += 5) {
		bool plain = condition_is_plain(exprs[i]);

		line_of[i] = line;
		result[i] = plain ? 0 : -1;
		buf_printf(&text, "#if (%s)\nLSMGEN_Y_%u()\n#else\nLSMGEN_N_%u()\n#endif\n",
			   plain ? exprs[i] : "0", i, i);
	}
	config_defines(cfg, &prelude);
	buf_puts(&prelude, kconfig_macros);
	for (unsigned i = 0; i < n; i++)
		buf_printf(&prelude, "#define LSMGEN_Y_%u()\n#define LSMGEN_N_%u()\n", i, i);
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = parse(idx, path, text.s ? text.s : "", text.len, prelude.s,
				     CXTranslationUnit_DetailedPreprocessingRecord);

	if (tu) {
		clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_kept, &k);
		/* a condition the preprocessor rejects is unsure, not false */
		for (unsigned d = 0, nd = clang_getNumDiagnostics(tu); d < nd; d++) {
			CXDiagnostic diag = clang_getDiagnostic(tu, d);
			unsigned line;

			clang_getSpellingLocation(clang_getDiagnosticLocation(diag), NULL, &line, NULL,
						  NULL);
			for (unsigned i = 0; i < n; i++)
				if (clang_getDiagnosticSeverity(diag) >= CXDiagnostic_Error &&
				    line >= line_of[i] && line < line_of[i] + 5)
					result[i] = -1;
			clang_disposeDiagnostic(diag);
		}
		for (unsigned i = 0; i < n; i++)
			if (result[i] >= 0)
				result[i] = k.yes[i] != k.no[i] ? k.yes[i] : -1;
		clang_disposeTranslationUnit(tu);
	} else {
		memset(result, -1, n);
	}
	clang_disposeIndex(idx);
	free(line_of);
	free(k.yes);
	free(k.no);
	buf_free(&text);
	buf_free(&prelude);
}

/* The NAME of the LSM_HOOK(RET, DEFAULT, NAME, ...) entry whose arguments start at s. */
static char *entry_name(const char *s, const char *end)
{
	int depth = 0, commas = 0;

	for (; s < end && commas < 2; s++)
		if (*s == '(')
			depth++;
		else if (*s == ')')
			depth--;
		else if (*s == ',' && depth == 0)
			commas++;
	while (s < end && isspace((unsigned char)*s))
		s++;
	const char *b = s;

	while (s < end && (isalnum((unsigned char)*s) || *s == '_'))
		s++;
	return s > b ? xstrndup(b, (size_t)(s - b)) : NULL;
}

bool hooktable_fingerprint(const char *path, char sha256[65], unsigned *nhooks,
			   struct strlist *names)
{
	size_t len;
	char *text = read_file(path, &len);

	if (!text)
		return false;
	sha256_hex(text, len, sha256);
	*nhooks = 0;
	for (size_t i = 0; i + 9 <= len; i++) {
		if ((i == 0 || text[i - 1] == '\n') && !memcmp(text + i, "LSM_HOOK(", 9)) {
			(*nhooks)++;
			char *name = names ? entry_name(text + i + 9, text + len) : NULL;

			if (name && !strlist_has(names, name))
				strlist_add(names, name);
			free(name);
		}
	}
	free(text);
	return true;
}

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

/* The tokens of a file, lexed by libclang without preprocessing it. */
static bool lex_file(const char *path, char **text, size_t *len, struct tokens *t)
{
	*text = read_file(path, len);
	if (!*text)
		return false;
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = parse(idx, path, *text, *len, "",
				     CXTranslationUnit_SingleFileParse | CXTranslationUnit_Incomplete);

	memset(t, 0, sizeof(*t));
	if (tu) {
		tokenize(tu, clang_getFile(tu, path), *len, t);
		clang_disposeTranslationUnit(tu);
	}
	clang_disposeIndex(idx);
	return tu != NULL;
}

/*
 * The name an LSM registers under is its lsm_info's .name, not DEFINE_LSM()'s argument
 * (DEFINE_LSM(safesetid_security_init) = { .name = "safesetid" }). From the tokens after
 * "DEFINE_LSM(x)" at i: the string literal, "@MACRO" for a .name given by a macro (the
 * caller resolves it), or "?x" when there is no .name to read.
 */
static char *lsm_info_name(const struct tokens *t, const char *text, unsigned i)
{
	const struct tok *v = t->v;
	const char *arg = v[i - 2].text;

	if (i + 1 >= t->n || !is(&v[i], "=") || !is(&v[i + 1], "{"))
		return xasprintf("?%s", arg);
	/*
	 * Up to the ';' that ends the definition, skipping directives: lockdown writes
	 * "#ifdef X / DEFINE_EARLY_LSM(lockdown) = { / #else / DEFINE_LSM(lockdown) = { / #endif".
	 */
	for (unsigned k = i + 2; k + 3 < t->n && !is(&v[k], ";"); k++) {
		if (is(&v[k], "#") && (k == 0 || v[k - 1].line != v[k].line)) {
			k = directive_end(t, text, k) - 1;
			continue;
		}
		if (!is(&v[k], ".") || !is(&v[k + 1], "name") || !is(&v[k + 2], "="))
			continue;
		const struct tok *val = &v[k + 3];
		bool ends = k + 4 < t->n && (is(&v[k + 4], ",") || is(&v[k + 4], "}"));

		if (ends && val->kind == CXToken_Identifier)
			return xasprintf("@%s", val->text);
		if (ends && val->kind == CXToken_Literal && string_literal_is_name(val->text))
			return xstrndup(val->text + 1, strlen(val->text) - 2);
		break;
	}
	return xasprintf("?%s", arg);
}

bool lsm_source_scan(const char *path, struct lsm_source *out)
{
	char *text;
	size_t len;
	struct tokens t;
	struct cond_stack conds = { 0 };

	memset(out, 0, sizeof(*out));
	if (!lex_file(path, &text, &len, &t)) {
		free(text);
		return false;
	}
	for (unsigned i = 0, next = 0; i < t.n; i++) {
		const struct tok *v = t.v;

		if (is(&v[i], "#") && i >= next) {
			next = directive_end(&t, text, i);
			/* #define LSM_HOOK(...) ... LSM_HOOK_INIT(...): the X-macro of every hook */
			if (i + 2 < next && is(&v[i + 1], "define") && is(&v[i + 2], "LSM_HOOK"))
				for (unsigned k = i + 3; k < next; k++)
					out->all_hooks |= is(&v[k], "LSM_HOOK_INIT");
			/* #define NAME "text": what a .name = NAME of this file or directory means */
			if (i + 4 == next && is(&v[i + 1], "define") &&
			    v[i + 2].kind == CXToken_Identifier && v[i + 3].kind == CXToken_Literal &&
			    v[i + 3].text[0] == '"' && v[i + 3].off > v[i + 2].end) {
				strlist_add(&out->define_names, v[i + 2].text);
				strlist_add(&out->define_values, v[i + 3].text);
			}
			walk_directive(&conds, &t, text, i, next, i == 0);
			continue;
		}
		if (i < next)
			continue;	/* inside a directive */
		if ((is(&v[i], "DEFINE_LSM") || is(&v[i], "DEFINE_EARLY_LSM")) && i + 3 < t.n &&
		    is(&v[i + 1], "(") && v[i + 2].kind == CXToken_Identifier && is(&v[i + 3], ")")) {
			char *name = lsm_info_name(&t, text, i + 4);

			if (!strlist_has(&out->lsm_names, name))
				strlist_add(&out->lsm_names, name);
			free(name);
		}
		if (is(&v[i], "LSM_HOOK_INIT") && i + 5 < t.n && is(&v[i + 1], "(") &&
		    v[i + 2].kind == CXToken_Identifier && is(&v[i + 3], ",") &&
		    v[i + 4].kind == CXToken_Identifier && is(&v[i + 5], ")")) {
			char *g = guard_text(&conds);

			out->lines = xrealloc(out->lines, (out->hooks.n + 1) * sizeof(*out->lines));
			out->lines[out->hooks.n] = v[i].line;
			strlist_add(&out->hooks, v[i + 2].text);
			strlist_add(&out->functions, v[i + 4].text);
			strlist_add(&out->guards, g ? g : "");
			free(g);
		}
	}
	while (conds.n) {
		conds.n--;
		free(conds.v[conds.n].branch);
		free(conds.v[conds.n].prior);
	}
	free(conds.v);
	tokens_free(&t);
	free(text);
	return true;
}

void lsm_source_free(struct lsm_source *s)
{
	free(s->lines);
	strlist_free(&s->lsm_names);
	strlist_free(&s->define_names);
	strlist_free(&s->define_values);
	strlist_free(&s->hooks);
	strlist_free(&s->functions);
	strlist_free(&s->guards);
}
