class Err(Exception):
    def __str__(self):
        return "custom str"
raise Err(1, 2)
