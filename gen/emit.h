/* emit.h: render the generated files from a model, and write them atomically. */
#ifndef LSMGEN_EMIT_H
#define LSMGEN_EMIT_H

#include "model.h"

/* One generated file: its name in the output directory and its content. */
struct outfile {
	char *name;
	struct buf text;
};

struct tv;

/* The values templates see for model m (templates/README.md); free with tv_free(). */
struct tv *emit_values(const struct model *m);
/* The files lsmgen writes, rendered in memory; templates from tdir, or built in if NULL. */
bool emit_render(const struct model *m, const char *tdir, struct outfile **files,
		 unsigned *nfiles, struct strlist *deps);
/* Create dir and its parents as needed, adding each one made to created. */
bool make_dirs(const char *dir, struct strlist *created);
/* Free rendered files. */
void emit_free(struct outfile *files, unsigned nfiles);
/* Break lines longer than width at ", " inside parentheses, kernel style. */
void wrap_lines(struct buf *text, unsigned width);

#endif
