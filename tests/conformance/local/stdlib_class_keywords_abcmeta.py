from abc import ABC, ABCMeta, abstractmethod

class Registry:
    plugins = []
    def __init_subclass__(cls, name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.plugin_name = name or cls.__name__.lower()
        Registry.plugins.append(cls.plugin_name)

class Csv(Registry, name='csv'):
    pass

class Json(Registry):
    pass

print(Registry.plugins, Csv.plugin_name, Json.plugin_name)
try:
    class Bad(extra=1):
        pass
except TypeError as e:
    print('TypeError:', e)

class Base(metaclass=ABCMeta):
    @abstractmethod
    def run(self): ...

class Impl(Base):
    def run(self):
        return 'ran'

try:
    Base()
except TypeError as e:
    print('TypeError:', e)
print(Impl().run(), isinstance(Impl(), Base), issubclass(Impl, Base))

class Plain(metaclass=type):
    pass
print(Plain.__name__)

class Shape(ABC):
    @property
    @abstractmethod
    def sides(self): ...

class Tri(Shape):
    @property
    def sides(self):
        return 3
try:
    Shape()
except TypeError as e:
    print('TypeError:', e)
print(Tri().sides)
