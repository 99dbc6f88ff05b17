/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Parses argv and the two documented environment variables. Options are
 * strict: unknown, repeated or malformed ones are usage errors. The
 * request in the environment comes from the submitting user (plain
 * Prolog= use): an unusable one is logged and the site default taken.
 * A request the tasks' memory policy meets alone (0-tasks, or 0 under
 * --off tasks) is no request for the helper. */
#include "args.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/escape.h"

static const struct { const char *name; enum nb_cmd cmd; } commands[] = {
	{ "prolog", NB_CMD_PROLOG }, { "epilog", NB_CMD_EPILOG }, { "reset", NB_CMD_RESET },
	{ "reconcile", NB_CMD_RECONCILE }, { "--help", NB_CMD_HELP }, { "-h", NB_CMD_HELP },
	{ "--version", NB_CMD_VERSION },
};

#define ON(cmd) (1u << (cmd))

enum { O_JOB, O_VALUE, O_CONFLICT, O_ALLOW, O_DEFAULT, O_OFF, O_SCRIPT };

/* The options, which commands take them, and what a bad value gets told;
 * those without a hint are flags. */
static const struct option {
	const char *name;
	unsigned cmds;
	const char *hint;
} options[] = {
	[O_JOB] = { "--job", ON(NB_CMD_PROLOG) | ON(NB_CMD_EPILOG), "a Slurm job id: 1..4294967294" },
	[O_VALUE] = { "--value", ON(NB_CMD_PROLOG), "0 or 1" },
	[O_CONFLICT] = { "--conflict", ON(NB_CMD_PROLOG), "keep or latest" },
	[O_ALLOW] = { "--allow", ON(NB_CMD_PROLOG), "0, 1 or 0,1" },
	[O_DEFAULT] = { "--default", ON(NB_CMD_PROLOG), "keep, 0 or 1" },
	[O_OFF] = { "--off", ON(NB_CMD_PROLOG), "both, node or tasks" },
	[O_SCRIPT] = { "--script", ON(NB_CMD_PROLOG) | ON(NB_CMD_EPILOG), NULL },
};

/* Sets option k from v; 0, or -1 when v is not one of its values. */
static int set(struct nb_args *a, int k, const char *v)
{
	switch (k) {
	case O_JOB: a->has_job = 1; return parse_job_id(v, &a->job);
	case O_VALUE: return parse_request_value(v, &a->value);
	case O_CONFLICT: return parse_conflict(v, &a->conflict);
	case O_ALLOW: return parse_allow(v, &a->allow);
	case O_DEFAULT: return parse_default(v, &a->dflt);
	default: return parse_off(v, &a->off); /* O_OFF; the flag has no value */
	}
}

#define NOPTIONS (sizeof(options) / sizeof(options[0]))

static int find_command(const char *s, enum nb_cmd *cmd)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(s, commands[i].name) == 0) {
			*cmd = commands[i].cmd;
			return 0;
		}
	}
	return -1;
}

/* The option named by the n bytes at arg that cmd takes, or -1. */
static int find_option(enum nb_cmd cmd, const char *arg, size_t n)
{
	for (size_t i = 0; i < NOPTIONS; i++) {
		if (strlen(options[i].name) == n && strncmp(options[i].name, arg, n) == 0 &&
		    (options[i].cmds & ON(cmd)))
			return (int)i;
	}
	return -1;
}

/* One option at argv[*i]: "--name value", "--name=value" or a flag. */
static int parse_option(int argc, const char *const argv[], int *i, struct nb_args *a,
                        unsigned *seen, char *err, size_t errlen)
{
	const char *arg = argv[*i], *eq = strchr(arg, '='), *val;
	int k = find_option(a->cmd, arg, eq ? (size_t)(eq - arg) : strlen(arg));
	char shown[48];

	if (k < 0) {
		escape_str(arg, shown, sizeof(shown));
		snprintf(err, errlen, "unknown option '%s' for this command", shown);
		return -1;
	}
	if (*seen & (1u << k)) {
		snprintf(err, errlen, "%s given twice", options[k].name);
		return -1;
	}
	*seen |= 1u << k;
	if (!options[k].hint) {
		a->script = 1;
		if (eq)
			snprintf(err, errlen, "%s takes no value", options[k].name);
		return eq ? -1 : 0;
	}
	if (eq) {
		val = eq + 1;
	} else if (*i + 1 < argc) {
		val = argv[++*i];
	} else {
		snprintf(err, errlen, "%s needs a value", options[k].name);
		return -1;
	}
	if (set(a, k, val) == 0)
		return 0;
	escape_str(val, shown, sizeof(shown));
	snprintf(err, errlen, "invalid %s '%s' (%s)", options[k].name, shown, options[k].hint);
	return -1;
}

/* The request of a plain Prolog=: the variable if it is usable, else the
 * default, with a note for the log. */
static void env_request(struct nb_args *a, const char *value)
{
	char shown[64];
	int v;

	a->value = a->dflt;
	if (!value)
		return;
	if (parse_job_request(value, &v) == 0 && request_allowed(a->allow, v)) {
		a->value = v;
		return;
	}
	escape_str(value, shown, sizeof(shown));
	snprintf(a->ignored, sizeof(a->ignored), "ignoring %s='%s' (%s); %s", NB_ENV_VALUE, shown,
	         parse_job_request(value, &v) != 0 ? "not 0, 1 or " NB_REQUEST_0_TASKS_NAME
	         : "not allowed here",
	         a->dflt < 0 ? "no request" : a->dflt ? "the default 1" : "the default 0");
}

/* 0-tasks, and 0 under --off tasks: the job's tasks carry the memory
 * policy that keeps balancing off for them; the helper records nothing. */
static void tasks_only(struct nb_args *a)
{
	char who[32] = "prolog";

	if (a->value != NB_REQUEST_0_TASKS && !(a->value == 0 && a->off == NB_OFF_TASKS))
		return;
	if (a->has_job)
		snprintf(who, sizeof(who), "job %" PRIu32 " prolog", a->job);
	snprintf(a->no_request, sizeof(a->no_request), "%s: request %s is met by the tasks' memory "
	         "policy alone: nothing to do here", who,
	         a->value == 0 ? "0 (--off tasks)" : NB_REQUEST_0_TASKS_NAME);
	a->value = -1;
}

/* prolog/epilog: fill job and value from the environment when not given. */
static int apply_env(struct nb_args *a, unsigned seen, const struct nb_env *env,
                     char *err, size_t errlen)
{
	if ((seen & (1u << O_VALUE)) && (seen & (1u << O_ALLOW | 1u << O_DEFAULT))) {
		snprintf(err, errlen, "--allow and --default apply to the request from %s, not to --value",
		         NB_ENV_VALUE);
		return -1;
	}
	if (a->cmd == NB_CMD_PROLOG && !(seen & (1u << O_VALUE)))
		env_request(a, env->value);
	if (!a->has_job && env->job_id) {
		if (parse_job_id(env->job_id, &a->job) != 0) {
			char shown[48];

			escape_str(env->job_id, shown, sizeof(shown));
			snprintf(err, errlen, "invalid %s '%s' (1..4294967294)", NB_ENV_JOB_ID, shown);
			return -1;
		}
		a->has_job = 1;
	}
	tasks_only(a);
	if ((a->cmd == NB_CMD_EPILOG || a->value >= 0) && !a->has_job) {
		snprintf(err, errlen, "no job id: give --job or set %s", NB_ENV_JOB_ID);
		return -1;
	}
	return 0;
}

int args_parse(int argc, const char *const argv[], const struct nb_env *env,
               struct nb_args *out, char *err, size_t errlen)
{
	unsigned seen = 0;

	memset(out, 0, sizeof(*out));
	out->value = -1;
	out->conflict = NB_CONFLICT_KEEP;
	out->allow = NB_ALLOW_ALL;
	out->dflt = NB_DEFAULT_KEEP;
	out->off = NB_OFF_NODE;
	if (argc < 2) {
		snprintf(err, errlen, "no command (try --help)");
		return -1;
	}
	if (find_command(argv[1], &out->cmd) != 0) {
		char shown[48];

		escape_str(argv[1], shown, sizeof(shown));
		snprintf(err, errlen, "unknown command '%s' (try --help)", shown);
		return -1;
	}
	for (int i = 2; i < argc; i++) {
		if (out->cmd == NB_CMD_HELP || out->cmd == NB_CMD_VERSION) {
			snprintf(err, errlen, "%s takes no arguments", argv[1]);
			return -1;
		}
		if (parse_option(argc, argv, &i, out, &seen, err, errlen) != 0)
			return -1;
	}
	if (out->cmd == NB_CMD_PROLOG || out->cmd == NB_CMD_EPILOG)
		return apply_env(out, seen, env, err, errlen);
	return 0;
}
