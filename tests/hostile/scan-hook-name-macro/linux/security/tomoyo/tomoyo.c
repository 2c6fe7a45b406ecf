/* A mock LSM for lsmgen's scan tests. */
#define TOMOYO_HOOK file_open
#define TOMOYO_OPEN_HOOK TOMOYO_HOOK
#define TOMOYO_FREE_HOOK task_free

static struct security_hook_list tomoyo_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(TOMOYO_OPEN_HOOK, tomoyo_file_open),
	LSM_HOOK_INIT(TOMOYO_FREE_HOOK, tomoyo_task_free),
};

DEFINE_LSM(tomoyo) = {
	.name = "tomoyo",
};
