/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The start both programs share (start.h). */
#include "start.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"

static int sane_fds(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF && open("/dev/null", O_RDWR) != fd)
			return -1;
	}
	return 0;
}

int start_plainly(const char *name)
{
	if (sane_fds() != 0)
		return -1;
	signal(SIGPIPE, SIG_IGN);
	umask(022);
	log_open(name);
	if (getauxval(AT_SECURE) == 0)
		return 0;
	log_msg(LOG_ERR, "started setuid or with file capabilities: refused");
	return -1;
}
