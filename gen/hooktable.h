/* hooktable.h: the hook table (include/linux/lsm_hook_defs.h), read and fingerprinted. */
#ifndef LSMGEN_HOOKTABLE_H
#define LSMGEN_HOOKTABLE_H

#include "config.h"
#include "model.h"
#include "strlist.h"

/*
 * Parse the hook table with the preprocessor evaluating cfg: fill m->hooks and m->deps.
 * cfg NULL (--all-configs): every entry of every branch, each with its guard.
 */
bool hooktable_read(struct model *m, const char *path, const struct config *cfg);
/* The same for a table already in memory, named path in messages. */
bool hooktable_parse(struct model *m, const char *path, const char *text, size_t len,
		     const struct config *cfg);
/*
 * What identifies a hook table: its sha256 and its number of LSM_HOOK( entries at the
 * start of a line (both as ../shared/kernel/lsm_hook_impls.json records them).
 */
bool hooktable_fingerprint(const char *path, char sha256[65], unsigned *nhooks,
			   struct strlist *names);

#endif
