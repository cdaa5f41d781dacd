# TF1 SavedModel export as the migration guide shows it: signature defs printed, Builder errors and save path, build_tensor_info, simple_save, then tf.saved_model.load calling the TF1 signature
import os
import tensorflow as tf
import tensorflow.compat.v1 as tf1
with tf.Graph().as_default() as g:
  with tf1.Session() as sess:
    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")
    w = tf1.Variable([[1.0], [2.0], [3.0]], name="w")
    y = tf.matmul(x, w)
    sess.run(tf1.global_variables_initializer())
    sig = tf1.saved_model.predict_signature_def(inputs={'x': x}, outputs={'y': y})
    print(sig)
    print(tf1.saved_model.is_valid_signature(sig))
    b = tf1.saved_model.Builder('sm1')
    try:
      b.add_meta_graph(["serve"])
    except AssertionError as e:
      print("AssertionError:", e)
    b.add_meta_graph_and_variables(sess, [tf1.saved_model.tag_constants.SERVING], signature_def_map={'serving_default': sig})
    try:
      b.add_meta_graph_and_variables(sess, ["x"])
    except AssertionError as e:
      print("AssertionError:", e)
    print(b.save())
    try:
      tf1.saved_model.Builder('sm1')
    except AssertionError as e:
      print("AssertionError:", e)
    info = tf1.saved_model.utils.build_tensor_info(x)
    print(info)
    print(tf1.saved_model.build_tensor_info(y).name)
    try:
      tf1.saved_model.predict_signature_def({}, {'y': y})
    except ValueError as e:
      print("ValueError:", e)
    tf1.saved_model.simple_save(sess, 'sm2', inputs={'x': x}, outputs={'y': y})
print(sorted(os.listdir('sm1')), sorted(os.listdir('sm2')), sorted(os.listdir('sm1/variables')))
loaded = tf.saved_model.load('sm2')
print(list(loaded.signatures.keys()))
f = loaded.signatures['serving_default']
print(f(x=tf.constant([[1.0, 1.0, 1.0], [0.0, 1.0, 0.0]])))
print(tf.saved_model.contains_saved_model('sm1'))
