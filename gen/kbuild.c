/*
 * kbuild.c: a directory's Kbuild file read as Kbuild reads it, for the scan: which file
 * it is (Kbuild before Makefile), under which Kconfig symbols it builds an object, and
 * the -I and -D flags it gives the compiler. Only assignments are read; a form not read
 * makes the answer the one that counts more (an object built always, a flag given).
 */
#include "kbuild.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "files.h"
#include "strlist.h"
#include "tokens.h"

char *kbuild_file(const char *dir)
{
	static const char *const names[] = { "Kbuild", "Makefile" };

	for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
		char *path = xasprintf("%s/%s", dir, names[i]);

		if (path_is_file(path))
			return path;
		free(path);
	}
	return NULL;
}

/*
 * The logical lines of a Kbuild file, as make reads them: a backslash before the end of a
 * line (CRLF too) joins the next, a '#' starts a comment. Each line is handed to fn.
 */
static void each_line(const char *path, void (*fn)(char *line, void *arg), void *arg)
{
	size_t len;
	char *text = path ? read_file(path, &len) : NULL;

	if (!text)
		return;
	for (char *p = text; *p; p++) {
		if (p[0] == '\r' && p[1] == '\n')
			p[0] = ' ';
		if (p[0] == '\\' && (p[1] == '\n' || (p[1] == '\r' && p[2] == '\n'))) {
			p[0] = ' ';
			if (p[1] == '\r')
				*++p = ' ';
			p[1] = ' ';
		}
	}
	for (char *line = text; line < text + len;) {
		char *eol = strchr(line, '\n'), *hash;

		if (eol)
			*eol = '\0';
		if ((hash = strchr(line, '#')))
			*hash = '\0';
		fn(line, arg);
		line = eol ? eol + 1 : text + len;
	}
	free(text);
}

struct condition {
	const char *base;	/* "hooks.c" */
	struct strlist syms;
	bool always, listed;
};

static void condition_line(char *line, void *arg)
{
	struct condition *c = arg;
	size_t n = strlen(c->base);
	char *eq = strchr(line, '=');

	/* is "<base without .c>.o" one of the words after '=' ? */
	for (char *w = eq ? eq + 1 : ""; *w;) {
		w += strspn(w, " \t");
		char *e = w + strcspn(w, " \t");

		if ((size_t)(e - w) == n && !strncmp(w, c->base, n - 2) &&
		    !strncmp(e - 2, ".o", 2)) {
			char *cfg = strstr(line, "-$(CONFIG_");
			char *end = cfg ? strchr(cfg, ')') : NULL;

			c->listed = true;
			if (cfg && cfg < eq && end && end < eq && end > cfg + 10 &&
			    ident_len(cfg + 10) == (size_t)(end - cfg - 10)) {
				char *sym = xstrndup(cfg + 10, (size_t)(end - cfg - 10));

				strlist_add_unique(&c->syms, sym);
				free(sym);
			} else {
				c->always = true;	/* -y, -objs, or a form not read: built */
			}
		}
		w = e;
	}
}

char *kbuild_condition(const char *dir, const char *base)
{
	char *file = kbuild_file(dir);
	struct condition c = { base, { 0 }, false, false };
	struct buf b = { 0 };

	each_line(file, condition_line, &c);
	for (unsigned i = 0; c.listed && !c.always && i < c.syms.n; i++)
		buf_printf(&b, "%s%s", i ? " " : "", c.syms.v[i]);
	strlist_free(&c.syms);
	free(file);
	return b.s;
}

struct flags_reader {
	const char *kdir, *dir;
	bool subdir_only;	/* a directory above: only its subdir-ccflags */
	struct strlist words, removed;
};

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Does the assignment at line give compiler flags to the directory being read? */
static bool flags_variable(const struct flags_reader *r, const char *line)
{
	if (starts(line, "subdir-ccflags-"))
		return true;
	return !r->subdir_only && !starts(line, "ccflags-remove-") &&
	       (starts(line, "ccflags-") || starts(line, "EXTRA_CFLAGS"));
}

static void flags_line(char *line, void *arg)
{
	struct flags_reader *r = arg;

	line += strspn(line, " \t");
	char *eq = strchr(line, '=');

	if (!eq)
		return;
	bool remove = !r->subdir_only && starts(line, "ccflags-remove-");

	if (!remove && !flags_variable(r, line))
		return;
	struct strlist *into = remove ? &r->removed : &r->words;

	for (char *w = eq + 1; *w;) {
		w += strspn(w, " \t");
		size_t k = strcspn(w, " \t");

		if (k) {
			char *word = xstrndup(w, k);

			strlist_add(into, word);
			free(word);
		}
		w += k;
	}
}

/* A path as Kbuild writes it, made one the scan can open. */
static char *kbuild_path(const struct flags_reader *r, const char *p)
{
	static const char *const vars[][2] = {
		{ "$(srctree)/$(src)", NULL }, { "$(src)", NULL }, { "$(obj)", NULL },
		{ "$(srctree)", "" },
	};

	for (size_t i = 0; i < sizeof(vars) / sizeof(*vars); i++)
		if (!strncmp(p, vars[i][0], strlen(vars[i][0])))
			return xasprintf("%s%s", vars[i][1] ? r->kdir : r->dir,
					 p + strlen(vars[i][0]));
	return p[0] == '/' ? xstrdup(p) : xasprintf("%s/%s", r->kdir, p);
}

static void add_words(const struct flags_reader *r, struct kbuild_flags *out)
{
	for (unsigned i = 0; i < r->words.n; i++) {
		const char *w = r->words.v[i];

		if (strlist_has(&r->removed, w))
			continue;
		bool inc = !strncmp(w, "-I", 2), def = !strncmp(w, "-D", 2);

		if (!inc && !def)
			continue;
		const char *arg = w[2] ? w + 2 : i + 1 < r->words.n ? r->words.v[++i] : "";

		if (inc && *arg) {
			char *path = kbuild_path(r, arg);

			strlist_add_unique(&out->include_dirs, path);
			free(path);
		} else if (def && ident_len(arg)) {
			char *name = xstrndup(arg, ident_len(arg));

			strlist_add_unique(&out->defines, name);
			free(name);
		}
	}
}

void kbuild_flags(const char *kdir, const char *top, const char *dir, struct kbuild_flags *out)
{
	struct strlist dirs = { 0 };
	char *d = xstrdup(dir);

	memset(out, 0, sizeof(*out));
	/* dir, then each directory above it up to top: the outermost's flags come first */
	for (;;) {
		strlist_add(&dirs, d);
		char *slash = strrchr(d, '/');

		if (!strcmp(d, top) || !slash || strlen(d) <= strlen(top))
			break;
		*slash = '\0';
	}
	free(d);
	for (unsigned i = dirs.n; i-- > 0;) {
		struct flags_reader r = { kdir, dirs.v[i], i > 0, { 0 }, { 0 } };
		char *file = kbuild_file(dirs.v[i]);

		if (file)
			strlist_add_unique(&out->files, file);
		each_line(file, flags_line, &r);
		add_words(&r, out);
		strlist_free(&r.words);
		strlist_free(&r.removed);
		free(file);
	}
	strlist_free(&dirs);
}

void kbuild_flags_free(struct kbuild_flags *f)
{
	strlist_free(&f->include_dirs);
	strlist_free(&f->defines);
	strlist_free(&f->files);
}
