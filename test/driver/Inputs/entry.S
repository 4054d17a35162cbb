ENTRY(foo)
