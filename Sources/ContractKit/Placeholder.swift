enum ContractKitPlaceholder {}
