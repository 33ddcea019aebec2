# Rule test for SP105 (optional imports, cpython profile).
try:
    # ruleid: SP105
    import numpy
except ImportError:
    numpy = None
try:
    # ruleid: SP105
    import os
except Exception:
    os = None
try:
    # ruleid: SP105
    from subprocess import run
except (ImportError, OSError):
    run = None
try:
    # ok: SP105
    import math
except ImportError:
    math = None
try:
    # ok: SP105
    import pandas
except ValueError:
    pandas = None
# ok: SP105
import random
