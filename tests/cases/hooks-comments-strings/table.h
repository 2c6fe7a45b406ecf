/* LSM_HOOK(int, 0, in_block_comment, void) */
// LSM_HOOK(int, 0, in_line_comment, void)
#define STR "LSM_HOOK(int, 0, in_string, void)"
LSM_HOOK(int,
	 /* a comment inside an entry */ -EOPNOTSUPP,
	 spans_lines,
	 const struct cred * old, char __user **buf)
#define NOT_EXPANDED LSM_HOOK(int, 0, in_a_macro_body, void)
