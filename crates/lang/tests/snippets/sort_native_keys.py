# list.sort and sorted with int, float (signed zeros, NaN), str and mixed keys, reverse and key=: stable as CPython
a=[3,1,2,-5,3,0]; print(sorted(a), sorted(a, reverse=True))
b=[(1,'a'),(0,'b'),(1,'c'),(0,'d')]; print(sorted(b, key=lambda t:t[0]), sorted(b, key=lambda t:t[0], reverse=True))
print(sorted([0.0,-0.0,1.5,-2.0]), sorted([-0.0, 0.0], reverse=True), sorted(['b','a','é','B','']))
print(sorted([1, 2.5, 0]), sorted([float('nan'), 1.0, 0.5]))
x=list(range(10)); x.sort(key=lambda v: -v); print(x)
print(sorted(["b","a"], key=str.lower))
