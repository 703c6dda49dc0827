import ContractTool
import DogPatchClients

// The built-in tool: the command line over the DogPatch and restcountries clients.
await ContractTool.main(
    catalogue: .standard, name: "dogpatch-contracts",
    about: "contract tests for the DogPatch and restcountries clients", consumer: "dogpatch-app")
