# expect: RuntimeError | MemoryError | exit 0
# An enum with a million members from the functional API, then a Flag over 5000 bits.
import enum
E = enum.Enum('E', ['M%d' % i for i in range(1000000)])
F = enum.Flag('F', ['B%d' % i for i in range(5000)])
print(len(E), ~F.B0)
