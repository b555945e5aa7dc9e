"""Declarative shadow roots: content a browser shows from a ``<template>``.

A web component rendered on the server (Lit's SSR, Enhance, WebC, FAST)
writes its shadow tree into the page as ``<template shadowrootmode="open">``
(``"closed"`` too; ``shadowroot=`` in the drafts some renderers still
write), the first child of its host element. A browser does not show that
template as inert markup: it attaches its content to the host as a shadow
root, and the host's own children (its light DOM) appear only where a
``<slot>`` of the shadow tree takes them, a child with ``slot="name"`` in
the slot of that name and every other child and text in the default slot;
a slot that takes nothing shows its own content, and children no slot
takes are not shown. libxml2 keeps the template as a plain element, so
pruned as it stands, the page loses whatever the component shows (a whole
article, for a page built of such components) and keeps light children a
browser hides.

:func:`attach_shadow_roots` reads the tree as the browser shows it: each
such template's content takes the place of its host's children, its slots
filled as above (text counts, white space too, as in the DOM: a default
slot shows its own content only for a host with no text of its own).
Only a template that is a direct child of an element that
may host a shadow root (:data:`SHADOW_HOSTS`, or a custom element, whose
name holds a hyphen) is read so, and only the first one of a host; any
other template stays inert and is dropped with the rest.
``extract`` attaches them, right after the parse, from the templates the
head step's pass gathers (:func:`~pagechunk.html.head.gather` visits every
``<template>`` already, as links inside one are no links of the page), and
gathers again on a page where it attached one;
:func:`~pagechunk.parse_html` does not, as the text API drops every
``<template>``.
"""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree

from pagechunk.html.nesting import add_text, set_text

__all__ = ["SHADOW_HOSTS", "attach_shadow_roots"]

SHADOW_HOSTS = frozenset(
    {
        "article",
        "aside",
        "blockquote",
        "body",
        "div",
        "footer",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "main",
        "nav",
        "p",
        "section",
        "span",
    }
)
"""The elements besides custom elements that may host a shadow root, as
the DOM Standard lists them."""

_MODES = frozenset({"open", "closed"})

_Node = etree._Element | str
"""A child of a host as a slot takes it: an element, or a run of text."""


def attach_shadow_roots(
    root: etree._Element, templates: Iterable[etree._Element] | None = None
) -> int:
    """Attach, in place, each declarative shadow root of ``root`` to its
    host as a browser shows it (the module's text), and return how many
    were attached. ``templates`` are the tree's ``<template>`` elements in
    document order, when a pass over it has gathered them already. Inner
    roots are attached first: the host of one inside another's template
    then holds the slots of the outer one, as the browser composes them,
    until the outer root fills them."""
    first: dict[etree._Element, etree._Element] = {}
    for template in root.iter("template") if templates is None else templates:
        host = template.getparent()
        if (
            host is not None
            and host not in first
            and _declares_root(template)
            and _may_host(host)
        ):
            first[host] = template
    for host, template in reversed(first.items()):
        _attach(host, template)
    return len(first)


def _declares_root(template: etree._Element) -> bool:
    mode = template.get("shadowrootmode") or template.get("shadowroot") or ""
    return mode.strip().lower() in _MODES


def _may_host(element: etree._Element) -> bool:
    tag = element.tag
    return isinstance(tag, str) and (tag in SHADOW_HOSTS or "-" in tag)


def _attach(host: etree._Element, template: etree._Element) -> None:
    """Fill the slots of ``template`` with the children of ``host``, then
    make the template's content the host's."""
    assigned = _assign(host, template)
    for slot in _own_slots(template):
        nodes = assigned.pop(slot.get("name") or "", None)
        _replace(slot, nodes or _children(slot))
    set_text(host, "text", template.text)
    for child in list(host):
        host.remove(child)  # the template and the children no slot took
    host.extend(list(template))


def _assign(host: etree._Element, template: etree._Element) -> dict[str, list[_Node]]:
    """The children of ``host`` (its light DOM) by the name of the slot that
    takes them: an element by its ``slot`` attribute, text and any other
    element by the default slot's name, the empty one."""
    slots: dict[str, list[_Node]] = {"": []}
    for node in _children(host):
        if isinstance(node, str):
            slots[""].append(node)
        elif node is not template and isinstance(node.tag, str):
            slots.setdefault(node.get("slot") or "", []).append(node)
    return slots


def _own_slots(template: etree._Element) -> list[etree._Element]:
    """The ``<slot>`` elements of ``template``'s own tree, not those of a
    shadow tree written inside it, in document order."""
    return [
        slot
        for slot in template.iter("slot")
        if next(slot.iterancestors("template")) is template
    ]


def _children(element: etree._Element) -> list[_Node]:
    """What an element holds, as nodes: its text, and each child with its
    tail (a host's light DOM; what a slot shows when nothing is assigned)."""
    nodes: list[_Node] = [element.text] if element.text else []
    for child in element:
        nodes.append(child)
        if child.tail:
            nodes.append(child.tail)
    return nodes


def _replace(slot: etree._Element, nodes: list[_Node]) -> None:
    """Put ``nodes`` where ``slot`` stands, the text after it kept."""
    parent = slot.getparent()
    if parent is None:
        return
    after = slot.tail or ""
    previous = slot.getprevious()
    at = parent.index(slot)
    parent.remove(slot)
    for node in [*nodes, after]:
        if isinstance(node, str):
            # Text goes after what stands before it: the element put there
            # last, else the one before the slot, else the parent's start.
            if not node:
                continue
            if previous is None:
                add_text(parent, "text", node)
            else:
                add_text(previous, "tail", node)
            continue
        node.tail = None
        parent.insert(at, node)
        at += 1
        previous = node
