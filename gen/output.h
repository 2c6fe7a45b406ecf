/* output.h: the files a run writes, refused if they alias inputs, written all or none. */
#ifndef LSMGEN_OUTPUT_H
#define LSMGEN_OUTPUT_H

#include "buf.h"
#include "strlist.h"

/* One file of the set: where it goes and what it holds. */
struct output {
	char *path;
	const char *what;	/* "generated file", "manifest", "depfile": for messages */
	struct buf text;
	bool changed;		/* set by output_commit */
	char *tmp, *backup;	/* while output_commit runs */
};

struct output_set {
	struct output *v;
	unsigned n;
};

/* Add path with a copy of text to the set. */
void output_add(struct output_set *s, const char *path, const char *text, size_t len,
		const char *what);
/* Add a Make-style depfile at path: target, then every file of deps, sorted, once each. */
void output_add_depfile(struct output_set *s, const char *path, const char *target,
			const struct strlist *deps);
/* False, with an error, if an output is one of inputs or another output of the set
 * (symbolic and hard links followed). Nothing is written. */
bool output_refuse_aliases(const struct output_set *s, const struct strlist *inputs);
/* Write every changed file (unchanged ones keep their mtime): all of them, or none. */
bool output_commit(struct output_set *s, bool verbose);
/* check: true if every file on disk holds what it should; else, unless quiet, a line per
 * stale file (missing, or how many lines to add and remove). */
bool output_compare(const struct output_set *s, bool quiet);
/* check: a diff -u of each stale file, after the summary. */
void output_diffs(const struct output_set *s);
void output_free(struct output_set *s);

/* Create dir and its parents as needed, adding each one made to created. */
bool make_dirs(const char *dir, struct strlist *created);

#endif
