import heapq

# Basic push/pop as a priority queue
h = []
for x in [5, 1, 8, 3, 2, 9, 7, 4, 6, 0]:
    heapq.heappush(h, x)
    print("push", x, h)
print("sorted via pops:", [heapq.heappop(h) for _ in range(len(h))])

# heapify keeps CPython's exact layout
data = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 11, 13]
heapq.heapify(data)
print("heapify:", data)
print("pop:", heapq.heappop(data), data)
print("replace:", heapq.heapreplace(data, 10), data)
print("pushpop small:", heapq.heappushpop(data, -1), data)
print("pushpop big:", heapq.heappushpop(data, 12), data)
print("pushpop empty:", heapq.heappushpop([], 3))

# Tuples as (priority, task)
tasks = []
heapq.heappush(tasks, (2, "write code"))
heapq.heappush(tasks, (1, "write spec"))
heapq.heappush(tasks, (3, "release"))
heapq.heappush(tasks, (1, "create tests"))
while tasks:
    prio, name = heapq.heappop(tasks)
    print(prio, name)

# nlargest / nsmallest, with and without key, ties keep input order
nums = [1, 8, 2, 23, 7, -4, 18, 23, 42, 37, 2]
print(heapq.nlargest(3, nums), heapq.nsmallest(3, nums))
print(heapq.nlargest(1, nums), heapq.nsmallest(1, nums), heapq.nlargest(0, nums))
print(heapq.nlargest(20, nums))
print(heapq.nsmallest(4, iter(nums)))
print(heapq.nsmallest(2, []), heapq.nlargest(1, []))
portfolio = [
    {"name": "IBM", "shares": 100, "price": 91.1},
    {"name": "AAPL", "shares": 50, "price": 543.22},
    {"name": "FB", "shares": 200, "price": 21.09},
    {"name": "HPQ", "shares": 35, "price": 31.75},
    {"name": "YHOO", "shares": 45, "price": 16.35},
    {"name": "ACME", "shares": 75, "price": 115.65},
]
print([s["name"] for s in heapq.nsmallest(3, portfolio, key=lambda s: s["price"])])
print([s["name"] for s in heapq.nlargest(3, portfolio, key=lambda s: s["price"])])
words = ["pear", "fig", "apple", "kiwi", "plum", "banana", "date"]
print(heapq.nlargest(3, words, key=len), heapq.nsmallest(3, words, key=len))
print(heapq.nlargest(4, words, key=len), heapq.nsmallest(5, words, key=len))

# merge
print(list(heapq.merge([1, 3, 5, 7], [0, 2, 4, 8], [5, 10, 15, 20], [], [25])))
print(list(heapq.merge([5, 3, 1], [6, 4, 2], reverse=True)))
print(list(heapq.merge(["a", "bb", "ccc"], ["dd", "e"], key=len)))
print(list(heapq.merge(["dog", "horse"], ["cat", "fish", "kangaroo"], key=len)))
print(list(heapq.merge()))
m = heapq.merge([1, 2], [1.0, 2.0])
print(next(m), next(m), list(m))

# A larger deterministic workload
vals = [(i * 7919) % 101 for i in range(60)]
heap = []
for v in vals:
    heapq.heappush(heap, v)
print(heap[:20])
out = []
while heap:
    out.append(heapq.heappop(heap))
print(out == sorted(vals))
h2 = list(vals)
heapq.heapify(h2)
print(h2[:20])

# Errors
for fn, args in [(heapq.heappop, ([],)), (heapq.heapreplace, ([], 1)),
                 (heapq.heappush, (None, 1)), (heapq.heapify, ((3, 1),)),
                 (heapq.heappush, ([1], "a"))]:
    try:
        fn(*args)
    except Exception as e:
        print(type(e).__name__, e)
