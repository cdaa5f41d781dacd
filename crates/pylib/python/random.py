"""Pseudo-random numbers: a pure-Python random module.

The generator is the Mersenne Twister (MT19937), and every seeded stream is meant to
be bit-for-bit the one CPython 3.11 produces: ``seed(n)`` for an int feeds the 32-bit
words of ``abs(n)`` to the twister's array initialisation, ``seed(s)`` for str/bytes
(version 2) turns ``s`` followed by its SHA-512 digest into an int first (SHA-512 is
implemented below, in Python), floats are seeded through ``hash()``.  ``random()``
builds a 53-bit float from two 32-bit outputs, and the integer functions draw just
enough bits with ``getrandbits`` and reject values that are out of range.

Unseeded use: this playground has no entropy source.  ``seed()``/``seed(None)`` (and
so the module's hidden generator at import time, and ``Random()``) seed from
``time.time_ns()`` when the ``time`` module can be imported, and otherwise from the
fixed constant ``_FALLBACK_SEED`` -- in that case unseeded streams repeat from run to
run.  Call ``seed(...)`` yourself for reproducible results.

Module-level functions are bound methods of one hidden ``Random`` instance.
"""

from math import log as _log, exp as _exp, pi as _pi, e as _e, ceil as _ceil
from math import sqrt as _sqrt, acos as _acos, cos as _cos, sin as _sin
from math import floor as _floor, isfinite as _isfinite

__all__ = ["Random", "seed", "random", "uniform", "randint", "choice", "sample",
           "randrange", "shuffle", "normalvariate", "lognormvariate",
           "expovariate", "vonmisesvariate", "gammavariate", "triangular",
           "gauss", "betavariate", "paretovariate", "weibullvariate",
           "getstate", "setstate", "getrandbits", "choices", "randbytes"]

NV_MAGICCONST = 4 * _exp(-0.5) / _sqrt(2.0)
TWOPI = 2.0 * _pi
LOG4 = _log(4.0)
SG_MAGICCONST = 1.0 + _log(4.5)
BPF = 53            # bits in a float's mantissa
RECIP_BPF = 2 ** -BPF

_FALLBACK_SEED = 20240229

_MASK32 = 0xFFFFFFFF
_MASK64 = 0xFFFFFFFFFFFFFFFF
_N = 624
_M = 397


# ---------------------------------------------------------------------------
# Small helpers (kept local so the module needs nothing beyond math)

def _bytes_to_int(data):
    """Big-endian unsigned integer from a bytes-like object."""
    value = 0
    for byte in data:
        value = (value << 8) | byte
    return value


def _words32(n):
    """The 32-bit words of a non-negative int, least significant first ([0] for 0)."""
    words = []
    while n:
        words.append(n & _MASK32)
        n >>= 32
    return words or [0]


def _is_bytes_like(obj):
    if isinstance(obj, bytes):
        return True
    try:
        return isinstance(obj, bytearray)
    except NameError:       # an interpreter without bytearray
        return False


# ---------------------------------------------------------------------------
# SHA-512 (FIPS 180-4), used only to turn str/bytes seeds into integers.

def _sha512_constants():
    # The first 64 bits of the fractional parts of the cube roots of the first 80
    # primes (round constants) and the square roots of the first 8 (initial hash).
    primes = []
    candidate = 2
    while len(primes) < 80:
        if all(candidate % p for p in primes if p * p <= candidate):
            primes.append(candidate)
        candidate += 1

    def frac_root(n, k):
        # floor(2**64 * frac(n ** (1/k))) computed exactly with integers.
        scaled = n << (64 * k)
        lo, hi = 0, 1 << (64 + 8)
        while lo < hi:              # largest r with r**k <= scaled
            mid = (lo + hi + 1) // 2
            if mid ** k <= scaled:
                lo = mid
            else:
                hi = mid - 1
        return lo & _MASK64

    rounds = [frac_root(p, 3) for p in primes]
    initial = [frac_root(p, 2) for p in primes[:8]]
    return rounds, initial


_SHA512_K = None
_SHA512_H = None


def _sha512(message):
    """SHA-512 digest (64 bytes) of a bytes object."""
    global _SHA512_K, _SHA512_H
    if _SHA512_K is None:
        _SHA512_K, _SHA512_H = _sha512_constants()
    k = _SHA512_K

    def rotr(x, n):
        return ((x >> n) | (x << (64 - n))) & _MASK64

    data = list(message)
    bit_length = len(data) * 8
    data.append(0x80)
    while len(data) % 128 != 112:
        data.append(0)
    for shift in range(120, -1, -8):
        data.append((bit_length >> shift) & 0xFF)

    h = list(_SHA512_H)
    for start in range(0, len(data), 128):
        w = []
        for i in range(16):
            word = 0
            for byte in data[start + 8 * i:start + 8 * i + 8]:
                word = (word << 8) | byte
            w.append(word)
        for i in range(16, 80):
            x, y = w[i - 15], w[i - 2]
            s0 = rotr(x, 1) ^ rotr(x, 8) ^ (x >> 7)
            s1 = rotr(y, 19) ^ rotr(y, 61) ^ (y >> 6)
            w.append((w[i - 16] + s0 + w[i - 7] + s1) & _MASK64)
        a, b, c, d, e, f, g, hh = h
        for i in range(80):
            big_s1 = rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41)
            choose = (e & f) ^ (~e & g)
            t1 = (hh + big_s1 + choose + k[i] + w[i]) & _MASK64
            big_s0 = rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39)
            majority = (a & b) ^ (a & c) ^ (b & c)
            t2 = (big_s0 + majority) & _MASK64
            a, b, c, d, e, f, g, hh = (t1 + t2) & _MASK64, a, b, c, (d + t1) & _MASK64, e, f, g
        h = [(x + y) & _MASK64 for x, y in zip(h, (a, b, c, d, e, f, g, hh))]

    digest = []
    for word in h:
        for shift in range(56, -1, -8):
            digest.append((word >> shift) & 0xFF)
    return bytes(digest)


# ---------------------------------------------------------------------------
# The generator

class Random:
    """Random number generator base class used by bound module functions.

    A Mersenne Twister whose seeded output matches CPython's ``random.Random``.
    Subclasses that override ``random()`` but not ``getrandbits()`` get integer
    methods built on ``random()`` alone, as in CPython.
    """

    VERSION = 3     # used by getstate/setstate

    def __init__(self, x=None):
        self._mt = [0] * _N
        self._index = _N
        self.seed(x)
        self.gauss_next = None

    def __init_subclass__(cls):
        for klass in cls.__mro__:
            if klass is Random:
                break
            if "_randbelow" in klass.__dict__:
                return      # an explicit _randbelow wins
            if "getrandbits" in klass.__dict__:
                cls._randbelow = cls._randbelow_with_getrandbits
                return
            if "random" in klass.__dict__:
                cls._randbelow = cls._randbelow_without_getrandbits
                return

    # -- the Mersenne Twister core ---------------------------------------

    def _init_genrand(self, s):
        mt = self._mt
        mt[0] = s & _MASK32
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK32
        self._index = _N

    def _init_by_array(self, key):
        self._init_genrand(19650218)
        mt = self._mt
        i, j = 1, 0
        length = len(key)
        for _ in range(max(_N, length)):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & _MASK32
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= length:
                j = 0
        for _ in range(_N - 1):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK32
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000     # the most significant bit is set: a non-zero state

    def _twist(self):
        mt = self._mt
        for i in range(_N):
            y = (mt[i] & 0x80000000) | (mt[(i + 1) % _N] & 0x7FFFFFFF)
            value = mt[(i + _M) % _N] ^ (y >> 1)
            if y & 1:
                value ^= 0x9908B0DF
            mt[i] = value
        self._index = 0

    def _genrand32(self):
        """The next 32-bit output of the twister."""
        if self._index >= _N:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y

    # -- seeding and state -----------------------------------------------

    def seed(self, a=None, version=2):
        """Initialize internal state from a seed.

        None uses time.time_ns() (or a fixed constant when ``time`` cannot be
        imported; see the module docstring).  For version 2 (the default),
        str, bytes and bytearray seeds are converted to an int through SHA-512;
        version 1 uses the older hashing of str/bytes seeds.
        """
        if version == 1 and isinstance(a, (str, bytes)):
            # bytes are read as Latin-1: one character per byte value.
            text = "".join(map(chr, a)) if isinstance(a, bytes) else a
            x = ord(text[0]) << 7 if text else 0
            for ch in text:
                x = ((1000003 * x) ^ ord(ch)) & _MASK64
            x ^= len(text)
            a = -2 if x == -1 else x
        elif version == 2 and (isinstance(a, str) or _is_bytes_like(a)):
            data = a.encode() if isinstance(a, str) else bytes(a)
            a = _bytes_to_int(data + _sha512(data))
        elif not (a is None or isinstance(a, (int, float, str)) or _is_bytes_like(a)):
            raise TypeError("The only supported seed types are: None,\n"
                            "int, float, str, bytes, and bytearray.")

        if a is None:
            try:
                import time
                a = time.time_ns()
            except ImportError:
                a = _FALLBACK_SEED
        elif not isinstance(a, int):
            a = hash(a)
        self._init_by_array(_words32(abs(a)))
        self.gauss_next = None

    def getstate(self):
        return self.VERSION, tuple(self._mt) + (self._index,), self.gauss_next

    def setstate(self, state):
        version = state[0]
        if version == 3 or version == 2:
            version, internalstate, self.gauss_next = state
        else:
            raise ValueError("state with version %s passed to "
                             "Random.setstate() of version %s" % (version, self.VERSION))
        if not isinstance(internalstate, tuple):
            raise TypeError("state vector must be a tuple")
        if len(internalstate) != _N + 1:
            raise ValueError("state vector is the wrong size")
        words = []
        for element in internalstate:
            if not isinstance(element, int):
                raise TypeError("an integer is required")
            words.append(element)
        index = words.pop()
        if index < 0 or index > _N:
            raise ValueError("invalid state")
        self._mt = [w & _MASK32 for w in words]
        self._index = index

    # -- basic outputs ---------------------------------------------------

    def random(self):
        a = self._genrand32() >> 5
        b = self._genrand32() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k):
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        if k <= 32:
            return self._genrand32() >> (32 - k)
        result = 0
        shift = 0
        while k > 0:
            word = self._genrand32()
            if k < 32:
                word >>= 32 - k
            result |= word << shift
            shift += 32
            k -= 32
        return result

    def randbytes(self, n):
        value = self.getrandbits(n * 8)
        return bytes((value >> (8 * i)) & 0xFF for i in range(n))

    # -- integers --------------------------------------------------------

    def _randbelow_with_getrandbits(self, n):
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def _randbelow_without_getrandbits(self, n, maxsize=1 << BPF):
        """Return a random int in [0, n) using only random()."""
        if n >= maxsize:
            return _floor(self.random() * n)
        rem = maxsize % n
        limit = (maxsize - rem) / maxsize
        r = self.random()
        while r >= limit:
            r = self.random()
        return _floor(r * maxsize) % n

    _randbelow = _randbelow_with_getrandbits

    def randrange(self, start, stop=None, step=1):
        """Choose a random item from range(start, stop[, step]).

        This fixes the problem with randint() which includes the
        endpoint; in Python this is usually not what you want.
        """
        istart = _as_int(start, "non-integer arg 1 for randrange()")
        if stop is None:
            if step != 1 or not isinstance(step, int):
                raise TypeError("Missing a non-None stop argument")
            if istart > 0:
                return self._randbelow(istart)
            raise ValueError("empty range for randrange()")

        istop = _as_int(stop, "non-integer stop for randrange()")
        width = istop - istart
        istep = _as_int(step, "non-integer step for randrange()")
        if istep == 1:
            if width > 0:
                return istart + self._randbelow(width)
            raise ValueError("empty range for randrange() (%d, %d, %d)"
                             % (istart, istop, width))

        if istep > 0:
            n = (width + istep - 1) // istep
        elif istep < 0:
            n = (width + istep + 1) // istep
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return istart + istep * self._randbelow(n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    # -- sequences -------------------------------------------------------

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        randbelow = self._randbelow
        for i in range(len(x) - 1, 0, -1):
            j = randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, *, counts=None):
        """Chooses k unique random elements from a population sequence.

        Returns a new list containing elements from the population while
        leaving the original population unchanged.  With ``counts``, each
        element is repeated that many times in the population.
        """
        if not _is_sequence(population):
            raise TypeError("Population must be a sequence.  "
                            "For dicts or sets, use sorted(d).")
        n = len(population)
        if counts is not None:
            cum_counts = []
            total = 0
            for count in counts:
                total += count
                cum_counts.append(total)
            if len(cum_counts) != n:
                raise ValueError("The number of counts does not match the population")
            if not isinstance(total, int):
                raise TypeError("Counts must be integers")
            if total <= 0:
                raise ValueError("Total of counts must be greater than zero")
            cum_counts.pop()
            selections = self.sample(range(total), k=k)
            return [population[_bisect_right(cum_counts, s, 0, len(cum_counts))]
                    for s in selections]

        randbelow = self._randbelow
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        result = [None] * k
        setsize = 21        # size of a small set minus size of an empty list
        if k > 5:
            setsize += 4 ** _ceil(_log(k * 3, 4))
        if n <= setsize:
            # A pool of the remaining candidates; the chosen slot is refilled from the end.
            pool = list(population)
            for i in range(k):
                j = randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            # Few picks from a large population: remember the indices already taken.
            selected = set()
            for i in range(k):
                j = randbelow(n)
                while j in selected:
                    j = randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        random = self.random
        n = len(population)
        if cum_weights is None:
            if weights is None:
                nf = n + 0.0
                return [population[_floor(random() * nf)] for _ in range(k)]
            if isinstance(weights, int):
                raise TypeError(f"The number of choices must be a keyword argument: k={weights}")
            cum_weights = []
            total = 0
            for w in weights:
                total = total + w
                cum_weights.append(total)
        elif weights is not None:
            raise TypeError("Cannot specify both weights and cumulative weights")
        if len(cum_weights) != n:
            raise ValueError("The number of weights does not match the population")
        total = cum_weights[-1] + 0.0
        if total <= 0.0:
            raise ValueError("Total of weights must be greater than zero")
        if not _isfinite(total):
            raise ValueError("Total of weights must be finite")
        hi = n - 1
        return [population[_bisect_right(cum_weights, random() * total, 0, hi)]
                for _ in range(k)]

    # -- real-valued distributions ----------------------------------------

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def triangular(self, low=0.0, high=1.0, mode=None):
        """Triangular distribution: continuous between low and high, peak at mode."""
        u = self.random()
        try:
            c = 0.5 if mode is None else (mode - low) / (high - low)
        except ZeroDivisionError:
            return low
        if u > c:
            u = 1.0 - u
            c = 1.0 - c
            low, high = high, low
        return low + (high - low) * _sqrt(u * c)

    def normalvariate(self, mu=0.0, sigma=1.0):
        """Normal distribution (Kinderman and Monahan's ratio method)."""
        random = self.random
        while True:
            u1 = random()
            u2 = 1.0 - random()
            z = NV_MAGICCONST * (u1 - 0.5) / u2
            if z * z / 4.0 <= -_log(u2):
                break
        return mu + z * sigma

    def gauss(self, mu=0.0, sigma=1.0):
        """Gaussian distribution (Box-Muller; values are produced in pairs).

        Not thread-safe without a lock, like CPython's.
        """
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            angle = self.random() * TWOPI
            radius = _sqrt(-2.0 * _log(1.0 - self.random()))
            z = _cos(angle) * radius
            self.gauss_next = _sin(angle) * radius
        return mu + z * sigma

    def lognormvariate(self, mu, sigma):
        """Log normal distribution: its natural log is normal(mu, sigma)."""
        return _exp(self.normalvariate(mu, sigma))

    def expovariate(self, lambd):
        """Exponential distribution with rate lambd (1.0 / desired mean)."""
        return -_log(1.0 - self.random()) / lambd

    def vonmisesvariate(self, mu, kappa):
        """Circular data distribution with mean angle mu and concentration kappa."""
        random = self.random
        if kappa <= 1e-6:
            return TWOPI * random()
        s = 0.5 / kappa
        r = s + _sqrt(1.0 + s * s)
        while True:
            u1 = random()
            z = _cos(_pi * u1)
            d = z / (r + z)
            u2 = random()
            if u2 < 1.0 - d * d or u2 <= (1.0 - d) * _exp(d):
                break
        q = 1.0 / r
        f = (q + z) / (1.0 + q * z)
        if random() > 0.5:
            return (mu + _acos(f)) % TWOPI
        return (mu - _acos(f)) % TWOPI

    def gammavariate(self, alpha, beta):
        """Gamma distribution (not the gamma function); alpha > 0, beta > 0."""
        if alpha <= 0.0 or beta <= 0.0:
            raise ValueError("gammavariate: alpha and beta must be > 0.0")
        random = self.random
        if alpha > 1.0:
            # Cheng's rejection algorithm GB.
            ainv = _sqrt(2.0 * alpha - 1.0)
            bbb = alpha - LOG4
            ccc = alpha + ainv
            while True:
                u1 = random()
                if not 1e-7 < u1 < 0.9999999:
                    continue
                u2 = 1.0 - random()
                v = _log(u1 / (1.0 - u1)) / ainv
                x = alpha * _exp(v)
                z = u1 * u1 * u2
                r = bbb + ccc * v - x
                if r + SG_MAGICCONST - 4.5 * z >= 0.0 or r >= _log(z):
                    return x * beta
        if alpha == 1.0:
            return -_log(1.0 - random()) * beta
        # alpha < 1: the ALGORITHM GS of Statistical Computing (Kennedy & Gentle).
        while True:
            u = random()
            b = (_e + alpha) / _e
            p = b * u
            if p <= 1.0:
                x = p ** (1.0 / alpha)
            else:
                x = -_log((b - p) / alpha)
            u1 = random()
            if p > 1.0:
                if u1 <= x ** (alpha - 1.0):
                    break
            elif u1 <= _exp(-x):
                break
        return x * beta

    def betavariate(self, alpha, beta):
        """Beta distribution; alpha > 0, beta > 0.  Returns values in [0, 1]."""
        y = self.gammavariate(alpha, 1.0)
        if y:
            return y / (y + self.gammavariate(beta, 1.0))
        return 0.0

    def paretovariate(self, alpha):
        u = 1.0 - self.random()
        return u ** (-1.0 / alpha)

    def weibullvariate(self, alpha, beta):
        u = 1.0 - self.random()
        return alpha * (-_log(u)) ** (1.0 / beta)


def _as_int(value, message):
    """An int from an int-like randrange argument (integral floats are accepted)."""
    if isinstance(value, int):
        return int(value)
    if hasattr(type(value), "__index__"):
        return type(value).__index__(value)
    as_int = int(value)
    if as_int != value:
        raise ValueError(message)
    return as_int


def _is_sequence(obj):
    """Roughly isinstance(obj, collections.abc.Sequence), without the import."""
    if isinstance(obj, (list, tuple, str, range, bytes)):
        return True
    if isinstance(obj, (set, frozenset, dict)):
        return False
    return hasattr(obj, "__getitem__") and hasattr(obj, "__len__")


def _bisect_right(a, x, lo, hi):
    while lo < hi:
        mid = (lo + hi) // 2
        if x < a[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


# ---------------------------------------------------------------------------
# The hidden instance and the module-level functions bound to it

_inst = Random()
seed = _inst.seed
random = _inst.random
uniform = _inst.uniform
triangular = _inst.triangular
randint = _inst.randint
choice = _inst.choice
randrange = _inst.randrange
sample = _inst.sample
shuffle = _inst.shuffle
choices = _inst.choices
normalvariate = _inst.normalvariate
lognormvariate = _inst.lognormvariate
expovariate = _inst.expovariate
vonmisesvariate = _inst.vonmisesvariate
gammavariate = _inst.gammavariate
gauss = _inst.gauss
betavariate = _inst.betavariate
paretovariate = _inst.paretovariate
weibullvariate = _inst.weibullvariate
getstate = _inst.getstate
setstate = _inst.setstate
getrandbits = _inst.getrandbits
randbytes = _inst.randbytes
