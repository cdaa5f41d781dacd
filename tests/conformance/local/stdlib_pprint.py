"""Pretty-printing model configs, experiment results and nested data with pprint."""
import pprint

config = {
    "model": {"name": "resnet50", "layers": [3, 4, 6, 3], "width_multiplier": 1.0,
              "activation": "relu", "dropout": None, "pretrained": True},
    "optimizer": {"type": "adamw", "lr": 0.0003, "betas": (0.9, 0.999), "weight_decay": 0.05,
                  "schedule": {"warmup_steps": 1000, "total_steps": 200000, "kind": "cosine"}},
    "data": {"train": "/datasets/imagenet/train", "val": "/datasets/imagenet/val",
             "batch_size": 256, "num_workers": 8, "augment": ["random_crop", "flip", "mixup"]},
    "devices": ["gpu:0", "gpu:1", "gpu:2", "gpu:3"],
    "seed": 1234,
}

print("== default pprint")
pprint.pprint(config)
print("== width=50")
pprint.pprint(config, width=50)
print("== width=120 (fits partly)")
pprint.pprint(config, width=120)
print("== indent=4")
pprint.pprint(config["optimizer"], indent=4, width=40)
print("== depth=1 and depth=2")
pprint.pprint(config, depth=1)
pprint.pprint(config, depth=2, width=60)
print("== pp keeps insertion order")
pprint.pp(config["data"], width=60)
pprint.pprint(config["data"], width=60, sort_dicts=False)

print("== pformat")
s = pprint.pformat(config["model"], width=40)
print(type(s).__name__, len(s.splitlines()))
print(s)
print(pprint.pformat([1, 2, 3]))

print("== lists, tuples, compact")
metrics = [round(0.5 + i * 0.0137, 4) for i in range(30)]
pprint.pprint(metrics)
pprint.pprint(metrics, compact=True)
pprint.pprint(metrics, width=40, compact=True)
pprint.pprint(tuple(range(25)), width=30)
pprint.pprint((("single",),), width=5)
pprint.pprint([[1, 2, 3], [4, 5, 6], [7, 8, 9]] * 4, width=30)
pprint.pprint([[1, 2, 3], [4, 5, 6], [7, 8, 9]] * 4, width=30, compact=True)
pprint.pprint(list(range(40)), indent=3, width=30, compact=True)

print("== nested results")
results = [
    {"trial": i, "params": {"lr": 10 ** -i, "batch": 2 ** (i + 4)},
     "scores": [round(1 / (i + 1), 3), round(1 / (i + 2), 3)], "tags": ("baseline", "v%d" % i)}
    for i in range(4)
]
pprint.pprint(results)
pprint.pprint(results, width=60, indent=2)
pprint.pprint({"empty_list": [], "empty_dict": {}, "empty_tuple": (), "empty_set": set(),
               "one": (1,), "none": None, "flag": False}, width=30)

print("== sets and frozensets")
tags = {"vision", "classification", "imagenet", "resnet", "baseline", "pytorch-port", "fp16"}
pprint.pprint(tags, width=40)
pprint.pprint(frozenset(tags), width=40)
pprint.pprint({1, 2, 3})
pprint.pprint({"ids": {5, 1, 3}, "frozen": frozenset({2, 4})})
pprint.pprint([set(range(20)), frozenset(range(10))], width=50)

print("== mixed key types")
pprint.pprint({3: "c", 1: "a", "b": 2, None: 0, 2.5: "x", (1, 2): "t"})

print("== long strings")
para = ("The quick brown fox jumps over the lazy dog. " * 4).strip()
pprint.pprint(para)
pprint.pprint(para, width=40)
pprint.pprint({"description": para, "short": "ok"}, width=60)
pprint.pprint(["line one\nline two\nline three that is a fair bit longer than the others\n"], width=40)
pprint.pprint("averyveryverylongwordwithoutanyspacesthatcannotbesplitatallreally" * 2, width=40)
pprint.pprint(("tuple with a long string inside it, long enough to be wrapped for sure",), width=40)
pprint.pprint(b"\x00\x01binary payload with quite a few bytes in it, certainly over the width", width=30)
pprint.pprint({"blob": b"0123456789abcdef0123456789abcdef"}, width=30)

print("== underscore_numbers")
pprint.pprint({"params": 25557032, "flops": 4089184256, "neg": -1234567, "small": 12, "ratio": 0.25},
              underscore_numbers=True)
pprint.pprint([10 ** 12, 10 ** 6, 999], underscore_numbers=True, width=20)

print("== recursion")
loop = [1, 2]
loop.append(loop)
text = pprint.pformat(loop)
print(text.startswith("[1, 2, <Recursion on list with id="), text.endswith(">]"))
d = {"name": "node"}
d["self"] = d
text = pprint.saferepr(d)
print(text.startswith("{'name': 'node', 'self': <Recursion on dict with id="))
print(pprint.isrecursive(loop), pprint.isrecursive([1, [2]]), pprint.isreadable(loop))
shared = [1, 2]
print(pprint.isrecursive([shared, shared]), pprint.pformat([shared, shared]))

graph = {"nodes": ["input", "conv1", "relu1", "conv2", "relu2", "pool", "fc", "softmax"], "edges": []}
graph["edges"].append(graph)
graph["parent"] = graph
text = pprint.pformat(graph, width=40)
print(text.replace(str(id(graph)), "ID"))
pprint.pprint(pprint.isrecursive(graph))

print("== saferepr / isreadable")
print(pprint.saferepr({"b": [1, 2], "a": (3,)}))
print(pprint.isreadable({"a": [1, 2.5, "x", None, True]}))
class Layer:
    def __repr__(self):
        return "<Layer dense>"
class Shape:
    def __init__(self, *dims):
        self.dims = dims
    def __repr__(self):
        return "Shape(%s)" % ", ".join(map(str, self.dims))
print(pprint.isreadable([Layer()]), pprint.isreadable(Shape(1, 2)))
print(pprint.saferepr([Layer(), Shape(3, 224, 224)]))
pprint.pprint({"layers": [Layer()] * 6, "input": Shape(1, 3, 224, 224)}, width=40)

print("== PrettyPrinter objects")
printer = pprint.PrettyPrinter(indent=2, width=50, depth=3)
printer.pprint(config["optimizer"])
print(printer.pformat({"a": {"b": {"c": {"d": 1}}}}))
print(printer.isreadable({"a": 1}), printer.isrecursive({"a": 1}), printer.isreadable(loop), printer.isrecursive(loop))
print(pprint.PrettyPrinter(width=20).pformat(list("abcdefghij")))
class Collector:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
out = Collector()
pprint.pprint({"x": 1, "y": [1, 2]}, stream=out)
print(repr("".join(out.parts)))
pprint.PrettyPrinter(stream=out, width=10).pprint(["abc", "def"])
print(repr("".join(out.parts)))
for bad in ({"indent": -1}, {"depth": 0}, {"width": 0}):
    try:
        pprint.PrettyPrinter(**bad)
    except ValueError as e:
        print("ValueError:", e)
