def level3(d):
    return d["missing"] + 1
def level2(d):
    return level3(d)
def level1():
    data = {"present": 1}
    return level2(data)
level1()
