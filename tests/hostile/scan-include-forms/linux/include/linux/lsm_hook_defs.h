/* A mock kernel's hook table, for lsmgen's scan tests. */
LSM_HOOK(int, 0, file_open, struct file *file)
LSM_HOOK(int, 0, file_permission, struct file *file, int mask)
LSM_HOOK(int, 0, task_alloc, struct task_struct *task, unsigned long clone_flags)
LSM_HOOK(void, LSM_RET_VOID, task_free, struct task_struct *task)
LSM_HOOK(void, LSM_RET_VOID, inode_free_security, struct inode *inode)
