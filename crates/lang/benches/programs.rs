//! The benchmark programs, shared by `interp.rs` (criterion) and `compare_cpython.sh`
//! (which extracts them to run under python3). Each one prints a checksum so a wrong
//! answer is visible.

/// `(name, program)` pairs.
pub const PROGRAMS: &[(&str, &str)] = &[
    (
        "loops",
        "total = 0\nfor i in range(300000):\n    if i % 3 == 0:\n        total += i\n    else:\n        total -= 1\nprint(total)\n",
    ),
    (
        "calls",
        "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nprint(fib(22))\n",
    ),
    (
        "attributes",
        "class P:\n    def __init__(self, x):\n        self.x = x\n    def step(self):\n        self.x = self.x + 1\n        return self.x\np = P(0)\nfor _ in range(100000):\n    p.step()\nprint(p.x)\n",
    ),
    (
        "strings",
        "parts = []\nfor i in range(50000):\n    parts.append(str(i) + ',')\ns = ''.join(parts)\nprint(len(s), s.count('9'))\n",
    ),
    (
        "containers",
        "d = {}\nfor i in range(50000):\n    d[i % 1000] = d.get(i % 1000, 0) + i\nxs = sorted(d.values(), reverse=True)\nprint(xs[:3], sum(x * 2 for x in xs))\n",
    ),
];
