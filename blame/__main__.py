"""`python -m blame`."""

import os
import sys

# `python -m` puts the working folder first on sys.path, so a `regex.py` or `secrets.py` there
# would be what blame itself imports. blame needs it no more than the `blame` script does: the
# project's own modules are imported through blame.userimport, which guards against that.
if sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from blame.launch import main

if __name__ == "__main__":
    main()
