import json
import os
import sys

os.environ["CUDA_VISIBLE_DEVICES"] = "-1"

os.environ.pop('TF_CONFIG', None)

if '.' not in sys.path:
  sys.path.insert(0, '.')

import tensorflow as tf

tf_config = {
    'cluster': {
        'worker': ['localhost:12345', 'localhost:23456']
    },
    'task': {'type': 'worker', 'index': 0}
}

json.dumps(tf_config)

os.environ['GREETINGS'] = 'Hello TensorFlow!'

strategy = tf.distribute.MultiWorkerMirroredStrategy()

with open('main.py', 'w') as f:
  f.write("\nimport os\nimport json\n\nimport tensorflow as tf\nimport mnist_setup\n\nper_worker_batch_size = 64\ntf_config = json.loads(os.environ['TF_CONFIG'])\nnum_workers = len(tf_config['cluster']['worker'])\n\nstrategy = tf.distribute.MultiWorkerMirroredStrategy()\n\nglobal_batch_size = per_worker_batch_size * num_workers\nmulti_worker_dataset = mnist_setup.mnist_dataset(global_batch_size)\n\nwith strategy.scope():\n  # Model building/compiling need to be within `strategy.scope()`.\n  multi_worker_model = mnist_setup.build_and_compile_cnn_model()\n\n\nmulti_worker_model.fit(multi_worker_dataset, epochs=3, steps_per_epoch=70)\n")

os.environ['TF_CONFIG'] = json.dumps(tf_config)

import time
time.sleep(10)

tf_config['task']['index'] = 1
os.environ['TF_CONFIG'] = json.dumps(tf_config)

# Delete the `TF_CONFIG`, and kill any background tasks so they don't affect the next section.
os.environ.pop('TF_CONFIG', None)
