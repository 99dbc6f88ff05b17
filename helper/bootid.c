/* Reads /proc/sys/kernel/random/boot_id. */
#include "bootid.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include "log.h"
#include "common/readfile.h"

int bootid_read(const char *path, char out[NB_BOOT_ID_LEN + 1])
{
	char buf[64];
	size_t len;

	if (read_small_file(AT_FDCWD, path, buf, sizeof(buf), &len) != 0) {
		log_msg(LOG_ERR, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (len > 0 && buf[len - 1] == '\n')
		len--;
	if (!boot_id_valid(buf, len)) {
		log_msg(LOG_ERR, "%s: not a boot id", path);
		return -1;
	}
	memcpy(out, buf, len);
	out[len] = '\0';
	return 0;
}
