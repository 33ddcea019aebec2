# safepy's stand-in for the parts of unittest that test files of outside
# suites use (tests/outside/convert.py puts it at the top of every converted
# program).  Both python3 and safepy run the same converted program, so what
# counts is that the code under test behaves the same; this runner only has
# to be deterministic and print one line per test: `Class.test: ok`, or
# `... FAIL: message` (an assertion), `... ERROR: Type: message` (any other
# exception), `... skipped`.  Written for the sandbox: no module beyond re.
import re as _shim_re


class _SkipTest(Exception):
    pass


class _Failure(AssertionError):
    pass


def _shim_safe_repr(obj, limit=80):
    try:
        text = repr(obj)
    except Exception as e:
        text = '<repr raised %s>' % type(e).__name__
    if len(text) > limit:
        text = text[:limit] + '...'
    return text


class _RaisesContext:
    def __init__(self, case, expected, regex, msg):
        self.case = case
        self.expected = expected
        self.regex = regex
        self.msg = msg
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        names = self.expected.__name__ if isinstance(self.expected, type) else \
            ', '.join(e.__name__ for e in self.expected)
        if kind is None:
            self.case.fail(self.msg or '%s not raised' % names)
        if not issubclass(kind, self.expected):
            return False
        self.exception = value
        if self.regex is not None and not _shim_re.search(self.regex, str(value)):
            self.case.fail('"%s" does not match "%s"' % (self.regex, str(value)))
        return True


class _SubTest:
    def __init__(self, case, msg, params):
        self.case = case
        self.label = ''
        if msg is not None:
            self.label += ' [%s]' % (msg,)
        if params:
            self.label += ' (%s)' % ', '.join('%s=%s' % (k, _shim_safe_repr(v, 30))
                                              for k, v in sorted(params.items()))

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            return False
        if issubclass(kind, _SkipTest):
            return True
        self.case._outcomes.append(_shim_outcome(self.label, kind, value))
        return True


def _shim_outcome(label, kind, value):
    if issubclass(kind, AssertionError):
        return '%s FAIL: %s' % (label, value)
    return '%s ERROR: %s: %s' % (label, kind.__name__, value)


class _TestCase:
    maxDiff = 640
    longMessage = True

    def __init__(self, name='runTest'):
        self._name = name
        self._outcomes = []

    def setUp(self):
        pass

    def tearDown(self):
        pass

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def subTest(self, msg=None, **params):
        return _SubTest(self, msg, params)

    def skipTest(self, reason):
        raise _SkipTest(reason)

    def fail(self, msg=None):
        raise _Failure(msg)

    def _check(self, ok, default, msg):
        if not ok:
            self.fail(default if msg is None else '%s : %s' % (default, msg))

    def assertEqual(self, first, second, msg=None):
        self._check(first == second, '%s != %s' % (_shim_safe_repr(first),
                                                   _shim_safe_repr(second)), msg)

    assertEquals = assertEqual
    assertListEqual = assertTupleEqual = assertDictEqual = assertSetEqual = assertEqual
    assertSequenceEqual = assertMultiLineEqual = assertEqual

    def assertNotEqual(self, first, second, msg=None):
        self._check(first != second, '%s == %s' % (_shim_safe_repr(first),
                                                   _shim_safe_repr(second)), msg)

    def assertTrue(self, expr, msg=None):
        self._check(expr, '%s is not true' % _shim_safe_repr(expr), msg)

    def assertFalse(self, expr, msg=None):
        self._check(not expr, '%s is not false' % _shim_safe_repr(expr), msg)

    def assertIs(self, first, second, msg=None):
        self._check(first is second, '%s is not %s' % (_shim_safe_repr(first),
                                                       _shim_safe_repr(second)), msg)

    def assertIsNot(self, first, second, msg=None):
        self._check(first is not second, 'unexpectedly identical: %s'
                    % _shim_safe_repr(first), msg)

    def assertIsNone(self, obj, msg=None):
        self._check(obj is None, '%s is not None' % _shim_safe_repr(obj), msg)

    def assertIsNotNone(self, obj, msg=None):
        self._check(obj is not None, 'unexpectedly None', msg)

    def assertIn(self, member, container, msg=None):
        self._check(member in container, '%s not found in %s'
                    % (_shim_safe_repr(member), _shim_safe_repr(container)), msg)

    def assertNotIn(self, member, container, msg=None):
        self._check(member not in container, '%s unexpectedly found in %s'
                    % (_shim_safe_repr(member), _shim_safe_repr(container)), msg)

    def assertIsInstance(self, obj, cls, msg=None):
        self._check(isinstance(obj, cls), '%s is not an instance of %r'
                    % (_shim_safe_repr(obj), cls), msg)

    def assertNotIsInstance(self, obj, cls, msg=None):
        self._check(not isinstance(obj, cls), '%s is an instance of %r'
                    % (_shim_safe_repr(obj), cls), msg)

    def assertGreater(self, a, b, msg=None):
        self._check(a > b, '%s not greater than %s' % (_shim_safe_repr(a), _shim_safe_repr(b)), msg)

    def assertGreaterEqual(self, a, b, msg=None):
        self._check(a >= b, '%s not greater than or equal to %s'
                    % (_shim_safe_repr(a), _shim_safe_repr(b)), msg)

    def assertLess(self, a, b, msg=None):
        self._check(a < b, '%s not less than %s' % (_shim_safe_repr(a), _shim_safe_repr(b)), msg)

    def assertLessEqual(self, a, b, msg=None):
        self._check(a <= b, '%s not less than or equal to %s'
                    % (_shim_safe_repr(a), _shim_safe_repr(b)), msg)

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if first == second:
            return
        diff = abs(first - second)
        if delta is not None:
            self._check(diff <= delta, '%s != %s within %s delta'
                        % (_shim_safe_repr(first), _shim_safe_repr(second), delta), msg)
            return
        places = 7 if places is None else places
        self._check(round(diff, places) == 0, '%s != %s within %r places'
                    % (_shim_safe_repr(first), _shim_safe_repr(second), places), msg)

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        diff = abs(first - second)
        if delta is not None:
            self._check(diff > delta, '%s == %s within %s delta'
                        % (_shim_safe_repr(first), _shim_safe_repr(second), delta), msg)
            return
        places = 7 if places is None else places
        self._check(first != second and round(diff, places) != 0, '%s == %s within %r places'
                    % (_shim_safe_repr(first), _shim_safe_repr(second), places), msg)

    def assertCountEqual(self, first, second, msg=None):
        a, b = list(first), list(second)
        missing = []
        for x in a:
            for i, y in enumerate(b):
                if x == y:
                    del b[i]
                    break
            else:
                missing.append(x)
        self._check(not missing and not b, 'Element counts were not equal: %s / %s'
                    % (_shim_safe_repr(missing), _shim_safe_repr(b)), msg)

    def assertRegex(self, text, regex, msg=None):
        self._check(_shim_re.search(regex, text), "Regex didn't match: %r not found in %r"
                    % (regex, text), msg)

    def assertNotRegex(self, text, regex, msg=None):
        self._check(not _shim_re.search(regex, text), 'Regex matched: %r' % (regex,), msg)

    def assertRaises(self, expected, *args, **kwargs):
        return self._raises(expected, None, args, kwargs)

    def assertRaisesRegex(self, expected, regex, *args, **kwargs):
        return self._raises(expected, regex, args, kwargs)

    assertRaisesRegexp = assertRaisesRegex

    def _raises(self, expected, regex, args, kwargs):
        ctx = _RaisesContext(self, expected, regex, kwargs.pop('msg', None))
        if not args:
            return ctx
        with ctx:
            args[0](*args[1:], **kwargs)
        return ctx


def _shim_skip(reason):
    def deco(f):
        f._shim_skip_reason = reason
        return f
    return deco


def _shim_skip_if(cond, reason):
    return _shim_skip(reason) if cond else (lambda f: f)


def _shim_skip_unless(cond, reason):
    return _shim_skip(reason) if not cond else (lambda f: f)


def _shim_expected_failure(f):
    f._shim_expecting_failure = True
    return f


def _shim_run(case_classes):
    """Runs every test method of every TestCase subclass, by sorted class and
    method name (unittest's loader order), printing one line each."""
    total = failed = 0
    for cls in sorted(case_classes, key=lambda c: c.__name__):
        names = sorted(n for n in dir(cls) if n.startswith('test') and callable(getattr(cls, n)))
        if not names:
            continue
        try:
            cls.setUpClass()
        except Exception as e:
            print('%s.setUpClass ERROR: %s: %s' % (cls.__name__, type(e).__name__, e))
            failed += 1
            continue
        for name in names:
            total += 1
            label = '%s.%s' % (cls.__name__, name)
            method = getattr(cls, name)
            if getattr(method, '_shim_skip_reason', None) is not None:
                print(label + ': skipped')
                continue
            case = cls(name)
            outcome = None
            try:
                case.setUp()
                try:
                    method(case)
                finally:
                    case.tearDown()
            except _SkipTest:
                outcome = ' skipped'
            except BaseException as e:
                outcome = _shim_outcome('', type(e), e)
            if getattr(method, '_shim_expecting_failure', False):
                outcome = ' expected failure' if outcome or case._outcomes else \
                    ' FAIL: unexpected success'
            for sub in case._outcomes:
                print(label + sub)
                failed += 1
            if outcome is None:
                if not case._outcomes:
                    print(label + ': ok')
            else:
                print(label + ':' + outcome.lstrip() if outcome.startswith(' ') else label + outcome)
                if 'FAIL' in outcome or 'ERROR' in outcome:
                    failed += 1
        try:
            cls.tearDownClass()
        except Exception as e:
            print('%s.tearDownClass ERROR: %s: %s' % (cls.__name__, type(e).__name__, e))
    print('tests: %d run, %d failed' % (total, failed))


class _ShimModule:
    """A module of the suite imported as a name (`import yacht`): its top-level
    names, which the converter inlined into this program."""

    def __init__(self, _shim_name, **names):
        self.__name__ = _shim_name
        for key, value in names.items():
            setattr(self, key, value)


class _PytestRaises(_RaisesContext):
    def __exit__(self, kind, value, tb):
        done = _RaisesContext.__exit__(self, kind, value, tb)
        self.value = self.exception
        return done


class pytest:
    """pytest.raises, the one part of pytest that unittest-style files use."""

    @staticmethod
    def raises(expected, match=None):
        return _PytestRaises(_TestCase(), expected, match, None)


class unittest:
    TestCase = _TestCase
    SkipTest = _SkipTest
    skip = staticmethod(_shim_skip)
    skipIf = staticmethod(_shim_skip_if)
    skipUnless = staticmethod(_shim_skip_unless)
    expectedFailure = staticmethod(_shim_expected_failure)

