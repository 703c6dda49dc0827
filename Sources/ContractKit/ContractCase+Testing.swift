// ContractKit is the engine as a test target sees it: what ContractEngine makes public
// (`ContractSuite`, `ContractCase`, `CaseResult`, `Diagnostic`, `SourcePosition`) and the Swift
// Testing side of a contract case.
// Only test targets link it, so the `dogpatch-contracts` executable, built on ContractEngine,
// never depends on the testing library.
@_exported import ContractEngine

#if canImport(Testing)
    import Foundation
    import Testing

    extension ContractCase: CustomTestStringConvertible {
        /// `contracts/x.json › case name`, as the command line and its reports name the case.
        public var testDescription: String { description }
    }

    extension ContractCase {
        /// Verifies the case as `dogpatch-contracts verify` does, recording each error as an issue
        /// at the contract file's line and column, so a failure names the contract and the case.
        ///
        /// A diagnostic about another file (a fixture) is recorded at the case in the contract, and
        /// its message keeps the fixture's own `file:line:col`. Warnings are recorded as warnings.
        /// A skipped case is cancelled with its reason (Swift 6.3 and later; it passes before).
        /// - Throws: Swift Testing's cancellation when the case is skipped.
        public func verify() async throws {
            let result = await result()
            for diagnostic in result.diagnostics where diagnostic.severity != .note {
                let inContract = diagnostic.file == contract
                let position = (inContract ? diagnostic.position : nil) ?? self.position
                let location = SourceLocation(
                    fileID: contract, filePath: contractURL.path, line: max(position.line, 1),
                    column: max(position.column, 1)
                )
                let severity: Issue.Severity = diagnostic.severity == .error ? .error : .warning
                Issue.record(
                    Comment(rawValue: "\(description): \(diagnostic.rendered)"), severity: severity,
                    sourceLocation: location)
            }
            #if compiler(>=6.3)
                if result.status == .skipped {
                    try Test.cancel(Comment(rawValue: "skipped: \(result.skipReason ?? "no reason given")"))
                }
            #endif
        }
    }
#endif
