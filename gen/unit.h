/*
 * unit.h: an LSM source file's translation unit as the scan reads it (unit.c): its files,
 * each lexed once per run, and the #defines of all of them, in force where cpp would
 * apply them.
 */
#ifndef LSMGEN_UNIT_H
#define LSMGEN_UNIT_H

#include "kbuild.h"
#include "tokens.h"
#include "strlist.h"

/* #include "x.h" followed this deep, as gcc does (its limit): a cycle of headers without
 * include guards ends there, with a warning (gcc stops with an error). */
#define MAX_INCLUDE_DEPTH 200

/* A file of the translation unit: an LSM's .c and the local headers it includes. */
struct lexed {
	char *path, *text;
	size_t len;
	struct tokens t;
	unsigned (*directives)[2];	/* each directive's tokens [start, end) */
	unsigned ndirectives;
	bool lsm_words;		/* its text says LSM_HOOK_INIT, DEFINE_LSM or DEFINE_EARLY_LSM */
};

/* A #define of the unit: its parameters and its body, tokens [body, end) of its file. */
struct macro {
	const struct lexed *f;	/* set once every file is lexed (files[] moves until then) */
	unsigned file;
	char *name;
	bool function_like;
	struct strlist params;
	unsigned body, end;
	unsigned at;		/* its '#' */
	bool reaches;		/* its body reaches LSM_HOOK_INIT, directly or through others */
	bool live;		/* while walking: defined here, as cpp reads the unit in order */
};

/* Everything one LSM source file is made of: the files, the macros of all of them. */
struct unit {
	struct lexed *files;
	unsigned nfiles;
	struct macro *macros;
	unsigned nmacros;
	const struct kbuild_flags *flags;	/* Kbuild's -I and -D for it, or NULL */
	bool walking;		/* macros count only where they are defined (live) */
	unsigned *by_name;	/* macros[] indices by name, then in definition order */
	struct strlist reaching;	/* names of the macros that reach LSM_HOOK_INIT */
};

/* The local header a '#include "x"' directive at tokens [i, end) of f names, or NULL. */
char *local_include(const struct unit *u, const struct lexed *f, unsigned i, unsigned end);
/*
 * Could the unit of path register a hook or name an LSM? False only when neither it nor
 * any local header its text includes says LSM_HOOK_INIT, DEFINE_LSM or DEFINE_EARLY_LSM
 * (or splices a name): no registration is then possible, and the unit need not be lexed.
 */
bool unit_may_register(const char *path, const struct kbuild_flags *flags);
/* Lex path and, through its quoted includes, every local header it reaches. */
bool gather(struct unit *u, const char *path, unsigned depth);
/* Once every file is gathered: the macros by name, and which reach LSM_HOOK_INIT. */
void index_macros(struct unit *u);
void mark_reaching(struct unit *u);
/* The first definition of name (in force, while walking), and how many there are. */
const struct macro *find_macro(const struct unit *u, const char *name, unsigned *count);
/* LSM_HOOK_INIT and LSM_HOOK_INIT_RUNTIME; another LSM_HOOK_INIT* (which may register). */
bool registers(const char *name);
bool unknown_registration(const char *name);
/* Does a use of name register a hook: LSM_HOOK_INIT*, or a macro that reaches it? */
bool reaches(const struct unit *u, const char *name);
/* A #define or #undef at token i of f, as the walk meets it. */
void track_macro(struct unit *u, const struct lexed *f, unsigned i, unsigned next);
void unit_free(struct unit *u);
/* Does f's text hold word anywhere (comments too: a superset of its uses)? */
bool lexed_mentions(const struct lexed *f, const char *word);
/* Free the file at path as lexed (a unit's .c, which no other unit includes, once its
 * unit is read): lexed again if another unit does include it. */
void unit_release(const char *path);
/* Free every file lexed so far, and what the file system said of each path. */
void unit_forget_files(void);

#endif
