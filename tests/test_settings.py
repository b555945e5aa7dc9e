"""Batch settings: built on Options, and stored in a manifest as JSON."""

from __future__ import annotations

import json
import pickle

import pytest

from pagechunk.batch.settings import Settings
from pagechunk.options import Options


def test_with_values_sets_the_batch_fields_and_the_options() -> None:
    settings = Settings().with_values(
        url="https://a.example/", site_memory=True, max_chars=500, tables="text"
    )
    assert (settings.url, settings.site_memory, settings.tokenizer) == (
        "https://a.example/",
        True,
        None,
    )
    assert settings.options == Options().with_values(max_chars=500, tables="text")


def test_an_unknown_name_is_refused() -> None:
    with pytest.raises(TypeError, match="unknown option 'max_char'"):
        Settings().with_values(max_char=500)


def test_a_length_function_is_refused_for_a_tokenizer_spec() -> None:
    with pytest.raises(ValueError, match="tokenizer spec"):
        Settings(options=Options().with_values(length=len))
    with pytest.raises(TypeError, match="must be an Options"):
        Settings(options={"max_chars": 500})  # type: ignore[arg-type]


def test_the_pipeline_runs_without_a_link_list() -> None:
    settings = Settings().with_values(max_chars=500)
    options = settings.pipeline_options()
    assert not options.parse.links
    assert options.chunk.max_chars == 500
    assert options.chunk.length is None
    assert settings.options.parse.links  # the settings themselves are as given


def test_the_json_holds_the_batch_fields_and_the_options_changed() -> None:
    settings = Settings(url="u").with_values(
        max_chars=500, drop_tags={"nav", "aside"}, title_suffix="auto"
    )
    assert json.loads(settings.to_json()) == {
        "url": "u",
        "site_memory": False,
        "tokenizer": None,
        "max_chars": 500,
        "drop_tags": ["aside", "nav"],
        "title_suffix": "auto",
    }
    assert Settings.from_json(settings.to_json()) == settings
    assert json.loads(Settings().to_json()) == {
        "url": None,
        "site_memory": False,
        "tokenizer": None,
    }


def test_settings_of_every_kind_survive_json_and_pickling() -> None:
    settings = Settings(tokenizer="tiktoken:cl100k_base").with_values(
        target_chars=None,
        link_density=0.5,
        chrome_headings={"Related"},
        focus=False,
        strip_chars="#",
        max_bytes=10_000,
    )
    assert Settings.from_json(settings.to_json()) == settings
    assert pickle.loads(pickle.dumps(settings)) == settings


def test_the_settings_a_manifest_of_version_0_1_stored_are_read() -> None:
    stored = json.dumps(
        {
            "clean": True,
            "max_chars": 800,
            "overlap_chars": 0,
            "prefix": False,
            "site_memory": False,
            "target_chars": 1200,
            "title_suffix": None,
            "tokenizer": None,
            "url": "https://a.example/",
        },
        sort_keys=True,
    )
    assert Settings.from_json(stored) == Settings(url="https://a.example/").with_values(
        max_chars=800, prefix=False
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "no JSON"),
        ("[1]", "no JSON object"),
        ('{"colour": "red"}', "unknown option 'colour'"),
        ('{"max_chars": 0}', "max_chars must be at least 1"),
    ],
)
def test_settings_this_version_cannot_read_are_a_value_error(
    text: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Settings.from_json(text)
