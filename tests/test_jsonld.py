"""The shared JSON-LD reader: graphs and lists flattened, broken blocks
skipped, type names without their vocabulary prefix."""

from lxml import html

from pagechunk.html.jsonld import jsonld_objects, jsonld_types, type_names


def _root(scripts: str) -> html.HtmlElement:
    return html.document_fromstring(
        f"<html><head>{scripts}</head><body><p>x</p></body></html>"
    )


def test_graph_and_lists_are_flattened_in_document_order() -> None:
    root = _root(
        '<script type="application/ld+json">'
        '{"@context": "https://schema.org", "@graph": '
        '[{"@type": "WebPage"}, {"@type": "Article", "headline": "H"}]}</script>'
        '<script type="application/ld+json">[{"@type": "Organization"}]</script>'
    )
    assert [type_names(o) for o in jsonld_objects(root)] == [
        ["WebPage"],
        ["Article"],
        ["Organization"],
    ]


def test_broken_json_and_other_scripts_are_skipped() -> None:
    root = _root(
        '<script type="application/ld+json">{"@type": "Product",}</script>'
        '<script>{"@type": "Product"}</script>'
        '<script type="application/ld+json"><!-- {"@type": "Recipe"} --></script>'
    )
    assert [type_names(o) for o in jsonld_objects(root)] == [["Recipe"]]


def test_types_read_one_level_inside_and_drop_the_vocabulary() -> None:
    objects = [
        {"@type": ["http://schema.org/WebPage"], "mainEntity": {"@type": "Question"}}
    ]
    assert jsonld_types(objects) == frozenset({"WebPage", "Question"})
    assert type_names({"@type": "schema:Product"}) == ["Product"]
    assert type_names("Product") == []
