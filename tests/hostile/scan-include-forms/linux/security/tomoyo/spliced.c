/* the name that registers, spliced across two lines */
static struct security_hook_list tomoyo_perm_hooks[] = {
	LSM_HO\
OK_INIT(file_permission, tomoyo_file_permission),
};
