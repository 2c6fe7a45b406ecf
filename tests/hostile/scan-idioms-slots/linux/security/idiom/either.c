static struct security_hook_list idiom_either_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(mmap_file, idiom_mmap_file_either),
};
