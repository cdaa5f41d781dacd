import numpy as np, os
a = np.arange(6, dtype=np.float32).reshape(2, 3)
np.save("a.npy", a)
np.save("b", np.array([True, False]))
print(sorted(f for f in os.listdir(".") if f.endswith(".npy")), os.path.getsize("a.npy"))
with open("a.npy", "rb") as f:
    raw = f.read()
print(raw[:80])
print(np.load("a.npy"), np.load("b.npy"))
np.savez("data.npz", a, labels=np.array([1, 2, 3], dtype=np.int64))
d = np.load("data.npz")
print(d.files, d["arr_0"], d["labels"], "labels" in d)
with np.load("data.npz") as data:
    for k in data:
        print(k, data[k].dtype, data[k].shape)
print(np.frombuffer(a.tobytes(), dtype=np.float32), np.float16(1.5).tobytes(), np.array([1, 2], np.int16).tobytes())
print(np.frombuffer(b"\x01\x02\x03\x04", dtype=np.uint8))
try:
    np.load("missing.npy")
except FileNotFoundError as e:
    print("FileNotFoundError", e)
