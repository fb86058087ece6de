#ifndef TICKER_PROCESS_ARGUMENTS_H
#define TICKER_PROCESS_ARGUMENTS_H

/// The process's argument vector and count, as the Swift runtime's
/// `CommandLine.arguments` reads them in a static build of ticker-status (see
/// ProcessArguments.c): what the C library handed the start-up functions, or else what
/// /proc/self/cmdline says. Never NULL; ends with a NULL entry.
char *_Nullable *_Nonnull ticker_process_arguments(int *_Nonnull count);

/// The arguments as /proc/self/cmdline gives them, read anew (what
/// `ticker_process_arguments` falls back on); an empty list when it cannot be read.
/// The list is never freed.
char *_Nullable *_Nonnull ticker_command_line_arguments(int *_Nonnull count);

/// Whether the arguments came from the C library at start-up (1), not from
/// /proc/self/cmdline (0).
int ticker_process_arguments_were_handed_over(void);

#endif
