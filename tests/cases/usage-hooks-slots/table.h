/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An example hook table written for lsmgen: small, but with every shape the kernel's
 * include/linux/lsm_hook_defs.h has. Entries follow the pattern
 *
 *	LSM_HOOK(<return_type>, <default_value>, <hook_name>, args...)
 *
 * and this comment's LSM_HOOK(int, 0, not_a_hook, void) is no entry.
 */
LSM_HOOK(int, 0, binder_set_context_mgr, const struct cred *mgr)
LSM_HOOK(int, 0, capset, struct cred *new, const struct cred * old,
	 const kernel_cap_t *effective, const kernel_cap_t *inheritable,
	 const kernel_cap_t *permitted)
LSM_HOOK(int, 0, vm_enough_memory, struct mm_struct *mm, long pages)
LSM_HOOK(void, LSM_RET_VOID, bprm_committing_creds, const struct linux_binprm *bprm)
LSM_HOOK(int, -ENOPARAM, fs_context_parse_param, struct fs_context *fc,
	 struct fs_parameter *param)
/* Needed for inode based security check */
LSM_HOOK(int, -EOPNOTSUPP, inode_getsecurity, struct mnt_idmap *idmap,
	 struct inode *inode, const char *name, void **buffer, bool alloc)
LSM_HOOK(int, 0, file_ioctl, struct file *file, unsigned int cmd,
	 unsigned long arg)
LSM_HOOK(int, -ENOSYS, task_prctl, int option, unsigned long arg2,
	 unsigned long arg3, unsigned long arg4, unsigned long arg5)
LSM_HOOK(int, 0, shm_shmat, struct kern_ipc_perm *perm, char __user *shmaddr,
	 int shmflg)
LSM_HOOK(int, -EINVAL, getprocattr, struct task_struct *p, const char *name,
	 char **value)
LSM_HOOK(int, -EOPNOTSUPP, getselfattr, unsigned int attr,
	 struct lsm_ctx __user *ctx, u32 __user *size, u32 flags)
LSM_HOOK(void, LSM_RET_VOID, initramfs_populated, void)

#ifdef CONFIG_SECURITY_PATH
LSM_HOOK(int, 0, path_unlink, const struct path *dir, struct dentry *dentry)
#endif /* CONFIG_SECURITY_PATH */

#if defined(CONFIG_SECURITY) && defined(CONFIG_WATCH_QUEUE)
LSM_HOOK(int, 0, post_notification, const struct cred *w_cred,
	 const struct cred *cred, struct watch_notification *n)
#endif

#ifdef CONFIG_SECURITY_NETWORK
LSM_HOOK(int, -ENOPROTOOPT, socket_getpeersec_stream, struct socket *sock,
	 sockptr_t optval, sockptr_t optlen, unsigned int len)
LSM_HOOK(void, LSM_RET_VOID, secmark_refcount_inc, void)
#endif /* CONFIG_SECURITY_NETWORK */

#if IS_ENABLED(CONFIG_SECURITY_NETWORK_XFRM)
LSM_HOOK(int, 1, xfrm_state_pol_flow_match, struct xfrm_state *x,
	 struct xfrm_policy *xp, const struct flowi_common *flic)
#endif

#ifdef CONFIG_AUDIT
LSM_HOOK(int, 0, audit_rule_init, u32 field, u32 op, char *rulestr,
	 void **lsmrule, gfp_t gfp)
#else
LSM_HOOK(void, LSM_RET_VOID, audit_disabled, void)
#endif
