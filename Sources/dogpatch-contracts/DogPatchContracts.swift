import ContractEngine
import Foundation

@main
enum DogPatchContracts {
    static func main() async {
        let output = ProcessOutput()
        let environment = ToolEnvironment.process
        SignalCleanup.install(removing: environment.temporaryFiles, interruption: environment.interruption)
        let code = await Tool.run(
            arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, output: output)
        exit(output.finish(code).rawValue)
    }
}
