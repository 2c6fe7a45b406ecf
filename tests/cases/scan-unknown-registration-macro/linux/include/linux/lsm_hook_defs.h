/* A mock kernel's hook table, written for lsmgen's scan test. */
LSM_HOOK(int, 0, file_open, struct file *file)
LSM_HOOK(void, LSM_RET_VOID, task_free, struct task_struct *task)
LSM_HOOK(void, LSM_RET_VOID, inode_free_security, struct inode *inode)
