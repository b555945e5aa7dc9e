"""Extraction confidence: how likely it is that a page's extracted text is
its own content, from what the pipeline saw while extracting it.

A crawl can route a page whose confidence is low to another extractor, or
to a person. The evidence, all of it read during extraction:

- the page type and how sure the classifier was of it;
- how much text the pruned page showed, and how much of it was kept;
- which rule chose the containers (the densest container, the mass
  container, the whole page) and whether the safety net re-read the page;
- the kept blocks: how many, how many are short lines (menus, labels) and
  how much of their text is link text.

A logistic regression weighs them; its weights ship as plain data
(``confidence_model.json``), fitted by ``benchmarks/train_confidence.py`` to
tell the WCXB pages whose word F1 is under 0.5 from the rest.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from pagechunk.model import HEADING, Block

__all__ = ["Evidence", "confidence", "confidence_features"]

_SHORT_BLOCK = 40  # characters under which a block reads as a label or a link


@dataclass(frozen=True, slots=True)
class Evidence:
    """What extraction saw of one page.

    Attributes:
        page_type: The page type.
        type_probability: The classifier's probability for it.
        visible_chars: Characters of text the pruned page showed.
        rule: The focus rule that chose the containers.
        net: Whether the safety net re-read the page.
    """

    page_type: str
    type_probability: float
    visible_chars: int
    rule: str
    net: bool


def confidence_features(evidence: Evidence, blocks: list[Block]) -> dict[str, float]:
    """The confidence model's features of a page and its kept blocks."""
    kept = texts = short = linked = 0  # characters, blocks, blocks, characters
    for block in blocks:
        size = len(block.text)
        kept += size
        if block.kind != HEADING:
            texts += 1
            short += size < _SHORT_BLOCK
        for span in block.links:
            linked += len(span.label)
    visible = max(evidence.visible_chars, 1)
    rule = evidence.rule
    return {
        "type_" + evidence.page_type: 1.0,
        "type_probability": evidence.type_probability,
        "log_visible": math.log1p(evidence.visible_chars) / 12,
        "log_kept": math.log1p(kept) / 12,
        "kept_share": min(kept / visible, 1.0),
        "empty": float(kept < 100),
        "net": float(evidence.net),
        "rule_densest": float(rule.startswith("densest")),
        "rule_mass": float(rule.startswith("mass")),
        "rule_whole": float(rule.startswith("whole")),
        "rule_h1": float("<h1>" in rule),
        "log_blocks": math.log1p(len(blocks)) / 6,
        "short_share": short / texts if texts else 1.0,
        "link_share": min(linked / kept, 1.0) if kept else 0.0,
    }


@cache
def _model() -> dict[str, Any]:
    text = resources.files("pagechunk").joinpath("confidence_model.json")
    model: dict[str, Any] = json.loads(text.read_text("utf-8"))
    return model


def confidence(
    features: dict[str, float], model: dict[str, Any] | None = None
) -> float:
    """The probability, from 0 to 1, that the extraction is good (word F1 of
    0.5 or more against what a person would mark), rounded to 3 places."""
    model = model or _model()
    weights = model["weights"]
    score = float(model["bias"])
    for name, value in features.items():
        weight = weights.get(name)
        if weight is not None:
            score += weight * value
    return round(1.0 / (1.0 + math.exp(-max(min(score, 40.0), -40.0))), 3)
