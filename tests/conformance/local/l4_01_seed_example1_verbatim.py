import tensorflow as tf

with tf.Graph().as_default():
    with tf.device('/gpu:0'):
        # Generator variables
        gen_w1 = tf.Variable(tf.random.normal([1024, 512]))
    with tf.device('/gpu:1'):
        # Discriminator variables
        disc_w1 = tf.Variable(tf.random.normal([512, 1]))
    with tf.device('/gpu:0'):
        # Generator operation using gen_w1
        gen_output = tf.matmul(tf.random.normal([1,1024]), gen_w1)
    with tf.device('/gpu:1'):
        # Discriminator operation using both gen_w1 (incorrect) and disc_w1
        disc_output = tf.matmul(gen_output, disc_w1)  # Error likely here

    init = tf.global_variables_initializer()
    with tf.Session() as sess:
        sess.run(init)
        sess.run(disc_output) # This will likely throw an InvalidArgumentError
