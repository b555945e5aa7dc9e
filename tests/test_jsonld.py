"""The shared JSON-LD reader: graphs and lists flattened, broken blocks
skipped, type names without their vocabulary prefix."""

from lxml import html

from pagechunk.html.jsonld import every_object, jsonld_objects, jsonld_types, type_names


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


def test_every_object_is_given_depth_first_in_the_page_order():
    group = {
        "@type": "ProductGroup",
        "hasVariant": [
            {"@type": "Product", "sku": "a"},
            {"@type": "Product", "sku": "b"},
        ],
        "brand": {"@type": "Brand", "name": "Oakline"},
    }
    page = {"@type": "WebPage", "name": "Bench"}
    assert [o.get("sku") or o["@type"] for o in every_object([page, group])] == [
        "WebPage",
        "ProductGroup",
        "a",
        "b",
        "Brand",
    ]
