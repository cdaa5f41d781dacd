# tf.test.main in a script
import tensorflow as tf

class SquareTest(tf.test.TestCase):
    def test_square(self):
        x = tf.constant([1.0, 2.0])
        self.assertAllClose(tf.square(x), [1.0, 4.0])

    def test_fails(self):
        self.assertAllEqual(tf.constant([1, 2]), [1, 3])

print("before")
try:
    tf.test.main()
except SystemExit as e:
    print("exit", e.code)
