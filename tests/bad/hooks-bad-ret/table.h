LSM_HOOK(long, 0, wide, void)
LSM_HOOK(unsigned int, 0, two_tokens, void)
