"""Step 6, focus by page type: which parts of a pruned tree hold the page's
own content, by what kind of page it is (see :mod:`pagechunk.html.pagetype`).

- **article, documentation, other**: the article's container that
  :func:`~pagechunk.html.focus.climb` grows, unless it holds under
  :data:`FOCUS_SHARE` of the page's prose (one post, one card, one section
  of a longer page): then the *mass* container, the lowest ancestor of the
  densest element holding :data:`MASS_SHARE` of the prose. Inside it, lists
  of same-page links (tables of contents) go.
- **forum**: the mass container, with comment boxes kept (on a forum they
  are the replies), grown to hold the first post when microdata types one
  (``Question``, ``DiscussionForumPosting``). In a question with typed
  answers, the comments under posts go; in every thread, the per-post
  chrome goes: signatures, member profiles and stats, the author box beside
  each post, reactions and votes.
- **product**: the mass container without reviews, ratings, recommended,
  related and recently viewed products, or customer questions; when the
  densest prose is inside such a box, the product's own is sought outside
  them. After the walk, on products, collections and listings,
  :func:`without_other_products` takes out the shelves of other products
  that only their heading names.
- **collection, listing, service**: the whole pruned page, every repeated
  item and section; ``<main>``/``<article>`` restrict it only when they
  hold :data:`CONTENT_SHARE` of its text and are not several
  ``<article>`` cards, and then the boxes of prose outside them (a
  category's guide below the grid) are read with them.

Every rule then drops the forms and the notice bars inside its containers
that hold little of their text (a reply box, a search or sign-up form, a
store's delivery notice), the short labels a class keeps off the screen
and the buttons, and the headings a class keeps off the screen that head
no text once those are gone, and keeps a heading that
stands before its containers: the page's first ``<h1>``, when no container
holds it, heads what they hold. Before pruning, :func:`drop_unseen_text`
takes out the inline labels kept off the screen and the names of form
fields, which flattening would merge into the text around them, what media
elements hold, and the short messages announced to screen readers; and
:func:`show_folded_content` shows the tab panels and collapsed sections
that wait behind the page's own controls.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice
from operator import itemgetter
from typing import Any, cast
from urllib.parse import unquote

from lxml import etree

from pagechunk.html.flatten import code_language
from pagechunk.html.focus import (
    BOILERPLATE,
    COMMENTS,
    MIN_PROSE,
    NONE,
    Survey,
    boilerplate_inside,
    climb,
    content_stops,
    densest,
    survey,
)
from pagechunk.html.jsonld import JsonObject, every_object, type_names
from pagechunk.html.names import (
    NamedElement,
    Names,
    comments_inside,
    name_words,
    split_name,
)
from pagechunk.html.nesting import remove_keeping_tail, set_text
from pagechunk.html.net import text_length, visible_chars
from pagechunk.html.prune import (
    applied_role,
    hides,
    hiding_attributes,
    role_attributes,
)
from pagechunk.model import CODE, HEADING, ITEM, PARAGRAPH, QUOTE, Block
from pagechunk.vocabulary import HEADING_LEVELS, PICTURE_TAGS, UNSHOWN_TAGS

__all__ = [
    "ANNOUNCED_MAX_CHARS",
    "ANNOUNCED_ROLES",
    "AUTHOR_BOX_MAX_CHARS",
    "AUTHOR_BOX_PROSE",
    "AUTHOR_PATHS",
    "AUTHOR_MAX_CHARS",
    "AUTHOR_WORDS",
    "CONTENT_SHARE",
    "FOCUS_SHARE",
    "FORM_REPEATS",
    "FORM_MESSAGES",
    "FORM_SHARE",
    "SIGNUP_MAX_CHARS",
    "SHARE_NAMES",
    "SHARE_LABEL_MAX_CHARS",
    "BUTTON_GROUP_MAX",
    "BYLINE",
    "BYLINE_MAX_CHARS",
    "CHOICE_INPUTS",
    "NOT_TYPED_IN",
    "CHOICES_MAX_CHARS",
    "CHOICE_LABELS_SHARE",
    "CARD_LINK_TYPES",
    "CARD_TITLES_MIN",
    "CARD_TITLE_HEADINGS",
    "TILE_HEADINGS_PROSE",
    "CARD_TITLE_WORDS",
    "CHOICE_ROLES",
    "CONTROLS",
    "EVERY_TYPE_RULES",
    "STORE_CONTROLS",
    "LOADERS",
    "KIN_SHARE",
    "MASS_SHARE",
    "PART_TAGS",
    "PRODUCT_MIN_CHARS",
    "MENU_LINK_SHARE",
    "MEDIA_TAGS",
    "NOTICES",
    "PROMO_BARS",
    "READ_MORE",
    "CONSENT_BARS",
    "QUOTES_KEPT_TYPES",
    "DIALOGS",
    "CONTENT_HOLDS",
    "COPY_ACROSS_TYPES",
    "COPY_KEPT_TYPES",
    "COPYRIGHT_LINE",
    "COPYRIGHT_MAX_CHARS",
    "COPY_MIN_CHARS",
    "DIALOG_MAX_CHARS",
    "OTHER_ITEMS",
    "OUTSIDE_CHROME",
    "OUTSIDE_PARAGRAPH",
    "OUTSIDE_PROSE",
    "OTHER_ITEMS_MAX_WORDS",
    "OTHER_ITEMS_NAMES",
    "FINE_PRINT_NAMES",
    "ENCODED_SPACES_MIN",
    "PRODUCT_SHELVES",
    "POPUP_ROLES",
    "PRICE_WORDS",
    "PICKERS",
    "PICKER_MAX_CHARS",
    "DESCRIPTION_WORDS",
    "REDUNDANT_LINK_CHARS",
    "RESULT_COUNT_MAX_CHARS",
    "RESULT_RANGE",
    "RESULT_RANGE_MAX_CHARS",
    "RESULT_COUNT_WORDS",
    "BADGES",
    "BADGE_MAX_CHARS",
    "FEED_NAMES",
    "FEED_LINE_MAX_CHARS",
    "EDIT_PATH_DEPTH",
    "SHELF_PROSE",
    "SHELF_TYPES",
    "TEASER_PROSE",
    "TEASER_TITLE_CHARS",
    "TEASER_SHELVES",
    "TEASER_TYPES",
    "SITE_CHROME_EDGE",
    "SITE_CHROME_NAMES",
    "TOC_LINK_SHARE",
    "TOC_TITLE_CHARS",
    "UPSELLS",
    "UPSELL_MAX_CHARS",
    "SCREEN_READER_CLASSES",
    "UNSEEN_CLASSES",
    "UNSEEN_MAX_CHARS",
    "Focus",
    "Trace",
    "Unseen",
    "drop_unseen_text",
    "read_code_blocks",
    "focus_page",
    "LABEL_PARENTS",
    "QUESTION_MARKS",
    "SECTIONING",
    "show_folded_content",
    "spare_chrome_around_main",
    "spare_main_shown_to_the_eye",
    "spare_section_headers",
    "space_adjacent_links",
    "walk_target",
    "with_product_description",
    "without_copies",
    "without_copyright_lines",
    "without_every_type_chrome",
    "without_other_products",
    "without_result_ranges",
    "without_teaser_shelves",
]

FOCUS_SHARE = 0.15
"""Share of the page's prose the article's container must hold; under it,
the mass container is taken instead."""

MASS_SHARE = 0.7
"""Share of the page's prose the mass container holds."""

PART_TAGS = frozenset(["ul", "ol", "dl", "li", "table", "tbody", "tr", "td", "th"])
"""Tags of a list or a table, or of their parts: a product's mass container
of such a tag is one part of its text (the highlights listed beside the
name, one cell of the page's layout table), and the product rule grows it
to the box that holds the product's ``<h1>``."""

PRODUCT_MIN_CHARS = 200
"""Characters under which a product's mass container is too short to be its
description (a note under the price table, a line of terms): the product
rule grows it, as a list's, to the box that holds the product's ``<h1>``."""

KIN_SHARE = 0.4
"""Share of the page's prose, or of the mass container's text, under which
an article's container is read with its kin (the boxes of its own tag and
``class`` around it), when together they hold this share of the prose."""

CONTENT_SHARE = 0.5
"""Share of a whole-page type's text its content elements must hold to
restrict it."""

OUTSIDE_PARAGRAPH = 150
"""Characters of a ``<p>`` outside a whole-page type's content elements that
make it prose: a category's buying guide or description set below the
grid, after ``<main>`` closes."""

OUTSIDE_PROSE = 500
"""Characters of :data:`OUTSIDE_PARAGRAPH` paragraphs one box outside the
content elements must hold, in two paragraphs or more, to be read with
them."""

OUTSIDE_CHROME = frozenset(["header", "footer", "nav", "aside", "form", "dialog"])
"""Tags whose paragraphs stay out of a whole-page type's text even when they
are prose: the site's header and footer blurbs, side panels, sign-up
forms and dialogs."""

_DROP_MARK = "pagechunk-typed-drop"
_BOILERPLATE_RULE = "named boilerplate inside the container"

POST_CHROME = frozenset(
    [
        "signature",
        "signatures",
        "sign",
        "postsignature",
        "userextra",
        "userinfo",
        "postprofile",
        "reactions",
        "reaction",
        "usertitle",
        "badge",
        "badges",
        "rank",
        "reputation",
        "vote",
        "votes",
        "votecell",
        "similar",
        "suggested",
    ]
)
"""Name words of per-post chrome on forums, and of the thread's box of other
threads (phpBB's ``similar-topics``, NodeBB's ``suggested-topics``)."""

POST_AUTHOR = frozenset(["user", "author", "poster", "member"])
"""Name words of the box beside or above each post that shows who wrote it:
name, rank, join date, post count, location."""

POST_BODY = frozenset(["content", "body", "text"])
"""Name words that make a box named for its author the post itself
(``message-userContent``)."""

AUTHOR_MAX_CHARS = 200
"""Characters a post's author box may hold; more is a post."""

STATS_MIN_ITEMS = 3
"""Terms and values, together, of a ``<dl>`` of short items that is a
member's card: "Joined / Mar 2019 / Messages / 1,204", or a name over its
rank, join date and post count."""

POST_CONTROLS = frozenset(
    [
        "expand",
        "shrink",
        "collapse",
        "permalink",
        "likes",
        "liked",
        "likers",
        "share",
        "score",
        "options",
        "tools",
    ]
)
"""Name words of a post's small controls and counters: a quote's "Click to
expand..." and "Click to shrink...", the post's permalink ("#7"), its like
count ("7 Likes"), its row of tools ("Reply", "Report inappropriate
content")."""

POST_BARS = frozenset(["header", "footer"])
"""Tags and name words of the bars above and below each post: its author,
date and number (``message-header``), its reply count, votes and tools
(NodeBB's ``post-footer``)."""

PRODUCT_ASIDES = frozenset(
    [
        "review",
        "reviews",
        "rating",
        "ratings",
        "recommendations",
        "recommended",
        "recommendation",
        "upsell",
        "crosssell",
        "related",
        "similar",
        "recently",
        "viewed",
        "qa",
        "feedback",
        "comparison",
    ]
)
"""Name words of the boxes beside a product's own description."""

LIST_CHROME = frozenset(
    [
        "filter",
        "filters",
        "facet",
        "facets",
        "sort",
        "sorting",
        "refine",
        "refinement",
        "pagination",
        "paginate",
        "paginator",
        "paging",
        "pager",
        "breadcrumb",
        "breadcrumbs",
        "selector",
        "switcher",
        "toolbar",
    ]
)
"""Name words of the bars around a listing's items: its filters, sorting,
pagination and breadcrumbs, and the selectors and switchers of its view,
country or language."""

CARD_LINK_TYPES = frozenset(["listing", "service"])
"""The whole-page types whose cards that are links as a whole give their
link to their heading (:func:`_unwrap_card_links`). A shop's grid of
product tiles (a collection) is left to the cleaning rules, which drop it
whole: references of category pages keep the grid about as often as not,
and keeping it cost WCXB collections more than it won."""

CARD_TITLE_WORDS = frozenset(["title", "name", "heading"])
"""Name words of the box holding a shop tile's name (``card-title``,
``product-name``, Shopify Dawn's ``card__heading``), read by
:func:`_unlink_card_titles`."""

TILE_HEADINGS_PROSE = 150
"""Characters of a paragraph (``<p>``) that make a collection page one with
prose of its own (a category's description or buying guide), on which a
tile's heading stays a heading: see :data:`CARD_TITLE_HEADINGS`."""

CARD_TITLE_HEADINGS = frozenset(["h2", "h3", "h4", "h5", "h6"])
"""Headings that can be a tile's title, named so (``<h3
class="card__heading">``, WooCommerce's ``<h2
class="woocommerce-loop-product__title">``): a page's ``<h1>`` is its
own name."""

CARD_TITLES_MIN = 3
"""Titles of tiles a collection must hold for :func:`_unlink_card_titles`
to read them as a grid."""

LIST_CHROME_SHARE = 0.3
"""Share of the page's text a named bar may hold and still be dropped."""

RESULT_COUNT_WORDS = frozenset(["count", "total"])
"""Name words of the box that counts a listing's results: Shopify's
``product-count``, WooCommerce's ``woocommerce-result-count``,
PrestaShop's ``total-products`` ("There are 12 products.")."""

BADGES = frozenset(["badge", "badges"])
"""Name words of the badges of a listing's cards ("New", "Featured",
"Actively hiring", "Almost full"): a status the board sets on an item,
not the item's own text, read by :func:`_badges`."""

FEED_NAMES = frozenset(
    ["feed", "rss", "atom", "feed.xml", "rss.xml", "atom.xml", "index.xml"]
)
"""Last segments of the path of a site's feed (WordPress's ``/feed/``,
Jekyll's ``feed.xml``, Hugo's ``index.xml``), read by :func:`_feed_lines`
with the extensions ``.rss`` and ``.atom``."""

FEED_LINE_MAX_CHARS = 40
"""Characters a line whose links all lead to the site's feed may hold and
still go ("subscribe via RSS")."""

BADGE_MAX_CHARS = 30
"""Characters a box named as a badge may hold and still go: a word or
three; more is text of the item's own."""

RESULT_COUNT_MAX_CHARS = 40
"""Characters a box named as a listing's count of results may hold; more
is text of the page's own."""

LIST_CHROME_PROSE = 80
"""Characters of a paragraph that make a box named as a filter, sort or
pagination bar the page's text: a filterable grid's items, a tabbed
section."""

SITE_CHROME_NAMES = frozenset(["header", "footer"])
"""Name words of a box that can be the site's header or footer where the
page builds them without ``<header>`` and ``<footer>`` (``site-header``,
``uni-footer``), read by :func:`_site_chrome`."""

SITE_CHROME_EDGE = 0.1
"""Share of a whole-page type's text that may stand before the site's header
or after its footer when pruning left them inside the content elements: a
site's header opens the page and its footer closes it."""

DRAWINGS = frozenset(["graphic", "graphics", "illustration", "illustrations"])
"""Name words of a box that draws a picture in HTML on a whole-page type
(a mock-up of an app's screen): its text is the picture's labels."""

DRAWING_SHARE = 0.5
"""Share of a whole-page type's text a box named as a picture may hold and
still go; one that holds more is the page."""

OTHER_ITEMS_NAMES = ("social", "trending", "recommend")
"""Beginnings of ``class`` or ``id`` words that name a box beside a whole
page's own items: its links to social networks (``social-links``), the
site's trending items (``trending-searches``), items recommended to the
reader (``recommended-products``, ``recommendations``)."""

FINE_PRINT_NAMES = ("disclaimer",)
"""Beginnings of ``class`` or ``id`` words that name a box of fine print on
a whole-page type or a product page (``disclaimer``, ``disclaimers``,
``legalDisclaimer``, ``common-bottom-disclaimer``): the terms, trademarks
and footnoted conditions under an offer, not the offer."""

ENCODED_SPACES_MIN = 3
"""Encoded spaces (``%20``) a JSON-LD product description without
whitespace must hold to be read as percent-encoded and decoded."""

MENU_LINK_SHARE = 0.5
"""Share of its text a box named as a menu must hold in links to be dropped
from a whole-page type."""

FORM_SHARE = 0.3
"""Share of a container's text a form may hold and still be dropped."""

SIGNUP_MAX_CHARS = 400
"""Characters a box around a dropped form may hold and go with it: a
sign-up box's call to subscribe and its fine print ("Sign up now for our
newsletter.", "By subscribing, you agree to our terms."), not a section."""

SHARE_NAMES = ("share", "sharing", "social")
"""Beginnings of ``class`` or ``id`` words that name a box of share or
follow links (``social-share``, ``sharedaddy``, ``elementor-widget-social-icons``),
read by :func:`_share_labels` on the boxes the rules drop."""

SHARE_LABEL_MAX_CHARS = 40
"""Characters of the box just before a dropped share or follow box that
make it the box's label ("Share this on:", "Stay connected with me!",
"Follow us on social media"): a few words, not a line of the article."""

NOTICES = frozenset(
    [
        "notice",
        "notices",
        "announcement",
        "announcements",
        "toast",
        "snackbar",
        "dismissible",
        "dismissable",
    ]
)
"""Name words of the notice bars a site shows on every page: a store's
shipping or stock notice, a warning about scams, a cookie or sign-in
prompt."""
PROMO_BARS = (frozenset(["promo", "bar"]), frozenset(["promobar"]))
"""Sets of name words, each of which names a notice bar when all of them
are there: a promotions bar (``promo-bar``, ``promoBar``,
``footer-promo-bar``), the strip of offers a shop or publisher shows over
or under every page ("Free shipping on orders $40+", "Spring sale up to
30% off"). A ``promo-banner`` alone is left out: a service page's banner
for its own report or offer is often part of what it says."""
DIALOGS = frozenset(
    ["modal", "modals", "popup", "popups", "dialog", "cookie", "cookies", "consent"]
)
"""Name words of the boxes a page opens over its content: a modal or pop-up
(a sign-up offer, a store locator, a "share" or "embed" panel) and a cookie
consent banner. A script shows them over the page, they are never part of
its text."""
CONSENT_BARS = (
    frozenset(["cc", "banner"]),
    frozenset(["cc", "window"]),
    frozenset(["cc", "bar"]),
)
"""Sets of name words, each of which names a cookie consent banner when all
of them are there: ``cc``, the abbreviation of "cookie consent", beside the
banner's shape, as Osano's cookieconsent (``cc-window cc-banner``) and
Finsweet's Webflow component (``fs-cc-banner_component``) write it. ``cc``
alone is a credit card's field or a licence's badge (``cc-by``). Read as
:data:`DIALOGS`."""
CART_DRAWERS = frozenset(["minicart", "sidecart", "cartdrawer", "flycart"])
"""Name words of a shop's cart drawer, the panel that slides in with the
basket's lines, its total and items to add."""

CART_DRAWER_PLACES = frozenset(
    ["drawer", "slider", "side", "mini", "flyout", "offcanvas", "fly"]
)
"""Words that, beside ``cart``, name a cart drawer (``cart-drawer``,
``mini-cart``, ``rafSliderCart``); ``add-to-cart`` names a product's buy
box, which stays."""

OVERLAYS = frozenset(["overlay", "overlays"])
"""Name words of a box laid over something. Over the page it is a dialog
(an "embed this" panel holding the player's code, a sign-up offer, a
search box), and holds the control that closes it; over a picture it is a
card's caption (a product's name and price shown on hover), and holds
none."""

CLOSE_WORDS = frozenset(["close", "dismiss"])
"""Name words, or words of an ``aria-label``, of a button that closes a
dialog: ``btn-close``, ``modal-close``, ``aria-label="Close"``."""

_CLOSABLE = "data-pagechunk-closable"
"""The attribute :func:`drop_unseen_text` sets on a box named as an overlay
(:data:`OVERLAYS`) that holds its close button, before pruning takes the
buttons out; :func:`focus_page` reads it as a dialog."""

_CLOSE_TAGS = ("button", "span")
"""The tags of a close button read: ``<button>``, and the ``<span>`` some
pages make into one."""

UPSELLS = frozenset(["rewards", "loyalty", "membership", "countdown"])
"""Name words of a shop's prompts beside what it sells: its loyalty or
membership programme's line ("Members earn 179 points on this purchase",
"$9 Member Reward") and the countdown to the end of an offer ("00 DAYS :
00 HOURS")."""

FORM_MESSAGES = frozenset(["done", "fail", "success", "error"])
"""Name words that, with ``form``, name the message a form shows once it
is sent (Webflow's ``w-form-done`` and ``w-form-fail``, ``form-success``,
``form-error``): "Thank you! Your submission has been received!", "Oops!
Something went wrong while submitting the form." A style sheet hides them
until then."""

UPSELL_MAX_CHARS = 200
"""Characters a loyalty prompt or a countdown may hold and still go; more is
a section of the page about the programme (a gym's membership plans)."""

DIALOG_MAX_CHARS = 1000
"""Characters a dialog may hold and still go; more is content a page shows
in a panel (a product's details), as is a dialog that holds a heading."""

BYLINE = frozenset(
    [
        "byline",
        "bylines",
        "author",
        "authors",
        "dateline",
        "date",
        "published",
        "pubdate",
        "timestamp",
        "readtime",
        "meta",
        "metadata",
    ]
)
"""Name words of an article's byline and date line."""

BYLINE_MAX_CHARS = 120
"""Characters a byline or date line may hold; more is a paragraph."""

FORM_REPEATS = 3
"""Forms of one ``class`` that make them the items of a page, not forms."""

UNSEEN_CLASSES = frozenset(
    [
        "sronly",
        "srtext",
        "visuallyhidden",
        "isvisuallyhidden",
        "uvisuallyhidden",
        "hiddenvisually",
        "screenreadertext",
        "screenreaderonly",
        "a11yhidden",
        "assistivetext",
        "elementinvisible",
        "offscreen",
        "hidden",
        "hide",
        "ishidden",
        "uhidden",
        "dnone",
        "showforsr",
        "visiblesr",
    ]
)
"""``class`` tokens, ``-`` and ``_`` taken out, that keep an element off the
screen in most frameworks' style sheets: text for screen readers only (a
price's "Regular price" label, "opens in a new window") and hidden labels."""

SCREEN_READER_CLASSES = frozenset(
    [
        "sronly",
        "srtext",
        "visuallyhidden",
        "hiddenvisually",
        "screenreadertext",
        "screenreaderonly",
        "a11yhidden",
        "assistivetext",
    ]
)
"""The tokens of :data:`UNSEEN_CLASSES` that say "for screen readers only",
and that keep that sense at the end of a longer token, after a ``-`` or
``_``: a design system's prefix (``h-sr-only``, ``usa-sr-only``) or a
component's element (``plp-price__sr-text``, ``share-widget__sr-only``).
The words that only hide (``hidden``, ``hide``) do not: ``mobile-hidden``
is shown on other screens."""

CONTROLS = frozenset(["btn", "button", "buttons", "cta"])
"""Name words of a button or call to action: "Add to cart", "Quick shop",
"Read more", "Book now"."""

STORE_CONTROLS = (
    frozenset(["wishlist"]),
    frozenset(["wish", "list"]),
    frozenset(["quickview"]),
    frozenset(["quick", "view"]),
    frozenset(["quickshop"]),
    frozenset(["quick", "shop"]),
)
"""Sets of name words, each of which names a shop's control on a product
or a tile when all of its words are there: the toggle that adds it to a
wish list (``wishlist-add``, ``wishList``: "+ Wishlist", "Add to wish
list"), and the button that opens its quick view (``quickview``,
``quick-shop``: "Quick view", "Quick shop"). Read as :data:`CONTROLS`."""

_STORE_HINTS = tuple(
    sorted(word for words in STORE_CONTROLS if len(words) == 1 for word in words)
)
"""What a value naming one of :data:`STORE_CONTROLS` holds, ``-`` and ``_``
taken out: its one-word spellings, which its two-word ones squeeze to
(``wish-list``, ``quick_view``)."""

CALL_TO_ACTION = frozenset(["call", "to", "action"])
"""The name words of a call to action spelt out (``call-to-action``), read
as :data:`CONTROLS`' ``cta``."""

READ_MORE = frozenset(["read", "more"])
"""The name words of a "Read more" toggle or link (``read-more``,
``ti-read-more-active``, also as the one word ``readmore``), read as
:data:`CONTROLS`: its label ("Read more", "Hide") is no text to read."""

LOADERS = frozenset(["loading", "loader", "preloader", "spinner"])
"""Name words of the placeholder a script shows while it fetches part of
the page, and hides once it is there: "Loading...", "Loading results"."""

UNSEEN_MAX_CHARS = 40
"""Characters a hidden label or a button may hold and still go. More is
content: a tab or section a script reveals, a card styled as a button."""

ARTICLE_CONTROL_MAX_CHARS = 200
"""Characters a box named as a button or call to action (:data:`CONTROLS`)
may hold and still go on an article: in a story a call to action is a
promotion set in its body (Ghost's ``kg-cta-card`` "Enjoying ...? Get new
posts by email", WP Recipe Maker's ``wprm-call-to-action`` "Tried this
recipe? Mention us"), where on a service page it is part of the offer."""

UNSEEN_LINK_MAX_CHARS = 200
"""Characters a label kept off the screen may hold and still go when it
follows a link's visible text: the rest of the link's name for screen
readers ("Read more" and " about" the post's title)."""

_INLINE_LABEL_TAGS = ("span", "small", "label")
"""Tags of the inline labels :func:`drop_unseen_text` reads: a label in a
block of its own (``<p class="sr-only">``) stays a block, which the focus
step's label rule judges."""

MEDIA_TAGS = ("video", "audio")
"""Elements whose content a browser never shows: one that plays them shows
the media, and what they hold is for browsers that cannot ("Your browser
does not support the video tag.")."""

ANNOUNCED_ROLES = frozenset({"status", "alert"})
"""ARIA roles of the messages a page announces to screen readers as things
happen ("Loading...", "Item added to your cart", "Please enter a valid email
address.", "Showing 1-16 of 29 results"): the state of the page's widgets,
not its content."""

ANNOUNCED_MAX_CHARS = 200
"""The most text an element of :data:`ANNOUNCED_ROLES` may hold and still be
read as a message; more is content that a page marked so."""

PICKERS = frozenset(
    ["variant", "variants", "variations", "swatch", "swatches", "configurator"]
)
"""Words of a ``class`` or ``id`` that name a product's option pickers, its
variants: Squarespace's ``variant-option``, Shopify's ``variant-radios``,
WooCommerce's ``variations``, Magento's ``swatch-opt``, Shopware's
``product-detail-configurator``. Their fields go with the page's forms;
what is left of them is their captions ("Colour:"), which the product
rule drops with the box. ``quantity`` is not read: a marketplace names
its stock count so ("5 available, 1 sold")."""

PICKER_MAX_CHARS = 200
"""The most text a box named as a picker (:data:`PICKERS`) may hold and
still go: captions and the names of options, not a paragraph."""

DESCRIPTION_WORDS = frozenset(["description"])
"""A word of a ``class`` or ``id`` that names a product's description: a
box so named is no aside of :data:`PRODUCT_ASIDES`, though its name also
says reviews (Shopware's ``cms-element-product-description-reviews``,
the tabs of the description and the reviews)."""

PRICE_WORDS = frozenset(["price", "prices"])
"""Words of a ``class`` or ``id`` that name a price. A shop's product page
marks the box of its price as announced (Shopify's Dawn writes
``role="status"`` around ``price__container``, so that a screen reader
says the new price when a variant is picked): such a box is the
product's price, not a message, and stays."""

REDUNDANT_LINK_CHARS = 40
"""Characters of text that make a link hidden from screen readers and taken
out of the tab order (``aria-hidden="true"``, ``tabindex="-1"``) a
sentence shown to the eye: a teaser's summary linked a second time, which
assistive technology skips as a repeat of the title's link."""

POPUP_ROLES = frozenset({"dialog", "alertdialog", "menu", "menubar", "listbox"})
"""Roles of the regions a disclosure button may open that are no folded
content: dialogs, menus and the options of a list box."""

_CONTROLS = etree.XPath("/descendant::*/@aria-controls")
"""Every ``aria-controls`` value, each knowing its control."""

CHOICE_INPUTS = frozenset(["radio", "checkbox"])
"""``type`` values of the ``<input>`` fields that make a ``<fieldset>`` a
group of choices to pick: a product tile's colours and sizes, a filter's
options."""

CHOICE_LABELS_SHARE = 0.8
"""Share of its text a box around a group of radio buttons outside a
``<fieldset>`` must hold in its ``<label>``s to be choices to pick: a box
of tabs built of radio buttons (MkDocs Material's tabbed sets) holds its
panels' text beside the tabs' labels, and stays."""

CHOICES_MAX_CHARS = 1000
"""Characters a group of choices may hold and still go: more is text that a
page lays out as a form (a quiz, a survey whose questions are its
content)."""

CHOICE_ROLES = frozenset(
    {
        "listbox",
        "combobox",
        "option",
        "menuitem",
        "menuitemradio",
        "menuitemcheckbox",
        "radio",
        "tab",
    }
)
"""ARIA roles of a widget's choices, and of the widgets that hold them: a
list box and its options (a filter's facets, a sort order, a search's
suggestions), a combo box, the items of a menu (a language or date
picker whose ``role="menu"`` a script sets), a custom radio button (a
swatch of colour), a tab of a tab set (its label: "Description",
"Reviews (2)", above panels that are shown whole). What they hold is
something to pick, not text to read."""

_FIELDS = ("input", "select", "textarea")
"""Tags of the form fields a ``<label>`` can name."""

_PICTURES = frozenset(["i", "svg", "img", "picture"])
"""Tags of an icon or image that an off-screen label can stand for."""

_SHOWN_AT = re.compile(r"[:@]|^d-(?:sm|md|lg|xl|xxl)-|^visible")
"""A ``class`` token that shows an element at some screen widths
(``md:block``, ``d-lg-flex``, ``hide@medium``)."""

_LIST_TAGS = frozenset(
    ["div", "nav", "ul", "ol", "form", "section", "aside", "details", "p"]
)

TOC_LINK_SHARE = 0.8
"""Share of a list's text its same-page links must hold for it to be read as
a table of contents."""

TOC_TITLE_CHARS = 40
"""Characters of text, beside the list, a table of contents' box may hold
(its title, such as "On this page")."""

_FIRST_POSTS = frozenset({"Question", "DiscussionForumPosting"})


@dataclass(slots=True)
class Focus:
    """What the focus step chose.

    Attributes:
        containers: The subtrees to walk, in document order.
        content: The content elements for the walk.
        rule: Which rule chose them, as ``explain`` prints it.
        dropped: For each element removed from inside the containers, the
            rule that removed it (filled only when tracing).
    """

    containers: list[etree._Element]
    content: set[etree._Element]
    rule: str
    dropped: list[tuple[etree._Element, str]] = field(default_factory=list)


def focus_page(
    root: etree._Element,
    content: set[etree._Element],
    page_type: str,
    *,
    trace: bool = False,
    visible: int | None = None,
) -> Focus:
    """Choose the containers of a pruned tree's own content by page type,
    removing the boilerplate inside them; ``trace`` keeps what was removed
    (detached, for ``explain``). ``visible`` is what
    :func:`~pagechunk.html.net.visible_chars` gives for ``root`` and
    ``content``, when the caller has measured it."""
    boxes: dict[etree._Element, list[_NamedBox]] = {}  # read once per container
    named: _NamedMemo = {}  # likewise, for the rules after the tree's last change
    if page_type in ("collection", "listing", "service"):
        if visible is None:
            visible = visible_chars(root, content)
        boxes[root] = _named_boxes(root, named)
        # A rule that changes the tree empties ``named``: the rules after it
        # read the tree as it then stands.
        if page_type in CARD_LINK_TYPES and _unwrap_card_links(root):
            named.clear()
        if page_type in _TILE_TYPES and _unlink_card_titles(
            root, named, listing=page_type == "listing"
        ):
            named.clear()
        chosen = _whole_page(root, content, visible, boxes[root], named)
        if page_type == "listing":
            chosen.dropped += _badges(boxes[root])
    else:
        found = survey(root)
        if page_type == "documentation":
            found.named.read_section_ids_as_anchors()
        top = densest(found, content)
        if top is None:
            return Focus([root], content, "no prose: the whole page")
        unseen = _unseen_box(top)
        if unseen is not None:
            # A template's data kept off the screen by a class (the fields a
            # script reads) holds the densest prose: the page's text for the
            # eye is what stands outside it, when there is any.
            seen = _outside(found, [unseen])
            outside = densest(seen, content)
            if outside is not None:
                found, top = seen, outside
            else:
                unseen = None
        holder = _content_holding_most(root, content, top)
        if holder is not None:
            chosen = Focus(
                [holder],
                {holder},
                "the content element holding most of the page's text",
                [
                    (e, _BOILERPLATE_RULE)
                    for e in boilerplate_inside(
                        holder, holder, found.named, _named_below(holder, named)
                    )
                ],
            )
        else:
            mass = _mass_container(found, top)
            chosen = _typed(root, found, top, mass, content, page_type, named)
        if unseen is not None:
            chosen.dropped.append((unseen, _UNSEEN_RULE))
    containers = chosen.containers
    unseen_headings: list[etree._Element] = []
    chosen.dropped = _outermost(
        chosen.dropped
        + _forms(containers)
        + _feed_lines(containers)
        + _notices(containers, boxes, named)
        + _labels(
            containers,
            named,
            ARTICLE_CONTROL_MAX_CHARS if page_type == "article" else UNSEEN_MAX_CHARS,
            unseen_headings,
        )
    )
    chosen.dropped += _share_labels(chosen.dropped)
    if chosen.dropped:  # else nothing to strip: spare the pass over each container
        for element, _ in chosen.dropped:
            element.tag = _DROP_MARK
        for container in containers:
            etree.strip_elements(container, _DROP_MARK, with_tail=False)
    if unseen_headings:  # few pages: a heading only screen readers see
        for heading in _heading_nothing(unseen_headings, containers):
            chosen.dropped.append((heading, _UNSEEN_HEADING_RULE))
            remove_keeping_tail(heading)
    if not trace:
        chosen.dropped = []
    _add_heading(root, chosen)
    return chosen


CONTENT_HOLDS = 0.8
"""Share of the page's text a content element (``<main>``, ``<article>``)
must hold for the focus step to read it when the densest prose stands
outside every content element."""


def _content_holding_most(
    root: etree._Element, content: set[etree._Element], top: etree._Element
) -> etree._Element | None:
    """The innermost content element that holds :data:`CONTENT_HOLDS` of the
    page's text, when the densest prose, ``top``, stands outside it: an
    article told in lists and short lines, beside a box of prose (a call to
    action, an author's note) elsewhere on the page. None otherwise."""
    holds_top = {top, *top.iterancestors()}
    others = [e for e in content if e not in holds_top]
    if not others:
        return None  # every content element holds ``top``: none is measured
    total = text_length(root)
    least = CONTENT_HOLDS * total
    if not least or all(text_length(e) < least for e in others):
        # The innermost element holding that much, if any, holds ``top``:
        # the elements holding ``top``, the largest, are not measured.
        return None
    holding = [
        (size, e)
        for e in content
        if (size := text_length(e)) >= CONTENT_HOLDS * total > 0
    ]
    if not holding:
        return None
    inner = min(holding, key=itemgetter(0))[1]  # the others hold it
    if inner is top or any(a is inner for a in top.iterancestors()):
        return None
    return inner


def _typed(
    root: etree._Element,
    found: Survey,
    top: etree._Element,
    mass: etree._Element,
    content: set[etree._Element],
    page_type: str,
    named: _NamedMemo,
) -> Focus:
    if page_type == "forum":
        return _forum(root, found, top, mass, named)
    if page_type == "product":
        return _product(root, found, top, mass, content, named)
    return _article(found, top, mass, content, named)


def _pardon_kin_names(found: Survey, top: etree._Element, mass: etree._Element) -> None:
    """Pardon the name of the box that is or holds the densest element, below
    the mass container, when boxes of its tag and ``class`` stand beside it
    there: the words that name it as chrome or boilerplate
    (``elementor-widget-container``, ``gallery-content``) name, on this
    page, the boxes the content stands in, and its kin are the content's
    other parts. Only the nearest named box is read, and only the words of
    its ``class``; comments are not pardoned."""
    named = found.named
    for box in (top, *top.iterancestors()):
        if box is mass:
            return
        if named.kind(box):
            break
    else:
        return
    classes = box.get("class")
    if not classes:
        return
    boxes = _of_tag(mass.iterdescendants, box.tag)
    kin = (e for e in boxes if e.get("class") == classes)
    stems = named.stems(box)
    if stems and next(kin, None) is not None and next(kin, None) is not None:
        named.pardon(stems)


def _whole_page(
    root: etree._Element,
    content: set[etree._Element],
    visible: int,
    boxes: list[_NamedBox],
    memo: _NamedMemo,
) -> Focus:
    """The whole page, ``visible`` the characters its walk would read and
    ``boxes`` its :func:`_named_boxes`; the page's text is measured once,
    for both questions that need it. ``memo`` keeps the page's
    :func:`_named_below`."""
    if not content:
        total = visible  # the walk reads the whole tree
        chosen = Focus([root], content, "whole page")
    elif _cards(content):
        total = text_length(root)
        chosen = Focus([root], set(), "whole page (its <article>s are its items)")
    else:
        total = text_length(root)
        if visible >= CONTENT_SHARE * total:
            chosen = Focus([root], content, "whole page, within its content elements")
        else:
            chosen = Focus(
                [root], set(), "whole page (its content elements hold little)"
            )
    chosen.dropped = (
        _list_chrome(boxes, total)
        + _site_chrome(root, total, boxes)
        + _menus(total, boxes)
        + _comment_boxes(root, total, _named_below(root, memo))
        + _drawings(boxes, total)
        + _other_items_boxes(total, boxes)
        + _fine_print(total, boxes)
    )
    if chosen.content:
        heading = _title_above(root, chosen.content)
        # The prose outside the content elements that the walk keeps to.
        paragraphs = list(root.iterdescendants("p"))
        chosen.content = chosen.content | _prose_outside(paragraphs, chosen.content)
        if heading is not None:
            chosen.content.add(heading)
            chosen.rule += ", with the page's <h1>"
    return chosen


def _title_above(
    root: etree._Element, content: set[etree._Element]
) -> etree._Element | None:
    """The page's first ``<h1>`` when it stands outside and before every
    content element and they hold no ``<h1>`` of their own: the page's
    title set in a region above ``<main>`` (Drupal's page-title block in
    Olivero's "content above" region, a theme's title banner), which the
    walk, keeping to the content elements, would leave out. When they hold
    one, the first is the site's name."""
    h1 = _page_h1(root)
    return h1 if h1 is not None and _heads(h1, content) else None


_TILE_TYPES = frozenset(["collection", "listing"])
"""The page types whose tiles' titles :func:`_unlink_card_titles` reads."""


def _unwrap_card_links(root: etree._Element) -> bool:
    """Give the link of each card that is a link as a whole to its heading
    alone, in place: an ``<a href>`` holding one heading (``<h1>`` to
    ``<h6>``) and text beside it, a job's title over its company, place and
    terms, or a course's name over its length. Every line of such a card
    is link text, and the cleaning rules drop a short link the page repeats
    ("Full-Time", "Remote") as they drop a menu's entries, and the card's
    heading with them; the card's fields are the item's text, and its
    heading carries the link. The ``<a>`` becomes a ``<div>`` and its
    heading's content is wrapped in an ``<a>`` of the same ``href``. A link
    around several headings wraps a section, not a card, and is left
    alone. Whether it changed a card."""
    changed = False
    for anchor in list(root.iter("a")):
        href = anchor.get("href")
        if href is None:
            continue
        headings = list(anchor.iterdescendants(*HEADING_LEVELS))
        if len(headings) != 1:
            continue
        title = headings[0]
        if text_length(anchor) <= text_length(title):
            continue
        try:
            link = etree.Element("a", href=href)
        except ValueError:
            # The parser keeps control characters that lxml will not set
            # again: such a card is left as the page wrote it.
            continue
        set_text(link, "text", title.text)
        title.text = None
        link.extend(list(title))
        title.append(link)
        anchor.tag = "div"
        del anchor.attrib["href"]
        changed = True
    return changed


def _unlink_card_titles(
    root: etree._Element, memo: _NamedMemo, *, listing: bool = False
) -> bool:
    """Take the link off the title of each tile of a shop's grid, in place:
    a box named as a title or name (``<p class="card-title">``,
    ``<div class="product-name">``), not a heading, whose whole text is one
    ``<a href>``, or such an ``<a href>`` named so itself, with no box of
    its own (``<a class="item-title">``), which becomes a ``<span>``. The
    cleaning rules drop a run of short links as a menu, and the grid's
    names with it, while its prices and brands, which carry
    no link, stay: the tiles lose what says what they are. Only the first
    grid is read, the titles up to the next heading after the first one: a
    shelf further down ("Best sellers", "Recently viewed") repeats the
    shop's items under a heading of its own, and its long names, once
    plain text, would read as the page's last sentence and keep the shelf.
    A name met before stays a link. Left alone unless the grid holds
    ``CARD_TITLES_MIN`` such titles (a grid, not one box).

    On a listing (``listing``) only the ``<a href>`` named so itself is
    read, outside every heading, and only in a card: its nearest box that
    holds more text holds text outside any link too (a job's company, place
    and salary beside ``<a class="job-title">``). A heading stays a heading,
    the cleaning rules keep it whole; a link named for who wrote the item
    (:data:`POST_AUTHOR`: ``author-name``) is its byline, and a box around
    the link is left alone; an entry of a menu holds nothing but its
    link. Whether it took the link off any title. The page's elements are
    read from its :func:`_named_below`, kept in ``memo``: one that has no
    name and is no heading is no title and parts no section."""
    titles = []
    seen: set[str] = set()
    section = 0  # headings passed so far
    # Headings are read as titles only on a page with no prose of its own.
    prose = any(text_length(p) >= TILE_HEADINGS_PROSE for p in root.iter("p"))
    grid = None  # the section of the first title
    cards: dict[etree._Element, bool] = {}  # a listing's boxes read as cards
    page = (root, root.tag, root.get("class"), root.get("id"))
    for element, tag, classes, ident in (page, *_named_below(root, memo)):
        heading = tag in HEADING_LEVELS
        if heading and (tag not in CARD_TITLE_HEADINGS or prose or listing):
            section += 1
            continue
        words = _words_of(classes, ident)
        if listing and (
            CARD_TITLE_WORDS.isdisjoint(words)
            or not _card_title_link(element, words, cards)
        ):
            continue
        if CARD_TITLE_WORDS.isdisjoint(words):
            section += heading
            continue
        anchors = list(element.iter("a"))
        if len(anchors) != 1 or anchors[0].get("href") is None:
            section += heading
            continue
        size = text_length(anchors[0])
        name = " ".join(cast(str, anchors[0].xpath("string()")).split())
        if size and size == text_length(element) and name not in seen:
            grid = section if grid is None else grid
            if section != grid:
                break
            seen.add(name)
            titles.append(element)
        else:
            section += heading
    if len(titles) < CARD_TITLES_MIN:
        return False
    for element in titles:
        if element.tag == "a":
            element.tag = "span"
            del element.attrib["href"]
        else:
            etree.strip_tags(element, "a")
            if element.tag in HEADING_LEVELS:
                element.tag = "div"
    return True


def _card_title_link(
    element: etree._Element,
    words: frozenset[str],
    cards: dict[etree._Element, bool],
) -> bool:
    """Whether ``element``, whose name words are ``words``, can be a
    listing card's title for :func:`_unlink_card_titles`: an ``<a href>``
    in no heading, not named for an author, whose nearest box holding more
    text holds text outside its links. ``cards`` keeps what each box
    answered, so that the links of a box are measured once."""
    if element.tag != "a" or element.get("href") is None:
        return False
    if not POST_AUTHOR.isdisjoint(words):
        return False  # an author's name (author-name, user-name)
    if any(a.tag in HEADING_LEVELS for a in element.iterancestors()):
        return False
    size = text_length(element)
    for box in element.iterancestors():
        known = cards.get(box)
        if known is not None:
            return known
        whole = text_length(box)
        if whole > size:
            links = sum(text_length(a) for a in box.iter("a"))
            cards[box] = whole > links
            return cards[box]
    return False


def _prose_outside(
    paragraphs: list[etree._Element], content: set[etree._Element]
) -> set[etree._Element]:
    """The boxes outside a whole-page type's content elements that hold
    prose: two ``<p>`` or more of :data:`OUTSIDE_PARAGRAPH` characters,
    :data:`OUTSIDE_PROSE` characters together. A shop sets a category's
    description, buying guide or questions under its grid, after
    ``<main>`` closes. Each box that stands beside the content elements'
    ancestors is read down to the smallest box holding all its paragraphs.
    A paragraph inside :data:`OUTSIDE_CHROME` tags or a box named as
    chrome, boilerplate or comments (a footer's blurb, a sidebar) does not
    count. ``paragraphs`` are the page's ``<p>`` elements; only their
    ancestors are read."""
    around = {a for element in content for a in element.iterancestors()}
    names = Names()
    held: dict[etree._Element, list[int]] = {}  # paragraphs, characters
    for paragraph in paragraphs:
        chars = text_length(paragraph)
        if chars < OUTSIDE_PARAGRAPH:
            continue
        line: list[etree._Element] = []
        for box in paragraph.iterancestors():
            if box in around:
                break
            if box in content or box.tag in OUTSIDE_CHROME or names.kind(box) != NONE:
                line = []
                break
            line.append(box)
        for box in line:
            counts = held.setdefault(box, [0, 0])
            counts[0] += 1
            counts[1] += chars
    boxes: set[etree._Element] = set()
    for top, (count, chars) in held.items():
        if top.getparent() not in around or count < 2 or chars < OUTSIDE_PROSE:
            continue
        box = top
        while (
            inner := next((c for c in box if held.get(c, (0,))[0] == count), None)
        ) is not None:
            box = inner
        boxes.add(box)
    return boxes


def _cards(content: set[etree._Element]) -> bool:
    """Whether the outermost content elements are several ``<article>``s: the
    items of a listing, each marked up as an article, not a wrapper of the
    page's content, which would leave out the heading above them."""
    tops = [e for e in content if not any(a in content for a in e.iterancestors())]
    return len(tops) > 1 and all(e.tag == "article" for e in tops)


_LIST_CHROME_WORDS = LIST_CHROME | RESULT_COUNT_WORDS
"""The words a box :func:`_list_chrome` reads is named with one of."""


def _list_chrome(
    boxes: list[_NamedBox], total: int
) -> list[tuple[etree._Element, str]]:
    """The filter, sort and pagination bars of a listing: elements named so
    (:data:`LIST_CHROME`) that hold under :data:`LIST_CHROME_SHARE` of the
    page's text, ``total`` characters (a wrapper named for its results
    holds more), and no paragraph of :data:`LIST_CHROME_PROSE` characters or
    more: a bar holds labels and links, and a box that holds prose is
    content whose items a script filters (``filter-item``, ``filter-tabs``).
    The same look at the named ``boxes`` finds the count of the results: a
    box named ``count`` (Shopify's ``product-count``, WooCommerce's
    ``woocommerce-result-count``, ``total-count``) holding a digit in at most
    :data:`RESULT_COUNT_MAX_CHARS` characters ("1,072 results", "Showing
    1-16 of 29 results"), and no heading. A ``class`` worn by
    :data:`FORM_REPEATS` such counts or more is a field of each item (a
    product's count of reviews), which stays."""
    limit = LIST_CHROME_SHARE * total
    bars = []
    counts = []
    for e, words in boxes:
        if _LIST_CHROME_WORDS.isdisjoint(words) or e.tag not in _LIST_TAGS:
            continue  # most boxes: told by their words, without their tag
        if not LIST_CHROME.isdisjoint(words):
            if text_length(e) < limit and not _holds_prose(e):
                bars.append((e, "filters, sorting or pagination of a listing"))
        elif (
            not RESULT_COUNT_WORDS.isdisjoint(words)
            and text_length(e) <= RESULT_COUNT_MAX_CHARS
            and any(c.isdigit() for c in "".join(map(str, e.itertext())))
            and next(e.iterdescendants(*HEADING_LEVELS), None) is None
        ):
            counts.append(e)
    classes = Counter(e.get("class") for e in counts if e.get("class"))
    return _outermost(
        bars
        + [
            (e, "the count of a listing's results")
            for e in counts
            if classes[e.get("class")] < FORM_REPEATS
        ]
    )


def _feed_lines(
    containers: list[etree._Element],
) -> list[tuple[etree._Element, str]]:
    """The lines inside the containers that point to the site's feed or to
    the page's source for editing: the nearest paragraph, item or box
    around such a link, when every link in it leads to the same kind of
    place and it holds at most :data:`FEED_LINE_MAX_CHARS` characters.

    A feed's link has a path whose last segment is one of
    :data:`FEED_NAMES`, or ends in ``.rss`` or ``.atom`` (Jekyll's
    "subscribe via RSS", a theme's "RSS feed"): the feed is the site's own
    pages over again, for a reader to follow, not text of the page. An
    edit link (:func:`_leads_to_edit`) opens the page's source in an
    editor ("Edit this page on GitHub"): a control of the documentation
    site, not text of the page."""
    found = []
    for container in containers:
        for link in container.iterdescendants("a"):
            rule = _link_line_rule(link)
            if not rule:
                continue
            line = None
            for box in link.iterancestors():
                if box is container:
                    break
                if box.tag in _FEED_LINE_TAGS:
                    line = box
                    break
            if line is None:
                continue
            if text_length(line) <= FEED_LINE_MAX_CHARS and all(
                _link_line_rule(a) == rule for a in line.iter("a")
            ):
                found.append((line, rule))
    return found


_FEED_RULE = "a line pointing to the site's feed"
_EDIT_RULE = "a link to edit the page's source"


def _link_line_rule(link: etree._Element) -> str:
    """The rule of :func:`_feed_lines` that a link's destination calls
    for, or ``""``."""
    if _leads_to_feed(link):
        return _FEED_RULE
    if _leads_to_edit(link):
        return _EDIT_RULE
    return ""


_FEEDISH = ("feed", "rss", "atom", "index.xml")
"""What every feed's address holds somewhere, in lower case: a quick test
before the path is read (:func:`_leads_to_feed`). Substring tests on the
lower-cased address: a case-blind regular expression of these words took
ten times as long, and most links are tested."""

_FEED_LINE_TAGS = frozenset(["p", "li", "div", "footer"])
"""The boxes :func:`_feed_lines` reads as a line around a feed's or an edit
link: a documentation page's footer may hold its edit link alone."""


def _leads_to_feed(link: etree._Element) -> bool:
    """Whether a link's ``href`` is a feed's address (:func:`_feed_lines`)."""
    href = link.get("href")
    if not href:
        return False
    lowered = href.lower()
    if not any(word in lowered for word in _FEEDISH):
        return False  # most links: no feed's name anywhere in them
    href = href.split("#", 1)[0].split("?", 1)[0]
    last = href.rstrip("/").rsplit("/", 1)[-1].lower()
    return last in FEED_NAMES or last.endswith((".rss", ".atom"))


EDIT_PATH_DEPTH = 2
"""Segments an edit link's path holds after its ``edit`` segment: the
branch and the file, as the source hosts spell an editor's address
(``/owner/repo/edit/main/docs/page.md``, ``/group/repo/-/edit/main/...``).
An ``edit`` segment at the end (``/document/d/ID/edit``,
``/posts/42/edit``) opens a document or a record, not a page's source."""


def _leads_to_edit(link: etree._Element) -> bool:
    """Whether a link opens the page's source in an editor: its ``rel``
    names the ``edit`` link relation, or its path holds an ``edit``
    segment and :data:`EDIT_PATH_DEPTH` segments or more after it."""
    if "edit" in (link.get("rel") or "").lower().split():
        return True
    href = link.get("href")
    if not href or "/edit/" not in href:
        return False  # most links: told by one substring test
    path = href.split("#", 1)[0].split("?", 1)[0].split("/")
    if "edit" not in path:  # "/edit/" only in the query or the fragment
        return False
    after = len(path) - 1 - path.index("edit")
    return after >= EDIT_PATH_DEPTH and all(path[-EDIT_PATH_DEPTH:])


def _badges(boxes: list[_NamedBox]) -> list[tuple[etree._Element, str]]:
    """The badges of a listing's cards: boxes whose ``class`` or ``id``
    words hold one of :data:`BADGES` (``job-badge``, ``event-card-badge``,
    a theme's ``badge badge-new``), with text of at most
    :data:`BADGE_MAX_CHARS` characters and no heading. On WCXB's listings
    28 of 29 such boxes are left out of the reference; on collections
    (a shop's "Sale" and "New" on a tile) two in five are in it, and they
    are left alone there. ``boxes`` are the page's :func:`_named_boxes`."""
    return _outermost(
        [
            (e, "a badge on a listing's card")
            for e, words in boxes
            if not BADGES.isdisjoint(words)
            and 0 < text_length(e) <= BADGE_MAX_CHARS
            and not _holds_heading(e)
        ]
    )


def _site_chrome(
    root: etree._Element,
    total: int,
    boxes: list[_NamedBox],
    *,
    wraps: bool = True,
) -> list[tuple[etree._Element, str]]:
    """The site's header and footer that pruning left inside a whole-page
    type's content elements: a ``<header>`` or ``<footer>``, or a box named
    ``footer``, with under :data:`SITE_CHROME_EDGE` of the page's text,
    ``total`` characters, before a header or after a footer. A header
    holding a heading heads a section of the page, and a header or footer
    inside an ``<article>``, or one of :data:`FORM_REPEATS` that wear one
    ``class``, belongs to an item; one holding :data:`LIST_CHROME_SHARE` of
    the page's text or more wraps the content, unless ``wraps`` is False:
    the caller keeps what wraps the content by other means (a product's
    container keeps the densest element and its ancestors), and a short
    product's container can hold less text than the site's footer at its
    end. ``root`` is the container
    read (the page, or a product's container), and the edge is measured
    inside it: the text a page holds beyond the container says nothing of
    where its footer stands. ``boxes`` are ``root``'s :func:`_named_boxes`."""
    found = list(root.iterdescendants("header", "footer")) + [
        e
        for e, words in boxes
        if e.tag in _LIST_TAGS
        and (
            "footer" in words
            or (wraps and "header" in words and _site_header_box(e, words, root))
        )
    ]
    # Boxes without a class are no repeated field of an item.
    classes = Counter(e.get("class") for e in found if e.get("class"))
    edge = SITE_CHROME_EDGE * total
    return [
        (e, "the site's header or footer")
        for e in found
        if classes[e.get("class")] < FORM_REPEATS
        and (not wraps or text_length(e) < LIST_CHROME_SHARE * total)
        and not (
            (header := _site_header(e))
            and next(e.iterdescendants(*HEADING_LEVELS), None) is not None
        )
        and all(a.tag != "article" for a in e.iterancestors())
        and _text_beside(e, before=header, within=root) < edge
    ]


def _site_header_box(
    element: etree._Element, words: frozenset[str], root: etree._Element
) -> bool:
    """Whether a box named ``header`` (``words`` its name words), not a
    ``<header>``, can be the site's header for :func:`_site_chrome` on a
    whole-page type (a product's container, read with ``wraps`` False,
    leaves such boxes alone): the
    outermost box so named below ``root``, whose text is
    :data:`MENU_LINK_SHARE` links or more (a logo and a menu). A page's
    own header (``page-header``, ``hero-header``) holds its title and
    words of its own, and the parts of a header (``header-phrase``) stand
    inside it."""
    if "footer" in words or _link_share(element) < MENU_LINK_SHARE:
        return False
    for box in element.iterancestors():
        if box is root:
            return True
        if "header" in _name_words(box):
            return False
    return True


def _site_header(element: etree._Element) -> bool:
    """Whether :func:`_site_chrome` reads ``element`` as a header: a
    ``<header>``, or another box named ``header`` and not ``footer``."""
    if element.tag in ("header", "footer"):
        return element.tag == "header"
    words = _name_words(element)
    return "header" in words and "footer" not in words


def _menus(total: int, boxes: list[_NamedBox]) -> list[tuple[etree._Element, str]]:
    """The menus that pruning left on a whole-page type, or inside a
    product's or forum thread's container: boxes whose
    ``class`` or ``id`` names a menu (:func:`_names_menu`), whose text is
    :data:`MENU_LINK_SHARE` links or more, and that hold under
    :data:`LIST_CHROME_SHARE` of the page's text, ``total`` characters. A
    menu built without ``<nav>`` (a mega-menu, a side menu, a language or
    sort drop-down) is links to other pages; a box so named that holds
    text is a panel of the page's own. ``boxes`` are the container's
    :func:`_named_boxes`."""
    limit = LIST_CHROME_SHARE * total
    return [
        (e, "a menu of links")
        for e, words in boxes
        if _names_menu(words)
        and text_length(e) < limit
        and (_link_share(e) >= MENU_LINK_SHARE or _labels_only(e))
    ]


def _drawings(boxes: list[_NamedBox], total: int) -> list[tuple[etree._Element, str]]:
    """The pictures a whole-page type draws in HTML: boxes whose ``class``
    or ``id`` words name a graphic or an illustration (:data:`DRAWINGS`),
    that hold no heading, no paragraph, no link and under
    :data:`DRAWING_SHARE` of the page's text, ``total`` characters. A
    product's home page shows its app at work in markup (an editor's code
    and chat, a tracker's issues and comments, a checkout form's fields),
    each piece of text a label of the picture, in boxes and ``<pre>``, never
    in paragraphs. A box so named that holds a heading is a section of the
    page's own, one that holds a ``<p>`` is prose (a design studio's
    ``graphic-design`` box), and one that holds a link is an item (a blog's
    card wearing its category, ``category-graphic-design``). ``boxes`` are
    the page's :func:`_named_boxes`."""
    limit = DRAWING_SHARE * total
    return [
        (e, "a picture drawn in HTML")
        for e, words in boxes
        if not DRAWINGS.isdisjoint(words)
        and e.tag in _LIST_TAGS
        and next(e.iterdescendants("a", "p", *HEADING_LEVELS), None) is None
        and text_length(e) < limit
    ]


def _other_items_boxes(
    total: int, boxes: list[_NamedBox]
) -> list[tuple[etree._Element, str]]:
    """The boxes beside a whole-page type's items: boxes whose ``class`` or
    ``id`` words begin with one of :data:`OTHER_ITEMS_NAMES` (links to
    social networks, trending or recommended items) and that hold under
    :data:`LIST_CHROME_SHARE` of the page's text, ``total`` characters; a
    box holding more is the page's own list (a page of trending items).
    ``boxes`` are the page's :func:`_named_boxes`."""
    return _small_boxes_named(
        total, boxes, OTHER_ITEMS_NAMES, "social links, trending or recommended items"
    )


def _fine_print(total: int, boxes: list[_NamedBox]) -> list[tuple[etree._Element, str]]:
    """The boxes of fine print on a whole-page type or in a product's
    container: boxes whose ``class`` or ``id`` words begin with one of
    :data:`FINE_PRINT_NAMES` and that hold under :data:`LIST_CHROME_SHARE`
    of the text, ``total`` characters; a box holding more is the page's own
    text. ``boxes`` are the container's :func:`_named_boxes`."""
    return _small_boxes_named(
        total, boxes, FINE_PRINT_NAMES, "a disclaimer's fine print"
    )


def _pickers(boxes: list[_NamedBox]) -> list[tuple[etree._Element, str]]:
    """A product's option pickers: the boxes whose ``class`` or ``id``
    words hold one of :data:`PICKERS`, at most :data:`PICKER_MAX_CHARS`
    characters, with no heading and no paragraph of prose. ``boxes`` are
    the container's :func:`_named_boxes`."""
    return _outermost(
        [
            (e, "a product's option picker")
            for e, words in boxes
            if not PICKERS.isdisjoint(words)
            and text_length(e) <= PICKER_MAX_CHARS
            and not _holds_heading(e)
            and not _holds_prose(e)
        ]
    )


def _small_boxes_named(
    total: int, boxes: list[_NamedBox], beginnings: tuple[str, ...], rule: str
) -> list[tuple[etree._Element, str]]:
    """The outermost of ``boxes`` with a ``class`` or ``id`` word beginning
    with one of ``beginnings`` that hold under :data:`LIST_CHROME_SHARE` of
    ``total`` characters, each with ``rule``."""
    limit = LIST_CHROME_SHARE * total
    return _outermost(
        [
            (e, rule)
            for e, words in boxes
            if _begins_with(words, beginnings) and text_length(e) < limit
        ]
    )


@lru_cache(maxsize=4096)
def _begins_with(words: frozenset[str], beginnings: tuple[str, ...]) -> bool:
    """Whether a word of ``words`` begins with one of ``beginnings``; kept
    in a cache, as the boxes of a page repeat their names."""
    joined = " ".join(words)
    if not any(beginning in joined for beginning in beginnings):
        return False  # most names, each page's ids among them
    return any(word.startswith(beginnings) for word in words)


def _labels_only(element: etree._Element) -> bool:
    """Whether every piece of an element's text is shorter than
    :data:`~pagechunk.html.focus.MIN_PROSE`: the labels of a drill-down
    menu whose items open their sub-menus (a ``<span>``, not a link) and
    whose links a script fills in."""
    return all(len(piece.strip()) < MIN_PROSE for piece in element.itertext())


def _comment_boxes(
    root: etree._Element, total: int, below: list[NamedElement]
) -> list[tuple[etree._Element, str]]:
    """The comments under a whole-page type's items: boxes named as comments
    (:data:`~pagechunk.html.names.COMMENTS`) that hold under
    :data:`CONTENT_SHARE` of the page's text, ``total`` characters. A
    ``class`` worn by :data:`FORM_REPEATS` such boxes or more names a field
    of each item (a paper's "Comments: 10 pages", a story's count of
    comments), which stays. ``below`` is the page's :func:`_named_below`."""
    named = comments_inside(root, below)
    classes = Counter(e.get("class") for e in named if e.get("class"))
    return [
        (e, "comments")
        for e in named
        if classes[e.get("class")] < FORM_REPEATS
        and text_length(e) < CONTENT_SHARE * total
    ]


@lru_cache(maxsize=4096)
def _names_menu(words: frozenset[str]) -> bool:
    """Whether a ``class`` or ``id``'s words name a menu: a word that ends
    in ``menu`` or ``menus`` (``menu``, ``submenu``, ``megamenu``,
    ``sidemenu``), one that starts with ``menu`` (``menuwrap``,
    ``menubar``, ``menucontainer``: a menu's box named in one word), or
    ``dropdown``."""
    if "dropdown" not in words and "menu" not in " ".join(words):
        return False  # most names, told by two tests in C
    return any(
        w.endswith(("menu", "menus")) or w.startswith("menu") or w == "dropdown"
        for w in words
    )


def _link_share(element: etree._Element) -> float:
    """The share of an element's text inside its links; 0 when it has no
    text."""
    total = text_length(element)
    if not total:
        return 0.0
    return sum(text_length(a) for a in element.iterdescendants("a")) / total


def _text_beside(
    element: etree._Element, *, before: bool, within: etree._Element
) -> int:
    """Characters of the text before ``element`` (``before``) or after it,
    inside ``within``: in the siblings of the element and of each of its
    ancestors below ``within``."""
    found = 0
    for e in (element, *element.iterancestors()):
        if e is within:
            break
        for sibling in e.itersiblings(preceding=before):
            if isinstance(sibling.tag, str):
                found += text_length(sibling)
    return found


def _holds_prose(element: etree._Element) -> bool:
    """Whether a ``<p>`` inside ``element`` holds at least
    :data:`LIST_CHROME_PROSE` characters."""
    return any(
        text_length(p) >= LIST_CHROME_PROSE for p in element.iterdescendants("p")
    )


_NamedBox = tuple[etree._Element, frozenset[str]]
_BOX_TAGS = frozenset([*_LIST_TAGS, "li", "menu", "dl"])
"""The tags of the boxes the name rules read: :data:`_LIST_TAGS` and the
items and lists a menu is built of."""


_CLOSE_CONTROL_TAGS = ("div", "a")
"""Tags of a close control that pruning leaves in the tree: an overlay's
``<div class="overlay_close">`` around its icon, Bootstrap's ``<a
class="close" data-dismiss="modal">``. A ``<button>`` goes with pruning,
so :func:`drop_unseen_text` marks its overlay before (:data:`_CLOSABLE`)."""


def _closable(element: etree._Element, words: frozenset[str]) -> bool:
    """Whether a box is a dialog by the control that closes it: marked so
    before pruning (a ``<button>`` or ``<span>``), or named as an overlay
    (:data:`OVERLAYS`) and the nearest such box above a ``<div>`` or an
    ``<a>`` whose ``class`` names a close control (:data:`CLOSE_WORDS`).
    Only the few boxes named as an overlay are searched."""
    if element.get(_CLOSABLE) is not None:
        return True
    if OVERLAYS.isdisjoint(words):
        return False
    for control in element.iterdescendants(*_CLOSE_CONTROL_TAGS):
        if CLOSE_WORDS.isdisjoint(_value_words(control.get("class"))):
            continue
        nearest = next(
            a for a in control.iterancestors() if a is element or _named_overlay(a)
        )
        if nearest is element:
            return True
    return False


def _named_boxes(
    container: etree._Element,
    memo: _NamedMemo,
    tags: frozenset[str] = _BOX_TAGS,
) -> list[_NamedBox]:
    """The elements of ``tags`` below ``container`` that have ``class`` or
    ``id`` words or are marked as a dialog (:data:`_CLOSABLE`), each with its
    words, in document order: the menu, chrome and notice rules read them
    from the container's :func:`_named_below`, kept in ``memo``."""
    return [
        (e, words)
        for e, tag, classes, ident in _named_below(container, memo)
        if tag in tags
        and (
            # most have no ``id``: their class's words are looked up alone
            (words := _words_of(classes, ident) if ident else _value_words(classes))
            or e.get(_CLOSABLE) is not None
        )
    ]


_LISTED_TAGS = frozenset([*PICTURE_TAGS, *HEADING_LEVELS])
"""The tags :func:`_named_below` lists without a name: the pictures that
their tag names, and the headings that part a grid's sections."""

_NamedMemo = dict[etree._Element, list[NamedElement]]
"""Each container's :func:`_named_below`, kept for the rules after the
first that asks while the tree stays as it was: emptied when a rule
changes it."""


def _named_below(container: etree._Element, memo: _NamedMemo) -> list[NamedElement]:
    """The elements below ``container`` that have a ``class`` or an ``id``,
    are marked as a dialog (:data:`_CLOSABLE`), or are a picture
    (:data:`~pagechunk.vocabulary.PICTURE_TAGS`) or a heading, in document
    order, each with its tag and both values (None when it has none), read
    in one pass and kept in ``memo``: the rules that read names (boxes,
    bylines, widgets, labels, named boilerplate, tiles' titles) read them
    there instead of each reading every element's attributes again."""
    named = memo.get(container)
    if named is None:
        named = memo[container] = []
        add = named.append
        for element in container.iterdescendants(etree.Element):
            tag = element.tag
            classes = element.get("class")
            ident = element.get("id")
            if (
                classes is not None
                or ident is not None
                or tag in _LISTED_TAGS
                or element.get(_CLOSABLE) is not None
            ):
                add((element, tag, classes, ident))
    return named


def _forms(
    containers: list[etree._Element],
) -> list[tuple[etree._Element, str]]:
    """The forms inside the containers that hold under :data:`FORM_SHARE`
    of a container's text: a reply box, a search or sign-up form, fields to
    fill in rather than text to read. A form that holds more wraps the
    content (a page built as one form); when :data:`FORM_REPEATS` forms or
    more wear one ``class``, they are the page's items, one form around
    each post or product."""
    found = []
    for container in containers:
        forms = list(container.iterdescendants("form"))
        if not forms:
            continue
        limit = FORM_SHARE * text_length(container)
        classes = Counter(f.get("class") for f in forms if f.get("class"))
        worn = None  # the classes the container's elements wear, when asked
        for form in forms:
            if classes[form.get("class")] >= FORM_REPEATS:
                continue
            size = text_length(form)
            if size >= limit:
                continue
            if size:  # its own labels and choices: not a sign-up's box
                found.append((form, "a form to fill in"))
                continue
            if worn is None:
                worn = Counter(
                    e.get("class") for e in container.iter() if e.get("class")
                )
            box = _signup_box(form, container, limit, worn)
            found.append((box, "a form to fill in"))
    return found


def _signup_box(
    form: etree._Element,
    container: etree._Element,
    limit: float,
    worn: Counter[str | None],
) -> etree._Element:
    """The form, which holds no text of its own (its fields pruned: an
    address to type and a button), or the outermost box around it
    below ``container`` that holds this one form, no heading, at most
    :data:`SIGNUP_MAX_CHARS` characters and under ``limit``: the form's
    sign-up box, whose lines ask for the address the form takes. A box
    that holds a link, or whose ``class`` ``worn`` counts
    :data:`FORM_REPEATS` times or more, is one of the page's items (a
    product card around its add-to-cart form, its name a link to the
    product), and the climb stops below it."""
    box = form
    for parent in form.iterancestors():
        if (
            parent is container
            or worn[parent.get("class")] >= FORM_REPEATS
            or next(parent.iterdescendants("a"), None) is not None
            or text_length(parent) > min(SIGNUP_MAX_CHARS, limit)
            or list(parent.iterdescendants("form", *HEADING_LEVELS)) != [form]
        ):
            break
        box = parent
    return box


def _share_labels(
    dropped: list[tuple[etree._Element, str]],
) -> list[tuple[etree._Element, str]]:
    """The labels of the dropped share and follow boxes (named so,
    :data:`SHARE_NAMES`). The box around one's links, grown while its
    parent holds no other text, is paired with a label when the parent
    holds one other box with text, before it, of at most
    :data:`SHARE_LABEL_MAX_CHARS` characters, no link and no heading (a
    logo or a spacer may stand between): a page builder sets the call
    ("Stay connected with me!") in a widget of its own beside the widget of
    icons, so the names that drop the icons leave the call standing alone.
    A paragraph among others before a share bar is the article's own line,
    and a heading over one is the title it shares."""
    found = []
    gone = {e for e, _ in dropped}
    for element, _ in dropped:
        if not _begins_with(
            _words_of(element.get("class"), element.get("id")), SHARE_NAMES
        ):
            continue
        box, size = element, text_length(element)
        parent = box.getparent()
        while parent is not None and text_length(parent) == size:
            box, parent = parent, parent.getparent()
        label = _label_before(box)
        if (
            label is None
            or parent is None
            or label in gone
            or next(label.iter("a"), None) is not None
            or label.tag in HEADING_LEVELS
            or _holds_heading(label)
        ):
            continue
        held = text_length(label)
        if held <= SHARE_LABEL_MAX_CHARS and text_length(parent) <= held + size + 1:
            found.append((label, "the label of a share or follow box"))
    return found


def _label_before(box: etree._Element) -> etree._Element | None:
    """The nearest sibling before ``box`` that holds text, with no text
    between them; None when text stands between or none holds any."""
    for sibling in box.itersiblings(preceding=True):
        if (sibling.tail or "").strip():
            return None
        if isinstance(sibling.tag, str) and text_length(sibling):
            return sibling
    return None


def _notices(
    containers: list[etree._Element],
    boxes: dict[etree._Element, list[_NamedBox]],
    memo: _NamedMemo,
) -> list[tuple[etree._Element, str]]:
    """The notice bars, loyalty prompts and countdowns, cart drawers and
    dialogs inside the containers, named so (:data:`NOTICES`,
    :data:`UPSELLS`, :func:`_names_cart_drawer`, :data:`DIALOGS`), that hold
    under :data:`FORM_SHARE` of a container's text, all found in one pass
    over each container; a cart drawer is judged by its outermost named
    box, at any length under that share. A loyalty prompt or
    countdown is judged by its outermost named box, which holds at most
    :data:`UPSELL_MAX_CHARS` (a longer one is a section about the
    programme, and its parts stay with it). A
    dialog is judged whole, by its outermost named box: when it holds more
    than :data:`DIALOG_MAX_CHARS` or a heading, it is content a page shows
    in a panel (a product's details), and its parts (``modal-body``) stay
    with it. A container's :func:`_named_boxes` are read from ``boxes``
    when they are there, else from ``memo``."""
    found = []
    for container in containers:
        inside = boxes.get(container)
        if inside is None:
            inside = _named_boxes(container, memo, _LIST_TAGS)
        closable = set()
        named = []
        for e, words in inside:
            if _NOTICE_OR_OVERLAY.isdisjoint(words) and e.get(_CLOSABLE) is None:
                continue  # most boxes: neither test below can hold
            if e.tag not in _LIST_TAGS:
                continue
            if _closable(e, words):
                closable.add(e)
                named.append((e, words))
            elif _names_notice(words):
                named.append((e, words))
        if not named:
            continue
        limit = FORM_SHARE * text_length(container)
        dialogs = {
            e
            for e, words in named
            if DIALOGS.intersection(words) or e in closable or _names_consent(words)
        }
        upsells = {e for e, words in named if UPSELLS.intersection(words)}
        carts = {e for e, words in named if _names_cart_drawer(words)}
        for element, words in named:
            if element in carts:
                if text_length(element) < limit and not any(
                    a in carts for a in element.iterancestors()
                ):
                    found.append((element, "a cart drawer"))
            elif _names_notice_bar(words):
                # A promotions bar is never what the page says, however many
                # offers (one per country and currency) it rotates through.
                if NOTICES.isdisjoint(words) or text_length(element) < limit:
                    found.append((element, "a notice bar"))
            elif "form" in words and FORM_MESSAGES.intersection(words):
                if text_length(element) <= ANNOUNCED_MAX_CHARS:
                    found.append((element, "a form's message once sent"))
            elif element in upsells:
                size = text_length(element)
                if (
                    size < limit
                    and size <= UPSELL_MAX_CHARS
                    and not any(a in upsells for a in element.iterancestors())
                ):
                    found.append((element, _UPSELL_RULE))
            elif (
                not any(a in dialogs for a in element.iterancestors())
                and text_length(element) < limit
                and text_length(element) <= DIALOG_MAX_CHARS
                and next(element.iterdescendants(*HEADING_LEVELS), None) is None
            ):
                found.append((element, _DIALOG_RULE))
    return found


_NOTICE_WORDS = NOTICES | UPSELLS | DIALOGS
_NOTICE_ANY = _NOTICE_WORDS.union(*PROMO_BARS, CART_DRAWERS, ["form", "cart", "cc"])
"""Words of which the names :func:`_names_notice` accepts hold one at
least: a name with none of them is told by one set test."""
_NOTICE_OR_OVERLAY = _NOTICE_ANY | OVERLAYS
"""Words of which a box :func:`_notices` reads holds one at least, unless
it is marked as a dialog (:func:`_closable`)."""


def _names_notice(words: frozenset[str]) -> bool:
    """Whether name words name a notice, a loyalty prompt, a countdown or a
    dialog (:data:`_NOTICE_WORDS`, :data:`PROMO_BARS`), or a form's message
    (:data:`FORM_MESSAGES` beside ``form``)."""
    if _NOTICE_ANY.isdisjoint(words):
        return False  # most names, each page's ids among them
    return (
        bool(_NOTICE_WORDS.intersection(words))
        or _names_notice_bar(words)
        or ("form" in words and not FORM_MESSAGES.isdisjoint(words))
        or _names_cart_drawer(words)
        or _names_consent(words)
    )


def _names_consent(words: frozenset[str]) -> bool:
    """Whether name words name a cookie consent banner by
    :data:`CONSENT_BARS`."""
    return "cc" in words and any(bar <= words for bar in CONSENT_BARS)


def _names_cart_drawer(words: frozenset[str]) -> bool:
    """Whether name words name a shop's cart drawer: one of
    :data:`CART_DRAWERS`, or ``cart`` beside one of
    :data:`CART_DRAWER_PLACES`."""
    return not CART_DRAWERS.isdisjoint(words) or (
        "cart" in words and not CART_DRAWER_PLACES.isdisjoint(words)
    )


def _names_notice_bar(words: frozenset[str]) -> bool:
    """Whether name words name a notice bar: a notice (:data:`NOTICES`) or
    a promotions bar (:data:`PROMO_BARS`)."""
    return not NOTICES.isdisjoint(words) or any(bar <= words for bar in PROMO_BARS)


_DIALOG_RULE = "a dialog or cookie banner over the page"
_UPSELL_RULE = "a loyalty prompt or a countdown"


AUTHOR_WORDS = frozenset(["author", "authors"])
"""Words of a ``class`` or ``id`` that name the box about an article's
author (all of them :data:`BYLINE` words)."""

AUTHOR_BOX_MAX_CHARS = 2000
"""Characters a box about an article's author (name, role, a few lines of
biography) may hold and still go."""

AUTHOR_PATHS = ("author", "authors", "contributor", "contributors")
"""Path segments of a link to the page of an author's articles
(WordPress's ``/author/maya-greene/``, ``/authors/...``,
``/contributors/...``): the box around such a link, past a byline's
length, is the box about the author."""

AUTHOR_BOX_PROSE = 1
"""Blocks of prose a box found by its link to an author's page may hold
(the biography); more is the article's text around a byline."""

_AUTHOR_SEGMENTS = tuple(f"/{segment}/" for segment in AUTHOR_PATHS)


def _author_links(container: etree._Element) -> Iterator[etree._Element]:
    """The links below ``container`` to an author's page
    (:data:`AUTHOR_PATHS`), by a substring test on each ``href``: cheaper
    than a libxml2 XPath predicate over every link."""
    for link in container.iterdescendants("a"):
        href = link.get("href")
        if (
            href
            and ("/author" in href or "/contributor" in href)
            and any(segment in href for segment in _AUTHOR_SEGMENTS)
        ):
            yield link


_AUTHOR_BOX_TAGS = frozenset(["div", "section", "aside"])
_BYLINE_TAGS = frozenset([*_LIST_TAGS, "span", "time"])
"""The tags of the boxes :func:`_bylines` reads."""


def _bylines(
    container: etree._Element,
    top: etree._Element,
    prose: dict[etree._Element, int],
    named_below: list[NamedElement],
) -> list[tuple[etree._Element, str]]:
    """The byline and date lines inside an article's container: boxes named
    for them (:data:`BYLINE`) that hold at most :data:`BYLINE_MAX_CHARS`
    characters and no heading. A story has one byline; when
    :data:`FORM_REPEATS` of them or more wear one ``class``, they are the
    dates or authors of listed items (a calendar, a changelog) and stay.

    The same look finds the box about the author: a box named for the
    author (:data:`AUTHOR_WORDS`: ``post-author``, ``author_detail_box``,
    ``BlogAuthors``) that holds more than a byline and at most
    :data:`AUTHOR_BOX_MAX_CHARS` characters, no ``<h1>`` or ``<h2>``, and
    not the densest element; :data:`FORM_REPEATS` such boxes of one
    ``class`` are the authors of listed items, and stay. A box about the
    author that wears no such name is found by its link to the author's
    page (:func:`_author_link_boxes`), and judged the same way.

    ``prose`` is the survey's prose of each element, and ``named_below``
    the container's :func:`_named_below`."""
    keep = {top, *top.iterancestors()}
    named = []
    authors = []
    for e, tag, class_value, ident in named_below:
        if tag not in _BYLINE_TAGS:
            continue
        words = _words_of(class_value, ident)
        if BYLINE.isdisjoint(words) or e in keep:
            continue  # most boxes: told by one set test
        named.append(e)
        if tag in _LIST_TAGS and not AUTHOR_WORDS.isdisjoint(BYLINE & words):
            authors.append(e)
    classes = Counter(e.get("class") for e in named)
    found = [
        (e, "byline or date")
        for e in named
        if classes[e.get("class")] < FORM_REPEATS
        and text_length(e) <= BYLINE_MAX_CHARS
        and next(e.iterdescendants(*HEADING_LEVELS), None) is None
    ]
    for box in _author_link_boxes(container, keep, prose):
        if box not in authors:
            authors.append(box)
    classes = Counter(e.get("class") for e in authors)
    return found + [
        (e, "the author's box")
        for e in authors
        if classes[e.get("class")] < FORM_REPEATS
        and BYLINE_MAX_CHARS < text_length(e) <= AUTHOR_BOX_MAX_CHARS
        and next(e.iterdescendants("h1", "h2"), None) is None
    ]


def _author_link_boxes(
    container: etree._Element,
    keep: set[etree._Element],
    prose: dict[etree._Element, int],
) -> Iterator[etree._Element]:
    """The boxes around the links inside ``container`` to an author's page
    (:data:`AUTHOR_PATHS`): for each link, the nearest ``<div>``,
    ``<section>`` or ``<aside>`` above it holding more than
    :data:`BYLINE_MAX_CHARS` characters, when that box holds at most
    :data:`AUTHOR_BOX_PROSE` block of prose and none of ``keep`` (the
    densest element and its ancestors). A name linked inside a paragraph or
    an item ("tested with our editor Jeff") is the article's sentence, and
    a box holding a byline and the paragraphs after it is the article's
    opening."""
    for link in _author_links(container):
        box = link.getparent()
        while (
            box is not None
            and box is not container
            and text_length(box) <= BYLINE_MAX_CHARS
        ):
            box = box.getparent()
        if (
            box is None
            or box is container
            or box in keep
            or box.tag not in _AUTHOR_BOX_TAGS
        ):
            continue
        if sum(1 for e in box.iter() if e in prose) <= AUTHOR_BOX_PROSE:
            yield box


def _labels(
    containers: list[etree._Element],
    named: _NamedMemo,
    control_max: int = UNSEEN_MAX_CHARS,
    unseen_headings: list[etree._Element] | None = None,
) -> list[tuple[etree._Element, str]]:
    """The short labels inside the containers that are no text to read: one
    its ``class`` keeps off the screen (:data:`UNSEEN_CLASSES`) unless
    another class shows it at some width, and a button or call to action
    (:data:`CONTROLS`). Each holds at most :data:`UNSEEN_MAX_CHARS`, a
    control at most ``control_max`` (:data:`ARTICLE_CONTROL_MAX_CHARS` on
    an article); a heading, or a box holding one, stays. ``named`` keeps
    each container's :func:`_named_below`; the headings a class keeps off
    the screen are added to ``unseen_headings``, for
    :func:`_heading_nothing` to judge once the boxes under them are gone."""
    found = []
    for container in containers:
        # Few elements have a label's names: those are told first, by a
        # cache look-up per element.
        for element, tag, classes, ident in _named_below(container, named):
            if classes is None:
                continue
            # Most elements have no ``id``: their class alone is looked up.
            rule = (
                _label_rule_of(classes, ident) if ident else _class_label_rule(classes)
            )
            if (
                not rule
                and tag == "a"
                and _drawn_as_button(classes)
                and _few_links_beside(element)
            ):
                rule = _CONTROL_RULE
            if (
                rule == _UNSEEN_RULE
                and tag in HEADING_LEVELS
                and unseen_headings is not None
            ):
                unseen_headings.append(element)
            if (
                rule
                and tag not in HEADING_LEVELS
                and text_length(element)
                <= (control_max if rule == _CONTROL_RULE else UNSEEN_MAX_CHARS)
                and next(element.iterdescendants(*HEADING_LEVELS), None) is None
            ):
                found.append((element, rule))
    return found


_UNSEEN_RULE = "kept off the screen by its class"
_UNSEEN_HEADING_RULE = "a heading kept off the screen over no text"


def _heading_nothing(
    headings: list[etree._Element], containers: list[etree._Element]
) -> list[etree._Element]:
    """The headings, kept off the screen by their class, that head no text
    inside their container: the next text after one is a heading of its
    rank or higher, or there is none. Such a heading names, for screen
    readers, a widget that holds no text of the page: a shop's filter bar
    once the filters are gone ("Sort and Filter"), a placeholder a script
    fills ("Loading..."). One that heads text names its section and stays
    (a documentation page's screen-reader-only ``<h2>``), as does one whose
    box a rule took out with it."""
    found = []
    for heading in headings:
        container = next((a for a in heading.iterancestors() if a in containers), None)
        if (
            container is not None
            and text_length(heading)
            and not _heads_text(heading, container)
        ):
            found.append(heading)
    return found


def _heads_text(heading: etree._Element, container: etree._Element) -> bool:
    """Whether text follows ``heading`` inside ``container`` before a
    heading of its rank or higher (a lower heading opens a part of its
    section, which then holds text). Reads on from the heading only as far
    as the first text."""
    if (heading.tail or "").strip():
        return True
    rank = HEADING_LEVELS[heading.tag]
    node = heading
    while node is not container:
        for after in node.itersiblings():
            for event, element in etree.iterwalk(after, events=_TEXT_EVENTS):
                if event == "start":
                    level = HEADING_LEVELS.get(element.tag)
                    if level is not None and text_length(element):
                        return level > rank
                    if (element.text or "").strip():
                        return True
                elif (element.tail or "").strip():
                    return True  # what follows an element, or a comment
        parent = node.getparent()
        if parent is None:
            return False
        node = parent
    return False


_TEXT_EVENTS = ("start", "end", "comment", "pi")
"""The events of :func:`_heads_text`'s walk: an element's text comes at its
start, its tail at its end, and a comment's or processing instruction's
tail at the node (libxml2 keeps them when the parser is told to)."""


_SCREENS = r"^(?:(?:sm|md|lg|xl|2xl):)?"
_PADDING_X = re.compile(_SCREENS + r"p[xl]?-")
_PADDING_Y = re.compile(_SCREENS + r"p[yt]?-")
_ROUNDED = re.compile(_SCREENS + r"rounded(?:-|$)")

BUTTON_GROUP_MAX = 3
"""Links a box (or a list, for links in its items) may hold beside a link
drawn as a button for that link to be a call to action: a hero's "Start
free trial" and "Book a demo", a plan's "Get started". A row of more is a
set of tags or chips ("UX Design", "Figma") or a wall of clients' names,
which pages draw the same way and which are content."""


def _few_links_beside(link: etree._Element) -> bool:
    """Whether a link stands in a group of at most
    :data:`BUTTON_GROUP_MAX` links: those of its parent, or of the list
    whose item it is."""
    group = link.getparent()
    if group is None:
        return True
    if group.tag == "li":
        items = group.getparent()
        if items is not None:
            group = items
    return len(list(islice(group.iter("a"), BUTTON_GROUP_MAX + 1))) <= (
        BUTTON_GROUP_MAX
    )


@lru_cache(maxsize=4096)
def _drawn_as_button(classes: str) -> bool:
    """Whether a link's utility classes draw it as a button: rounded
    (``rounded``, ``rounded-md``, ``rounded-full``) and padded across and
    down (``px-3.5 py-2.5``, or ``p-2``), as Tailwind CSS and the frameworks
    like it (UnoCSS, Windi) write a call to action ("Start free trial",
    "Contact sales") where a design system would name it ``btn``. A
    screen-width prefix (``sm:px-4``) counts; a state's or a pseudo-
    element's (``hover:``, ``before:rounded-full``) does not draw the link
    itself. A text link is not padded."""
    tokens = classes.split()
    return (
        any(_ROUNDED.match(t) for t in tokens)
        and any(_PADDING_X.match(t) for t in tokens)
        and any(_PADDING_Y.match(t) for t in tokens)
    )


def _label_rule_of(classes: str, ident: str | None) -> str:
    """Why a label is no text to read, by its ``class`` and ``id``; ``""``
    when its names do not say."""
    rule = _class_label_rule(classes)
    if not ident or rule in (_UNSEEN_RULE, _CONTROL_RULE):
        return rule
    if not _holds_hint(ident, _RULE_HINTS):
        return rule  # most ids: told without splitting them into words
    # A control outranks a loader, whichever of the two names says it.
    said = _words_label_rule(_value_words(ident))
    return said if said == _CONTROL_RULE or not rule else rule


_CONTROL_RULE = "a button or call to action"
_LOADER_RULE = "a loading indicator"


@lru_cache(maxsize=16_384)
def _class_label_rule(classes: str) -> str:
    """:func:`_label_rule_of` for a ``class`` value alone, kept in a cache:
    pages repeat a few class values over many elements, while an ``id``
    differs from element to element, so the two are read apart."""
    if not _holds_hint(classes, _LABEL_HINTS):
        return ""  # most values: told without splitting them into words
    tokens = classes.lower().split()
    squeezed = {t.replace("-", "").replace("_", "") for t in tokens}
    if (
        not UNSEEN_CLASSES.isdisjoint(squeezed)
        or any(_ends_screen_reader_only(t) for t in tokens)
    ) and not any(_SHOWN_AT.search(t) for t in tokens):
        return _UNSEEN_RULE
    return _words_label_rule(_value_words(classes))


_SEPARATOR = re.compile(r"[-_]+")
_SCREEN_READER_ENDS = tuple(SCREEN_READER_CLASSES)


def _hints(*hints: str) -> re.Pattern[str]:
    """A pattern that finds any of ``hints`` in a text, for
    :func:`_holds_hint`: one search takes half the time of a substring test
    per hint (ids, which no cache can keep, are tested on every page)."""
    return re.compile("|".join(map(re.escape, hints)))


def _holds_hint(value: str, hints: re.Pattern[str]) -> bool:
    """Whether ``value``, lower-cased and without ``-`` and ``_``, holds one
    of ``hints`` (:func:`_hints`): every word a rule reads stands whole in
    it, so a value that holds none of the rule's words says nothing to it.
    Read before a value's words, which cost more to find (most values name
    nothing)."""
    squeezed = value.lower().replace("-", "").replace("_", "")
    return hints.search(squeezed) is not None


def _one_of(words: frozenset[str]) -> str:
    """One word of a set that a rule needs whole (the longest: the rarest
    in other names)."""
    return max(sorted(words), key=len)


_UNSEEN_HINTS = (*UNSEEN_CLASSES, *SCREEN_READER_CLASSES)
"""What a ``class`` value that keeps a label off the screen holds."""

_RULE_WORDS = (
    *CONTROLS,
    *LOADERS,
    *_STORE_HINTS,
    _one_of(CALL_TO_ACTION),
    _one_of(READ_MORE),
)
_RULE_HINTS = _hints(*_RULE_WORDS)
"""What a value that :func:`_words_label_rule` reads a rule from holds."""

_LABEL_HINTS = _hints(*_UNSEEN_HINTS, *_RULE_WORDS)
"""What a value that :func:`_class_label_rule` reads a rule from holds."""


def _ends_screen_reader_only(token: str) -> bool:
    """Whether a ``class`` token ends, after a ``-`` or ``_``, in one of
    :data:`SCREEN_READER_CLASSES` (``-`` and ``_`` taken out). A BEM
    modifier (a token holding ``--``) says how its block is drawn, not that
    it is hidden (Drupal's ``field--label-visually_hidden`` is a field
    whose label is), and is not read."""
    if "--" in token:
        return False
    if not token.replace("-", "").replace("_", "").endswith(_SCREEN_READER_ENDS):
        return False  # most tokens: no such ending, whatever the separators
    return any(
        token[m.end() :].replace("-", "").replace("_", "") in SCREEN_READER_CLASSES
        for m in _SEPARATOR.finditer(token)
    )


_DIGITS = "0123456789"


def _words_label_rule(words: frozenset[str]) -> str:
    """The label rule that name words say: a control (:data:`CONTROLS`,
    :data:`CALL_TO_ACTION`, also with a version number after it: WPBakery's
    ``vc_btn3``, ``cta2``; a shop's :data:`STORE_CONTROLS`) before a loader
    (:data:`LOADERS`); ``""`` for neither."""
    if (
        not CONTROLS.isdisjoint(words)
        or words >= CALL_TO_ACTION
        or _names_read_more(words)
        or not CONTROLS.isdisjoint(w.rstrip(_DIGITS) for w in words)
        or any(words >= control for control in STORE_CONTROLS)
    ):
        return _CONTROL_RULE
    if not LOADERS.isdisjoint(words):
        return _LOADER_RULE
    return ""


def _article(
    found: Survey,
    top: etree._Element,
    mass: etree._Element,
    content: set[etree._Element],
    named: _NamedMemo,
) -> Focus:
    """The article rule; ``named`` keeps each container's
    :func:`_named_below` for the rules after it."""
    _pardon_kin_names(found, top, mass)
    stops = content_stops(found, content)
    container = climb(top, found, stops)
    if container is not top:  # it grew, over teasers of other pages perhaps
        teasers = _teasers(found, top)
        if teasers:
            container = climb(top, found, stops, beside=teasers)
    total = sum(found.prose.values())
    held = _prose_inside(found, container) if total else 0
    if total and held >= FOCUS_SHARE * total:
        kin = held < KIN_SHARE * total or _small_in(container, mass)
        box = _classed_box(container, mass) if kin else container
        parts = (
            _with_kin(found, box, mass, total) if kin else _split_body(found, container)
        ) or [container]
        dropped = [
            (e, _BOILERPLATE_RULE)
            for part in parts
            for e in boilerplate_inside(
                part,
                top if part is box or part is container else part,
                found.named,
                _named_below(part, named),
            )
        ] + _bylines(container, top, found.prose, _named_below(container, named))
        name = (
            "densest container and its kin" if len(parts) > 1 else "densest container"
        )
        chosen = Focus(parts, set(parts), name, dropped)
    else:
        container = mass
        chosen = Focus(
            [container],
            {container},
            "mass container (the densest holds little of the prose)",
            _named_inside(
                container,
                top,
                found.named,
                (BOILERPLATE, COMMENTS),
                _named_below(container, named),
            )
            + _bylines(container, top, found.prose, _named_below(container, named)),
        )
    chosen.dropped = _outermost(
        chosen.dropped
        + _tables_of_contents(container)
        + _page_widgets(_named_below(container, named), top)
    )
    return chosen


TEASER_PROSE = 1
"""Blocks of prose a teaser card may hold (its summary) beside its linked
title: a section of the article with two paragraphs or more is no teaser."""

TEASER_TITLE_CHARS = 25
"""Characters a link to another page needs to be a teaser's title without
a heading around it (a story's title, not "Read more")."""


def _teaser_titles(root: etree._Element) -> list[etree._Element]:
    """Teasers' titles, in document order: links to another page of
    :data:`TEASER_TITLE_CHARS` or more, or that a heading holds, or that
    hold a heading (a card that is one link). A link of text alone shorter
    than that is told by its length, with no measure of its collapsed text
    (which an XPath predicate took for every link of the page)."""
    found = []
    for link in root.iter("a"):
        href = link.get("href")
        if href is None or href.startswith("#"):
            continue
        parent = link.getparent()
        if parent is not None and parent.tag in HEADING_LEVELS:
            found.append(link)
        elif len(link):  # children: a heading, or text in inline elements
            if (
                any(child.tag in HEADING_LEVELS for child in link)
                or text_length(link) >= TEASER_TITLE_CHARS
            ):
                found.append(link)
        elif (
            len(link.text or "") >= TEASER_TITLE_CHARS
            and text_length(link) >= TEASER_TITLE_CHARS
        ):
            found.append(link)
    return found


def _teasers(found: Survey, top: etree._Element) -> frozenset[etree._Element]:
    """The teaser cards of other pages beside the article, which its
    container must not climb over: boxes of one tag and exact ``class``,
    :data:`FORM_REPEATS` or more under one parent, each holding a title
    that links to another page (a linked heading, perhaps its section's
    too, or a link of :data:`TEASER_TITLE_CHARS` or more) and at most
    :data:`TEASER_PROSE` blocks of prose (a summary), none of them holding
    ``top`` nor inside it, nor of the tag and ``class`` of a box holding
    ``top`` (a grid of cards whose densest is one of them: the cards are
    the page's content).

    Evidence: a story's page sets the site's other stories below or beside
    it ("Read this next", "Latest news"), each a card of its linked title,
    its date and a line of summary; their summaries are prose, and read as
    the article's, they let the container grow over the whole grid."""
    held = {top, *top.iterancestors()}
    own = {(e.tag, e.get("class")) for e in held}
    # Each title link and the boxes above it, up to the densest element's
    # ancestors, with whether they stand outside it: one walk up per link,
    # stopped where an earlier walk passed.
    outside: dict[etree._Element, bool] = {top: False}
    for title in _teaser_titles(top.getroottree().getroot()):
        path = []
        verdict = True
        box: etree._Element | None = title
        while box is not None:
            known = outside.get(box)
            if known is not None:
                verdict = known
                break
            if box in held:  # above the densest element, beside it
                break
            path.append(box)
            box = box.getparent()
        outside.update(dict.fromkeys(path, verdict))
    groups: dict[tuple[Any, ...], list[etree._Element]] = {}
    for box, beside in outside.items():
        if not beside:
            continue
        kind = (box.tag, box.get("class"))
        if kind[1] and kind not in own:
            groups.setdefault((box.getparent(), *kind), []).append(box)
    return frozenset(
        box
        for boxes in groups.values()
        if len(boxes) >= FORM_REPEATS
        and all(_summary_only(found, box) for box in boxes)
        for box in boxes
    )


def _summary_only(found: Survey, box: etree._Element) -> bool:
    """Whether ``box`` holds at most :data:`TEASER_PROSE` blocks of prose;
    the count stops at the first block over it."""
    prose = found.prose
    blocks = (e for e in box.iter() if e in prose)
    return next(islice(blocks, TEASER_PROSE, None), None) is None


PAGE_WIDGET_WORDS = frozenset({"feedback", "pagination", "pager"})
"""``class``/``id`` words of the widgets a documentation theme sets inside
the article's box, after its text: the "Was this page helpful?" question
with its answers (Docsy's ``feedback--question``, MDN's
``feedback-question``), and the links to the previous and next page
(docsify's ``pagination-item``, Bootstrap's ``pager``)."""

PAGE_WIDGET_MAX_CHARS = 300
"""The most text such a widget may hold; more is content the page named so
(a section of customers' feedback)."""


def _page_widgets(
    named: list[NamedElement], top: etree._Element
) -> list[tuple[etree._Element, str]]:
    """The feedback and pagination widgets inside the article's container,
    of whose elements ``named`` are the :func:`_named_below`
    (:data:`PAGE_WIDGET_WORDS` in a ``class``, or an ``id`` that is one
    of them alone: an ``id`` of more words is often the slug of a
    heading's text, "Enable password input feedback"), each at most
    :data:`PAGE_WIDGET_MAX_CHARS` characters and not holding the densest
    element."""
    keep = {top, *top.iterancestors()}
    return [
        (element, "a feedback or pagination widget")
        for element, _, classes, ident in named
        if (
            not PAGE_WIDGET_WORDS.isdisjoint(_value_words(classes))
            or (ident or "").strip().lower() in PAGE_WIDGET_WORDS
        )
        and element not in keep
        and text_length(element) <= PAGE_WIDGET_MAX_CHARS
    ]


_KIN_BLOCKS = (*HEADING_LEVELS, "ul", "ol", "table")
"""What a box of the article's kind may hold instead of prose: a heading, a
list or a table of the article's."""


def _holds_article_text(found: Survey, element: etree._Element) -> bool:
    """Whether a box of the article's kind holds prose, or a heading, a list
    or a table (:data:`_KIN_BLOCKS`)."""
    return (
        _prose_inside(found, element) > 0
        or next(element.iterdescendants(*_KIN_BLOCKS), None) is not None
    )


def _small_in(container: etree._Element, mass: etree._Element) -> bool:
    """Whether the container holds under :data:`KIN_SHARE` of the mass
    container's text: its prose may be most of the page's, while the
    article's lists, headings and short paragraphs stand beside it."""
    return mass is not container and (
        text_length(container) < KIN_SHARE * text_length(mass)
    )


def _classed_box(container: etree._Element, mass: etree._Element) -> etree._Element:
    """The box whose kin the article's container is read with: the container
    itself when it wears a ``class``, else its nearest ancestor below the
    mass container that does (a CMS's ``<div class="block">`` around each
    part's bare ``<main>`` or ``<div>``), else the container."""
    if container.get("class"):
        return container
    for ancestor in container.iterancestors():
        if ancestor is mass:
            break
        if ancestor.get("class"):
            return ancestor
    return container


def _with_kin(
    found: Survey,
    container: etree._Element,
    mass: etree._Element,
    total: int,
) -> list[etree._Element]:
    """The article's container with its kin, in page order, when together
    they hold :data:`KIN_SHARE` of the page's prose; else an empty list.

    Kin are the elements inside the mass container that share the
    container's tag and ``class`` (a page builder's ``widget-container``,
    a CMS's ``text-block``) and hold prose, a heading, a list or a table of
    their own: the other parts of one article that the builder split into
    boxes of one kind, beside the densest of them."""
    classes = container.get("class")
    if not classes or mass is container:
        return []
    parts: list[etree._Element] = []
    for element in _of_tag(mass.iterdescendants, container.tag):
        if element.get("class") != classes or (
            parts and any(a is parts[-1] for a in element.iterancestors())
        ):
            continue  # another kind, or inside a part already taken
        if element is container or (
            container not in element.iterancestors()
            and element not in container.iterancestors()
            and _holds_article_text(found, element)
        ):
            parts.append(element)
    held = sum(_prose_inside(found, part) for part in parts)
    return parts if len(parts) > 1 and held >= KIN_SHARE * total else []


def _of_tag(
    elements: Callable[..., Iterator[etree._Element]], tag: str
) -> Iterator[etree._Element]:
    """The elements of ``tag`` that ``elements`` (an element's ``iter``,
    ``iterchildren`` or ``iterdescendants``) gives: picked inside libxml2,
    or one by one when lxml will not take the tag as a filter (libxml2
    reads a tag name with control characters in it that lxml refuses)."""
    try:
        return elements(tag)
    except ValueError:
        return (e for e in elements() if e.tag == tag)


def _split_body(found: Survey, container: etree._Element) -> list[etree._Element]:
    """The container with the boxes of its kind inside its parent, in page
    order, when there are any; else an empty list.

    A CMS's rich-text body is split in two or more boxes of one tag and
    ``class`` by what the editor put between them (a call to action, an
    inline sign-up, an ad): the densest box holds most of the story, and
    its first part (the introduction) or last stands beside it, a sibling
    of its kind holding prose, a heading, a list or a table."""
    parent, classes = container.getparent(), container.get("class")
    if parent is None or not classes:
        return []
    parts = [
        element
        for element in _of_tag(parent.iterchildren, container.tag)
        if element.get("class") == classes
        and (element is container or _holds_article_text(found, element))
    ]
    return parts if len(parts) > 1 else []


def _tables_of_contents(container: etree._Element) -> list[tuple[etree._Element, str]]:
    """The on-page tables of contents inside a container: lists whose text
    is mostly links to places on the same page (``href="#..."``), each with
    the box around it that holds little else (its title)."""
    rule = "an on-page table of contents"
    found = []
    for element in container.iterdescendants("ul", "ol"):
        if not _same_page_links(element):
            continue
        box, size = element, text_length(element)
        for parent in element.iterancestors():
            if parent is container or text_length(parent) > size + TOC_TITLE_CHARS:
                break
            box = parent
        found.append((box, rule))
    return _outermost(found)


def _same_page_links(element: etree._Element) -> bool:
    """Whether a list is mostly links to places on its own page: at least
    two of them, holding :data:`TOC_LINK_SHARE` of its text."""
    links = [
        a
        for a in element.iterdescendants("a")
        if (a.get("href") or "").startswith("#") and len(a.get("href") or "") > 1
    ]
    if len(links) < 2:
        return False
    linked = sum(text_length(a) for a in links)
    return linked >= TOC_LINK_SHARE * text_length(element) > 0


def _forum(
    root: etree._Element,
    found: Survey,
    top: etree._Element,
    mass: etree._Element,
    named: _NamedMemo,
) -> Focus:
    container = mass
    _pardon_kin_names(found, top, mass)
    rule = "mass container, comments kept"
    first = _first_post(root)
    if (
        first is not None
        and first is not container
        and container not in set(first.iterancestors())
    ):
        container = _common_ancestor(container, first)
        rule += ", grown to the first post"
    posts = _other_posts(root, found, container)
    if posts:
        for post in posts:
            container = _common_ancestor(container, post)
        rule += ", grown to the posts of its kind"
    dropped = _named_inside(
        container, top, found.named, (BOILERPLATE,), _named_below(container, named)
    )
    if first is not None and _itemtype(first) == "Question":
        comments = [
            e
            for e in container.iterdescendants()
            if _itemtype(e) == "Comment"
            or (
                e.tag in ("div", "ul", "ol", "section", "aside")
                and found.named.kind(e) == COMMENTS
            )
        ]
        if any(_itemtype(e) == "Answer" for e in container.iter()):
            dropped += [(e, "comments under a question or answer") for e in comments]
    dropped += [(e, "per-post chrome") for e in _post_chrome(container, top)]
    dropped += [(e, "a reply's subject line") for e in _reply_subjects(container)]
    dropped += [(e, "a list of tags") for e in _tag_lists(container)]
    keep = {top, *top.iterancestors()}
    total = text_length(container)
    boxes = _named_boxes(container, named)
    dropped += [
        (e, why)
        for e, why in _menus(total, boxes) + _list_chrome(boxes, total)
        if e not in keep
    ]
    return Focus([container], {container}, rule, _outermost(dropped))


def _other_posts(
    root: etree._Element, found: Survey, container: etree._Element
) -> list[etree._Element]:
    """The boxes of the container's tag and ``class`` that stand outside it
    and hold text, when one of them holds prose, and the lowest element
    holding them all with the container is no ``<body>``: the other posts'
    bodies (XenForo's ``messageText``), when one long post holds most of
    the thread's prose and so is the mass container by itself."""
    classes = container.get("class")
    if not classes:
        return []
    above = set(container.iterancestors())
    posts = [
        e
        for e in _of_tag(root.iter, container.tag)
        if e.get("class") == classes
        and e is not container
        and e not in above
        and container not in set(e.iterancestors())
        and text_length(e)
    ]
    if not any(_prose_inside(found, e) for e in posts):
        return []
    grown = container
    for post in posts:
        grown = _common_ancestor(grown, post)
    return [] if grown.tag in ("body", "html") else posts


def _product(
    root: etree._Element,
    found: Survey,
    top: etree._Element,
    mass: etree._Element,
    content: set[etree._Element],
    named: _NamedMemo,
) -> Focus:
    rule = "mass container"
    if any(_is_aside(e) for e in (top, *top.iterancestors())):
        # The densest prose is a review's or another product's: the product's
        # own is what stands outside such boxes, if there is any.
        found = _outside_asides(root, found)
        outside = densest(found, content)
        if outside is None:
            asides = [(e, "reviews, ratings or other products") for e in _asides(root)]
            rule = "whole page (its only prose is in reviews or other products)"
            return Focus([root], set(), rule, _outermost(asides))
        top = outside
        mass = _mass_container(found, top)
        rule += " outside reviews and other products"
    container = mass
    if container.tag in PART_TAGS or text_length(container) < PRODUCT_MIN_CHARS:
        grown = _named_box(root, container)
        if grown is not None:
            container = grown
            rule += ", grown to hold the product's <h1>"
    _pardon_kin_names(found, top, mass)
    dropped = _named_inside(
        container,
        top,
        found.named,
        (BOILERPLATE, COMMENTS),
        _named_below(container, named),
    )
    keep = {top, *top.iterancestors()}
    dropped += [
        (e, "reviews, ratings or other products")
        for e in _asides_below(_named_below(container, named))
        if e not in keep
    ]
    total = text_length(container)
    boxes = _named_boxes(container, named)
    dropped += [
        (e, why)
        for e, why in _site_chrome(container, total, boxes, wraps=False)
        + _menus(total, boxes)
        + _fine_print(total, boxes)
        + _pickers(boxes)
        if e not in keep
    ]
    containers = [container]
    summary = _summary_boxes(root, container)
    if summary and sum(map(text_length, summary)) <= total:
        # The box beside the picture gallery with the product's name, its
        # price and its short description, above the described details.
        containers[:0] = summary
        rule += ", with the product's summary"
        h1 = next(root.iter("h1"))  # the summary is the branch holding it
        for box in summary:
            # Named boxes that hold the name are the summary's own wrappers
            # (Shopware's `cms-block-gallery-buybox`).
            dropped += _named_inside(
                box,
                h1,
                found.named,
                (BOILERPLATE, COMMENTS),
                _named_below(box, named),
            )
            dropped += _pickers(_named_boxes(box, named))
            dropped += [
                (e, "reviews, ratings or other products")
                for e in _asides_below(_named_below(box, named))
            ]
    return Focus(containers, set(containers), rule, _outermost(dropped))


def _summary_boxes(
    root: etree._Element, container: etree._Element
) -> list[etree._Element]:
    """The boxes of a product's summary, when the product's container does
    not hold the page's first ``<h1>``: the branch holding the ``<h1>`` of
    the lowest box that holds both, when that box is no ``<body>`` (the
    whole page) and the branch comes before the container. A shop lays out
    the name, price, short description and buy box beside the pictures,
    and the description and specifications below them, in tabs: the
    densest prose is in the tabs. When the ``<h1>`` stands beside its
    price rather than in a box of its own (PrestaShop's ``<h1>``, then
    ``product-prices``, then ``product-information``, all children of one
    column), the summary is the run of that box's children from the
    ``<h1>`` up to the container's branch: the price and the notes under
    the name. Empty when there is no such box."""
    h1 = _page_h1(root)
    if h1 is None:
        return []
    common = _common_ancestor(h1, container)
    # One holding the other (or the same) leaves no branch beside the other.
    if common is h1 or common is container or common.tag in ("body", "html"):
        return []
    branch = h1
    for element in h1.iterancestors():
        if element is common:
            break
        branch = element
    if not _before(branch, container):
        return []
    if branch is not h1:
        return [branch]
    # The <h1> alone is no summary box: the focus step puts it first anyway;
    # what stands between it and the container's branch is.
    above = {container, *container.iterancestors()}
    run = []
    for sibling in h1.itersiblings():
        if sibling in above:
            break
        if isinstance(sibling.tag, str):
            run.append(sibling)
    return run


def _named_box(root: etree._Element, part: etree._Element) -> etree._Element | None:
    """The lowest ancestor of ``part`` that also holds the page's first
    ``<h1>``, the product's name, when ``part`` does not and that ancestor is
    no ``<body>`` (the whole page): the box of the product whose list or
    table, or short note, ``part`` is."""
    h1 = _page_h1(root)
    if h1 is None or h1 in set(part.iter()):
        return None
    grown = _common_ancestor(h1, part)
    return None if grown.tag in ("body", "html") else grown


def _is_aside(element: etree._Element, words: frozenset[str] | None = None) -> bool:
    """Whether an element is named as a box of reviews, ratings or other
    products; one that holds an ``<h1>`` wraps the page (a ``<body>`` whose
    class says reviews are enabled), not a box beside the product. A box
    also named for the product's description is the product's text with
    its reviews beside it (Shopware's
    ``cms-element-product-description-reviews``), not an aside: its
    reviews stand in boxes of their own. ``words`` are the element's name
    words, when the caller has read them."""
    if words is None:
        words = _name_words(element)
    return (
        bool(PRODUCT_ASIDES.intersection(words))
        and DESCRIPTION_WORDS.isdisjoint(words)
        and next(element.iter("h1"), None) is None
    )


def _asides_below(below: list[NamedElement]) -> list[etree._Element]:
    """The boxes named as asides (:func:`_is_aside`) among ``below``, a
    container's :func:`_named_below`: a box without a name is none."""
    return [
        e for e, _, classes, ident in below if _is_aside(e, _words_of(classes, ident))
    ]


def _asides(root: etree._Element) -> list[etree._Element]:
    return [e for e in root.iter() if isinstance(e.tag, str) and _is_aside(e)]


def _outside_asides(root: etree._Element, found: Survey) -> Survey:
    """The survey without the prose inside reviews, ratings and other
    products' boxes."""
    return _outside(found, _asides(root))


def _outside(found: Survey, boxes: list[etree._Element]) -> Survey:
    """The survey without the prose inside ``boxes``."""
    known = dict.fromkeys(boxes, True)
    prose = {e: n for e, n in found.prose.items() if not _lands(e, known)}
    return Survey(prose, found.named)


def _unseen_box(top: etree._Element) -> etree._Element | None:
    """The outermost of ``top`` and its ancestors that a ``class`` keeps off
    the screen (:data:`UNSEEN_CLASSES`, none showing it at some width), or
    None: the densest prose is then a template's data that no reader sees."""
    found = None
    for element in (top, *top.iterancestors()):
        classes = element.get("class")
        if classes and _class_label_rule(classes) == _UNSEEN_RULE:
            found = element
    return found


def _prose_inside(found: Survey, container: etree._Element) -> int:
    held = 0
    landing: dict[etree._Element, bool] = {container: True}
    for block, chars in found.prose.items():
        if _lands(block, landing):
            held += chars
    return held


def _lands(element: etree._Element, known: dict[etree._Element, bool]) -> bool:
    """Whether ``element`` is inside the element ``known`` was seeded with;
    every element passed is noted, so a page's questions stay linear."""
    path = []
    current: etree._Element | None = element
    while current is not None and current not in known:
        path.append(current)
        current = current.getparent()
    verdict = current is not None and known[current]
    known.update(dict.fromkeys(path, verdict))
    return verdict


def _mass_container(found: Survey, top: etree._Element) -> etree._Element:
    """The lowest ancestor of ``top`` (or ``top``) holding :data:`MASS_SHARE`
    of all the page's prose, named boxes included."""
    chain = [top, *top.iterancestors()]
    index = {element: i for i, element in enumerate(chain)}
    direct = [0] * len(chain)
    landing: dict[etree._Element, int] = {}
    for block, chars in found.prose.items():
        path = []
        current: etree._Element | None = block
        while current is not None and current not in index and current not in landing:
            path.append(current)
            current = current.getparent()
        if current is None:
            at = -1
        else:
            at = index[current] if current in index else landing[current]
        landing.update(dict.fromkeys(path, at))
        if at >= 0:
            direct[at] += chars
    total = sum(found.prose.values())
    held = 0
    for i, element in enumerate(chain):
        held += direct[i]
        if held >= MASS_SHARE * total:
            return element
    return chain[-1]


def _named_inside(
    container: etree._Element,
    top: etree._Element,
    named: Names,
    kinds: Iterable[int],
    below: list[NamedElement],
) -> list[tuple[etree._Element, str]]:
    """The outermost elements inside ``container`` named as one of
    ``kinds``, other than those holding ``top``; ``below`` is the
    container's :func:`_named_below`."""
    keep = {top, *top.iterancestors()}
    wanted = set(kinds)
    found = [
        (e, _BOILERPLATE_RULE)
        for e, kind in named.inside(container, below)
        if kind in wanted and e not in keep
    ]
    return _outermost(found)


def _outermost(
    dropped: list[tuple[etree._Element, str]],
) -> list[tuple[etree._Element, str]]:
    """``dropped`` without the elements inside another of them, and without
    repeats; the walks up share what they passed (:func:`_lands`)."""
    inside = dict.fromkeys((e for e, _ in dropped), True)
    seen: set[etree._Element] = set()
    kept = []
    for element, rule in dropped:
        if element in seen:
            continue
        parent = element.getparent()
        if parent is not None and _lands(parent, inside):
            continue
        seen.add(element)
        kept.append((element, rule))
    return kept


def _name_words(element: etree._Element) -> frozenset[str]:
    """The words of an element's ``class`` and ``id``, camelCase split."""
    return _words_of(element.get("class"), element.get("id"))


def _words_of(classes: str | None, ident: str | None) -> frozenset[str]:
    """The words of a ``class`` and an ``id`` value, camelCase split. Each
    value is read apart, through a cache of its own: several rules ask of
    the same elements and pages repeat their class values, while an ``id``
    differs from element to element and, in the class values' cache, would
    push out the values that come back (on WCXB every 4th page, the focus
    step took 1.25 parses with one cache for both, 1.1 with two)."""
    if not ident:
        return _value_words(classes)
    if not classes:
        return _id_words(ident)
    return _value_words(classes) | _id_words(ident)


@lru_cache(maxsize=16_384)
def _value_words(value: str | None) -> frozenset[str]:
    """The words of one ``class`` or ``id`` value (:func:`name_words`)."""
    return frozenset(name_words(value)) if value else frozenset()


@lru_cache(maxsize=4096)
def _id_words(ident: str) -> frozenset[str]:
    """The words of an ``id`` value (:func:`split_name`), in a cache apart
    from the class values' (:func:`_words_of`): the rules of one page ask
    for an element's words several times."""
    return frozenset(split_name(ident))


def _whole_post(box: etree._Element, top: etree._Element) -> bool:
    """Whether a box holds a whole post: a post's body (the densest
    element, or an element of its tag and ``class``: the other posts'
    bodies, Vanilla's ``Message userContent``) and its author's box
    (:func:`_author_box`). Such a box is a post whatever its names say:
    Vanilla writes the rank of a post's author on the post's box
    (``Rank-Admin``) as on the author's badge. A signature may hold text
    in the body's ``class`` (XenForo's ``bbWrapper``), never the author."""
    classes = top.get("class")
    bodies = (
        e
        for e in _of_tag(box.iterdescendants, top.tag)
        if e is top or (classes and e.get("class") == classes)
    )
    return next(bodies, None) is not None and any(
        _author_box(e) for e in box.iterdescendants()
    )


def _quoted(element: etree._Element) -> bool:
    """Whether an element stands inside a ``<blockquote>``: a reply's quote,
    whose attribution names the quoted member in a link named for a user
    (Khoros's ``lia-user-name-link``); that name is the quote's, not the
    author box of the post."""
    return next(element.iterancestors("blockquote"), None) is not None


def _post_chrome(
    container: etree._Element, top: etree._Element
) -> list[etree._Element]:
    """The per-post chrome inside a thread's container: boxes named so
    (:data:`POST_CHROME`) unless they hold a whole post (:func:`_whole_post`,
    ``top`` being the densest element), members' statistics, author boxes
    (unless they hold a whole post, or name a quote's member), controls,
    headers and counters, and boxes of labelled numbers
    (:func:`_stats_box`) unless they have the tag and ``class`` of the
    densest post. Each element's ``class`` and ``id`` are read once, for
    all the tests."""
    found = []
    for e in container.iterdescendants(etree.Element):
        classes, ident = e.get("class"), e.get("id")
        named = classes is not None or ident is not None
        words = _words_of(classes, ident) if named else _NO_WORDS
        if (
            (
                (
                    not POST_CHROME.isdisjoint(words)
                    or not POST_CHROME.isdisjoint(_value_words(e.get("data-role")))
                )
                and not _whole_post(e, top)
            )
            or _stats_list(e)
            or (  # an author's box and a control are named so
                named
                # its role words are among its words: most are told by those
                and not POST_AUTHOR.isdisjoint(words)
                and _author_box(e, _role_words_of(classes, ident))
                and not _whole_post(e, top)
                and not _quoted(e)
            )
            or (named and _post_control(e, words))
            or _post_header(e, words)
            or _post_counter(e)
            or (  # a post's body of "Term: value" lines is a post
                1 < len(e) <= STATS_BOX_MAX_ITEMS  # most: told without a call
                and _stats_box(e)
                and (e.tag != top.tag or classes != top.get("class"))
            )
        ):
            found.append(e)
    return found


_NO_WORDS: frozenset[str] = frozenset()


def _post_counter(element: etree._Element) -> bool:
    """A box typed in microdata as a schema.org ``InteractionCounter`` (a
    post's likes or replies, "1 Like") that holds at most
    :data:`UNSEEN_MAX_CHARS` characters: the counter's own words, which
    forum software writes beside the count it declares."""
    return (
        _itemtype(element) == "InteractionCounter"
        and text_length(element) <= UNSEEN_MAX_CHARS
    )


REPLY_SUBJECTS_MIN = 2
"""Headings of the form "Re: ..." a thread must hold for them to be read as
its replies' subject lines, which forum software writes for each reply."""

_REPLY_SUBJECT = re.compile(r"\s*re\s*:", re.IGNORECASE)


def _reply_subjects(container: etree._Element) -> list[etree._Element]:
    """The headings inside a thread that open with "Re:", when it holds
    :data:`REPLY_SUBJECTS_MIN` or more: each reply's subject, the thread's
    title again (phpBB's and FluxBB's ``<h3>Re: ...</h3>``). One such
    heading is a post's own title and stays."""
    found = [
        e
        for e in container.iterdescendants(*HEADING_LEVELS)
        if _REPLY_SUBJECT.match("".join(map(str, e.itertext())))
    ]
    return found if len(found) >= REPLY_SUBJECTS_MIN else []


def _tag_lists(container: etree._Element) -> list[etree._Element]:
    """Each link inside a thread that says it names a tag (``rel="tag"``,
    the rel-tag microformat), with the largest box around it that holds
    no other words: the question's or thread's list of tags (Stack
    Exchange's ``post-taglist``). A link whose parent holds other words is
    a tag named in a sentence, and stays."""
    found = []
    for link in container.iter("a"):
        if "tag" not in (link.get("rel") or "").lower().split():
            continue
        box = link
        for parent in link.iterancestors():
            if parent is container or not _only_tags(parent):
                break
            box = parent
        if box is not link:  # a tag named in a sentence stays
            found.append(box)
    return found


def _only_tags(element: etree._Element) -> bool:
    """Whether every word of an element is in one of its ``rel="tag"``
    links."""
    tags = {
        word
        for link in element.iter("a")
        if "tag" in (link.get("rel") or "").lower().split()
        for word in " ".join(map(str, link.itertext())).split()
    }
    return set(" ".join(map(str, element.itertext())).split()) <= tags


def _post_control(element: etree._Element, words: frozenset[str]) -> bool:
    """A post's small control or counter, named so (:data:`POST_CONTROLS`),
    that holds at most :data:`UNSEEN_MAX_CHARS` characters. A box whose name
    also says it holds text (:data:`POST_BODY`, as in ``expandContent``) is
    a short post, and a quote a script can expand (a ``<blockquote>``, or a
    box holding one) is a short quote: both stay. ``words`` are the
    element's name words."""
    return (
        bool(POST_CONTROLS.intersection(words))
        and not POST_BODY.intersection(words)
        and element.tag != "blockquote"
        and text_length(element) <= UNSEEN_MAX_CHARS
        and next(element.iterdescendants("blockquote"), None) is None
    )


def _post_header(element: etree._Element, words: frozenset[str]) -> bool:
    """A ``<header>`` or ``<footer>`` inside a thread, or a box named as one
    (:data:`POST_BARS`), that holds at most :data:`AUTHOR_MAX_CHARS`
    characters and no ``<h1>`` or ``<h2>``: a post's line of author, date and
    number, or its bar of reply count, votes and tools; not the thread's
    title. ``words`` are the element's name words."""
    return (
        (element.tag in POST_BARS or not POST_BARS.isdisjoint(words))
        and text_length(element) <= AUTHOR_MAX_CHARS
        and next(element.iterdescendants("h1", "h2"), None) is None
    )


def _author_box(element: etree._Element, words: frozenset[str] | None = None) -> bool:
    """A box named for a post's author (``message-user``,
    ``ipsEntry__author-column``) that holds a few labels, not a post. Only
    the names that say what a box is are read (:func:`_role_words`): a
    post's ``user-id-4`` says who wrote it, and ``user-select-contain`` how
    its text is selected. ``words`` are the element's :func:`_role_words`
    when the caller has read them."""
    if words is None:
        words = _role_words(element)
    return (
        bool(POST_AUTHOR.intersection(words))
        and not POST_BODY.intersection(words)
        and text_length(element) <= AUTHOR_MAX_CHARS
    )


CSS_PROPERTY_NAMES = ("user-select",)
"""Starts of utility class names that set one CSS property (Primer's
``user-select-contain``, ``user-select-none``): they say how a box is
drawn, not what it is."""


def _role_words(element: etree._Element) -> frozenset[str]:
    """The words of the ``class`` and ``id`` names of an element that say
    what it is: names holding a digit are a record's identifier (a post's
    ``user-id-4``, ``post-103``), and names starting with a CSS property
    (:data:`CSS_PROPERTY_NAMES`) a utility class; both are left out."""
    return _role_words_of(element.get("class"), element.get("id"))


def _role_words_of(classes: str | None, ident: str | None) -> frozenset[str]:
    """:func:`_role_words` of a ``class`` and an ``id`` value."""
    names = " ".join(filter(None, (_role_names(classes), _role_names(ident))))
    return _value_words(names)


@lru_cache(maxsize=4096)
def _role_names(value: str | None) -> str:
    """The names of one ``class`` or ``id`` value that :func:`_role_words`
    reads, joined by spaces; kept in a cache, as class values repeat."""
    if not value:
        return ""
    return " ".join(
        name
        for name in value.split()
        if not any(c.isdigit() for c in name)
        and not name.lower().startswith(CSS_PROPERTY_NAMES)
    )


STATS_ITEM_MAX_CHARS = 30
"""Characters a term or a value of a member's card or a thread's
statistics may hold ("Join Date", "Aug 2008")."""

STATS_BOX_MAX_ITEMS = 8
"""Children a box of labelled numbers may have: a member's card or a
thread's counts shows a few; more is a list of something else."""

STATS_BOX_MAX_CHARS = 400
"""Characters, whitespace included, a box of labelled numbers may hold: a
few lines of at most :data:`STATS_ITEM_MAX_CHARS` each, and the template's
indentation around them."""


def _stats_list(element: etree._Element, max_chars: int = STATS_ITEM_MAX_CHARS) -> bool:
    """A ``<dl>`` of short terms and values only, :data:`STATS_MIN_ITEMS` or
    more of them: a member's post count, join date and the like, as term
    and value pairs or as one term (the name) over its values (FluxBB's
    "Member", "Registered: 2012-09-03", "Posts: 73,365")."""
    if element.tag != "dl":
        return False
    terms = [c for c in element if c.tag == "dt"]
    values = [c for c in element if c.tag == "dd"]
    return (
        bool(terms)
        and bool(values)
        and len(terms) + len(values) >= STATS_MIN_ITEMS
        and all(text_length(c) <= max_chars for c in terms + values)
    )


def _stats_box(element: etree._Element) -> bool:
    """A box of two or more labelled values and nothing else, one of them a
    number or a date (a digit): a member's card beside each post
    (vBulletin's "Join Date: Aug 2008", "Posts: 1,077"), a thread's counts,
    its starter and start date, each listed thread's counts (XenForo's
    ``<dl>`` of one "Replies" and one "13" each). The cheap tests come
    first, without reading any text: a few children, no text between them,
    none more than two levels deep (a label and its value), and none a
    line a writer sets out (:data:`_WRITTEN_LINE_TAGS`)."""
    if not 1 < len(element) <= STATS_BOX_MAX_ITEMS or (element.text or "").strip():
        return False
    for child in element:
        if (child.tail or "").strip() or len(child) > 2:
            return False
        if child.tag in _WRITTEN_LINE_TAGS or any(len(part) for part in child):
            return False
    pairs = 0
    numbered = False
    chars = 0
    for child in element:
        text = _whole_text(child)
        chars += len(text)
        if chars > STATS_BOX_MAX_CHARS:
            return False
        if not isinstance(child.tag, str) or not text.strip():
            continue
        value = _labelled_value(child, text)
        if value is None:
            return False
        pairs += 1
        numbered = numbered or any(c in _DIGITS for c in value)
    return pairs > 1 and numbered


_WRITTEN_LINE_TAGS = frozenset(["li", "p", "tr"])
"""Tags of the lines a writer sets out: a post's list or paragraphs of
"Chain: 11-speed" lines are what the member wrote, however short, and no
template's box of labelled numbers is built of them."""


def _labelled_value(element: etree._Element, text: str) -> str | None:
    """The value of an element (whose text is ``text``) that holds one
    short label, starting with a letter and without digits, and its short
    value: as a ``<dl>`` of one term and one value, as two elements and no
    other text, or as "Label: value"; else None."""
    parts = [_whole_text(c) for c in element if isinstance(c.tag, str)]
    parts = [part for part in parts if part.strip()]
    if len(parts) == 2 and not (element.text or "").strip():
        if any((c.tail or "").strip() for c in element):
            return None
        label, value = parts
    else:
        label, colon, value = text.partition(":")
        if not colon:
            return None
    label, value = label.strip().removesuffix(":").strip(), value.strip()
    if (
        not label[:1].isalpha()
        or not value
        or len(label) > STATS_ITEM_MAX_CHARS
        or len(value) > STATS_ITEM_MAX_CHARS
        or any(c in _DIGITS for c in label)
    ):
        return None
    return value


def _itemtype(element: etree._Element) -> str:
    value = element.get("itemtype")
    return value.strip().rstrip("/").rsplit("/", 1)[-1] if value else ""


def _first_post(root: etree._Element) -> etree._Element | None:
    for element in root.iter():
        if element.get("itemtype") and _itemtype(element) in _FIRST_POSTS:
            return element
    return None


def _common_ancestor(a: etree._Element, b: etree._Element) -> etree._Element:
    above_b = {b, *b.iterancestors()}
    for element in (a, *a.iterancestors()):
        if element in above_b:
            return element
    return a


def _add_heading(root: etree._Element, chosen: Focus) -> None:
    """Put the page's first ``<h1>`` before the containers when it stands
    outside and before them and they hold no ``<h1>`` of their own: it heads
    what they hold. When they hold one, the first is the site's name
    (mdBook's ``menu-title``, docsify's ``app-name``). A page without an
    ``<h1>`` is headed so by its post's title (:func:`_entry_title`), and so
    is a page whose ``<h1>`` stands before that title: the blog's name over
    the post (the classic Blogger template's ``<h1 id="blog-title">``)."""
    h1 = _page_h1(root)
    named = "the page's <h1>"
    entry = _entry_title(chosen.containers[0])
    if entry is not None and (h1 is None or _before(h1, entry)):
        h1, named = entry, "the post's title"
    if h1 is None or not _heads(h1, chosen.containers):
        return
    chosen.containers.insert(0, h1)
    chosen.content.add(h1)
    chosen.rule += f", with {named}"


ENTRY_TITLE_CLASSES = frozenset({"entry-title", "post-title"})
"""Class tokens naming a post's title: hAtom's ``entry-title`` (WordPress
themes, Blogger) and ``post-title`` (Blogger, Ghost's and many blog themes'
name for it)."""

ENTRY_TITLE_LEVELS = 2
"""How many boxes above the chosen container the post's title is looked for
(Blogger's ``<h3 class="post-title entry-title">`` stands beside its
``post-body`` in the post's box)."""


def _entry_title(container: etree._Element) -> etree._Element | None:
    """On a page without an ``<h1>`` (a blog's name set in a header the
    pruning took out), the heading named as the post's title
    (:data:`ENTRY_TITLE_CLASSES`) standing before the container in one of
    the :data:`ENTRY_TITLE_LEVELS` boxes above it: it heads the post, as the
    page's ``<h1>`` would. Only the boxes' children before the container's
    branch are read, and those under them."""
    branch = container
    for box in islice(container.iterancestors(), ENTRY_TITLE_LEVELS):
        for child in box:
            if child is branch:
                break
            for element in child.iter(*HEADING_LEVELS):
                tokens = (element.get("class") or "").split()
                if ENTRY_TITLE_CLASSES.intersection(tokens) and text_length(element):
                    return element
        branch = box
    return None


def _page_h1(root: etree._Element) -> etree._Element | None:
    """The page's first ``<h1>``; None when it has none, or an empty one."""
    h1 = next(root.iter("h1"), None)
    return h1 if h1 is not None and text_length(h1) else None


def _heads(heading: etree._Element, containers: Iterable[etree._Element]) -> bool:
    """Whether ``heading`` heads what ``containers`` hold: it stands before
    each of them, neither holding the other, and none holds an ``<h1>`` of
    its own (when one does, that is the content's title, and ``heading``
    the site's name)."""
    return all(_before(heading, c) for c in containers) and not any(
        text_length(inner) for c in containers for inner in c.iterdescendants("h1")
    )


def _before(a: etree._Element, b: etree._Element) -> bool:
    """Whether ``a`` comes before ``b`` in document order (neither holding
    the other): compared where their ancestors part."""
    above_a = [a, *a.iterancestors()]
    above_b = [b, *b.iterancestors()]
    index_b = {element: i for i, element in enumerate(above_b)}
    for i, element in enumerate(above_a):
        if element in index_b:
            j = index_b[element]
            if i == 0 or j == 0:
                return False
            parent = element
            child_a, child_b = above_a[i - 1], above_b[j - 1]
            return parent.index(child_a) < parent.index(child_b)
    return False


@dataclass(slots=True)
class Trace:
    """What ``explain`` is told of one page's extraction: the focus step's
    choice, the evidence its confidence was read from, and the text of the
    blocks the block filters took out (:func:`without_other_products`,
    :func:`without_teaser_shelves`, :func:`without_copies`,
    :func:`without_every_type_chrome`, :func:`without_story_pointers`),
    each with the rule that took it, in the order they ran."""

    focus: Focus | None = None
    evidence: Any = None
    left_out: list[tuple[str, str]] = field(default_factory=list)


def walk_target(
    chosen: Focus,
) -> tuple[etree._Element | list[etree._Element], set[etree._Element]]:
    """What to walk and the content elements that restrict the walk: the
    container itself when there is one, else the containers as a list of
    subtrees walked as one page."""
    containers = chosen.containers
    return (containers[0] if len(containers) == 1 else containers), chosen.content


_WORD = re.compile(r"\w+")


def with_product_description(
    blocks: list[Block], objects: list[JsonObject], min_missing: float = 0.5
) -> list[Block]:
    """The blocks, with the JSON-LD ``Product`` description as a paragraph
    after the first heading when at least ``min_missing`` of its words are
    nowhere in them: the page's own description, which some product pages
    only show once a script runs."""
    description = _product_description(objects)
    words = [w.lower() for w in _WORD.findall(description)]
    if not words:
        return blocks
    have = {w.lower() for block in blocks for w in _WORD.findall(block.text)}
    missing = sum(1 for w in words if w not in have) / len(words)
    if missing < min_missing:
        return blocks
    at = 1 if blocks and blocks[0].kind == HEADING else 0
    heading = blocks[0].heading if at else ""
    return [*blocks[:at], Block(description, heading), *blocks[at:]]


def _product_description(objects: list[JsonObject]) -> str:
    for item in every_object(objects):
        if {"Product", "ProductGroup"}.intersection(type_names(item)):
            text = item.get("description")
            if isinstance(text, str) and text.strip():
                return _plain(text)
    return ""


def _plain(text: str) -> str:
    """A description's text, without the markup some sites put in it, and
    decoded when the site percent-encoded it (:func:`_percent_encoded`)."""
    if _percent_encoded(text):
        text = unquote(text)
    if "<" in text and ">" in text:
        try:
            fragment = etree.fromstring(f"<div>{text}</div>", etree.HTMLParser())
        except etree.LxmlError:
            return " ".join(text.split())
        if fragment is not None:
            text = " ".join(str(t) for t in fragment.itertext())
    return " ".join(text.split())


def _percent_encoded(text: str) -> bool:
    """Whether a JSON-LD text is percent-encoded as a whole, as some shops
    write their descriptions (``An%20elegant%20sofa%20...``): no whitespace
    in it, and :data:`ENCODED_SPACES_MIN` encoded spaces or more (``%20``),
    so that a plain word or address holding a stray ``%20`` is left as
    written."""
    return text.count("%20") >= ENCODED_SPACES_MIN and not any(
        c.isspace() for c in text
    )


@dataclass(frozen=True, slots=True)
class Unseen:
    """What :func:`drop_unseen_text` read of the tree besides the text it
    removed, for the steps after it.

    Attributes:
        pres: The ``<pre>`` elements, for :func:`read_code_blocks`.
        roles: The ``role`` attributes
            (:func:`~pagechunk.html.prune.role_attributes`), read after the
            labels and the groups of choices went, for
            :func:`~pagechunk.html.prune.find_regions`.
        buttons: The ``<button>`` elements, for
            :func:`show_folded_content`.
    """

    pres: list[etree._Element]
    roles: list[Any]
    buttons: list[etree._Element]


def drop_unseen_text(root: etree._Element) -> Unseen:
    """Remove, in place and before pruning, text that no reader of the page
    sees, or reads as the page's: the fallback content of media elements
    (:data:`MEDIA_TAGS`), the short messages announced to screen readers
    (:data:`ANNOUNCED_ROLES`), the groups of choices to pick (a
    ``<fieldset>`` of radio buttons or checkboxes, or a box of radio
    buttons of one name: a product tile's "More options" with the name of
    each colour, a filter's options, a quiz's answers; at most
    :data:`CHOICES_MAX_CHARS` characters and no heading), and
    the short inline labels (:data:`_INLINE_LABEL_TAGS`) that are no text to
    read: those a ``class`` keeps off the screen ("Regular price" and "Sale
    price" before a shop's prices, "Unit price / per", "opens in a new
    window") and the names of form fields (a ``<label>`` with a ``for`` or
    holding an ``<input>``, ``<select>`` or ``<textarea>``: a product tile's
    "Size" and "Color:", a filter's checkboxes, "Remember me"; an inline
    label just before a field to type in, :func:`_field_names`). Pruning
    drops the fields and the flatten step would merge an inline label into
    the visible text around it, where :func:`focus_page` can no longer tell
    it apart.

    Each label holds at most :data:`UNSEEN_MAX_CHARS` characters and no
    heading. One kept off the screen goes on the terms of the focus step's
    label rule (a class of :data:`UNSEEN_CLASSES`, none that shows it at
    some width), unless it is the only text of what a picture shows: a
    sibling is an icon or an image (:data:`_PICTURES`), or is itself hidden
    from screen readers (``aria-hidden="true"``), such as a comparison
    table's tick with "Yes" for screen readers, a partner's logo with its
    name, or a price drawn for the eye and spelt out for the ear ("Original
    price was: $30.00").

    The same pass marks, for :func:`focus_page`, the boxes named as an
    overlay (:data:`OVERLAYS`) that hold the button closing them
    (:data:`CLOSE_WORDS`): dialogs, whose buttons pruning takes out.

    Returns the page's ``<pre>`` and ``<button>`` elements, gathered by the
    same pass over the tree, and its ``role`` attributes, which the
    announced messages and the choices are found by (:class:`Unseen`).
    """
    # One tag-filtered pass for every finder: each pass walks every element
    # unless the page has none of the tags it looks for.
    labels: list[_Label] = []  # what _unseen reads
    buttons = []
    rare: dict[str, list[etree._Element]] = {}
    headings = []
    for element in root.iter(*_UNSEEN_PASS_TAGS):
        tag = element.tag
        if tag in _LABEL_TAGS:
            # What the names say is read here, where most elements (spans
            # whose class says nothing) end; what the tree says is read by
            # _unseen once the groups are gone.
            classes = element.get("class")
            closing, unseen = _class_says(classes) if classes else _SAYS_NOTHING
            closing = tag in _CLOSE_TAGS and (
                closing
                or (
                    (label := element.get("aria-label")) is not None
                    and _labelled_close(label)
                )
            )
            if closing or unseen or tag == "label":
                labels.append((element, tag, closing, unseen))
            if tag == "button":
                buttons.append(element)
        elif tag in MEDIA_TAGS:
            labels.append((element, tag, False, False))
        elif tag in HEADING_LEVELS:
            headings.append(element)
        else:
            rare.setdefault(tag, []).append(element)
    # The groups first: a field's label holds its field, and the groups are
    # told by their fields.
    groups = _choice_groups(rare.get("fieldset", []), rare.get("input", []))
    for element in groups:
        remove_keeping_tail(element)
    # An element that left the tree with a group or a label removed before
    # it is read, and may lose a part, where it went: the tree never holds
    # it again, so the finders need not tell it apart.
    for element in _unseen(labels) + _field_names(rare.get("input", [])):
        remove_keeping_tail(element)
    roles = role_attributes(root)
    for element in _announced(roles):
        remove_keeping_tail(element)
    for element in _blank_heading_links(headings):
        remove_keeping_tail(element)
    return Unseen(rare.get("pre", []), roles, buttons)


_UNSEEN_PASS_TAGS = (
    *_INLINE_LABEL_TAGS,
    *MEDIA_TAGS,
    "button",
    "fieldset",
    "input",
    *HEADING_LEVELS,
    "pre",
)
"""The tags of :func:`drop_unseen_text`'s one pass over the tree."""


PERMALINK_MAX_CHARS = 2
"""The most characters, none a letter or a digit, that a permalink inside
a heading may show and still go ("§", "#", "🔗")."""

_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff"
"""Characters that print nothing and are no whitespace to Python's
``str.split``: zero-width space and joiners, word joiner, byte order mark."""


_STRING = etree.XPath("string()")
"""An element's text, all of it: compiled once, where ``element.xpath``
compiles its expression at each call."""


def _whole_text(element: etree._Element) -> str:
    """An element's text, all of it (:data:`_STRING`): read from lxml for
    an element without children, quicker than through an XPath."""
    if len(element):
        return str(_STRING(element))
    return element.text or ""


def _blank_heading_links(headings: list[etree._Element]) -> list[etree._Element]:
    """The permalinks inside headings: links to a place on the page
    (``href="#..."``) whose text is nothing but zero-width characters
    (Docusaurus's ``hash-link`` and VitePress's ``header-anchor`` write
    ``&#8203;`` so that the link has a box to hover) or at most
    :data:`PERMALINK_MAX_CHARS` characters none of which is a letter or a
    digit (rustdoc's ``§``, a ``#``). Left in, the character ends the
    heading's text, or starts it, and every heading path under it."""
    found = []
    for heading in headings:
        if not len(heading):
            continue  # most headings: text alone, told without a search
        for link in heading.iterdescendants("a"):
            if (link.get("href") or "").startswith("#"):
                text = _whole_text(link).strip()
                glyphs = text.strip(_INVISIBLE).strip()
                if text and (
                    not glyphs
                    or (
                        len(glyphs) <= PERMALINK_MAX_CHARS
                        and not any(c.isalnum() for c in glyphs)
                    )
                ):
                    found.append(link)
    return found


CODE_LANGUAGE_ATTRIBUTES = ("data-language", "data-lang")
"""Attributes in which a code block's ``<pre>`` or ``<code>`` names its
language when no class does: Expressive Code (Starlight) and Nextra write
``data-language``, docsify ``data-lang``."""

LANGUAGE_LABEL_MAX_CHARS = 20
"""The most text the label a theme shows above a code block ("bash",
"Python") may hold."""

LANGUAGE_LABEL_REACH = 32
"""Elements of a code block's box, and of the box around it, outside the
block, in which its language label is sought: a theme sets the label in a
small header beside the code. A block that stands straight in a long
article is not searched through the whole article, once per block."""

_CODE_LINE_TAGS = ("div", "p")
"""Block tags a highlighter may write one per line inside a ``<code>``."""


def read_code_blocks(
    root: etree._Element, pres: list[etree._Element] | None = None
) -> None:
    """Tidy, in place and before pruning, the code blocks a theme writes in
    shapes the walk would misread.

    A ``<code>`` inside a ``<pre>`` that writes each line as a block
    element (Expressive Code's ``<div class="ec-line">``, Starlight's code
    blocks) gets its lines as text, one line each: read as they were, each
    line became a paragraph of its own. A ``<pre>`` that names its language
    only in an attribute (:data:`CODE_LANGUAGE_ATTRIBUTES`) or in
    SyntaxHighlighter's ``class="brush: js"`` (MDN) gets a ``language-``
    class, which the walk reads. The label that shows that language beside
    the code (VitePress's ``<span class="lang">``, MDN's
    ``language-name``), at most :data:`LANGUAGE_LABEL_MAX_CHARS` characters
    in the block's box or the box around it, goes: the block carries its
    language already. ``pres`` are the tree's ``<pre>`` elements when
    :func:`drop_unseen_text` has gathered them."""
    for pre in list(root.iter("pre")) if pres is None else pres:
        for code in pre.iterdescendants("code"):
            if next(code.iterdescendants(*_CODE_LINE_TAGS), None) is not None:
                _join_code_lines(code)
        named_language = code_language(pre)
        language = named_language or _declared_language(pre)
        if not language:
            continue
        if not named_language:
            named = f"language-{language}"
            try:
                pre.set("class", f"{pre.get('class') or ''} {named}".strip())
            except ValueError:  # a class holding what lxml will not set again
                pre.set("class", named)
        for label in _language_labels(pre, language):
            remove_keeping_tail(label)


def _join_code_lines(code: etree._Element) -> None:
    """Make a ``<code>`` that writes its lines as block elements one text,
    a line break at each line element's start and end. What is hidden in it
    (the ``hidden``, ``aria-hidden`` and ``style`` that pruning reads, a
    script or a style) is left out: joined, it could no longer be pruned."""
    parts: list[str] = []
    walker = etree.iterwalk(code, events=("start", "end"))
    for event, element in walker:
        if element.tag in _CODE_LINE_TAGS and parts and not parts[-1].endswith("\n"):
            parts.append("\n")
        if event == "start":
            if element is not code and _unshown(element):
                walker.skip_subtree()  # its end comes next, with its tail
            elif isinstance(element.tag, str) and element.text:
                parts.append(element.text)
        elif element is not code and element.tail:
            parts.append(element.tail)
    del code[:]
    set_text(code, "text", "".join(parts).strip("\n"), spaced=False)


def _unshown(element: etree._Element) -> bool:
    """Whether an element in a ``<code>`` shows no text: a tag of
    :data:`~pagechunk.vocabulary.UNSHOWN_TAGS`, or an attribute that hides it."""
    return element.tag in UNSHOWN_TAGS or bool(hiding_attributes(element))


def _declared_language(pre: etree._Element) -> str:
    """The language a ``<pre>`` or a ``<code>`` in it names in an attribute
    or after ``brush:`` in its ``class``; ``""`` when none does."""
    for element in (pre, *pre.iterdescendants("code")):
        for attribute in CODE_LANGUAGE_ATTRIBUTES:
            value = (element.get(attribute) or "").strip().lower()
            if value.isalnum():
                return value
        words = (element.get("class") or "").lower().split()
        if "brush:" in words[:-1]:
            value = words[words.index("brush:") + 1]
            if value.isalnum():
                return value
    return ""


def _language_labels(pre: etree._Element, language: str) -> list[etree._Element]:
    """The elements near a code block's code, outside it, whose whole text
    is its language: among the first :data:`LANGUAGE_LABEL_REACH` elements
    of its parent or its grandparent, or in the ``<pre>`` beside the
    ``<code>`` (Antora's ``source-lang``), and not in running text
    (:func:`_in_running_text`)."""
    codes = list(pre.iterdescendants("code")) or [pre]
    inside = {pre, *pre.iterancestors()}
    for code in codes:
        inside.update(code.iterdescendants())
        inside.add(code)
    for box in list(pre.iterancestors())[:2]:
        beside = (e for e in box.iterdescendants() if e not in inside)
        found = [
            element
            for element in islice(beside, LANGUAGE_LABEL_REACH)
            if isinstance(element.tag, str)
            and _whole_text(element).strip().lower() == language
            and not _in_running_text(element, box)
            and text_length(element) <= LANGUAGE_LABEL_MAX_CHARS
            and next(element.iterdescendants("pre"), None) is None
        ]
        if found:
            return [e for e, _ in _outermost([(e, "") for e in found])]
    return []


_TEXT_HOLDERS = frozenset(["p", "li", "dt", "dd", "td", "th", "blockquote"])
"""Tags whose text is read as running text: a word in one of them that names
a code block's language (an inline ``<code>text</code>``, a table's
"Command" column) is the sentence's, not a label beside the code."""


def _in_running_text(element: etree._Element, box: etree._Element) -> bool:
    """Whether ``element`` is, or stands in, a paragraph, an item, a cell or a
    heading below ``box``."""
    for each in (element, *element.iterancestors()):
        if each is box:
            return False
        if each.tag in _TEXT_HOLDERS or each.tag in HEADING_LEVELS:
            return True
    return False


def spare_chrome_around_main(
    chrome: list[etree._Element], content: set[etree._Element]
) -> list[etree._Element]:
    """The ``chrome`` elements (as :func:`~pagechunk.html.prune.find_regions`
    found them) but those that hold the page's main content: a ``<main>``,
    or an element whose applied ``role`` is ``main``, among the ``content``
    elements. HTML never puts the main content inside an ``<aside>``, a
    ``<header>`` or a ``<footer>``; where the tree does, the page left one
    of them unclosed (a banner's ``<aside>`` whose end tag is missing
    takes in the rest of the page), and pruning the chrome would take the
    whole page with it. Spared, its other boxes are judged by the focus
    step like any others. ``parse_html`` keeps the text API's rule, which
    drops such a page's text as the reference does."""
    mains = _mains(content)
    if not mains:
        return chrome
    around = {a for main in mains for a in main.iterancestors()}
    return [e for e in chrome if e not in around]


def spare_main_shown_to_the_eye(
    marking: list[Any], content: set[etree._Element]
) -> list[Any]:
    """The hiding attributes (``marking``, as
    :func:`~pagechunk.html.prune.find_regions` found them) but an
    ``aria-hidden="true"`` on the page's main content (a ``<main>``, or an
    element whose applied ``role`` is ``main``, among the ``content``
    elements) or on an element around it. ``aria-hidden`` hides an element
    from screen readers, not from the eye: a page that opens a dialog as it
    loads (a cookie notice, a region picker) sets it on everything behind
    the dialog, its main content too (a shop's ``<main role="presentation"
    aria-hidden="true">``), which pruning then took out whole, leaving the
    dialog. ``hidden`` and a hiding ``style`` still hide, and so does
    ``aria-hidden`` anywhere else (icons, the copies of a carousel's
    slides). ``parse_html`` keeps the text API's rule."""
    shown = {
        e
        for main in _mains(content)
        for e in (main, *main.iterancestors())
        if e.get("aria-hidden") is not None
    }
    if not shown:
        return marking
    return [
        attribute
        for attribute in marking
        if attribute.attrname != "aria-hidden" or attribute.getparent() not in shown
    ]


def _mains(content: set[etree._Element]) -> list[etree._Element]:
    """The page's main content among its ``content`` elements: each
    ``<main>``, and each element whose applied ``role`` is ``main``."""
    return [
        e
        for e in content
        if e.tag == "main" or applied_role(e.get("role") or "") == "main"
    ]


SECTIONING = frozenset(["section", "article", "aside", "nav"])
"""HTML's sectioning content: a ``<header>`` or ``<footer>`` belongs to the
nearest of these around it, or to the page when there is none."""


def spare_section_headers(chrome: list[etree._Element]) -> list[etree._Element]:
    """The ``chrome`` elements but the headers of a ``<section>``: a
    ``<header>`` whose nearest sectioning element (:data:`SECTIONING`) is a
    ``<section>``, that holds a heading and no ``<nav>``. HTML makes such a
    header the introduction of its section, not the site's banner: page
    builders write a call to action's or a card's heading so (WPBakery's
    ``vc_cta3-content-header``: ``<section><header><h2>Have a project in
    mind?</h2></header>``), and pruning it as chrome left the section's
    text without its heading. A header with a menu stays chrome, and so
    does every header outside a ``<section>``. ``parse_html`` keeps the
    text API's rule."""
    return [e for e in chrome if not _section_header(e)]


def _section_header(element: etree._Element) -> bool:
    """Whether a chrome element is a section's header
    (:func:`spare_section_headers`)."""
    if element.tag != "header":
        return False
    sectioning = next(element.iterancestors(*SECTIONING), None)
    return (
        sectioning is not None
        and sectioning.tag == "section"
        and next(element.iterdescendants(*HEADING_LEVELS), None) is not None
        and next(element.iterdescendants("nav"), None) is None
    )


def space_adjacent_links(root: etree._Element) -> None:
    """Put a space between two links that touch, in place: an ``<a>``
    followed at once by another ``<a>``, nothing between them. A row of
    tags, chips or a breadcrumb's steps is often written so (a game's
    genres, ``<a>Indie</a><a>Action</a>``), spaced by the style sheet
    alone, and read as the walk reads inline text the names run into one
    word ("IndieAction") that neither a reader nor a search finds.
    ``parse_html`` keeps the text API's reading.

    So with two ``<span>`` elements that touch when each holds text alone,
    of :data:`FIELD_MIN_CHARS` characters or more, has a ``class``, and a
    letter or digit meets a letter or digit where they touch: the fields of
    a job posting or a card set side by side (``<span
    class="location">London</span><span class="team">Platform</span>``).
    A span of one character (a letter of an animated title, a currency
    sign), one that starts or ends with a sign (``<span>£95</span><span
    class="period">/month</span>``), and the tokens of highlighted code (in
    a ``<pre>`` or a ``<code>``) are no fields."""
    for element in root.iter("a", "span"):
        if element.tail:
            continue
        following = element.getnext()
        if following is None or following.tag != element.tag:
            continue
        if element.tag == "a" or _fields_touch(element, following):
            element.tail = " "


FIELD_MIN_CHARS = 2
"""Characters of its own text a ``<span>`` needs to be read as a field that
the style sheet spaces from the next (:func:`space_adjacent_links`)."""


def _fields_touch(span: etree._Element, following: etree._Element) -> bool:
    """Whether two spans that touch are fields the style sheet spaces
    (:func:`space_adjacent_links`)."""
    first, second = _field_text(span), _field_text(following)
    return (
        first is not None
        and second is not None
        and first[-1].isalnum()
        and second[0].isalnum()
        and all(a.tag not in _CODE_TAGS for a in span.iterancestors())
    )


_CODE_TAGS = frozenset(["pre", "code"])


def _field_text(span: etree._Element) -> str | None:
    """A span's text when it holds text alone, of :data:`FIELD_MIN_CHARS`
    characters or more, and has a ``class``; None otherwise."""
    text = span.text
    if text is None or len(span) or span.get("class") is None:
        return None
    text = text.strip()
    return text if len(text) >= FIELD_MIN_CHARS else None


def show_folded_content(
    root: etree._Element,
    marking: list[Any],
    buttons: list[etree._Element] | None = None,
) -> list[Any]:
    """Show, in place and before pruning, what the page folds away behind
    one of its own controls: the panels of a tab set (an element whose
    applied ``role`` is ``tabpanel``) and of an accordion (``region`` with
    an ``aria-labelledby``), and the region a collapsed control names by its
    ``aria-controls``: a control not marked open (no
    ``aria-expanded="true"``) that opens no pop-up (no ``aria-haspopup``)
    and is no form field (whose ``aria-controls`` names its suggestions or
    its error). A region that is a dialog, a menu or a list box
    (:data:`POPUP_ROLES`) is left alone. Each such element loses the
    ``hidden``, ``aria-hidden`` or ``style`` that hides it (as
    ``drop_hidden`` reads them), so its text is read like the open panel's:
    the other languages of a documentation page's code, a service page's
    plans, the answers of an FAQ, a collection's "Read more" text. Elements
    hidden inside it stay hidden, and so do hidden boxes no control names. A
    disclosure button directly in a heading (an accordion's item: the
    question of an FAQ) is read as that heading's text, where pruning would
    drop it as a button.

    It reads the hiding attributes that :func:`~pagechunk.html.prune.find_regions`
    found (``marking``), so it adds no pass over the tree but one for the
    ``aria-controls`` values when a hidden element has an ``id``, and one
    for the ``<button>`` elements unless ``buttons`` holds them (as
    :func:`drop_unseen_text` gathered them: one taken out of the tree since
    is read to no effect); it returns the attributes that still hide, for
    :func:`~pagechunk.html.prune.prune`.
    """
    shown: set[etree._Element] = set()
    redundant: set[etree._Element] = set()
    controlled: set[str] | None = None
    tabs: set[tuple[str, str]] | None = None
    # The role a browser applies to each element that has one: the role
    # attributes come first in ``marking``, and other elements have none.
    roles: dict[etree._Element, str] = {}
    for attribute in marking:
        name = attribute.attrname
        if name == "role":
            roles[attribute.getparent()] = applied_role(attribute)
            continue
        element = attribute.getparent()
        if element in shown:
            continue
        if name == "aria-hidden" and _redundant_link(element, attribute):
            redundant.add(element)
            continue
        # What the element is comes first: hides() reads a style as CSS
        # does, and most hidden elements are no folded panel. The page's
        # controls are read last, for a hidden element with an id.
        role = roles.get(element)
        if role is not None:
            if role in POPUP_ROLES:
                continue
            if _is_panel(element, role):
                if hides(name, attribute):
                    shown.add(element)
                continue
        key = element.get("id")
        if key is None or not hides(name, attribute):
            continue
        if controlled is None:
            controlled = _controlled(root)
        if key not in controlled:
            label = element.get("aria-labelledby")
            if label is None:
                continue
            if tabs is None:
                tabs = _tab_links(root)
            if (label.strip(), key) not in tabs:
                continue
        shown.add(element)
    panels = [element for element, role in roles.items() if _is_panel(element, role)]
    shown.update(_fold_wrappers([*shown, *panels], marking))
    ids = _Ids()
    for button in root.iter("button") if buttons is None else buttons:
        if button.get("aria-expanded") is not None and _names_its_panel(button, ids):
            button.tag = "span"  # read as the panel's label, not dropped
    if not shown and not redundant:
        return marking
    for element in shown:
        for name in hiding_attributes(element):
            del element.attrib[name]
    for element in redundant:
        del element.attrib["aria-hidden"]
    return [
        attribute
        for attribute in marking
        if attribute.attrname == "role"
        or not (
            attribute.getparent() in shown
            or (
                attribute.attrname == "aria-hidden"
                and attribute.getparent() in redundant
            )
        )
    ]


LABEL_PARENTS = frozenset([*HEADING_LEVELS, "dt"])
"""Where a disclosure button stands as the label of what it opens: a
heading (the WAI-ARIA accordion's ``<h3><button>``) or the term of a
description list (Tailwind UI's and Headless UI's FAQ, ``<dt><button>``
over the answer's ``<dd>``)."""

QUESTION_MARKS = ("?", "\uff1f", "\u061f")
"""The question marks (Latin, full-width, Arabic) that end an FAQ's
question written as a bare disclosure button."""


def _names_its_panel(button: etree._Element, ids: _Ids) -> bool:
    """Whether a disclosure button's text labels the panel it opens: it
    stands in a heading or a description list's term
    (:data:`LABEL_PARENTS`), or it names the panel (``aria-controls``) and
    its text is a question (ends in one of :data:`QUESTION_MARKS`), as an
    FAQ's question written as a bare ``<button>`` over its answer is. A
    "Read more" or "Show details" toggle is neither, and goes; so does a
    button outside a heading whose panel opens with a heading of the same
    text (:func:`_panel_repeats`; ``ids`` finds the panel)."""
    parent = button.getparent()
    if parent is None:
        return False
    if parent.tag in HEADING_LEVELS:
        return True
    labels = parent.tag in LABEL_PARENTS
    if not labels and not button.get("aria-controls"):
        return False  # told without reading the button's text
    text = _collapsed_text(button)
    if not labels and not text.endswith(QUESTION_MARKS):
        return False
    return not _panel_repeats(button, text, ids)


def _collapsed_text(element: etree._Element) -> str:
    """An element's text with its white space collapsed, as a reader sees
    a label."""
    return " ".join("".join(map(str, element.itertext())).split())


_BY_ID = etree.XPath("//*[@id = $key]")
_WITH_ID = etree.XPath("//*[@id]")


class _Ids:
    """The first element of each ``id`` in a document, found by one search
    for a page's first question and by an index of them all from its second
    on: an FAQ of twenty questions searched the whole page for each."""

    __slots__ = ("_asked", "_index")

    def __init__(self) -> None:
        self._asked = False
        self._index: dict[str, etree._Element] | None = None

    def first(self, anchor: etree._Element, key: str) -> etree._Element | None:
        """The first element, in document order, of the document ``anchor``
        stands in whose ``id`` is ``key``."""
        if not self._asked:
            self._asked = True
            found = cast("list[etree._Element]", _BY_ID(anchor, key=key))
            return found[0] if found else None
        if self._index is None:
            self._index = {}
            for element in cast("list[etree._Element]", _WITH_ID(anchor)):
                self._index.setdefault(element.get("id", ""), element)
        return self._index.get(key)


def _panel_repeats(button: etree._Element, text: str, ids: _Ids) -> bool:
    """Whether the panel a button names (its first ``aria-controls`` id)
    opens with a heading of the button's own text: AEM's accordion puts
    each service's name in the ``<dt>``'s button and again as the heading
    of its panel, where reading the button would say the name twice."""
    keys = (button.get("aria-controls") or "").split()
    if not keys:
        return False
    panel = ids.first(button, keys[0])
    if panel is None:
        return False
    heading = next(panel.iterdescendants(*HEADING_LEVELS), None)
    return heading is not None and (_collapsed_text(heading) == text)


_WRAPPER_EXTRAS = frozenset(["style", "script", "noscript", "template", "link"])
"""Tags a box may hold beside a folded panel and still only wrap it: the
styles and scripts a component library writes next to its parts."""


def _is_panel(element: etree._Element, role: str) -> bool:
    """Whether an element is, by its applied ``role``, a tab set's panel or
    an accordion's (a ``region`` its button labels)."""
    return role == "tabpanel" or (
        role == "region" and element.get("aria-labelledby") is not None
    )


def _fold_wrappers(
    panels: Iterable[etree._Element], marking: list[Any]
) -> set[etree._Element]:
    """The hidden boxes that wrap a folded panel and nothing else: an
    animated collapse (Chakra's ``chakra-collapse``, a ``collapse`` wrapper
    sized to zero) hides the box around the accordion's ``region``, not the
    region itself. Climbing from each panel while the box adds no text of
    its own, those hidden by an attribute in ``marking`` are returned. A box
    adds nothing when its only child, besides the ``<style>`` and
    ``<script>`` elements a component library writes beside its parts, is
    the one climbed from, and it holds no text of its own."""
    boxes: set[etree._Element] = set()
    for panel in panels:
        inner = panel
        for box in panel.iterancestors():
            if not _wraps_only(box, inner):
                break
            boxes.add(box)
            inner = box
    if not boxes:
        return boxes
    # hides() reads a style as CSS does: only the wrapping boxes' are read.
    return {
        element
        for attribute in marking
        if attribute.attrname != "role"
        and (element := attribute.getparent()) in boxes
        and hides(attribute.attrname, attribute)
    }


def _wraps_only(box: etree._Element, inner: etree._Element) -> bool:
    """Whether ``box`` holds ``inner`` and, besides it, only styles, scripts
    and whitespace."""
    if (box.text or "").strip():
        return False
    for child in box:
        if (child.tail or "").strip():
            return False
        if child is not inner and child.tag not in _WRAPPER_EXTRAS:
            return False
    return True


def _redundant_link(element: etree._Element, attribute: str) -> bool:
    """Whether an element hidden from screen readers is a link shown to the
    eye: an ``<a href>`` taken out of the tab order (``tabindex="-1"``) that
    holds :data:`REDUNDANT_LINK_CHARS` characters of text. A card links its
    summary as well as its title and hides the second link from assistive
    technology, which would read the same link twice; the text stays on
    the screen."""
    return (
        element.tag == "a"
        and element.get("href") is not None
        and (element.get("tabindex") or "").strip() == "-1"
        and hides("aria-hidden", attribute)
        and text_length(element) >= REDUNDANT_LINK_CHARS
    )


_IN_PAGE_LINKS = etree.XPath("//a[@id][starts-with(@href, '#')]")
"""Links with an ``id`` to a place on the same page."""


def _tab_links(root: etree._Element) -> set[tuple[str, str]]:
    """The tabs that a page writes as links without ARIA's roles: each
    ``<a id=… href="#panel">`` as the pair of its ``id`` and the id it
    points to. A panel that such a link both points to and labels
    (``aria-labelledby``) is the link's tab panel: Magento's product tabs
    (``data item title`` / ``data item content``) hide every panel but
    the first with an inline ``display: none`` and get their ARIA roles
    from a script."""
    return {
        (link.get("id", "").strip(), link.get("href", "")[1:].strip())
        for link in cast("list[etree._Element]", _IN_PAGE_LINKS(root))
    }


def _controlled(root: etree._Element) -> set[str]:
    """The ids that the page's controls name by ``aria-controls``: controls
    not marked open (``aria-expanded="true"``), that open no pop-up
    (``aria-haspopup``) and are no form fields."""
    named = set()
    for value in cast("list[Any]", _CONTROLS(root)):
        control = value.getparent()
        if (
            control.tag not in _FIELDS
            and control.get("aria-expanded") != "true"
            and control.get("aria-haspopup", "false") == "false"
        ):
            named.update(value.split())
    return named


def _choice_groups(
    fieldsets: list[etree._Element], inputs: list[etree._Element]
) -> list[etree._Element]:
    """The groups of choices to pick: a ``<fieldset>`` that holds radio
    buttons or checkboxes (:data:`CHOICE_INPUTS`), and outside a fieldset
    the smallest box holding the radio buttons of one ``name``, two or
    more (a quiz's answers to one question, a tile's colours), each at
    most :data:`CHOICES_MAX_CHARS` characters and no heading."""
    groups = [
        fieldset
        for fieldset in fieldsets
        if any(
            (field.get("type") or "").strip().lower() in CHOICE_INPUTS
            for field in fieldset.iterdescendants("input")
        )
    ]
    radios: dict[str, list[etree._Element]] = {}
    for radio in inputs:
        name = radio.get("name")
        if (radio.get("type") or "").strip().lower() == "radio" and name:
            radios.setdefault(name, []).append(radio)
    for fields in radios.values():
        if len(fields) < 2 or any(
            a.tag == "fieldset" for a in fields[0].iterancestors()
        ):
            continue
        box = fields[0]
        for other in fields[1:]:
            box = _common_ancestor(box, other)
        if sum(
            text_length(label) for label in box.iter("label")
        ) >= CHOICE_LABELS_SHARE * text_length(box):
            groups.append(box)
    return [
        group
        for group in groups
        if text_length(group) <= CHOICES_MAX_CHARS
        and next(group.iterdescendants(*HEADING_LEVELS), None) is None
    ]


def _announced(roles: list[Any]) -> list[etree._Element]:
    """The short messages of :data:`ANNOUNCED_ROLES` (the role a browser
    applies, as pruning reads it), at most :data:`ANNOUNCED_MAX_CHARS`
    characters each, and the choices of a widget (:data:`CHOICE_ROLES`),
    at most :data:`CHOICES_MAX_CHARS` characters each and no heading: a
    list box longer than that loses its options one by one, and an item
    holding a heading is a tab (a page that marks its tabs as a menu).
    ``roles`` are the tree's ``role`` attributes."""
    found = []
    headed = _role_headed(roles)
    for role in roles:
        applied = applied_role(role)
        if applied in ANNOUNCED_ROLES:
            limit = ANNOUNCED_MAX_CHARS
        elif applied in CHOICE_ROLES:
            limit = CHOICES_MAX_CHARS
        else:
            continue
        element = role.getparent()
        if text_length(element) > limit:
            continue
        if _holds_heading(element, headed):
            # A tab, or a section marked so, that its heading names; a
            # callout with its title (Bootstrap's ``alert-heading``).
            continue
        if applied in ANNOUNCED_ROLES and any(
            text_length(p) >= MIN_PROSE for p in element.iterdescendants("p")
        ):
            continue  # a callout written in paragraphs (Docsy's, untitled)
        if applied in ANNOUNCED_ROLES and _holds_price(element):
            continue  # a product's price, announced as its variant changes
        found.append(element)
    return found


def _role_headed(roles: list[Any]) -> set[etree._Element]:
    """The elements that hold an element of ``role="heading"``, told from
    the tree's ``role`` attributes: the ancestors of each such element, for
    :func:`_holds_heading`, which otherwise reads every element below."""
    return {
        ancestor
        for role in roles
        if role.strip().lower() == "heading"
        for ancestor in role.getparent().iterancestors()
    }


def _holds_price(element: etree._Element) -> bool:
    """Whether an element, or one inside it, has a ``class`` or ``id`` that
    names a price (:data:`PRICE_WORDS`). Read only for the few elements of
    an announced role."""
    return any(
        not PRICE_WORDS.isdisjoint(_name_words(inner))
        for inner in element.iter()
        if isinstance(inner.tag, str)
    )


def _holds_heading(
    element: etree._Element, headed: set[etree._Element] | None = None
) -> bool:
    """Whether an element holds a heading: an ``<h1>``-``<h6>`` or an
    element of ``role="heading"``, told from ``headed``
    (:func:`_role_headed`) when the caller has it, else by reading every
    element below."""
    if next(element.iterdescendants(*HEADING_LEVELS), None) is not None:
        return True
    if headed is not None:
        return element in headed
    return any(
        (inner.get("role") or "").strip().lower() == "heading"
        for inner in element.iterdescendants()
    )


def _unseen(labels: list[_Label]) -> list[etree._Element]:
    # Tag-filtered iteration runs in libxml2: drop_unseen_text's one pass
    # gives only the inline labels, media elements and buttons, and each
    # distinct class value is read once (_class_says; the id, which differs
    # from element to element, says nothing of this). Most are spans of no
    # such class, told at the cost of two attributes and a cache look-up,
    # and left out of ``labels``.
    # The same pass marks the overlays that hold their close button
    # (_CLOSE_TAGS), which pruning takes out with every other button.
    found = []
    for element, tag, closing, unseen in labels:
        if tag in MEDIA_TAGS:
            found.append(element)
            continue
        if closing:
            _mark_overlay(element)
        if tag == "button":
            continue
        if (
            (tag == "label" and _names_a_field(element))
            or (unseen and not _stands_for_picture(element))
        ) and (
            text_length(element) <= _unseen_limit(element, unseen)
            and next(element.iterdescendants(*HEADING_LEVELS), None) is None
        ):
            found.append(element)
    return found


def _unseen_limit(element: etree._Element, unseen: bool) -> int:
    """The most characters a label kept off the screen may hold and go:
    :data:`UNSEEN_MAX_CHARS`, or :data:`UNSEEN_LINK_MAX_CHARS` for one that
    ends the visible text of a link (Drupal's "Read more" followed by
    ``<span class="visually-hidden"> about</span>`` and the whole title of
    the post it links to): the rest of the link's name, for screen readers,
    which no script shows."""
    parent = element.getparent()
    if (
        unseen
        and parent is not None
        and parent.tag == "a"
        and (parent.text or "").strip()
    ):
        return UNSEEN_LINK_MAX_CHARS
    return UNSEEN_MAX_CHARS


_SAYS_NOTHING = (False, False)
_LABEL_TAGS = frozenset([*_INLINE_LABEL_TAGS, "button"])
"""The tags of :func:`drop_unseen_text`'s pass whose names it reads for
:func:`_unseen`."""

_Label = tuple[etree._Element, str, bool, bool]
"""An element :func:`_unseen` reads, with its tag, whether it is a control
(:data:`_CLOSE_TAGS`) that closes a dialog by its class or its
``aria-label`` (:func:`_class_says`, :func:`_labelled_close`), and whether
its class keeps it off the screen."""


@lru_cache(maxsize=16_384)
def _class_says(classes: str) -> tuple[bool, bool]:
    """What a ``class`` value says to :func:`_unseen`: whether it names a
    button that closes a dialog (:data:`CLOSE_WORDS`), and whether it keeps
    a label off the screen (:func:`_class_label_rule`); one look-up per
    element for both. An inline "Read more" toggle (:data:`READ_MORE`) goes
    as such a label: the flatten step would merge it into the text before
    it, where the focus step's control rule no longer sees it."""
    if not _holds_hint(classes, _SAYS_HINTS):
        return _SAYS_NOTHING  # most values: told without their words
    words = _value_words(classes)
    return (
        not CLOSE_WORDS.isdisjoint(words),
        _class_label_rule(classes) == _UNSEEN_RULE or _names_read_more(words),
    )


_SAYS_HINTS = _hints(*_UNSEEN_HINTS, *CLOSE_WORDS, _one_of(READ_MORE))
"""What a value that :func:`_class_says` reads anything from holds."""


def _names_read_more(words: frozenset[str]) -> bool:
    """Whether name words name a "Read more" toggle (:data:`READ_MORE`)."""
    return words >= READ_MORE or "readmore" in words


def _labelled_close(label: str) -> bool:
    """Whether a button's ``aria-label`` says it closes a dialog
    (:data:`CLOSE_WORDS`)."""
    return not CLOSE_WORDS.isdisjoint(label.lower().split())


def _mark_overlay(button: etree._Element) -> None:
    """Mark the nearest box above a close button that is named as an
    overlay (:data:`OVERLAYS`) as a dialog (:data:`_CLOSABLE`)."""
    for ancestor in button.iterancestors():
        if _named_overlay(ancestor):
            ancestor.set(_CLOSABLE, "")
            return


def _named_overlay(element: etree._Element) -> bool:
    """Whether an element's ``class`` or ``id`` words name an overlay
    (:data:`OVERLAYS`, :func:`_names_overlay`)."""
    for value in (element.get("class"), element.get("id")):
        if value and _names_overlay(value):
            return True
    return False


@lru_cache(maxsize=4096)
def _names_overlay(value: str) -> bool:
    """Whether a ``class`` or ``id`` value's words name an overlay; a value
    that holds none of the words is told before it is split into words
    (:func:`_holds_hint`), as most are. Cached: the walks up from each
    close button read every box above it, and the boxes of a page and of
    its site come back."""
    return _holds_hint(value, _OVERLAY_HINTS) and not OVERLAYS.isdisjoint(
        _value_words(value)
    )


_OVERLAY_HINTS = _hints(*sorted(OVERLAYS))


def _names_a_field(element: etree._Element) -> bool:
    """Whether a ``<label>`` names a form field: it has a ``for``, or holds
    the field."""
    return bool(element.get("for")) or (
        next(element.iterdescendants(*_FIELDS), None) is not None
    )


NOT_TYPED_IN = frozenset(["hidden", "submit", "button", "image", "reset"])
"""``<input>`` types that take no typed value: a hidden field, whose name
no one reads, and the buttons, whose words are their own."""


def _field_names(inputs: list[etree._Element]) -> list[etree._Element]:
    """The inline labels (:data:`_INLINE_LABEL_TAGS`) written just before a
    field to type in, with nothing but line breaks between, that hold at
    most :data:`UNSEEN_MAX_CHARS` characters and no heading: a field's name
    set as a ``<span>`` rather than a ``<label>`` (a forum's "Number of
    slices to send:" over a box of its own beside each post). ``inputs``
    are the page's ``<input>`` elements."""
    found = []
    for box in inputs:
        if (box.get("type") or "").lower() in NOT_TYPED_IN:
            continue
        label = box.getprevious()
        while (
            label is not None and label.tag == "br" and not (label.tail or "").strip()
        ):
            label = label.getprevious()
        if (
            label is not None
            and label.tag in _INLINE_LABEL_TAGS
            and not (label.tail or "").strip()
            and 0 < text_length(label) <= UNSEEN_MAX_CHARS
            and next(label.iterdescendants(*HEADING_LEVELS), None) is None
        ):
            found.append(label)
    return found


def _stands_for_picture(element: etree._Element) -> bool:
    """Whether a sibling of ``element`` is an icon, an image or an element
    hidden from screen readers, whose words ``element`` gives; or, when
    ``element`` ends its box, whether the box's next sibling is hidden from
    screen readers: a value's unit spelt out for the ear at the end of the
    value's box and drawn for the eye after it (WP Recipe Maker's
    ``15<span class="sr-only"> minutes</span>`` then ``<span
    aria-hidden="true">mins</span>``)."""
    parent = element.getparent()
    if parent is None:
        return False
    if any(
        sibling is not element
        and (sibling.tag in _PICTURES or sibling.get("aria-hidden") == "true")
        for sibling in parent
    ):
        return True
    after = parent.getnext()
    return (
        element.getnext() is None
        and after is not None
        and after.get("aria-hidden") == "true"
    )


OTHER_ITEMS = re.compile(  # the words of a shelf's heading, in English
    r"\b(?:recently viewed|also (?:viewed|bought|purchased|liked)"
    r"|frequently bought|(?:bought|viewed) (?:together|with)"
    r"|similar (?:items|products)"
    r"|related (?:items|products)|you (?:may|might) also"
    r"|recommended for you|complete the look|other items|sponsored)\b"
    r"|^\W*more from\b",
    re.IGNORECASE,
)
"""Words of a heading that opens a shelf of other products: "Recently
viewed", "Customers also bought", "Frequently bought together", "Often
viewed with", "Similar items", "You may also like", "Recommended for you",
a shelf of advertised products ("Sponsored products related to this
item") and, opening the heading, "More from" a seller, brand or shop."""

PRODUCT_SHELVES = re.compile(r"\bfeatured products\b", re.IGNORECASE)
"""Words of a heading that opens a shelf of other products on a product
page only: "Featured products" beside a product are the shop's picks; on a
collection or listing they may be the page's own items."""

TEASER_SHELVES = re.compile(
    r"^\W*(?:related|featured|(?:our )?latest|recent)\s+"
    r"(?:insights|articles|posts|blog posts|news|case studies|client stories)\b",
    re.IGNORECASE,
)
"""Words opening a heading over a shelf of teasers for the site's other
pages on a service page: "Related insights", "Featured insights", "Our
latest insights", "Recent news", "Featured client stories", "Related case
studies about ...". Under such a heading stand cards of a title, a date or
a kind ("Whitepaper", "Blog"), a summary and "Learn more", each the
opening of another page. A heading that only names the kind ("Insights",
"From the blog", "Resources") may head the page's own section and stays."""

TEASER_TYPES = frozenset(["service"])
"""The page types whose teaser shelves :func:`without_teaser_shelves`
takes out."""

OTHER_ITEMS_MAX_WORDS = 8
"""Words a heading may hold and still name a shelf of other products; more
is a sentence that mentions them."""

SHELF_PROSE = 400
"""Characters of a paragraph, written in sentences, that closes a shelf
of other items or teasers: a card holds a title, a price and a line or
two, so such a paragraph under a shelf's heading is the page's own text
that follows a box of links floated into it ("More from Real Simple" set
at the head of a story's body). Two sentence ends at least (``.``, ``!``,
``?``, or the ideographic ``。！？``) tell writing from a run of hashes or
ids."""

_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|[。！？]")

SHELF_TYPES = frozenset(["product", "collection", "listing"])
"""The page types whose shelves of other products
:func:`without_other_products` takes out."""


COPY_MIN_CHARS = 80
"""Characters a paragraph or list item must hold for a second copy of it
under the same heading to go; shorter repeats (a price, "Read more") are
left to the block rules."""

COPY_KEPT_TYPES = frozenset(["documentation"])
"""Page types whose copies stay: documentation repeats a step in each tab
of a tab set (one per language or platform) and a field's description on
each object that has the field, and each copy belongs where it stands."""


COPY_ACROSS_TYPES = frozenset(["collection", "listing"])
"""Page types whose copies go under other headings too
(:func:`without_copies`): a list's sections ("Today", "Yesterday", "Last
week") each carry the same promoted card or advertisement in a slot of
their own. Service pages are left out: there the same terms stand under
each offer, and each copy belongs where it stands."""


QUOTES_KEPT_TYPES = frozenset(["forum"])
"""Page types whose quotes' copies stay: in a thread each reply quotes the
post it answers, and each quote stands where it was written."""


def without_copies(
    blocks: list[Block], *, quotes: bool = True, across: bool = False
) -> list[Block]:
    """The blocks without the second and later copies of a paragraph, list
    item or, with ``quotes``, quote of at least :data:`COPY_MIN_CHARS`
    characters under the same heading path. A page lays some of its text
    out twice for readers who see it once: a version for small screens and
    one for large ones (the other hidden by a style sheet the page does not
    inline), a carousel's cloned slides (a testimonial's ``<blockquote>``
    cloned so the carousel loops), a post's text repeated in a preview.
    Text repeated under different headings (the same warning in two
    sections) stays, unless ``across`` (:data:`COPY_ACROSS_TYPES`): then a
    copy under another heading goes too, as a list's promoted card set in
    each of its sections does, unless it is the first block under its
    heading: an item's own text, which items may share (colours of one mug
    sold as tiles of their own, each with the mug's description)."""
    kinds = _COPY_KINDS if quotes else _COPY_KINDS - {QUOTE}
    seen: set[tuple[str, str]] = set()
    texts: set[str] = set()  # the text of every block read, with ``across``
    kept: list[Block] = []
    after_heading = False
    for block in blocks:
        if block.kind in kinds and len(block.text) >= COPY_MIN_CHARS:
            key = (block.heading, block.text)
            if key in seen or (across and not after_heading and block.text in texts):
                after_heading = False
                continue
            seen.add(key)
            if across:
                texts.add(block.text)
        after_heading = block.kind == HEADING
        kept.append(block)
    return kept


_COPY_KINDS = frozenset([PARAGRAPH, ITEM, QUOTE])


CONTROL_LABELS = frozenset(
    label.casefold()
    for label in (
        # English
        "ad",
        "advertisement",
        "back to top",
        "close",
        "close menu",
        "continue reading",
        "learn more",
        "load more",
        "menu",
        "open menu",
        "read more",
        "scroll to top",
        "see all",
        "see more",
        "show all",
        "show more",
        "skip to content",
        "skip to main content",
        "sponsored",
        "toggle navigation",
        "view all",
        "view more",
        # German
        "alle anzeigen",
        "anzeige",
        "gesponsert",
        "mehr anzeigen",
        "mehr erfahren",
        "mehr lesen",
        "menü",
        "nach oben",
        "schließen",
        "weiterlesen",
        "werbung",
        "zum inhalt springen",
        # French
        "afficher plus",
        "aller au contenu",
        "en savoir plus",
        "fermer",
        "lire la suite",
        "publicité",
        "retour en haut",
        "sponsorisé",
        "voir plus",
        "voir tout",
        # Spanish and Portuguese
        "cerrar",
        "fechar",
        "ir al contenido",
        "leer más",
        "leia mais",
        "menú",
        "mostrar más",
        "patrocinado",
        "publicidad",
        "publicidade",
        "saber más",
        "saiba mais",
        "ver mais",
        "ver más",
        "ver todo",
        "ver tudo",
        "volver arriba",
        "voltar ao topo",
        # Italian
        "chiudi",
        "leggi di più",
        "leggi tutto",
        "mostra di più",
        "pubblicità",
        "scopri di più",
        "sponsorizzato",
        "torna su",
        "vedi tutto",
        # Dutch
        "advertentie",
        "bekijk alles",
        "gesponsord",
        "lees meer",
        "naar boven",
        "sluiten",
        # Russian
        "закрыть",
        "меню",
        "наверх",
        "подробнее",
        "показать ещё",
        "реклама",
        "читать далее",
        # Chinese and Japanese
        "关闭",
        "广告",
        "查看更多",
        "菜单",
        "返回顶部",
        "阅读更多",
        "もっと見る",
        "メニュー",
        "広告",
        "続きを読む",
        "閉じる",
        # A shop's controls: English
        "add to bag",
        "add to basket",
        "add to cart",
        "add to compare",
        "add to wish list",
        "add to wishlist",
        "buy now",
        "compare",
        "filters",
        "items per page",
        "notify me",
        "quick shop",
        "quick view",
        "results per page",
        # German, French, Spanish, Portuguese, Italian, Dutch, Russian,
        # Chinese and Japanese
        "in den warenkorb",
        "vergleichen",
        "ajouter au panier",
        "comparer",
        "añadir al carrito",
        "agregar al carrito",
        "adicionar ao carrinho",
        "comparar",
        "aggiungi al carrello",
        "confronta",
        "in winkelwagen",
        "vergelijken",
        "в корзину",
        "сравнить",
        "加入购物车",
        "カートに入れる",
    )
)
"""Texts, case folded, that label a control or an advertising slot, not
content, in English and in the languages most written on the web: a
menu's toggle, a dialog's close button, the mark over a paid placement, the
label of a link set apart from what it opens ("Read more"), a shop's
buttons and toggles on a product or a tile ("Add to cart", "Compare",
"Quick view") and the labels of a listing's controls ("Filters", "Results
per page"). Set as text (``<p>Menu</p>`` in each panel of a mega-menu, a
``<span>Sponsored</span>`` on a promoted tile, a tile's custom checkbox
drawn beside ``<span>Compare</span>``), they pass the block rules, which
keep what holds no link."""


def without_control_labels(blocks: list[Block]) -> list[Block]:
    """The blocks without the paragraphs whose whole text, in any case and
    without closing punctuation or arrow, is a control's label
    (:data:`CONTROL_LABELS`)."""
    return [block for block in blocks if not _control_label(block)]


def _control_label(block: Block) -> bool:
    """Whether ``block`` is a paragraph that only labels a control (see
    :func:`without_control_labels`)."""
    return (
        block.kind == PARAGRAPH
        and len(block.text) <= _LONGEST_LABEL
        and block.text.rstrip(".:!…»›→").strip().casefold() in CONTROL_LABELS
    )


_LONGEST_LABEL = max(map(len, CONTROL_LABELS)) + 4
"""Characters past which a block's text is no label, closing punctuation and
spaces allowed for."""


_SHOWN_NOUNS = (
    "items?|results?|products?|entries|pages?"
    "|artikeln?|ergebnissen?|produkten?"  # German
    "|produits|résultats|articles"  # French
    "|productos|resultados|artículos|produtos|itens"  # Spanish, Portuguese
    "|prodotti|risultati|articoli"  # Italian
    "|producten|resultaten"  # Dutch
)
_NUMBER = r"\d[\d,.\u00a0\u202f]*"

RESULT_RANGE = re.compile(
    rf"(?:(showing|displaying|viewing)\s+)?"
    rf"(?:({_SHOWN_NOUNS})\s+)?"
    rf"{_NUMBER}(\s*(?:-|–|—|to|bis|à|a)\s*{_NUMBER})?"
    rf"(?:\s+({_SHOWN_NOUNS}))?"
    rf"\s+\(?(?:of|von|sur|de|di|van)\s+{_NUMBER}"
    rf"(?:\s+({_SHOWN_NOUNS}))?\)?"
)
"""The whole text, case folded and closing punctuation taken off, of the
line in which a pager says which of a listing's results it shows:
"Showing 1–16 of 29 results" (WooCommerce), "Items 1-12 of 30"
(Magento), "Displaying 1 to 24 (of 204 products)", "1–30 of 338
products", "Viewing page 1 of 9", "1–24 von 204 Artikeln"; the English
words, and the nouns and "of" in German, French, Spanish, Portuguese,
Italian and Dutch. One of its groups must be there (a verb, a noun, or a
range): a bare "2 of 5" is a score or a rating as often as a count."""

RESULT_RANGE_MAX_CHARS = 60
"""Characters past which a block is more than a pager's count of what it
shows."""

_RESULT_RANGE_KINDS = frozenset([PARAGRAPH, ITEM, HEADING])

_DIGIT = re.compile(r"\d")
"""A digit, which every pager's count holds: a search for it turns most
short blocks away at a quarter of the cost of testing each character."""


def without_result_ranges(blocks: list[Block]) -> list[Block]:
    """The blocks without the pager's line that counts which results a
    listing shows (:data:`RESULT_RANGE`): the state of a widget, which
    changes with each page of the same listing, not its text. A paragraph,
    item or heading of at most :data:`RESULT_RANGE_MAX_CHARS` characters
    goes; a sentence that holds such a count ("We sold 1-2 of 30 in
    May.") stays."""
    return [block for block in blocks if not _result_range(block)]


def _result_range(block: Block) -> bool:
    """Whether a block's whole text is a pager's count (see
    :func:`without_result_ranges`); a digit and a length test first."""
    text = block.text
    if (
        len(text) > RESULT_RANGE_MAX_CHARS
        or block.kind not in _RESULT_RANGE_KINDS
        or _DIGIT.search(text) is None
    ):
        return False
    found = RESULT_RANGE.fullmatch(" ".join(text.split()).casefold().strip(" .:"))
    return found is not None and any(found.groups())


ACCOUNT_LABELS = frozenset(
    label.casefold()
    for label in (
        # English
        "create account",
        "create an account",
        "join",
        "join now",
        "log in",
        "login",
        "log-in",
        "register",
        "sign in",
        "sign up",
        "signin",
        "signup",
        # German, French, Spanish, Portuguese, Italian, Dutch
        "anmelden",
        "einloggen",
        "registrieren",
        "connexion",
        "se connecter",
        "s'inscrire",
        "créer un compte",
        "iniciar sesión",
        "registrarse",
        "regístrate",
        "entrar",
        "cadastre-se",
        "accedi",
        "registrati",
        "inloggen",
        "registreren",
        # Russian, Chinese, Japanese
        "войти",
        "зарегистрироваться",
        "регистрация",
        "登录",
        "注册",
        "ログイン",
        "新規登録",
    )
)
"""Link labels, case folded, that lead to signing in or creating an
account."""

ACCOUNT_PROMPT_MAX_CHARS = 120
"""Characters a block may hold to read as a prompt to sign in
(:func:`without_account_prompts`)."""


def without_account_prompts(blocks: list[Block]) -> list[Block]:
    """The blocks without the prompts to sign in or register: a short block
    (up to :data:`ACCOUNT_PROMPT_MAX_CHARS`) whose every link leads to
    signing in or creating an account (:data:`ACCOUNT_LABELS`): "Sign In
    or Register to comment.", "Already have an account? Log in". Its links
    hold too little of its text for the block rules to read it as a menu."""
    return [block for block in blocks if not _account_prompt(block)]


def _account_prompt(block: Block) -> bool:
    """Whether ``block`` is a prompt to sign in or register (see
    :func:`without_account_prompts`)."""
    return (
        bool(block.links)
        and len(block.text) <= ACCOUNT_PROMPT_MAX_CHARS
        and all(
            link.label.strip(".:!?»›→ ").casefold() in ACCOUNT_LABELS
            for link in block.links
        )
    )


GLYPHS = re.compile(
    r"[\s\u00ad\u200b-\u200f\u2060-\u2064\ufeff\ue000-\uf8ff\U000f0000-\U0010ffff]+"
)
"""A block's whole text when it shows no text a reader can read: an icon
font's glyphs, the characters of Unicode's private use areas, which icon
fonts draw their icons as (Divi's ``et-pb-icon``, Elegant Icons, Font
Awesome written as text) and no other font shows as anything; and the
invisible format characters (zero-width space, joiner and non-joiner,
word joiner, byte order mark, soft hyphen, direction marks), which a page
builder writes into a paragraph it keeps open as a spacer (Webflow's
``<p>&zwj;</p>``)."""

LONE_MARK_CATEGORIES = frozenset({"Pc", "Pd", "Po", "Sc", "Sk", "Sm", "So"})
"""Unicode categories of a character that, standing alone as a block's
text, is a mark and not text: punctuation other than brackets and quotes,
and symbols. A block that is only ``×`` is a dialog's close control,
``+`` and ``-`` a quantity stepper's buttons, ``?`` a help tooltip's
trigger, ``|`` a separator between links pruned away, a lone ``,`` what a
tag list's links left behind. A bracket alone is kept: a code sample
written as paragraphs closes its blocks with one."""


def without_glyphs(blocks: list[Block]) -> list[Block]:
    """The blocks without those that show a glyph rather than text: only
    an icon font's glyphs or invisible characters (:data:`GLYPHS`), or a
    single mark (:data:`LONE_MARK_CATEGORIES`) outside code. A feature
    box's icon over its heading, a spacer paragraph and a close button's
    ``×`` say nothing a reader could search for; a block that holds a word
    beside a glyph stays whole."""
    return [block for block in blocks if not _glyph(block)]


def _glyph(block: Block) -> bool:
    """Whether ``block`` shows a glyph rather than text (:func:`without_glyphs`)."""
    text = block.text
    if text.isascii():
        # Of ASCII, GLYPHS takes only ``\s``, which reads as isspace does.
        if text.isspace():
            return True
    elif GLYPHS.fullmatch(text) is not None:
        return True
    mark = text.strip()
    return (
        len(mark) == 1
        and block.kind != CODE
        and unicodedata.category(mark) in LONE_MARK_CATEGORIES
    )


COPYRIGHT_LINE = re.compile(
    r"\s*(?:©|\(c\)\s*\d{4}|copyright\s*(?:©|\(c\)|\d{4}))", re.IGNORECASE
)
"""The opening of a copyright notice: ``©``, or ``Copyright`` or ``(c)``
followed by ``©``, ``(c)`` or a year ("© 2026 Example Ltd. All rights
reserved.", "Copyright © 2011, Harvard University", "© Copyright 2025
LifeLearn Inc."). ``Copyright`` followed by a word ("Copyright law",
"Copyright Office weighs in") is a sentence or a title about copyright."""

COPYRIGHT_MAX_CHARS = 300
"""Characters a copyright notice may hold; more is a paragraph that opens
with one."""


def without_copyright_lines(blocks: list[Block]) -> list[Block]:
    """The blocks without the site's or a picture's copyright notices: a
    paragraph or item of at most :data:`COPYRIGHT_MAX_CHARS` characters
    that opens as one (:data:`COPYRIGHT_LINE`), or whose last line, after a
    ``<br>``, does (a printer-friendly story's "URL: ...<br>© Copyright
    2008 ..."). A footer's notice left inside the container, or the line
    under an article syndicated with permission, is no part of what the
    page says."""
    return [block for block in blocks if not _copyright_block(block)]


def _copyright_block(block: Block) -> bool:
    """Whether ``block`` is a copyright notice (see
    :func:`without_copyright_lines`)."""
    return (
        block.kind in _NOTICE_KINDS
        and len(block.text) <= COPYRIGHT_MAX_CHARS
        and _copyright_notice(block.text)
    )


def _copyright_notice(text: str) -> bool:
    """Whether ``text``, or its last line, opens as a copyright notice."""
    if COPYRIGHT_LINE.match(text):
        return True
    _, newline, last = text.rpartition("\n")
    return bool(newline) and COPYRIGHT_LINE.match(last) is not None


_NOTICE_KINDS = frozenset([PARAGRAPH, ITEM])


POINTER_LABELS = frozenset(
    {
        # English
        "also read",
        "also see",
        "more",
        "more on this",
        "more on this story",
        "read also",
        "read more",
        "read next",
        "recommended",
        "recommended reading",
        "related",
        "related article",
        "related reading",
        "related story",
        "see also",
        # German
        "auch interessant",
        "lesen sie auch",
        "mehr zum thema",
        "siehe auch",
        # French
        "lire aussi",
        "voir aussi",
        "à lire aussi",
        "à voir aussi",
        # Spanish and Portuguese
        "lea también",
        "lee también",
        "leia também",
        "te puede interesar",
        "veja também",
        "ver también",
        # Italian
        "leggi anche",
        "vedi anche",
        # Dutch
        "lees ook",
        "zie ook",
        # Russian
        "по теме",
        "смотрите также",
        "читайте также",
        # Chinese and Japanese
        "延伸阅读",
        "相关阅读",
        "相关新闻",
        "あわせて読みたい",
        "関連記事",
    }
)
"""Lower-cased labels a news story sets before a link to another story,
inline between its paragraphs ("Read more: Storm breaches harbour wall",
"À lire aussi La crue du Loir"), in English and in the languages
:data:`~pagechunk.vocabulary.CHROME_HEADINGS` reads."""

POINTER_LABEL_MAX_CHARS = 24
"""The longest label read before the colon of such a pointer."""

_POINTER = re.compile(
    "(?i)("
    + "|".join(re.escape(label) for label in sorted(POINTER_LABELS, key=len)[::-1])
    + r")(?:\s*[:：]\s*|\s+)(.*)",
    re.DOTALL,
)
"""A pointer's label, its colon (ASCII or full width, or none when the
label is set apart, in a box of its own), and the rest of the paragraph."""


def without_story_pointers(blocks: list[Block]) -> list[Block]:
    """An article's blocks without its pointers to other stories: a
    paragraph that is a label of :data:`POINTER_LABELS`, a colon or a space
    and nothing but the text of its links. A paragraph with words of its
    own after the label, or a label the set does not hold ("Update: ..."),
    stays."""
    return [block for block in blocks if not _story_pointer(block)]


def _story_pointer(block: Block) -> bool:
    if block.kind != PARAGRAPH or not block.links:
        return False
    found = _POINTER.match(block.text.strip())
    if found is None or len(found[1]) > POINTER_LABEL_MAX_CHARS:
        return False
    linked = "".join("".join(link.label.split()) for link in block.links)
    return bool(linked) and "".join(found[2].split()) == linked


def without_other_products(
    blocks: list[Block], *, product: bool = False
) -> list[Block]:
    """The blocks of a product, collection or listing page without its
    shelves of other products: a heading that names one (:data:`OTHER_ITEMS`,
    and on a ``product`` page :data:`PRODUCT_SHELVES`, in at most
    :data:`OTHER_ITEMS_MAX_WORDS` words) and every block after it up to the
    next heading of its level or higher; the shelf's cards are headed at
    lower levels. A shelf without a name the focus step knows
    (``class="s-item__wrapper"``) is still told by its heading."""
    names = (OTHER_ITEMS, PRODUCT_SHELVES) if product else (OTHER_ITEMS,)
    return _without_shelves(blocks, names)


def without_teaser_shelves(blocks: list[Block]) -> list[Block]:
    """The blocks of a service page without its shelves of teasers for the
    site's other pages: a heading that names one (:data:`TEASER_SHELVES`, in
    at most :data:`OTHER_ITEMS_MAX_WORDS` words) and every block after it up
    to the next heading of its level or higher, as
    :func:`without_other_products` reads a shelf of other products."""
    return _without_shelves(blocks, (TEASER_SHELVES,))


def _without_shelves(
    blocks: list[Block], names: tuple[re.Pattern[str], ...]
) -> list[Block]:
    """``blocks`` without each heading of at most
    :data:`OTHER_ITEMS_MAX_WORDS` words that one of ``names`` finds in, and
    the blocks under it up to the next heading of its level or higher, or
    up to a paragraph of prose (:data:`SHELF_PROSE`)."""
    kept: list[Block] = []
    shelf = 0  # the level of the open shelf's heading, 0 when none is open
    for block in blocks:
        if block.kind == HEADING:
            if shelf and block.level > shelf:
                continue
            shelf = 0
            if len(block.text.split()) <= OTHER_ITEMS_MAX_WORDS and any(
                name.search(block.text) for name in names
            ):
                shelf = block.level
                continue
        elif shelf:
            if not _closes_shelf(block):
                continue
            shelf = 0
        kept.append(block)
    return kept


def _closes_shelf(block: Block) -> bool:
    """Whether ``block`` is a paragraph of prose no card of a shelf holds:
    :data:`SHELF_PROSE` characters or more, with two sentence ends."""
    text = block.text
    if block.kind != PARAGRAPH or len(text) < SHELF_PROSE:
        return False
    ends = _SENTENCE_END.finditer(text)
    return next(ends, None) is not None and next(ends, None) is not None


EVERY_TYPE_RULES: tuple[tuple[Callable[[Block], bool], str], ...] = (
    (_glyph, "a glyph, not text"),
    (_control_label, "a control's label"),
    (_result_range, "a pager's count of the results shown"),
    (_account_prompt, "a prompt to sign in"),
    (_copyright_block, "a copyright notice"),
)
"""The block tests of the filters that run after cleaning on every page
type (:func:`without_glyphs`, :func:`without_control_labels`,
:func:`without_result_ranges`, :func:`without_account_prompts`,
:func:`without_copyright_lines`), in order, each with the rule ``explain``
names for what it leaves out."""


def without_every_type_chrome(
    blocks: list[Block], left_out: list[tuple[str, str]] | None = None
) -> list[Block]:
    """The blocks without those that any of :data:`EVERY_TYPE_RULES` leaves
    out, in one pass: what the filters do one after another, since each
    judges a block by itself. The text of each block left out is added to
    ``left_out`` with the rule of the first test that took it."""
    kept = []
    for block in blocks:
        for test, rule in EVERY_TYPE_RULES:
            if test(block):
                if left_out is not None:
                    left_out.append((block.text, rule))
                break
        else:
            kept.append(block)
    return kept
