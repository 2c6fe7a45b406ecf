static struct security_hook_list idiom_extra_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_open, idiom_file_open_extra),
};
