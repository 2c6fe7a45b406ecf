/* A mock of security/selinux/hooks.c. LSM_HOOK_INIT(in_a_comment, nothing) is no entry. */
#include "avc.h"

static struct security_hook_list selinux_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_open, selinux_file_open),
	LSM_HOOK_INIT(file_ioctl, selinux_file_ioctl),
	LSM_HOOK_INIT(file_free_security, selinux_file_free_security),
#ifdef CONFIG_SECURITY_NETWORK
	LSM_HOOK_INIT(socket_create, selinux_socket_create),
#endif
#ifdef SELINUX_PRIVATE_SWITCH
	LSM_HOOK_INIT(task_kill, selinux_task_kill),
#endif
};

DEFINE_LSM(selinux) = {
	.name = "selinux",
};
