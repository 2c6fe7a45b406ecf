LSM_HOOK(int, 0, capset, struct cred *new, const struct cred *old)
#ifdef CONFIG_SECURITY_NETWORK
LSM_HOOK(void, LSM_RET_VOID, secmark_refcount_inc, void)
LSM_HOOK(int, 0, socket_create, int family, int type, int protocol, int kern)
#endif
