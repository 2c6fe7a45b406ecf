/* files.c: paths asked about and input files read whole. */
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "diag.h"

bool path_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

bool path_is_directory(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool path_is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

char *read_file(const char *path, size_t *lenp)
{
	struct stat st;
	/* O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0) {
		error_at(path, 0, 0, "cannot open: %s", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) != 0) {
		error_at(path, 0, 0, "cannot stat: %s", strerror(errno));
		close(fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		error_at(path, 0, 0, "%s", S_ISDIR(st.st_mode) ? "is a directory, not a file" :
			 "is not a regular file (a device, FIFO or socket cannot be an input)");
		return NULL;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	/* read into a buffer of the size fstat() said, grown if the file grew meanwhile */
	size_t cap = (st.st_size > 0 && st.st_size <= MAX_INPUT_BYTES ? (size_t)st.st_size : 0) +
		     4096, len = 0;
	char *s = xrealloc(NULL, cap + 1);
	ssize_t n;

	for (;;) {
		if (len == cap)
			s = xrealloc(s, (cap *= 2) + 1);
		n = read(fd, s + len, cap - len);
		if (n == 0)
			break;
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			free(s);
			error_at(path, 0, 0, "cannot read: %s", strerror(e));
			return NULL;
		}
		len += (size_t)n;
		if (len > MAX_INPUT_BYTES) {
			close(fd);
			free(s);
			error_at(path, 0, 0, "is larger than %u MiB: not an input lsmgen reads",
				 MAX_INPUT_BYTES >> 20);
			return NULL;
		}
	}
	s[len] = '\0';
	close(fd);
	if (lenp)
		*lenp = len;
	return s;
}

const char *path_base(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}
