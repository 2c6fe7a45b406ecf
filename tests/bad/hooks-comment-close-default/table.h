LSM_HOOK(int, 1 * / 2, ok_but_spaced, void)
LSM_HOOK(int, 4*/2, closes_a_comment, void)
