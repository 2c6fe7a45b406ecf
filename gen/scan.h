/* scan.h: which LSMs implement which hooks, read from a kernel tree's security/ sources. */
#ifndef LSMGEN_SCAN_H
#define LSMGEN_SCAN_H

#include "impls.h"
#include "model.h"
#include "strlist.h"

/* Scan KDIR/security: every LSM_HOOK_INIT entry, its LSM, guard and file build condition. */
bool scan_kernel(const char *kdir, const struct lsm_list *list, struct impls *im,
		 struct strlist *deps);

#endif
