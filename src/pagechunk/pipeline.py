"""The pipeline, top-down: the tree steps of :mod:`pagechunk.html`, then
cleaning, then chunking.

:func:`parse_html` is the text API: decode, guard, tree, head, prune, flatten
and walk. :func:`extract` runs the same steps, with the focus step before the
walk when cleaning, and cleans the blocks; :func:`chunk_html` goes on to
chunks; :func:`markdown_page` reads Markdown into the same page. The pipeline's
calls take their options as one :class:`~pagechunk.options.Options` object
(``options=``), or as keyword arguments that change the defaults one by one.
The site that decides which links are site-local is the base URL given, else
the page's ``<base href>``, ``<link rel=canonical>`` or ``og:url``; a page
naming none treats only relative links as local.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from lxml import etree

from pagechunk.checks import check_text, check_type
from pagechunk.chunk import chunk_with
from pagechunk.clean import (
    SiteMemory,
    clean_markdown_with,
    clean_with,
    cleaning_enabled,
)
from pagechunk.confidence import Evidence, confidence, confidence_features
from pagechunk.encodings import codec_for, decode_as
from pagechunk.html.decode import byte_order_mark, decode
from pagechunk.html.flatten import Images, flatten
from pagechunk.html.head import Gathered, PageHead, first_language, gather, read_head
from pagechunk.html.headings import without_dropped_headings
from pagechunk.html.jsonld import JsonObject, jsonld_objects
from pagechunk.html.metadata import METADATA_FIELDS, language_tag, read_metadata
from pagechunk.html.net import (
    NET_HIDDEN_CHARS,
    NET_VISIBLE_CHARS,
    add_jsonld_article,
    unwrap_noframes,
    unwrap_noscript,
    visible_chars,
)
from pagechunk.html.pagetype import declared
from pagechunk.html.pagetype import page_type as classify_page
from pagechunk.html.prune import find_regions, prune
from pagechunk.html.shadow import attach_shadow_roots
from pagechunk.html.title import drop_site_suffix, page_title
from pagechunk.html.tree import load_tree
from pagechunk.html.typed import (
    COPY_ACROSS_TYPES,
    COPY_KEPT_TYPES,
    QUOTES_KEPT_TYPES,
    SHELF_TYPES,
    TEASER_TYPES,
    Trace,
    Unseen,
    drop_unseen_text,
    focus_page,
    read_code_blocks,
    show_folded_content,
    space_adjacent_links,
    spare_chrome_around_main,
    spare_main_shown_to_the_eye,
    spare_section_headers,
    walk_target,
    with_product_description,
    without_copies,
    without_every_type_chrome,
    without_other_products,
    without_story_pointers,
    without_teaser_shelves,
)
from pagechunk.html.walk import walk
from pagechunk.markdown.read import read_markdown
from pagechunk.model import HEADING, Block, Chunk, ParsedPage
from pagechunk.options import ChunkOptions, Options, ParseOptions

__all__ = [
    "chunk_html",
    "extract",
    "extract_page",
    "markdown_page",
    "page_chunks",
    "parse_html",
]

_TEXT_API = ParseOptions()
_DEFAULT = Options()
_CHUNK = _DEFAULT.chunk
_CHUNKING = _DEFAULT.with_values(links=False)
"""The options of :func:`chunk_html` by default: it never reads the page's
link list."""


def parse_html(
    html: str | bytes,
    *,
    base_url: str | None = None,
    content_tags: Iterable[str] = _TEXT_API.content_tags,
    drop_tags: Iterable[str] = _TEXT_API.drop_tags,
    chrome_tags: Iterable[str] = _TEXT_API.chrome_tags,
    drop_roles: Iterable[str] = _TEXT_API.drop_roles,
    drop_hidden: bool = _TEXT_API.drop_hidden,
    strip_chars: str = _TEXT_API.strip_chars,
    robots_names: Iterable[str] = _TEXT_API.robots_names,
    encoding: str | None = None,
    max_bytes: int | None = _TEXT_API.max_bytes,
    strict: bool = _TEXT_API.strict,
    tables: str = _TEXT_API.tables,
) -> ParsedPage:
    """Read an HTML page into its title, text blocks, links and robots meta.

    If some text sits inside a content element (``content_tags``, or an
    element whose ``role`` names one), only text inside content elements is
    kept, and only headings inside them build heading paths; otherwise all
    visible text is kept. One lxml parse; nothing is fetched, and no file is
    read.

    Links with a ``javascript:``, ``data:`` or ``vbscript:`` URL
    (:data:`~pagechunk.html.links.UNSAFE_SCHEMES`) are left out of ``links``;
    their link spans stay, with the URL ``""``, and such a ``<base href>`` is
    ignored. An ``href`` that cannot be joined to the base is left out the
    same way.

    Args:
        html: The page, as text or as the bytes that were fetched.
        base_url: Where the page came from; links are made absolute against
            it, or against ``<base href>`` when the page has one.
        content_tags: Elements holding the page's content.
        drop_tags: Elements whose text is dropped wherever they stand.
        chrome_tags: Elements whose text is dropped outside content elements
            and kept inside them.
        drop_roles: ``role`` values that drop their element's text.
        drop_hidden: Whether to drop what a browser would not render: the
            ``hidden`` attribute (but not ``hidden="until-found"``),
            ``aria-hidden="true"``, an inline style whose ``display`` is
            ``none``, ``visibility`` is ``hidden`` or ``collapse``, or
            ``content-visibility`` is ``hidden`` (comments, escapes and
            ``!important`` read as CSS reads them), and ``<noembed>`` and
            ``<noframes>``.
        strip_chars: Characters deleted from all text.
        robots_names: ``<meta name>`` values whose directives count; add a
            crawler's own name to obey directives meant for it.
        encoding: For bytes, the charset the server declared; it outranks
            ``<meta charset>`` but not a byte order mark.
        max_bytes: The largest document accepted, in bytes (text counts as
            UTF-8); None accepts any size.
        strict: Raise :class:`~pagechunk.DecodeError` for what cannot be
            decoded, instead of reading it as U+FFFD.
        tables: ``"text"`` reads a table row as the text API says: cells
            joined by ``" | "``, a ``<br>`` or a block inside a cell breaking
            it. ``"grid"`` makes each row of a data table one block, a cell
            repeated for its ``colspan``, a ``<br>`` or block inside it a
            space and its list items joined by ``"; "``; tables that lay
            out the page (one holding a heading, a table, a ``<pre>`` or a
            content element) are still read as text.

    Returns:
        The parsed page; an empty page for input with no elements, and for
        bytes that start like a binary file (an image, a PDF, an archive).
        Its ``url`` is ``base_url``, else the canonical URL (or ``og:url``)
        made absolute, else ``<base href>``; its ``lang`` is ``<html lang>``,
        else a ``content-language`` ``<meta http-equiv>``.

    Raises:
        ValueError: ``tables`` is neither ``"text"`` nor ``"grid"``.
        InputTooLarge: The document is over ``max_bytes``.
        DecodeError: With ``strict``: bytes the chosen encoding cannot read,
            an ``encoding`` that names no text encoding, binary data, or text
            with a lone surrogate.
        TypeError: ``html`` is neither text nor bytes; ``base_url`` or
            ``encoding`` is neither text nor None; a tag set is no collection
            of names; ``strip_chars`` is not text.
    """
    options = _parse_options(
        content_tags=content_tags,
        drop_tags=drop_tags,
        chrome_tags=chrome_tags,
        drop_roles=drop_roles,
        drop_hidden=drop_hidden,
        strip_chars=strip_chars,
        robots_names=robots_names,
        max_bytes=max_bytes,
        strict=strict,
        tables=tables,
    )
    root, head, _ = _tree_and_head(
        html, options, base_url, encoding, None, gathering=False
    )
    title, content, images = _prune(root, options)
    return _walk_page(root, content, images, head, title, options)


def _parse_options(**values: Any) -> ParseOptions:
    """The text API's keyword arguments as options: any collection of names
    stands where :class:`~pagechunk.options.ParseOptions` keeps a frozenset."""
    return ParseOptions(**values)


def extract(
    html: str | bytes,
    *,
    base_url: str | None = None,
    clean: bool = _DEFAULT.clean,
    max_bytes: int | None = _DEFAULT.parse.max_bytes,
    strict: bool = _DEFAULT.parse.strict,
    memory: SiteMemory | None = None,
    content_language: str | None = None,
    title_suffix: str | None = _DEFAULT.title_suffix,
    encoding: str | None = None,
    options: Options | None = None,
    **parse_options: Any,
) -> ParsedPage:
    """Parse a page, narrow it to its article and drop its chrome blocks.

    Cleaning has two steps: :mod:`pagechunk.html.focus` picks the subtree that
    holds the article and removes boxes named as comments, sharing, related
    links and the like inside it; :func:`~pagechunk.clean_blocks` then drops
    the blocks that read as menus. ``clean=False`` (or the environment switch
    ``PAGECHUNK_BOILERPLATE=off``) skips both; ``focus=False`` skips the
    first.

    With ``clean=False`` the page is what :func:`~pagechunk.parse_html`
    returns with ``tables="grid"`` (the pipeline reads a data table one row a
    block): the same blocks, title, links and robots flags. Pass
    ``tables="text"`` to get exactly ``parse_html``'s default reading.

    Args:
        html: The page, as text or as the fetched bytes.
        base_url: Where the page came from; it resolves relative links and
            names the page's site.
        clean: Whether to clean at all.
        max_bytes: The largest document accepted, in bytes (text counts as
            UTF-8); None accepts any size.
        strict: Raise :class:`~pagechunk.DecodeError` for what cannot be
            decoded, instead of reading it as U+FFFD.
        memory: The site memory of a crawl, as
            :func:`~pagechunk.clean_blocks` takes it; the page is observed
            into it when cleaning runs.
        content_language: The HTTP ``Content-Language`` header, the page's
            ``lang`` (its first tag) when the page declares none.
        title_suffix: ``"auto"`` drops a site name after the title (``" |
            Acme"``) when it matches ``og:site_name`` or the host of the
            page's ``url``, as :func:`~pagechunk.html.title.drop_site_suffix`
            says; None keeps the title whole.
        encoding: For bytes, the charset the server declared.
        options: All the pipeline's options at once; the keyword arguments
            above and below change them one by one.
        **parse_options: Further options by name (see
            :class:`~pagechunk.options.Options`): those of
            :func:`~pagechunk.parse_html`, ``tables`` (default here:
            ``"grid"``), ``focus`` (default: ``clean``), ``links=False`` to
            leave :attr:`ParsedPage.links` empty when it is not needed, and
            the cleaning thresholds of :func:`~pagechunk.clean_blocks`.

    Returns:
        The parsed page, its blocks cleaned; title, links and robots
        directives are those of the whole page.

    Raises:
        InputTooLarge: The document is over ``max_bytes``.
        DecodeError: With ``strict``, as :func:`~pagechunk.parse_html` says.
        TypeError: ``html`` is neither text nor bytes; an option is
            unknown or of the wrong type; ``base_url``, ``content_language``
            or ``encoding`` is neither text nor None; ``memory`` is no
            :class:`~pagechunk.SiteMemory` or ``options`` no
            :class:`~pagechunk.options.Options`.
        ValueError: ``title_suffix`` is neither None nor ``"auto"``, or
            ``tables`` names no table mode.
    """
    check_type("options", options, Options, optional=True)
    settings = (options or _DEFAULT).with_values(
        clean=clean,
        max_bytes=max_bytes,
        strict=strict,
        title_suffix=title_suffix,
        **parse_options,
    )
    return extract_page(
        html,
        settings,
        base_url=base_url,
        encoding=encoding,
        content_language=content_language,
        memory=memory,
    )


def extract_page(
    html: str | bytes,
    options: Options,
    *,
    base_url: str | None = None,
    encoding: str | None = None,
    content_language: str | None = None,
    memory: SiteMemory | None = None,
) -> ParsedPage:
    """:func:`extract` with its options as one object."""
    check_type("memory", memory, SiteMemory, optional=True)
    return _extract(html, options, base_url, encoding, content_language, memory)


def _extract(
    html: str | bytes,
    options: Options,
    base_url: str | None,
    encoding: str | None,
    content_language: str | None,
    memory: SiteMemory | None,
    trace: Trace | None = None,
    streamed: bool | None = None,
) -> ParsedPage:
    """The steps of :func:`extract`; ``trace`` notes what focus chose.
    Streamed segments are placed (:mod:`pagechunk.html.streamed`) when
    focusing, or as ``streamed`` says (:mod:`pagechunk.explain` reads the
    whole page as focus sees it)."""
    cleaning = options.clean and cleaning_enabled()
    focus = cleaning if options.focus is None else options.focus
    parse = options.parse
    placing = focus if streamed is None else streamed
    root, head, gathered = _tree_and_head(
        html, parse, base_url, encoding, content_language, streamed=placing
    )
    objects = jsonld_objects(root, gathered.scripts)
    said = declared(root, objects, gathered.metas)
    metadata = read_metadata(root, head, objects, gathered)
    del gathered  # it holds the tree's elements
    unseen = None
    if focus:
        unseen = drop_unseen_text(root)
        read_code_blocks(root, unseen.pres)
    title, content, images = _prune(root, parse, unfold=focus, unseen=unseen)
    del unseen  # it holds the tree's elements
    net = ""
    visible = visible_chars(root, content)
    if focus and visible < NET_VISIBLE_CHARS:
        reread = _reread(html, parse, base_url, encoding, content_language, objects)
        if reread is not None:
            root, head, (title, content, images), net = reread
            visible = visible_chars(root, content)
    chars = None if content else visible  # the whole tree's text, known
    page_type, probability = classify_page(head.url, said, root, chars)
    rule = "none (not cleaning)"
    if focus:
        chosen = focus_page(
            root, content, page_type, trace=trace is not None, visible=visible
        )
        if net:
            chosen.rule += f"; read with {net}"
        if trace is not None:
            trace.focus = chosen
        rule = chosen.rule
        page = _walk_page(*walk_target(chosen), images, head, title, parse)
        del chosen  # it holds the tree's elements
    else:
        page = _walk_page(root, content, images, head, title, parse)
    page.page_type = page_type
    walked = page.blocks
    # The tree goes before cleaning and chunking: what they allocate then
    # reuses its memory instead of adding to it.
    del root, content, images
    page.lang = language_tag(page.lang)
    for name in METADATA_FIELDS:
        setattr(page, name, getattr(metadata, name))
    if options.title_suffix == "auto":
        page.title = drop_site_suffix(
            page.title, site_name=head.site_name, url=page.url
        )
    if cleaning:
        page.blocks = clean_with(
            page.blocks, options.cleaning, site=head.site, memory=memory
        )
    if focus and page_type in SHELF_TYPES:
        _keep(
            page,
            without_other_products(page.blocks, product=page_type == "product"),
            trace,
            "a shelf of other products",
        )
    if focus and page_type in TEASER_TYPES:
        _keep(
            page,
            without_teaser_shelves(page.blocks),
            trace,
            "a shelf of teasers for other pages",
        )
    if focus and page_type not in COPY_KEPT_TYPES:
        across = page_type in COPY_ACROSS_TYPES
        _keep(
            page,
            without_copies(
                page.blocks, quotes=page_type not in QUOTES_KEPT_TYPES, across=across
            ),
            trace,
            "a copy of a block above" if across else "a copy under the same heading",
        )
    if focus:
        # ``rule`` already names the focus rule, which the evidence reads.
        page.blocks = without_every_type_chrome(
            page.blocks, None if trace is None else trace.left_out
        )
    if focus and page_type == "article":
        _keep(
            page,
            without_story_pointers(page.blocks),
            trace,
            "a pointer to another story",
        )
    if focus and page_type == "product":
        page.blocks = with_product_description(page.blocks, objects)
    page.blocks = without_dropped_headings(walked, page.blocks)
    evidence = Evidence(page_type, probability, visible, rule, bool(net))
    if trace is not None:
        trace.evidence = evidence
    page.confidence = confidence(confidence_features(evidence, page.blocks))
    return page


def _keep(page: ParsedPage, kept: list[Block], trace: Trace | None, rule: str) -> None:
    """Give ``page`` the blocks a block filter ``kept``, noting in ``trace``,
    for ``explain``, the text of each block it left out with ``rule``."""
    if trace is not None:
        held = {id(block) for block in kept}
        trace.left_out += [
            (block.text, rule) for block in page.blocks if id(block) not in held
        ]
    page.blocks = kept


def _reread(
    html: str | bytes,
    parse: ParseOptions,
    base_url: str | None,
    encoding: str | None,
    content_language: str | None,
    objects: list[JsonObject],
) -> tuple[etree._Element, PageHead, _Pruned, str] | None:
    """The safety net: read a page that shows almost no text again, with
    what ``<noscript>`` holds, else, on a ``<frameset>`` page, with what
    its ``<noframes>`` holds, else with its hidden elements, else with the
    ``articleBody`` of its JSON-LD ``objects``; None when none holds
    :data:`NET_HIDDEN_CHARS` (a ``<noframes>`` needs only some text: a
    frameset shows nothing else)."""

    def tree() -> tuple[etree._Element, PageHead]:
        root, head, _ = _tree_and_head(
            html,
            parse,
            base_url,
            encoding,
            content_language,
            streamed=True,
            gathering=False,
        )
        read_code_blocks(root, drop_unseen_text(root).pres)
        return root, head

    root, head = tree()
    if unwrap_noscript(root):
        return root, head, _prune(root, parse, unfold=True), "<noscript> content"
    if unwrap_noframes(root):
        return root, head, _prune(root, parse, unfold=True), "<noframes> content"
    pruned = _prune(root, replace(parse, drop_hidden=False), unfold=True)
    if visible_chars(root, pruned[1]) >= NET_HIDDEN_CHARS:
        return root, head, pruned, "hidden elements shown"
    if any("articleBody" in item for item in objects):
        # The hidden elements' reading pruned the tree: a fresh one.
        root, head = tree()
        if add_jsonld_article(root, objects):
            return root, head, _prune(root, parse, unfold=True), "JSON-LD articleBody"
    return None


def _tree_and_head(
    html: str | bytes,
    options: ParseOptions,
    base_url: str | None,
    encoding: str | None,
    content_language: str | None,
    *,
    streamed: bool = False,
    gathering: bool = True,
) -> tuple[etree._Element, PageHead, Gathered]:
    """Steps decode, guard and tree, then head: the page's tree, what the
    page declares about itself, and the elements the head step's pass
    gathered for the steps after it (without ``gathering``, only those the
    head step reads); with ``streamed``, its streamed segments placed
    (:mod:`pagechunk.html.streamed`) and its declarative shadow roots
    attached (:mod:`pagechunk.html.shadow`)."""
    for name, value in (
        ("base_url", base_url),
        ("encoding", encoding),
        ("content_language", content_language),
    ):
        check_text(name, value, optional=True)
    data = decode(html, encoding, max_bytes=options.max_bytes, strict=options.strict)
    root = load_tree(data, streamed=streamed)
    gathered = gather(root, links=options.links, later=gathering)
    if streamed:
        # Read as a browser that runs scripts shows it: the head step's pass
        # gathered the templates; the tree it gathered from then changed.
        templates = [e for e in gathered.others if e.tag == "template"]
        if templates and attach_shadow_roots(root, templates):
            gathered = gather(root, links=options.links, later=gathering)
    head = read_head(
        root,
        options,
        base_url=base_url,
        content_language=content_language,
        gathered=gathered,
    )
    return root, head, gathered


_Pruned = tuple[str, set[etree._Element], Images]
"""What steps prune and flatten leave besides the tree: the raw text of the
page's title, the content elements and the images flatten merged away."""


def _prune(
    root: etree._Element,
    options: ParseOptions,
    *,
    unfold: bool = False,
    unseen: Unseen | None = None,
) -> _Pruned:
    """Steps prune and flatten, in place: the raw text of the page's title,
    the content elements and the images flatten merged away. With
    ``unfold`` (``extract``'s focus), what the page folds behind its own
    controls is shown first, chrome that holds the main content (an
    unclosed ``<aside>``) is not pruned, and links that touch are spaced
    apart. ``unseen`` is what
    :func:`~pagechunk.html.typed.drop_unseen_text` read of the tree, when
    it read this tree: its role attributes and buttons are not read
    again."""
    roles = buttons = None
    if unseen is not None:
        roles, buttons = unseen.roles, unseen.buttons
    regions = find_regions(root, options, roles)
    if unfold:
        regions.marking = show_folded_content(root, regions.marking, buttons)
        regions.chrome = spare_chrome_around_main(regions.chrome, regions.content)
        regions.marking = spare_main_shown_to_the_eye(regions.marking, regions.content)
        regions.chrome = spare_section_headers(regions.chrome)
        space_adjacent_links(root)
    title = prune(root, regions, options)
    images = flatten(root, regions, options)
    return title, regions.content, images


def _walk_page(
    root: etree._Element | list[etree._Element],
    content: set[etree._Element],
    images: Images,
    head: PageHead,
    raw_title: str,
    options: ParseOptions,
) -> ParsedPage:
    """Step walk, and the page it makes with what the head step read."""
    blocks = walk(root, content, head.resolve, options, images)
    return ParsedPage(
        title=page_title(raw_title, blocks, options.strip_chars),
        blocks=blocks,
        links=head.links,
        noindex=head.noindex,
        nofollow=head.nofollow,
        url=head.url,
        lang=head.lang,
    )


def markdown_page(
    markdown: str | bytes,
    options: Options = _DEFAULT,
    *,
    url: str | None = None,
    encoding: str | None = None,
    content_language: str | None = None,
    memory: SiteMemory | None = None,
) -> ParsedPage:
    """Markdown (from any converter) as a page, as :func:`extract` makes one
    of HTML: its blocks, cleaned when ``options.clean`` is set and ``url``
    is an http(s) address, titled by its first heading when that is a
    level-1 ``#`` heading, with no links and no robots directives.

    Bytes are decoded as ``encoding`` (UTF-8 when it is None or names no
    encoding of the WHATWG Encoding Standard, see
    :mod:`pagechunk.encodings`; a byte order mark outranks it), undecodable
    bytes read as U+FFFD.
    """
    if isinstance(markdown, bytes):
        markdown = _decode(markdown, encoding)
    if options.clean and url:
        markdown = clean_markdown_with(
            markdown,
            options.cleaning,
            media_type="text/html",
            source_uri=url,
            memory=memory,
        )
    blocks = read_markdown(markdown)
    first = next((block for block in blocks if block.kind == HEADING), None)
    return ParsedPage(
        title=first.text if first and first.level == 1 else "",
        blocks=blocks,
        links=[],
        url=url or "",
        lang=language_tag(first_language(content_language)),
    )


def _decode(data: bytes, encoding: str | None) -> str:
    """Markdown bytes as text: as ``encoding`` when it names an encoding of
    the WHATWG Encoding Standard, else UTF-8; a byte order mark outranks
    it, as in HTML."""
    bom, skip = byte_order_mark(data)
    codec = bom or codec_for(encoding) or "utf-8"
    return decode_as(data[skip:], codec)


def chunk_html(
    html: str | bytes,
    *,
    base_url: str | None = None,
    clean: bool = _DEFAULT.clean,
    target_chars: int | None = _CHUNK.target_chars,
    max_chars: int | None = _CHUNK.max_chars,
    prefix: bool = _CHUNK.prefix,
    max_bytes: int | None = _DEFAULT.parse.max_bytes,
    strict: bool = _DEFAULT.parse.strict,
    memory: SiteMemory | None = None,
    content_language: str | None = None,
    title_suffix: str | None = _DEFAULT.title_suffix,
    length: Callable[[str], int] | None = _CHUNK.length,
    overlap_chars: int = _CHUNK.overlap_chars,
    table_header: bool = _CHUNK.table_header,
    body: str = _CHUNK.body,
    encoding: str | None = None,
    options: Options | None = None,
    **parse_options: Any,
) -> list[Chunk]:
    """Turn a page into chunks: :func:`extract`, then
    :func:`~pagechunk.chunk_blocks` with the page's title, URL and language.

    The size, prefix, ``length``, ``overlap_chars`` and ``table_header``
    arguments are those of :func:`~pagechunk.chunk_blocks`, except that a
    table's header row is repeated by default here; the others are those of
    :func:`extract`, and so are the errors, with ``ValueError`` for a size
    below 1. The page's link list is not read here, so it is not built.

    Unlike :func:`~pagechunk.chunk_blocks`, a heading section shorter than
    ``join_under`` (:data:`~pagechunk.options.JOIN_UNDER`) joins its
    neighbours in one chunk within ``target_chars``, under the heading path
    they share, with the headings below it in the body; a section or chunk
    whose body repeats an earlier one's is left out (``drop_repeats``).

    ``body="markdown"`` writes each chunk's body as Markdown instead of plain
    text: code fenced with the language the page names, tables as Markdown
    tables under their header row, links as ``[label](url)``, items and
    quotes marked; a code block split across chunks is fenced in each.
    ``max_chars`` holds the same, and ``start``/``end`` still count in
    :attr:`ParsedPage.markdown`.
    """
    check_type("options", options, Options, optional=True)
    settings = (options or _CHUNKING).with_values(
        clean=clean,
        max_bytes=max_bytes,
        strict=strict,
        title_suffix=title_suffix,
        target_chars=target_chars,
        max_chars=max_chars,
        prefix=prefix,
        length=length,
        overlap_chars=overlap_chars,
        table_header=table_header,
        body=body,
        **parse_options,
    )
    settings = settings.with_values(links=False)
    page = extract_page(
        html,
        settings,
        base_url=base_url,
        encoding=encoding,
        content_language=content_language,
        memory=memory,
    )
    return page_chunks(page, settings.chunk)


def page_chunks(page: ParsedPage, options: ChunkOptions = _CHUNK) -> list[Chunk]:
    """The chunks of a parsed page, as :func:`chunk_html` makes them from
    what :func:`extract` returns: :func:`~pagechunk.chunk_blocks` with the
    page's title, ``url`` and ``lang``, each chunk carrying the page's
    type, confidence and metadata and its :attr:`~pagechunk.Chunk.id`
    (:func:`~pagechunk.model.chunk_id` of the page's ``url``, else its
    :attr:`~pagechunk.ParsedPage.digest`)."""
    return chunk_with(
        page.blocks,
        options,
        title=page.title,
        url=page.url,
        lang=page.lang,
        page_type=page.page_type,
        confidence=page.confidence,
        document=page.url or page.digest,
        metadata={name: getattr(page, name) for name in METADATA_FIELDS},
    )
