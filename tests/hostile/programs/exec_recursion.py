# expect: RecursionError
# exec of code that execs itself: each level re-enters the interpreter from native code.
s = 'exec(s)'
exec(s)
