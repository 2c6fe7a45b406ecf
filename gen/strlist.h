/* strlist.h: growable lists of owned strings (strlist.c). */
#ifndef LSMGEN_STRLIST_H
#define LSMGEN_STRLIST_H

#include <stdbool.h>

/* A growable list of owned strings. */
struct strlist {
	char **v;
	unsigned n, cap;
};

/* Append a copy of s. */
void strlist_add(struct strlist *l, const char *s);
/* Append a copy of s unless l holds it; true if added. */
bool strlist_add_unique(struct strlist *l, const char *s);
/* True if l holds a string equal to s. */
bool strlist_has(const struct strlist *l, const char *s);
/* Sort in strcmp order (file names, so a scan does not depend on readdir's order). */
void strlist_sort(struct strlist *l);
/* Add the non-empty fields of s separated by sep. */
void strlist_split(struct strlist *l, const char *s, char sep);
/* Free every string and the list. */
void strlist_free(struct strlist *l);

#endif
