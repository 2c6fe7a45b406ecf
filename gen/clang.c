/*
 * clang.c: the only user of libclang. A hook table is parsed as a C file whose
 * preprocessor sees the configuration as autoconf.h would define it; LSM_HOOK is a macro
 * that expands to nothing, and the preprocessing record lists every expansion the
 * preprocessor really performed, so entries in inactive branches, comments and strings
 * never appear. Files are also lexed without preprocessing (lsm_count.h, the files of security/),
 * and conditions evaluated against a configuration.
 */
#include "clang.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "diag.h"
#include "strlist.h"

#define PRELUDE "/lsmgen/config-prelude.h"

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

/* Parse path, whose bytes are text (so libclang sees exactly what lsmgen read); never NULL. */
static CXTranslationUnit parse(CXIndex idx, const char *path, const char *text, size_t len,
			       const char *prelude, unsigned options)
{
	const char *args[] = {
		"-x", "c", "-std=gnu11", "-nostdinc", "-ferror-limit=0",
		"--target=x86_64-linux-gnu", "-D__KERNEL__", "-include", PRELUDE,
	};
	struct CXUnsavedFile unsaved[] = {
		{ PRELUDE, prelude, strlen(prelude) },
		{ path, text, len },
	};
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc = clang_parseTranslationUnit2(idx, path, args,
							  sizeof(args) / sizeof(args[0]),
							  unsaved, 2, options, &tu);

	/* bad C comes back as diagnostics of a unit: no unit is libclang's own failure */
	if (rc != CXError_Success)
		fatal(EXIT_USAGE, "%s: libclang failed (%s): out of memory or threads, or "
		      "libclang itself", path, rc == CXError_Crashed ? "it crashed" : "no unit");
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
		CXTokenKind kind = clang_getTokenKind(toks[i]);

		if (kind == CXToken_Comment)
			continue;
		struct tok *t = &out->v[out->n++];

		t->kind = kind == CXToken_Identifier ? TOK_IDENT : kind == CXToken_Keyword ?
			  TOK_KEYWORD : kind == CXToken_Literal ? TOK_LITERAL : TOK_PUNCT;
		t->text = cxstr(clang_getTokenSpelling(tu, toks[i]));
		clang_getSpellingLocation(clang_getTokenLocation(tu, toks[i]), NULL, &t->line,
					  &t->col, &t->off);
		t->end = t->off + (unsigned)strlen(t->text);
	}
	clang_disposeTokens(tu, toks, n);
}

/* The preprocessing record of a hook table, gathered by collect(). */
struct expansions {
	struct preprocessed *p;
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
	struct expansions *x = data;
	struct preprocessed *e = x->p;
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
			x->foreign = true;
		}
		free(name);
		return CXChildVisit_Continue;
	}
	if (kind == CXCursor_MacroDefinition) {
		push(&e->defs, &e->ndefs, loc);
	} else if (kind == CXCursor_MacroExpansion) {
		char *name = cxstr(clang_getCursorSpelling(c));

		if (strcmp(name, "LSM_HOOK") == 0)
			push(&e->entries, &e->nentries, loc);
		else
			strlist_add_unique(&e->expanded, name);
		free(name);
	} else if (kind != CXCursor_InclusionDirective) {
		/* after preprocessing, a hook table holds nothing but LSM_HOOK entries */
		push(&e->decls, &e->ndecls, clang_getRangeStart(clang_getCursorExtent(c)));
	}
	return CXChildVisit_Continue;
}

static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned n, CXClientData data)
{
	struct strlist *deps = data;
	char *name = cxstr(clang_getFileName(file));

	(void)stack;
	(void)n;
	if (strcmp(name, PRELUDE) != 0)
		strlist_add_unique(deps, name);
	free(name);
}

static int cmp_unsigned(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

bool clang_preprocess(const char *path, const char *text, size_t len, const struct config *cfg,
		      struct preprocessed *out, struct strlist *deps)
{
	struct buf prelude = { 0 };
	struct expansions x = { out, false };
	bool ok = false;

	memset(out, 0, sizeof(*out));
	config_defines(cfg, &prelude);
	buf_puts(&prelude, kconfig_macros);
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = parse(idx, path, text, len, prelude.s,
				     CXTranslationUnit_DetailedPreprocessingRecord);

	clang_getInclusions(tu, add_inclusion, deps);
	ok = report_diagnostics(tu);
	if (ok) {
		clang_visitChildren(clang_getTranslationUnitCursor(tu), collect, &x);
		if (out->nentries)
			qsort(out->entries, out->nentries, sizeof(*out->entries), cmp_unsigned);
		tokenize(tu, clang_getFile(tu, path), len, &out->toks);
		ok = !x.foreign;
	}
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	buf_free(&prelude);
	return ok;
}

void preprocessed_free(struct preprocessed *p)
{
	tokens_free(&p->toks);
	free(p->entries);
	free(p->defs);
	free(p->decls);
	strlist_free(&p->expanded);
	memset(p, 0, sizeof(*p));
}

void clang_lex(const char *path, const char *text, size_t len, struct tokens *t)
{
	CXIndex idx = clang_createIndex(0, 0);
	unsigned flags = CXTranslationUnit_SingleFileParse | CXTranslationUnit_Incomplete;
	CXTranslationUnit tu = parse(idx, path, text, len, "", flags);

	memset(t, 0, sizeof(*t));
	tokenize(tu, clang_getFile(tu, path), len, t);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
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

void eval_conditions(const struct expr *const *conds, unsigned n, const struct config *cfg,
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
	 * another. What lsmgen could not parse is refused up front (unsure).
	 */
	for (unsigned i = 0, line = 1; i < n; i++, line += 5) {
		bool plain = !expr_has_opaque(conds[i]);
		char *c = plain ? expr_text(conds[i]) : xstrdup("0");

		line_of[i] = line;
		result[i] = plain ? 0 : -1;
		buf_printf(&text, "#if (%s)\nLSMGEN_Y_%u()\n#else\nLSMGEN_N_%u()\n#endif\n",
			   c, i, i);
		free(c);
	}
	config_defines(cfg, &prelude);
	buf_puts(&prelude, kconfig_macros);
	for (unsigned i = 0; i < n; i++)
		buf_printf(&prelude, "#define LSMGEN_Y_%u()\n#define LSMGEN_N_%u()\n", i, i);
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = parse(idx, path, text.s ? text.s : "", text.len, prelude.s,
				     CXTranslationUnit_DetailedPreprocessingRecord);

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
	clang_disposeIndex(idx);
	free(line_of);
	free(k.yes);
	free(k.no);
	buf_free(&text);
	buf_free(&prelude);
}
