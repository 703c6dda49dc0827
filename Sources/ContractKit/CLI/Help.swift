/// The tool's help texts.
enum Help {
    static let version = "0.1.0"

    static let main = """
    dogpatch-contracts: contract tests for the DogPatch and restcountries clients

    USAGE:
      dogpatch-contracts verify [PATH ...] [options]   check fixtures and replay cases through the clients
      dogpatch-contracts list [--contracts DIR]         list contracts and their cases
      dogpatch-contracts explain FIXTURE --model M      decode a body and show what a case needs
      dogpatch-contracts add FIXTURE --contract FILE --name NAME (--endpoint E | --model M)
                                                        add a fixture and a case, then verify it
      dogpatch-contracts --help | --version

    Run 'dogpatch-contracts COMMAND --help' for a command's options.

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
      --strict                  fail cases on warnings, such as keys the model never reads
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

    ""

    """

    static let explain = """
    USAGE: dogpatch-contracts explain FIXTURE (--model M | --endpoint E) [options]

    Decodes a response body with the API's own decoder, as verify's prediction does, and prints
    what a case needs: the outcome (the value, or the APIError with its path, line and column),
    the element count, the first records, the keys the model never reads, and a case to start
    from. The file can be anywhere.

    OPTIONS:
      --model M                 Dog, [Dog], Country or [Country]
      --endpoint E              dogpatch.getDogs, countries.all or countries.byName (its model)
      --status N                the HTTP status the body comes with (default: 200)
      --fixtures DIR            the fixtures folder, for the case's fixture path (default: ./Fixtures)
      -h, --help                show this help

    EXIT STATUS:
      0  the body was explained, whether or not it decodes
      2  the file cannot be read or the arguments are wrong

    """

    static let add = """
    USAGE: dogpatch-contracts add FIXTURE --contract FILE --name NAME (--endpoint E | --model M) [options]

    Adds a case for a response body and verifies it. A body outside the fixtures folder is copied
    into it first (never over a different file). The case is appended to the contract file,
    leaving its other content as it is; a missing contract file is created.

    OPTIONS:
      --contract FILE           the contract file to add the case to
      --name NAME               the case's name, unique in the contract
      --endpoint E              the endpoint, for a new contract (replayed through its client)
      --model M                 the model, for a new fixture contract (decoding only)
      --status N                the HTTP status the body comes with (default: 200)
      --expect WHAT             decodes, or an APIError case: invalidRequest, responseUnsuccessful,
                                invalidData, jsonConversionFailure (default: the observed outcome)
      --arguments JSON          the endpoint's arguments for a new contract, such as '{"name": "peru"}'
      --as PATH                 where to copy the body, relative to the fixtures folder
                                (default: the file's name)
      --fixtures DIR            the fixtures folder (default: ./Fixtures)
      --timeout SECONDS         how long the replayed client may take (default: 5)
      -h, --help                show this help

    EXIT STATUS:
      0  the case was added and passed
      1  the case was added and failed
      2  nothing was added: a duplicate name, a different file in the way, an invalid contract,
         or wrong arguments

    """
}
