import importlib
import itertools

json = importlib.import_module("json")
print(json.dumps([1, 2]))
print(importlib.import_module("itertools") is itertools)
heap = __import__("heapq")
print(heap.nsmallest(1, [3, 1]))
for bad in ["no_such_module", ".json"]:
    try:
        importlib.import_module(bad)
    except (ImportError, TypeError) as e:
        print(type(e).__name__, e)
try:
    __import__("")
except ValueError as e:
    print("ValueError", e)
