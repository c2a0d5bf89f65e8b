"""`python -m blame`."""

from blame.cli import main

if __name__ == "__main__":
    main()
