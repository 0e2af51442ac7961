import SchemaLint
print("schemalint")
