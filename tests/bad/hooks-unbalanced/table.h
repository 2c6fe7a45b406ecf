LSM_HOOK(int, 0, good, void)
LSM_HOOK(int, 0, bad, struct file *file
LSM_HOOK(int, 0, after, void)
