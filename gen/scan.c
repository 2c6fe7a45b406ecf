/*
 * scan.c: the implementer list of a kernel tree. Every .c file under KDIR/security is
 * read by lsmsource.c for its DEFINE_LSM/DEFINE_EARLY_LSM names and its registrations,
 * each under the #if conditions around it; each directory's Kbuild file says which files
 * are built only with some CONFIG_ symbol (kbuild.c). An entry belongs to the LSM its file
 * defines, else to the one LSM its directory defines. Whatever cannot be placed (no or
 * several LSMs, an LSM the LSM list does not know) is marked unsure, so that its hooks
 * keep MAX_LSM_COUNT slots: counting too many is safe, too few panics at boot.
 */
#include "scan.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "alloc.h"
#include "diag.h"
#include "kbuild.h"
#include "lsmsource.h"
#include "strlist.h"
#include "unit.h"

/* One source file and what it holds. */
struct source {
	char *dir, *path, *base;	/* base: "hooks.c" */
	char *build_condition;		/* Kconfig symbol without CONFIG_, or NULL */
	struct lsm_source scan;
};

struct tree {
	const char *kdir, *top;		/* the kernel tree, its security/ */
	struct source *v;
	unsigned n;
};

/* The directories walked, by device and inode: a symbolic link never leads to one twice. */
struct walked {
	dev_t *dev;
	ino_t *ino;
	unsigned n;
};

static bool walked_before(struct walked *seen, const struct stat *st)
{
	for (unsigned i = 0; i < seen->n; i++)
		if (seen->dev[i] == st->st_dev && seen->ino[i] == st->st_ino)
			return true;
	seen->dev = xrealloc(seen->dev, (seen->n + 1) * sizeof(*seen->dev));
	seen->ino = xrealloc(seen->ino, (seen->n + 1) * sizeof(*seen->ino));
	seen->dev[seen->n] = st->st_dev;
	seen->ino[seen->n++] = st->st_ino;
	return false;
}

static void walked_free(struct walked *seen)
{
	free(seen->dev);
	free(seen->ino);
}

/* One .c file of dir (flags: Kbuild's for dir): kept in t when it registers or defines an
 * LSM. */
static void scan_source(const char *dir, const char *name, char *path,
			const struct kbuild_flags *flags, struct tree *t, struct strlist *deps)
{
	struct source s;

	memset(&s, 0, sizeof(s));
	/* a unit whose text says no word that registers is not lexed at all */
	if (!unit_may_register(path, flags) || !lsm_source_scan(path, flags, &s.scan) ||
	    !(s.scan.n || s.scan.lsm_names.n || s.scan.all_hooks || s.scan.opaque)) {
		lsm_source_free(&s.scan);
		free(path);
		return;
	}
	s.dir = xstrdup(dir);
	s.path = path;
	s.base = xstrdup(name);
	s.build_condition = kbuild_condition(dir, name);
	strlist_add(deps, path);
	for (unsigned k = 0; k < flags->files.n; k++)
		strlist_add_unique(deps, flags->files.v[k]);
	t->v = xrealloc(t->v, (t->n + 1) * sizeof(*t->v));
	t->v[t->n++] = s;
}

static void walk(const char *dir, struct tree *t, struct walked *seen, struct strlist *deps)
{
	struct stat st;

	if (stat(dir, &st) != 0 || walked_before(seen, &st))
		return;
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
	/* Kbuild's flags for dir: its Makefiles read once, for every .c of it */
	struct kbuild_flags flags;

	kbuild_flags(t->kdir, t->top, dir, &flags);
	for (unsigned i = 0; i < names.n; i++) {
		char *path = xasprintf("%s/%s", dir, names.v[i]);
		size_t n = strlen(names.v[i]);

		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			walk(path, t, seen, deps);
			free(path);
		} else if (n > 2 && !strcmp(names.v[i] + n - 2, ".c")) {
			scan_source(dir, names.v[i], path, &flags, t, deps);
		} else {
			free(path);
		}
	}
	kbuild_flags_free(&flags);
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

		if (lsm_source_scan(path, NULL, &h)) {
			for (unsigned k = 0; k < h.define_names.n && !found; k++)
				if (!strcmp(h.define_names.v[k], name))
					found = xstrdup(h.define_values.v[k]);
			if (found)
				strlist_add_unique(deps, path);
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
			warn_at(s->path, 0, 0,
				"DEFINE_LSM(%s) has no .name = \"...\" that lsmgen can read: its "
				"hooks keep MAX_LSM_COUNT slots", n + 1);
		if (n[0] != '@')
			continue;
		char *v = macro_value(s, n + 1, deps);

		if (v && string_literal_is_name(v)) {
			s->scan.lsm_names.v[k] = xstrndup(v + 1, strlen(v) - 2);
		} else {
			warn_at(s->path, 0, 0,
				".name = %s: no #define %s \"...\" in this file or a header beside "
				"it: its hooks keep MAX_LSM_COUNT slots", n + 1, n + 1);
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

/*
 * Source s's entries into the implementer list, under the LSM they belong to (an unknown
 * one, "?path", when that is not clear: its hooks keep MAX_LSM_COUNT slots); its headers
 * into deps.
 */
static void place(const struct tree *t, struct source *s, const struct lsm_list *list,
		  struct impls *im, struct strlist *deps)
{
	const char *who = owner(t, s);
	char *unknown = NULL;

	if (!who && (s->scan.n || s->scan.all_hooks || s->scan.opaque)) {
		unknown = xasprintf("?%s", s->path + strlen(t->kdir) + 1);
		warn_at(s->path, 0, 0,
			"cannot tell which LSM registers these hooks: they keep "
			"MAX_LSM_COUNT slots");
	}
	if (!who && !unknown)
		return;
	struct impl_lsm *l = lsm_named(im, who ? who : unknown);

	if (!l->kconfig && who) {
		const struct lsm *known = lsm_list_find(list, who, false);

		if (known)
			l->kconfig = xstrdup(known->kconfig);
		else if (!l->unlisted)
			l->unlisted = xstrdup(s->path);
	}
	if (unknown && !l->unlisted)
		l->unlisted = xstrdup(s->path);
	l->unsure |= !l->kconfig;
	if (!l->kconfig)
		l->kconfig = xstrdup("");
	l->all_hooks |= s->scan.all_hooks;
	if (s->scan.opaque && !l->opaque)
		l->opaque = xstrdup(s->scan.opaque);
	for (unsigned k = 0; k < s->scan.n; k++) {
		struct impl_entry *e = &s->scan.entries[k];

		l->entries = xrealloc(l->entries, (l->n + 1) * sizeof(*l->entries));
		l->entries[l->n++] = (struct impl_entry){
			e->hook, e->function, e->guard,
			s->build_condition ? xstrdup(s->build_condition) : NULL,
			e->file, e->line, e->unsure,
		};
		memset(e, 0, sizeof(*e));	/* moved */
	}
	for (unsigned k = 0; k < s->scan.headers.n; k++)
		strlist_add_unique(deps, s->scan.headers.v[k]);
	free(unknown);
}

static void tree_free(struct tree *t)
{
	for (unsigned i = 0; i < t->n; i++) {
		lsm_source_free(&t->v[i].scan);
		free(t->v[i].dir);
		free(t->v[i].path);
		free(t->v[i].base);
		free(t->v[i].build_condition);
	}
	free(t->v);
}

bool scan_kernel(const char *kdir, const struct lsm_list *list, struct impls *im,
		 struct strlist *deps)
{
	char *security = xasprintf("%s/security", kdir);
	struct tree t = { kdir, security, NULL, 0 };
	struct walked seen = { 0 };
	struct stat st;

	memset(im, 0, sizeof(*im));
	im->source = xstrdup(security);
	if (stat(security, &st) != 0 || !S_ISDIR(st.st_mode)) {
		error_at(security, 0, 0, "no security/ directory to scan (--slots exact needs the "
			 "kernel sources, or --impls FILE)");
		free(security);
		return false;
	}
	walk(security, &t, &seen, deps);
	walked_free(&seen);
	for (unsigned i = 0; i < t.n; i++)
		resolve_names(&t.v[i], deps);
	lsm_source_forget();
	for (unsigned i = 0; i < t.n; i++)
		place(&t, &t.v[i], list, im, deps);
	for (unsigned i = 0; i < t.n; i++)
		for (unsigned k = 0; k < t.v[i].scan.macros.n; k++)
			strlist_add_unique(&im->macros, t.v[i].scan.macros.v[k]);
	strlist_sort(&im->macros);
	tree_free(&t);
	free(security);
	return true;
}
