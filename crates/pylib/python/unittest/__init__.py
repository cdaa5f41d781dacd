"""Unit tests as CPython 3.11's ``unittest`` runs them: ``TestCase`` with its ``assert*``
methods and their messages, fixtures, ``subTest``, skipping, ``TestSuite``/``TestLoader``,
``TextTestRunner`` and ``main()`` writing the dots, failure reports and summary to stderr."""

import sys
import time
import traceback

__all__ = ["TestCase", "TestSuite", "TestLoader", "TextTestRunner", "TestResult",
           "SkipTest", "skip", "skipIf", "skipUnless", "expectedFailure", "main",
           "defaultTestLoader", "TextTestResult"]


class SkipTest(Exception):
    """Raised to skip a test."""

    __module__ = "unittest.case"


def _id(obj):
    return obj


def skip(reason):
    """Skips the decorated test (or class)."""
    def decorator(test_item):
        test_item.__unittest_skip__ = True
        test_item.__unittest_skip_why__ = reason
        return test_item
    if isinstance(reason, type(lambda: None)):
        test_item, reason = reason, ""
        return decorator(test_item)
    return decorator


def skipIf(condition, reason):
    return skip(reason) if condition else _id


def skipUnless(condition, reason):
    return skip(reason) if not condition else _id


def expectedFailure(test_item):
    test_item.__unittest_expecting_failure__ = True
    return test_item


def _safe_repr(obj, short=False):
    text = repr(obj)
    if not short or len(text) < 80:
        return text
    return text[:80] + " [truncated]..."


class _AssertRaisesContext:
    def __init__(self, expected, test_case, regex=None, msg=None):
        self.expected = expected
        self.test_case = test_case
        self.regex = regex
        self.msg = msg
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        names = getattr(self.expected, "__name__", None)
        if names is None:
            names = str(self.expected)
        if exc_type is None:
            self.test_case.fail(self.test_case._formatMessage(
                self.msg, "{} not raised".format(names)))
        if not issubclass(exc_type, self.expected):
            return False
        self.exception = exc_value
        if self.regex is not None:
            import re
            pattern = re.compile(self.regex) if isinstance(self.regex, str) else self.regex
            if not pattern.search(str(exc_value)):
                self.test_case.fail(self.test_case._formatMessage(
                    self.msg, '"{}" does not match "{}"'.format(pattern.pattern, exc_value)))
        return True


class _SubTest:
    def __init__(self, test_case, message, params):
        self.test_case = test_case
        self._message = message
        self.params = params

    def _subDescription(self):
        parts = []
        if self._message is not None:
            parts.append("[{}]".format(self._message))
        if self.params:
            parts.append("({})".format(", ".join(
                "{}={!r}".format(k, v) for k, v in self.params.items())))
        return " ".join(parts) or "(<subtest>)"

    def id(self):
        return "{} {}".format(self.test_case.id(), self._subDescription())

    def __str__(self):
        return "{} {}".format(self.test_case, self._subDescription())


class _SubTestContext:
    def __init__(self, test_case, subtest):
        self.test_case = test_case
        self.subtest = subtest

    def __enter__(self):
        return None

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            return False
        result = self.test_case._result
        if issubclass(exc_type, SkipTest):
            result.addSkip(self.subtest, str(exc_value))
        elif issubclass(exc_type, self.test_case.failureException):
            result.addSubTest(self.test_case, self.subtest, (exc_type, exc_value, tb), True)
        else:
            result.addSubTest(self.test_case, self.subtest, (exc_type, exc_value, tb), False)
        self.test_case._subtest_failed = True
        return True


class TestCase:
    """A group of test methods (named ``test*``) with shared fixtures."""

    __module__ = "unittest.case"

    failureException = AssertionError
    longMessage = True
    maxDiff = 80 * 8

    def __init__(self, methodName="runTest"):
        self._testMethodName = methodName
        self._result = None
        self._cleanups = []
        if methodName != "runTest" and not hasattr(self, methodName):
            raise ValueError("no such test method in {}: {}".format(type(self), methodName))

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def setUp(self):
        pass

    def tearDown(self):
        pass

    def addCleanup(self, function, /, *args, **kwargs):
        self._cleanups.append((function, args, kwargs))

    def doCleanups(self):
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            function(*args, **kwargs)

    def id(self):
        return "{}.{}.{}".format(type(self).__module__, type(self).__qualname__,
                                 self._testMethodName)

    def __str__(self):
        return "{} ({}.{}.{})".format(self._testMethodName, type(self).__module__,
                                      type(self).__qualname__, self._testMethodName)

    def __repr__(self):
        return "<{}.{} testMethod={}>".format(type(self).__module__, type(self).__qualname__,
                                              self._testMethodName)

    def shortDescription(self):
        doc = getattr(self, self._testMethodName).__doc__
        return doc.strip().split("\n")[0].strip() if doc else None

    def countTestCases(self):
        return 1

    def __call__(self, result=None):
        return self.run(result)

    def run(self, result=None):
        if result is None:
            result = TestResult()
        self._result = result
        method = getattr(self, self._testMethodName)
        result.startTest(self)
        try:
            skip_why = None
            if getattr(type(self), "__unittest_skip__", False):
                skip_why = getattr(type(self), "__unittest_skip_why__", "")
            elif getattr(method, "__unittest_skip__", False):
                skip_why = getattr(method, "__unittest_skip_why__", "")
            if skip_why is not None:
                result.addSkip(self, skip_why)
                return result
            expecting_failure = getattr(method, "__unittest_expecting_failure__", False)
            self._subtest_failed = False
            outcome = self._run_part(result, self.setUp)
            if outcome:
                outcome = self._run_part(result, method, expecting_failure)
                self._run_part(result, self.tearDown)
            self.doCleanups()
            if outcome == "ok" and not self._subtest_failed:
                if expecting_failure:
                    result.addUnexpectedSuccess(self)
                else:
                    result.addSuccess(self)
        finally:
            result.stopTest(self)
        return result

    def _run_part(self, result, function, expecting_failure=False):
        try:
            function()
        except SkipTest as e:
            result.addSkip(self, str(e))
            return None
        except KeyboardInterrupt:
            raise
        except Exception as exc:
            info = sys.exc_info()
            if expecting_failure:
                result.addExpectedFailure(self, info)
            elif isinstance(exc, self.failureException):
                result.addFailure(self, info)
            else:
                result.addError(self, info)
            return None
        return "ok"

    def debug(self):
        self.setUp()
        getattr(self, self._testMethodName)()
        self.tearDown()
        self.doCleanups()

    def subTest(self, msg=None, **params):
        return _SubTestContext(self, _SubTest(self, msg, params))

    def skipTest(self, reason):
        raise SkipTest(reason)

    def _formatMessage(self, msg, standard_msg):
        if not self.longMessage:
            return msg or standard_msg
        if msg is None:
            return standard_msg
        return "{} : {}".format(standard_msg, msg)

    def fail(self, msg=None):
        raise self.failureException(msg)

    def assertTrue(self, expr, msg=None):
        if not expr:
            self.fail(self._formatMessage(msg, "{} is not true".format(_safe_repr(expr))))

    def assertFalse(self, expr, msg=None):
        if expr:
            self.fail(self._formatMessage(msg, "{} is not false".format(_safe_repr(expr))))

    def assertEqual(self, first, second, msg=None):
        if not first == second:
            standard = "{} != {}".format(_safe_repr(first), _safe_repr(second))
            if isinstance(first, str) and isinstance(second, str) \
                    and ("\n" in first or "\n" in second):
                standard = "{!r} != {!r}".format(first, second)
            self.fail(self._formatMessage(msg, standard))

    def assertNotEqual(self, first, second, msg=None):
        if not first != second:
            self.fail(self._formatMessage(msg, "{} == {}".format(_safe_repr(first),
                                                                  _safe_repr(second))))

    assertEquals = assertEqual
    assertListEqual = assertEqual
    assertTupleEqual = assertEqual
    assertDictEqual = assertEqual
    assertSetEqual = assertEqual
    assertSequenceEqual = assertEqual
    assertMultiLineEqual = assertEqual

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if first == second:
            return
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        diff = abs(first - second)
        if delta is not None:
            if diff <= delta:
                return
            standard = "{} != {} within {} delta ({} difference)".format(
                _safe_repr(first), _safe_repr(second), _safe_repr(delta), _safe_repr(diff))
        else:
            if places is None:
                places = 7
            if round(diff, places) == 0:
                return
            standard = "{} != {} within {!r} places ({} difference)".format(
                _safe_repr(first), _safe_repr(second), places, _safe_repr(diff))
        self.fail(self._formatMessage(msg, standard))

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        diff = abs(first - second)
        if delta is not None:
            if not first == second and diff > delta:
                return
            standard = "{} == {} within {} delta ({} difference)".format(
                _safe_repr(first), _safe_repr(second), _safe_repr(delta), _safe_repr(diff))
        else:
            if places is None:
                places = 7
            if not first == second and round(diff, places) != 0:
                return
            standard = "{} == {} within {!r} places".format(
                _safe_repr(first), _safe_repr(second), places)
        self.fail(self._formatMessage(msg, standard))

    def assertIs(self, first, second, msg=None):
        if first is not second:
            self.fail(self._formatMessage(msg, "{} is not {}".format(_safe_repr(first),
                                                                      _safe_repr(second))))

    def assertIsNot(self, first, second, msg=None):
        if first is second:
            self.fail(self._formatMessage(msg, "unexpectedly identical: {}".format(
                _safe_repr(first))))

    def assertIsNone(self, obj, msg=None):
        if obj is not None:
            self.fail(self._formatMessage(msg, "{} is not None".format(_safe_repr(obj))))

    def assertIsNotNone(self, obj, msg=None):
        if obj is None:
            self.fail(self._formatMessage(msg, "unexpectedly None"))

    def assertIn(self, member, container, msg=None):
        if member not in container:
            self.fail(self._formatMessage(msg, "{} not found in {}".format(
                _safe_repr(member), _safe_repr(container))))

    def assertNotIn(self, member, container, msg=None):
        if member in container:
            self.fail(self._formatMessage(msg, "{} unexpectedly found in {}".format(
                _safe_repr(member), _safe_repr(container))))

    def assertIsInstance(self, obj, cls, msg=None):
        if not isinstance(obj, cls):
            self.fail(self._formatMessage(msg, "{} is not an instance of {!r}".format(
                _safe_repr(obj), cls)))

    def assertNotIsInstance(self, obj, cls, msg=None):
        if isinstance(obj, cls):
            self.fail(self._formatMessage(msg, "{} is an instance of {!r}".format(
                _safe_repr(obj), cls)))

    def assertGreater(self, a, b, msg=None):
        if not a > b:
            self.fail(self._formatMessage(msg, "{} not greater than {}".format(
                _safe_repr(a), _safe_repr(b))))

    def assertGreaterEqual(self, a, b, msg=None):
        if not a >= b:
            self.fail(self._formatMessage(msg, "{} not greater than or equal to {}".format(
                _safe_repr(a), _safe_repr(b))))

    def assertLess(self, a, b, msg=None):
        if not a < b:
            self.fail(self._formatMessage(msg, "{} not less than {}".format(
                _safe_repr(a), _safe_repr(b))))

    def assertLessEqual(self, a, b, msg=None):
        if not a <= b:
            self.fail(self._formatMessage(msg, "{} not less than or equal to {}".format(
                _safe_repr(a), _safe_repr(b))))

    def assertCountEqual(self, first, second, msg=None):
        first, second = list(first), list(second)
        missing = list(second)
        unexpected = []
        for item in first:
            if item in missing:
                missing.remove(item)
            else:
                unexpected.append(item)
        if missing or unexpected:
            self.fail(self._formatMessage(msg, "Element counts were not equal"))

    def assertRaises(self, expected_exception, *args, **kwargs):
        context = _AssertRaisesContext(expected_exception, self, msg=kwargs.pop("msg", None))
        if not args:
            return context
        callable_obj, *args = args
        with context:
            callable_obj(*args, **kwargs)

    def assertRaisesRegex(self, expected_exception, expected_regex, *args, **kwargs):
        context = _AssertRaisesContext(expected_exception, self, expected_regex,
                                       msg=kwargs.pop("msg", None))
        if not args:
            return context
        callable_obj, *args = args
        with context:
            callable_obj(*args, **kwargs)

    def assertRegex(self, text, expected_regex, msg=None):
        import re
        pattern = re.compile(expected_regex) if isinstance(expected_regex, str) \
            else expected_regex
        if not pattern.search(text):
            self.fail(self._formatMessage(msg, "Regex didn't match: {!r} not found in {!r}"
                                          .format(pattern.pattern, text)))


class FunctionTestCase(TestCase):
    """A test made from a plain function."""

    __module__ = "unittest.case"

    def __init__(self, testFunc, setUp=None, tearDown=None, description=None):
        super().__init__()
        self._test_function = testFunc
        self._set_up = setUp
        self._tear_down = tearDown
        self._testMethodName = "runTest"

    def setUp(self):
        if self._set_up is not None:
            self._set_up()

    def tearDown(self):
        if self._tear_down is not None:
            self._tear_down()

    def runTest(self):
        self._test_function()

    def __str__(self):
        return "{}.{}".format(self._test_function.__module__, self._test_function.__name__)


class TestSuite:
    """A collection of tests, run in order (classes get their class fixtures once)."""

    __module__ = "unittest.suite"

    def __init__(self, tests=()):
        self._tests = []
        self.addTests(tests)

    def addTest(self, test):
        self._tests.append(test)

    def addTests(self, tests):
        for test in tests:
            self.addTest(test)

    def __iter__(self):
        return iter(self._tests)

    def countTestCases(self):
        return sum(test.countTestCases() for test in self._tests)

    def __call__(self, result):
        return self.run(result)

    def run(self, result):
        current_class = None
        for test in self._tests:
            if isinstance(test, TestCase):
                cls = type(test)
                if cls is not current_class:
                    if current_class is not None:
                        current_class.tearDownClass()
                    current_class = cls
                    if not getattr(cls, "__unittest_skip__", False):
                        cls.setUpClass()
            test(result)
        if current_class is not None and not getattr(current_class, "__unittest_skip__", False):
            current_class.tearDownClass()
        return result


class TestLoader:
    """Finds the ``test*`` methods of test classes and modules."""

    __module__ = "unittest.loader"

    testMethodPrefix = "test"

    def getTestCaseNames(self, testCaseClass):
        names = [name for name in dir(testCaseClass)
                 if name.startswith(self.testMethodPrefix)
                 and callable(getattr(testCaseClass, name))]
        return sorted(names)

    def loadTestsFromTestCase(self, testCaseClass):
        names = self.getTestCaseNames(testCaseClass)
        if not names and hasattr(testCaseClass, "runTest"):
            names = ["runTest"]
        return TestSuite([testCaseClass(name) for name in names])

    def loadTestsFromModule(self, module):
        tests = []
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, TestCase) and obj is not TestCase \
                    and obj is not FunctionTestCase:
                tests.append(self.loadTestsFromTestCase(obj))
        return TestSuite(tests)

    def loadTestsFromName(self, name, module=None):
        obj = module
        for part in name.split("."):
            obj = getattr(obj, part) if obj is not None else sys.modules[part]
        if isinstance(obj, type) and issubclass(obj, TestCase):
            return self.loadTestsFromTestCase(obj)
        return TestSuite([obj])


defaultTestLoader = TestLoader()


def _exc_text(test, err):
    """The report of a failure without the frames of unittest itself, as CPython trims it."""
    exc_type, value, tb = err
    text = "".join(traceback.format_exception(exc_type, value, tb))
    lines = text.splitlines(keepends=True)
    out = []
    skipping = False
    for line in lines:
        if line.startswith("  File "):
            skipping = "/unittest/" in line
        elif not line.startswith("    "):
            skipping = False
        if not skipping:
            out.append(line)
    return "".join(out)


class TestResult:
    """What a run found: failures, errors, skips, counts."""

    __module__ = "unittest.result"

    def __init__(self, stream=None, descriptions=None, verbosity=None):
        self.failures = []
        self.errors = []
        self.skipped = []
        self.expectedFailures = []
        self.unexpectedSuccesses = []
        self.testsRun = 0
        self.shouldStop = False

    def startTest(self, test):
        self.testsRun += 1

    def stopTest(self, test):
        pass

    def addSuccess(self, test):
        pass

    def addFailure(self, test, err):
        self.failures.append((test, _exc_text(test, err)))

    def addError(self, test, err):
        self.errors.append((test, _exc_text(test, err)))

    def addSkip(self, test, reason):
        self.skipped.append((test, reason))

    def addExpectedFailure(self, test, err):
        self.expectedFailures.append((test, _exc_text(test, err)))

    def addUnexpectedSuccess(self, test):
        self.unexpectedSuccesses.append(test)

    def addSubTest(self, test, subtest, err, is_failure=True):
        if err is not None:
            if is_failure:
                self.failures.append((subtest, _exc_text(test, err)))
            else:
                self.errors.append((subtest, _exc_text(test, err)))

    def wasSuccessful(self):
        return not (self.failures or self.errors or self.unexpectedSuccesses)

    def stop(self):
        self.shouldStop = True

    def __repr__(self):
        return "<{}.{} run={} errors={} failures={}>".format(
            type(self).__module__, type(self).__qualname__, self.testsRun, len(self.errors),
            len(self.failures))


class TextTestResult(TestResult):
    """A result that writes progress as it goes: dots (or names at verbosity 2)."""

    __module__ = "unittest.runner"

    separator1 = "=" * 70
    separator2 = "-" * 70

    def __init__(self, stream, descriptions, verbosity):
        super().__init__(stream, descriptions, verbosity)
        self.stream = stream
        self.dots = verbosity == 1
        self.showAll = verbosity > 1
        self.descriptions = descriptions

    def getDescription(self, test):
        doc = test.shortDescription() if self.descriptions and isinstance(test, TestCase) \
            else None
        if doc:
            return "\n".join((str(test), doc))
        return str(test)

    def startTest(self, test):
        super().startTest(test)
        if self.showAll:
            self.stream.write(self.getDescription(test))
            self.stream.write(" ... ")
            self.stream.flush()

    def _report(self, long, short):
        if self.showAll:
            self.stream.write(long + "\n")
        elif self.dots:
            self.stream.write(short)
        self.stream.flush()

    def addSuccess(self, test):
        super().addSuccess(test)
        self._report("ok", ".")

    def addError(self, test, err):
        super().addError(test, err)
        self._report("ERROR", "E")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._report("FAIL", "F")

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._report("skipped {!r}".format(reason), "s")

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._report("expected failure", "x")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._report("unexpected success", "u")

    def addSubTest(self, test, subtest, err, is_failure=True):
        if err is not None:
            self._report("FAIL" if is_failure else "ERROR", "F" if is_failure else "E")
        super().addSubTest(test, subtest, err, is_failure)

    def printErrors(self):
        if self.dots or self.showAll:
            self.stream.write("\n")
            self.stream.flush()
        for flavour, errors in (("ERROR", self.errors), ("FAIL", self.failures)):
            for test, err in errors:
                self.stream.write(self.separator1 + "\n")
                self.stream.write("{}: {}\n".format(flavour, self.getDescription(test)))
                self.stream.write(self.separator2 + "\n")
                self.stream.write("{}\n".format(err))
                self.stream.flush()


class TextTestRunner:
    """Runs a suite and writes CPython's report to ``stream`` (stderr by default)."""

    __module__ = "unittest.runner"

    resultclass = TextTestResult

    def __init__(self, stream=None, descriptions=True, verbosity=1, failfast=False,
                 buffer=False, resultclass=None, warnings=None, *, tb_locals=False):
        self.stream = stream if stream is not None else sys.stderr
        self.descriptions = descriptions
        self.verbosity = verbosity
        if resultclass is not None:
            self.resultclass = resultclass

    def run(self, test):
        result = self.resultclass(self.stream, self.descriptions, self.verbosity)
        start = time.perf_counter()
        test(result)
        taken = time.perf_counter() - start
        result.printErrors()
        self.stream.write(TextTestResult.separator2 + "\n")
        run = result.testsRun
        self.stream.write("Ran {} test{} in {:.3f}s\n".format(run, "" if run == 1 else "s",
                                                               taken))
        self.stream.write("\n")
        infos = []
        if not result.wasSuccessful():
            self.stream.write("FAILED")
            if result.failures:
                infos.append("failures={}".format(len(result.failures)))
            if result.errors:
                infos.append("errors={}".format(len(result.errors)))
        else:
            self.stream.write("OK")
        if result.skipped:
            infos.append("skipped={}".format(len(result.skipped)))
        if result.expectedFailures:
            infos.append("expected failures={}".format(len(result.expectedFailures)))
        if result.unexpectedSuccesses:
            infos.append("unexpected successes={}".format(len(result.unexpectedSuccesses)))
        if infos:
            self.stream.write(" ({})".format(", ".join(infos)))
        self.stream.write("\n")
        self.stream.flush()
        return result


class main:
    """Runs the tests of ``__main__`` (``unittest.main(argv=[''], exit=False)`` in a
    notebook); exits with 0 or 1 unless ``exit=False``."""

    def __init__(self, module="__main__", defaultTest=None, argv=None, testRunner=None,
                 testLoader=defaultTestLoader, exit=True, verbosity=1, failfast=None,
                 catchbreak=None, buffer=None, warnings=None):
        if isinstance(module, str):
            module = sys.modules[module]
        self.module = module
        argv = sys.argv if argv is None else argv
        verbose = [a for a in argv[1:] if a in ("-v", "--verbose")]
        if verbose:
            verbosity = 2
        names = [a for a in argv[1:] if not a.startswith("-")]
        if defaultTest is not None and not names:
            names = [defaultTest] if isinstance(defaultTest, str) else list(defaultTest)
        if names:
            self.test = TestSuite([testLoader.loadTestsFromName(n, module) for n in names])
        else:
            self.test = testLoader.loadTestsFromModule(module)
        runner = testRunner if testRunner is not None else TextTestRunner(verbosity=verbosity)
        if isinstance(runner, type):
            runner = runner(verbosity=verbosity)
        self.result = runner.run(self.test)
        if exit:
            sys.exit(not self.result.wasSuccessful())


class TestProgram:
    """``unittest.main``: loads the tests of ``module`` (``__main__``), runs them with a
    ``TextTestRunner`` and, with ``exit``, ends the program with ``SystemExit`` (status 1
    when a test failed), as CPython's test program does. Command-line test names in
    ``argv`` are not parsed: every test of the module runs."""

    __module__ = "unittest.main"

    def __init__(self, module="__main__", defaultTest=None, argv=None, testRunner=None,
                 testLoader=None, exit=True, verbosity=1, failfast=None, catchbreak=None,
                 buffer=None, warnings=None, *, tb_locals=False):
        if isinstance(module, str):
            module = sys.modules[module]
        loader = testLoader if testLoader is not None else defaultTestLoader
        if defaultTest is None:
            self.test = loader.loadTestsFromModule(module)
        else:
            names = [defaultTest] if isinstance(defaultTest, str) else list(defaultTest)
            self.test = TestSuite([loader.loadTestsFromName(name, module) for name in names])
        runner = testRunner if testRunner is not None else TextTestRunner(verbosity=verbosity)
        if isinstance(runner, type):
            runner = runner(verbosity=verbosity)
        self.result = runner.run(self.test)
        if exit:
            sys.exit(not self.result.wasSuccessful())


main = TestProgram
