/* declarations only */
int idiom_file_open(struct file *file);
