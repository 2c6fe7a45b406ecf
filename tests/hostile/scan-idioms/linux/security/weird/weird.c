/* a hook name pasted together: no hook can be read from it */
#define WEIRD(x) LSM_HOOK_INIT(x##_open, weird_open)
static struct security_hook_list weird_hooks[] __ro_after_init = {
	WEIRD(file),
};

DEFINE_LSM(weird) = {
	.name = "weird",
};
