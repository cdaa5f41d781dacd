text = "a,b"
parts = text.split(",")
print(parts.upper())
