class Model:
    def __init__(self):
        self.layers = []
m = Model()
print(len(m.layers))
m.compile(optimizer="adam")
