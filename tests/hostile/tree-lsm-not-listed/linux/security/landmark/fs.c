/* No DEFINE_LSM here: the entries belong to the one LSM of this directory. */
static struct security_hook_list landmark_fs_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_open, landmark_file_open),
};
