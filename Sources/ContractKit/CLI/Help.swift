/// The tool's help texts.
enum Help {
    static let version = "0.1.0"

    static let main = """
    dogpatch-contracts: contract tests for the DogPatch and restcountries clients

    USAGE:
      dogpatch-contracts verify [PATH ...] [options]   check fixtures and replay cases through the clients
      dogpatch-contracts list [--contracts DIR]         list contracts and their cases
      dogpatch-contracts --help | --version

    Run 'dogpatch-contracts verify --help' for verify's options.

    """

    static let verify = """
    USAGE: dogpatch-contracts verify [PATH ...] [options]

    Loads endpoint contracts from the contracts folder and response fixtures from the fixtures
    folder, checks that each case's response decodes (or fails) as its "expect" says, and replays
    each case of an endpoint contract through the real client over a URLProtocol stub.

    ARGUMENTS:
      PATH ...                  contract files or folders to run (default: the contracts folder)

    OPTIONS:
      --contracts DIR           the contracts folder (default: ./contracts)
      --fixtures DIR            the fixtures folder (default: ./Fixtures)
      --filter TEXT             run only cases whose contract path or name contains TEXT
      --no-replay               check decoding only; cases only replay can check are skipped
      --timeout SECONDS         how long a replayed client may take to complete (default: 5)
      --strict                  treat warnings as failures
      --jobs N                  cases run at once (default: the number of cores)
      --shard I/N               run the I-th of N stable parts of the suite
      --format FORMAT           text, json, junit or github (default: text)
      --junit FILE              also write a JUnit XML report to FILE
      --json FILE               also write a JSON report to FILE
      --color WHEN              auto, always or never (default: auto; NO_COLOR turns it off)
      -h, --help                show this help

    EXIT STATUS:
      0  every case passed or was skipped
      1  a case failed
      2  the suite is invalid (a contract or fixture error) or the arguments are wrong

    """

    static let list = """
    USAGE: dogpatch-contracts list [--contracts DIR]

    Lists every contract under the contracts folder with its endpoint, model and case names.

    OPTIONS:
      --contracts DIR           the contracts folder (default: ./contracts)
      -h, --help                show this help

    """
}
