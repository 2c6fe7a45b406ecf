/* lsm_count_h.h: the LSM list of a kernel's lsm_count.h. */
#ifndef LSMGEN_LSM_COUNT_H_H
#define LSMGEN_LSM_COUNT_H_H

#include "model.h"

/* Read the IS_ENABLED(CONFIG_...) entries of a kernel's lsm_count.h, in order, into list;
 * names gives the LSMs' names where it knows the symbol. */
bool lsm_count_h_read(struct lsm_list *list, const char *path, const struct lsm_list *names);

#endif
