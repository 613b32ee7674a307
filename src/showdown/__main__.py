"""``python -m showdown``: the command line."""

from showdown.cli import main

if __name__ == "__main__":
    main()
