// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "dogpatch-contracts",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "dogpatch-contracts", targets: ["dogpatch-contracts"]),
        .library(name: "DogPatchClients", targets: ["DogPatchClients"]),
        .library(name: "HTTPStub", targets: ["HTTPStub"]),
        .library(name: "ContractKit", targets: ["ContractKit"]),
        // For an app's test target: `ContractSuite` cases as Swift Testing arguments.
        .library(name: "ContractTesting", targets: ["ContractTesting"]),
    ],
    targets: [
        // The API layer: models, clients, decoders and the endpoint catalogue.
        .target(name: "DogPatchClients"),
        // A URLProtocol stub that serves canned responses to a session built on the API layer's seam.
        .target(name: "HTTPStub", dependencies: ["DogPatchClients"]),
        // The contract engine: loading, predicting, replaying and reporting.
        .target(name: "ContractKit", dependencies: ["DogPatchClients", "HTTPStub"]),
        // The contract suite inside Swift Testing; only test targets link it.
        .target(name: "ContractTesting", dependencies: ["ContractKit"]),
        .executableTarget(name: "dogpatch-contracts", dependencies: ["ContractKit"]),
        // The benchmark: `bench/run.sh` builds it in release mode and runs it.
        .executableTarget(name: "dogpatch-bench", dependencies: ["DogPatchClients", "ContractKit"], path: "bench/DogPatchBench"),
        .testTarget(name: "DogPatchClientsTests", dependencies: ["DogPatchClients", "HTTPStub"]),
        .testTarget(name: "HTTPStubTests", dependencies: ["HTTPStub", "DogPatchClients"]),
        .testTarget(
            name: "ContractKitTests",
            dependencies: ["ContractKit", "ContractTesting", "DogPatchClients", "HTTPStub", "dogpatch-contracts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
