/* util.c: allocation that dies on failure, buffers, GCC-style diagnostics, file reading. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *progname = "lsmgen";
static bool muted;
static unsigned nerrors;

static void out_of_memory(void)
{
	fprintf(stderr, "%s: error: out of memory\n", progname);
	exit(EXIT_USAGE);
}

/* Allocate or die. */
static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	b.s = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(b.s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return b.s;
}

static void buf_reserve(struct buf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + extra + 1)
		cap *= 2;
	b->s = xrealloc(b->s, cap);
	b->cap = cap;
}

void buf_add(struct buf *b, const char *s, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_putc(struct buf *b, char c)
{
	buf_add(b, &c, 1);
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	buf_reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void buf_shell_word(struct buf *b, const char *word)
{
	bool plain = *word != '\0';

	for (const char *p = word; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			    "-_./=,:+@%", *p))
			plain = false;
	if (plain) {
		buf_puts(b, word);
		return;
	}
	buf_putc(b, '\'');
	for (const char *p = word; *p; p++)
		if (*p == '\'')
			buf_puts(b, "'\\''");
		else
			buf_putc(b, *p);
	buf_putc(b, '\'');
}

void buf_free(struct buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

static void vreport(const char *kind, const char *file, unsigned line, unsigned col,
		    const char *fmt, va_list ap)
{
	if (muted)
		return;
	if (file && line && col)
		fprintf(stderr, "%s:%u:%u: %s: ", file, line, col, kind);
	else if (file && line)
		fprintf(stderr, "%s:%u: %s: ", file, line, kind);
	else if (file)
		fprintf(stderr, "%s: %s: ", file, kind);
	else
		fprintf(stderr, "%s: %s: ", progname, kind);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void error_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error", file, line, col, fmt, ap);
	va_end(ap);
	nerrors++;
}

void warn_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning", file, line, col, fmt, ap);
	va_end(ap);
}

void note_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("note", file, line, col, fmt, ap);
	va_end(ap);
}

unsigned error_count(void)
{
	return nerrors;
}

void fatal(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error", NULL, 0, 0, fmt, ap);
	va_end(ap);
	exit(status);
}

void usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "lsmgen: error: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nsee 'lsmgen help %s'\n", cmd);
	exit(EXIT_USAGE);
}

unsigned diag_mute(void)
{
	muted = true;
	return nerrors;
}

void diag_unmute(unsigned mark)
{
	muted = false;
	nerrors = mark;
}

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
	struct buf b = { 0 };
	char chunk[65536];
	ssize_t n;

	buf_add(&b, "", 0);
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			buf_free(&b);
			error_at(path, 0, 0, "cannot read: %s", strerror(e));
			return NULL;
		}
		if (b.len + (size_t)n > MAX_INPUT_BYTES) {
			close(fd);
			buf_free(&b);
			error_at(path, 0, 0, "is larger than %u MiB: not an input lsmgen reads",
				 MAX_INPUT_BYTES >> 20);
			return NULL;
		}
		buf_add(&b, chunk, (size_t)n);
	}
	close(fd);
	if (lenp)
		*lenp = b.len;
	return b.s;
}

bool is_ident_start(int c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

size_t ident_len(const char *s)
{
	return strspn(s, "_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
}

/* The end of the balanced parenthesised group that opens at s, or NULL. */
static const char *group_end(const char *s)
{
	int depth = 0;

	for (; *s; s++) {
		depth += *s == '(';
		depth -= *s == ')';
		if (depth == 0)
			return s + 1;
	}
	return NULL;
}

bool is_operand(const char *s)
{
	s += strspn(s, " \t");
	s += strspn(s, "!~- \t");
	if (*s == '(') {
		s = group_end(s);
	} else {
		size_t n = ident_len(s);

		if (n == 0)
			return false;
		s += n;
		s += strspn(s, " \t");
		if (*s == '(')
			s = group_end(s);
	}
	return s && !s[strspn(s, " \t")];
}

bool is_identifier(const char *s)
{
	return s && is_ident_start(*s) && !s[ident_len(s)];
}

const char *path_base(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

void strlist_add(struct strlist *l, const char *s)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = xstrdup(s);
}

bool strlist_has(const struct strlist *l, const char *s)
{
	for (unsigned i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return true;
	return false;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void strlist_split(struct strlist *l, const char *s, char sep)
{
	while (*s) {
		const char *e = strchr(s, sep);
		size_t n = e ? (size_t)(e - s) : strlen(s);
		char *field = xstrndup(s, n);

		if (n)
			strlist_add(l, field);
		free(field);
		s += n + (e != NULL);
	}
}

void strlist_sort(struct strlist *l)
{
	if (l->n > 1)
		qsort(l->v, l->n, sizeof(*l->v), cmp_str);
}

void strlist_free(struct strlist *l)
{
	for (unsigned i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}
