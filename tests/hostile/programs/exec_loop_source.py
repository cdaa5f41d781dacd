# expect: RuntimeError
# A program that compiles a new statement on every iteration runs within the budget.
i = 0
while True:
    exec('i = i + 1')
