/* strlist.c: growable lists of owned strings. */
#include "strlist.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

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

bool strlist_add_unique(struct strlist *l, const char *s)
{
	if (strlist_has(l, s))
		return false;
	strlist_add(l, s);
	return true;
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
