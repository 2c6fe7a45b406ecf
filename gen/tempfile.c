/*
 * tempfile.c: temporary files removed by any terminating signal, written whole. Every
 * file lsmgen writes is first a temporary one (output.c beside its target, compare.c in
 * TMPDIR); a signal that ends the run removes them, newest first.
 */
#include "tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
bool tempfile_write_fd(int fd, const char *text, size_t len)
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
 * by the caller, who calls tempfile_forget() before freeing it. */
void tempfile_add(char *path)
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

void tempfile_forget(const char *path)
{
	for (sig_atomic_t i = 0; i < ncleanup; i++)
		if (cleanup[i] == path)
			cleanup[i] = NULL;
}

void tempfile_hold_signals(bool hold, sigset_t *old)
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

/* True if path is a regular file holding exactly text. */
bool tempfile_same_content(const char *path, const char *text, size_t len)
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
