LSM_HOOK(int, 0, file_open, struct file *file)
LSM_HOOK(void, LSM_RET_VOID, file_free_security, struct file *file)
