LSM_HOOK(int, 0, file_open, struct file *file)
LSM_HOOK(int, 0, file_free, struct file *file)
  LSM_HOOK(int, 0, file_open, struct file *file)
