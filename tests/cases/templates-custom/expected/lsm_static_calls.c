int binder_set_context_mgr(const struct cred *mgr)
int capset(struct cred *new, const struct cred *old, const kernel_cap_t *effective,
	   const kernel_cap_t *inheritable, const kernel_cap_t *permitted)
int vm_enough_memory(struct mm_struct *mm, long pages)
void bprm_committing_creds(const struct linux_binprm *bprm)
int fs_context_parse_param(struct fs_context *fc, struct fs_parameter *param)
int inode_getsecurity(struct mnt_idmap *idmap, struct inode *inode, const char *name, void **buffer,
		      bool alloc)
int file_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
int task_prctl(int option, unsigned long arg2, unsigned long arg3, unsigned long arg4,
	       unsigned long arg5)
int shm_shmat(struct kern_ipc_perm *perm, char __user *shmaddr, int shmflg)
int getprocattr(struct task_struct *p, const char *name, char **value)
int getselfattr(unsigned int attr, struct lsm_ctx __user *ctx, u32 __user *size, u32 flags)
void initramfs_populated()
void audit_disabled() /* !(defined(CONFIG_AUDIT)) */ last
