"""``importlib.metadata``: the installed distributions a program may ask about.

The playground "installs" exactly the libraries it emulates, at the versions Colab's
TensorFlow 2.21 runtime pairs with them; anything else is not installed.
"""

__all__ = ["PackageNotFoundError", "Distribution", "distribution", "version", "packages_distributions"]

_INSTALLED = {
    "tensorflow": "2.21.0",
    "keras": "3.15.1",
    "numpy": "2.4.6",
}


def _key(name):
    return name.lower().replace("_", "-")


class PackageNotFoundError(ModuleNotFoundError):
    """The named distribution is not installed."""

    def __str__(self):
        return f"No package metadata was found for {self.name}"


class Distribution:
    """One installed distribution: its name and version."""

    def __init__(self, name, version):
        self._name = name
        self.version = version

    @property
    def name(self):
        return self._name

    @property
    def metadata(self):
        return {"Name": self._name, "Version": self.version}

    @classmethod
    def from_name(cls, name):
        found = _INSTALLED.get(_key(name))
        if found is None:
            raise PackageNotFoundError(name, name=name)
        return cls(_key(name), found)


def distribution(distribution_name):
    return Distribution.from_name(distribution_name)


def version(distribution_name):
    return distribution(distribution_name).version


def packages_distributions():
    return {name: [name] for name in _INSTALLED}
