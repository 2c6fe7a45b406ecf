/* slots.h: exact slot counts, from which LSMs really implement each hook (--slots exact). */
#ifndef LSMGEN_SLOTS_H
#define LSMGEN_SLOTS_H

#include "config.h"
#include "impls.h"
#include "model.h"

/* Set every hook's slot count in m: exactly, or MAX_LSM_COUNT where anything is unsure. */
bool slots_exact(struct model *m, const struct impls *im, const struct config *cfg);
/*
 * --all-configs: every hook's LSM_SLOTS_<hook> as a C constant expression of Kconfig
 * symbols (each entry's LSM, #if condition and Makefile condition), and its nslots the
 * most any configuration can have.
 */
bool slots_all_configs(struct model *m, const struct impls *im);
/* Which LSMs fill hook and why (--explain-slots), into m->explained. */
bool slots_explain(struct model *m, const struct impls *im, const struct config *cfg,
		   const char *hook);
#endif
