import ContractEngine
import Dispatch
import Foundation

@main
enum DogPatchContracts {
    static func main() async {
        let output = ProcessOutput()
        let temporaryFiles = TemporaryFiles()
        let handlers = SignalCleanup.install(removing: temporaryFiles)
        var environment = ToolEnvironment.process
        environment.temporaryFiles = temporaryFiles
        let code = await Tool.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, output: output)
        withExtendedLifetime(handlers) {}
        exit(output.finish(code).rawValue)
    }
}

/// Ctrl-C or a CI runner's SIGTERM while a file is being written: the temporary files are removed,
/// then the process ends by the same signal, so its parent sees it was interrupted.
enum SignalCleanup {
    static func install(removing temporaryFiles: TemporaryFiles) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                temporaryFiles.removeAll()
                signal(number, SIG_DFL)
                raise(number)
            }
            source.resume()
            return source
        }
    }
}
