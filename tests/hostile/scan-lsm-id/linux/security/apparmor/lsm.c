/* A mock LSM for lsmgen's scan tests: named through its struct lsm_id, as Linux 6.19+. */
#define AA_NAME "apparmor"

static const struct lsm_id apparmor_lsmid = {
	.name = AA_NAME,
	.id = 104,
};

static struct security_hook_list apparmor_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_open, aa_open),
	LSM_HOOK_INIT(task_free, aa_free),
};

DEFINE_LSM(apparmor_init) = {
	.id = &apparmor_lsmid,
	.flags = 1,
};
