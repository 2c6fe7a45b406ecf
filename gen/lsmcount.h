/* lsmcount.h: the LSM list of a kernel's lsm_count.h. */
#ifndef LSMGEN_LSMCOUNT_H
#define LSMGEN_LSMCOUNT_H

#include "model.h"

/* Read the IS_ENABLED(CONFIG_...) entries of a kernel's lsm_count.h, in order, into reg;
 * names gives the LSMs' names where it knows the symbol. */
bool lsmcount_read(struct lsm_registry *reg, const char *path, const struct lsm_registry *names);

#endif
