/* The floor the benchmarks compare ticker-status with: what the same work costs
 * with nothing but the system calls. bench/run builds it with `gcc -O2 -static`.
 *
 *   floor loop [MS] [BYTES]   poll(2) for MS milliseconds (default 100), then write(2)
 *                             a line of BYTES bytes (default 41, a 40-cell frame and
 *                             its newline) to standard output; for ever. A stream at
 *                             1000/MS frames a second, without the frames.
 *   floor run COMMAND [ARG...]
 *                             fork, exec COMMAND with standard output on /dev/null,
 *                             wait4: prints "seconds=S maxrss_kib=K" on standard
 *                             error. The peak RSS (ru_maxrss) of a child after exec
 *                             counts the memory of the process it was forked from,
 *                             so that process is this small one rather than a shell
 *                             or Python (whose resident memory would be counted).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int loop(int milliseconds, int bytes) {
  char line[4096];
  if (bytes < 1 || bytes > (int)sizeof line) return 64;
  memset(line, '-', (size_t)bytes - 1);
  line[bytes - 1] = '\n';
  for (;;) {
    poll(NULL, 0, milliseconds);
    if (write(1, line, (size_t)bytes) < 0) return 0;
  }
}

static double monotonic(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static int run(char **argv) {
  double start = monotonic();
  pid_t pid = fork();
  if (pid < 0) return 71;
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, 1);
    execvp(argv[0], argv);
    _exit(127);
  }
  int status = 0;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) < 0) return 71;
  double seconds = monotonic() - start;
  fprintf(stderr, "seconds=%.6f maxrss_kib=%ld\n", seconds, usage.ru_maxrss);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "loop") == 0) {
    int milliseconds = argc > 2 ? atoi(argv[2]) : 100;
    int bytes = argc > 3 ? atoi(argv[3]) : 41;
    return loop(milliseconds, bytes);
  }
  if (argc >= 3 && strcmp(argv[1], "run") == 0) return run(argv + 2);
  fputs("usage: floor loop [MS] [BYTES] | floor run COMMAND [ARG...]\n", stderr);
  return 64;
}
