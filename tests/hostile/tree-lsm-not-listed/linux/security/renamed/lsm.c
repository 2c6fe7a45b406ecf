/* DEFINE_LSM()'s argument is not the LSM's name (as safesetid_security_init). */
static struct security_hook_list renamed_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(capable, renamed_capable),
};

DEFINE_LSM(renamed_security_init) = {
	.flags = 0,
	.name = "renamed",
};
