/* depfile.c: the Make-style depfile, one more file of the output set. */
#include "alloc.h"
#include "buf.h"
#include "output.h"
#include "strlist.h"

#include <stdlib.h>
#include <string.h>

/* Make syntax: spaces, tabs, ':', '#' and backslashes escaped with a backslash, '$' doubled. */
static void put_dep_path(struct buf *b, const char *p)
{
	for (; *p; p++) {
		if (*p == ' ' || *p == '\t' || *p == ':' || *p == '#' || *p == '\\')
			buf_putc(b, '\\');
		if (*p == '$')
			buf_putc(b, '$');
		buf_putc(b, *p);
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void output_add_depfile(struct output_set *s, const char *path, const char *target,
			const struct strlist *deps)
{
	struct buf b = { 0 };
	char **v = xcalloc(deps->n + 1, sizeof(*v));

	memcpy(v, deps->v, deps->n * sizeof(*v));
	qsort(v, deps->n, sizeof(*v), cmp_str);
	put_dep_path(&b, target);
	buf_putc(&b, ':');
	for (unsigned i = 0; i < deps->n; i++) {
		if (i && !strcmp(v[i], v[i - 1]))
			continue;
		buf_puts(&b, " \\\n ");
		put_dep_path(&b, v[i]);
	}
	buf_putc(&b, '\n');
	output_add(s, path, b.s, b.len, "depfile");
	buf_free(&b);
	free(v);
}
