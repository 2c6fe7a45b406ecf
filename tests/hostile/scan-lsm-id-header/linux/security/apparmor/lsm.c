/*
 * A mock LSM for lsmgen's scan tests: named through its struct lsm_id, defined in a
 * header beside it (with the macro that spells its name).
 */
#include "include/lsmid.h"

static struct security_hook_list apparmor_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_open, aa_open),
	LSM_HOOK_INIT(task_free, aa_free),
};

DEFINE_LSM(apparmor_init) = {
	.id = &apparmor_lsmid,
	.flags = 1,
};
