# tf.compat.v1.train.SessionRunHook and the SessionRunArgs/Context/Values it is handed
import tensorflow as tf
tf1 = tf.compat.v1
a = tf1.train.SessionRunArgs(fetches={'x': 1})
print(a)
print(a.feed_dict, a.options)
v = tf1.train.SessionRunValues(results=3, options=None, run_metadata=None)
print(v)
c = tf1.train.SessionRunContext(original_args=a, session=None)
print(c.stop_requested); c.request_stop(); print(c.stop_requested)
class H(tf1.train.SessionRunHook):
    pass
h = H()
print(h.before_run(c), h.begin())
print(tf1.train.SessionRunHook.__name__, issubclass(H, tf1.train.SessionRunHook))
