"""``python -m courtly``: the ``courtly`` command, for an environment whose
scripts directory is not on the path."""

from courtly.cli.app import main

if __name__ == "__main__":
    main()
