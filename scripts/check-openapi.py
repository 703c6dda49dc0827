"""The exported OpenAPI document and the app's decoder agree.

For every case of the suite whose response is a 2xx body (a fixture or an inline body): a case that
expects the body to decode must validate against its model's schema in the document, and a case that
expects jsonConversionFailure must not. The validator is jsonschema's Draft 2020-12 validator; the
document itself is checked by openapi-spec-validator. Usage: check-openapi.py DOCUMENT [ROOT]
"""
import json
import os
import sys

import jsonschema
from openapi_spec_validator import validate

MODELS = {"dogpatch.getDogs": "[Dog]", "countries.all": "[Country]", "countries.byName": "[Country]"}


def schema_for(document, model):
    component = {"$ref": "#/components/schemas/" + model.strip("[]")}
    body = {"type": "array", "items": component} if model.startswith("[") else component
    return dict(body, components=document["components"], **{"$schema": "https://json-schema.org/draft/2020-12/schema"})


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
            model = contract.get("model") or MODELS.get(contract.get("endpoint"))
            validator = jsonschema.Draft202012Validator(schema_for(document, model))
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
                try:
                    valid = validator.is_valid(json.loads(raw))
                except ValueError:
                    valid = False  # not JSON at all: no schema accepts it, and no decoder either
                if valid == wanted:
                    agreed += 1
                else:
                    disagreed.append("%s › %s: the decoder %s it, the schema %s it" % (
                        os.path.relpath(path, root), case["name"], "accepts" if wanted else "rejects",
                        "rejects" if wanted else "accepts"))
    for line in disagreed:
        print("check-openapi: " + line, file=sys.stderr)
    print("check-openapi: the document is valid OpenAPI; schema and decoder agree on %d of %d bodies" % (
        agreed, agreed + len(disagreed)))
    return 1 if disagreed else 0


if __name__ == "__main__":
    sys.exit(main())
