# expect: exit 0 | MemoryError | ResourceExhaustedError
# Builds large Keras models again and again (every model's weights stay alive in a list): the
# weights beyond half the memory cap are made uncomputed, and the run ends normally or with a
# clear MemoryError, never by exhausting the machine.
import keras
models = []
for i in range(6):
    models.append(keras.applications.ResNet50(weights=None))
    models.append(keras.applications.VGG16(weights=None))
    print(i, len(models), models[-1].count_params())
