/* util.h: memory, strings, buffers, diagnostics and files shared by every part of lsmgen. */
#ifndef LSMGEN_UTIL_H
#define LSMGEN_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Exit statuses: bad input or stale output, and usage or environment errors. */
enum {
	EXIT_INPUT = 1,
	EXIT_USAGE = 2,
};

/* Allocate n zeroed objects of size sz, or die: lsmgen never continues after running
 * out of memory. */
void *xcalloc(size_t n, size_t sz);
/* Resize or die. */
void *xrealloc(void *p, size_t n);
/* Duplicate a string, or die. */
char *xstrdup(const char *s);
/* Duplicate the first n bytes of s as a string, or die. */
char *xstrndup(const char *s, size_t n);
/* Format into a newly allocated string, or die. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable byte buffer, always NUL-terminated. */
struct buf {
	char *s;
	size_t len;
	size_t cap;
};

/* Append n bytes. */
void buf_add(struct buf *b, const char *s, size_t n);
/* Append a string. */
void buf_puts(struct buf *b, const char *s);
/* Append one byte. */
void buf_putc(struct buf *b, char c);
/* Append formatted text. */
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append word as a shell reads it back: as is if plain, else in single quotes. The one
 * renderer of command lines (check's regenerate line, the banner's options). */
void buf_shell_word(struct buf *b, const char *word);
/* Free the buffer's storage and reset it to empty. */
void buf_free(struct buf *b);

/* Report "file:line:col: error: msg" (line/col 0 are left out) and count it. */
void error_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Report "file:line:col: warning: msg". */
void warn_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Report "file:line:col: note: msg". */
void note_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Number of errors reported so far: a reader compares it before and after to say whether
 * it reported any. */
unsigned error_count(void);
/*
 * Until diag_unmute(mark), diagnostics are not printed (errors still count, so readers
 * still fail); unmuting forgets the errors counted since: an input only used if it reads
 * (check's "why" from an old manifest). Returns the mark. The fuzz targets never unmute.
 */
unsigned diag_mute(void);
void diag_unmute(unsigned mark);
/* Report "lsmgen: error: msg" and exit with the given status. */
void fatal(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
/* Report a usage error of command cmd, pointing at 'lsmgen help cmd', and exit 2. */
void usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));

/* Read a whole regular file; on failure report an error for path and return NULL. */
char *read_file(const char *path, size_t *len);
/* Inputs are kernel sources and configurations: anything bigger is refused. */
#define MAX_INPUT_BYTES (16u << 20)
/* True if c can start a C identifier ([A-Za-z_]). */
bool is_ident_start(int c);
/* The length of the run of identifier characters ([A-Za-z0-9_]) at s. */
size_t ident_len(const char *s);
/*
 * True if the C expression s is one operand, safe to paste beside any operator: a name
 * or number, a call of a function-like macro, or a parenthesised group, each perhaps
 * behind unary !, ~ or -. "0 | 1" is not: "rc != 0 | 1" would be always true.
 */
bool is_operand(const char *s);
/* True if s is a C identifier. */
bool is_identifier(const char *s);
/* True if path names something (stat succeeds); a directory. */
bool path_exists(const char *path);
bool path_is_directory(const char *path);
/* The last component of a path, without directories. */
const char *path_base(const char *path);

/* A growable list of owned strings. */
struct strlist {
	char **v;
	unsigned n, cap;
};

/* Append a copy of s. */
void strlist_add(struct strlist *l, const char *s);
/* True if l holds a string equal to s. */
bool strlist_has(const struct strlist *l, const char *s);
/* Sort in strcmp order (file names, so a scan does not depend on readdir's order). */
void strlist_sort(struct strlist *l);
/* Add the non-empty fields of s separated by sep. */
void strlist_split(struct strlist *l, const char *s, char sep);
/* Free every string and the list. */
void strlist_free(struct strlist *l);

#endif
