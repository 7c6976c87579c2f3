"""What the browser checks share: Debian's Chromium, which Playwright drives."""
import shutil
import sys


def chromium_path():
    """The Chromium binary render.sh installs (Debian's chromium package)."""
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("Chromium not found (render.sh installs Debian's chromium package)")
