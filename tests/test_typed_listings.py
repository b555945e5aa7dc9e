"""Listing pages of the kinds a crawl meets, each written in the markup of
its platform (``tests/pages/typed_listing_<platform>.html``): job boards,
property search results, event listings, a course catalogue, directories
of businesses and of people, a site search's results, a ranking table and
a blog's archive. ``extract`` keeps each item's title with its key fields
(company, place, price, date, venue, summary) and drops the filters, sort
bars, result counts, pagination, badges, alert boxes and the site's chrome
around them. The blocks are stated in full; known misses are
``xfail(strict=True)`` with their reason."""

from __future__ import annotations

import pytest

from pagechunk import Block, ParsedPage, extract
from test_typed import dropped, focused, texts


def read(page, name: str, url: str) -> ParsedPage:
    return extract(page(f"typed_listing_{name}"), base_url=url)


# Job boards

WORKABLE_JOBS = [
    (
        "Senior Backend Engineer",
        "Posted 3 days ago",
        "Hybrid",
        "London, England, United Kingdom",
        "Engineering",
        "Full time",
    ),
    (
        "Payroll Specialist",
        "Posted 5 days ago",
        "On-site",
        "Bristol, England, United Kingdom",
        "Operations",
        "Full time",
    ),
    (
        "Client Onboarding Associate",
        "Posted 12 days ago",
        "Remote",
        "United Kingdom",
        "Operations",
        "Part time",
    ),
    (
        "Account Executive",
        "Posted 30+ days ago",
        "Hybrid",
        "London, England, United Kingdom",
        "Sales",
        "Full time",
    ),
]


@pytest.mark.xfail(
    strict=True,
    reason="Workable names its parts only in data-ui attributes (job-featured,"
    " job-details) under hashed classes: the 'Featured' badge stays, and the"
    " job's details, <span>s spaced by the style sheet alone, run together",
)
def test_workable_board_keeps_each_jobs_title_date_and_details(page):
    listing = read(page, "workable", "https://apply.workable.com/ledgerly/")
    jobs = []
    for title, posted, *details in WORKABLE_JOBS:
        jobs += [title, posted, " ".join(details)]
    assert texts(listing.blocks) == [
        "Work at Ledgerly",
        "We make small businesses' books simple, and we hire bookkeepers,"
        " engineers and advisers across the UK.",
        "Current openings",
        *jobs,
    ]


def test_ashby_board_keeps_each_department_and_posting(page):
    # Ashby: each posting a link around its <h3> title and a line of
    # details; the department, location and type pickers and the "Powered
    # by Ashby" footer go.
    listing = read(page, "ashby", "https://jobs.ashbyhq.com/ledgerly")
    assert listing.page_type == "listing"
    assert texts(listing.blocks) == [
        "Open Positions (4)",
        "Engineering",
        "Senior Backend Engineer",
        "Engineering • London • Full time • Hybrid",
        "Data Engineer",
        "Engineering • Manchester • Full time • Remote",
        "Operations",
        "Bookkeeping Team Lead",
        "Operations • Bristol • Full time • On-site",
        "Payroll Specialist",
        "Operations • Bristol • Part time • On-site",
    ]


def test_wp_job_manager_keeps_each_job_without_the_search_form(page):
    # WP Job Manager: <li class="job_listing"> each a link around the logo,
    # the position's <h3> and company, the location and a meta list (type,
    # date); the job_filters form (keywords, location, job types, "Showing
    # all 4 jobs", RSS) and the widget sidebar's alert box go.
    listing = read(page, "wp_job_manager", "https://frome-jobs.example/jobs/")
    assert listing.page_type == "listing"
    jobs = [
        (
            "Head Gardener",
            "Walled Garden Trust",
            "Frome, Somerset",
            "Full Time",
            "Posted 2 days ago",
        ),
        (
            "Cafe Supervisor",
            "Rook Lane Cafe",
            "Frome town centre",
            "Part Time",
            "Posted 5 days ago",
        ),
        (
            "Wedding Photographer",
            "Orchard Barn Weddings",
            "Nunney, Somerset",
            "Freelance",
            "Posted 2 weeks ago",
        ),
        (
            "Bookkeeper",
            "Selwood Accounts",
            "Frome, Somerset",
            "Full Time",
            "Posted 3 weeks ago",
        ),
    ]
    assert texts(listing.blocks) == ["Jobs", *(line for job in jobs for line in job)]


JOB_BOARD_INTRO = (
    "Browse finance, accounting and payroll jobs from employers across"
    " Somerset, Devon, Dorset and Bristol, updated every hour. Set up an alert"
    " to hear about new roles first, and apply in a few clicks with the CV"
    " saved in your Westjobs profile. Every employer here is checked by our"
    " team before its first advert goes live."
)
JOB_BOARD_JOBS = [
    (
        "Senior Backend Engineer",
        "Ledgerly",
        "London (Hybrid)",
        "£70,000 – £85,000 a year",
        "Posted 3 days ago",
    ),
    (
        "Payroll Specialist",
        "Selwood Accounts",
        "Frome, Somerset",
        "£32,000 a year",
        "Posted 5 days ago",
    ),
    (
        "Site Reliability Engineer",
        "Quayside Cloud",
        "Bristol",
        "£65,000 – £75,000 a year",
        "Posted 1 week ago",
    ),
    (
        "Client Onboarding Associate",
        "Ledgerly",
        "Remote in United Kingdom",
        "£28,000 a year",
        "Posted 2 weeks ago",
    ),
]


def test_job_board_keeps_the_title_link_of_each_card(page):
    # A job board whose cards are no links as a whole: the title alone is a
    # link (<a class="job-title">), beside the company, place, salary, the
    # skills' links, badges ("New", "Actively hiring", "Fast apply") and
    # the date. Below the page's introduction every title is a short link
    # outside the article's span, which the cleaning rules drop as a menu
    # (menu_sized); the listing's rule takes the link off each title.
    listing = read(page, "job_board", "https://www.westjobs.example/jobs?q=finance")
    assert listing.page_type == "listing"
    titles = [job[0] for job in JOB_BOARD_JOBS]
    assert [t for t in texts(listing.blocks) if t in titles] == titles


@pytest.mark.xfail(
    strict=True,
    reason="the job alert box (a heading over a one-field form) stays",
)
def test_job_board_keeps_each_card_without_badges_filters_or_alerts(page):
    # The filter sidebar, the result count, the sort bar, the pagination,
    # the site's header and footer go, and so do the skills' links, a menu
    # of searches.
    listing = read(page, "job_board", "https://www.westjobs.example/jobs?q=finance")
    assert texts(listing.blocks) == [
        "Finance jobs in South West",
        JOB_BOARD_INTRO,
        *(line for job in JOB_BOARD_JOBS for line in job),
    ]


# Property search

HOMES = [
    (
        "3 bedroom semi-detached house for sale",
        "Orchard Way, Frome, BA11",
        "Semi-Detached 3 2",
        "A well presented family home with a south facing garden, a garage and a "
        "driveway for two cars.",
        "Reduced on 01/03/2025",
        "£425,000",
        "by Cooper and Tanner, Frome",
    ),
    (
        "2 bedroom terraced house for sale",
        "Catherine Hill, Frome, BA11",
        "Terraced 2 1",
        "A Grade II listed cottage on the town's cobbled hill, moments from the "
        "market and the river.",
        "Added on 28/02/2025",
        "£275,000",
        "by Hunter French, Frome",
    ),
    (
        "4 bedroom detached house for sale",
        "Bath Road, Beckington, BA11",
        "Detached 4 3",
        "A stone house in half an acre with views across the Frome valley and a "
        "converted barn office.",
        "Added on 21/02/2025",
        "£650,000",
        "by Cooper and Tanner, Frome",
    ),
    (
        "1 bedroom flat for sale",
        "Vicarage Street, Frome, BA11",
        "Flat 1 1",
        "A first floor flat in a converted chapel, sold with no onward chain and a "
        "long lease.",
        "Reduced on 14/02/2025",
        "£190,000",
        "by Hunter French, Frome",
    ),
]


@pytest.mark.xfail(
    strict=True,
    reason="the result count is a <span> (searchHeader-resultCount), the"
    " list/map switch is named viewType, the photo counter (1/18) is named"
    " moreInfoNumber, the beds and baths are <span>s set apart by icons, and"
    " the saved-search box holds a heading and a sentence",
)
def test_property_search_keeps_each_homes_price_beds_and_address(page):
    listing = read(
        page,
        "property_search",
        "https://www.homefinder.example/property-for-sale/frome.html",
    )
    assert listing.page_type == "listing"
    assert texts(listing.blocks) == [
        "Properties For Sale in Frome, Somerset",
        *(line for home in HOMES for line in home),
    ]


def test_property_search_keeps_each_home_and_drops_filters_sort_and_pages(page):
    listing = read(
        page,
        "property_search",
        "https://www.homefinder.example/property-for-sale/frome.html",
    )
    blocks = texts(listing.blocks)
    for title, address, _, description, _, price, agent in HOMES:
        at = blocks.index(title)
        assert blocks[at + 1] == address
        assert blocks[at + 3 : at + 4] == [description]
        assert price in blocks[at:] and agent in blocks[at:]
    for chrome in ("Price range", "Sort by:", "Previous", "Next", "Page", "of 2"):
        assert not any(chrome in block for block in blocks)


# Events

EVENTS = [
    (
        "Seed swap and potting morning",
        "Sat, Mar 8 • 10:00 AM",
        "Frome Allotments",
        "Free",
        "Frome Seed Circle",
    ),
    (
        "Pruning fruit trees for beginners",
        "Sun, Mar 16 • 2:00 PM",
        "Orchard Field, Nunney",
        "From £12.00",
        "Nunney Orchard Trust",
    ),
    (
        "Spring plant fair",
        "Sat, Apr 5 • 9:00 AM",
        "Cheese and Grain, Frome",
        "From £3.50",
        "Frome Garden Club",
    ),
    (
        "Hedge laying demonstration",
        "Sat, Apr 26 • 1:00 PM",
        "Orchard Field, Nunney",
        "Free",
        "Somerset Hedge Group",
    ),
]


@pytest.mark.xfail(
    strict=True,
    reason="served under /d/<place>/<topic>/ the page reads as 'other', so"
    " the listing's rules do not run: its filter panel's headings, the"
    " cards' badges (event-card-badge: 'Almost full', 'Sales end soon') and"
    " the pager's '1 of 3' stay",
)
def test_eventbrite_search_keeps_each_events_date_venue_and_price(page):
    listing = read(
        page,
        "eventbrite",
        "https://www.eventbrite.co.uk/d/united-kingdom--frome/gardening/",
    )
    assert texts(listing.blocks) == [
        "Gardening events in Frome",
        *(line for event in EVENTS for line in event),
    ]


# Course catalogue

COURSES = [
    (
        "Introduction to Permaculture",
        "Design a garden that feeds you, from reading the land to planting a food "
        "forest, over ten weekly sessions.",
        "Teacher: Mara Quill",
    ),
    (
        "Soil Science for Growers",
        "What lives in soil, how to test it and how to feed it, with a field day at "
        "the college farm.",
        "Teacher: Ana Ruiz",
    ),
    (
        "Orchard Care Through the Year",
        "Planting, pruning, grafting and harvest: a year in a community orchard, "
        "one month at a time.",
        "Teacher: Tom Fairley",
    ),
    (
        "Seed Saving Basics",
        "Choose, grow and store seed from your own vegetables, and keep a variety "
        "going from year to year.",
        "Teacher: Jo Penrose",
    ),
]


@pytest.mark.xfail(
    strict=True,
    reason="Moodle sets the category's <h1> inside <header id='page-header'>,"
    " which pruning drops, and the page reads as 'other' (course/index.php),"
    " so the listing's rules, which drop its 'View more' bar (paging), do"
    " not run",
)
def test_moodle_category_keeps_its_title_and_each_course(page):
    listing = read(
        page,
        "moodle_courses",
        "https://learn.frome-college.example/course/index.php?categoryid=4",
    )
    assert texts(listing.blocks) == [
        "Horticulture",
        *(line for course in COURSES for line in course),
    ]


def test_moodle_category_keeps_each_course_with_its_summary_and_teacher(page):
    # Each coursebox: the course's name in <h3 class="coursename"><a>, its
    # summary and its teachers; the category picker, the course search and
    # the enrolment icons go.
    listing = read(
        page,
        "moodle_courses",
        "https://learn.frome-college.example/course/index.php?categoryid=4",
    )
    blocks = texts(listing.blocks)
    assert blocks[: 3 * len(COURSES)] == [line for course in COURSES for line in course]


# Directories


def test_business_directory_keeps_each_listings_fields(page):
    # Business Directory Plugin: each listing's fields as a label and a
    # value; the search box, the "Add Listing" buttons, the sort options,
    # the "View" buttons and the pagination go.
    listing = read(
        page, "business_directory", "https://frometraders.example/business-directory/"
    )
    assert listing.page_type == "listing"
    businesses = [
        (
            "Selwood Plumbing",
            "Plumbers",
            "4 Catherine Hill, Frome BA11 1BY",
            "01373 555 201",
        ),
        ("Rook Lane Bakery", "Bakers", "12 Rook Lane, Frome BA11 1PB", "01373 555 202"),
        (
            "Vallis Vale Electrical",
            "Electricians",
            "Unit 3, Vallis Trading Estate, Frome BA11 3EG",
            "01373 555 203",
        ),
        (
            "The Sheppards Barton Bookshop",
            "Booksellers",
            "7 Sheppards Barton, Frome BA11 1QA",
            "01373 555 204",
        ),
    ]
    labels = ("Business Name", "Business Genre", "Address", "Phone Number")
    fields = [
        line
        for business in businesses
        for label, value in zip(labels, business, strict=True)
        for line in (label, value)
    ]
    assert texts(listing.blocks) == ["Business Directory", *fields]


PEOPLE = [
    ("Dr Ana Ruiz", "Senior Lecturer in Soil Ecology", "a.ruiz@westuni.example"),
    (
        "Professor Tom Fairley",
        "Professor of Plant Sciences",
        "t.fairley@westuni.example",
    ),
    ("Dr Jo Penrose", "Lecturer in Crop Genetics", "j.penrose@westuni.example"),
    ("Mara Quill", "Research Fellow in Agroforestry", "m.quill@westuni.example"),
]


def test_people_directory_keeps_each_persons_name_role_and_email(page):
    # The A to Z bar, the search by name and the university's header, a
    # <div class="uni-header"> of links, go.
    listing = read(
        page, "people_directory", "https://www.westuni.example/biosciences/people"
    )
    assert listing.page_type == "listing"
    assert texts(listing.blocks) == [
        "Our people",
        "Meet the academic staff of the School of Biosciences, who teach our"
        " degrees and lead our research groups.",
        "Academic staff",
        *(line for person in PEOPLE for line in person),
    ]


# Search results, rankings, archives


def test_drupal_search_results_keep_each_results_title_snippet_and_byline(page):
    # Drupal's search page: the search form with its "Advanced search"
    # details and the pager go.
    listing = read(
        page, "drupal_search", "https://mulch.example/search/node?keys=compost"
    )
    assert listing.page_type == "listing"
    results = [
        (
            "How to make leaf mould",
            "… Bag up wet autumn leaves and leave them two years: leaf mould is the "
            "finest compost for sowing seeds …",
            "Mara Quill - 12 November 2024 - 2 comments",
        ),
        (
            "Hot and cold compost heaps compared",
            "… A hot heap turned every week makes compost in three months; a cold "
            "heap takes a year but needs no work …",
            "Tom Fairley - 3 October 2024 - 0 comments",
        ),
        (
            "Choosing a compost bin",
            "… Wooden bays, plastic daleks and tumblers: which compost bin suits a "
            "small garden …",
            "Mara Quill - 18 September 2024 - 5 comments",
        ),
        (
            "Peat-free compost for seedlings",
            "… Most peat-free compost needs a little grit and more frequent "
            "watering than the old mixes …",
            "Jo Penrose - 2 March 2024 - 1 comment",
        ),
    ]
    assert texts(listing.blocks) == [
        "Search",
        "Search results",
        *(line for result in results for line in result),
    ]


def test_datatables_ranking_keeps_the_table_without_its_controls(page):
    # DataTables: the "Show 10 entries" length picker, the search box, the
    # "Showing 1 to 6 of 6 entries" line and the paginate buttons go.
    listing = read(page, "datatables_ranking", "https://somersetleague.example/table/")
    assert listing.page_type == "listing"
    assert texts(listing.blocks) == [
        "League table 2024/25",
        "The Premier Division table after the matches of Saturday 8 March 2025.",
        "Pos | Club | P | W | D | L | Pts",
        "1 | Frome Town | 30 | 21 | 5 | 4 | 68",
        "2 | Paulton Rovers | 30 | 19 | 6 | 5 | 63",
        "3 | Street | 30 | 17 | 7 | 6 | 58",
        "4 | Wells City | 30 | 15 | 8 | 7 | 53",
        "5 | Shepton Mallet | 30 | 14 | 6 | 10 | 48",
        "6 | Radstock Town | 30 | 12 | 7 | 11 | 43",
    ]


JEKYLL_POSTS = [
    ("Mar 8, 2025", "Seed swap and potting morning"),
    ("Feb 22, 2025", "Pruning the old apple trees"),
    ("Feb 9, 2025", "A winter walk round the allotments"),
    ("Jan 26, 2025", "Ordering seeds for the year"),
    ("Jan 12, 2025", "Building a leaf mould cage"),
]


def test_jekyll_archive_keeps_each_posts_date_and_title(page):
    # Minima's home: a post-list of dates and titles, each title an <h3>
    # around a post-link; the titles stay headings.
    listing = read(page, "jekyll_archive", "https://plot17.example/")
    assert listing.page_type == "listing"
    blocks = listing.blocks
    assert texts(blocks)[: 1 + 2 * len(JEKYLL_POSTS)] == [
        "Posts",
        *(line for post in JEKYLL_POSTS for line in post),
    ]
    assert [b.kind for b in blocks[2 : 1 + 2 * len(JEKYLL_POSTS) : 2]] == [
        "heading"
    ] * len(JEKYLL_POSTS)


def test_jekyll_archive_drops_its_feed_link(page):
    # Minima's "subscribe via RSS" (<p class="rss-subscribe">, its link to
    # /feed.xml) goes after the last post.
    listing = read(page, "jekyll_archive", "https://plot17.example/")
    assert texts(listing.blocks) == [
        "Posts",
        *(line for post in JEKYLL_POSTS for line in post),
    ]


# The listing's card titles: only a link named as a title, in a card


def _listing(cards: str) -> list[Block]:
    html = (
        "<html><body><h1>Openings</h1><p>"
        "Roles across our three offices and at home, from engineering and"
        " operations to sales, with a fair salary on every advert and a"
        " reply to every application within two weeks of the closing date."
        f"</p><div class='results'>{cards}</div></body></html>"
    )
    return extract(html, base_url="https://jobs.example/jobs").blocks


def test_a_listing_keeps_the_title_links_of_its_cards() -> None:
    card = "<div class='card'><a class='job-title' href='/j/{0}'>Role {0}</a>"
    card += "<div class='place'>Leeds</div></div>"
    blocks = _listing("".join(card.format(n) for n in range(1, 5)))
    assert texts(blocks)[2:] == [
        "Role 1",
        "Leeds",
        "Role 2",
        "Leeds",
        "Role 3",
        "Leeds",
        "Role 4",
        "Leeds",
    ]
    assert not any(block.links for block in blocks)


def test_a_listing_leaves_the_links_of_author_names_and_menus() -> None:
    # A link named for the item's author (author-name) is its byline, and
    # a list of links named as titles with nothing beside them is a menu:
    # both stay links, for the cleaning rules to judge.
    card = "<div class='card'><a class='author-name' href='/u/{0}'>Ann {0}</a>"
    card += "<div class='place'>Leeds</div></div>"
    menu = "".join(
        f"<li><a class='nav-title' href='/t/{n}'>Topic {n}</a></li>"
        for n in range(1, 5)
    )
    cards = "".join(card.format(n) for n in range(1, 5))
    blocks = _listing(f"{cards}<ul>{menu}</ul>")
    named = [b for b in blocks if b.text.startswith(("Ann", "Topic"))]
    assert named and all(len(b.links) == 1 for b in named)


@pytest.mark.parametrize(
    "name",
    ["paging paging-morelink", "dataTables_paginate", "paginator", "pagination"],
)
def test_a_listing_drops_its_pager_by_each_of_its_names(name: str) -> None:
    # Moodle's "paging", DataTables' "dataTables_paginate", a theme's
    # "paginator": each names the bar of pages as "pagination" does.
    items = "".join(
        f"<li><h3><a href='/c/{n}'>Course {n}</a></h3><p>Ten weeks of"
        f" evening classes, number {n}.</p></li>"
        for n in range(1, 5)
    )
    html = (
        f"<body><h1>Courses</h1><ul>{items}</ul><div class='{name}'>"
        "<a href='?page=2'>2</a> <a href='?page=2'>View more</a></div></body>"
    )
    chosen, _ = focused(html, "listing")
    assert dropped(chosen) == [(name, "filters, sorting or pagination of a listing")]


@pytest.mark.parametrize(
    "href", ["/feed.xml", "/feed/", "https://blog.example/index.xml", "/posts.rss"]
)
def test_a_short_line_pointing_to_the_sites_feed_goes(href: str) -> None:
    posts = "".join(
        f"<li><h2><a href='/p/{n}'>Post {n}</a></h2><p>A week on the"
        f" allotment, the beans and the weather, part {n}.</p></li>"
        for n in range(1, 4)
    )
    html = (
        f"<body><main><h1>Posts</h1><ul>{posts}</ul>"
        f"<p>subscribe <a href='{href}'>via RSS</a></p>"
        "<p>Each post also goes out by <a href='/feed.xml'>RSS</a>, the day it"
        " is written, with its pictures and its list of jobs for the week.</p>"
        "</main></body>"
    )
    blocks = texts(extract(html, base_url="https://blog.example/").blocks)
    assert "subscribe via RSS" not in blocks
    assert blocks[-1].startswith("Each post also goes out by RSS")
