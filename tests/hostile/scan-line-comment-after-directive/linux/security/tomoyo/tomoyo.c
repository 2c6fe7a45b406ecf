/*
 * A mock LSM for lsmgen's scan tests: a // comment ends its line, and a directive with
 * it, even when it holds what would open a block comment elsewhere.
 */
static struct security_hook_list tomoyo_hooks[] __ro_after_init = {
#define TOMOYO_FIRST file_open // the first hook, /* then the rest
	LSM_HOOK_INIT(file_open, tomoyo_file_open),
	LSM_HOOK_INIT(task_free, tomoyo_task_free),
};

DEFINE_LSM(tomoyo) = {
	.name = "tomoyo",
};
