/* emit.h: the generated files rendered in memory from a model. */
#ifndef LSMGEN_EMIT_H
#define LSMGEN_EMIT_H

#include "buf.h"
#include "model.h"
#include "strlist.h"

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
/* Free rendered files. */
void emit_free(struct outfile *files, unsigned nfiles);

#endif
