LSM_HOOK(int, 0, file_ioctl, unsigned int len, char buf[len])
LSM_HOOK(int, 0, file_open, struct file *file, char name[TASK_COMM_LEN])
