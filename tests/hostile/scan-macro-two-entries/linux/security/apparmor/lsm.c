/* A mock LSM for lsmgen's scan tests. */
#define AA_PAIR LSM_HOOK_INIT(file_open, aa_open), LSM_HOOK_INIT(task_free, aa_free)
#define AA_ENTRIES(a, b) LSM_HOOK_INIT(a, aa_##a), LSM_HOOK_INIT(b, aa_##b)

static struct security_hook_list apparmor_hooks[] __ro_after_init = {
	AA_PAIR,
	AA_ENTRIES(task_alloc, inode_free_security),
};

DEFINE_LSM(apparmor) = {
	.name = "apparmor",
};
