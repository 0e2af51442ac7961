import SchemaLint
print("bench")
