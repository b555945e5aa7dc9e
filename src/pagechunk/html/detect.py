"""Step 1, detection: the encoding of bytes that declare none and are not
valid UTF-8.

A browser does not read such bytes as Windows-1252 without looking: it
guesses from the bytes themselves, as this module does for the cases where
Windows-1252 would turn the page's text into nonsense.

- **UTF-8 with a few broken bytes** (a page cut off inside a character, a
  Latin-1 byte pasted into UTF-8 text) is UTF-8: its multi-byte characters
  far outnumber its broken sequences (:data:`UTF8_BROKEN_SHARE`), which no
  page in a legacy encoding shows.
- **Text in another script than the Latin one** (Cyrillic, Greek, Hebrew,
  Arabic, Thai, Chinese, Japanese, Korean) has its bytes above 0x7F in runs,
  whole words of them (:data:`RUN_SHARE`), where Western European text has
  an accented letter here and there among ASCII ones. Such bytes are read in
  each candidate encoding (:data:`TWO_BYTE_CANDIDATES`, then
  :data:`ONE_BYTE_CANDIDATES`), and the one whose text holds most of its
  language's most frequent letters wins: in the wrong encoding
  the same bytes give letters in another order, rare ones or another
  script's, or cannot be read at all.
- **Text in the Latin script** is Windows-1252, the WHATWG Encoding
  Standard's fallback for Western locales, unless Windows-1252 reads symbols
  inside its words (``po³¹czenie``) where a Central European code page reads
  letters (``połączenie``): then it is that code page
  (:data:`CENTRAL_EUROPEAN_CANDIDATES`).

Only the first :data:`SAMPLE_BYTES` bytes are read, and of them the first
:data:`SCORED_BYTES` bytes above 0x7F: the candidates decode only the runs
of such bytes (each with the byte after it, which may end a two-byte
character), not the markup around them. Detection runs only when the page
declares no encoding and is not valid UTF-8, so a page in UTF-8, or one that
says what it is, pays nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pagechunk.encodings import decode_as

__all__ = [
    "CENTRAL_EUROPEAN_CANDIDATES",
    "FALLBACK",
    "LATIN_MIN_LETTERS",
    "LATIN_MISPLACED_SHARE",
    "MISPLACED_WEIGHT",
    "ONE_BYTE_CANDIDATES",
    "Language",
    "ONE_BYTE_MIN_SCORE",
    "RUN_MIN_BYTES",
    "RUN_MIN_TOTAL",
    "RUN_SHARE",
    "SAMPLE_BYTES",
    "SCORED_BYTES",
    "TWO_BYTE_CANDIDATES",
    "TWO_BYTE_MIN_SCORE",
    "UTF8_BROKEN_SHARE",
    "UTF8_MIN_CHARS",
    "guess_encoding",
]

FALLBACK = "cp1252"
"""The codec of bytes that show nothing else: Windows-1252."""

SAMPLE_BYTES = 262_144
"""How much of the page is read to guess its encoding."""

UTF8_MIN_CHARS = 8
"""Multi-byte characters that bytes must decode to, as UTF-8, for a few
broken sequences among them to be read as damage, not as another
encoding."""

UTF8_BROKEN_SHARE = 0.1
"""The largest share of broken sequences, against well-formed multi-byte
characters, that leaves bytes UTF-8."""

RUN_MIN_BYTES = 3
"""Different bytes above 0x7F, in a row, that make a run: a word of a
non-Latin script, where Western text has one accented letter, or two,
between ASCII ones. Bytes that repeat one or two values (no-break spaces
for indentation, byte 0xA0, or the 0xC2 0xA0 of one written in UTF-8 and
read as Windows-1252) count as no run and are not scored."""

RUN_SHARE = 0.5
"""The share of the bytes above 0x7F that must stand in runs for the text to
be read as written in a script other than the Latin one."""

RUN_MIN_TOTAL = 16
"""Bytes in runs that a page must hold before its script is guessed at all:
a copyright sign and a few quotation marks say nothing."""

LATIN_MIN_LETTERS = 8
"""Accented letters (bytes above 0x7F between ASCII letters) a page in the
Latin script must hold before its code page is guessed: a few names say
nothing."""

LATIN_MISPLACED_SHARE = 0.1
"""The share of those letters that Windows-1252 must read as symbols for
another Latin code page to be tried."""

CENTRAL_EUROPEAN_CANDIDATES = ("cp1250", "iso8859-2")
"""The code pages tried for Latin-script text that Windows-1252 reads with
symbols inside words (:mod:`pagechunk.encodings` codec names): those of
Polish, Czech, Slovak, Slovenian, Croatian and Hungarian."""

TWO_BYTE_MIN_SCORE = 0.1
"""The score (:func:`_score`) the best of :data:`TWO_BYTE_CANDIDATES` must
pass. Text in the right one scores 0.2 and more (its fifty most frequent
characters make up a fifth of a Chinese text or more); text in another
encoding read so gives rare characters, about 0."""

ONE_BYTE_MIN_SCORE = 0.3
"""The score the best of :data:`ONE_BYTE_CANDIDATES` must pass: higher, as
a code page of one script reads any bytes as its letters, with their
frequent letters by chance (:func:`_chance`), up to about 0.25 above it for
bytes of another encoding; text in the right one scores 0.6 and more."""

MISPLACED_WEIGHT = 2
"""How much a character no text in the right encoding would hold (a broken
one, a C1 control, a half-width katakana, a capital inside a word, a Thai
mark with no letter to sit on) takes off, against one that counts for it."""


@dataclass(frozen=True, slots=True)
class Language:
    """What text in one language looks like once decoded: its ``frequent``
    letters, and what stands ``misplaced`` in it (a pattern)."""

    frequent: frozenset[str]
    misplaced: re.Pattern[str] | None = None


_CYRILLIC = Language(
    frozenset("оеаинтсрвлкмдпуяыьгзбчйіїє"),
    re.compile("(?<=[\u0430-\u045f])[\u0400-\u042f]"),  # a capital after a small letter
)
_GREEK = Language(
    frozenset("αοιετνσρκπμυλςηάέίόύήω"),
    re.compile("(?<=[\u03ac-\u03ce])[\u0386-\u03ab]"),
)
_HEBREW = Language(frozenset("יוהלארמבתנשעכדק"))
_ARABIC = Language(frozenset("اليمنورتبعهدسكفةقأحج"))
_THAI = Language(
    frozenset("านรอกเงมยลวดทสตะัิ่้ีบปคพขจแใไโ"),
    # A vowel or tone mark, or a vowel written after its consonant, that no
    # consonant comes before; a vowel written before its consonant that
    # none follows.
    re.compile(
        "(?<![\u0e01-\u0e2e\u0e31\u0e34-\u0e3a\u0e47-\u0e4e])"
        "[\u0e30-\u0e3a\u0e47-\u0e4e]"
        "|[\u0e40-\u0e44](?![\u0e01-\u0e2e])"
    ),
)
_JAPANESE = Language(frozenset("のにはをたがでてとしれさるかないうもありますこっ"))
_SIMPLIFIED = Language(
    frozenset(
        "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里"
    )
)
_TRADITIONAL = Language(
    frozenset(
        "的一是不了在人有我他這個們中來上大為和國地到以說時要就出會可也你對生能而子那得於著下自之年過發後作裡"
    )
)
_KOREAN = Language(
    frozenset("이다는의에고하을가지기로서한리사자도대해수정들인있어시적게스를은니요")
)

TWO_BYTE_CANDIDATES: tuple[tuple[str, Language], ...] = (
    ("cp932", _JAPANESE),
    ("euc_jp", _JAPANESE),
    ("gb18030", _SIMPLIFIED),
    ("big5hkscs", _TRADITIONAL),
    ("cp949", _KOREAN),
)
"""The encodings of Chinese, Japanese and Korean that a page with runs of
bytes above 0x7F is tried in first (:mod:`pagechunk.encodings` codec names;
of two equal scores the first wins), with the language written in each.
They come first because a code page of one byte per letter reads any bytes
as letters of its script, two-byte text too, while two-byte encodings
give the frequent characters of their language from no other text."""

ONE_BYTE_CANDIDATES: tuple[tuple[str, Language], ...] = (
    ("cp1251", _CYRILLIC),
    ("koi8-u", _CYRILLIC),
    ("cp866", _CYRILLIC),
    ("iso8859-5", _CYRILLIC),
    ("cp1253", _GREEK),
    ("iso8859-7", _GREEK),
    ("cp1255", _HEBREW),
    ("cp1256", _ARABIC),
    ("cp874", _THAI),
)
"""The code pages of other scripts than the Latin one, tried when no
two-byte encoding passes :data:`TWO_BYTE_MIN_SCORE`."""

SCORED_BYTES = 4_096
"""How many bytes above 0x7F are read to guess the script and scored: some
thousands of letters, plenty to tell languages apart."""

_WORDS = re.compile(rb"([\x80-\xff]+)[\x30-\x39\x40-\x7e]?")
"""A run of bytes above 0x7F and the byte after it when that may end a
character: the second byte of a two-byte one (Shift_JIS, Big5, GB18030 and
windows-949 write many so), or a digit, the second or fourth byte of
GB18030's four-byte characters."""
_INSIDE_WORDS = re.compile(rb"(?<=[A-Za-z])[\x80-\xff]{1,2}(?=[A-Za-z])")
"""One or two bytes above 0x7F between ASCII letters: the accented letters of
a Latin-script word."""
_INSIDE_WORD_MARKS = frozenset("\u2018\u2019\u2013\u2014\u00ad\u00b7\u2010\u2011")
"""Punctuation that stands inside words: quotation marks used as
apostrophes, dashes and hyphens, the soft hyphen and the middle dot."""
_BROKEN = "\ufffd"
_UNREADABLE = re.compile("[\ufffd\x80-\x9f\ue000-\uf8ff\uff61-\uff9f\u2500-\u25ff]")
"""Characters that say the encoding is wrong in any language: the
replacement character, C1 controls, private use code points, and two kinds
that pages stopped writing long ago and that old code pages make of other
encodings' bytes: half-width katakana (Shift_JIS) and box drawing (IBM
866)."""


def guess_encoding(data: bytes) -> str:
    """The codec to read ``data`` with, bytes that declare no encoding and
    are not valid UTF-8: ``"utf-8"`` for UTF-8 with a few broken bytes, the
    best candidate (:data:`TWO_BYTE_CANDIDATES`, then
    :data:`ONE_BYTE_CANDIDATES`) for text in another script than the Latin
    one, else a Latin code page (:func:`_latin`): :data:`FALLBACK` unless a
    Central European one reads the text better."""
    sample = data[:SAMPLE_BYTES]
    if _mostly_utf8(sample):
        return "utf-8"
    words, in_runs, high = _words(sample)
    if in_runs < RUN_MIN_TOTAL or in_runs < RUN_SHARE * high:
        return _latin(sample)
    for candidates, least in (
        (TWO_BYTE_CANDIDATES, TWO_BYTE_MIN_SCORE),
        (ONE_BYTE_CANDIDATES, ONE_BYTE_MIN_SCORE),
    ):
        best, best_score = FALLBACK, least
        for codec, language in candidates:
            score = _score(decode_as(words, codec), codec, language)
            if score > best_score:
                best, best_score = codec, score
        if best != FALLBACK:
            return best
    return FALLBACK


def _latin(sample: bytes) -> str:
    """The code page of text in the Latin script: Windows-1252, unless it
    sets symbols inside words (:func:`_misplaced`), as it does with the
    letters of Polish, Slovak or Slovenian written in windows-1250 or
    ISO-8859-2 (``po³¹czenie`` for ``połączenie``), and one of those sets
    under half as many (:data:`CENTRAL_EUROPEAN_CANDIDATES`)."""
    inside = _INSIDE_WORDS.findall(sample)[:SCORED_BYTES]
    if len(inside) < LATIN_MIN_LETTERS:
        return FALLBACK
    western = _misplaced(inside, FALLBACK)
    if western < LATIN_MISPLACED_SHARE * len(inside):
        return FALLBACK
    best, fewest = FALLBACK, western / 2
    for codec in CENTRAL_EUROPEAN_CANDIDATES:
        misplaced = _misplaced(inside, codec)
        if misplaced < fewest:
            best, fewest = codec, misplaced
    return best


def _misplaced(inside: list[bytes], codec: str) -> int:
    """How many of the bytes above 0x7F that stand between two ASCII letters
    ``codec`` reads as no letter: a symbol, a control or a broken character,
    punctuation that stands inside words (apostrophes, dashes, the soft
    hyphen, the middle dot) aside."""
    text = decode_as(b" ".join(inside), codec)
    return sum(
        1
        for char in text
        if char != " " and not char.isalpha() and char not in _INSIDE_WORD_MARKS
    )


def _words(sample: bytes) -> tuple[bytes, int, int]:
    """The runs of ``sample`` that read as words (:data:`_WORDS`,
    :data:`RUN_MIN_BYTES`), runs that touch kept together (a character may
    span them) and others set apart by a space; then how many bytes above
    0x7F stand in them, and in all, over the first :data:`SCORED_BYTES`
    bytes above 0x7F of ``sample``."""
    pieces: list[bytes] = []
    end = in_runs = high = 0
    for match in _WORDS.finditer(sample):
        run = match.group(1)
        high += len(run)
        if len(run) >= RUN_MIN_BYTES and len(set(run)) >= RUN_MIN_BYTES:
            if pieces and match.start() != end:
                pieces.append(b" ")
            pieces.append(match.group())
            end = match.end()
            in_runs += len(run)
        if high >= SCORED_BYTES:
            break
    return b"".join(pieces), in_runs, high


def _mostly_utf8(sample: bytes) -> bool:
    """Whether ``sample``, which is not valid UTF-8, is UTF-8 with a few
    broken sequences (a page cut off inside a character counts one)."""
    text = sample.decode("utf-8", "replace")
    broken = text.count(_BROKEN) - sample.count(b"\xef\xbf\xbd")
    wide = len(text) - len(text.encode("ascii", "ignore")) - broken
    return wide >= UTF8_MIN_CHARS and broken <= UTF8_BROKEN_SHARE * wide


def _score(text: str, codec: str, language: Language) -> float:
    """How much ``text``, decoded with ``codec``, reads as ``language``, per
    character beyond ASCII: the share of its frequent letters above the
    share that bytes drawn at random would give (:func:`_chance`), less
    :data:`MISPLACED_WEIGHT` times the share of characters no text in the
    right encoding holds (:data:`_UNREADABLE`, and what stands misplaced in
    the language)."""
    wide = len(text) - len(text.encode("ascii", "ignore"))
    if not wide:
        return 0.0
    good = sum(map(text.count, language.frequent))
    bad = len(_UNREADABLE.findall(text))
    if language.misplaced is not None:
        bad += len(language.misplaced.findall(text))
    return (good - MISPLACED_WEIGHT * bad) / wide - _chance(codec, language)


@cache
def _chance(codec: str, language: Language) -> float:
    """The share of frequent letters that a single-byte ``codec`` gives
    bytes above 0x7F drawn at random; a two-byte codec's is about none."""
    text = decode_as(bytes(range(0x80, 0x100)), codec)
    return sum(char in language.frequent for char in text) / 0x80
