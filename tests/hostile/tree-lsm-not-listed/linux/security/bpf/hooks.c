/* A mock of security/bpf/hooks.c: every hook of the table, through the X-macro. */
static struct security_hook_list bpf_lsm_hooks[] __ro_after_init = {
	#define LSM_HOOK(RET, DEFAULT, NAME, ...) \
	LSM_HOOK_INIT(NAME, bpf_lsm_##NAME),
	#include <linux/lsm_hook_defs.h>
	#undef LSM_HOOK
};

DEFINE_LSM(bpf) = {
	.name = "bpf",
};
