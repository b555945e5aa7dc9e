"""Chunk records on a Dask cluster of two worker processes equal a local run's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from batch_pages import article, http_response, read_jsonl, write_pages, write_warc
from pagechunk import cli

pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")
pytest.importorskip("fastwarc")

from pagechunk.batch.dask import chunk_bag  # noqa: E402


@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as local_cluster:
        yield local_cluster


@pytest.fixture
def inputs(tmp_path: Path) -> list[str]:
    write_pages(tmp_path / "site", 12)
    archive = tmp_path / "crawl.warc.gz"
    pages = [
        (f"https://news.example/{n}", http_response(article(n).encode()))
        for n in range(50, 56)
    ]
    write_warc(archive, pages)
    return [str(tmp_path / "site"), str(archive), str(tmp_path / "missing.html")]


def test_a_bag_on_two_worker_processes_equals_the_local_run(cluster, inputs, tmp_path):
    local = tmp_path / "local.jsonl"
    assert cli.main(["chunk", *inputs, "-o", str(local), "--workers", "1", "-q"]) == 1

    with distributed.Client(cluster) as client:
        records = chunk_bag(inputs, npartitions=4).compute(scheduler=client)

    assert records == read_jsonl(local)
    assert len({record["url"] for record in records}) == 18


def test_the_command_runs_on_a_scheduler(cluster, inputs, tmp_path):
    local = tmp_path / "local.jsonl"
    on_dask = tmp_path / "dask.jsonl"
    cli.main(["chunk", *inputs, "-o", str(local), "--workers", "1", "-q"])

    status = cli.main(
        [
            "chunk",
            *inputs,
            "-o",
            str(on_dask),
            "-q",
            "--dask-scheduler",
            cluster.scheduler_address,
        ]
    )

    assert status == 1
    assert on_dask.read_bytes() == local.read_bytes()
    (error,) = read_jsonl(Path(f"{on_dask}.errors.jsonl"))
    assert error["source"].endswith("missing.html")


def test_a_dask_run_counts_as_a_local_run_does(cluster, tmp_path, capsys):
    write_pages(tmp_path / "site", 2)
    (tmp_path / "site" / "menu.html").write_text("<nav><a href='/'>Home</a></nav>")
    archive = tmp_path / "crawl.warc.gz"
    write_warc(
        archive,
        [
            ("https://a.example/", http_response(article(3).encode())),
            ("https://a.example/gone", http_response(b"", status="404 Not Found")),
            ("https://a.example/x.pdf", http_response(b"%PDF", "application/pdf")),
        ],
    )
    inputs = [str(tmp_path / "site"), str(archive)]
    cli.main(["chunk", *inputs, "-o", str(tmp_path / "local.jsonl")])
    local = capsys.readouterr().err
    address = cluster.scheduler_address
    argv = ["chunk", *inputs, "-o", str(tmp_path / "d.jsonl")]
    cli.main([*argv, "--dask-scheduler", address])
    on_dask = capsys.readouterr().err
    expected = "4 documents (0 failed, 1 empty)"
    skipped = "; 2 WARC records skipped (1 status 404, 1 application/pdf)\n"
    for summary in (local, on_dask):
        assert expected in summary
        assert summary.endswith(skipped)
