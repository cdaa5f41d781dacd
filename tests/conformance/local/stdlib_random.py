import random

# Seeded streams: the same seed gives CPython's exact numbers.
for s in [0, 1, 42, -42, 12345678901234567890123, 2**32, 2**32 - 1]:
    random.seed(s)
    print(s, [random.random() for _ in range(3)])

random.seed(2024)
print("getrandbits", [random.getrandbits(k) for k in (0, 1, 5, 31, 32, 33, 64, 100)])
print("randrange", [random.randrange(10) for _ in range(10)])
print("randrange step", [random.randrange(0, 100, 7) for _ in range(5)],
      [random.randrange(50, 0, -3) for _ in range(5)])
print("randint", [random.randint(1, 6) for _ in range(12)])
print("big randrange", random.randrange(10**30), random.randint(-2**70, 2**70))
print("choice", [random.choice("abcdefg") for _ in range(8)], random.choice([(1, 2), (3, 4)]))

deck = list(range(20))
random.shuffle(deck)
print("shuffle", deck)
print("sample small", random.sample(range(10), 4), random.sample("python", 6))
print("sample large", random.sample(range(10000), 8), random.sample(range(100), 30))
print("sample counts", random.sample(["red", "blue"], counts=[4, 2], k=5))
print("choices", random.choices("abc", k=6))
print("choices weights", random.choices(["x", "y", "z"], [10, 1, 5], k=8))
print("choices cum", random.choices(["x", "y", "z"], cum_weights=[1, 2, 10], k=8))
print("choices float weights", random.choices(range(4), weights=[0.1, 0.2, 0.3, 0.4], k=5))

random.seed(7)
print("uniform", [random.uniform(-1, 1) for _ in range(3)], random.uniform(5, 5))
print("triangular", random.triangular(), random.triangular(0, 10, 8), random.triangular(3, 3))
print("gauss", [random.gauss() for _ in range(3)], random.gauss(100, 15))
print("normalvariate", [random.normalvariate(0, 1) for _ in range(3)], random.normalvariate())
print("expovariate", [random.expovariate(1.5) for _ in range(3)])
print("gammavariate", random.gammavariate(0.5, 1.0), random.gammavariate(1.0, 2.0),
      random.gammavariate(3.0, 2.0))
print("betavariate", random.betavariate(2.0, 5.0), random.betavariate(0.5, 0.5))
print("lognorm", random.lognormvariate(0, 0.5), "pareto", random.paretovariate(3),
      "weibull", random.weibullvariate(1, 1.5))
print("vonmises", random.vonmisesvariate(1.0, 4.0), random.vonmisesvariate(0.0, 0.0))
print("randbytes", random.randbytes(6))

# String and bytes seeds (version 2 hashes them with SHA-512).
for s in ["", "hello", "héllo wörld", b"bytes seed", "x" * 200]:
    random.seed(s)
    print(repr(s)[:30], random.random(), random.randrange(1000))
random.seed("hello", version=1)
print("version 1", random.random())
random.seed(3.75)
print("float seed", random.random())
random.seed(True)
print("bool seed", random.random())

# getstate / setstate replay the same stream.
random.seed(99)
state = random.getstate()
first = [random.random() for _ in range(3)]
g1 = random.gauss()
random.setstate(state)
print("replay equal:", first == [random.random() for _ in range(3)], g1 == random.gauss())
print("state shape:", state[0], len(state[1]), state[1][-1], state[2])

# Independent generators.
r1 = random.Random(5)
r2 = random.Random(5)
print("instances:", r1.random() == r2.random(), r1.randint(1, 100), r2.randint(1, 100))
r3 = random.Random("seed me")
print("Random(str):", r3.random(), r3.choice(range(1000)))
print("long stream:", sum(random.Random(1).getrandbits(32) for _ in range(1500)))


class Fixed(random.Random):
    """A subclass with its own random(): integer methods use random() alone."""

    def __init__(self):
        super().__init__(0)
        self.values = [0.1, 0.5, 0.9, 0.999, 0.0]

    def random(self):
        self.values.append(self.values.pop(0))
        return self.values[-1]


f = Fixed()
print("subclass:", [f.randrange(10) for _ in range(5)], f.choice("abcde"), f.uniform(0, 10))

unseeded = random.Random()
print("unseeded gives floats:", type(unseeded.random()).__name__, 0 <= unseeded.random() < 1)

# Misuse: CPython's error messages.
tries = [
    lambda: random.randrange(0),
    lambda: random.randrange(5, 2),
    lambda: random.randrange(0, 10, 0),
    lambda: random.randrange(5, 2, 2),
    lambda: random.randrange(1.5),
    lambda: random.randrange(1, 2.5),
    lambda: random.randrange(3, step=2),
    lambda: random.randint(5, 1),
    lambda: random.choice([]),
    lambda: random.sample([1, 2], 3),
    lambda: random.sample({1, 2}, 1),
    lambda: random.sample([1, 2], 1, counts=[1]),
    lambda: random.sample([1, 2], 1, counts=[0, 0]),
    lambda: random.choices([1, 2], [1]),
    lambda: random.choices([1, 2], [1, 2], cum_weights=[1, 2]),
    lambda: random.choices([1, 2], [0, 0]),
    lambda: random.choices([1, 2], 3),
    lambda: random.seed([1]),
    lambda: random.getrandbits(-1),
    lambda: random.gammavariate(0, 1),
    lambda: random.setstate((9, (), None)),
    lambda: random.setstate((3, (1, 2), None)),
    lambda: random.shuffle((1, 2)),
]
for t in tries:
    try:
        t()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)
