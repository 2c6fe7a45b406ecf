/*
 * scan.c: the implementer list of a kernel tree. Every .c file under KDIR/security is
 * lexed (hooktable.c) for DEFINE_LSM/DEFINE_EARLY_LSM and LSM_HOOK_INIT(hook, function)
 * entries with the #if conditions around them; each directory's Makefile says which
 * files are built only with some CONFIG_ symbol. An entry belongs to the LSM its file
 * defines, else to the one LSM its directory defines. Whatever cannot be placed (no or
 * several LSMs, an LSM the registry does not know) is marked unsure, so that its hooks
 * keep MAX_LSM_COUNT slots: counting too many is safe, too few panics at boot.
 */
#include "scan.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hooktable.h"

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
			for (unsigned r = 0; r < reg->n; r++)
				if (!strcmp(reg->lsms[r].name, who))
					l->kconfig = xstrdup(reg->lsms[r].kconfig);
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
