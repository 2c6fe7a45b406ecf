/* Built only with CONFIG_SECURITY_NETWORK_XFRM (see the Makefile); registered by selinux. */
static struct security_hook_list selinux_xfrm_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_ioctl, selinux_xfrm_file_ioctl),
};
