static struct security_hook_list selinux_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_open, selinux_file_open),
	LSM_HOOK_INIT(task_free, selinux_task_free),
};

DEFINE_LSM(selinux) = {
	.name = "selinux",
};
