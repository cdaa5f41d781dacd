# `del list[slice]` with positive, negative and empty steps: the items go, the rest keep their order.
for sl in [slice(None,None,-2), slice(1,8,3), slice(8,1,-3), slice(None,None,None), slice(5,5), slice(None,None,-1), slice(-3,None,1), slice(100,-100,-7)]:
    a = list(range(12))
    del a[sl]
    print(sl, a)
