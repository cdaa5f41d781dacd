"""``pkg_resources`` (setuptools), as Colab notebooks still import it to check versions.

It answers from the same installed set as ``importlib.metadata``.
"""

from importlib import metadata as _metadata

__all__ = ["DistributionNotFound", "VersionConflict", "Distribution", "get_distribution",
           "require", "parse_version", "working_set"]


class ResolutionError(Exception):
    """A requirement could not be met."""


class DistributionNotFound(ResolutionError):
    """A requested distribution is not installed."""

    def __init__(self, req, requirers=None):
        super().__init__(req, requirers)
        self.req = req
        self.requirers = requirers

    def __str__(self):
        return (f"The '{self.req}' distribution was not found and is required by "
                f"{'the application' if not self.requirers else ', '.join(self.requirers)}")


class VersionConflict(ResolutionError):
    """An installed distribution's version does not satisfy a requirement."""


class Version:
    """A release version ("2.21.0"), ordered by its numeric parts."""

    def __init__(self, text):
        self.public = str(text)
        parts = []
        for bit in self.public.split("."):
            digits = ""
            for ch in bit:
                if not ch.isdigit():
                    break
                digits += ch
            parts.append(int(digits) if digits else 0)
        while len(parts) > 1 and parts[-1] == 0:
            parts.pop()
        self.release = tuple(parts)

    def __str__(self):
        return self.public

    def __repr__(self):
        return f"<Version('{self.public}')>"

    def _other(self, other):
        return other if isinstance(other, Version) else Version(other)

    def __eq__(self, other):
        return self.release == self._other(other).release

    def __lt__(self, other):
        return self.release < self._other(other).release

    def __le__(self, other):
        return self.release <= self._other(other).release

    def __gt__(self, other):
        return self.release > self._other(other).release

    def __ge__(self, other):
        return self.release >= self._other(other).release

    def __hash__(self):
        return hash(self.release)


def parse_version(text):
    return Version(text)


class Distribution:
    """An installed distribution, as ``get_distribution`` returns it."""

    def __init__(self, project_name, version):
        self.project_name = project_name
        self.key = project_name.lower()
        self.version = version
        self.parsed_version = Version(version)

    def __repr__(self):
        return f"{self.project_name} {self.version}"

    __str__ = __repr__


_OPERATORS = ("===", "==", "!=", "<=", ">=", "~=", "<", ">")


def _split_requirement(spec):
    spec = spec.strip()
    for i, ch in enumerate(spec):
        if ch in "=!<>~ ;[":
            return spec[:i], spec[i:].strip()
    return spec, ""


def _satisfies(version, clause):
    for op in _OPERATORS:
        if clause.startswith(op):
            want = clause[len(op):].strip()
            have = Version(version)
            if op in ("==", "==="):
                if want.endswith(".*"):
                    return version.startswith(want[:-1])
                return have == want
            if op == "!=":
                return have != want
            if op == "<=":
                return have <= want
            if op == ">=":
                return have >= want
            if op == "<":
                return have < want
            if op == ">":
                return have > want
            if op == "~=":
                floor = Version(want)
                upper = list(floor.release[:-1]) or [floor.release[0]]
                upper[-1] += 1
                return have >= floor and have < Version(".".join(map(str, upper)))
    return True


def get_distribution(dist):
    if isinstance(dist, Distribution):
        return dist
    name, _ = _split_requirement(str(dist))
    try:
        found = _metadata.distribution(name)
    except _metadata.PackageNotFoundError:
        raise DistributionNotFound(str(dist), ["the application"]) from None
    return Distribution(found.name, found.version)


def require(*requirements):
    found = []
    for spec in requirements:
        name, clauses = _split_requirement(spec)
        dist = get_distribution(name)
        for clause in filter(None, (c.strip() for c in clauses.split(","))):
            if not _satisfies(dist.version, clause):
                raise VersionConflict(dist, spec)
        found.append(dist)
    return found


class WorkingSet:
    """The installed distributions, iterable as ``pkg_resources.working_set``."""

    def __iter__(self):
        return iter([Distribution(n, v) for n, v in sorted(_metadata._INSTALLED.items())])


working_set = WorkingSet()
