/*
 * An LD_PRELOAD shim for lsmgen's tests: the FAILRENAME_AT-th rename() (1-based) whose
 * source is one of lsmgen's temporary files (".tmp." in its name) fails with EIO, as a
 * rename that fails half-way through replacing the output set.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rename(const char *from, const char *to)
{
	static int (*real)(const char *, const char *);
	static int seen;

	if (!real)
		real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
	if (strstr(from, ".tmp.") && ++seen == atoi(getenv("FAILRENAME_AT") ?: "0")) {
		errno = EIO;
		return -1;
	}
	return real(from, to);
}
