/* A mock LSM for lsmgen's scan tests. */
#include "a.h"

static struct security_hook_list loadpin_hooks[] __ro_after_init = {
	LOADPIN_ENTRY,
};

DEFINE_LSM(loadpin) = {
	.name = "loadpin",
};
