# expect: RecursionError | MemoryError | SyntaxError
# An expression nested deeper than the parser allows, built at run time.
eval('(' * 100000 + '1' + ')' * 100000)
