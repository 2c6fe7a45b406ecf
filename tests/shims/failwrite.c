/*
 * An LD_PRELOAD shim for lsmgen's tests: write() fails with ENOSPC once
 * FAILWRITE_AFTER bytes have been written to files whose name contains ".tmp.", as on
 * a full disk.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

ssize_t write(int fd, const void *buf, size_t n)
{
	static ssize_t (*real)(int, const void *, size_t);
	static long budget = -1;
	char link[64], path[PATH_MAX];
	ssize_t len;

	if (!real)
		real = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
	if (budget < 0)
		budget = getenv("FAILWRITE_AFTER") ? atol(getenv("FAILWRITE_AFTER")) : 0;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	len = readlink(link, path, sizeof(path) - 1);
	if (len > 0) {
		path[len] = '\0';
		if (strstr(path, ".tmp.")) {
			if ((long)n > budget) {
				errno = ENOSPC;
				return -1;
			}
			budget -= (long)n;
		}
	}
	return real(fd, buf, n);
}
