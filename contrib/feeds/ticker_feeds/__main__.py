"""`python3 -m ticker_feeds`: main() with its exit status."""

import sys

from .cli import main


def run():
    sys.exit(main(sys.argv[1:]))


if __name__ == "__main__":
    run()
