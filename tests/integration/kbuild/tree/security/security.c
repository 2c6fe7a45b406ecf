/* A mock security/security.c: includes the generated dispatch code and calls it. */
#include "types.h"

struct file;

/* What <linux/lsm_hooks.h> gives security.c: a member per hook, of the hook's type. */
union security_list_options {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) RET (*NAME)(__VA_ARGS__);
#include "../include/linux/lsm_hook_defs.h"
#undef LSM_HOOK
	void *lsm_func_addr;
};

#include "lsm_static_calls.c"

int security_file_permission(struct file *file, int mask)
{
	return lsm_dispatch_file_permission(file, mask);
}
