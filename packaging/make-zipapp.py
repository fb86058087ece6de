#!/usr/bin/env python3
"""make-zipapp.py OUT PACKAGE_DIR... : one executable file, OUT, that runs the first
package's __main__.run() with python3: a zipapp (PEP 441) holding each PACKAGE_DIR's
*.py files under the folder's name (contrib/quotes/ticker_quotes as ticker_quotes/),
and a __main__.py at its root that runs the first.

`make fetchers` runs it for ticker-quotes and ticker-feeds (each with the shared
contrib/fetchers/ticker_fetch), so that install, the tarball and the .deb put one file
at bin/ticker-quotes and bin/ticker-feeds. It uses zipfile directly (the zipapp module
stamps each entry with its file's time), so that the same sources make the same bytes:
entries sorted, each dated SOURCE_DATE_EPOCH (the last commit's under make; not before
1980, which zip cannot hold), mode 0644, deflated; no __pycache__. The first line is
`#!/usr/bin/env python3` (--python PATH for another); make-deb.sh makes it
/usr/bin/python3. The zip's offsets count from the zip's own start, so the first line
may be changed without moving anything: Python finds the archive after it whatever
its length. Python 3 standard library only.
"""

import argparse
import io
import os
import stat
import sys
import time
import zipfile

MAIN = """\
# The entry point of this zipapp, written by packaging/make-zipapp.py.
from {package}.__main__ import run

run()
"""
EARLIEST = 315532800  # 1980-01-01T00:00:00Z: the first moment a zip entry can hold


def sources(folder):
    """(name in the zip, path) of each .py file under `folder`, sorted by name."""
    package = os.path.basename(os.path.normpath(folder))
    found = []
    for parent, folders, files in os.walk(folder):
        folders[:] = [f for f in folders if f != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(parent, name)
                inside = os.path.relpath(path, folder).replace(os.sep, "/")
                found.append((f"{package}/{inside}", path))
    if not any(name == f"{package}/__init__.py" for name, _ in found):
        raise SystemExit(f"make-zipapp.py: {folder} is not a package (no __init__.py)")
    return sorted(found)


def entry(name, moment):
    info = zipfile.ZipInfo(name, time.gmtime(moment)[:6])
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (stat.S_IFREG | 0o644) << 16
    info.create_system = 3  # Unix, so that the mode above is read as one
    return info


def build(out, folders, python="/usr/bin/env python3", moment=None):
    """Writes the zipapp `out` (0755) from the package folders; the first is run."""
    if moment is None:
        moment = int(os.environ.get("SOURCE_DATE_EPOCH") or 0)
    moment = max(int(moment), EARLIEST)
    package = os.path.basename(os.path.normpath(folders[0]))
    found = []
    for folder in folders:
        found += sources(folder)
    files = [("__main__.py", None)] + sorted(found)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    # The zip is made apart and the first line put before it, so that its offsets count
    # from its own start (a ZipFile on the file after the first line would count from
    # the file's, and a first line of another length would then lose the archive).
    zipped = io.BytesIO()
    with zipfile.ZipFile(zipped, "w") as archive:
        for name, path in files:
            if path is None:
                data = MAIN.format(package=package).encode()
            else:
                with open(path, "rb") as source:
                    data = source.read()
            archive.writestr(entry(name, moment), data, compresslevel=9)
    temporary = out + ".tmp"
    with open(temporary, "wb") as file:
        file.write(b"#!" + python.encode() + b"\n" + zipped.getvalue())
    os.chmod(temporary, 0o755)
    os.replace(temporary, out)
    return out


def main(argv):
    parser = argparse.ArgumentParser(prog="make-zipapp.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("folders", nargs="+", metavar="PACKAGE_DIR")
    parser.add_argument("--python", default="/usr/bin/env python3", help="the interpreter of the first line")
    args = parser.parse_args(argv)
    print(build(args.out, args.folders, args.python))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
