/*
 * output.c: the output set of a run, written all together or not at all.
 *
 * Every file a run writes (the generated files, the manifest, the depfile) is added to
 * one set. Nothing is written until the whole set is known: outputs that are inputs, or
 * that are one another, are refused first. Then each changed file goes to a temporary
 * file beside it, fsynced; only when all of them were written is each old file kept as a
 * hard link and replaced by rename(), with signals held off; if any rename fails, every
 * file already replaced is put back. Whatever ends the run early (an error, any
 * terminating signal) removes the temporary files it made; SIGKILL can leave one, never a
 * half-written output. tempfile.c removes
 * temporary files when a signal ends the run; compare.c is check's side, depfile.c the
 * depfile (one more file of the set).
 */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "diag.h"
#include "files.h"
#include "strlist.h"
#include "tempfile.h"

void output_add(struct output_set *s, const char *path, const char *text, size_t len,
		const char *what)
{
	s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
	struct output *o = &s->v[s->n++];

	memset(o, 0, sizeof(*o));
	o->path = xstrdup(path);
	o->what = what;
	buf_add(&o->text, text, len);
}

void output_free(struct output_set *s)
{
	for (unsigned i = 0; i < s->n; i++) {
		free(s->v[i].path);
		buf_free(&s->v[i].text);
	}
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

/* The file a path names once symbolic links are followed: by device and inode if it
 * exists, else by its directory's real path and its name. */
struct identity {
	bool exists;
	dev_t dev;
	ino_t ino;
	char *real;
};

/*
 * The absolute path of path with symbolic links followed, also for a path that does not
 * exist yet: its longest existing ancestor resolved by realpath(), the rest applied
 * lexically ("out/../config" is "config" once lsmgen has created out/).
 */
static char *resolve(const char *path)
{
	char *real = realpath(path, NULL);

	if (real)
		return real;
	char *head = xstrdup(path);
	size_t cut = strlen(head);

	/* shorten head to an existing ancestor ("." if none) */
	for (;;) {
		while (cut > 0 && head[cut - 1] != '/')
			cut--;
		if (cut == 0) {
			real = realpath(".", NULL);
			break;
		}
		head[cut - 1] = '\0';
		real = realpath(*head ? head : "/", NULL);
		if (real)
			break;
		cut--;
	}
	struct buf b = { 0 };

	buf_puts(&b, real ? real : "");
	free(real);
	for (const char *p = path + cut; *p;) {
		size_t n = strcspn(p, "/");

		if (n == 2 && !memcmp(p, "..", 2)) {
			while (b.len > 0 && b.s[b.len - 1] != '/')
				b.len--;
			if (b.len > 1)
				b.len--;
			b.s[b.len] = '\0';
		} else if (n && !(n == 1 && *p == '.')) {
			if (!b.len || b.s[b.len - 1] != '/')
				buf_putc(&b, '/');
			buf_add(&b, p, n);
		}
		p += n + (p[n] == '/');
	}
	free(head);
	return b.s ? b.s : xstrdup("/");
}

/* What path is: its device and inode if it exists, and its resolved path if it does not
 * or with_real (what a file that does not exist yet is compared by). */
static struct identity identify(const char *path, bool with_real)
{
	struct identity id = { 0 };
	struct stat st;

	if (stat(path, &st) == 0) {
		id.exists = true;
		id.dev = st.st_dev;
		id.ino = st.st_ino;
	}
	id.real = with_real || !id.exists ? resolve(path) : NULL;
	return id;
}

static bool same_file(const struct identity *a, const struct identity *b)
{
	if (a->exists && b->exists)
		return a->dev == b->dev && a->ino == b->ino;
	return !strcmp(a->real, b->real);
}

bool output_refuse_aliases(const struct output_set *s, const struct strlist *inputs)
{
	struct identity *out = xcalloc(s->n ? s->n : 1, sizeof(*out));
	struct identity *in = xcalloc(inputs->n ? inputs->n : 1, sizeof(*in));
	bool ok = true, missing = false;

	for (unsigned i = 0; i < s->n; i++) {
		out[i] = identify(s->v[i].path, true);
		missing |= !out[i].exists;
	}
	/* an input is compared with an output that does not exist yet by its path */
	for (unsigned k = 0; k < inputs->n; k++)
		in[k] = identify(inputs->v[k], missing);
	for (unsigned i = 0; i < s->n && ok; i++) {
		for (unsigned j = 0; j < i && ok; j++)
			if (same_file(&out[i], &out[j])) {
				error_at(s->v[i].path, 0, 0,
					 "is both the %s and the %s this run writes: give each "
					 "output its own path", s->v[j].what, s->v[i].what);
				ok = false;
			}
		for (unsigned k = 0; k < inputs->n && ok; k++)
			if (same_file(&out[i], &in[k])) {
				error_at(s->v[i].path, 0, 0,
					 "the %s would overwrite an input of this run (%s): choose "
					 "another output path", s->v[i].what, inputs->v[k]);
				ok = false;
			}
	}
	for (unsigned i = 0; i < s->n; i++)
		free(out[i].real);
	for (unsigned k = 0; k < inputs->n; k++)
		free(in[k].real);
	free(out);
	free(in);
	return ok;
}

/* "DIR/.NAME.tag.XXXXXX" beside path */
static char *beside(const char *path, const char *tag)
{
	const char *base = path_base(path);

	return xasprintf("%.*s.%s.%s.XXXXXX", (int)(base - path), path, base, tag);
}

static bool write_temp(struct output *o)
{
	char *tmp = beside(o->path, "tmp");
	sigset_t old;

	tempfile_hold_signals(true, &old);
	int fd = mkstemp(tmp);
	int e = errno;

	if (fd >= 0)
		tempfile_add(tmp);
	tempfile_hold_signals(false, &old);
	if (fd < 0) {
		error_at(o->path, 0, 0, "cannot create a temporary file beside it: %s",
			 strerror(e));
		free(tmp);
		return false;
	}
	o->tmp = tmp;
	mode_t mask = umask(0);

	umask(mask);
	bool ok = fchmod(fd, 0666 & ~mask) == 0;

	ok = ok && tempfile_write_fd(fd, o->text.s, o->text.len) && fsync(fd) == 0;
	e = errno;

	if (close(fd) != 0 && ok) {
		e = errno;
		ok = false;
	}
	if (!ok)
		error_at(o->path, 0, 0, "cannot write: %s", strerror(e));
	return ok;
}

/* Keep the file being replaced as a hard link, so a failed run can put it back. */
static bool keep_old(struct output *o)
{
	struct stat st;

	if (lstat(o->path, &st) != 0)
		return errno == ENOENT;
	for (unsigned try = 0; try < 100; try++) {
		char *b = beside(o->path, "old");

		snprintf(b + strlen(b) - 6, 7, "%06u", (unsigned)(getpid() % 10000) * 100 + try);
		if (link(o->path, b) == 0) {
			tempfile_add(b);
			o->backup = b;
			return true;
		}
		int e = errno;

		free(b);
		if (e != EEXIST) {
			error_at(o->path, 0, 0, "cannot keep the old file while it is replaced: %s",
				 strerror(e));
			return false;
		}
	}
	error_at(o->path, 0, 0, "cannot keep the old file while it is replaced");
	return false;
}

static void drop(char **path)
{
	if (*path) {
		unlink(*path);
		tempfile_forget(*path);
		free(*path);
		*path = NULL;
	}
}

static void sync_dir_of(const char *path)
{
	const char *base = path_base(path);
	char *dir = base > path ? xstrndup(path, (size_t)(base - path)) : xstrdup(".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

/*
 * Runs into the same directories take turns: each locks (flock) every directory it writes
 * in, in one order, for the whole comparison and replacement, so two runs at once leave
 * one run's set, never a mix. A lock on the directory itself leaves no file behind, and
 * the kernel drops it when a run dies, however it dies.
 */
struct dir_locks {
	int *fds;
	unsigned n;
};

static int by_inode(const void *a, const void *b)
{
	const struct stat *x = a, *y = b;

	if (x->st_dev != y->st_dev)
		return x->st_dev < y->st_dev ? -1 : 1;
	return x->st_ino < y->st_ino ? -1 : x->st_ino > y->st_ino;
}

static char *dir_of(const char *path)
{
	const char *base = path_base(path);

	return base > path ? xstrndup(path, (size_t)(base - path)) : xstrdup(".");
}

static void lock_dirs(const struct output_set *s, struct dir_locks *l)
{
	struct stat *st = xcalloc(s->n ? s->n : 1, sizeof(*st));
	unsigned n = 0;

	memset(l, 0, sizeof(*l));
	for (unsigned i = 0; i < s->n; i++) {
		char *dir = dir_of(s->v[i].path);

		if (stat(dir, &st[n]) == 0)
			n++;
		free(dir);
	}
	qsort(st, n, sizeof(*st), by_inode);
	l->fds = xcalloc(n ? n : 1, sizeof(*l->fds));
	for (unsigned i = 0; i < n; i++) {
		if (i && !by_inode(&st[i - 1], &st[i]))
			continue;
		/* open the directory that has this inode: find its path again */
		for (unsigned k = 0; k < s->n; k++) {
			char *dir = dir_of(s->v[k].path);
			struct stat now;
			int fd = -1;

			if (stat(dir, &now) == 0 && !by_inode(&now, &st[i]))
				fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
			if (fd >= 0) {
				while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
					;
				l->fds[l->n++] = fd;
			}
			free(dir);
			if (fd >= 0)
				break;
		}
	}
	free(st);
}

static void unlock_dirs(struct dir_locks *l)
{
	for (unsigned i = 0; i < l->n; i++)
		close(l->fds[i]);	/* drops the lock */
	free(l->fds);
}

/*
 * Temporary files that a run killed outright (SIGKILL, a power cut) left beside an
 * output: ".NAME.tmp.XXXXXX" and ".NAME.old.NNNNNN". Under the lock no live run has any.
 */
static void remove_stale(const struct output *o)
{
	char *dir = dir_of(o->path);
	const char *base = path_base(o->path);
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = strlen(base);

	while (d && (e = readdir(d))) {
		const char *x = e->d_name;

		if (x[0] != '.' || strncmp(x + 1, base, n) || x[n + 1] != '.' ||
		    (strncmp(x + n + 2, "tmp.", 4) && strncmp(x + n + 2, "old.", 4)) ||
		    strlen(x + n + 6) != 6)
			continue;
		char *path = xasprintf("%.*s%s", (int)(base - o->path), o->path, x);

		unlink(path);
		free(path);
	}
	if (d)
		closedir(d);
	free(dir);
}

static bool commit_locked(struct output_set *s, bool verbose);

bool output_commit(struct output_set *s, bool verbose)
{
	struct dir_locks locks;

	lock_dirs(s, &locks);
	for (unsigned i = 0; i < s->n; i++)
		remove_stale(&s->v[i]);
	bool ok = commit_locked(s, verbose);

	unlock_dirs(&locks);
	return ok;
}

static bool commit_locked(struct output_set *s, bool verbose)
{
	bool ok = true;
	unsigned replaced = 0;
	sigset_t old;

	for (unsigned i = 0; i < s->n; i++)
		s->v[i].changed = !tempfile_same_content(s->v[i].path, s->v[i].text.s,
						       s->v[i].text.len);
	for (unsigned i = 0; ok && i < s->n; i++)
		if (s->v[i].changed)
			ok = write_temp(&s->v[i]);
	tempfile_hold_signals(true, &old);
	for (unsigned i = 0; ok && i < s->n; i++)
		if (s->v[i].changed)
			ok = keep_old(&s->v[i]);
	for (; ok && replaced < s->n; replaced++) {
		struct output *o = &s->v[replaced];

		if (!o->changed)
			continue;
		if (rename(o->tmp, o->path) != 0) {
			error_at(o->path, 0, 0, "cannot replace: %s", strerror(errno));
			ok = false;
			break;
		}
		tempfile_forget(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	}
	/* a failure part-way: what was replaced goes back as it was */
	for (unsigned i = 0; !ok && i < replaced; i++) {
		struct output *o = &s->v[i];

		if (!o->changed)
			continue;
		if (o->backup ? rename(o->backup, o->path) != 0 : unlink(o->path) != 0)
			error_at(o->path, 0, 0, "cannot put the old file back: %s",
				 strerror(errno));
		else if (o->backup) {
			tempfile_forget(o->backup);
			free(o->backup);
			o->backup = NULL;
		}
	}
	for (unsigned i = 0; i < s->n; i++) {
		drop(&s->v[i].tmp);
		drop(&s->v[i].backup);
	}
	tempfile_hold_signals(false, &old);
	for (unsigned i = 0; ok && i < s->n; i++) {
		if (s->v[i].changed)
			sync_dir_of(s->v[i].path);
		if (verbose)
			fprintf(stderr, "%s: %s (%zu bytes)\n", s->v[i].path,
				s->v[i].changed ? "written" : "unchanged", s->v[i].text.len);
	}
	return ok;
}

bool make_dirs(const char *dir, struct strlist *created)
{
	char *p = xstrdup(dir);
	bool ok = true;

	for (char *s = p + 1; ok; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;

		*s = '\0';
		if (mkdir(p, 0777) == 0) {
			strlist_add(created, p);
		} else if (errno != EEXIST) {
			error_at(p, 0, 0, "cannot create directory: %s", strerror(errno));
			ok = false;
		}
		*s = c;
		if (!c)
			break;
	}
	free(p);
	return ok;
}

