import tensorflow as tf

with tf.Graph().as_default():
    with tf.variable_scope("shared_vars"): # Create a shared scope
        with tf.device('/gpu:0'):
            gen_w1 = tf.Variable(tf.random.normal([1024, 512]), name='gen_w1')
            gen_w2 = tf.Variable(tf.random.normal([512, 256]), name='gen_w2')

        with tf.device('/gpu:1'):
            disc_w1 = tf.Variable(tf.random.normal([256,1]), name='disc_w1')

    with tf.device('/gpu:0'):
        gen_layer1 = tf.matmul(tf.random.normal([1, 1024]), tf.get_variable("shared_vars/gen_w1"))
        gen_output = tf.matmul(gen_layer1, tf.get_variable("shared_vars/gen_w2"))

    with tf.device('/gpu:1'):
        disc_input = tf.identity(gen_output) # Explicit data transfer for clarity
        disc_output = tf.matmul(disc_input, tf.get_variable("shared_vars/disc_w1"))

    init = tf.global_variables_initializer()
    with tf.Session() as sess:
        sess.run(init)
        sess.run(disc_output)
