"""Why a page's text was kept or dropped: the page type, the containers the
focus step chose, and every block of the pruned page with the step and rule
that decided it (``pagechunk explain``).

The blocks listed are those :func:`~pagechunk.extract` sees before it
narrows anything (``clean=False``); text that pruning removed before the walk
(scripts, ``<nav>``, ``<header>``, ``<footer>``, hidden elements, dialogs)
is never a block, so it is summed up in one line.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher

from lxml import etree

from pagechunk.clean import clean_verdicts
from pagechunk.html.typed import Trace
from pagechunk.model import Block
from pagechunk.options import Options
from pagechunk.pipeline import _extract

__all__ = ["BlockFate", "Explanation", "explain", "format_explanation"]

_DEFAULT = Options()


@dataclass(frozen=True, slots=True)
class BlockFate:
    """One block and what became of it.

    Attributes:
        block: The block.
        kept: Whether it is in the extracted page.
        step: ``"focus"``, ``"clean"``, ``"net"`` (read by the safety net)
            or ``"product"`` (the JSON-LD description added); ``""`` for a
            block every step kept as the whole page has it.
        rule: The rule that decided; ``""`` for a block kept by every rule.
    """

    block: Block
    kept: bool
    step: str = ""
    rule: str = ""


@dataclass(slots=True)
class Explanation:
    """What :func:`explain` found.

    Attributes:
        page_type: The page type.
        confidence: The extraction confidence.
        rule: The focus rule that chose the containers.
        containers: Each chosen container, described by tag, id and class.
        blocks: Every block, in document order, with its fate.
    """

    page_type: str
    confidence: float
    rule: str
    containers: list[str]
    blocks: list[BlockFate] = field(default_factory=list)


def explain(
    html: str | bytes,
    *,
    base_url: str | None = None,
    options: Options | None = None,
) -> Explanation:
    """Extract a page as :func:`~pagechunk.extract` does, and say for every
    block of the pruned page whether it was kept and which rule decided.

    Raises:
        The errors of :func:`~pagechunk.extract`.
    """
    settings = options or _DEFAULT
    # The whole page as focus reads it: streamed segments in their holes.
    whole = _extract(
        html,
        replace(settings, clean=False, focus=False),
        base_url,
        None,
        None,
        None,
        streamed=True,
    )
    trace = Trace()
    focused = _extract(
        html,
        replace(settings, clean=False, focus=True),
        base_url,
        None,
        None,
        None,
        trace,
    )
    final = _extract(html, settings, base_url, None, None, None)
    assert trace.focus is not None
    verdicts = clean_verdicts(
        list(focused.blocks), settings.cleaning, site=base_url or focused.url or None
    )
    dropped = [(_text(element), rule) for element, rule in trace.focus.dropped]
    dropped += trace.left_out
    extra = "net" if "read with" in trace.focus.rule else "focus"
    fates = _merge(whole.blocks, focused.blocks, verdicts, dropped, extra)
    listed = {f.block.text for f in fates}
    for block in final.blocks:
        if block.text not in listed:
            fates.append(BlockFate(block, True, "product", "JSON-LD description"))
    return Explanation(
        final.page_type,
        final.confidence,
        trace.focus.rule,
        [_describe(c) for c in trace.focus.containers],
        fates,
    )


def _merge(
    whole: list[Block],
    focused: list[Block],
    verdicts: list[str | None],
    dropped: list[tuple[str, str]],
    extra: str,
) -> list[BlockFate]:
    """Line the focused blocks up with the whole page's, in order: a block
    only the whole page has was dropped by focus; one only the focused page
    has was added by ``extra`` (``"net"``, or ``"focus"``, which keeps a
    heading the whole page leaves outside its content elements). Blocks are
    compared without their whitespace: focus spaces out adjacent inline
    boxes ("April 2, 20241 yr" on the whole page is "April 2, 2024 1 yr"
    once focused), and the same block must not be listed twice, dropped as
    one and kept as the other."""
    matcher = SequenceMatcher(None, _keys(whole), _keys(focused), autojunk=False)
    fates: list[BlockFate] = []
    for op, w0, w1, f0, f1 in matcher.get_opcodes():
        if op == "equal":
            fates += [_cleaned(focused[i], verdicts[i], "") for i in range(f0, f1)]
            continue
        fates += [
            BlockFate(b, False, "focus", _focus_rule(b, dropped)) for b in whole[w0:w1]
        ]
        fates += [_cleaned(focused[i], verdicts[i], extra) for i in range(f0, f1)]
    return fates


def _keys(blocks: list[Block]) -> list[str]:
    return ["".join(block.text.split()) for block in blocks]


def _cleaned(block: Block, verdict: str | None, step: str) -> BlockFate:
    if verdict is None:
        return BlockFate(block, True, step, "")
    return BlockFate(block, False, "clean", verdict)


def _focus_rule(block: Block, dropped: list[tuple[str, str]]) -> str:
    text = " ".join(block.text.split())
    for held, rule in dropped:
        if text and text in held:
            return rule
    return "outside the chosen containers"


def _text(element: etree._Element) -> str:
    return " ".join(" ".join(str(t) for t in element.itertext()).split())


def _describe(element: etree._Element) -> str:
    parts = [f"<{element.tag}"]
    for name in ("id", "class", "role", "itemtype"):
        value = element.get(name)
        if value:
            parts.append(f' {name}="{" ".join(value.split())[:60]}"')
    return "".join(parts) + ">"


def format_explanation(explanation: Explanation, width: int = 72) -> str:
    """The explanation as the ``explain`` command prints it."""
    lines = [
        f"page type   {explanation.page_type}",
        f"confidence  {explanation.confidence:.3f}",
        f"focus rule  {explanation.rule}",
        *(f"container   {c}" for c in explanation.containers),
        "",
    ]
    for fate in explanation.blocks:
        mark = "KEEP" if fate.kept else "DROP"
        why = f"{fate.step}: {fate.rule}" if fate.rule else fate.step or "kept"
        text = " ".join(fate.block.text.split())
        if len(text) > width:
            text = text[: width - 1] + "…"
        lines.append(f"{mark}  {fate.block.kind:<9} {why:<44} {text}")
    kept = sum(f.kept for f in explanation.blocks)
    lines.append("")
    lines.append(f"{kept} of {len(explanation.blocks)} blocks kept")
    return "\n".join(lines)
