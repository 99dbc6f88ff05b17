/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Stress test: random interleaved prologs and
 * epilogs of the test build, up to N processes at once, against a fake
 * sysctl. Between runs it takes the helper's own lock and checks that the
 * value is what the policy promises to every running job; at the end the
 * value must equal the baseline and no job record or baseline may be left.
 * Usage: stress HELPER_TEST_BIN RUNS MAX_CONCURRENT keep|latest */
#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_JOBS 4096
#define MAX_PROCS 64

enum job_state { IDLE, IN_PROLOG, RUNNING, IN_EPILOG, DONE };

struct job {
	enum job_state state;
	int value, honoured;
	pid_t pid;
};

struct stress {
	const char *bin, *policy;
	char dir[256], sysctl[300], state[300], lock[320];
	char *envp[3];
	char env_sysctl[320], env_state[320];
	struct job jobs[MAX_JOBS];
	int njobs, in_flight, max_seen, runs, prologs, epilogs, unknown, checks;
	int honoured, not_honoured, baseline;
};

/* The scratch directory, kept on a failure for a look at the state. */
static const char *scratch;

static void die(const char *msg)
{
	fprintf(stderr, "stress: FAIL: %s\n", msg);
	if (scratch)
		fprintf(stderr, "stress: state and fake sysctl kept in %s\n", scratch);
	exit(1);
}

static int read_value(const struct stress *s)
{
	FILE *f = fopen(s->sysctl, "r");
	int v = -1;

	if (!f || fscanf(f, "%d", &v) != 1)
		die("cannot read the fake sysctl");
	fclose(f);
	return v;
}

static pid_t spawn(struct stress *s, const char *cmd, int job, int value)
{
	char jobs[16], vals[4];
	char *argv[] = { (char *)s->bin, (char *)cmd, "--job", jobs, "--value", vals,
	                 "--conflict", (char *)s->policy, NULL };
	pid_t pid;

	snprintf(jobs, sizeof(jobs), "%d", job);
	snprintf(vals, sizeof(vals), "%d", value);
	if (strcmp(cmd, "epilog") == 0)
		argv[4] = NULL;
	if (posix_spawn(&pid, s->bin, NULL, NULL, argv, s->envp) != 0)
		die("posix_spawn");
	s->in_flight++;
	s->runs++;
	if (s->in_flight > s->max_seen)
		s->max_seen = s->in_flight;
	return pid;
}

/* Jobs whose prolog finished and whose epilog has not started. */
static void check_invariant(struct stress *s)
{
	int fd = open(s->lock, O_RDWR | O_CREAT, 0600), v, in_force, holders = 0, busy = 0;
	int seen[2] = { 0, 0 };

	if (fd < 0 || flock(fd, LOCK_EX) != 0)
		die("cannot take the helper's lock");
	v = read_value(s);
	/* a request sets bit 1 and keeps the baseline's memory tiering bit 2 */
	in_force = v >= 0 && (v & ~1) == (s->baseline & 2) ? v & 1 : -1;
	for (int i = 0; i < s->njobs; i++) {
		const struct job *j = &s->jobs[i];
		busy += j->state == IN_PROLOG || j->state == IN_EPILOG;
		if (j->state != RUNNING || !j->honoured)
			continue;
		holders++;
		seen[j->value] = 1;
		if (strcmp(s->policy, "keep") == 0 && j->value != in_force) {
			fprintf(stderr, "stress: job %d runs with honoured request %d, kernel %d\n",
			        i + 1, j->value, v);
			die("keep: a running job's honoured value is not in force");
		}
	}
	if (holders > 0 && !busy && !(in_force >= 0 && seen[in_force]))
		die("the value in force is no running job's honoured request");
	if (holders == 0 && !busy && v != s->baseline)
		die("no job holds a value but the kernel is not at the baseline");
	close(fd);
	s->checks++;
}

static struct job *job_of(struct stress *s, pid_t pid)
{
	for (int i = 0; i < s->njobs; i++) {
		if (s->jobs[i].pid == pid && (s->jobs[i].state == IN_PROLOG || s->jobs[i].state == IN_EPILOG))
			return &s->jobs[i];
	}
	return NULL;
}

static void reap(struct stress *s)
{
	int status;
	pid_t pid = wait(&status);
	struct job *j;

	if (pid < 0)
		die("wait");
	s->in_flight--;
	j = job_of(s, pid);
	if (!WIFEXITED(status))
		die("a helper was killed");
	if (!j) { /* an epilog of a job that never ran */
		if (WEXITSTATUS(status) != 0)
			die("an unknown job's epilog failed");
		return;
	}
	if (j->state == IN_PROLOG) {
		if (WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != 3)
			die("a prolog failed");
		j->honoured = WEXITSTATUS(status) == 0;
		s->honoured += j->honoured;
		s->not_honoured += !j->honoured;
		j->state = RUNNING;
	} else {
		if (WEXITSTATUS(status) != 0)
			die("an epilog failed");
		j->state = DONE;
	}
	check_invariant(s);
}

static int pick_running(const struct stress *s)
{
	int n = 0, k;

	for (int i = 0; i < s->njobs; i++)
		n += s->jobs[i].state == RUNNING;
	if (n == 0)
		return -1;
	k = rand() % n;
	for (int i = 0; i < s->njobs; i++) {
		if (s->jobs[i].state == RUNNING && k-- == 0)
			return i;
	}
	return -1;
}

static void step(struct stress *s, int total)
{
	int r = pick_running(s), start = s->njobs < MAX_JOBS && s->runs + 2 * (s->njobs - s->epilogs) < total;

	if (rand() % 50 == 0) {
		spawn(s, "epilog", MAX_JOBS + 1 + rand() % 1000, 0);
		s->unknown++;
	} else if (start && (r < 0 || rand() % 2 == 0)) {
		struct job *j = &s->jobs[s->njobs++];
		j->value = rand() % 2;
		j->state = IN_PROLOG;
		j->pid = spawn(s, "prolog", s->njobs, j->value);
		s->prologs++;
	} else if (r >= 0) {
		s->jobs[r].state = IN_EPILOG;
		s->jobs[r].pid = spawn(s, "epilog", r + 1, 0);
		s->epilogs++;
	} else if (s->in_flight > 0) {
		reap(s);
	}
}

static int leftovers(const struct stress *s)
{
	DIR *d = opendir(s->state);
	struct dirent *e;
	int n = 0;

	if (!d)
		die("cannot read the state directory");
	while ((e = readdir(d)) != NULL)
		n += strncmp(e->d_name, "job.", 4) == 0 || strncmp(e->d_name, "pending.", 8) == 0 ||
		     strncmp(e->d_name, ".tmp.", 5) == 0 || strcmp(e->d_name, "baseline") == 0;
	closedir(d);
	return n;
}

static void setup(struct stress *s)
{
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	FILE *f;

	snprintf(s->dir, sizeof(s->dir), "%s/nb-stress.XXXXXX", base);
	if (!mkdtemp(s->dir) || chmod(s->dir, 0755) != 0)
		die("mkdtemp");
	scratch = s->dir;
	snprintf(s->sysctl, sizeof(s->sysctl), "%s/sysctl", s->dir);
	snprintf(s->state, sizeof(s->state), "%s/st", s->dir);
	snprintf(s->lock, sizeof(s->lock), "%s/lock", s->state);
	if (mkdir(s->state, 0755) != 0 || !(f = fopen(s->sysctl, "w")))
		die("setup");
	fprintf(f, "%d\n", s->baseline);
	fclose(f);
	snprintf(s->env_sysctl, sizeof(s->env_sysctl), "NB_TEST_SYSCTL=%s", s->sysctl);
	snprintf(s->env_state, sizeof(s->env_state), "NB_TEST_STATE_DIR=%s", s->state);
	s->envp[0] = s->env_sysctl;
	s->envp[1] = s->env_state;
	s->envp[2] = NULL;
}

static void teardown(const struct stress *s)
{
	unlink(s->lock);
	rmdir(s->state);
	unlink(s->sysctl);
	rmdir(s->dir);
}

int main(int argc, char **argv)
{
	static struct stress s;
	int total, maxp;

	if (argc != 5 || (strcmp(argv[4], "keep") != 0 && strcmp(argv[4], "latest") != 0))
		die("usage: stress HELPER_TEST_BIN RUNS MAX_CONCURRENT keep|latest");
	total = atoi(argv[2]);
	maxp = atoi(argv[3]);
	if (total < 2 || total > MAX_JOBS || maxp < 1 || maxp > MAX_PROCS)
		die("RUNS must be 2..4096 and MAX_CONCURRENT 1..64");
	s.bin = argv[1];
	s.policy = argv[4];
	srand((unsigned)time(NULL) ^ (unsigned)getpid());
	s.baseline = rand() % 5; /* any value the kernel takes */
	setup(&s);
	while (s.runs < total || s.in_flight > 0 || pick_running(&s) >= 0) {
		if (s.in_flight >= maxp || (s.runs >= total && pick_running(&s) < 0))
			reap(&s);
		else
			step(&s, total);
	}
	if (read_value(&s) != s.baseline)
		die("the value did not return to the baseline");
	if (leftovers(&s) != 0)
		die("job records, pending records, temporary files or the baseline were left behind");
	teardown(&s);
	printf("stress: %s: %d runs (%d prologs: %d honoured, %d not; %d epilogs; %d unknown-job epilogs), "
	       "up to %d at once, %d invariant checks, baseline %d restored, no records left: OK\n",
	       s.policy, s.runs, s.prologs, s.honoured, s.not_honoured, s.epilogs, s.unknown,
	       s.max_seen, s.checks, s.baseline);
	return 0;
}
