/* A mock LSM for lsmgen's scan tests. */
#define TOMOYO_HOOK_OF(x) x

static struct security_hook_list tomoyo_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(TOMOYO_HOOK_OF(file_open), tomoyo_file_open),
};

DEFINE_LSM(tomoyo) = {
	.name = "tomoyo",
};
