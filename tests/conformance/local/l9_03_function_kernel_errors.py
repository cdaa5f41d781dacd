# A kernel's error while a tf.function runs: TensorFlow frames it as a graph execution
# error naming the node and the user's frames where it was defined (when traced).
# The caught errors print their message up to " [Op:__inference_NAME_N]", the part
# about the node; l9_05_function_uids prints the same errors whole, with TensorFlow's
# uid counter (the N). The last error ends the program uncaught.
import tensorflow as tf


@tf.function
def ratio(a):
    return 100 // a


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def square(x):
    return tf.reshape(x, [2, 2])


@tf.function
def pick(index):
    return tf.gather(tf.constant([1., 2.]), index)


def show(function, *args):
    try:
        function(*args)
    except tf.errors.InvalidArgumentError as error:
        print(type(error).__name__)
        message = str(error)
        print(message[:message.rindex(" [Op:")])
        print(error.message == message)


def helper(a, b):
    return tf.matmul(a, b)


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def nested(a):
    return helper(a, tf.ones([3, 1])) * 2.


print(ratio(tf.constant([1, 3])))
print(square(tf.ones([4])))
print(pick(tf.constant(1)))
show(pick, tf.constant(5))
show(pick, tf.constant(-1))
show(pick, tf.constant([[0, 1], [7, 0]]))
show(square, tf.ones([3]))
print(nested(tf.ones([2, 3])))
show(nested, tf.ones([2, 2]))
show(ratio, tf.constant([0, 1]))
ratio(tf.constant([4, 0]))
