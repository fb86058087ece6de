/* The floor the benchmarks compare ticker-status with: what the same work costs
 * with nothing but the system calls. bench/run builds it with `gcc -O2 -static`.
 *
 *   floor loop [MS] [BYTES]   poll(2) for MS milliseconds (default 100), then write(2)
 *                             a line of BYTES bytes (default 41, a 40-cell frame and
 *                             its newline) to standard output; for ever. A stream at
 *                             1000/MS frames a second, without the frames.
 *   floor stream [MS] [BYTES] [FILE]
 *                             the loop with the system calls of ticker-status's
 *                             stream: poll(2) on a pipe (its signals), standard
 *                             output (to see the reader go) and an inotify
 *                             descriptor (its pause and reduced-motion watch), then
 *                             the write; with FILE, a stat(2) of it every fifth
 *                             frame (`-f FILE` looks every half second).
 *   floor time RUNS COMMAND...
 *                             starts each COMMAND (a string, split at spaces) in
 *                             turn with posix_spawnp(3), standard output on /dev/null,
 *                             RUNS rounds after RUNS / 10 of warm-up (1 to 20), and
 *                             times each from the spawn to waitpid(2): prints a line
 *                             per command, "median_ms=M mean_ms=A min_ms=L COMMAND".
 *                             The commands take turns, so that a change in the
 *                             machine's load during the run falls on all alike.
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
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* `floor loop` (streamCalls 0) and `floor stream` (1): the same line and frames,
 * the stream's descriptors polled and its FILE looked at only in the second. */
static int loop(int milliseconds, int bytes, int streamCalls, const char *file) {
  char line[4096];
  if (bytes < 1 || bytes > (int)sizeof line) return 64;
  memset(line, '-', (size_t)bytes - 1);
  line[bytes - 1] = '\n';
  struct pollfd set[3];
  int count = 0;
  if (streamCalls) {
    int signals[2];
    int watch = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (pipe(signals) != 0 || watch < 0) return 71;
    inotify_add_watch(watch, "/tmp", IN_CREATE | IN_DELETE | IN_MOVED_TO);
    set[0] = (struct pollfd){signals[0], POLLIN, 0};
    set[1] = (struct pollfd){1, 0, 0};
    set[2] = (struct pollfd){watch, POLLIN, 0};
    count = 3;
  }
  struct stat status;
  char events[4096];
  for (long frame = 0;; frame++) {
    poll(count ? set : NULL, (nfds_t)count, milliseconds);
    /* Read what the watch reported, as the stream does: left there, a file made in
     * /tmp while it ran (another benchmark's) kept poll(2) returning at once. */
    if (count && (set[2].revents & POLLIN)) (void)!read(set[2].fd, events, sizeof events);
    if (file && frame % 5 == 0) stat(file, &status);
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

extern char **environ;

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int timeCommands(int runs, int count, char **commands) {
  enum { maximumWords = 64 };
  char *words[count][maximumWords];
  for (int c = 0; c < count; c++) {
    int n = 0;
    for (char *word = strtok(strdup(commands[c]), " "); word && n < maximumWords - 1;
         word = strtok(NULL, " "))
      words[c][n++] = word;
    words[c][n] = NULL;
  }
  double *samples = calloc((size_t)(runs * count), sizeof(double));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  int warmup = runs / 10 < 1 ? 1 : runs / 10 > 20 ? 20 : runs / 10;
  for (int round = -warmup; round < runs; round++) {
    for (int c = 0; c < count; c++) {
      double start = monotonic();
      pid_t pid;
      if (posix_spawnp(&pid, words[c][0], &actions, NULL, words[c], environ) != 0) {
        fprintf(stderr, "floor: cannot start %s\n", words[c][0]);
        return 71;
      }
      int status;
      if (waitpid(pid, &status, 0) < 0) return 71;
      if (round >= 0) samples[c * runs + round] = monotonic() - start;
    }
  }
  for (int c = 0; c < count; c++) {
    double *mine = samples + c * runs, sum = 0;
    for (int i = 0; i < runs; i++) sum += mine[i];
    qsort(mine, (size_t)runs, sizeof(double), compare);
    printf("median_ms=%.4f mean_ms=%.4f min_ms=%.4f %s\n", mine[runs / 2] * 1e3,
           sum / runs * 1e3, mine[0] * 1e3, commands[c]);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "loop") == 0 || strcmp(argv[1], "stream") == 0)) {
    int milliseconds = argc > 2 ? atoi(argv[2]) : 100;
    int bytes = argc > 3 ? atoi(argv[3]) : 41;
    int streamCalls = strcmp(argv[1], "stream") == 0;
    return loop(milliseconds, bytes, streamCalls, streamCalls && argc > 4 ? argv[4] : NULL);
  }
  if (argc >= 3 && strcmp(argv[1], "run") == 0) return run(argv + 2);
  if (argc >= 4 && strcmp(argv[1], "time") == 0)
    return timeCommands(atoi(argv[2]), argc - 3, argv + 3);
  fputs("usage: floor loop [MS] [BYTES] | floor stream [MS] [BYTES] [FILE] |\n"
        "       floor time RUNS COMMAND... | floor run COMMAND [ARG...]\n",
        stderr);
  return 64;
}
