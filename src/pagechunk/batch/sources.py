"""Where documents come from: files, directories, standard input, URLs and WARCs.

:func:`read_input` reads one file, ``-`` or http(s) URL. :func:`documents`
turns a list of inputs into documents in a fixed order: the inputs as given, a
directory's pages sorted by path, a WARC archive's HTML responses in archive
order. Each document has a source key that names it for good: the path or URL,
or ``ARCHIVE#N`` for the N-th response record of a WARC archive, so that
:func:`read_sources` can read it again later.

A document keeps its bytes as read; :meth:`Document.content` unpacks a gzipped
file in whichever process runs the pipeline.
"""

from __future__ import annotations

import gzip
import http.client
import io
import os
import stat
import sys
import urllib.error
import urllib.request
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import groupby
from typing import Any, BinaryIO

from pagechunk.batch.warc import warc_records
from pagechunk.version import __version__
from pagechunk.vocabulary import HTML_MEDIA_TYPES

__all__ = [
    "FETCH_TIMEOUT",
    "MARKDOWN_SUFFIXES",
    "PAGE_SUFFIXES",
    "WARC_SUFFIXES",
    "Document",
    "InputError",
    "Unreadable",
    "documents",
    "input_paths",
    "read_input",
    "read_path",
    "read_sources",
    "source_file",
]

FETCH_TIMEOUT = 30.0
"""Seconds a URL fetch may take before it fails, unless the caller says."""

PAGE_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")
"""The files a directory input contributes, found at any depth."""

MARKDOWN_SUFFIXES = (".md", ".markdown")
"""Files read as Markdown instead of HTML."""

WARC_SUFFIXES = (".warc", ".warc.gz")
"""Files read as WARC archives (with the ``pagechunk[warc]`` extra)."""

_GZIP_MAGIC = b"\x1f\x8b"


class InputError(Exception):
    """One input could not be read; the message says why."""


@dataclass(frozen=True, slots=True)
class Document:
    """The bytes of one input and what its source said about them.

    Attributes:
        data: The bytes as read; gzipped files are still packed.
        url: Where the document was read from: a path, ``-`` or a URL.
        base_url: The address the page was fetched from, when known.
        encoding: The charset its server declared, when known.
        source: The key that names the document in a batch; ``url`` when empty.
        markdown: Whether the text is Markdown rather than HTML.
        content_language: The ``Content-Language`` header its server sent,
            when known; the page's language when the page states none.
    """

    data: bytes
    url: str
    base_url: str | None = None
    encoding: str | None = None
    source: str = ""
    markdown: bool = False
    content_language: str | None = None

    @property
    def key(self) -> str:
        """The source key: :attr:`source`, else :attr:`url`."""
        return self.source or self.url

    def content(self) -> bytes:
        """The document's bytes, unpacked when they are gzipped."""
        return _gunzip(self.data)


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A document, or an input, that could not be read, and why."""

    source: str
    url: str
    error: str
    message: str

    @property
    def key(self) -> str:
        """The source key, as :attr:`Document.key`."""
        return self.source


def read_input(
    source: str,
    *,
    timeout: float = FETCH_TIMEOUT,
    stdin: BinaryIO | None = None,
    root: str | None = None,
) -> Document:
    """Read a file, ``-`` (standard input) or an http(s) URL into a Document.

    A relative path is taken from ``root`` when given, the current directory
    otherwise; the document's ``url`` is ``source`` as written.
    """
    if source == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        return Document(stream.read(), url="-")
    scheme, separator, _ = source.partition("://")
    if separator and scheme.lower() in ("http", "https"):
        return _fetch(source, timeout)
    if separator and scheme.isalpha():
        raise InputError(f"cannot fetch {scheme}: URLs, only http and https")
    with _open_regular(os.path.join(root or "", source)) as file:
        try:
            data = file.read()
        except OSError as error:
            raise InputError(error.strerror or str(error)) from None
    return Document(data, url=source, markdown=_is_markdown(source))


def _open_regular(path: str) -> BinaryIO:
    """A regular file opened for reading; anything else (a FIFO, a socket, a
    device) is refused without blocking, and devices are never opened.

    Raises:
        InputError: The file cannot be opened, or is not a regular file.
    """
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            os.scandir(path).close()  # the reason it could not be listed
        _require_regular(mode)
        # O_NONBLOCK: a file swapped for a FIFO since the stat cannot hang us.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise InputError(error.strerror or str(error)) from None
    try:
        _require_regular(os.fstat(descriptor).st_mode)
    except BaseException:
        os.close(descriptor)
        raise
    return os.fdopen(descriptor, "rb")


_SPECIAL_FILES = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISLNK, "a link"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def _require_regular(mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _SPECIAL_FILES if test(mode)), "special")
    raise InputError(f"not a regular file but {kind}; it is not read")


def input_paths(inputs: Iterable[str]) -> Iterator[str]:
    """The inputs with each directory replaced by its pages, sorted by path."""
    for source in inputs:
        if source != "-" and os.path.isdir(source):
            yield from _walk(source)
        else:
            yield source


def documents(
    inputs: Iterable[str],
    *,
    timeout: float = FETCH_TIMEOUT,
    stdin: BinaryIO | None = None,
    skipped: Counter[str] | None = None,
) -> Iterator[Document | Unreadable]:
    """Every document of the inputs in input order; what fails to read is
    yielded as :class:`Unreadable` in its place, and each WARC record that is
    no page is counted in ``skipped`` under its reason."""
    for source in input_paths(inputs):
        yield from read_path(source, timeout=timeout, stdin=stdin, skipped=skipped)


def read_path(
    source: str,
    *,
    timeout: float = FETCH_TIMEOUT,
    stdin: BinaryIO | None = None,
    root: str | None = None,
    skipped: Counter[str] | None = None,
) -> Iterator[Document | Unreadable]:
    """The documents of one file, URL or ``-``: one, or a WARC's pages (the
    records that are no page counted in ``skipped`` by reason)."""
    if _is_warc(source):
        yield from _warc_documents(source, root=root, skipped=skipped)
        return
    try:
        yield read_input(source, timeout=timeout, stdin=stdin, root=root)
    except InputError as error:
        yield Unreadable(source, source, "InputError", str(error))


def read_sources(
    keys: Iterable[str], *, timeout: float = FETCH_TIMEOUT, root: str | None = None
) -> Iterator[Document | Unreadable]:
    """Read documents again by their source keys, in the order given.

    Consecutive records of one WARC archive are read in one pass over it.
    Standard input cannot be read twice and comes back :class:`Unreadable`.
    """
    for archive, group in groupby(keys, key=_archive_of):
        wanted = list(group)
        if archive:
            yield from _warc_documents(archive, root=root, only=frozenset(wanted))
        elif wanted[0] == "-":
            for key in wanted:
                yield Unreadable(key, key, "InputError", "cannot read stdin again")
        else:
            for key in wanted:
                yield from read_path(key, timeout=timeout, root=root)


def source_file(key: str) -> str | None:
    """The file a source key is read from: the key, or the archive of a WARC
    record's key; None for standard input and URLs."""
    if key == "-" or "://" in key:
        return None
    return _archive_of(key) or key


def _walk(directory: str) -> Iterator[str]:
    """The pages below a directory in path order; links to folders are not
    followed. A directory that cannot be listed is given in its place, so
    that reading it reports why."""
    try:
        with os.scandir(directory) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError:
        yield directory
        return
    for entry in entries:
        if _is_folder(entry):
            yield from _walk(entry.path)
        elif entry.name.lower().endswith(PAGE_SUFFIXES):
            yield entry.path


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:  # cannot even be looked at: reading it will say why
        return not entry.name.lower().endswith(PAGE_SUFFIXES)


def _is_markdown(path: str) -> bool:
    return path.lower().removesuffix(".gz").endswith(MARKDOWN_SUFFIXES)


def _is_warc(path: str) -> bool:
    return "://" not in path and path.lower().endswith(WARC_SUFFIXES)


def _archive_of(key: str) -> str:
    """The WARC archive a source key names a record of, or ``""``."""
    archive, hash_sign, number = key.rpartition("#")
    numbered = hash_sign and number.isascii() and number.isdigit()
    return archive if numbered and _is_warc(archive) else ""


def _warc_documents(
    path: str,
    *,
    root: str | None = None,
    only: frozenset[str] | None = None,
    skipped: Counter[str] | None = None,
) -> Iterator[Document | Unreadable]:
    """The HTML pages fetched with status 200 in a WARC archive, as documents.

    Records are numbered among the archive's response records from 1, a
    damaged record of unknown type counting as one; each damaged one comes
    back Unreadable, and the records after it are still read (see
    :mod:`pagechunk.batch.warc`). With ``only``, just the records whose keys
    it holds are read, and each of them that cannot be comes back Unreadable.
    """
    try:
        from fastwarc.warc import ArchiveIterator, WarcRecordType
    except ImportError:
        message = "reading WARC files needs fastwarc: pip install 'pagechunk[warc]'"
        yield from _unreadable(path, only or {path}, "InputError", message)
        return
    remaining = set(only or ())
    number = 0
    try:
        stream = _open_regular(os.path.join(root or "", path))
    except InputError as error:
        yield from _unreadable(path, only or {path}, "InputError", str(error))
        return
    with stream:
        for frame in warc_records(stream):
            if frame.kind not in (None, "response"):
                continue
            if frame.whole_archive:
                key = path
            else:
                number += 1
                key = f"{path}#{number}"
            if only is not None and key not in remaining:
                continue
            remaining.discard(key)
            if frame.damage:
                message = f"a damaged WARC record: {frame.damage}"
                yield Unreadable(key, frame.uri or path, "WarcError", message)
                continue
            try:
                record = _parse_record(frame.data, ArchiveIterator, WarcRecordType)
                document = _warc_page(record, key, frame.uri)
            except Exception as error:  # native code: one record, one error
                message = str(error) or type(error).__name__
                document = Unreadable(key, frame.uri or key, "WarcError", message)
            if not isinstance(document, str):
                yield document
            elif only is not None:
                yield Unreadable(key, path, "InputError", "not an HTML page")
            elif skipped is not None:
                skipped[document] += 1
            if only is not None and not remaining:
                return
    yield from _unreadable(path, remaining, "InputError", "no such record any more")


def _parse_record(data: bytes, archive: Any, types: Any) -> Any:
    """One WARC record's bytes parsed by fastwarc.

    Raises:
        ValueError: fastwarc reads no record in them.
    """
    stream = io.BytesIO(data)
    records = archive(stream, record_types=types.response, auto_decode="all")
    record = next(iter(records), None)
    if record is None:
        raise ValueError("fastwarc reads no record in it")
    return record


def _unreadable(
    path: str, keys: Iterable[str], error: str, message: str
) -> Iterator[Unreadable]:
    """One Unreadable per key, in the order of their record numbers."""
    for key in sorted(keys, key=lambda key: (len(key), key)):
        yield Unreadable(key, path, error, message)


def _warc_page(record: Any, key: str, uri: str) -> Document | Unreadable | str:
    """The record as a document when it is an HTML page fetched with status
    200; Unreadable when it, or its HTTP message, is broken; else why it is
    skipped (``"status 404"``, ``"application/pdf"``)."""
    url = uri or key
    http = record.http_headers
    if http is None:
        declared = (record.headers.get("Content-Type") or "").lower()
        if not declared or declared.startswith("application/http"):
            return Unreadable(key, url, "WarcError", "broken HTTP response")
        return declared.split(";")[0].strip() or "no HTTP response"
    media_type = (record.http_content_type or "").lower()
    if http.status_code != 200:
        return f"status {http.status_code}"
    if media_type not in HTML_MEDIA_TYPES:
        return media_type or "no media type"
    try:
        body = record.reader.read()
    except (OSError, ValueError) as error:
        message = f"its HTTP body cannot be decoded: {error}"
        return Unreadable(key, url, "WarcError", message)
    return Document(
        body,
        url=url,
        base_url=uri or None,
        encoding=record.http_charset,
        source=key,
        content_language=http.get("Content-Language") or None,
    )


def _fetch(url: str, timeout: float) -> Document:
    request = urllib.request.Request(
        url, headers={"User-Agent": f"pagechunk/{__version__}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            data = response.read()
            headers = response.headers
            final_url = response.geturl()
    except urllib.error.HTTPError as error:
        raise InputError(f"HTTP {error.code} {error.reason}") from None
    except urllib.error.URLError as error:
        raise InputError(f"cannot fetch: {error.reason}") from None
    except (OSError, ValueError, http.client.HTTPException) as error:
        raise InputError(f"cannot fetch: {error}") from None
    media_type = headers.get_content_type()
    if headers.get("Content-Type") and not _readable(media_type):
        raise InputError(f"not an HTML page: {media_type}")
    return Document(
        data,
        url=final_url,
        base_url=final_url,
        encoding=headers.get_content_charset(),
        source=url,
        content_language=headers.get("Content-Language") or None,
    )


def _readable(media_type: str) -> bool:
    """Whether a fetched response is read as a page: an HTML media type, or
    any ``text/*`` (a WARC record must be HTML)."""
    return media_type in HTML_MEDIA_TYPES or media_type.startswith("text/")


def _gunzip(data: bytes) -> bytes:
    if not data.startswith(_GZIP_MAGIC):
        return data
    try:
        return gzip.decompress(data)
    except (OSError, EOFError, zlib.error) as error:
        raise InputError(f"broken gzip data: {error}") from None
