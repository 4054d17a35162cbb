#!/usr/bin/env python3
"""Compares the *.md pages of a source folder with their installed copies.

Usage: same-pages.py SOURCE-DIR INSTALLED-DIR
Prints "N pages, M differ or missing".
"""
import filecmp
import glob
import os
import sys

source, installed = sys.argv[1:3]
pages = [os.path.basename(p) for p in glob.glob(os.path.join(source, "*.md"))]
_, differ, missing = filecmp.cmpfiles(source, installed, pages, shallow=False)
print(len(pages), "pages,", len(differ) + len(missing), "differ or missing")
