import types
def f(): pass
class C:
    def m(self): pass
print(types.FunctionType, types.MethodType, types.BuiltinFunctionType, types.ModuleType, types.GeneratorType)
print(isinstance(f, types.FunctionType), isinstance(C().m, types.MethodType), isinstance(len, types.BuiltinFunctionType), isinstance(types, types.ModuleType))
ns = types.SimpleNamespace(a=1, b="x")
ns.c = [1, 2]
print(ns, ns.a, ns == types.SimpleNamespace(a=1, b="x", c=[1, 2]), vars(ns))
mp = types.MappingProxyType({"k": 1, "j": 2})
print(mp, repr(mp), type(mp), mp["k"], list(mp), len(mp), "k" in mp, mp.get("z", 0), dict(mp.items()))
try:
    mp["k"] = 2
except TypeError as e:
    print("TypeError", e)
print(types.NoneType, type(None) is types.NoneType)
Point = types.new_class("Point", (), exec_body=lambda ns: ns.update({"x": 0}))
print(Point, Point.x)
import inspect
print(type(inspect.signature(f).parameters), inspect.signature(lambda a, b=1: 0).parameters)
