/* A mock LSM for lsmgen's scan tests. */
#define SMACK_PERMISSION_ENTRY \	
	LSM_HOOK_INIT(file_permission, smack_file_permission)

static struct security_hook_list smack_hooks[] __ro_after_init = {
#if defined(CONFIG_LSMGEN_NEVER_SET) || \ 
	defined(CONFIG_SECURITY_SMACK)
	LSM_HOOK_INIT(file_open, smack_file_open),
#endif
#if defined(CONFIG_LSMGEN_NEVER_SET) /* a comment
	across lines */ || defined(CONFIG_SECURITY_SMACK)
	LSM_HOOK_INIT(task_free, smack_task_free),
#endif
#if defined(CONFIG_LSMGEN_NEVER_SET) || \
	defined(CONFIG_SECURITY_SMACK)
	LSM_HOOK_INIT(task_alloc, smack_task_alloc),
#endif
	SMACK_PERMISSION_ENTRY,
};

DEFINE_LSM(smack) = {
	.name = "smack",
};
