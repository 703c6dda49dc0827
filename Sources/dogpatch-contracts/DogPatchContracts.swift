import ContractEngine
import Foundation

@main
enum DogPatchContracts {
    static func main() async {
        let output = ProcessOutput()
        let code = await Tool.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: .process, output: output)
        exit(output.finish(code).rawValue)
    }
}
