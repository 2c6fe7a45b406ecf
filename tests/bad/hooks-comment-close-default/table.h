LSM_HOOK(int, 8 * /* halved */ 2, a_comment_is_white_space, void)
LSM_HOOK(int, 4*/2, closes_a_comment, void)
