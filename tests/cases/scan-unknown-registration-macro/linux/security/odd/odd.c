/* A registration macro of a header lsmgen does not read: it may register any number. */
static struct security_hook_list odd_hooks[] __ro_after_init = {
	LSM_HOOK_INIT_TWICE(task_free, odd_task_free),
};

DEFINE_LSM(odd) = {
	.name = "odd",
};
