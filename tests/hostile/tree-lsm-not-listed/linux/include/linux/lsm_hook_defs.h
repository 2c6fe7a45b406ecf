/* A mock kernel's hook table, written for lsmgen's scan test. */
LSM_HOOK(int, 0, file_open, struct file *file)
LSM_HOOK(int, 0, file_ioctl, struct file *file, unsigned int cmd, unsigned long arg)
LSM_HOOK(void, LSM_RET_VOID, file_free_security, struct file *file)
#ifdef CONFIG_SECURITY_NETWORK
LSM_HOOK(int, 0, socket_create, int family, int type, int protocol, int kern)
#endif
LSM_HOOK(int, 0, task_kill, struct task_struct *p, int sig)
LSM_HOOK(int, 0, capable, const struct cred *cred, int cap)
