/* Parses argv and the two documented environment variables strictly:
 * unknown, repeated or malformed options are usage errors. */
#include "args.h"

#include <stdio.h>
#include <string.h>

struct opt_seen { int job, value, conflict, json; };

static const struct { const char *name; enum nb_cmd cmd; } commands[] = {
	{ "prolog", NB_CMD_PROLOG }, { "epilog", NB_CMD_EPILOG },
	{ "status", NB_CMD_STATUS }, { "check", NB_CMD_CHECK },
	{ "reset", NB_CMD_RESET }, { "--help", NB_CMD_HELP },
	{ "-h", NB_CMD_HELP }, { "--version", NB_CMD_VERSION },
};

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

/* Which options each command takes. */
static int allowed(enum nb_cmd cmd, const char *name)
{
	if (strcmp(name, "--job") == 0)
		return cmd == NB_CMD_PROLOG || cmd == NB_CMD_EPILOG;
	if (strcmp(name, "--value") == 0 || strcmp(name, "--conflict") == 0)
		return cmd == NB_CMD_PROLOG;
	if (strcmp(name, "--json") == 0)
		return cmd == NB_CMD_STATUS;
	return 0;
}

static int set_option(struct nb_args *a, struct opt_seen *seen,
                      const char *name, const char *val, char *err, size_t errlen)
{
	int *flag = strcmp(name, "--job") == 0 ? &seen->job
	          : strcmp(name, "--value") == 0 ? &seen->value : &seen->conflict;
	int bad;

	if (*flag) {
		snprintf(err, errlen, "%s given twice", name);
		return -1;
	}
	*flag = 1;
	if (flag == &seen->job) {
		bad = parse_job_id(val, &a->job);
		a->has_job = 1;
	} else if (flag == &seen->value) {
		bad = parse_request_value(val, &a->value);
	} else {
		bad = parse_conflict(val, &a->conflict);
	}
	if (bad)
		snprintf(err, errlen, "invalid %s '%.40s'%s", name, val,
		         flag == &seen->job ? " (a Slurm job id: 1..4294967294)"
		         : flag == &seen->value ? " (0 or 1)" : " (keep or latest)");
	return bad ? -1 : 0;
}

/* One option at argv[*i]: "--name value", "--name=value" or "--json". */
static int parse_option(int argc, const char *const argv[], int *i, struct nb_args *a,
                        struct opt_seen *seen, char *err, size_t errlen)
{
	char name[16];
	const char *arg = argv[*i], *eq = strchr(arg, '='), *val;
	size_t n = eq ? (size_t)(eq - arg) : strlen(arg);

	if (n >= sizeof(name) || strncmp(arg, "--", 2) != 0)
		goto unknown;
	memcpy(name, arg, n);
	name[n] = '\0';
	if (!allowed(a->cmd, name))
		goto unknown;
	if (strcmp(name, "--json") == 0) {
		if (eq || seen->json) {
			snprintf(err, errlen, "--json takes no value and is given once");
			return -1;
		}
		seen->json = a->json = 1;
		return 0;
	}
	if (eq) {
		val = eq + 1;
	} else if (*i + 1 < argc) {
		val = argv[++*i];
	} else {
		snprintf(err, errlen, "%s needs a value", name);
		return -1;
	}
	return set_option(a, seen, name, val, err, errlen);
unknown:
	snprintf(err, errlen, "unknown option '%.40s' for this command", arg);
	return -1;
}

/* prolog/epilog: fill job and value from the environment when not given. */
static int apply_env(struct nb_args *a, const struct opt_seen *seen,
                     const struct nb_env *env, char *err, size_t errlen)
{
	int need_job = a->cmd == NB_CMD_EPILOG;

	if (a->cmd == NB_CMD_PROLOG && !seen->value && env->value) {
		if (parse_request_value(env->value, &a->value) != 0) {
			snprintf(err, errlen, "invalid %s '%.40s' (0 or 1)", NB_ENV_VALUE, env->value);
			return -1;
		}
	}
	need_job = need_job || a->value >= 0;
	if (!seen->job && env->job_id) {
		if (parse_job_id(env->job_id, &a->job) != 0) {
			snprintf(err, errlen, "invalid %s '%.40s' (1..4294967294)",
			         NB_ENV_JOB_ID, env->job_id);
			return -1;
		}
		a->has_job = 1;
	}
	if (need_job && !a->has_job) {
		snprintf(err, errlen, "no job id: give --job or set %s", NB_ENV_JOB_ID);
		return -1;
	}
	return 0;
}

int args_parse(int argc, const char *const argv[], const struct nb_env *env,
               struct nb_args *out, char *err, size_t errlen)
{
	struct opt_seen seen = { 0, 0, 0, 0 };

	memset(out, 0, sizeof(*out));
	out->value = -1;
	out->conflict = NB_CONFLICT_KEEP;
	if (argc < 2) {
		snprintf(err, errlen, "no command (try --help)");
		return -1;
	}
	if (find_command(argv[1], &out->cmd) != 0) {
		snprintf(err, errlen, "unknown command '%.40s' (try --help)", argv[1]);
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
		return apply_env(out, &seen, env, err, errlen);
	return 0;
}
