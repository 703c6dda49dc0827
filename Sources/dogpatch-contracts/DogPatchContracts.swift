import ContractKit
import Foundation

@main
enum DogPatchContracts {
    static func main() async {
        let code = await Tool.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: .process, output: ProcessOutput())
        exit(code.rawValue)
    }
}
