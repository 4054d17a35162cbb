void log_event(int);

static inline unsigned long save_access(void)
{
	return user_access_save();
}

static inline void restore_access(unsigned long f)
{
	user_access_restore(f);
}
