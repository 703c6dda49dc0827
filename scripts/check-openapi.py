"""The exported OpenAPI document and the app's decoder agree.

For every case of the suite whose response is a 2xx body (a fixture or an inline body): a case that
expects the body to decode must validate against its model's schema in the document, and a case that
expects jsonConversionFailure must not. The validator is jsonschema's Draft 2020-12 validator; the
document itself is checked by openapi-spec-validator. With a folder of mutants (written by
`mutate --mutants DIR`), the same holds for every mutant body: one the model accepts validates, one it
rejects does not. Usage: check-openapi.py DOCUMENT [ROOT [MUTANTS]]
"""
import json
import os
import sys

import jsonschema
from openapi_spec_validator import validate

def schema_for(document, model):
    """The schema of a model named as a contract names it: "Dog", or "[Dog]" for an array of them."""
    component = {"$ref": "#/components/schemas/" + model.strip("[]")}
    body = {"type": "array", "items": component} if model.startswith("[") else component
    return dict(body, components=document["components"], **{"$schema": "https://json-schema.org/draft/2020-12/schema"})


def endpoint_schema(document, endpoint):
    """The 200 schema of the operation whose operationId is the endpoint's name."""
    for path in document["paths"].values():
        operation = path.get("get", {})
        if operation.get("operationId") == endpoint:
            body = operation["responses"]["200"]["content"]["application/json"]["schema"]
            return dict(body, components=document["components"],
                        **{"$schema": "https://json-schema.org/draft/2020-12/schema"})
    raise SystemExit("check-openapi: the document has no operation for the endpoint %s" % endpoint)


def valid(validator, raw):
    try:
        return validator.is_valid(json.loads(raw))
    except ValueError:
        return False  # not JSON at all: no schema accepts it, and no decoder either


def check_mutants(document, folder):
    """Agreement on every mutant body, as (agreed, disagreements)."""
    with open(os.path.join(folder, "index.json"), encoding="utf-8") as handle:
        index = json.load(handle)
    validators, agreed, disagreed = {}, 0, []
    for mutant in index:
        model = mutant["model"]
        if model not in validators:
            validators[model] = jsonschema.Draft202012Validator(schema_for(document, model))
        with open(os.path.join(folder, mutant["file"]), "rb") as handle:
            raw = handle.read()
        if valid(validators[model], raw) == mutant["decodes"]:
            agreed += 1
        else:
            disagreed.append("mutant %s (%s): the decoder %s it, the schema %s it" % (
                mutant["file"], mutant["case"], "accepts" if mutant["decodes"] else "rejects",
                "rejects" if mutant["decodes"] else "accepts"))
    return agreed, disagreed


def main():
    document_path = sys.argv[1]
    root = sys.argv[2] if len(sys.argv) > 2 else "."
    with open(document_path, encoding="utf-8") as handle:
        document = json.load(handle)
    validate(document)
    agreed, disagreed = 0, []
    for folder, _, files in sorted(os.walk(os.path.join(root, "contracts"))):
        for name in sorted(files):
            if not name.endswith(".json"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as handle:
                contract = json.load(handle)
            if contract.get("model"):
                schema = schema_for(document, contract["model"])
            else:
                schema = endpoint_schema(document, contract["endpoint"])
            validator = jsonschema.Draft202012Validator(schema)
            for case in contract["cases"]:
                response, expect = case["response"], case["expect"]
                if "networkError" in response or not 200 <= response.get("status", 200) <= 299:
                    continue
                if expect.get("decodes"):
                    wanted = True
                elif expect.get("error") == "jsonConversionFailure":
                    wanted = False
                else:
                    continue
                if "fixture" in response:
                    with open(os.path.join(root, "Fixtures", response["fixture"]), "rb") as handle:
                        raw = handle.read()
                else:
                    raw = response.get("body", "").encode("utf-8")
                if valid(validator, raw) == wanted:
                    agreed += 1
                else:
                    disagreed.append("%s › %s: the decoder %s it, the schema %s it" % (
                        os.path.relpath(path, root), case["name"], "accepts" if wanted else "rejects",
                        "rejects" if wanted else "accepts"))
    for line in disagreed:
        print("check-openapi: " + line, file=sys.stderr)
    print("check-openapi: the document is valid OpenAPI; schema and decoder agree on %d of %d bodies" % (
        agreed, agreed + len(disagreed)))
    failed = bool(disagreed)
    if len(sys.argv) > 3:
        agreed, disagreed = check_mutants(document, sys.argv[3])
        for line in disagreed:
            print("check-openapi: " + line, file=sys.stderr)
        print("check-openapi: schema and decoder agree on %d of %d mutant bodies" % (agreed, agreed + len(disagreed)))
        failed = failed or bool(disagreed) or agreed == 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
