/* A mock LSM for lsmgen's scan tests. */
static struct security_hook_list yama_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(task_free, yama_task_free),
};

DEFINE_LSM(yama) = {
	.name = "yama",
};
