"""The tree steps, one module each, in the order the pipeline runs them.

1. :mod:`~pagechunk.html.decode`: bytes or text to valid UTF-8, refusing a
   document over ``max_bytes`` (:mod:`~pagechunk.html.guard` holds the
   limits). Hands on ``bytes``.
2. :mod:`~pagechunk.html.tree`: the lxml parse, hostile markup capped
   first (:mod:`~pagechunk.html.guard`), then, right after it,
   :mod:`~pagechunk.html.nesting`: where libxml2 ignored an end tag a
   browser honours, the page is parsed again with the elements closed as a
   browser closes them, and content after ``</html>`` joins the body. Hands
   on the root element.
3. :mod:`~pagechunk.html.head`: links, base URL, robots, canonical URL, site
   name and language, read before anything is pruned
   (:mod:`~pagechunk.html.links` resolves the URLs). Hands on a
   :class:`~pagechunk.html.head.PageHead`.
4. :mod:`~pagechunk.html.prune`: finds the :class:`~pagechunk.html.prune.Regions`
   (titles, content, chrome, marking attributes) and removes what is never
   read. Hands on the tree and the raw title.
5. :mod:`~pagechunk.html.flatten`: inline markup merged into its block.
6. :mod:`~pagechunk.html.focus` (the pipeline's, when cleaning): the subtree
   holding the article (:mod:`~pagechunk.html.names` reads ``class`` and
   ``id``). Hands on that element.
7. :mod:`~pagechunk.html.walk`: one pass emitting blocks under their
   heading paths (:mod:`~pagechunk.html.headings`), grid tables read by
   :mod:`~pagechunk.html.tables`. Hands on ``list[Block]``.
8. :mod:`~pagechunk.html.title`: the title tidied, else the first heading.

:mod:`pagechunk.pipeline` composes them; each takes the
:class:`~pagechunk.options.ParseOptions` it reads.
"""
