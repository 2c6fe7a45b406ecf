/*
 * A stand-in, written for lsmgen's tests, for what <linux/lsm_hooks.h> gives the generated
 * code: union security_list_options, one member per hook of the table, of the hook's type,
 * built from the table the way the kernel builds it. The includer names the table first:
 * #define STANDIN_HOOK_DEFS "path/to/lsm_hook_defs.h".
 */
#ifndef STANDIN_LSM_HOOKS_H
#define STANDIN_LSM_HOOKS_H

union security_list_options {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) RET (*NAME)(__VA_ARGS__);
#include STANDIN_HOOK_DEFS
#undef LSM_HOOK
	void *lsm_func_addr;
};

#endif
