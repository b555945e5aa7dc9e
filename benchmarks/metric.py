"""The article-extraction-benchmark metric: 4-token shingle overlap per page.

Tokens are runs of ``\\w`` characters. A text becomes a multiset of shingles,
each four consecutive tokens; a text of one to three tokens becomes a single
shingle of all its tokens, and a text with no token has no shingle (the
convention of the benchmark's own evaluation script). Per page, the overlap of
the predicted and expected multisets gives true positives, what only the
prediction holds false positives, and what only the truth holds false
negatives. Precision and recall are averaged over pages and F1 is taken from
the two means.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "SHINGLE_TOKENS",
    "PageScore",
    "Summary",
    "precision_recall",
    "score_page",
    "shingles",
    "summarise",
    "word_precision_recall",
    "words",
]

SHINGLE_TOKENS = 4
"""How many consecutive tokens make one shingle."""

_TOKEN = re.compile(r"\w+")

Shingles = Counter[tuple[str, ...]]


def shingles(text: str, size: int = SHINGLE_TOKENS) -> Shingles:
    """The multiset of ``size``-token shingles of ``text``."""
    tokens = _TOKEN.findall(text)
    if not tokens:
        return Counter()
    if len(tokens) < size:
        return Counter([tuple(tokens)])
    return Counter(zip(*(tokens[start:] for start in range(size)), strict=False))


def precision_recall(predicted: Shingles, expected: Shingles) -> tuple[float, float]:
    """Precision and recall of one prediction; both 1 when both sides are empty.

    An empty side scores 0 against a non-empty one, as in the benchmark's
    script; normalising the counts to sum to 1 changes neither ratio.
    """
    true_positive = sum((predicted & expected).values())
    false_positive = sum(predicted.values()) - true_positive
    false_negative = sum(expected.values()) - true_positive
    if false_positive == false_negative == 0:
        return 1.0, 1.0
    precision = (
        true_positive / (true_positive + false_positive)
        if true_positive + false_positive
        else 0.0
    )
    recall = (
        true_positive / (true_positive + false_negative)
        if true_positive + false_negative
        else 0.0
    )
    return precision, recall


@dataclass(frozen=True, slots=True)
class PageScore:
    """One page's score."""

    page_id: str
    precision: float
    recall: float

    @property
    def f1(self) -> float:
        """The harmonic mean of this page's precision and recall."""
        return _harmonic(self.precision, self.recall)


@dataclass(frozen=True, slots=True)
class Summary:
    """Precision and recall averaged over pages, and F1 from those means."""

    pages: int
    precision: float
    recall: float

    @property
    def f1(self) -> float:
        """The harmonic mean of the mean precision and the mean recall."""
        return _harmonic(self.precision, self.recall)


def score_page(page_id: str, predicted: str, expected: str) -> PageScore:
    """Score one page's extracted text against its ground truth."""
    precision, recall = precision_recall(shingles(predicted), shingles(expected))
    return PageScore(page_id, precision, recall)


def summarise(scores: Iterable[PageScore]) -> Summary:
    """Average page scores; an empty input summarises to zeros."""
    listed = list(scores)
    if not listed:
        return Summary(0, 0.0, 0.0)
    return Summary(
        len(listed),
        sum(score.precision for score in listed) / len(listed),
        sum(score.recall for score in listed) / len(listed),
    )


def _harmonic(precision: float, recall: float) -> float:
    if precision + recall == 0:
        return 0.0
    return 2 * precision * recall / (precision + recall)


def words(text: str) -> Counter[str]:
    """The multiset of lower-cased ``\\w`` runs of ``text`` (WCXB's tokens)."""
    return Counter(_TOKEN.findall(text.lower()))


def word_precision_recall(
    predicted: Counter[str], expected: Counter[str]
) -> tuple[float, float]:
    """WCXB's word precision and recall: the multiset overlap over the
    prediction's and over the reference's tokens. An empty reference scores
    1 only against an empty prediction; an empty prediction scores 0."""
    if not expected:
        return (1.0, 1.0) if not predicted else (0.0, 0.0)
    if not predicted:
        return 0.0, 0.0
    overlap = sum((predicted & expected).values())
    return overlap / sum(predicted.values()), overlap / sum(expected.values())
