/* A mock LSM for lsmgen's scan tests. */
#include "objsec.h"

static struct security_hook_list selinux_hooks[] __ro_after_init = {
	SELINUX_OPEN_ENTRY,
	LSM_HOOK_INIT(task_free, selinux_task_free),
};

DEFINE_LSM(selinux) = {
	.name = "selinux",
};
