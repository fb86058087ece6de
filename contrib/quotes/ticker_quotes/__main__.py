"""`python3 -m ticker_quotes`: main() with its exit status; ^C exits 130, a closed pipe 1."""

import sys

from .cli import main


def run():
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(1)


if __name__ == "__main__":
    run()
