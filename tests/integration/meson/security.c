/* A stand-in for security/security.c: the generated code, included and called. */
#include "types.h"

struct file;

/* What <linux/lsm_hooks.h> gives security.c: a member per hook, of the hook's type. */
union security_list_options {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) RET (*NAME)(__VA_ARGS__);
#include "lsm_hook_defs.h"
#undef LSM_HOOK
	void *lsm_func_addr;
};

#include "lsm_static_calls.c"

int security_file_open(struct file *file)
{
	return lsm_dispatch_file_open(file);
}

int main(void)
{
	lsm_dispatch_file_free_security(NULL);
	return security_file_open(NULL) + MAX_LSM_COUNT - 2;
}
