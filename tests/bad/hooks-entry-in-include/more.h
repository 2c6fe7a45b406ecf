LSM_HOOK(int, 0, b, int y)
