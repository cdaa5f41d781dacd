"""`keras.applications`: see `keras.src.applications`."""

from keras.applications import (  # noqa: F401
    efficientnet, imagenet_utils, inception_v3, mobilenet, mobilenet_v2, resnet, resnet50, resnet_v2, vgg16, vgg19,
)
from keras.src.applications.efficientnet import (  # noqa: F401
    EfficientNetB0, EfficientNetB1, EfficientNetB2, EfficientNetB3, EfficientNetB4,
    EfficientNetB5, EfficientNetB6, EfficientNetB7,
)
from keras.src.applications.inception_v3 import InceptionV3  # noqa: F401
from keras.src.applications.mobilenet import MobileNet  # noqa: F401
from keras.src.applications.mobilenet_v2 import MobileNetV2  # noqa: F401
from keras.src.applications.resnet import (  # noqa: F401
    ResNet50, ResNet50V2, ResNet101, ResNet101V2, ResNet152, ResNet152V2,
)
from keras.src.applications.vgg import VGG16, VGG19  # noqa: F401
