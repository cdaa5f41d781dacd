import threading
import time

results = []
names = []
lock = threading.Lock()

def worker(n, out):
    with lock:
        out.append(n * n)
    names.append(threading.current_thread().name)

threads = [threading.Thread(target=worker, args=(i, results)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results), threading.active_count(), threading.current_thread().name, threading.main_thread() is threading.current_thread())
print([t.is_alive() for t in threads], threads[0].name, threads[0].daemon)
e = threading.Event()
print(e.is_set(), e.wait(0.01))
e.set()
print(e.wait(), e.is_set())
r = threading.RLock()
with r:
    with r:
        print("reentrant ok")
l = threading.Lock()
print(l.acquire(), l.acquire(False), l.locked())
l.release()
class Counter(threading.Thread):
    def __init__(self):
        super().__init__(name="counter")
        self.total = 0
    def run(self):
        for i in range(5):
            self.total += i
c = Counter()
c.start(); c.join()
print(c.total, c.name)
s = threading.Semaphore(2)
print(s.acquire(), s.acquire(), s.acquire(blocking=False))
data = threading.local()
data.x = 5
print(data.x)
print(sorted(names))
