print("ok")
def broken(:
    pass
