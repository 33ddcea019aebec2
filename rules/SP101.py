# Rule test for SP101 (import allowlist).
# ruleid: SP101
import os
# ruleid: SP101
import os.path
# ruleid: SP101
import subprocess as sp
# ruleid: SP101
import math, socket
# ruleid: SP101
from os import path
# ruleid: SP101
from urllib.request import urlopen
# ruleid: SP101
import ｏｓ
# ruleid: SP101
import importlib
# ruleid: SP101
import sys
# ok: SP101
import math
# ok: SP101
import collections.abc
# ok: SP101
import itertools as it
# ok: SP101
from datetime import datetime, timedelta
# ok: SP101
from collections import defaultdict, Counter
# ok: SP101
import re, random, statistics, time, queue, stat, unicodedata
# ok: SP101
import ｍａｔｈ
# ok: SP101
x = "import os"


def f():
    # ruleid: SP101
    import shutil
    # ok: SP101
    import math
    return math


# Optional imports: a try that catches the ModuleNotFoundError lets it run.
try:
    # ok: SP101
    import numpy
except ImportError:
    numpy = None
try:
    # ok: SP101
    from scipy.linalg import norm
except (ValueError, ModuleNotFoundError):
    norm = abs
try:
    if True:
        # ok: SP101
        import os.path as osp
except:
    osp = None
try:
    # ruleid: SP101
    import pandas
except ValueError:
    pandas = None
try:
    pass
except ImportError:
    # ruleid: SP101
    import simplejson
try:
    def later():
        # ruleid: SP101
        import yaml
        return yaml
except Exception:
    pass
try:
    try:
        # ok: SP101
        import ujson as json
    except KeyError:
        pass
except BaseException:
    json = None
try:
    # ok: SP101
    import numpy as np
except ModuleNotFoundError as e:
    np = None
