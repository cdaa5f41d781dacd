import inspect
import functools

def train(model, data, epochs: int = 10, *callbacks, verbose=True, lr: float = 1e-3, **kwargs) -> dict:
    """Train a model.

    Args:
        model: the model.
    """
    history = {}
    for epoch in range(epochs):
        history[epoch] = epoch
    return history

sig = inspect.signature(train)
print(sig)
print(repr(sig))
for name, p in sig.parameters.items():
    print(name, p.kind, p.kind.description, p.default is inspect.Parameter.empty, repr(p))
print(sig.return_annotation, list(sig.parameters))
b = sig.bind(1, 2, 3, 4, verbose=False, extra=5)
print(b, b.args, b.kwargs)
b.apply_defaults()
print(b.arguments)
try:
    sig.bind()
except TypeError as e:
    print("TypeError:", e)
print(inspect.getdoc(train))
print(inspect.getsource(train))
class Model:
    """A model."""
    def __init__(self, units, activation=None):
        self.units = units
    def call(self, x, training=False):
        return x
    @staticmethod
    def create(): return Model(1)
    @property
    def size(self): return 1
print(inspect.signature(Model), inspect.signature(Model(1).call), inspect.signature(Model.call))
print(inspect.isclass(Model), inspect.isfunction(train), inspect.ismethod(Model(1).call), inspect.isfunction(Model.call), inspect.isbuiltin(len), inspect.isroutine(len))
print([n for n, _ in inspect.getmembers(Model, inspect.isfunction)])
def gen():
    yield 1
print(inspect.isgeneratorfunction(gen), inspect.isgenerator(gen()), inspect.isgeneratorfunction(train))
@functools.wraps(train)
def wrapper(*a, **k):
    return train(*a, **k)
print(inspect.signature(wrapper), inspect.unwrap(wrapper) is train)
print(inspect.getsource(Model.call), end="")
print(inspect.getsource(Model))
print(inspect.getfullargspec(train))
print(inspect.cleandoc("""
    Hello
      indented
    done
"""))
def pos(a, b, /, c, *, d): pass
print(inspect.signature(pos), inspect.signature(lambda x, y=2: x))
print(inspect.Parameter("x", inspect.Parameter.KEYWORD_ONLY, default=3))
s2 = inspect.Signature([inspect.Parameter("a", inspect.Parameter.POSITIONAL_OR_KEYWORD)])
print(s2, s2 == inspect.signature(lambda a: a), inspect.getmodule(train).__name__)
