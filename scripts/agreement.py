"""Three judges of one answer: the app's decoder, the real Pact verifier and a JSON Schema 2020-12
validator must agree on what a provider may send (DESIGN 9a, "Agreement, measured in CI").

The answers: every 2xx body of the suite (a fixture or an inline body), every mutant
`mutate --mutants` writes, each real country (as a one-element array where the case decodes an
array), and each decoding case's body with one leaf the model reads set to an edge of the Swift
numeric types (Int's, Double's and Decimal's limits, just inside and just past) or given control
characters (a URL or a UUID followed by a newline, a NUL in a name). Each is served for the
decoding cases whose model it is:
- a decoding case's own body, and each of its mutants, for that case;
- a body no interaction answers with (a case expecting a failure, which the export leaves out, or
  a fixture contract's case), for every decoding case of its endpoint, or of its model;
- each real country for every decoding case of a country list or a country;
- each edge body for the case whose body it was made from.

The verdicts:
- app: the `dogpatch-contracts` tool decodes each body as its model, in one `verify` run of a
  temporary suite (one fixture contract per model, one case per body);
- pact: the case's interaction as `export pact` writes it, copied once per answer with a provider
  state of its own ("agreement N"), judged by the real verifier against scripts/pact-provider.py
  serving answer N for state N (many answers per verifier run: it is slow to start);
- schema: the exported OpenAPI document's response schema for the case's operation and status,
  judged by jsonschema's Draft 2020-12 validator.

What must hold: schema = app on every answer. The pact passes every answer the app decodes, but
one that lacks a key the case's "values" reads (the pact asks for the body the case reads,
DESIGN 9): those are counted. The pact fails every answer the app refuses, but one whose break lies
in a key the model reads as optional and the pact has no rule for (Pact has no optional-key rule):
those are counted by class. Anything else is a disagreement, named with its body and case, and the
run exits 1.

Request bodies (what the app's client sends, DESIGN 15 and 17) are judged by the same three: every
request body a contract states (inline or `bodyFixture`) and its mutants, made here (`mutate`
mutates responses, and passes over a fixture contract of the request model): each key left out,
spelt as the model spells it, or given `null`, another JSON type, a bogus enum case, a day in
another form or a fraction; each array emptied; the whole body of another type. The verdicts:
- app: the request model decodes it with the app's decoder (in the same `verify` run);
- schema: the exported OpenAPI operation's `requestBody` schema, by Draft 2020-12;
- pact: the real Pact mock server (`pact mock start`, whose mock servers enforce request bodies),
  loaded with the case's interaction as `export pact` writes it, the body sent as the client sends
  it (method, path, query, headers); a mismatch is answered 500 and the master says why.
What must hold: schema = app and pact = app, but where Pact cannot say what the model takes,
counted by class: a key the model reads as optional left out (the pact's example holds it), a key
spelt as the model spells it (`iso6391`, which `convertFromSnakeCase` also reads, while both
exports state the suite's `iso_639_1`; the schema is counted alike), a value of another type where
the model also takes `null` (Pact's OR holds no type beside a regex), `null` for an object or an
array the example holds (Pact applies no OR to either), and a break in an optional key with no rule.

Usage: agreement.py TOOL PACT PYTHON [--countries FILE]  (from the suite's folder, which holds
contracts/ and Fixtures/: TOOL is the command that runs the tool, split as a shell splits it, such
as a dogpatch-contracts binary or `swift run -q --package-path APP APP-contracts`; PACT the
verifier; PYTHON the interpreter the provider runs on; FILE a JSON array of countries served for
every case that decodes [Country] or Country, none without it; scripts/check-agreement.sh gives
this repository's real restcountries data set)
"""
import collections
import concurrent.futures
import hashlib
import http.client
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

import jsonschema

TOOL = shlex.split(sys.argv[1])
PACT, PYTHON = sys.argv[2:4]
COUNTRIES = sys.argv[sys.argv.index("--countries") + 1] if "--countries" in sys.argv else None
PROVIDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pact-provider.py")
NOT_JSON = object()
CHILDREN = set()  # the tools, verifiers and providers running now


def fail(message):
    """Stops the run: a step that cannot be taken must never pass in silence."""
    print("check-agreement: " + message, file=sys.stderr)
    sys.exit(1)


def start(arguments, **options):
    """Starts a process the run stops if it is stopped itself."""
    child = subprocess.Popen(arguments, text=True, **options)
    CHILDREN.add(child)
    return child


def stop(*_):
    for child in list(CHILDREN):
        child.kill()
    sys.exit(1)


def run(arguments, allowed=(0,)):
    """Runs a tool and returns its standard output; any other exit status stops the run."""
    child = start(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stdout, stderr = child.communicate()
    CHILDREN.discard(child)
    if child.returncode not in allowed:
        fail("%s exited %d:\n%s%s" % (" ".join(arguments), child.returncode, stdout[-3000:], stderr[-3000:]))
    return stdout


def read_json(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError) as error:
        fail("cannot read %s: %s" % (path, error))


def read_bytes(path):
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as error:
        fail("cannot read %s: %s" % (path, error))


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)


def parse(raw):
    """A body as JSON, or NOT_JSON (NaN and Infinity, which Python reads, are not JSON)."""
    def refuse(constant):
        raise ValueError(constant)
    try:
        return json.loads(raw, parse_constant=refuse)
    except ValueError:
        return NOT_JSON


# Paths as contracts, the tool and the verifier write them: `[0].name.common`, `$[0]['a.b']`,
# `["a.b"]`, `*` for any dictionary key. A step is an int (an index), "[*]" (any index) or a str.
STEP = re.compile(r"""\[(\d+|\*)\]|\[(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\]|\.?([^.\[\]]+)""")


def steps(path):
    found, position = [], 0
    path = path[1:] if path.startswith("$") else path
    while position < len(path):
        match = STEP.match(path, position)
        if not match:
            fail("cannot read the path %r" % path)
        index, double, single, plain = match.groups()
        if index is not None:
            found.append("[*]" if index == "*" else int(index))
        elif plain is not None:
            found.append(plain)
        else:
            found.append(re.sub(r"\\(.)", r"\1", double if double is not None else single))
        position = match.end()
    return found


def at(value, path):
    """The values a JSON value holds at a path (`*` and `[*]` meaning every key or element)."""
    if not path:
        return [value]
    step, rest = path[0], path[1:]
    if isinstance(value, list):
        if step == "[*]":
            return [found for item in value for found in at(item, rest)]
        return at(value[step], rest) if isinstance(step, int) and step < len(value) else []
    if not isinstance(value, dict):
        return []
    if step == "*":
        return [found for item in value.values() for found in at(item, rest)]
    # A key written as digits (`gini`'s years) is parsed as an index step: look it up as a key.
    return at(value[str(step)], rest) if str(step) in value else []


class Document:
    """The exported OpenAPI document: each operation's response schemas, and what a path from one
    of them passes through (to tell whether a key on it is optional)."""

    def __init__(self, path):
        self.document = read_json(path)
        self.operations = {operation["operationId"]: operation
                           for item in self.document["paths"].values() for operation in item.values()
                           if isinstance(operation, dict) and "operationId" in operation}
        self.validators = {}

    def response_schema(self, endpoint, status):
        try:
            return self.operations[endpoint]["responses"][str(status)]["content"]["application/json"]["schema"]
        except KeyError:
            fail("the OpenAPI document has no JSON schema for %s, status %s" % (endpoint, status))

    def model(self, endpoint):
        """The model an endpoint decodes, as contracts name it: `[Country]`, `Dog`; read from its
        first success status with a body (`201` for a create)."""
        responses = self.operations.get(endpoint, {}).get("responses", {})
        status = next((status for status in sorted(responses) if status.startswith("2")
                       and "content" in responses[status]), "200")
        schema = self.response_schema(endpoint, status)
        if schema.get("type") == "array":
            return "[%s]" % schema["items"]["$ref"].rsplit("/", 1)[1]
        return schema["$ref"].rsplit("/", 1)[1]

    def request_schema(self, endpoint):
        """The schema of the body an operation's client sends, or None where it sends none."""
        try:
            return self.operations[endpoint]["requestBody"]["content"]["application/json"]["schema"]
        except KeyError:
            return None

    def request_model(self, endpoint):
        """The request model an operation's body is, as a catalogue names it, or None where the
        document names none (a body without a request model is compared as written)."""
        schema = self.request_schema(endpoint) or {}
        if schema.get("type") == "array" and "$ref" in schema.get("items", {}):
            return "[%s]" % schema["items"]["$ref"].rsplit("/", 1)[1]
        return schema["$ref"].rsplit("/", 1)[1] if "$ref" in schema else None

    def validator(self, endpoint, status):
        """The validator of a response schema; of the request body's schema for status "request"."""
        if (endpoint, status) not in self.validators:
            found = self.request_schema(endpoint) if status == "request" else self.response_schema(endpoint, status)
            schema = dict(found, components=self.document["components"])
            schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
            self.validators[(endpoint, status)] = jsonschema.Draft202012Validator(schema)
        return self.validators[(endpoint, status)]

    def resolved(self, schema):
        while isinstance(schema, dict) and "$ref" in schema:
            schema = self.document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
        return schema if isinstance(schema, dict) else None

    def walk(self, endpoint, status, path):
        """Along a path from a response schema (the request body's for status "request"): the
        schema at its end (None where the document says nothing), the path with every index as
        "[*]" and every dictionary key as "*", and whether a key on the way is one the model can go
        without (optional, or a dictionary's entry)."""
        root = self.request_schema(endpoint) if status == "request" else self.response_schema(endpoint, status)
        schema, walked, optional = self.resolved(root), [], False
        for step in path:
            if schema is None:
                break
            # A model that may be null (`parent`: its $ref or null) is stepped into as the model.
            branches = [self.resolved(branch) for branch in schema.get("anyOf", []) if branch != {"type": "null"}]
            if len(branches) == 1 and branches[0] is not None:
                schema = branches[0]
            if (isinstance(step, int) or step == "[*]") and "items" in schema:
                schema, step = schema["items"], "[*]"
            elif str(step) in schema.get("properties", {}):
                optional = optional or str(step) not in schema.get("required", [])
                schema, step = schema["properties"][str(step)], str(step)
            elif "additionalProperties" in schema:
                optional, schema, step = True, schema["additionalProperties"], "*"
            else:
                schema = None
            walked.append(step)
            schema = self.resolved(schema)
        return schema, walked, optional


class Suite:
    """The suite's contracts and the interactions `export pact` writes for their cases (exported
    contract by contract, so that each interaction's case is known: a case's provider state is
    its own whatever the selection, DESIGN 9a)."""

    def __init__(self, work, document):
        self.document = document
        self.contracts = {}
        for folder, _, files in sorted(os.walk("contracts")):
            for name in sorted(files):
                if name.endswith(".json"):
                    self.contracts[os.path.join(folder, name)] = read_json(os.path.join(folder, name))
        self.interactions = {}  # (contract path, case name) -> (provider, interaction)
        self.pacts = {}  # provider -> the exported file's consumer, provider and metadata
        for number, (path, contract) in enumerate(self.contracts.items()):
            if "endpoint" not in contract:
                continue
            folder = os.path.join(work, "exported", str(number))
            run([*TOOL, "export", "pact", "--out", folder, path])
            # A contract whose cases have no HTTP exchange (network errors) exports nothing.
            for file in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
                pact = read_json(os.path.join(folder, file))
                provider = pact["provider"]["name"]
                self.pacts[provider] = {key: pact[key] for key in ("consumer", "provider", "metadata")}
                for interaction in pact["interactions"]:
                    self.interactions[(path, interaction["description"])] = (provider, interaction)

    def model(self, contract):
        return contract.get("model") or self.document.model(contract["endpoint"])

    def decoding_cases(self):
        """Every (contract path, contract, case) whose interaction answers with a 2xx body."""
        for path, contract in self.contracts.items():
            for case in contract["cases"]:
                found = self.interactions.get((path, case["name"]))
                if found and 200 <= found[1]["response"]["status"] <= 299:
                    yield path, contract, case


def suite_bodies(suite):
    """Every 2xx body of the suite, with the decoding cases it is served for."""
    cases = list(suite.decoding_cases())
    for path, contract in suite.contracts.items():
        for case in contract["cases"]:
            response = case["response"]
            if "networkError" in response or not 200 <= response.get("status", 200) <= 299:
                continue
            if "fixture" in response:
                label = os.path.join("Fixtures", response["fixture"])
                raw = read_bytes(label)
            elif "body" in response:
                label = "%s › %s (inline body)" % (path, case["name"])
                raw = response["body"].encode("utf-8")
            else:
                continue
            if (path, case["name"]) in suite.interactions:
                served_for = [(path, case)]
            elif "endpoint" in contract:
                served_for = [(p, k) for p, c, k in cases if c.get("endpoint") == contract["endpoint"]]
            else:
                served_for = [(p, k) for p, c, k in cases if suite.model(c) == contract["model"]]
            yield "suite", label, raw, suite.model(contract), served_for


def mutant_bodies(suite, work):
    """Every mutant `mutate --mutants` writes, served for the case it was made from (mutated
    contract by contract, so that each mutant's case is known exactly)."""
    mutated = {path for path, _, _ in suite.decoding_cases()}
    for number, (path, contract) in enumerate(suite.contracts.items()):
        if path not in mutated:
            continue
        folder = os.path.join(work, "mutants", str(number))
        run([*TOOL, "mutate", "--mutants", folder, path])
        for mutant in read_json(os.path.join(folder, "index.json")):
            # The index names a mutant "CASE › MUTATION".
            named = [case for case in contract["cases"] if mutant["case"].startswith(case["name"] + " › ")]
            if not named:
                fail("mutant %s names the case %r, which %s does not hold" % (mutant["file"], mutant["case"], path))
            case = max(named, key=lambda case: len(case["name"]))
            label = "mutant %s of %s (%s)" % (mutant["file"], path, mutant["case"])
            yield "mutant", label, read_bytes(os.path.join(folder, mutant["file"])), mutant["model"], [(path, case)]


def country_bodies(suite):
    """Each real country, served for every decoding case of a country list or a country."""
    countries = read_json(COUNTRIES) if COUNTRIES else []
    for model in ("[Country]", "Country"):
        served_for = [(p, k) for p, c, k in suite.decoding_cases() if suite.model(c) == model]
        for index, country in enumerate(countries if served_for else []):
            value = [country] if model.startswith("[") else country
            label = "%s[%d] (%s)" % (COUNTRIES, index, country.get("name", {}).get("common", "?"))
            yield "country", label, json.dumps(value, ensure_ascii=False).encode("utf-8"), model, served_for


# Numbers at the edges of each Swift numeric type, written as JSON literals (a Python float would
# turn 1.8e308 into Infinity): every number the model reads gets each of them, whatever its type,
# so an Int meets Double's edges too. Left out, as no validator can tell them from a number the
# type holds (docs/exports.md lists them): a nonzero literal too small for a Double, which every
# validator reads as 0, and a Decimal written with more digits than its value needs (10e127).
NUMBER_EDGES = ["1.7976931348623157e308", "1.8e308", "-1.8e308", "1e127", "-1e127", "1e128", "-1e128",
                "1e-128", "1e-129", "5e-324", "9223372036854775808"]
WHOLE_NUMBER_EDGES = ["9223372036854775807", "9223372036854775808", "-9223372036854775808",
                      "-9223372036854775809", "9.2e18", "1e19", "18446744073709551616", "34350244.0"]
# Strings with control characters, as a server's JSON escapes them, where the decoder reads them:
# the end of a URL (URL(string:) takes a newline there; one before the scheme or in the host it
# refuses, which no pattern says), after a UUID, and anywhere in a plain string.
CONTROL_SUFFIXES = [r"\n", r"\t", r"\r\n", r"\u0000", r"\u0001", r"\u001f", r"\u007f"]
EDGE = "@@edge@@"


def leaves(document, schema, value, path=()):
    """Each leaf of a body the schema describes as a number, a whole number or a string: (path,
    kind), kind one of "integer", "number", "uuid", "url" and "string". Of an array, its first
    element; of a dictionary, its first entry."""
    schema = document.resolved(schema)
    if schema is None or value is None:
        return
    kinds = schema.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        for key in sorted(value):
            if key in properties:
                yield from leaves(document, properties[key], value[key], path + (key,))
            elif isinstance(schema.get("additionalProperties"), dict):
                yield from leaves(document, schema["additionalProperties"], value[key], path + (key,))
                break
    elif isinstance(value, list):
        if value and isinstance(schema.get("items"), dict):
            yield from leaves(document, schema["items"], value[0], path + (0,))
    elif isinstance(value, bool):
        return
    elif isinstance(value, (int, float)) and ("integer" in kinds or "number" in kinds):
        yield path, "integer" if "integer" in kinds else "number"
    elif isinstance(value, str) and "string" in kinds:
        kind = "uuid" if schema.get("format") == "uuid" else "url" if schema.get("minLength") == 1 else "string"
        yield path, kind


def replaced(value, path, literal):
    """The body as JSON text with the value at the path replaced by a JSON literal."""
    copy = json.loads(json.dumps(value))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = EDGE
    return json.dumps(copy, ensure_ascii=False).replace(json.dumps(EDGE), literal).encode("utf-8")


def edge_bodies(suite):
    """Each decoding case's own body with one leaf the model reads set to an edge of the Swift
    types (numbers) or given control characters (strings), served for that case."""
    for path, contract, case in suite.decoding_cases():
        response = case["response"]
        if "fixture" in response:
            raw = read_bytes(os.path.join("Fixtures", response["fixture"]))
        elif "body" in response:
            raw = response["body"].encode("utf-8")
        else:
            continue
        value = parse(raw)
        status = suite.interactions[(path, case["name"])][1]["response"]["status"]
        if value is NOT_JSON:
            continue
        schema = suite.document.response_schema(contract["endpoint"], status)
        for where, kind in leaves(suite.document, schema, value):
            if kind == "integer":
                literals = WHOLE_NUMBER_EDGES + NUMBER_EDGES
            elif kind == "number":
                literals = NUMBER_EDGES + WHOLE_NUMBER_EDGES[:4]
            else:
                original = json.dumps(at(value, list(where))[0])[1:-1]
                literals = ['"%s%s"' % (original, suffix) for suffix in CONTROL_SUFFIXES]
                if kind == "string":
                    literals.append('"a\\u0000b\\nc"')
            for literal in literals:
                shown = "".join("[%d]" % step if isinstance(step, int) else ".%s" % step for step in where)
                label = "%s › %s with %s = %s" % (path, case["name"], shown, literal)
                yield "edge", label, replaced(value, where, literal), suite.model(contract), [(path, case)]


def app_verdicts(answers, work):
    """The app's verdict on each distinct (model, body): (decodes, failure path, reason)."""
    folder = os.path.join(work, "app")
    names, cases = {}, collections.defaultdict(list)
    for answer in answers:
        key = (answer["model"], answer["digest"])
        if key in names:
            continue
        names[key] = "body %d" % (len(names) + 1)
        write(os.path.join(folder, "Fixtures", answer["digest"]), answer["raw"])
        cases[answer["model"]].append(
            {"name": names[key], "response": {"fixture": answer["digest"]}, "expect": {"decodes": True}})
    models = {}
    for number, model in enumerate(sorted(cases)):
        contract = {"model": model, "cases": cases[model]}
        models[os.path.join("contracts", "%d.json" % number)] = model
        write(os.path.join(folder, "contracts", "%d.json" % number), json.dumps(contract).encode("utf-8"))
    # Exit status 1 is the verdict "some case failed"; the report says which, and why. Exit status 2
    # with a report is a contract it could not load: a model the catalogue does not list.
    said = run([*TOOL, "verify", "--format", "json", "--contracts", os.path.join(folder, "contracts"),
                "--fixtures", os.path.join(folder, "Fixtures")], allowed=(0, 1, 2))
    report = parse(said.encode("utf-8"))
    if report is NOT_JSON:
        fail("verify wrote no report:\n%s" % said[-3000:])
    outcomes = {}
    for result in report["results"]:
        if result["status"] not in ("passed", "failed"):
            model = next((model for file, model in models.items() if result["contract"].endswith(file)), "?")
            fail("verify could not judge the bodies of the model %s (%s): %s%s" % (
                model, result["case"], "; ".join(d["message"] for d in result["diagnostics"]),
                "; a request model must be in the catalogue's models for its bodies to be judged"
                if "unknown model" in json.dumps(result["diagnostics"]) else ""))
        errors = [d for d in result["diagnostics"] if d["severity"] == "error"]
        outcomes[result["case"]] = (result["status"] == "passed", errors[0].get("path", "") if errors else "",
                                    errors[0]["message"] if errors else "")
    if len(outcomes) != len(names):
        fail("verify judged %d of the %d bodies" % (len(outcomes), len(names)))
    return {key: outcomes[name] for key, name in names.items()}


def pact_verdicts(answers, suite, work):
    """The verifier's verdict on each answer: (passes, mismatches). The verifier runs interactions
    one at a time on one core, so the answers are dealt into one shard per core, each judged by one
    verifier run against a provider of its own (a provider serves one state at a time)."""
    served = os.path.join(work, "served")
    states = {}
    for number, answer in enumerate(answers, 1):
        response = suite.interactions[answer["case"]][1]["response"]
        if not os.path.exists(os.path.join(served, answer["digest"])):
            write(os.path.join(served, answer["digest"]), answer["raw"])
        # The case's own headers; where it names none, JSON, as the verifier reads a body by its type.
        headers = response.get("headers") or {"Content-Type": "application/json"}
        states["agreement %d" % number] = {"status": response["status"], "headers": headers, "file": answer["digest"]}
    write(os.path.join(served, "states.json"), json.dumps(states).encode("utf-8"))
    jobs = os.cpu_count() or 1
    shards = [range(first, len(answers) + 1, jobs) for first in range(1, min(jobs, len(answers)) + 1)]
    verdicts = {}
    with concurrent.futures.ThreadPoolExecutor(len(shards)) as pool:
        for found in pool.map(lambda shard: verify_shard(shard, answers, suite, served, work), shards):
            verdicts.update(found)
    if len(verdicts) != len(answers):
        fail("the verifier judged %d of the %d answers" % (len(verdicts), len(answers)))
    return [verdicts[number] for number in range(1, len(answers) + 1)]


def verify_shard(numbers, answers, suite, served, work):
    """One verifier run over the answers so numbered: {number: (passes, mismatches)}."""
    interactions = collections.defaultdict(list)
    for number in numbers:
        state = "agreement %d" % number
        provider, exported = suite.interactions[answers[number - 1]["case"]]
        interactions[provider].append(dict(exported, description=state, providerStates=[{"name": state}]))
    files = []
    for provider in sorted(interactions):
        pact_file = os.path.join(work, "shard-%d-%s.json" % (numbers[0], provider))
        write(pact_file, json.dumps(dict(suite.pacts[provider], interactions=interactions[provider])).encode("utf-8"))
        files += ["--file", pact_file]
    report_file = os.path.join(work, "shard-%d.report.json" % numbers[0])
    provider = start([PYTHON, PROVIDER, "--bodies", served], stdout=subprocess.PIPE)
    try:
        port = provider.stdout.readline().strip()
        if not port:
            fail("the provider did not start")
        # Exit status 1 is the verdict "some interaction failed"; the report says which, and why.
        run([PACT, "verifier", *files, "--hostname", "127.0.0.1", "--port", port,
             "--state-change-url", "http://127.0.0.1:%s/_pact/state" % port, "--json", report_file,
             "--no-colour"], allowed=(0, 1))
    finally:
        provider.kill()
        provider.wait()
        CHILDREN.discard(provider)
    report = read_json(report_file)
    mismatches = {}
    for error in report["errors"]:
        number = re.search(r"agreement (\d+)$", error["interaction"])
        if not number:
            fail("the verifier reports an error outside the answers: %s" % json.dumps(error))
        found = error["mismatch"]
        mismatches[int(number.group(1))] = found.get("mismatches") or [{"mismatch": json.dumps(found)}]
    verdicts = {}
    for result in report["interactionResults"]:
        number = int(re.search(r"agreement (\d+)$", result["description"]).group(1))
        verdicts[number] = (result["result"] == "OK", mismatches.get(number, []))
    return verdicts


def lacks_only_named_keys(expect, mismatches, value):
    """Whether the verifier failed the answer only where it asks for a key the case's "values"
    reads (any element of an array standing for the one named, as the pact asks it of each) and
    the answer has no value there."""
    named = [steps(path) for path in expect.get("values", {})]

    def lacking(where):
        return any(
            len(where) <= len(path)
            and all((isinstance(w, int) and isinstance(p, int)) or w == p for w, p in zip(where, path))
            and all(found is None for found in at(value, where + path[len(where):]))
            for path in named)

    def only_named(mismatch):
        if mismatch.get("type") != "BodyMismatch" or "path" not in mismatch:
            return False
        where = steps(mismatch["path"])
        # A missing key is reported at the object that lacks it, the keys in the message.
        missing = re.search(r"missing the following keys: (.*)$", mismatch.get("mismatch", ""))
        if missing:
            return all(lacking(where + [key]) for key in missing.group(1).split(", "))
        return lacking(where)

    return value is not NOT_JSON and bool(mismatches) and all(only_named(mismatch) for mismatch in mismatches)


def optional_break(document, endpoint, status, rules, failure, value):
    """The class of a break the pact cannot see, or None where it should have seen it: the app
    refused the answer at a key the model can go without, and the pact holds no rule there (Pact has
    no optional-key rule, so the export leaves such keys out)."""
    schema, walked, optional = document.walk(endpoint, status, steps(failure))
    # A rule at the path or below it (`$[*].currencies.*.name`, a dictionary's key written or `*`).
    covered = any(
        len(walked) <= len(rule) and all(w == r or "*" in (w, r) for w, r in zip(walked, rule))
        for rule in map(steps, rules))
    if not optional or covered:
        return None
    found = at(value, steps(failure))
    if not found:
        return "object missing a key it requires"
    if any(item is None for item in found):
        return "null"
    kinds = (schema or {}).get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    checker = jsonschema.Draft202012Validator.TYPE_CHECKER
    if "integer" in kinds and all(
            checker.is_type(item, "number") and not checker.is_type(item, "integer") for item in found):
        return "fraction for a whole number"
    if kinds and not all(any(checker.is_type(item, kind) for kind in kinds) for item in found):
        return "wrong type"
    return "value the type cannot hold"


# Request bodies (DESIGN 15, 17): what the app's client sends, judged by the same three. The corpus
# is every request body a contract states and mutants of each, of the kinds `mutate` makes of a
# response (which it makes of no request body): each key left out, spelt as the model spells it
# (`iso_639_1` as `iso6391`) or given another kind of value (`null`, a value of another JSON type, a
# bogus enum case, a day in another form, a fraction for a whole number), each array emptied, the
# whole body of another type.
def model_spelling(key):
    """The model's own spelling of a snake_case key, which `convertFromSnakeCase` reads too."""
    return re.sub(r"_+([A-Za-z0-9])", lambda match: match.group(1).upper(), key)


def shown(path):
    return "".join("[%d]" % step if isinstance(step, int) else ".%s" % step for step in path) or "the body"


def changed(value, path, change):
    """A deep copy of the value with `change(container, last step)` applied at the path."""
    copy = json.loads(json.dumps(value))
    target = copy
    for step in path[:-1]:
        target = target[step]
    change(target, path[-1])
    return copy


def other_values(value):
    """Values of other kinds for a value: (what, replacement)."""
    if value is not None:
        yield "null", None
    if isinstance(value, bool):
        yield "a string", "true"
    elif isinstance(value, int):
        yield "a string", str(value)
        yield "a fraction", value + 0.5
        yield "another whole number", 9
    elif isinstance(value, float):
        yield "a string", str(value)
    elif isinstance(value, str):
        yield "a number", 12345
        yield "another string", "bogus"
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            yield "a day in another form", value.replace("-", "/")
            yield "a date and time", value + "T00:00:00Z"
    elif value is None:
        yield "a string", "text"
        yield "a whole number", 2
        yield "an object", {}
    else:
        yield "a string", "text"


def python_mutants(value):
    """The mutants of a request body this script makes: (what, mutant, spelling), spelling true
    where a key is spelt as the model spells it."""
    yield "the body as an array", [], False
    yield "the body as a string", "text", False
    yield "the body null", None, False

    def visit(node, path):
        if isinstance(node, dict):
            for key, child in node.items():
                where = path + (key,)
                yield "%s left out" % shown(where), changed(value, where, lambda target, step: target.pop(step)), False
                spelt = model_spelling(key)
                if spelt != key and spelt not in node:
                    def rename(target, step, spelt=spelt):
                        target[spelt] = target.pop(step)
                    yield "%s spelt %s" % (shown(where), spelt), changed(value, where, rename), True
                for what, replacement in other_values(child):
                    def put(target, step, replacement=replacement):
                        target[step] = replacement
                    yield "%s as %s" % (shown(where), what), changed(value, where, put), False
                yield from visit(child, where)
        elif isinstance(node, list) and node:
            def empty(target, step):
                target[step] = []
            if path:
                yield "%s emptied" % shown(path), changed(value, path, empty), False
            yield from visit(node[0], path + (0,))

    yield from visit(value, ())


def request_bodies(suite):
    """Every request body the suite states, and its mutants: (kind, label, raw, model, case,
    spelling), the case the first of its contract whose interaction carries the body."""
    for path, contract in suite.contracts.items():
        request = contract.get("request") or {}
        if "endpoint" not in contract or not ("body" in request or "bodyFixture" in request):
            continue
        cases = [case for case in contract["cases"]
                 if "body" in suite.interactions.get((path, case["name"]), ({}, {}))[1].get("request", {})]
        if not cases:
            # Every case left out of the pact (no HTTP exchange, skipped): nothing sends the body.
            print("check-agreement: %s states a request body no interaction of the pact sends; left out of the "
                  "request bodies judged" % path)
            continue
        model = suite.document.request_model(contract["endpoint"])
        if model is None:
            # Without a request model the body is compared as written: there is no app verdict.
            print("check-agreement: %s states a request body its endpoint has no request model for; "
                  "left out of the request bodies judged" % path)
            continue
        if "bodyFixture" in request:
            label = os.path.join("Fixtures", request["bodyFixture"])
            raw = read_bytes(label)
        else:
            label = "%s (inline request body)" % path
            raw = json.dumps(request["body"], ensure_ascii=False).encode("utf-8")
        value = parse(raw)
        if value is NOT_JSON:
            fail("the request body of %s is not JSON" % path)
        yield "suite", label, raw, model, (path, cases[0]), False
        seen = {hashlib.sha256(raw).hexdigest()}
        for what, mutant, spelling in python_mutants(value):
            text = json.dumps(mutant, ensure_ascii=False).encode("utf-8")
            if hashlib.sha256(text).hexdigest() not in seen:
                seen.add(hashlib.sha256(text).hexdigest())
                yield "mutant", "%s with %s" % (label, what), text, model, (path, cases[0]), spelling


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def loopback(port, method, target, body=None, headers=None):
    """One loopback request: (status, body). The connection is closed after it: a mock server
    whose client leaves a kept-alive connection may never let its master read its mismatches."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, target, body=body, headers=dict(headers or {}, Connection="close"))
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def ask_master(master, port, method, target, body=None, headers=None):
    """A request to the mock servers' master: (status, body), or None when it drops the
    connection unanswered, again and again (as it does, rarely, for one of its mock servers)."""
    for _ in range(20):
        try:
            return loopback(port, method, target, body, headers)
        except (OSError, http.client.HTTPException):
            if master.poll() is not None:
                fail("the Pact mock server stopped")
            time.sleep(0.05)
    return None


def mock_verdicts(answers, suite, work):
    """The real Pact mock server's verdict on each request body: (passes, mismatches). One master
    server (`pact mock start`, slow to start); for each body a mock server of its own, made
    through the master's API from a pact of the body's case's interaction alone, so that its
    mismatches are that body's; the body sent as the client sends it (the interaction's method,
    path, query and headers). A body the interaction does not match is answered 500, and the
    master says why."""
    port = free_port()
    log = open(os.path.join(work, "mock.log"), "w")
    master = start([PACT, "mock", "start", "--host", "127.0.0.1", "--port", str(port), "--no-term-log",
                    "--no-file-log", "--output", work], stdout=log, stderr=subprocess.STDOUT)

    def send(answer):
        """The body sent to a mock server of its own: the id of the server, and whether it matched."""
        provider, interaction = suite.interactions[answer["case"]]
        pact = json.dumps(dict(suite.pacts[provider], interactions=[interaction])).encode("utf-8")
        made = ask_master(master, port, "POST", "/", pact, {"Content-Type": "application/json"})
        if made is None or made[0] != 200:
            fail("the Pact mock server did not load the pact of %s › %s: %s" % (*answer["case"], made))
        server = json.loads(made[1])["mockServer"]
        request = interaction["request"]
        query = urllib.parse.urlencode(
            [(name, value) for name, values in sorted(request.get("query", {}).items()) for value in values])
        target = request["path"] + ("?" + query if query else "")
        status, _ = loopback(server["port"], request["method"], target, answer["raw"], request.get("headers", {}))
        if status not in (500, interaction["response"]["status"]):
            fail("the Pact mock server answered %d to %s" % (status, answer["label"]))
        return server["id"], status != 500

    def mismatches(server):
        """What a mock server that answered 500 found wrong, or None where its master cannot say.
        The server answers before it writes the mismatch down: the master is asked until it has."""
        for _ in range(100):
            said = ask_master(master, port, "POST", "/mockserver/%s/verify" % server)
            if said is None:
                return None
            found = [found for mismatch in (json.loads(said[1]) if said[1].strip() else {}).get("mismatches", [])
                     for found in mismatch.get("mismatches", [])]
            if found:
                return found
            time.sleep(0.02)
        return None

    try:
        for _ in range(300):
            try:
                loopback(port, "GET", "/")
                break
            except OSError:
                if master.poll() is not None:
                    log.flush()
                    fail("the Pact mock server did not start:\n%s" % read_bytes(log.name).decode("utf-8", "replace")[-3000:])
                time.sleep(0.1)
        else:
            fail("the Pact mock server did not answer on port %d" % port)
        sent = [send(answer) for answer in answers]
        verdicts = []
        for answer, (server, passes) in zip(answers, sent):
            found = [] if passes else mismatches(server)
            for _ in range(3):
                if found is not None:
                    break
                # Its master cannot say why: the body again, to a mock server of its own.
                server, passes = send(answer)
                found = [] if passes else mismatches(server)
            if found is None:
                fail("the Pact mock server refused %s and never said why" % answer["label"])
            verdicts.append((passes, found))
        return verdicts
    finally:
        master.kill()
        master.wait()
        CHILDREN.discard(master)
        log.close()


def request_break(document, endpoint, rules, failure, value):
    """The class of a body the app refuses and the mock server passes, where the pact cannot say
    what the app needs, or None (a miss)."""
    # A key that takes `null` has its rule OR `null`: Pact's OR cannot hold a type beside a regex,
    # and a regex reads the text of any value (`"2"` passes `^(?:1|2|3)$`; an object passes the
    # any-text rule of a `null` example, which shows no keys).
    _, walked, _ = document.walk(endpoint, "request", steps(failure))
    for path, rule in rules.items():
        matchers = rule.get("matchers", [])
        if (steps(path) == walked and rule.get("combine") == "OR" and {"match": "null"} in matchers
                and not any(matcher.get("match") in ("type", "number") for matcher in matchers)):
            return "a value of another type where the model also takes null (Pact's OR holds no type)"
    return optional_break(document, endpoint, "request", rules, failure, value)


def takes_null(document, endpoint, path):
    """Whether the request body's schema takes `null` at a path."""
    schema, _, _ = document.walk(endpoint, "request", path)
    if schema is None:
        return False
    schema = dict(schema, components=document.document["components"])
    return jsonschema.Draft202012Validator(schema).is_valid(None)


def request_false_alarm(document, endpoint, mismatches, spelling):
    """The class of a body the app decodes and the mock server refuses, where the pact cannot say
    what the app takes, or None (a false alarm): a key the model reads as optional left out (Pact
    has no optional-key rule; the pact's example holds it), or a key spelt as the model spells it
    (the export states the suite's spelling, docs/exports.md)."""
    if spelling:
        return "a key spelt as the model spells it"
    classes = set()
    for mismatch in mismatches:
        where = steps(mismatch.get("path", "$"))
        if (mismatch.get("type") == "BodyMismatch" and re.match(r"Type mismatch: Expected null \(Null\)",
                                                                  mismatch.get("mismatch", ""))
                and takes_null(document, endpoint, where)):
            # Pact applies no OR to an object or an array: one the example holds cannot be null.
            classes.add("null for an object or array the model also takes as null (Pact's OR skips them)")
            continue
        keys = re.search(r"Expected a Map with keys \[(.*)\] but received one with keys \[(.*)\]",
                         mismatch.get("mismatch", ""))
        if mismatch.get("type") != "BodyMismatch" or not keys:
            return None
        expected, received = (set(filter(None, part.split(", "))) for part in keys.groups())
        if received - expected:
            return None
        for key in expected - received:
            _, _, optional = document.walk(endpoint, "request", where + [key])
            if not optional:
                return None
        classes.add("optional key left out")
    return classes.pop() if len(classes) == 1 else None


def judge_requests(requests, app, suite, document, work):
    """The three verdicts on each request body, a summary line, and the disagreements."""
    if not requests:
        print("agreement, request bodies: the suite states none")
        return []
    mock = mock_verdicts(requests, suite, work)
    counts, schema_counted, pact_counted, problems = (collections.Counter(), collections.Counter(),
                                                      collections.Counter(), [])
    for answer, (mock_passes, mismatches) in zip(requests, mock):
        path, name = answer["case"]
        endpoint = suite.contracts[path]["endpoint"]
        decodes, failure, reason = app[(answer["model"], answer["digest"])]
        value = parse(answer["raw"])
        where = "request body %s, sent for %s › %s" % (answer["label"], path, name)
        app_says = "the request model decodes it" if decodes else "the request model refuses it (%s)" % reason
        counts["decodes" if decodes else "refuses"] += 1
        schema_accepts = value is not NOT_JSON and document.validator(endpoint, "request").is_valid(value)
        if schema_accepts == decodes:
            counts["schema agrees"] += 1
        elif answer["spelling"] and decodes:
            schema_counted["a key spelt as the model spells it"] += 1
        else:
            problems.append("%s: %s, the schema %s it" % (where, app_says, "rejects" if decodes else "accepts"))
        if decodes == mock_passes:
            counts["pact agrees"] += 1
        elif decodes:
            found = request_false_alarm(document, endpoint, mismatches, answer["spelling"])
            if found:
                pact_counted[found] += 1
            else:
                counts["false alarm"] += 1
                problems.append("%s: %s, the Pact mock server refuses it: %s" % (where, app_says, "; ".join(
                    "%s %s" % (m.get("path", ""), m.get("mismatch", "")) for m in mismatches)))
        else:
            rules = suite.interactions[answer["case"]][1]["request"].get("matchingRules", {}).get("body", {})
            found = request_break(document, endpoint, rules, failure, value)
            if found:
                pact_counted[found] += 1
            else:
                counts["miss"] += 1
                problems.append("%s: %s, the Pact mock server passes it" % (where, app_says))
    kinds = collections.Counter(answer["kind"] for answer in requests)
    print("agreement, request bodies: %d bodies (%d the suite states, %d mutants), each sent to the Pact mock "
          "server as its client sends it; request model decodes %d, refuses %d; schema agrees %d/%d%s; pact "
          "agrees %d/%d, false alarms %d, misses %d; where Pact cannot say what the model takes: %s" % (
              len(requests), kinds["suite"], kinds["mutant"], counts["decodes"], counts["refuses"],
              counts["schema agrees"], len(requests),
              "".join(" (and %d with %s, stated in the suite's spelling)" % (count, what)
                      for what, count in sorted(schema_counted.items())),
              counts["pact agrees"], len(requests), counts["false alarm"], counts["miss"],
              ", ".join("%s %d" % item for item in sorted(pact_counted.items())) or "none"))
    return problems


def main():
    # Stopped from outside, the run stops what it started and removes its temporary folder.
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    with tempfile.TemporaryDirectory() as work:
        run([*TOOL, "export", "openapi", "--out", os.path.join(work, "openapi.json")])
        document = Document(os.path.join(work, "openapi.json"))
        suite = Suite(work, document)
        answers, bodies, unserved = [], collections.Counter(), []
        for source in (suite_bodies(suite), mutant_bodies(suite, work), country_bodies(suite), edge_bodies(suite)):
            for kind, label, raw, model, served_for in source:
                if not served_for:
                    unserved.append("%s as %s" % (label, model))
                    continue
                bodies[kind] += 1
                digest = hashlib.sha256(raw).hexdigest()
                for path, case in served_for:
                    answers.append({"label": label, "raw": raw, "digest": digest, "model": model,
                                    "case": (path, case["name"]), "expect": case["expect"]})
        if COUNTRIES and not bodies["country"]:
            fail("no case decodes a country list or a country, so no real country was served")
        requests = []
        for kind, label, raw, model, (path, case), spelling in request_bodies(suite):
            requests.append({"kind": kind, "label": label, "raw": raw, "digest": hashlib.sha256(raw).hexdigest(),
                             "model": model, "case": (path, case["name"]), "spelling": spelling})
        app = app_verdicts(answers + requests, work)
        pact = pact_verdicts(answers, suite, work)

        counts, optional, problems = collections.Counter(), collections.Counter(), []
        for answer, (pact_passes, mismatches) in zip(answers, pact):
            interaction = suite.interactions[answer["case"]][1]
            endpoint = suite.contracts[answer["case"][0]]["endpoint"]
            status = interaction["response"]["status"]
            decodes, failure, reason = app[(answer["model"], answer["digest"])]
            value = parse(answer["raw"])
            where = "%s served for %s › %s" % (answer["label"], *answer["case"])
            app_says = "the app decodes it" if decodes else "the app refuses it (%s)" % reason
            counts["decodes" if decodes else "refuses"] += 1
            schema_accepts = value is not NOT_JSON and document.validator(endpoint, status).is_valid(value)
            if schema_accepts == decodes:
                counts["schema agrees"] += 1
            else:
                problems.append("%s: %s, the schema %s it" % (where, app_says, "rejects" if decodes else "accepts"))
            if decodes and not pact_passes:
                if lacks_only_named_keys(answer["expect"], mismatches, value):
                    counts["lacks a named key"] += 1
                else:
                    counts["false alarm"] += 1
                    problems.append("%s: %s, the pact fails it: %s" % (where, app_says, "; ".join(
                        "%s %s" % (m.get("path", ""), m.get("mismatch", "")) for m in mismatches)))
            elif not decodes and pact_passes:
                rules = interaction["response"].get("matchingRules", {}).get("body", {})
                found = optional_break(document, endpoint, status, rules, failure, value)
                if found:
                    optional[found] += 1
                else:
                    counts["miss"] += 1
                    problems.append("%s: %s, the pact passes it" % (where, app_says))

        for problem in problems:
            print("check-agreement: " + problem, file=sys.stderr)
        if unserved:
            print("check-agreement: left out, as no decoding case has their model (check-schema.sh judges them): "
                  + ", ".join(unserved))
        print("agreement: %d answers (%d suite bodies, %d mutants, %d real countries and %d bodies at the edges "
              "of the Swift types and with control characters, each served for its cases); app decodes %d, "
              "refuses %d; schema agrees %d/%d; pact false alarms %d; pact misses %d "
              "outside optional keys; optional-key breaks pact cannot see: %d (%s); decoded answers lacking a "
              "key the case's values read, which the pact asks for: %d" % (
                  len(answers), bodies["suite"], bodies["mutant"], bodies["country"], bodies["edge"],
                  counts["decodes"],
                  counts["refuses"], counts["schema agrees"], len(answers), counts["false alarm"], counts["miss"],
                  sum(optional.values()), ", ".join("%s %d" % item for item in sorted(optional.items())) or "none",
                  counts["lacks a named key"]))
        request_problems = judge_requests(requests, app, suite, document, work)
        for problem in request_problems:
            print("check-agreement: " + problem, file=sys.stderr)
        return 1 if problems or request_problems else 0


if __name__ == "__main__":
    sys.exit(main())
