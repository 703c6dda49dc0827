// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "dogpatch-contracts",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "dogpatch-contracts", targets: ["dogpatch-contracts"]),
        .library(name: "DogPatchClients", targets: ["DogPatchClients"]),
        .library(name: "HTTPStub", targets: ["HTTPStub"]),
        // For an app's test target: the engine, and its contract cases as Swift Testing arguments.
        .library(name: "ContractKit", targets: ["ContractKit"]),
        .library(name: "ContractEngine", targets: ["ContractEngine"]),
        // `swift package contracts verify`, and Xcode's package-plugin menu.
        .plugin(name: "ContractsPlugin", targets: ["ContractsPlugin"]),
    ],
    targets: [
        // The API layer: models, clients, decoders and the endpoint catalogue.
        .target(name: "DogPatchClients"),
        // A URLProtocol stub that serves canned responses to a session built on the API layer's seam.
        .target(name: "HTTPStub", dependencies: ["DogPatchClients"]),
        // The contract engine: loading, predicting, replaying, checking live, mutating and reporting;
        // its folders form a stack (docs/architecture.md) and it knows no command line.
        .target(name: "ContractEngine", dependencies: ["DogPatchClients", "HTTPStub"]),
        // The engine plus Swift Testing: what a test target imports. Only test targets link it,
        // so the executable never depends on the testing library.
        .target(name: "ContractKit", dependencies: ["ContractEngine"]),
        // The command line: options, commands, output and exit status, on the engine.
        .executableTarget(name: "dogpatch-contracts", dependencies: ["ContractEngine", "DogPatchClients"]),
        // The tool as a command plugin: the same arguments, output and exit status.
        .plugin(
            name: "ContractsPlugin",
            capability: .command(
                intent: .custom(
                    verb: "contracts",
                    description:
                        "Run dogpatch-contracts (verify, list, explain, add, record, mutate, coverage, export, serve)")
            ),
            dependencies: ["dogpatch-contracts"]
        ),
        // The benchmark: `bench/run.sh` builds it in release mode and runs it.
        .executableTarget(
            name: "dogpatch-bench", dependencies: ["DogPatchClients", "ContractEngine"], path: "bench/DogPatchBench"),
        .testTarget(name: "DogPatchClientsTests", dependencies: ["DogPatchClients", "HTTPStub"]),
        .testTarget(name: "HTTPStubTests", dependencies: ["HTTPStub", "DogPatchClients"]),
        .testTarget(
            name: "ContractKitTests",
            dependencies: ["ContractKit", "ContractEngine", "DogPatchClients", "HTTPStub", "dogpatch-contracts"],
            // Archives the tests read by path, with their provenance.
            exclude: ["Capture/Archives"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
