/*
 * compare.c: check's side of the output set: each file on disk compared with what it
 * should hold, a summary line per stale file, then diff -u of each (what it should hold
 * written to a file in TMPDIR, removed whatever ends the run).
 */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tempfile.h"
#include "alloc.h"
#include "files.h"
#include "strlist.h"

extern char **environ;

static bool write_all(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	bool ok = fd >= 0;

	ok = ok && tempfile_write_fd(fd, text, len);
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
	tempfile_hold_signals(true, &old);
	if (!mkdtemp(dir)) {
		tempfile_hold_signals(false, &old);
		printf("%s: differs (cannot create a directory in %s to show how: %s)\n", path,
		       tmpdir, strerror(errno));
		free(dir);
		return;
	}
	tempfile_add(dir);
	want = xasprintf("%s/%s", dir, path_base(path));
	tempfile_add(want);
	tempfile_hold_signals(false, &old);
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
	tempfile_forget(want);
	free(want);
	rmdir(dir);
	tempfile_forget(dir);
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

		if (tempfile_same_content(o->path, o->text.s, o->text.len))
			continue;
		fresh = false;
		if (quiet)
			continue;
		if (!path_is_file(o->path)) {
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
		if (!tempfile_same_content(s->v[i].path, s->v[i].text.s, s->v[i].text.len) &&
		    path_is_file(s->v[i].path)) {
			putchar('\n');
			show_diff(s->v[i].path, s->v[i].text.s, s->v[i].text.len);
		}
	}
}
