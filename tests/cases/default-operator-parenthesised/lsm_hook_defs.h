LSM_HOOK(int, 0 | 1, file_open, struct file *file)
LSM_HOOK(int, -EPERM, file_receive, struct file *file)
LSM_HOOK(int, (2), file_truncate, struct file *file)
