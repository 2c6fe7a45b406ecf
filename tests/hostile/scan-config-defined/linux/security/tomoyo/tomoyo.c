/* A mock LSM for lsmgen's scan tests. */
#define CONFIG_TOMOYO_EXTRA 1

static struct security_hook_list tomoyo_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_open, tomoyo_file_open),
#ifdef CONFIG_TOMOYO_EXTRA
	LSM_HOOK_INIT(task_alloc, tomoyo_task_alloc),
#endif
#ifdef CONFIG_TOMOYO_FLAG
	LSM_HOOK_INIT(inode_free_security, tomoyo_inode_free),
#endif
};

DEFINE_LSM(tomoyo) = {
	.name = "tomoyo",
};
