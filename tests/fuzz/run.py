"""Run the fuzz campaign that CI runs: a fixed number of inputs, one seed.

With atheris installed, libFuzzer mutates the pages and Markdown files of
``tests/pages`` (each tried with every entry point) guided by
``tests/fuzz/html.dict``; a crash, a hang over ``--timeout`` seconds or a
broken property stops the run, writes the input to ``--artifacts`` and exits
non-zero. The corpus grows in a new temporary folder (``$TMPDIR``), which is
left for inspection: libFuzzer ends the process itself.

Without atheris, the same number of inputs comes from a seeded Hypothesis
search over the same harness: random bytes, and runs of the dictionary's
tokens.

    python tests/fuzz/run.py [--runs 20000] [--seed 1] [--artifacts DIR]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAGES = HERE.parent / "pages"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-len", type=int, default=16_384)
    parser.add_argument("--timeout", type=int, default=20)
    parser.add_argument("--artifacts", type=Path, default=None)
    parser.add_argument(
        "--hypothesis", action="store_true", help="use the Hypothesis fallback"
    )
    options = parser.parse_args()
    sys.path.insert(0, str(HERE))
    try:
        if options.hypothesis:
            raise ImportError("asked for the Hypothesis fallback")
        import atheris  # noqa: F401
    except ImportError as missing:
        print(f"fuzz: {missing}; running the Hypothesis fallback", flush=True)
        return _hypothesis_campaign(options.runs, options.seed)
    return _atheris_campaign(options)


def _atheris_campaign(options: argparse.Namespace) -> int:
    import fuzz_pipeline

    work = Path(tempfile.mkdtemp(prefix="pagechunk-fuzz-"))
    corpus = work / "corpus"
    corpus.mkdir()
    for path in sorted(PAGES.iterdir()):
        if path.suffix in (".html", ".md"):
            seed = path.read_bytes()
            for mode in range(fuzz_pipeline.MODES):
                (corpus / f"{path.stem}-{mode}").write_bytes(bytes([mode]) + seed)
    artifacts = options.artifacts or work / "artifacts"
    artifacts.mkdir(parents=True, exist_ok=True)
    print(
        f"fuzz: atheris, {options.runs} inputs, seed {options.seed}, in {work}",
        flush=True,
    )
    fuzz_pipeline.main(
        [
            sys.argv[0],
            f"-runs={options.runs}",
            f"-seed={options.seed}",
            f"-max_len={options.max_len}",
            f"-timeout={options.timeout}",
            "-rss_limit_mb=4096",
            f"-dict={HERE / 'html.dict'}",
            f"-artifact_prefix={artifacts}/",
            "-print_final_stats=1",
            str(corpus),
        ]
    )  # libFuzzer exits the process: 0 when no input failed
    return 1


def _hypothesis_campaign(runs: int, seed: int) -> int:
    import fuzz_pipeline as harness
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis import strategies as st

    lines = (HERE / "html.dict").read_text().splitlines()
    tokens = [
        line[1:-1].encode().decode("unicode_escape").encode("latin-1")
        for line in lines
        if line.startswith('"')
    ]
    bodies = st.one_of(
        st.binary(max_size=512),
        st.lists(
            st.one_of(st.sampled_from(tokens), st.binary(max_size=8)), max_size=60
        ).map(b"".join),
    )
    count = 0

    @hypothesis_seed(seed)
    @settings(
        max_examples=runs,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.integers(0, 255), bodies)
    def campaign(choice: int, body: bytes) -> None:
        nonlocal count
        count += 1
        harness.test_one_input(bytes([choice]) + body)

    start = time.monotonic()
    campaign()
    print(f"fuzz: hypothesis, {count} inputs in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
