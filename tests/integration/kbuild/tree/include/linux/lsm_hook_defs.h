/* A kernel tree's hook table, written for lsmgen's tests. */
LSM_HOOK(int, 0, file_permission, struct file *file, int mask)
#ifdef CONFIG_SECURITY_NETWORK
LSM_HOOK(int, 0, socket_create, int family, int type, int protocol, int kern)
#endif
LSM_HOOK(void, LSM_RET_VOID, file_free_security, struct file *file)
