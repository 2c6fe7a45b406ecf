/* diag.c: GCC-style diagnostics ("file:line:col: error: message") and their count. */
#include "diag.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static const char *progname = "lsmgen";
static bool muted;
static unsigned nerrors;

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

static void vusage(const char *cmd, const char *fmt, va_list ap)
{
	vreport("error", NULL, 0, 0, fmt, ap);
	if (!muted)
		fprintf(stderr, "see 'lsmgen help %s'\n", cmd);
	nerrors++;
}

void usage_report(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vusage(cmd, fmt, ap);
	va_end(ap);
}

void usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vusage(cmd, fmt, ap);
	va_end(ap);
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
