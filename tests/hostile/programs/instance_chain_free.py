# expect: exit 0
class Node:
    pass
n = None
for i in range(300000):
    m = Node()
    m.next = n
    n = m
n = m = None
print("freed")
