/* SPDX-License-Identifier: GPL-2.0-or-later */
/* psslurm-host: runs a SPANK plugin's callbacks the way ParaStation
 * psslurm does (psmgmt 6.8: plugins/psslurm/src/psslurm/psslurmspank.c,
 * psslurmforwarder.c, psslurmpelogue.c, bin/daemon/psidspawn.c), so the
 * plugin can be tested under psslurm's process layout without psmgmt:
 *   - psid calls slurm_spank_init once, in the slurmd context; every other
 *     process is a fork of psid and inherits what that left;
 *   - a step's forwarder calls init, the option callbacks, init_post_opt
 *     and user_init; each task is another fork of psid (through psid's
 *     per-task forwarder): the option callbacks, task_init_privileged as
 *     root, then task_init as the user, then exec; user_init's process is
 *     not among its ancestors;
 *   - the batch job's forwarder calls init, the options, init_post_opt and
 *     user_init, and forks the batch script, whose task_init gets
 *     ESPANK_NOT_TASK for S_TASK_ID; task_exit runs in the forwarder, again
 *     without a task;
 *   - a step task's task_exit runs in psid's per-task forwarder, as root;
 *   - job_prolog and job_epilog run in a pelogue child, after the options.
 * The host answers spank_* calls as psslurm does (spank_getenv falls back
 * to the process environment, spank_setenv sets it, spank_option_getopt
 * reads the option cache and is unavailable in init and init_post_opt)
 * and prints, after a task's task_init, what that task would exec with:
 *   env NAME=VALUE|unset, mempolicy MODE (the get_mempolicy(2) mode).
 * Log calls print "log LEVEL: LINE" on stdout (info, error, verbose,
 * debug: slurm_info is what slurmd logs at its default level).
 *
 *   psslurm-host PLUGIN step|batch|task-exit|prolog|epilog [ARGS...]
 * ARGS are the plugstack arguments. The environment gives the job:
 * PSHOST_JOB (id, default 4242), PSHOST_TASK (the local task id of a step
 * task, default 0), PSHOST_OPTION (--numa-balancing as the launch RPC
 * carries it; unset: not given), and the job's own variables
 * (SLURM_SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing). */
#include <dlfcn.h>
#include <errno.h>
#include <linux/mempolicy.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <slurm/slurm.h>
#include <slurm/spank.h>

enum hook {
	H_SLURMD_INIT, H_INIT, H_POST_OPT, H_USER_INIT, H_TASK_INIT_PRIV,
	H_TASK_INIT, H_TASK_EXIT, H_JOB_PROLOG, H_JOB_EPILOG, H_EXIT,
};

static const char *const hook_symbol[] = {
	"slurm_spank_init", "slurm_spank_init", "slurm_spank_init_post_opt",
	"slurm_spank_user_init", "slurm_spank_task_init_privileged",
	"slurm_spank_task_init", "slurm_spank_task_exit",
	"slurm_spank_job_prolog", "slurm_spank_job_epilog", "slurm_spank_exit",
};

struct spank_handle {
	enum hook hook;
	spank_context_t context;
	/* cppcheck does not follow the members through spank_t: */
	bool step;  /* cppcheck-suppress unusedStructMember ; a step's process, not the batch job's */
	bool task;  /* cppcheck-suppress unusedStructMember ; a psid task of the step (with an id) */
};

static void *plugin;
static int plugin_argc;
static char **plugin_argv;
static struct spank_handle *current;
static struct spank_option *options[8];
static int noptions;
static const char *cached_option; /* the option cache's value, or NULL */

static void die(const char *what)
{
	fprintf(stderr, "psslurm-host: %s\n", what);
	exit(2);
}

static int call(struct spank_handle *h, enum hook hook)
{
	spank_f *fn;
	void *sym = dlsym(plugin, hook_symbol[hook]);

	h->hook = hook;
	h->context = hook == H_SLURMD_INIT ? S_CTX_SLURMD :
		     hook == H_JOB_PROLOG || hook == H_JOB_EPILOG ? S_CTX_JOB_SCRIPT :
		     S_CTX_REMOTE;
	current = h;
	if (sym == NULL)
		return 0;
	memcpy(&fn, &sym, sizeof(fn));
	return fn(h, plugin_argc, plugin_argv);
}

/* SpankInitOpt: the option from the step or job into the cache, then each
 * registered option's callback, remote. */
static void init_options(void)
{
	cached_option = getenv("PSHOST_OPTION");
	for (int i = 0; i < noptions && cached_option != NULL; i++)
		if (options[i]->cb != NULL)
			options[i]->cb(options[i]->val, cached_option, 1);
}

static void report(void)
{
	static const char *const vars[] = { "SLURM_NUMA_BALANCING", "SLURM_NUMA_BALANCING_POLICY" };
	static const char *const modes[] = { "default", "preferred", "bind", "interleave", "local" };
	int mode = -1;

	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		printf("env %s=%s\n", vars[i], getenv(vars[i]) ? getenv(vars[i]) : "unset");
	if (syscall(SYS_get_mempolicy, &mode, NULL, 0UL, NULL, 0UL) != 0)
		printf("mempolicy error %s\n", strerror(errno));
	else
		printf("mempolicy %s\n", mode >= 0 && mode <= MPOL_LOCAL ? modes[mode] : "other");
	fflush(stdout);
}

/* Runs fn in a forked child and waits for it. */
static void in_child(void (*fn)(void))
{
	pid_t pid;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("fork failed");
	if (pid == 0) {
		fn();
		fflush(stdout);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		die("a child process failed");
}

static void forwarder(bool step)
{
	struct spank_handle h = { .step = step };

	call(&h, H_INIT);
	init_options();
	call(&h, H_POST_OPT);
	call(&h, H_USER_INIT);
}

static void step_forwarder(void)
{
	forwarder(true);
}

static void step_task(void)
{
	struct spank_handle h = { .step = true, .task = true };

	init_options();
	call(&h, H_TASK_INIT_PRIV);
	call(&h, H_TASK_INIT);
	report();
}

static void batch_script(void)
{
	struct spank_handle h = { .step = false };

	call(&h, H_TASK_INIT_PRIV);
	call(&h, H_TASK_INIT);
	report();
}

static void batch_forwarder(void)
{
	struct spank_handle h = { .step = false };

	forwarder(false);
	in_child(batch_script);
	call(&h, H_TASK_EXIT);
	call(&h, H_EXIT);
}

static void task_forwarder(void)
{
	struct spank_handle h = { .step = true, .task = true };

	init_options();
	call(&h, H_TASK_EXIT);
}

static void pelogue(enum hook hook)
{
	struct spank_handle h = { .step = false };

	init_options();
	printf("%s rc %d\n", hook_symbol[hook], call(&h, hook));
}

static void prologue(void)
{
	pelogue(H_JOB_PROLOG);
}

static void epilogue(void)
{
	pelogue(H_JOB_EPILOG);
}

int main(int argc, char **argv)
{
	static const struct { const char *name; void (*fn)(void); } scenarios[] = {
		{ "task-exit", task_forwarder }, { "prolog", prologue },
		{ "epilog", epilogue }, { "batch", batch_forwarder },
	};
	struct spank_handle psid = { .step = false };

	if (argc < 3)
		die("usage: psslurm-host PLUGIN step|batch|task-exit|prolog|epilog [ARGS...]");
	plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (plugin == NULL)
		die(dlerror());
	plugin_argc = argc - 3;
	plugin_argv = argv + 3;
	call(&psid, H_SLURMD_INIT);
	if (strcmp(argv[2], "step") == 0) {
		in_child(step_forwarder);
		in_child(step_task);
		return 0;
	}
	for (size_t i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++)
		if (strcmp(argv[2], scenarios[i].name) == 0) {
			in_child(scenarios[i].fn);
			return 0;
		}
	die("unknown scenario");
	return 2;
}

/* The SPANK API, as psslurm answers it. */

spank_context_t spank_context(void)
{
	return current ? current->context : S_CTX_ERROR;
}

int spank_remote(spank_t sp)
{
	return sp->context == S_CTX_REMOTE;
}

const char *spank_strerror(spank_err_t err)
{
	static char buf[32];

	snprintf(buf, sizeof(buf), "spank error %d", (int)err);
	return buf;
}

spank_err_t spank_option_register(spank_t sp, struct spank_option *opt)
{
	if (sp->hook != H_INIT && sp->hook != H_SLURMD_INIT)
		return ESPANK_BAD_ARG;
	if (noptions < (int)(sizeof(options) / sizeof(options[0])))
		options[noptions++] = opt;
	return ESPANK_SUCCESS;
}

spank_err_t spank_option_getopt(spank_t sp, struct spank_option *opt, char **arg)
{
	(void)opt;
	*arg = NULL;
	if (sp->hook == H_INIT || sp->hook == H_SLURMD_INIT || sp->hook == H_POST_OPT ||
	    sp->hook == H_EXIT)
		return ESPANK_NOT_AVAIL;
	if (cached_option == NULL)
		return ESPANK_ERROR;
	*arg = (char *)cached_option;
	return ESPANK_SUCCESS;
}

static spank_err_t task_item(spank_t sp, spank_item_t item, va_list ap)
{
	int *task = va_arg(ap, int *);
	const char *id = getenv("PSHOST_TASK");

	(void)item;
	if (!sp->step || !sp->task) {
		*task = -1;
		return ESPANK_NOT_TASK;
	}
	*task = id ? atoi(id) : 0;
	return ESPANK_SUCCESS;
}

spank_err_t spank_get_item(spank_t sp, spank_item_t item, ...)
{
	const char *job = getenv("PSHOST_JOB");
	spank_err_t rc = ESPANK_SUCCESS;
	va_list ap;

	va_start(ap, item);
	if (item == S_JOB_ID)
		*va_arg(ap, uint32_t *) = job ? (uint32_t)strtoul(job, NULL, 10) : 4242;
	else if (item == S_JOB_STEPID)
		*va_arg(ap, uint32_t *) = sp->step ? 0 : SLURM_BATCH_SCRIPT;
	else if (item == S_TASK_ID)
		rc = task_item(sp, item, ap);
	else
		rc = ESPANK_BAD_ARG;
	va_end(ap);
	return rc;
}

spank_err_t spank_getenv(spank_t sp, const char *var, char *buf, int len)
{
	const char *v = getenv(var);

	(void)sp;
	if (v == NULL)
		return ESPANK_ENV_NOEXIST;
	if ((int)strlen(v) + 1 > len)
		return ESPANK_NOSPACE;
	strcpy(buf, v);
	return ESPANK_SUCCESS;
}

spank_err_t spank_setenv(spank_t sp, const char *var, const char *val, int overwrite)
{
	(void)sp;
	return setenv(var, val, overwrite) == 0 ? ESPANK_SUCCESS : ESPANK_BAD_ARG;
}

static void log_line(const char *level, const char *format, va_list ap)
{
	printf("log %s: ", level);
	vprintf(format, ap);
	fputc('\n', stdout);
}

#define NB_LOG_FN(name, level)                   \
	void name(const char *format, ...)       \
	{                                        \
		va_list ap;                      \
		va_start(ap, format);            \
		log_line(level, format, ap);     \
		va_end(ap);                      \
	}
NB_LOG_FN(slurm_info, "info")
NB_LOG_FN(slurm_error, "error")
NB_LOG_FN(slurm_verbose, "verbose")
NB_LOG_FN(slurm_debug, "debug")

/* psslurm: in a task's own process, to its stderr. */
void slurm_spank_log(const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	vfprintf(stderr, format, ap);
	fputc('\n', stderr);
	va_end(ap);
}
