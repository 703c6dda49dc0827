print("dogpatch-contracts")
