"""Differences between NetworkX versions that the oracle must know about.

The tools follow NetworkX 3.x. Where an older NetworkX (Debian's 2.8.8, what
CI installs on a fresh machine) answers a case differently, the oracle raises
VersionSkip instead of answering, and the Go test counts and reports those
cases rather than comparing them with a 2.x answer the tools do not follow.
"""
import networkx as nx

NX_MAJOR = int(nx.__version__.split(".")[0])


class VersionSkip(Exception):
    """The installed NetworkX answers this case unlike 3.x; skip it."""
