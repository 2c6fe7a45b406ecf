LSM_HOOK(int, 0, printk_like, const char *fmt, ...)
