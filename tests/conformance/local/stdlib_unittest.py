import unittest

def add(a, b):
    return a + b

class TestAdd(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        print("setUpClass")

    def setUp(self):
        self.values = [1, 2, 3]

    def test_add(self):
        self.assertEqual(add(1, 2), 3)

    def test_fail(self):
        self.assertEqual(add(1, 1), 3)

    def test_error(self):
        raise ValueError("boom")

    @unittest.skip("not today")
    def test_skipped(self):
        pass

    def test_subtests(self):
        for i in range(3):
            with self.subTest(i=i):
                self.assertLess(i, 2)

    def test_raises(self):
        with self.assertRaises(ZeroDivisionError):
            1 / 0
        self.assertRaises(KeyError, {}.__getitem__, "x")
        with self.assertRaisesRegex(ValueError, "inv.lid"):
            int("invalid")

    def test_misc(self):
        self.assertTrue(self.values)
        self.assertIn(2, self.values)
        self.assertIsNone(None)
        self.assertAlmostEqual(0.1 + 0.2, 0.3)
        self.assertIsInstance(1, int)
        self.assertCountEqual([1, 2, 2], [2, 1, 2])

    @unittest.expectedFailure
    def test_expected(self):
        self.assertEqual(1, 0)

class TestMessages(unittest.TestCase):
    def test_messages(self):
        for call in [lambda: self.assertTrue(0), lambda: self.assertIn(1, [2]), lambda: self.assertIs(1, None),
                     lambda: self.assertAlmostEqual(1.0, 1.1), lambda: self.assertGreater(1, 2),
                     lambda: self.assertIsInstance(1, str), lambda: self.assertEqual(1, 2, "custom"),
                     lambda: self.assertIsNotNone(None), lambda: self.assertNotEqual(1, 1),
                     lambda: self.assertAlmostEqual(1, 2, delta=0.5)]:
            try:
                call()
            except AssertionError as e:
                print(e)

result = unittest.main(argv=[''], exit=False)
print(result.result.testsRun, len(result.result.failures), len(result.result.errors), result.result.wasSuccessful())
suite = unittest.TestLoader().loadTestsFromTestCase(TestMessages)
r = unittest.TextTestRunner(verbosity=2).run(suite)
print(r)
