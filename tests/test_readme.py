"""Every command in README.md runs as written: the ```bash blocks line by line (each part of
an ``&&`` chain), and the ```python tour as one script, each in a subprocess."""
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"

# Commands the test does not run, and why. The set is checked exactly, so a new README
# command is either run or listed here on purpose.
SKIPPED = {
    "pip install .": "the package under test is already installed",
    "pip install .[test]": "the package under test is already installed",
    "python -m pytest": "this test is part of that suite; it must not run itself",
}


def _blocks(language):
    return re.findall(rf"^```{language}\n(.*?)^```", README.read_text(encoding="utf-8"), re.M | re.S)


def _commands():
    """Each command of the bash blocks as an argv list, in README order."""
    out = []
    for block in _blocks("bash"):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            command = []
            for w in words + ["&&"]:
                if w == "&&":
                    if command:
                        out.append(command)
                    command = []
                else:
                    command.append(w)
    return out


COMMANDS = _commands()
TO_RUN = [c for c in COMMANDS if " ".join(c) not in SKIPPED]


def _executable(name):
    # The scripts of the interpreter running the tests come first, so the README runs
    # against the package under test even when PATH holds another install.
    if name == "python":
        return sys.executable
    here = os.path.join(sysconfig.get_path("scripts"), name)
    found = here if os.access(here, os.X_OK) else shutil.which(name)
    assert found, f"{name} (run by README.md) is not installed"
    return found


def test_the_skipped_commands_are_exactly_the_expected_ones():
    assert {" ".join(c) for c in COMMANDS if " ".join(c) in SKIPPED} == set(SKIPPED)
    assert {c[0] for c in TO_RUN} == {"solitaire"}, "teach this test how to run the new command"


def test_the_first_lines_install_then_run_the_main_job_then_the_tests():
    first = _blocks("bash")[0].splitlines()
    assert first[0].startswith("pip install . && solitaire show ")
    assert "&& solitaire winnability " in first[0]
    assert first[1] == 'pip install ".[test]" && python -m pytest'


# What a command may say on stderr besides errors: a study's progress, where a plot went.
PROGRESS = re.compile(r"^(\d+/\d+ deals: .*|\d+ of \d+ deals already in the database|plot written to .*)$")


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    # One directory for the whole README, in order: a later command reads what an earlier
    # one wrote (the study database that the report reads).
    return tmp_path_factory.mktemp("readme")


@pytest.mark.parametrize("argv", TO_RUN, ids=[" ".join(c) for c in TO_RUN])
def test_readme_command_runs(argv, workdir):
    proc = subprocess.run([_executable(argv[0]), *argv[1:]], capture_output=True, text=True, timeout=120,
                          cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    assert all(PROGRESS.match(line) for line in proc.stderr.splitlines()), proc.stderr
    assert proc.stdout.strip()


def test_readme_python_tour_runs(tmp_path):
    (tour,) = _blocks("python")
    script = tmp_path / "tour.py"
    # The last line proves the script got to its end rather than leaving early.
    script.write_text(tour + "\nprint('tour finished')\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.splitlines()[-1] == "tour finished"
