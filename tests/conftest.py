"""Shared pytest configuration: Hypothesis profiles.

The test command uses the ``ci`` profile: 20 examples a property unless a test asks for its own number (CI's
pure-kernel pass draws as many again, afresh); ``CGT_HYPOTHESIS_PROFILE=thorough`` runs 2,000 where a test does
not set its own.
"""

import os
import signal
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, settings

# A run started in the background (`nohup`, `cmd &` in a script) inherits SIGINT ignored; Python then installs no
# KeyboardInterrupt handler, and its children inherit the same.  The Ctrl-C tests (a solve, a deep sum, the
# shell's runaway loop, a parallel job) would wait forever for an interrupt that never comes.  Restore Python's
# default here, for this process and for the subprocesses the tests start.
if hasattr(signal, "SIGINT") and signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:  # not the main thread: nothing to restore here
        pass

# Bytecode caches: a machine that sets PYTHONDONTWRITEBYTECODE makes every test worker and every shell the tests
# start (the command line, the terminal, the notebook kernel) compile the library and the rewritten test modules
# afresh (about a tenth of the suite's time on two cores).  The caches go to __pycache__ folders, which git ignores.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    sys.dont_write_bytecode = False

settings.register_profile(
    "ci", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("CGT_HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def _folders_of_tests(tmp_path_factory):
    """One folder under pytest's temporary root that holds every test's own working folder."""
    return tmp_path_factory.mktemp("cwd", numbered=False)


@pytest.fixture(autouse=True)
def _in_a_folder_of_its_own(_folders_of_tests, monkeypatch):
    """Every test runs in an empty folder of its own: what the code writes to the current directory (a
    thermograph's PNG from the shell's ``Plot``, a results cache) never lands in the checkout.

    The folder comes from ``tempfile.mkdtemp`` in one shared parent, not from ``tmp_path``: pytest numbers each
    ``tmp_path`` by listing every folder made so far, which over a worker's few thousand tests costs seconds."""
    monkeypatch.chdir(tempfile.mkdtemp(dir=_folders_of_tests))
