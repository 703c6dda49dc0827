#!/usr/bin/env bash
# Schemas checked by real validators, from a virtual environment under .build/ (installed from the
# package registry when absent). First, the JSON Schema of contract files (schema/contract.schema.json) and the loader agree: a real
# JSON Schema 2020-12 validator (check-jsonschema, from the package registry, in a virtual
# environment under .build/) accepts every contract of this repository and rejects every contract
# in schema/examples/invalid/, each of which the loader rejects too (SchemaAgreementTests).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/venv
if [ ! -x "$venv/bin/check-jsonschema" ] || [ ! -x "$venv/bin/openapi-spec-validator" ]; then
    [ -x "$venv/bin/pip" ] || python3 -m venv "$venv" || { echo "check-schema: cannot make a Python virtual environment in $venv" >&2; exit 1; }
    if ! "$venv/bin/pip" install --quiet --disable-pip-version-check check-jsonschema openapi-spec-validator; then
        echo "check-schema: cannot install check-jsonschema and openapi-spec-validator from the package registry; nothing was checked" >&2
        exit 1
    fi
fi
check="$venv/bin/check-jsonschema"

"$check" --check-metaschema schema/contract.schema.json
find contracts -name '*.json' -print0 | sort -z | xargs -0 "$check" --schemafile schema/contract.schema.json

# One corpus, judged by the real validator here and by the loader in SchemaAgreementTests: both
# reject schema/examples/invalid/, both accept schema/examples/valid/, and the schema accepts
# schema/examples/loader-only/ (rules JSON Schema cannot say), which the loader rejects. The
# schema names no catalogue, so it accepts schema/examples/catalogue/ too (names the built-in
# catalogue does not have, arguments and models its endpoints do not take), which the loader
# and the schema `export schema` writes for the built-in catalogue reject (below).
rejected=0
for contract in schema/examples/invalid/*.json; do
    if "$check" --schemafile schema/contract.schema.json "$contract" > /dev/null 2>&1; then
        echo "check-schema: the schema accepts $contract, which the loader rejects" >&2
        exit 1
    fi
    rejected=$((rejected + 1))
done
accepted=0
for contract in schema/examples/valid/*.json schema/examples/loader-only/*.json schema/examples/catalogue/*.json; do
    if ! "$check" --schemafile schema/contract.schema.json "$contract" > /dev/null; then
        echo "check-schema: the schema rejects $contract, which the loader accepts (or which JSON Schema cannot judge)" >&2
        exit 1
    fi
    accepted=$((accepted + 1))
done
# A contract `add` creates names the schema and validates against it.
tool=.build/debug/dogpatch-contracts
[ -x "$tool" ] || swift build --product dogpatch-contracts > /dev/null
suite="$(mktemp -d)"
trap 'rm -rf "$suite"' EXIT
mkdir -p "$suite/contracts" "$suite/Fixtures" "$suite/schema"
cp schema/contract.schema.json "$suite/schema/"
printf '[{"name": {"common": "Peru"}, "cca3": "PER"}]' > "$suite/peru.json"
(cd "$suite" && "$OLDPWD/$tool" add peru.json --contract contracts/countries/peru.json --endpoint countries.byName \
    --arguments '{"name": "peru"}' --name peru > /dev/null)
grep -q '"$schema": "../../schema/contract.schema.json"' "$suite/contracts/countries/peru.json"
"$check" --schemafile schema/contract.schema.json "$suite/contracts/countries/peru.json" > /dev/null
echo "check-schema: every contract in contracts/ validates, and one add creates; the $rejected invalid examples are rejected and the $accepted valid, loader-only and catalogue ones accepted, as the loader judges them (or as only a catalogue can)"

# The schema export schema writes with the catalogue's names: a valid schema that every contract
# of the repository and every valid example meets, and that rejects the invalid examples and the
# catalogue ones, as the loader does.
named="$suite/named.schema.json"
"$tool" export schema --out "$named" > /dev/null
"$check" --check-metaschema "$named" > /dev/null
find contracts -name '*.json' -print0 | sort -z | xargs -0 "$check" --schemafile "$named" > /dev/null
for contract in schema/examples/valid/*.json; do
    if ! "$check" --schemafile "$named" "$contract" > /dev/null; then
        echo "check-schema: the built-in catalogue's schema rejects $contract, which the loader accepts" >&2
        exit 1
    fi
done
named_rejected=0
for contract in schema/examples/invalid/*.json schema/examples/catalogue/*.json; do
    if "$check" --schemafile "$named" "$contract" > /dev/null 2>&1; then
        echo "check-schema: the built-in catalogue's schema accepts $contract, which the loader rejects" >&2
        exit 1
    fi
    named_rejected=$((named_rejected + 1))
done
echo "check-schema: export schema's schema of the built-in catalogue is valid, every contract and valid example meets it, and it rejects the $named_rejected invalid and catalogue examples"

# The OpenAPI document export writes: a valid document, whose schemas accept every body the suite
# (and every mutant mutate makes of it) expects to decode and reject every body it expects to fail
# with jsonConversionFailure.
"$tool" export openapi --out "$suite/openapi.json" > /dev/null
"$tool" mutate --mutants "$suite/mutants" > /dev/null
"$venv/bin/python" scripts/check-openapi.py "$suite/openapi.json" . "$suite/mutants"
