/* diag.h: GCC-style diagnostics and exit statuses (diag.c). */
#ifndef LSMGEN_DIAG_H
#define LSMGEN_DIAG_H

/* Exit statuses: bad input or stale output, and usage or environment errors. */
enum {
	EXIT_INPUT = 1,
	EXIT_USAGE = 2,
};

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
/* Report a usage error of command cmd, pointing at 'lsmgen help cmd', and exit 2 (while
 * the command line is read); usage_report() only reports it, for a reader that returns. */
void usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));
void usage_report(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
