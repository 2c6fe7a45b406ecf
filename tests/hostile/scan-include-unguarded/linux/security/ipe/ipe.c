/* A mock LSM for lsmgen's scan tests. */
#include "a.h"

static struct security_hook_list ipe_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_open, ipe_file_open),
};

DEFINE_LSM(ipe) = {
	.name = "ipe",
};
