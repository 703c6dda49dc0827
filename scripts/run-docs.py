#!/usr/bin/env python3
"""Runs the docs: every command block of README.md and docs/*.md, as written, in reading order, on a
fresh clone of this repository's HEAD, and compares every output the docs show with the real one.

Usage: python3 scripts/run-docs.py [--update] [--working-tree] [--keep] [--verbose] [--self-test] [DOC ...]

  DOC ...         only these documents (README.md, docs/x.md), still in reading order
  --update        rewrite the shown outputs that differ from the real ones (in this checkout's
                  files; a document with uncommitted changes is left alone)
  --working-tree  run on the tracked files as they are in this checkout, not on HEAD
  --keep          keep the temporary folder (the clone, its build, each block's script)
  --verbose       print how long each block took
  --self-test     only the runner's own checks of its reading and comparing (run before every run)

Uncommitted changes are not in the clone: commit them first, or pass --working-tree.

The clone is built once (`swift build`); `.build/debug` is on PATH, and blocks that say
`swift run dogpatch-contracts` run as written (after the build, `swift run` only checks it). HOME and
TMPDIR are folders of the run, so `~/Downloads/...` and `mktemp` never touch the machine's own.

The reading order is README.md, then the docs in the order of the README's "Documentation" table.
Each document starts from the clone as cloned (what one page did is undone before the next), and its
blocks share one shell, as a reader's terminal does: a variable set in one block is there in the next.

Blocks:
- ```sh, ```bash, ```shell: commands, run with `set -e -o pipefail`; must exit 0.
- ```console, or an untagged block whose lines start with `$ `: each `$ ` line (with its `\\`
  continuation lines) is a command, the lines below it its shown output.
- An untagged or ```text block right after a command block (nothing but blank lines between) is
  that block's shown output.
- Any other untagged or ```text block is an output too and needs a marker saying where it comes
  from (`output of`, `excerpt of`, a `setup` that makes it, `synopsis`) or why it is not checked
  (`skip`). ```json, ```swift, ```yaml and other blocks are not commands and are not run.

Markers, HTML comments the renderer hides, on the lines right above a block (one per comment, one or
more comments a line):
  <!-- doc: skip REASON -->           not run or compared; the reason is printed and is required
  <!-- doc: skip-line TEXT: REASON --> the block's command line starting with TEXT is not run
  <!-- doc: exit N -->                the block (a console block: its last command) exits N
  <!-- doc: setup NAME -->            the runner does NAME first (see SETUPS below) and undoes it after
  <!-- doc: server NAME ADDRESS -->   a loopback stand-in for the reader's own server: the runner
                                      starts NAME (see STAND_INS) and, in this block only, replaces
                                      ADDRESS (an origin such as https://api.example.com, or a port on
                                      localhost such as 8080) with the stand-in's
  <!-- doc: interrupt -->            a command that runs until Ctrl-C: once it has printed the shown
                                      output, the runner sends SIGINT (and expects exit 0)
  <!-- doc: ignore timing port -->    numbers of milliseconds or seconds, and loopback ports, may differ
  <!-- doc: prints LINE -->           the block's output holds LINE (as a whole line)
  <!-- doc: output of COMMAND -->     this block is COMMAND's whole output (COMMAND is run here,
                                      hidden from the reader)
  <!-- doc: excerpt of COMMAND -->    each line of this block is a line of COMMAND's output, in order
  <!-- doc: synopsis -->              each command's options here are those of `COMMAND --help`
  <!-- doc: timeout SECONDS -->        the block may run this long (default: 300), such as a cold build

In a shown output, a line `...` stands for any number of lines (`--update` writes it back for a run of
lines that begin with the same word as the line above it). Build lines SwiftPM prints are left out of
every real output. Exit status: 0 every block ran and every output matched, 1 otherwise.
"""

import argparse
import difflib
import http.server
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = "dogpatch-contracts"

# SwiftPM's own lines around a `swift run` or `swift package`: not the tool's output.
SWIFTPM_LINE = re.compile(
    r"^(\[\d+/\d+\] .*|Building for (debugging|production)\.\.\.|Build (of product '.*' )?complete! \(.*\)"
    r"|Build of product '.*' complete!.*|Planning build|Compiling plugin .*|Building plugin .*"
    r"|Write swift-version.*|Fetching .*|Computing version .*)$"
)
COMMAND_TAGS = {"sh", "bash", "shell", "console"}
OUTPUT_TAGS = {"", "text", "output"}
DIRECTIVES = {
    "skip", "skip-line", "exit", "setup", "server", "interrupt", "ignore", "prints", "output", "excerpt",
    "synopsis", "timeout",
}
BLOCK_TIMEOUT = 300


class DocError(Exception):
    """A document the runner cannot read: a marker it does not know, or one in the wrong place."""


# --- Reading the documents -------------------------------------------------------------------------


class Block:
    """A fenced block: where it is, its info string, its lines (without the fence's indentation),
    and the markers above it."""

    def __init__(self, doc, line, indent, tag, lines, markers, after_command):
        self.doc, self.line, self.indent, self.tag = doc, line, indent, tag
        self.lines, self.markers, self.after_command = lines, markers, after_command

    @property
    def where(self):
        return f"{self.doc}:{self.line}"

    def marker(self, name):
        return next((arg for key, arg in self.markers if key == name), None)

    def all(self, name):
        return [arg for key, arg in self.markers if key == name]

    @property
    def is_console(self):
        return self.tag == "console" or (
            self.tag in OUTPUT_TAGS and any(line.startswith("$ ") for line in self.lines))

    @property
    def kind(self):
        if self.tag in COMMAND_TAGS or self.is_console:
            return "command"
        if self.tag in OUTPUT_TAGS:
            return "output"
        if any(key in ("output", "excerpt", "setup") for key, _ in self.markers):
            return "output"
        return "other"


def parse_marker(text, where):
    name, _, arg = text.strip().partition(" ")
    arg = arg.strip()
    if name not in DIRECTIVES:
        raise DocError(f"{where}: unknown marker 'doc: {name}' (known: {', '.join(sorted(DIRECTIVES))})")
    if name in ("output", "excerpt"):
        if not arg.startswith("of "):
            raise DocError(f"{where}: write 'doc: {name} of COMMAND'")
        arg = arg[3:].strip()
    if name in ("skip", "setup", "server", "exit", "ignore", "prints", "output", "excerpt", "skip-line", "timeout") \
            and not arg:
        raise DocError(f"{where}: 'doc: {name}' needs {'a reason' if name == 'skip' else 'an argument'}")
    if name == "skip-line" and ": " not in arg:
        raise DocError(f"{where}: write 'doc: skip-line TEXT: REASON'")
    if name in ("exit", "timeout") and not arg.isdigit():
        raise DocError(f"{where}: 'doc: {name}' takes a number")
    if name == "ignore" and not set(arg.split()) <= {"timing", "port"}:
        raise DocError(f"{where}: 'doc: ignore' takes timing and/or port")
    return name, arg


def read_blocks(doc, text):
    """The fenced blocks of a Markdown document, with the markers directly above each."""
    blocks, markers, previous_command, only_blank_since = [], [], None, False
    lines = text.split("\n")
    fence = re.compile(r"^(\s*)(```+|~~~+)\s*([^\s`]*)\s*$")
    marker = re.compile(r"^\s*(<!--\s*doc:.*?-->\s*)+$")
    number = 0
    while number < len(lines):
        line = lines[number]
        number += 1
        if marker.match(line):
            for found in re.findall(r"<!--\s*doc:(.*?)-->", line):
                markers.append(parse_marker(found, f"{doc}:{number}"))
            continue
        if re.match(r"^\s*<!--.*-->\s*$", line):
            continue  # another tool's marker (LayerTests reads `<!-- layers -->`)
        opened = fence.match(line)
        if not opened:
            if line.strip():
                if markers:
                    raise DocError(f"{doc}:{number}: a 'doc:' marker must be right above a block")
                only_blank_since = False
            continue
        indent, ticks, tag = opened.group(1), opened.group(2), opened.group(3).lower()
        start, body = number, []
        while number < len(lines) and not (
            lines[number].strip().startswith(ticks) and lines[number].strip().strip(ticks[0]) == ""):
            body.append(lines[number][len(indent):] if lines[number].startswith(indent) else lines[number].lstrip())
            number += 1
        number += 1  # the closing fence
        block = Block(doc, start, indent, tag, body, markers, previous_command if only_blank_since else None)
        blocks.append(block)
        markers = []
        previous_command = block if block.kind == "command" else None
        only_blank_since = True
    if markers:
        raise DocError(f"{doc}: a 'doc:' marker at the end, above no block")
    return blocks


def reading_order(root):
    """README.md, then the docs in the order of the README's "Documentation" table; a doc the table
    does not name is an error, so a new page cannot be left out."""
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    section = readme.split("\n## Documentation", 1)
    if len(section) < 2:
        raise DocError("README.md: no '## Documentation' section to take the reading order from")
    table = section[1].split("\n## ", 1)[0]
    order = []
    for link in re.findall(r"\]\((docs/[^)#\s]+\.md)", table):
        if link not in order:
            order.append(link)
    present = sorted("docs/" + name for name in os.listdir(os.path.join(root, "docs")) if name.endswith(".md"))
    missing = [doc for doc in present if doc not in order]
    if missing:
        raise DocError(f"README.md: the Documentation table does not name {', '.join(missing)}")
    return ["README.md"] + [doc for doc in order if doc in present]


# --- Comparing outputs -----------------------------------------------------------------------------


def real_lines(output):
    lines = [line.rstrip() for line in output.replace("\r\n", "\n").split("\n")]
    lines = [line for line in lines if not SWIFTPM_LINE.match(line)]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def line_pattern(shown, ignores):
    """A shown line as a regular expression: itself, with timings and loopback ports free where the
    block says so."""
    free = []
    if "timing" in ignores:
        free.append(r"\d+(?:\.\d+)?(?= ?(?:ms|s)\b)")
    if "port" in ignores:
        free.append(r"(?<=127\.0\.0\.1:)\d+|(?<=localhost:)\d+")
    if not free:
        return re.escape(shown)
    pattern, at = "", 0
    for found in re.finditer("|".join(free), shown):
        pattern += re.escape(shown[at:found.start()]) + r"\d+(?:\.\d+)?"
        at = found.end()
    return pattern + re.escape(shown[at:])


def is_ellipsis(line):
    return line.strip() == "..."


def matches_exactly(shown, real, ignores):
    pattern = "".join(
        r"(?:[^\n]*\n)*?" if is_ellipsis(line) else line_pattern(line.rstrip(), ignores) + r"\n" for line in shown)
    return re.fullmatch(pattern, "".join(line + "\n" for line in real)) is not None


def excerpt_misses(shown, real, ignores):
    """The shown lines not found, in order, among the real ones."""
    misses, at = [], 0
    for line in shown:
        if is_ellipsis(line) or not line.strip():
            continue
        pattern = re.compile(line_pattern(line.rstrip(), ignores))
        found = next((index for index in range(at, len(real)) if pattern.fullmatch(real[index])), None)
        if found is None:
            misses.append(line)
        else:
            at = found + 1
    return misses


def rewritten_exact(shown, real):
    """The real output as the block should show it. Where the shown block has a `...`, each run of real
    lines that begin with the word of the line above its first `...` is written `...`, but for the
    first line of the first run (`PASS ...` then `...` stands for every run of PASS lines)."""
    first = next((at for at, line in enumerate(shown) if is_ellipsis(line)), None)
    if not first or not shown[first - 1].split():
        return real
    words = {shown[first - 1].split()[0]}
    out, kept_first = [], False
    for line in real:
        if not (line.split()[:1] and line.split()[0] in words):
            out.append(line)
        elif not kept_first:
            out += [line, "..."]
            kept_first = True
        elif not is_ellipsis(out[-1]):
            out.append("...")
    return out


def rewritten_excerpt(shown, real, ignores):
    """Each shown line that is not in the output replaced by the nearest real line, in the output's
    order."""
    found = []
    for line in shown:
        if is_ellipsis(line) or not line.strip():
            continue
        pattern = re.compile(line_pattern(line.rstrip(), ignores))
        at = next((index for index, real_line in enumerate(real) if pattern.fullmatch(real_line)), None)
        if at is None:
            close = difflib.get_close_matches(line, real, n=1, cutoff=0.6)
            if not close:
                return shown
            at = real.index(close[0])
        found.append((at, real[at] if pattern.fullmatch(real[at]) is None else line))
    return [line for _, line in sorted(found)]


def diff(shown, real):
    return "\n".join(
        "      " + line for line in difflib.unified_diff(shown, real, "shown", "real", lineterm="", n=2))


# --- Running blocks --------------------------------------------------------------------------------


class Run:
    """One run of the docs: the clone, its shell state, the counts, the failures and the updates."""

    def __init__(self, work, clone, update):
        self.work, self.clone, self.update = work, clone, update
        self.home = os.path.join(work, "home")
        self.bin = os.path.join(work, "bin")
        self.state = os.path.join(work, "shell-state")
        self.cwd_file = os.path.join(work, "shell-cwd")
        self.counts = {"run": 0, "skipped": 0, "compared": 0, "lines skipped": 0, "not commands": 0}
        self.failures, self.updates, self.cleanups = [], [], []
        self.env = dict(os.environ)
        self.env.update({
            "HOME": self.home, "TMPDIR": os.path.join(work, "tmp"),
            "PATH": os.pathsep.join([self.bin, os.path.join(clone, ".build", "debug"), os.environ.get("PATH", "")]),
            "GIT_AUTHOR_NAME": "doc runner", "GIT_AUTHOR_EMAIL": "docs@example.invalid",
            "GIT_COMMITTER_NAME": "doc runner", "GIT_COMMITTER_EMAIL": "docs@example.invalid",
            "PACT_DO_NOT_TRACK": "true",
        })
        self.env.pop("NO_COLOR", None)
        self.env.pop("GITHUB_STEP_SUMMARY", None)
        for folder in (self.home, self.bin, self.env["TMPDIR"]):
            os.makedirs(folder, exist_ok=True)

    # The shell a page's blocks share: variables and the current folder carry over.
    def new_page(self, start):
        git(self.clone, "reset", "-q", "--hard", start)
        git(self.clone, "clean", "-qfdx", "-e", "/.build")
        for path in (self.state, self.cwd_file):
            if os.path.exists(path):
                os.remove(path)
        shutil.rmtree(self.env["TMPDIR"])
        os.makedirs(self.env["TMPDIR"])

    def shell(self, script, name, interrupt_after=None, timeout=BLOCK_TIMEOUT):
        """Runs a script in the page's shell; returns its exit status and its output (stdout and
        stderr as a terminal interleaves them)."""
        path = os.path.join(self.work, "blocks", name + ".sh")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(script + "\n")
        wrapper = f"""
[ -f {q(self.state)} ] && . {q(self.state)}
[ -f {q(self.cwd_file)} ] && cd "$(cat {q(self.cwd_file)})"
trap '__doc_status=$?; export -p | grep -Ev "^declare -x (PWD|OLDPWD|SHLVL|_)=" > {q(self.state)}; pwd > {q(self.cwd_file)}; exit $__doc_status' EXIT
set -a -e -o pipefail
. {q(path)}
"""
        process = subprocess.Popen(
            ["bash", "--noprofile", "--norc", "-c", wrapper], cwd=self.clone, env=self.env,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        chunks, shown = [], 0
        deadline = time.monotonic() + timeout
        timer = threading.Timer(timeout, lambda: kill_group(process, signal.SIGKILL))
        timer.start()
        interrupted = False
        try:
            for raw in iter(process.stdout.readline, b""):
                chunks.append(raw)
                if interrupt_after is not None and not interrupted:
                    shown = len(real_lines(b"".join(chunks).decode("utf-8", "replace")))
                    if shown >= interrupt_after:
                        interrupted = True
                        kill_group(process, signal.SIGINT)
            status = process.wait()
        finally:
            timer.cancel()
        if time.monotonic() > deadline:
            return -1, b"".join(chunks).decode("utf-8", "replace") + f"\n(killed after {timeout} s)"
        return status, b"".join(chunks).decode("utf-8", "replace")

    def fail(self, block, message, detail=""):
        self.failures.append(block.where)
        print(f"FAIL  {block.where}  {message}")
        if detail:
            print(detail)

    def edit(self, path, old, new, count=1):
        """Changes a file of the clone for one block; restored after it."""
        full = os.path.join(self.clone, path)
        text = open(full, encoding="utf-8").read()
        if old not in text:
            raise RuntimeError(f"setup: {path} no longer holds {old!r}")
        self.cleanups.append(lambda: write(full, text))
        write(full, text.replace(old, new, count))

    def tool(self, *arguments, cwd=None):
        built = os.path.join(self.clone, ".build", "debug", TOOL)
        done = subprocess.run([built, *arguments], cwd=cwd or self.clone, env=self.env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=BLOCK_TIMEOUT)
        return done.returncode, done.stdout.decode("utf-8", "replace")

    def undo(self):
        while self.cleanups:
            self.cleanups.pop()()


def q(text):
    return shlex.quote(text)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def git(folder, *arguments):
    return subprocess.run(["git", "-C", folder, *arguments], check=True, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE).stdout.decode().strip()


def kill_group(process, sig):
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:
        pass


def console_commands(lines):
    """A console block's commands, each with its shown output: `$ ` lines, `\\` continuations."""
    commands, current = [], None
    continuing = False
    for line in lines:
        if continuing and current is not None:
            current[0].append(line)
            continuing = line.rstrip().endswith("\\")
        elif line.startswith("$ "):
            current = ([line[2:]], [])
            commands.append(current)
            continuing = line.rstrip().endswith("\\")
        elif current is not None:
            current[1].append(line)
    return [("\n".join(command), output) for command, output in commands]


# --- Stand-ins for the reader's own servers, and set-ups -------------------------------------------


class ServeStandIn:
    """`dogpatch-contracts serve` of the suite as the page found it, on a free loopback port."""

    def __init__(self, run, *paths):
        built = os.path.join(run.clone, ".build", "debug", TOOL)
        self.log = open(os.path.join(run.work, "serve.log"), "w+b")
        self.process = subprocess.Popen([built, "serve", *paths], cwd=run.clone, env=run.env,
                                        stdout=subprocess.PIPE, stderr=self.log, start_new_session=True)
        first = self.process.stdout.readline().decode()
        if not first.startswith("serving http://"):
            self.stop()
            raise RuntimeError(f"serve did not start: {first!r}")
        self.origin = first.split()[1].rstrip("/")
        run.cleanups.append(self.stop)

    def get(self, path):
        try:
            with urllib.request.urlopen(self.origin + path, timeout=10) as answer:
                return answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.read().decode()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=10)

    def logged(self):
        self.stop()
        self.log.seek(0)
        return self.log.read().decode()


class ScriptStandIn:
    """A script that prints the port it listens on, then serves until it is stopped."""

    def __init__(self, run, *command):
        self.process = subprocess.Popen(list(command), cwd=run.clone, env=run.env, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        port = self.process.stdout.readline().decode().strip()
        if not port.isdigit():
            self.stop()
            raise RuntimeError(f"{command[1]} did not start")
        self.origin = f"http://127.0.0.1:{port}"
        run.cleanups.append(self.stop)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


class FixedAnswer:
    """A loopback server that answers every GET with one JSON body."""

    def __init__(self, run, body):
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                data = body.encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *_):
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        run.cleanups.append(self.server.shutdown)


def stand_in_serve(run):
    return ServeStandIn(run)


def stand_in_pact_provider(run, api):
    pact = os.path.join(ROOT, ".build", "venv", "bin", "pact")
    if not os.access(pact, os.X_OK):
        raise RuntimeError("the Pact CLI is not in .build/venv: scripts/check-pact.sh installs it (pact-python-cli)")
    link = os.path.join(run.bin, "pact")
    if not os.path.exists(link):
        os.symlink(pact, link)
    return ScriptStandIn(run, sys.executable, os.path.join(run.clone, "scripts", "pact-provider.py"), ".", api,
                         "recorded")


def stand_in_pact_broker(run):
    """scripts/broker-stand-in.py: the Pact Broker's HAL API for publish, record-release and
    record-support-ended (no broker runs here), with the real `pact` CLI on PATH."""
    pact = os.path.join(ROOT, ".build", "venv", "bin", "pact")
    if not os.access(pact, os.X_OK):
        raise RuntimeError("the Pact CLI is not in .build/venv: scripts/check-broker.sh installs it (pact-python-cli)")
    link = os.path.join(run.bin, "pact")
    if not os.path.exists(link):
        os.symlink(pact, link)
    return ScriptStandIn(run, sys.executable, os.path.join(run.clone, "scripts", "broker-stand-in.py"),
                         os.path.join(run.work, "broker-requests.jsonl"))


STAND_INS = {
    # The tool's own mock server, serving the suite: the DogPatch or restcountries API a reader runs.
    "serve": stand_in_serve,
    # scripts/pact-provider.py for API (dogpatch or countries): the server team's provider, with the
    # state-change URL /_pact/state, answering as the fixtures do.
    "pact-provider": stand_in_pact_provider,
    # scripts/broker-stand-in.py: the team's Pact Broker, for publish, record-release and
    # record-support-ended with the real CLI.
    "pact-broker": stand_in_pact_broker,
}


def setup_readme_failure(run):
    """The README's three edits: a cost made "free" in a fixture three cases read, an expected name
    changed by hand, and a fixture path mistyped."""
    run.edit("Fixtures/dogs/page.json", '"cost": 980,', '"cost": "free",')
    run.edit("contracts/fixtures/dog-detail.json", '"name": "Comet"', '"name": "Kometa"')
    run.edit("contracts/countries/by-name-full-text.json", '"countries/united-states.json"',
             '"countries/united-states-2.json"')


def setup_count_five(run):
    """The france case of contracts/countries/by-name.json expecting 5 elements instead of 1."""
    run.edit("contracts/countries/by-name.json", '"count": 1,', '"count": 5,')


def setup_unignore_gender(run):
    """contracts/dogpatch/get-dogs.json without its ignoredKeys, so the unread gender is reported."""
    run.edit("contracts/dogpatch/get-dogs.json", '  "ignoredKeys": ["[*].gender"],\n', "")


def setup_breed_optional(run):
    """A [Dog] profile that says breed was optional, while the model requires it."""
    run.edit("profiles/[Dog].json", '"[*].breed": { "null": false, "required": true',
             '"[*].breed": { "null": false, "required": false')


def setup_before_walkthrough(run):
    """A clone whose HEAD holds the walk-through's result (a reader who followed it and committed it)
    starts from before it, as a reader on a fresh clone would."""
    done = [path for path in ("contracts/countries/by-name-peru.json", "Fixtures/countries/name-peru.json")
            if os.path.exists(os.path.join(run.clone, path))]
    if done:
        git(run.clone, "rm", "-q", *done)
        git(run.clone, "-c", "user.name=doc runner", "-c", "user.email=docs@example.invalid", "commit", "-q", "-m",
            "before the walk-through")


def setup_drift(run):
    """verify --live of a one-line recorded peru fixture against a loopback server whose answer has
    drifted: a key no longer sent, a key now sent that the model reads, a number now sent as null."""
    recorded = ('[{"name":{"common":"Peru","official":"Republic of Peru"},"area":1285216,"car":{"signs":["PE"],'
                '"side":"right"}}]\n')
    served = ('[{"fifa":"PER","name":{"common":"Peru","official":"Republic of Peru"},"area":null,'
              '"car":{"side":"right"}}]')
    write(os.path.join(run.clone, "Fixtures/countries/peru.json"), recorded)
    write(os.path.join(run.clone, "contracts/countries/peru.json"), json.dumps({
        "endpoint": "countries.byName", "arguments": {"name": "peru"},
        "cases": [{"name": "peru", "response": {"status": 200, "fixture": "countries/peru.json"},
                   "recorded": {"url": "https://restcountries.com/v3.1/name/peru", "at": "2026-11-22T08:00:00Z"},
                   "expect": {"decodes": True, "count": 1}}]}, indent=2))
    server = FixedAnswer(run, served)
    _, output = run.tool("verify", "--live", "contracts/countries/peru.json", "--base-url",
                         f"countries={server.origin}/v3.1/")
    return output


def setup_serve_404(run):
    """The body serve answers a request no contract matches: GET /v3.1/name/fr."""
    return ServeStandIn(run).get("/v3.1/name/fr")


def setup_serve_log(run):
    """serve's log line for GET /v3.1/all?fields=name,capital."""
    server = ServeStandIn(run)
    server.get("/v3.1/all?fields=name,capital")
    return server.logged()


APP_FOLDER = "TodoApp"
RELEASE_DEPENDENCY = re.compile(
    r'\.package\(url: "https://github\.com/<owner>/dogpatch-contracts", branch: "main"\)')


def page_files(text):
    """The files a page shows, each under a `<!-- scratch-package: PATH -->` marker (blocks of one
    path joined in order), as OwnEndpointTests reads them."""
    files, claim, lines, at = {}, None, text.split("\n"), 0
    while at < len(lines):
        line = lines[at].strip()
        at += 1
        found = re.fullmatch(r"<!-- scratch-package: (.+) -->", line)
        if found:
            claim = found.group(1)
            continue
        if line.startswith("<!--") or not line.startswith("```"):
            continue
        body = []
        while at < len(lines) and not lines[at].strip().startswith("```"):
            body.append(lines[at])
            at += 1
        at += 1
        if claim and not claim.startswith("output of "):
            files[claim] = files.get(claim, "") + ("\n" if claim in files else "") + "\n".join(body) + "\n"
        claim = None
    return files


def setup_todo_app(run):
    """~/TodoApp: the files docs/your-own-endpoint.md shows, as a reader writes them, its dependency
    on this repository made a path dependency on the clone (through a link named as the URL's last
    part, so `package: "dogpatch-contracts"` resolves to it and nothing is fetched)."""
    app = os.path.join(run.home, APP_FOLDER)
    if os.path.exists(app):
        shutil.rmtree(app)
    link = os.path.join(run.work, "dogpatch-contracts")
    if not os.path.lexists(link):
        os.symlink(run.clone, link)
    text = open(os.path.join(run.clone, "docs", "your-own-endpoint.md"), encoding="utf-8").read()
    files = page_files(text)
    manifest = files.get("Package.swift", "")
    if not RELEASE_DEPENDENCY.search(manifest):
        raise RuntimeError("setup: the page's Package.swift does not depend on dogpatch-contracts' main branch")
    files["Package.swift"] = RELEASE_DEPENDENCY.sub(f'.package(path: "{link}")', manifest)
    for path, content in files.items():
        write(os.path.join(app, path), content)


def setup_verifiers(run):
    """The Pact verifier and check-jsonschema in ~/TodoApp/.build/venv: a link to this checkout's
    .build/venv, where scripts/check-pact.sh installed pact-python-cli (check-jsonschema is added to
    it here when missing), so a docs run installs nothing twice."""
    venv = os.path.join(ROOT, ".build", "venv")
    if not os.access(os.path.join(venv, "bin", "pact"), os.X_OK):
        raise RuntimeError("the Pact CLI is not in .build/venv: scripts/check-pact.sh installs it (pact-python-cli)")
    if not os.access(os.path.join(venv, "bin", "check-jsonschema"), os.X_OK):
        subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--quiet", "--disable-pip-version-check",
                        "check-jsonschema"], check=True)
    link = os.path.join(run.home, APP_FOLDER, ".build", "venv")
    os.makedirs(os.path.dirname(link), exist_ok=True)
    if not os.path.lexists(link):
        os.symlink(venv, link)


# Each takes the run; one that returns text makes the output its block is compared with.
SETUPS = {
    "readme-failure": setup_readme_failure,
    "count-five": setup_count_five,
    "unignore-gender": setup_unignore_gender,
    "breed-optional": setup_breed_optional,
    "before-walkthrough": setup_before_walkthrough,
    "drift": setup_drift,
    "serve-404": setup_serve_404,
    "serve-log": setup_serve_log,
    # docs/your-own-endpoint.md: the app's package as the page shows it, and its verifiers.
    "todo-app": setup_todo_app,
    "verifiers": setup_verifiers,
}


# --- The synopsis check ----------------------------------------------------------------------------


def help_options(run, command):
    status, output = run.tool(*command.split(), "--help")
    if status != 0:
        return None
    return {found.group(1) for found in re.finditer(r"(?m)^  (?:-\w, )?(--[a-z][a-z-]*)", output)} - {"--help"}


def check_synopsis(run, block):
    entries, current = {}, None
    for line in block.lines:
        if line.startswith(TOOL + " "):
            words = line.split()
            current = words[1] if not words[1].startswith("-") else None
            if current:
                entries.setdefault(current, set())
        if current:
            entries[current] |= set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", line))
    problems = []
    for command, shown in entries.items():
        wanted = help_options(run, command)
        if wanted is None:
            problems.append(f"      {TOOL} {command} --help fails")
            continue
        if shown - wanted:
            problems.append(f"      {command}: shown but not in --help: {' '.join(sorted(shown - wanted))}")
        if wanted - shown:
            problems.append(f"      {command}: in --help but not shown: {' '.join(sorted(wanted - shown))}")
    return problems


# --- One block ---------------------------------------------------------------------------------------


def stand_ins(run, block):
    """Starts the block's stand-ins; returns what rewrites the reader's addresses to theirs."""
    rewrites = []
    for arg in block.all("server"):
        words = arg.split()
        if len(words) < 2 or words[0] not in STAND_INS:
            raise DocError(f"{block.where}: write 'doc: server NAME ADDRESS', NAME one of {', '.join(STAND_INS)}")
        if words[-1] not in "\n".join(block.lines):
            raise DocError(f"{block.where}: the block does not hold {words[-1]}")
        stand_in = STAND_INS[words[0]](run, *words[1:-1])
        rewrites.append((words[-1], stand_in.origin))

    def rewrite(script):
        for address, origin in rewrites:
            if address.isdigit():
                script = re.sub(rf"(?<![\d.]){address}(?!\d)", origin.rsplit(":", 1)[1], script)
            else:
                script = script.replace(address, origin)
        return script

    return rewrite


def run_setups(run, block):
    made = None
    for name in block.all("setup"):
        if name not in SETUPS:
            raise DocError(f"{block.where}: no setup '{name}' (known: {', '.join(SETUPS)})")
        result = SETUPS[name](run)
        if result is not None:
            made = result
    return made


def skip_lines(run, block, script):
    for arg in block.all("skip-line"):
        text, _, reason = arg.partition(": ")
        kept = []
        for line in script.split("\n"):
            if line.strip().startswith(text):
                print(f"SKIP  {block.where}  `{line.strip()}` ({reason})")
                kept.append(": " + q(line.strip()))
                run.counts["lines skipped"] += 1
            else:
                kept.append(line)
        if kept == script.split("\n"):
            raise DocError(f"{block.where}: no command line starts with {text!r}")
        script = "\n".join(kept)
    return script


def expect_status(run, block, status, output, wanted):
    if status != wanted:
        tail = "\n".join("      " + line for line in real_lines(output)[-15:])
        run.fail(block, f"exited {status}, expected {wanted}", tail)
        return False
    return True


def compare(run, block, shown, real, mode):
    """Compares a shown output with the real one; records an update when asked to."""
    ignores = set(" ".join(block.all("ignore")).split())
    run.counts["compared"] += 1
    if mode == "json":
        try:
            same = json.loads("\n".join(shown)) == json.loads("\n".join(real))
        except json.JSONDecodeError as error:
            run.fail(block, f"not JSON: {error}", diff(shown, real))
            return
        if not same:
            run.fail(block, "the shown JSON differs from the real one (update it by hand)", diff(shown, real))
        return
    if mode == "excerpt":
        misses = excerpt_misses(shown, real, ignores)
        if not misses:
            return
        new = rewritten_excerpt(shown, real, ignores)
        detail = "\n".join("      not in the output: " + line for line in misses)
        detail += "\n      the output:\n" + "\n".join("      " + line for line in real[-40:])
    else:
        if matches_exactly(shown, real, ignores):
            return
        new = rewritten_exact(shown, real)
        detail = diff(shown, real)
    if run.update and new != shown:
        run.updates.append((block, new))
        print(f"UPDATE {block.where}  the shown output, from the real one")
    else:
        run.fail(block, "the shown output differs from the real one", detail)


def run_command_block(run, block):
    """Runs a command block; returns its output's lines (None when it failed)."""
    wanted = int(block.marker("exit") or 0)
    limit = int(block.marker("timeout") or BLOCK_TIMEOUT)
    name = f"{block.doc.replace('/', '-')}-{block.line}"
    run.counts["run"] += 1
    run_setups(run, block)
    rewrite = stand_ins(run, block)
    if block.is_console:
        commands = console_commands(block.lines)
        real = []
        for number, (command, _) in enumerate(commands):
            status, output = run.shell(rewrite(skip_lines(run, block, command)), f"{name}-{number}", timeout=limit)
            if not expect_status(run, block, status, output, wanted if number == len(commands) - 1 else 0):
                return None
            real += ["$ " + line if at == 0 else line for at, line in enumerate(command.split("\n"))]
            real += real_lines(output)
        compare(run, block, block.lines, real, "exact")
        return real
    follower = next((other for other in run.blocks if other.after_command is block), None)
    interrupt = None
    if block.marker("interrupt") is not None:
        if follower is None:
            raise DocError(f"{block.where}: 'doc: interrupt' needs the shown output right below the block")
        interrupt = len(real_lines("\n".join(follower.lines)))
    script = rewrite(skip_lines(run, block, "\n".join(block.lines)))
    status, output = run.shell(script, name, interrupt_after=interrupt, timeout=limit)
    if not expect_status(run, block, status, output, wanted):
        return None
    real = real_lines(output)
    for line in block.all("prints"):
        run.counts["compared"] += 1
        if line.rstrip() not in real:
            run.fail(block, f"the output does not hold the line {line!r}",
                     "\n".join("      " + line for line in real[-15:]))
    return real


def run_output_block(run, block, above):
    """An output block: compared with the command right above it, a hidden command, or what a setup
    made."""
    if block.marker("synopsis") is not None:
        run.counts["compared"] += 1
        problems = check_synopsis(run, block)
        if problems:
            run.fail(block, "the synopsis and the commands' --help differ", "\n".join(problems))
        return
    json_block = block.tag == "json"
    hidden = block.marker("output") or block.marker("excerpt")
    made = run_setups(run, block)
    if hidden is not None:
        status, output = run.shell(hidden, f"{block.doc.replace('/', '-')}-{block.line}-hidden")
        if not expect_status(run, block, status, output, int(block.marker("exit") or 0)):
            return
        real, excerpt = real_lines(output), block.marker("excerpt") is not None
    elif made is not None:
        real, excerpt = real_lines(made), True
    elif block.after_command is not None:
        if above is None:
            return  # its command failed, and said so
        real, excerpt = above, False
    else:
        raise DocError(f"{block.where}: an output with nothing to compare it with: mark it 'doc: output of "
                       "COMMAND', 'doc: excerpt of COMMAND', 'doc: setup NAME' or 'doc: skip REASON'")
    compare(run, block, block.lines, real, "json" if json_block else "excerpt" if excerpt else "exact")


def run_document(run, doc, start):
    text = open(os.path.join(run.clone, doc), encoding="utf-8").read()
    run.blocks = read_blocks(doc, text)
    run.new_page(start)
    results, skipped = {}, set()
    for block in run.blocks:
        skip = block.marker("skip")
        if skip is None and block.after_command is not None and block.after_command.line in skipped:
            skip = "the output of the command above, which is skipped"
        if skip is not None:
            skipped.add(block.line)
            if block.kind != "other":
                run.counts["skipped"] += 1
                print(f"SKIP  {block.where}  ({skip})")
            continue
        if block.kind == "other":
            if any(key != "skip" for key, _ in block.markers):
                raise DocError(f"{block.where}: a ```{block.tag} block is not a command or an output")
            run.counts["not commands"] += 1
            continue
        started = time.monotonic()
        try:
            if block.kind == "command":
                results[block.line] = run_command_block(run, block)
            else:
                run_output_block(run, block, results.get(block.after_command.line) if block.after_command else None)
        except DocError:
            raise
        except (RuntimeError, OSError, ValueError, subprocess.SubprocessError) as error:
            run.fail(block, f"the runner could not set it up: {error}")
        finally:
            run.undo()
        if run.verbose:
            print(f"      {block.where}  {time.monotonic() - started:.1f} s")


def apply_updates(run):
    by_doc = {}
    for block, new in run.updates:
        by_doc.setdefault(block.doc, []).append((block, new))
    for doc, changes in by_doc.items():
        path = os.path.join(ROOT, doc)
        if subprocess.run(["git", "-C", ROOT, "diff", "--quiet", "HEAD", "--", doc]).returncode != 0 and not run.working_tree:
            print(f"NOT UPDATED  {doc}: it has uncommitted changes; commit them, or pass --working-tree")
            continue
        lines = open(path, encoding="utf-8").read().split("\n")
        for block, new in sorted(changes, key=lambda change: -change[0].line):
            end = block.line + len(block.lines)
            old = [line[len(block.indent):] if line.startswith(block.indent) else line.lstrip()
                   for line in lines[block.line:end]]
            if old != block.lines:
                print(f"NOT UPDATED  {block.where}: the file differs from the one that ran")
                continue
            lines[block.line:end] = [(block.indent + line) if line else "" for line in new]
        write(path, "\n".join(lines))
        print(f"updated {doc}")


def clone_repository(work, working_tree):
    clone = os.path.join(work, "clone")
    subprocess.run(["git", "clone", "--quiet", ROOT, clone], check=True)
    dirty = git(ROOT, "status", "--porcelain", "--untracked-files=no")
    if working_tree and dirty:
        patch = subprocess.run(["git", "-C", ROOT, "diff", "--binary", "HEAD"], check=True,
                               stdout=subprocess.PIPE).stdout
        subprocess.run(["git", "-C", clone, "apply", "--index", "--whitespace=nowarn"], input=patch, check=True)
        git(clone, "-c", "user.name=doc runner", "-c", "user.email=docs@example.invalid", "commit", "-q", "-m",
            "the working tree")
        print("run-docs: on the working tree's tracked files (uncommitted changes included)")
    elif dirty:
        print("run-docs: note: uncommitted changes are not in the clone (commit them, or pass --working-tree)")
    return clone, git(clone, "rev-parse", "HEAD")


# --- The runner's own checks, run before every run ---------------------------------------------------


def self_test():
    """Checks the reading and comparing on small documents; a runner that cannot tell a drifted doc
    from a true one would pass everything."""
    doc = "\n".join([
        "<!-- doc: setup thing --> <!-- doc: exit 2 -->", "```console", "$ tool run \\", "  --flag", "PASS  a",
        "PASS  b", "FAIL  c", "```", "", "```sh", "tool serve", "```", "", "<!-- doc: ignore port timing -->", "```",
        "serving http://127.0.0.1:53124 in 0.2 ms", "```", "Prose.", "", "```", "orphan", "```", "```json", "{}",
        "```", "<!-- layers -->", "```text", "after prose", "```"])
    blocks = read_blocks("x.md", doc)
    assert [block.kind for block in blocks] == ["command", "command", "output", "output", "other", "output"]
    assert blocks[0].is_console and blocks[0].markers == [("setup", "thing"), ("exit", "2")]
    assert console_commands(blocks[0].lines) == [("tool run \\\n  --flag", ["PASS  a", "PASS  b", "FAIL  c"])]
    assert blocks[2].after_command is blocks[1] and blocks[3].after_command is None
    assert blocks[5].after_command is None
    for bad in ("<!-- doc: skip -->\n```\nx\n```", "<!-- doc: bogus x -->\n```\nx\n```",
                "<!-- doc: exit 2 -->\nProse.\n```\nx\n```", "<!-- doc: output ls -->\n```\nx\n```"):
        try:
            read_blocks("bad.md", bad)
        except DocError:
            continue
        raise AssertionError(f"not refused: {bad!r}")
    assert real_lines("[3/5] Compiling x\nBuilding for debugging...\nPASS  a  \n\n") == ["PASS  a"]
    ignores = {"port", "timing"}
    assert matches_exactly(blocks[2].lines, ["serving http://127.0.0.1:41000 in 12.5 ms"], ignores)
    assert not matches_exactly(blocks[2].lines, ["serving http://127.0.0.1:41000 in 12.5 ms"], set())
    assert not matches_exactly(blocks[2].lines, ["serving http://10.0.0.1:41000 in 12.5 ms"], ignores)
    shown = ["$ tool", "PASS  a", "...", "FAIL  c", "...", "3 passed"]
    real = ["$ tool", "PASS  a", "PASS  b", "FAIL  c", "PASS  d", "3 passed"]
    assert matches_exactly(shown, real, set()) and not matches_exactly(shown, real + ["extra"], set())
    assert not matches_exactly(shown, ["$ tool", "PASS  a", "FAIL  x", "3 passed"], set())
    assert rewritten_exact(shown[:3] + ["3 passed"], real) == ["$ tool", "PASS  a", "...", "FAIL  c", "...", "3 passed"]
    assert excerpt_misses(["b:1:2: x", "a:3:4: y"], ["a:3:4: y", "b:1:2: x"], set()) == ["a:3:4: y"]
    assert rewritten_excerpt(["b:1:2: x", "a:3:5: y"], ["a:3:4: y", "b:1:2: x"], set()) == ["a:3:4: y", "b:1:2: x"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("docs", nargs="*", metavar="DOC")
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--working-tree", action="store_true")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--self-test", action="store_true")
    options = parser.parse_args()
    began = time.monotonic()
    try:
        self_test()
    except (AssertionError, DocError) as error:
        print(f"run-docs: the runner's own check failed: {error!r}", file=sys.stderr)
        raise
    if options.self_test:
        print("run-docs: the runner's own checks passed")
        return 0
    try:
        order = reading_order(ROOT)
    except DocError as error:
        print(f"run-docs: {error}", file=sys.stderr)
        return 1
    unknown = [doc for doc in options.docs if doc not in order]
    if unknown:
        print(f"run-docs: not a document of the reading order: {', '.join(unknown)}", file=sys.stderr)
        return 2
    docs = [doc for doc in order if not options.docs or doc in options.docs]

    work = tempfile.mkdtemp(prefix="run-docs.")
    try:
        clone, start = clone_repository(work, options.working_tree)
        run = Run(work, clone, options.update)
        run.working_tree, run.verbose = options.working_tree, options.verbose
        built = time.monotonic()
        build = subprocess.run(["swift", "build"], cwd=clone, env=run.env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
        if build.returncode != 0:
            print(build.stdout.decode("utf-8", "replace"))
            print("run-docs: the clone does not build", file=sys.stderr)
            return 1
        print(f"run-docs: cloned and built in {time.monotonic() - built:.0f} s ({work})")
        for doc in docs:
            page = time.monotonic()
            before = dict(run.counts)
            failures = len(run.failures)
            try:
                run_document(run, doc, start)
            except DocError as error:
                run.failures.append(doc)
                print(f"FAIL  {error}")
            done = {key: run.counts[key] - before[key] for key in run.counts}
            verdict = "ok" if len(run.failures) == failures else "FAILED"
            print(f"{verdict:7}{doc}: {done['run']} run, {done['skipped']} skipped, {done['compared']} compared "
                  f"({time.monotonic() - page:.1f} s)")
        if run.update:
            apply_updates(run)
        counts = run.counts
        print(f"run-docs: {len(docs)} documents, {counts['run']} command blocks run, {counts['skipped']} skipped, "
              f"{counts['lines skipped']} command lines skipped, {counts['compared']} shown outputs compared, "
              f"{counts['not commands']} other blocks (json, swift, yaml) not commands; "
              f"{len(run.failures)} failed; {time.monotonic() - began:.0f} s")
        return 1 if run.failures else 0
    finally:
        if options.keep:
            print(f"run-docs: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
