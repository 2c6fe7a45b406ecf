/* alloc.h: allocation that dies on failure (alloc.c). */
#ifndef LSMGEN_ALLOC_H
#define LSMGEN_ALLOC_H

#include <stddef.h>

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

#endif
