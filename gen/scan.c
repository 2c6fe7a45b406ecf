/*
 * scan.c: the implementer list of a kernel tree. Every .c file under KDIR/security is
 * lexed (clang.c, no preprocessing) for DEFINE_LSM/DEFINE_EARLY_LSM and LSM_HOOK_INIT(hook, function)
 * entries with the #if conditions around them; each directory's Makefile says which
 * files are built only with some CONFIG_ symbol. An entry belongs to the LSM its file
 * defines, else to the one LSM its directory defines. Whatever cannot be placed (no or
 * several LSMs, an LSM the registry does not know) is marked unsure, so that its hooks
 * keep MAX_LSM_COUNT slots: counting too many is safe, too few panics at boot.
 */
#include "scan.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clang.h"
#include "cond.h"

/* What one LSM source file registers: its LSM_HOOK_INIT entries and DEFINE_LSM names. */
struct lsm_source {
	/* each lsm_info's .name: "selinux", "@MACRO" to resolve, "?arg" when unreadable */
	struct strlist lsm_names;
	struct strlist define_names, define_values;	/* #define NAME "text" */
	struct strlist hooks, functions, guards;	/* guards: "" when none */
	unsigned *lines;			/* line of each entry */
	bool all_hooks;			/* LSM_HOOK defined to LSM_HOOK_INIT, then the table */
};

/* Kernel hook names have up to 25 characters; generated names must fit in 100 columns. */
#define MAX_NAME 64

/* "selinux": a plain string literal whose text can be an LSM name. */
static bool string_literal_is_name(const char *lit)
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
 * The name an LSM registers under is its lsm_info's .name, not DEFINE_LSM()'s argument
 * (DEFINE_LSM(safesetid_security_init) = { .name = "safesetid" }). From the tokens after
 * "DEFINE_LSM(x)" at i: the string literal, "@MACRO" for a .name given by a macro (the
 * caller resolves it), or "?x" when there is no .name to read.
 */
static char *lsm_info_name(const struct tokens *t, const char *text, unsigned i)
{
	const struct tok *v = t->v;
	const char *arg = v[i - 2].text;

	if (i + 1 >= t->n || !tok_is(&v[i], "=") || !tok_is(&v[i + 1], "{"))
		return xasprintf("?%s", arg);
	/*
	 * Up to the ';' that ends the definition, skipping directives: lockdown writes
	 * "#ifdef X / DEFINE_EARLY_LSM(lockdown) = { / #else / DEFINE_LSM(lockdown) = { / #endif".
	 */
	for (unsigned k = i + 2; k + 3 < t->n && !tok_is(&v[k], ";"); k++) {
		if (tok_is(&v[k], "#") && (k == 0 || v[k - 1].line != v[k].line)) {
			k = directive_end(t, text, k) - 1;
			continue;
		}
		if (!tok_is(&v[k], ".") || !tok_is(&v[k + 1], "name") || !tok_is(&v[k + 2], "="))
			continue;
		const struct tok *val = &v[k + 3];
		bool ends = k + 4 < t->n && (tok_is(&v[k + 4], ",") || tok_is(&v[k + 4], "}"));

		if (ends && val->kind == TOK_IDENT)
			return xasprintf("@%s", val->text);
		if (ends && val->kind == TOK_LITERAL && string_literal_is_name(val->text))
			return xstrndup(val->text + 1, strlen(val->text) - 2);
		break;
	}
	return xasprintf("?%s", arg);
}

static bool lsm_source_scan(const char *path, struct lsm_source *out)
{
	char *text;
	size_t len;
	struct tokens t;
	struct cond_stack conds = { 0 };

	memset(out, 0, sizeof(*out));
	text = read_file(path, &len);
	if (!text || !clang_lex(path, text, len, &t)) {
		free(text);
		return false;
	}
	for (unsigned i = 0, next = 0; i < t.n; i++) {
		const struct tok *v = t.v;

		if (tok_is(&v[i], "#") && i >= next) {
			next = directive_end(&t, text, i);
			/* #define LSM_HOOK(...) ... LSM_HOOK_INIT(...): the X-macro of every hook */
			if (i + 2 < next && tok_is(&v[i + 1], "define") && tok_is(&v[i + 2], "LSM_HOOK"))
				for (unsigned k = i + 3; k < next; k++)
					out->all_hooks |= tok_is(&v[k], "LSM_HOOK_INIT");
			/* #define NAME "text": what a .name = NAME of this file or directory means */
			if (i + 4 == next && tok_is(&v[i + 1], "define") &&
			    v[i + 2].kind == TOK_IDENT && v[i + 3].kind == TOK_LITERAL &&
			    v[i + 3].text[0] == '"' && v[i + 3].off > v[i + 2].end) {
				strlist_add(&out->define_names, v[i + 2].text);
				strlist_add(&out->define_values, v[i + 3].text);
			}
			walk_directive(&conds, &t, text, i, next, i == 0);
			continue;
		}
		if (i < next)
			continue;	/* inside a directive */
		if ((tok_is(&v[i], "DEFINE_LSM") || tok_is(&v[i], "DEFINE_EARLY_LSM")) && i + 3 < t.n &&
		    tok_is(&v[i + 1], "(") && v[i + 2].kind == TOK_IDENT && tok_is(&v[i + 3], ")")) {
			char *name = lsm_info_name(&t, text, i + 4);

			if (!strlist_has(&out->lsm_names, name))
				strlist_add(&out->lsm_names, name);
			free(name);
		}
		if (tok_is(&v[i], "LSM_HOOK_INIT") && i + 5 < t.n && tok_is(&v[i + 1], "(") &&
		    v[i + 2].kind == TOK_IDENT && tok_is(&v[i + 3], ",") &&
		    v[i + 4].kind == TOK_IDENT && tok_is(&v[i + 5], ")")) {
			char *g = guard_text(&conds);

			out->lines = xrealloc(out->lines, (out->hooks.n + 1) * sizeof(*out->lines));
			out->lines[out->hooks.n] = v[i].line;
			strlist_add(&out->hooks, v[i + 2].text);
			strlist_add(&out->functions, v[i + 4].text);
			strlist_add(&out->guards, g ? g : "");
			free(g);
		}
	}
	cond_stack_free(&conds);
	tokens_free(&t);
	free(text);
	return true;
}

static void lsm_source_free(struct lsm_source *s)
{
	free(s->lines);
	strlist_free(&s->lsm_names);
	strlist_free(&s->define_names);
	strlist_free(&s->define_values);
	strlist_free(&s->hooks);
	strlist_free(&s->functions);
	strlist_free(&s->guards);
}

/* One source file and what it holds. */
struct source {
	char *dir, *path, *base;	/* base: "hooks.c" */
	char *build_condition;		/* Kconfig symbol without CONFIG_, or NULL */
	struct lsm_source scan;
};

struct tree {
	struct source *v;
	unsigned n;
};

/* "hooks.c" is built only with CONFIG_X when the Makefile says "name-$(CONFIG_X) += hooks.o". */
static char *makefile_condition(const char *makefile, const char *base)
{
	size_t len, n = strlen(base);
	char *text, *found = NULL;
	struct stat st;

	if (stat(makefile, &st) != 0 || !(text = read_file(makefile, &len)))
		return NULL;
	for (char *p = text; *p; p++)	/* join continuation lines */
		if (p[0] == '\\' && p[1] == '\n')
			p[0] = p[1] = ' ';
	for (char *line = text; line < text + len && !found;) {
		char *eol = strchr(line, '\n');

		if (eol)
			*eol = '\0';
		char *cfg = strstr(line, "-$(CONFIG_"), *eq = strchr(line, '=');

		if (cfg && eq && cfg < eq && line[0] != '#') {
			/* is "<base without .c>.o" one of the words after '=' ? */
			for (char *w = eq + 1; *w && !found;) {
				while (*w == ' ' || *w == '\t')
					w++;
				char *e = w;

				while (*e && *e != ' ' && *e != '\t')
					e++;
				if ((size_t)(e - w) == n && !strncmp(w, base, n - 2) && !strncmp(e - 2, ".o", 2)) {
					char *sym = cfg + 10, *end = strchr(sym, ')');

					if (end && end > sym)
						found = xstrndup(sym, (size_t)(end - sym));
				}
				w = e;
			}
		}
		line = eol ? eol + 1 : text + len;
	}
	free(text);
	return found;
}

static void walk(const char *dir, struct tree *t, struct strlist *deps)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct strlist names = { 0 };

	if (!d)
		return;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			strlist_add(&names, e->d_name);
	closedir(d);
	strlist_sort(&names);
	for (unsigned i = 0; i < names.n; i++) {
		char *path = xasprintf("%s/%s", dir, names.v[i]);
		struct stat st;
		size_t n = strlen(names.v[i]);

		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			walk(path, t, deps);
		} else if (n > 2 && !strcmp(names.v[i] + n - 2, ".c")) {
			struct source s;

			memset(&s, 0, sizeof(s));
			s.dir = xstrdup(dir);
			s.path = path;
			s.base = xstrdup(names.v[i]);
			char *makefile = xasprintf("%s/Makefile", dir);

			if (lsm_source_scan(path, &s.scan) && (s.scan.hooks.n || s.scan.lsm_names.n ||
								 s.scan.all_hooks)) {
				struct stat mst;

				s.build_condition = makefile_condition(makefile, names.v[i]);
				strlist_add(deps, path);
				if (stat(makefile, &mst) == 0 && !strlist_has(deps, makefile))
					strlist_add(deps, makefile);
				t->v = xrealloc(t->v, (t->n + 1) * sizeof(*t->v));
				t->v[t->n++] = s;
				path = NULL;
			} else {
				lsm_source_free(&s.scan);
				free(s.dir);
				free(s.base);
			}
			free(makefile);
		}
		free(path);
	}
	strlist_free(&names);
}

/* The string a "#define NAME" of this file, or of a header beside it, gives; or NULL. */
static char *macro_value(const struct source *s, const char *name, struct strlist *deps)
{
	for (unsigned k = 0; k < s->scan.define_names.n; k++)
		if (!strcmp(s->scan.define_names.v[k], name))
			return xstrdup(s->scan.define_values.v[k]);
	DIR *d = opendir(s->dir);
	struct dirent *e;
	struct strlist headers = { 0 };
	char *found = NULL;

	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (e->d_name[0] != '.' && n > 2 && !strcmp(e->d_name + n - 2, ".h"))
			strlist_add(&headers, e->d_name);
	}
	closedir(d);
	strlist_sort(&headers);
	for (unsigned i = 0; i < headers.n && !found; i++) {
		char *path = xasprintf("%s/%s", s->dir, headers.v[i]);
		struct lsm_source h;

		if (lsm_source_scan(path, &h)) {
			for (unsigned k = 0; k < h.define_names.n && !found; k++)
				if (!strcmp(h.define_names.v[k], name))
					found = xstrdup(h.define_values.v[k]);
			if (found && !strlist_has(deps, path))
				strlist_add(deps, path);
		}
		lsm_source_free(&h);
		free(path);
	}
	strlist_free(&headers);
	return found;
}

/*
 * Turn each "@MACRO" name of s into the string it stands for. A name that cannot be read
 * stays "?arg", which no LSM list holds: its entries are unsure, so they keep
 * MAX_LSM_COUNT slots.
 */
static void resolve_names(struct source *s, struct strlist *deps)
{
	for (unsigned k = 0; k < s->scan.lsm_names.n; k++) {
		char *n = s->scan.lsm_names.v[k];

		if (n[0] == '?')
			warn_at(s->path, 0, 0, "DEFINE_LSM(%s) has no .name = \"...\" that lsmgen can "
				"read: its hooks keep MAX_LSM_COUNT slots", n + 1);
		if (n[0] != '@')
			continue;
		char *v = macro_value(s, n + 1, deps);

		if (v && string_literal_is_name(v)) {
			s->scan.lsm_names.v[k] = xstrndup(v + 1, strlen(v) - 2);
		} else {
			warn_at(s->path, 0, 0, ".name = %s: no #define %s \"...\" in this file or a "
				"header beside it: its hooks keep MAX_LSM_COUNT slots", n + 1, n + 1);
			s->scan.lsm_names.v[k] = xasprintf("?%s", n + 1);
		}
		free(v);
		free(n);
	}
}

/* The LSM an entry of source s belongs to, or NULL when that is not clear. */
static const char *owner(const struct tree *t, const struct source *s)
{
	const char *name = NULL;
	unsigned found = 0;

	if (s->scan.lsm_names.n == 1)
		return s->scan.lsm_names.v[0];
	if (s->scan.lsm_names.n > 1)
		return NULL;
	for (unsigned i = 0; i < t->n; i++) {
		if (strcmp(t->v[i].dir, s->dir))
			continue;
		for (unsigned k = 0; k < t->v[i].scan.lsm_names.n; k++) {
			if (!name || strcmp(name, t->v[i].scan.lsm_names.v[k]))
				found++;
			name = t->v[i].scan.lsm_names.v[k];
		}
	}
	return found == 1 ? name : NULL;
}

static struct impl_lsm *lsm_named(struct impls *im, const char *name)
{
	for (unsigned i = 0; i < im->n; i++)
		if (!strcmp(im->lsms[i].name, name))
			return &im->lsms[i];
	im->lsms = xrealloc(im->lsms, (im->n + 1) * sizeof(*im->lsms));
	struct impl_lsm *l = &im->lsms[im->n++];

	memset(l, 0, sizeof(*l));
	l->name = xstrdup(name);
	return l;
}

bool scan_kernel(const char *kdir, const struct lsm_registry *reg, struct impls *im,
		 struct strlist *deps)
{
	char *security = xasprintf("%s/security", kdir);
	struct tree t = { 0 };
	struct stat st;

	memset(im, 0, sizeof(*im));
	im->source = xstrdup(security);
	if (stat(security, &st) != 0 || !S_ISDIR(st.st_mode)) {
		error_at(security, 0, 0, "no security/ directory to scan (--slots exact needs the "
			 "kernel sources, or --impls FILE)");
		free(security);
		return false;
	}
	walk(security, &t, deps);
	for (unsigned i = 0; i < t.n; i++)
		resolve_names(&t.v[i], deps);
	for (unsigned i = 0; i < t.n; i++) {
		struct source *s = &t.v[i];
		const char *who = owner(&t, s);
		char *unknown = NULL;

		if (!who && (s->scan.hooks.n || s->scan.all_hooks)) {
			unknown = xasprintf("?%s", s->path + strlen(kdir) + 1);
			warn_at(s->path, 0, 0, "cannot tell which LSM registers these hooks: they keep "
				"MAX_LSM_COUNT slots");
		}
		if (!who && !unknown)
			continue;
		struct impl_lsm *l = lsm_named(im, who ? who : unknown);

		if (!l->kconfig && who) {
			const struct lsm *known = registry_find(reg, who, false);

			if (known)
				l->kconfig = xstrdup(known->kconfig);
			if (!l->kconfig)
				warn_at(s->path, 0, 0, "LSM '%s' is not in the LSM list: its hooks keep "
					"MAX_LSM_COUNT slots", who);
		}
		l->unsure |= !l->kconfig;
		if (!l->kconfig)
			l->kconfig = xstrdup("");
		l->all_hooks |= s->scan.all_hooks;
		for (unsigned k = 0; k < s->scan.hooks.n; k++) {
			const char *g = s->scan.guards.v[k];

			l->entries = xrealloc(l->entries, (l->n + 1) * sizeof(*l->entries));
			l->entries[l->n++] = (struct impl_entry){
				xstrdup(s->scan.hooks.v[k]), xstrdup(s->scan.functions.v[k]),
				*g ? xstrdup(g) : NULL,
				s->build_condition ? xstrdup(s->build_condition) : NULL,
				xstrdup(s->path), s->scan.lines[k],
			};
		}
		free(unknown);
	}
	for (unsigned i = 0; i < t.n; i++) {
		lsm_source_free(&t.v[i].scan);
		free(t.v[i].dir);
		free(t.v[i].path);
		free(t.v[i].base);
		free(t.v[i].build_condition);
	}
	free(t.v);
	free(security);
	return true;
}
