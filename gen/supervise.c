/*
 * supervise.c: the command runs in a child process. libclang has no failure path for a
 * failed allocation or thread creation: it aborts (or faults), and its crash recovery does
 * not cover every call lsmgen makes. The parent turns that into exit status 2 and a
 * message. Outputs are written atomically and each run removes a killed run's
 * temporaries, so a child that dies leaves the previous files whole.
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "supervise.h"
#include "diag.h"

/* The signals a user or make sends to stop lsmgen: the work gets them and cleans up. */
static const int stop_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGXCPU, SIGXFSZ,
	SIGVTALRM, SIGPROF,
};
#define NSTOP (sizeof(stop_signals) / sizeof(*stop_signals))

/* Signals the work raises on itself, by its own writes or limits (a closed pipe,
 * RLIMIT_FSIZE, RLIMIT_CPU): without the supervisor they would have ended lsmgen, quietly
 * (a shell pipeline such as "lsmgen hooks ... | head -1" says nothing). */
static bool raised_by_work(int sig)
{
	return sig == SIGPIPE || sig == SIGXFSZ || sig == SIGXCPU;
}

static pid_t work;
static volatile sig_atomic_t stopped_by;

static void forward(int sig)
{
	stopped_by = sig;
	kill(work, sig);
}

int run_supervised(int (*fn)(void *arg), void *arg)
{
	struct sigaction sa = { .sa_handler = forward };
	pid_t parent = getpid();
	sigset_t all, old;
	int status;

	fflush(stdout);
	fflush(stderr);
	/* no stop signal between fork() and the handlers: it would miss the work */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	work = fork();
	if (work < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		return fn(arg);
	}
	if (work == 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		/* a killed lsmgen (make -k, a CI timeout) takes its work with it */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
			_exit(EXIT_USAGE);
		int rc = fn(arg);

		/* what it printed is flushed; libclang's static destructors need not run */
		fflush(NULL);
		_exit(rc);
	}
	sigfillset(&sa.sa_mask);
	for (unsigned i = 0; i < NSTOP; i++)
		sigaction(stop_signals[i], &sa, NULL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	while (waitpid(work, &status, 0) < 0) {
		if (errno != EINTR) {
			error_at(NULL, 0, 0, "waiting for the work: %s", strerror(errno));
			return EXIT_USAGE;
		}
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	/* stopped as asked, or by its own writes: end the way a signalled process does, as
	 * before the fork */
	int sig = WTERMSIG(status);

	if ((stopped_by && sig == stopped_by) || raised_by_work(sig)) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
	error_at(NULL, 0, 0, "the work was killed by signal %d (%s): out of memory or threads, "
		 "or a failure inside libclang (outputs are replaced whole or not at all)",
		 sig, strsignal(sig));
	return EXIT_USAGE;
}
