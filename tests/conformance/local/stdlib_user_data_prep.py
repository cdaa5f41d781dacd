import json
import random

# Make a reproducible toy dataset and a config, as a tutorial would.
random.seed(42)
samples = [{"x": round(random.uniform(-1, 1), 4), "label": random.choice(["cat", "dog"])}
           for _ in range(5)]
random.shuffle(samples)
train, test = samples[:4], samples[4:]
config = {"learning_rate": 1e-3, "epochs": 10, "layers": [64, 32, 10], "dropout": None,
          "name": "Modèl", "use_bias": True}
text = json.dumps(config, indent=2, sort_keys=True)
print(text)
print(json.dumps(config, ensure_ascii=False))
assert json.loads(text) == config
print(json.dumps(train))
print(len(test), random.randint(1, 6), random.sample(range(100), 3))
print(random.gauss(0, 1))
try:
    json.loads('{"epochs": 10,}')
except json.JSONDecodeError as e:
    print("JSONDecodeError:", e)
try:
    json.dumps({"fn": print})
except TypeError as e:
    print("TypeError:", e)
