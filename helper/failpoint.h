/* Test-only failpoints: named steps where the test build
 * (-DNB_TEST_HOOKS) can kill or stop itself. The installed build has none. */
#ifndef NB_FAILPOINT_H
#define NB_FAILPOINT_H

#ifdef NB_TEST_HOOKS
/* Step "<what>-<step>". NB_TEST_FAILPOINT=<name> sends SIGKILL to the
 * helper there, <name>:stop sends SIGSTOP, "trace" prints every step
 * passed to stderr as "failpoint <name>". */
void failpoint(const char *what, const char *step);
/* Reads NB_TEST_FAILPOINT; call before the environment is cleared. */
void failpoint_init(void);
#else
#define failpoint(what, step) ((void)(what), (void)(step))
#define failpoint_init() ((void)0)
#endif

#endif
