# tf.test helpers
import tensorflow as tf
print(tf.test.is_built_with_cuda(), tf.test.is_gpu_available(), repr(tf.test.gpu_device_name()))
print(tf.test.is_built_with_gpu_support(), tf.test.is_built_with_rocm(), tf.test.is_built_with_xla())
class MyTest(tf.test.TestCase):
    def test_add(self):
        self.assertAllClose(tf.constant([1.0, 2.0]) + 1, [2.0, 3.0])
        self.assertAllEqual(tf.constant([1, 2]), [1, 2])
        self.assertEqual(self.evaluate(tf.constant(3)), 3)
t = MyTest("test_add")
t.test_add()
print("ok")
try:
    MyTest("test_add").assertAllClose([1.0, 2.0], [1.0, 2.5])
except AssertionError as e:
    print("AssertionError")
