/* supervise.h: run the work in a child, so that no signal reaches lsmgen's caller. */
#ifndef LSMGEN_SUPERVISE_H
#define LSMGEN_SUPERVISE_H

/*
 * fn(arg) in a forked child; its exit status is returned. A child ended by a signal
 * (libclang aborts when memory or threads run out, and faults on what it cannot parse)
 * is reported on stderr and returns EXIT_USAGE: an environment failure, never a signal.
 * If fork fails, fn runs here.
 */
int run_supervised(int (*fn)(void *arg), void *arg);

#endif
