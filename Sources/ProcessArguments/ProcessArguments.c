// The process's arguments for the Swift runtime, without its start-up search.
//
// On Linux the runtime finds `argv` at start-up with a global constructor of its own
// (CommandLine.cpp's `ArgvGrabber`): it reads /proc/self/maps a line at a time with
// sscanf to find the stack, then walks back from `environ`. In a static build that is
// 51,000 instructions and an open and read of /proc/self/maps in every process, a
// ninth of a one-shot frame (BENCHMARKS.md section 18). The runtime asks for the
// arguments through two functions of that same object file; a static link takes an
// archive's object only for a symbol nothing else defines, so defining both here keeps
// it, and its constructor, out of the binary. A dynamic build (the tests') links the
// runtime's shared library, which keeps calling its own.
//
// glibc calls each function of `.init_array` with argc, argv and envp, before any Swift
// code runs. A C library that does not (musl) leaves garbage in those registers: the
// arguments are taken only when envp is `environ` and starts right after argv's final
// NULL, as the ELF start-up stack lays them out; else /proc/self/cmdline is read.

#include "ProcessArguments.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

static char **handedArguments;
static int handedCount;
static int handedOver;

static char **overrideArguments;
static int overrideCount;

static void takeArguments(int argc, char **argv, char **envp) {
  if (argc >= 0 && argv != NULL && envp != NULL && envp == environ && envp == argv + argc + 1) {
    handedArguments = argv;
    handedCount = argc;
    handedOver = 1;
  }
}

__attribute__((used, section(".init_array"))) static void (*const takeArgumentsAtStart)(
    int, char **, char **) = takeArguments;

char **ticker_command_line_arguments(int *count) {
  static char *empty[] = {NULL};
  int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *count = 0;
    return empty;
  }
  size_t capacity = 4096, length = 0;
  char *text = malloc(capacity + 1);
  while (text != NULL) {
    ssize_t got = read(fd, text + length, capacity - length);
    if (got < 0) {
      free(text);
      text = NULL;
      break;
    }
    if (got == 0) break;
    length += (size_t)got;
    if (length == capacity) {
      capacity *= 2;
      char *grown = realloc(text, capacity + 1);
      if (grown == NULL) free(text);
      text = grown;
    }
  }
  close(fd);
  if (text == NULL || length == 0) {
    free(text);
    *count = 0;
    return empty;
  }
  if (text[length - 1] != '\0') text[length++] = '\0';
  int arguments = 0;
  for (size_t i = 0; i < length; i++) arguments += text[i] == '\0';
  char **vector = malloc(sizeof(char *) * ((size_t)arguments + 1));
  if (vector == NULL) {
    free(text);
    *count = 0;
    return empty;
  }
  int index = 0;
  for (size_t start = 0; start < length; start += strlen(text + start) + 1) {
    vector[index++] = text + start;
  }
  vector[index] = NULL;
  *count = index;
  return vector;
}

char **ticker_process_arguments(int *count) {
  if (!handedOver) {
    static char **fromCommandLine;
    static int fromCommandLineCount;
    if (fromCommandLine == NULL) {
      fromCommandLine = ticker_command_line_arguments(&fromCommandLineCount);
    }
    *count = fromCommandLineCount;
    return fromCommandLine;
  }
  *count = handedCount;
  return handedArguments;
}

int ticker_process_arguments_were_handed_over(void) { return handedOver; }

// The runtime's two functions, in its calling convention (SWIFT_CC(swift) in
// CommandLine.cpp).

__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  if (overrideArguments != NULL) {
    *outArgLen = overrideCount;
    return overrideArguments;
  }
  return ticker_process_arguments(outArgLen);
}

__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
  overrideArguments = argv;
  overrideCount = argc;
}
