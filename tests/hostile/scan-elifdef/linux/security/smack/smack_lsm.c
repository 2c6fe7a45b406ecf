/* A mock LSM for lsmgen's scan tests. */
static struct security_hook_list smack_hooks[] __ro_after_init = {
#if defined(CONFIG_LSMGEN_NEVER_SET)
	LSM_HOOK_INIT(task_free, smack_task_free),
#elifdef CONFIG_SECURITY_SMACK
	LSM_HOOK_INIT(file_open, smack_file_open),
#elifndef CONFIG_SECURITY_SMACK
	LSM_HOOK_INIT(file_permission, smack_file_permission),
#endif
#ifdef CONFIG_LSMGEN_NEVER_SET
	LSM_HOOK_INIT(inode_free_security, smack_inode_free),
#elifndef CONFIG_LSMGEN_NEVER_SET
	LSM_HOOK_INIT(task_alloc, smack_task_alloc),
#endif
};

DEFINE_LSM(smack) = {
	.name = "smack",
};
