LSM_HOOK(int, 0, binder_set_context_mgr, const struct cred *mgr)
LSM_HOOK(int, 0, capset, struct cred *new, const struct cred * old,
	 const kernel_cap