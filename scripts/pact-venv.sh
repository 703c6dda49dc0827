# Sourced by the scripts the real Pact CLI judges (check-pact.sh, check-broker.sh): makes sure
# pact-python-cli is in the virtual environment under .build/, or says why not and exits.
# $1 is the calling script's name, $2 what was not done when the CLI cannot be had.
venv=.build/venv
if [ ! -x "$venv/bin/pact" ]; then
    [ -x "$venv/bin/pip" ] || python3 -m venv "$venv" || { echo "$1: cannot make a Python virtual environment in $venv" >&2; exit 1; }
    if ! "$venv/bin/pip" install --quiet --disable-pip-version-check pact-python-cli; then
        echo "$1: cannot install pact-python-cli from the package registry; $2" >&2
        exit 1
    fi
fi
