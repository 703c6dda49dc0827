// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "dogpatch-contracts",
    // iOS for an app's test target, which runs in the simulator (the CI's macOS job builds ContractKit for it).
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "dogpatch-contracts", targets: ["dogpatch-contracts"]),
        // What an app writes its catalogue with: Foundation only, nothing of the built-in clients.
        .library(name: "ContractCatalogue", targets: ["ContractCatalogue"]),
        // The whole command line, for an app's own tool: `ContractTool.main(catalogue:)`.
        .library(name: "ContractTool", targets: ["ContractTool"]),
        // The built-in clients and their catalogue, `Catalogue.standard`: the tool's demo.
        .library(name: "DogPatchClients", targets: ["DogPatchClients"]),
        .library(name: "HTTPStub", targets: ["HTTPStub"]),
        // For an app's test target: the engine, and its contract cases as Swift Testing arguments.
        .library(name: "ContractKit", targets: ["ContractKit"]),
        .library(name: "ContractEngine", targets: ["ContractEngine"]),
        // `swift package contracts verify`, and Xcode's package-plugin menu; the commands that write or
        // reach the server through the plugins that declare those permissions.
        .plugin(name: "ContractsPlugin", targets: ["ContractsPlugin"]),
        .plugin(name: "ContractsWritePlugin", targets: ["ContractsWritePlugin"]),
        .plugin(name: "ContractsLivePlugin", targets: ["ContractsLivePlugin"]),
    ],
    targets: [
        // The catalogue's types: endpoints, models, decoded values, the error vocabulary, the session seam.
        .target(name: "ContractCatalogue"),
        // The built-in API layer: the DogPatch and restcountries models and clients, and their catalogue.
        .target(name: "DogPatchClients", dependencies: ["ContractCatalogue"]),
        // A URLProtocol stub that serves canned responses to a session built on the catalogue's seam.
        .target(name: "HTTPStub", dependencies: ["ContractCatalogue"]),
        // A general HTTP/1.1 server on the platform's sockets: parsing, keep-alive, pipelining, limits and
        // faults on the wire. It knows nothing of contracts; `serve` and the tests' loopback server build on it.
        .target(name: "HTTPWire"),
        // The contract engine: loading, predicting, replaying, checking live, mutating and reporting;
        // its folders form a stack (docs/architecture.md), it knows no command line and no built-in client.
        .target(name: "ContractEngine", dependencies: ["ContractCatalogue", "HTTPStub", "HTTPWire"]),
        // The engine plus Swift Testing: what a test target imports. Only test targets link it,
        // so the executable never depends on the testing library.
        .target(name: "ContractKit", dependencies: ["ContractEngine"]),
        // The command line: options, commands, output, exit status and signals, on the engine, for any
        // catalogue; from the stub target it takes only `Locked`, the package's one lock box.
        .target(name: "ContractTool", dependencies: ["ContractCatalogue", "ContractEngine", "HTTPStub"]),
        // The built-in tool: the command line over the built-in catalogue.
        .executableTarget(name: "dogpatch-contracts", dependencies: ["ContractTool", "DogPatchClients"]),
        // The tool as command plugins: the same arguments, output and exit status; given none, each runs
        // verify (contracts-live: verify --live). SwiftPM asks for a plugin's permissions on every run,
        // whatever the command, so reading (contracts), writing (contracts-write) and reaching the
        // server (contracts-live) are three verbs.
        .plugin(
            name: "ContractsPlugin",
            capability: .command(
                intent: .custom(
                    verb: "contracts",
                    description: "Run dogpatch-contracts (verify when given no arguments): the commands that only read")
            ),
            dependencies: ["dogpatch-contracts"]
        ),
        .plugin(
            name: "ContractsWritePlugin",
            capability: .command(
                intent: .custom(
                    verb: "contracts-write",
                    description: "Run dogpatch-contracts allowed to write: add, mutate --update, export, report files"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "add, mutate --update and export write files; --junit and --json write reports")
                ]
            ),
            dependencies: ["dogpatch-contracts"]
        ),
        .plugin(
            name: "ContractsLivePlugin",
            capability: .command(
                intent: .custom(
                    verb: "contracts-live",
                    description: "Run dogpatch-contracts against the API's servers: add --live, record, verify --live"),
                permissions: [
                    .allowNetworkConnections(
                        scope: .all(),
                        reason: "add --live, record and verify --live send GET requests to the API's servers"),
                    .writeToPackageDirectory(
                        reason: "add --live and record write the fixtures the server sent"),
                ]
            ),
            dependencies: ["dogpatch-contracts"]
        ),
        // The benchmark: `bench/run.sh` builds it in release mode and runs it.
        .executableTarget(
            name: "dogpatch-bench", dependencies: ["DogPatchClients", "ContractEngine"], path: "bench/DogPatchBench"),
        // The to-do app's lists as a tool of their own, for scripts/check-agreement.sh and
        // check-pact.sh: its suite is Tests/TodoWireContracts/suite, the tests' lists.
        .executableTarget(
            name: "todo-wire-contracts", dependencies: ["ContractTool", "ContractTestSupport"],
            path: "Tests/TodoWireContracts", exclude: ["suite"]),
        .testTarget(name: "DogPatchClientsTests", dependencies: ["DogPatchClients", "HTTPStub"]),
        .testTarget(name: "HTTPStubTests", dependencies: ["HTTPStub", "DogPatchClients"]),
        .testTarget(name: "HTTPWireTests", dependencies: ["HTTPWire", "ContractTestSupport"]),
        // The helpers the test targets share: temporary suites, the built tool's runs, loopback servers.
        // Not a product; it imports no testing library, so `swift build` builds it with the toolchain alone.
        .target(
            name: "ContractTestSupport", dependencies: ["ContractCatalogue", "ContractEngine", "HTTPWire"],
            path: "Tests/ContractTestSupport"),
        // The engine, a test folder for each of its folders; it does not link the executable.
        .testTarget(
            name: "ContractEngineTests",
            dependencies: ["ContractEngine", "DogPatchClients", "HTTPStub", "HTTPWire", "ContractTestSupport"],
            // Data the tests read by path, with its provenance.
            exclude: ["Live/Data"]
        ),
        // Swift Testing's face of the engine: contract cases as test arguments.
        .testTarget(name: "ContractKitTests", dependencies: ["ContractKit", "DogPatchClients", "ContractTestSupport"]),
        // End to end, by command: the built `dogpatch-contracts` run on real files in a temporary folder.
        .testTarget(
            name: "DogPatchContractsTests",
            dependencies: [
                "dogpatch-contracts", "ContractTool", "ContractEngine", "DogPatchClients", "ContractTestSupport",
            ],
            // Archives and expected documents the tests read by path, with their provenance.
            exclude: ["Add/Archives", "Export/Expected"]
        ),
        // The repository as a whole, read from its files: the layers, the front doors, the documents
        // and the workflow; it runs the built tool where a document shows it.
        .testTarget(name: "RepositoryTests", dependencies: ["dogpatch-contracts", "HTTPStub", "ContractTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
