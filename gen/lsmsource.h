/* lsmsource.h: what one LSM source file registers, read as cpp would read it (lsmsource.c). */
#ifndef LSMGEN_LSMSOURCE_H
#define LSMGEN_LSMSOURCE_H

#include "impls.h"
#include "kbuild.h"
#include "strlist.h"

/* What one LSM source file registers: its LSM_HOOK_INIT entries and DEFINE_LSM names. */
struct lsm_source {
	/* each lsm_info's .name: "selinux", "@MACRO" to resolve, "?arg" when unreadable */
	struct strlist lsm_names;
	struct strlist define_names, define_values;	/* #define NAME "text" */
	struct impl_entry *entries;	/* hook, function, guard, file, line, unsure */
	unsigned n;
	bool all_hooks;			/* LSM_HOOK defined to LSM_HOOK_INIT, then the table */
	char *opaque;			/* an entry whose hook cannot be told: first place */
	struct strlist headers;		/* local headers followed, for the depfile */
	struct strlist macros;		/* macros whose bodies reach LSM_HOOK_INIT */
};

/*
 * Every registration in the file at path: LSM_HOOK_INIT(hook, function) entries, uses of
 * macros whose bodies reach LSM_HOOK_INIT (through any chain of macros), in the file and
 * in the local headers it includes (flags: Kbuild's -I and -D for it), each under the #if
 * conditions around it (the include's too). What cannot be attributed to a hook makes
 * the LSM opaque. False if path cannot be read.
 */
bool lsm_source_scan(const char *path, const struct kbuild_flags *flags, struct lsm_source *out);
void lsm_source_free(struct lsm_source *s);
/* Free the files lexed so far (lsm_source_scan() lexes each file once per run). */
void lsm_source_forget(void);
/* "selinux": a plain string literal whose text can be an LSM name. */
bool string_literal_is_name(const char *lit);

#endif
