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
 * half-written output. The depfile is made here too: it is one more file of the set.
 */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* ---- temporary files removed by any terminating signal ---- */

#define MAX_CLEANUP 64
static char *cleanup[MAX_CLEANUP];
static volatile sig_atomic_t ncleanup;
static const int fatal_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV,
	SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGPOLL,
	SIGSYS,
};

static void on_signal(int sig)
{
	/* newest first: check's file in TMPDIR goes before the directory that holds it */
	for (sig_atomic_t i = ncleanup; i-- > 0;)
		if (cleanup[i]) {
			unlink(cleanup[i]);
			rmdir(cleanup[i]);
		}
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Write all of text to fd, through short writes and EINTR. */
static bool write_fd(int fd, const char *text, size_t len)
{
	for (size_t off = 0; off < len;) {
		ssize_t w = write(fd, text + off, len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		off += (size_t)w;
	}
	return true;
}

/* A temporary file (or directory) to remove if a signal ends the run; path stays owned
 * by the caller, who calls cleanup_forget() before freeing it. */
static void cleanup_add(char *path)
{
	static bool handlers;

	if (!handlers) {
		for (size_t i = 0; i < sizeof(fatal_signals) / sizeof(*fatal_signals); i++)
			signal(fatal_signals[i], on_signal);
		handlers = true;
	}
	for (sig_atomic_t i = 0; i < ncleanup; i++)
		if (!cleanup[i]) {
			cleanup[i] = path;
			return;
		}
	if (ncleanup < MAX_CLEANUP) {
		cleanup[ncleanup] = path;
		ncleanup++;
	}
}

static void cleanup_forget(const char *path)
{
	for (sig_atomic_t i = 0; i < ncleanup; i++)
		if (cleanup[i] == path)
			cleanup[i] = NULL;
}

static void hold_signals(bool hold, sigset_t *old)
{
	sigset_t all;

	if (hold) {
		sigemptyset(&all);
		for (size_t i = 0; i < sizeof(fatal_signals) / sizeof(*fatal_signals); i++)
			sigaddset(&all, fatal_signals[i]);
		sigprocmask(SIG_BLOCK, &all, old);
	} else {
		sigprocmask(SIG_SETMASK, old, NULL);
	}
}

/* ---- the set ---- */

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

static struct identity identify(const char *path)
{
	struct identity id = { 0 };
	struct stat st;

	if (stat(path, &st) == 0) {
		id.exists = true;
		id.dev = st.st_dev;
		id.ino = st.st_ino;
	}
	id.real = resolve(path);
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
	bool ok = true;

	for (unsigned i = 0; i < s->n; i++)
		out[i] = identify(s->v[i].path);
	for (unsigned i = 0; i < s->n && ok; i++) {
		for (unsigned j = 0; j < i && ok; j++)
			if (same_file(&out[i], &out[j])) {
				error_at(s->v[i].path, 0, 0,
					 "is both the %s and the %s this run writes: give each "
					 "output its own path", s->v[j].what, s->v[i].what);
				ok = false;
			}
		for (unsigned k = 0; k < inputs->n && ok; k++) {
			struct identity in = identify(inputs->v[k]);

			if (same_file(&out[i], &in)) {
				error_at(s->v[i].path, 0, 0,
					 "the %s would overwrite an input of this run (%s): choose "
					 "another output path", s->v[i].what, inputs->v[k]);
				ok = false;
			}
			free(in.real);
		}
	}
	for (unsigned i = 0; i < s->n; i++)
		free(out[i].real);
	free(out);
	return ok;
}

/* True if path is a regular file holding exactly text. */
static bool output_same_content(const char *path, const char *text, size_t len)
{
	struct stat st;

	if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size != len)
		return false;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool same = fd >= 0;
	char chunk[65536];
	size_t off = 0;
	ssize_t n;

	while (same && (n = read(fd, chunk, sizeof(chunk))) > 0) {
		same = off + (size_t)n <= len && memcmp(chunk, text + off, (size_t)n) == 0;
		off += (size_t)n;
	}
	if (fd >= 0)
		close(fd);
	return same && off == len;
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

	hold_signals(true, &old);
	int fd = mkstemp(tmp);
	int e = errno;

	if (fd >= 0)
		cleanup_add(tmp);
	hold_signals(false, &old);
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

	ok = ok && write_fd(fd, o->text.s, o->text.len) && fsync(fd) == 0;
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
			cleanup_add(b);
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
		cleanup_forget(*path);
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
		s->v[i].changed = !output_same_content(s->v[i].path, s->v[i].text.s,
						       s->v[i].text.len);
	for (unsigned i = 0; ok && i < s->n; i++)
		if (s->v[i].changed)
			ok = write_temp(&s->v[i]);
	hold_signals(true, &old);
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
		cleanup_forget(o->tmp);
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
			cleanup_forget(o->backup);
			free(o->backup);
			o->backup = NULL;
		}
	}
	for (unsigned i = 0; i < s->n; i++) {
		drop(&s->v[i].tmp);
		drop(&s->v[i].backup);
	}
	hold_signals(false, &old);
	for (unsigned i = 0; ok && i < s->n; i++) {
		if (s->v[i].changed)
			sync_dir_of(s->v[i].path);
		if (verbose)
			fprintf(stderr, "%s: %s (%zu bytes)\n", s->v[i].path,
				s->v[i].changed ? "written" : "unchanged", s->v[i].text.len);
	}
	return ok;
}

/* ---- check: compare with what is on disk ---- */

static bool write_all(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	bool ok = fd >= 0;

	ok = ok && write_fd(fd, text, len);
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	return ok;
}

#define CHECK_DIR_PREFIX "lsmgen-check."

/*
 * The directories a killed check left in tmpdir: each is named after the process that
 * made it (lsmgen-check.PID.XXXXXX), and is removed, with the one file it holds, once no
 * such process lives. Only this user's real directories; anything else stays.
 */
static void sweep_check_dirs(const char *tmpdir)
{
	DIR *d = opendir(tmpdir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		const char *p = e->d_name;
		char *end;
		struct stat st;

		if (strncmp(p, CHECK_DIR_PREFIX, strlen(CHECK_DIR_PREFIX)))
			continue;
		long pid = strtol(p + strlen(CHECK_DIR_PREFIX), &end, 10);

		if (pid <= 0 || *end != '.' || (kill((pid_t)pid, 0) == 0 || errno != ESRCH))
			continue;
		char *dir = xasprintf("%s/%s", tmpdir, p);

		if (lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == getuid()) {
			DIR *inner = opendir(dir);
			struct dirent *f;

			while (inner && (f = readdir(inner))) {
				if (strcmp(f->d_name, ".") && strcmp(f->d_name, "..")) {
					char *file = xasprintf("%s/%s", dir, f->d_name);

					unlink(file);
					free(file);
				}
			}
			if (inner)
				closedir(inner);
			rmdir(dir);
		}
		free(dir);
	}
	if (d)
		closedir(d);
}

/* diff -u of the file on disk and what it should hold, written to a file in TMPDIR. */
static void show_diff(const char *path, const char *text, size_t len)
{
	const char *tmpdir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char *dir = xasprintf("%s/" CHECK_DIR_PREFIX "%ld.XXXXXX", tmpdir, (long)getpid());
	char *want = NULL;
	sigset_t old;

	sweep_check_dirs(tmpdir);
	/* no signal between creating a file and registering it for removal */
	hold_signals(true, &old);
	if (!mkdtemp(dir)) {
		hold_signals(false, &old);
		printf("%s: differs (cannot create a directory in %s to show how: %s)\n", path,
		       tmpdir, strerror(errno));
		free(dir);
		return;
	}
	cleanup_add(dir);
	want = xasprintf("%s/%s", dir, path_base(path));
	cleanup_add(want);
	hold_signals(false, &old);
	if (write_all(want, text, len)) {
		char *label = xasprintf("%s (lsmgen generate)", path);
		char *const argv[] = { "diff", "-u", "--label", (char *)path, "--label", label,
				       (char *)path, want, NULL };
		pid_t pid;

		fflush(stdout);
		if (posix_spawnp(&pid, "diff", NULL, NULL, argv, environ) == 0)
			waitpid(pid, NULL, 0);
		else
			printf("%s: differs (no diff program to show how)\n", path);
		free(label);
	} else {
		printf("%s: differs (cannot write to %s to show how)\n", path, tmpdir);
	}
	unlink(want);
	cleanup_forget(want);
	free(want);
	rmdir(dir);
	cleanup_forget(dir);
	free(dir);
}

/* Lines of a that b lacks, counting repeats: a multiset difference, not an alignment. */
static unsigned long lines_not_in(const char *a, size_t alen, const char *b, size_t blen)
{
	struct strlist bl = { 0 };
	unsigned long n = 0;

	for (const char *p = b, *e; p < b + blen; p = e + 1) {
		e = memchr(p, '\n', (size_t)(b + blen - p));
		e = e ? e : b + blen;
		char *line = xstrndup(p, (size_t)(e - p));

		strlist_add(&bl, line);
		free(line);
	}
	bool *used = xcalloc(bl.n ? bl.n : 1, sizeof(*used));

	for (const char *p = a, *e; p < a + alen; p = e + 1) {
		e = memchr(p, '\n', (size_t)(a + alen - p));
		e = e ? e : a + alen;
		bool found = false;

		/* linear per line: check runs on three files of at most a few MB, once */
		for (unsigned i = 0; i < bl.n && !found; i++)
			if (!used[i] && strlen(bl.v[i]) == (size_t)(e - p) &&
			    !memcmp(bl.v[i], p, (size_t)(e - p)))
				used[i] = found = true;
		n += !found;
	}
	free(used);
	strlist_free(&bl);
	return n;
}

bool output_compare(const struct output_set *s, bool quiet)
{
	bool fresh = true;

	/* the summary first: which files, how many lines */
	for (unsigned i = 0; i < s->n; i++) {
		const struct output *o = &s->v[i];
		struct stat st;

		if (output_same_content(o->path, o->text.s, o->text.len))
			continue;
		fresh = false;
		if (quiet)
			continue;
		if (stat(o->path, &st) != 0 || !S_ISREG(st.st_mode)) {
			printf("%s: missing\n", o->path);
			continue;
		}
		size_t len;
		char *have = read_file(o->path, &len);

		if (have) {
			unsigned long add = lines_not_in(o->text.s, o->text.len, have, len);
			unsigned long del = lines_not_in(have, len, o->text.s, o->text.len);

			printf("%s: stale, %lu line%s to add, %lu to remove\n", o->path, add,
			       add == 1 ? "" : "s", del);
			free(have);
		}
	}
	return fresh;
}

void output_diffs(const struct output_set *s)
{
	for (unsigned i = 0; i < s->n; i++) {
		struct stat st;

		if (!output_same_content(s->v[i].path, s->v[i].text.s, s->v[i].text.len) &&
		    stat(s->v[i].path, &st) == 0 && S_ISREG(st.st_mode)) {
			putchar('\n');
			show_diff(s->v[i].path, s->v[i].text.s, s->v[i].text.len);
		}
	}
}

/* Make syntax: spaces, tabs, ':', '#' and backslashes escaped with a backslash, '$' doubled. */
static void put_dep_path(struct buf *b, const char *p)
{
	for (; *p; p++) {
		if (*p == ' ' || *p == '\t' || *p == ':' || *p == '#' || *p == '\\')
			buf_putc(b, '\\');
		if (*p == '$')
			buf_putc(b, '$');
		buf_putc(b, *p);
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void output_add_depfile(struct output_set *s, const char *path, const char *target,
			const struct strlist *deps)
{
	struct buf b = { 0 };
	char **v = xcalloc(deps->n + 1, sizeof(*v));

	memcpy(v, deps->v, deps->n * sizeof(*v));
	qsort(v, deps->n, sizeof(*v), cmp_str);
	put_dep_path(&b, target);
	buf_putc(&b, ':');
	for (unsigned i = 0; i < deps->n; i++) {
		if (i && !strcmp(v[i], v[i - 1]))
			continue;
		buf_puts(&b, " \\\n ");
		put_dep_path(&b, v[i]);
	}
	buf_putc(&b, '\n');
	output_add(s, path, b.s, b.len, "depfile");
	buf_free(&b);
	free(v);
}
