/*
 * A mock of security/bpf/hooks.c with the series' runtime toggle: every hook of the
 * table through the X-macro as a runtime entry (a slot that starts off), and two plain
 * entries on top. Each is a slot at boot.
 */
static struct security_hook_list bpf_lsm_hooks[] __ro_after_init = {
	#define LSM_HOOK(RET, DEFAULT, NAME, ...) \
	LSM_HOOK_INIT_RUNTIME(NAME, bpf_lsm_##NAME),
	#include <linux/lsm_hook_defs.h>
	#undef LSM_HOOK
	LSM_HOOK_INIT(inode_free_security, bpf_inode_storage_free),
	LSM_HOOK_INIT_RUNTIME(task_free, bpf_task_storage_free),
};

DEFINE_LSM(bpf) = {
	.name = "bpf",
};
