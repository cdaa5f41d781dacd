import heapq
import itertools
import operator
from bisect import insort, bisect_left
from string import Template

# A task queue, the way tutorials schedule work.
tasks = []
for priority, name in [(3, "eval"), (1, "load data"), (2, "train"), (1, "build model")]:
    heapq.heappush(tasks, (priority, name))
while tasks:
    print(heapq.heappop(tasks))

# Grouping sorted records.
records = [("gpu", 3), ("cpu", 1), ("gpu", 5), ("tpu", 8), ("cpu", 2)]
records.sort(key=operator.itemgetter(0))
for device, group in itertools.groupby(records, key=operator.itemgetter(0)):
    print(device, sum(v for _, v in group))

# Batching a stream.
def batched(iterable, n):
    it = iter(iterable)
    while True:
        chunk = list(itertools.islice(it, n))
        if not chunk:
            return
        yield chunk

print(list(batched(range(7), 3)))
print(list(itertools.accumulate([1, 2, 3, 4], operator.mul)))
print(list(itertools.product([1, 2], "ab")))
print(list(itertools.zip_longest("abc", [1], fillvalue="-")))

scores = []
for s in [0.7, 0.2, 0.9, 0.5]:
    insort(scores, s)
print(scores, bisect_left(scores, 0.6))
print(Template("$model reached $acc% on $$ budget").substitute(model="cnn", acc=91))
print(heapq.nlargest(2, records, key=operator.itemgetter(1)))
try:
    Template("$missing").substitute({})
except KeyError as e:
    print("KeyError", e)
