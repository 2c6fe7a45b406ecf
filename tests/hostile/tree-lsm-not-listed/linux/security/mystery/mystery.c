/* Entries with no DEFINE_LSM anywhere in the directory: lsmgen cannot tell whose. */
static struct security_hook_list mystery_hooks[] = {
	LSM_HOOK_INIT(file_ioctl, mystery_file_ioctl),
};
