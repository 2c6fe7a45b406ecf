LSM_HOOK(int, 0, file_open, struct file *file)
