/*
 * A mock LSM for lsmgen's scan tests: macros named like hooks apply where cpp applies
 * them, from their #define to their #undef, and nowhere else.
 */
#include "names.h"

/* applied: defined above its use (through names.h) */
#define task_alloc task_free

/* not applied: #undef'd before the list */
#define inode_free_security file_permission
#undef inode_free_security

static struct security_hook_list tomoyo_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_open, tomoyo_file_open),
	LSM_HOOK_INIT(task_alloc, tomoyo_task_alloc),
	LSM_HOOK_INIT(inode_free_security, tomoyo_inode_free_security),
	LSM_HOOK_INIT(OPEN_TWICE, tomoyo_file_open_again),
};

/* not applied: defined after the list */
#define file_open file_permission

DEFINE_LSM(tomoyo) = {
	.name = "tomoyo",
};
