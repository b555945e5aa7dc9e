"""Service pages of the kinds a crawl for a retrieval index meets, each in
the markup of a tool such pages are built with: a SaaS landing page on
Next.js with Tailwind, a pricing page on Astro, an agency's services on
WPBakery, a hospital's service and a university's course on Drupal, a law
firm's practice area on Genesis, a plumber's page on Astra, a clinic on
Webflow. Each test states the page's blocks in full: every section of the
offer kept (features, plans with their prices and what each includes, the
questions with their answers, the description); the cookie banner, the
menus, the buttons, the logos, the newsletter form, the footer and the chat
launcher dropped. Known misses are ``xfail(strict=True)`` with the reason.
(The builder pages of ``typed_site_*`` are in ``test_typed.py``.)
"""

from __future__ import annotations

import pytest

from pagechunk import extract
from test_typed import read, texts


def blocks_of(page, name: str, url: str) -> list[str]:
    return texts(read(page, name, url).blocks)


@pytest.mark.xfail(
    strict=True,
    reason=(
        "the announcement pill over the hero ('New: instalment plans. Read"
        " more') stays: a rounded, padded box holding a link, which no name"
        " marks"
    ),
)
def test_saas_landing_page_on_nextjs_with_tailwind(page):
    # Tailwind UI's sections: a hero with an announcement pill and two calls
    # to action, a logo cloud of <img>s under a heading, a features <dl>, a
    # Swiper carousel of <figure> testimonials, three pricing tiers, a
    # Headless UI disclosure FAQ whose questions are <button>s in <dt>s, a
    # CTA band; a cookie bar, a mega-menu, a newsletter form in the footer
    # and Intercom's launcher.
    assert blocks_of(
        page, "typed_service_saas_nextjs", "https://tallybird.example/"
    ) == [
        "Invoicing that chases for you",
        "Send an invoice in a minute, take card payments on it, and let Tallybird"
        " remind late payers until the money is in your account.",
        "Trusted by over 4,000 small businesses",
        "Get paid faster",
        "Everything you need to get paid on time",
        "Invoices in a minute",
        "Pick a customer, add the lines and send: your logo, your terms and your"
        " bank details are filled in for you.",
        "Card payments",
        "Every invoice carries a pay button, and the money lands in your account"
        " two working days later.",
        "Automatic reminders",
        "Polite emails go out before and after the due date, and stop the moment"
        " the customer pays.",
        "Bank reconciliation",
        "Payments are matched to their invoices as they arrive, so your books are"
        " always up to date.",
        "Loved by business owners",
        "“Our late payments halved in the first month. The reminders do the"
        " awkward part for us.”",
        "Amara Osei",
        "Founder, Quay Coffee",
        "“I send invoices from the van between jobs and most are paid before I get"
        " home.”",
        "Tom Okafor",
        "Director, Okafor Joinery",
        "Pricing plans for every size of business",
        "Start free and move up when you send more invoices. No setup fees, cancel"
        " at any time.",
        "Free",
        "For freelancers sending their first invoices.",
        "£0/month",
        "5 invoices a month",
        "Card payments",
        "Pro",
        "Most popular",
        "For small businesses that invoice every week.",
        "£12/month",
        "Unlimited invoices",
        "Automatic reminders",
        "Bank reconciliation",
        "Team",
        "For firms with several people sending invoices.",
        "£29/month",
        "Everything in Pro",
        "Up to ten users",
        "Frequently asked questions",
        "Can I try Tallybird before I pay?",
        "Yes. Every paid plan starts with a 30-day trial, and the Free plan has no"
        " time limit.",
        "Do my customers need an account?",
        "No. They open the invoice from the email and pay by card or bank transfer"
        " without signing up.",
        "Stop chasing invoices.",
    ]


def test_pricing_page_on_astro_with_a_comparison_table(page):
    # Plan cards whose calls to action are links styled as buttons by
    # utility classes alone, a billing-period switch of radio labels, a
    # comparison table whose ticks are screen-reader text, <details> FAQ, a
    # dismissible announcement bar and Crisp's chat button.
    assert blocks_of(
        page, "typed_service_saas_pricing_astro", "https://beaconly.example/pricing"
    ) == [
        "Pricing",
        "Monitor your websites and APIs every minute, from twelve regions, and"
        " know before your customers do.",
        "Hobby",
        "$0",
        "free forever",
        "10 monitors",
        "5-minute checks",
        "Email alerts",
        "Startup",
        "$29",
        "per month",
        "50 monitors",
        "1-minute checks",
        "Slack and SMS alerts",
        "One public status page",
        "Business",
        "$99",
        "per month",
        "250 monitors",
        "30-second checks",
        "On-call schedules",
        "Unlimited status pages",
        "Compare plans",
        "| Hobby | Startup | Business",
        "Check regions | 3 | 12 | 12",
        "SSL expiry alerts | Included | Included | Included",
        "Data retention | 7 days | 90 days | 1 year",
        "Questions and answers",
        "What counts as a monitor?",
        "Each URL, API endpoint, TCP port or heartbeat you check is one monitor,"
        " whatever its interval.",
        "Can I change plans later?",
        "Yes. Upgrades take effect at once and downgrades at the end of your"
        " billing period.",
    ]


def test_agency_services_page_on_wpbakery(page):
    # WPBakery: vc_row > wpb_column > wpb_wrapper, buttons vc_btn3, an
    # accordion of vc_tta-panel, a gallery of client logos under a heading,
    # and a vc_cta3 call-to-action box whose heading stands in a <header>;
    # Complianz's cookie banner and a Mailchimp form in the footer.
    assert blocks_of(
        page, "typed_service_agency_wpbakery", "https://northlight.example/services/"
    ) == [
        "Services",
        "We are a team of twelve designers and developers who build websites and"
        " brands for charities, universities and companies with a purpose.",
        "Brand strategy",
        "Workshops with your team and your audience to find what you stand for,"
        " then a name, a voice and a visual identity to say it.",
        "Website design and build",
        "Accessible websites on WordPress or Craft, designed with your editors so"
        " that they can keep them up to date without us.",
        "Support and hosting",
        "Managed hosting, security updates and a monthly allowance of developer"
        " time for the changes you need.",
        "How we work",
        "Discover",
        "Two weeks of interviews, analytics and a review of what you have today.",
        "Design",
        "Prototypes tested with real users before a line of production code is"
        " written.",
        "Deliver",
        "Fortnightly releases, training for your editors and a launch plan agreed"
        " with you.",
        # The logos' heading is text, and stays.
        "Clients we work with",
        "Have a project in mind?",
        "Tell us about it and we will reply within two working days.",
    ]


def test_hospital_service_page_on_drupal(page):
    # Drupal with Paragraphs: the body field, a text paragraph, an accordion
    # paragraph whose triggers are <button>s in <h3>s and whose panels are
    # role="region", a view of location cards; EU Cookie Compliance's popup,
    # an alert banner, a breadcrumb, a webform beside the article and a
    # "Related services" menu in the sidebar.
    assert blocks_of(
        page,
        "typed_service_hospital_drupal",
        "https://www.stbrannocks.example/services/cardiology",
    ) == [
        "Cardiology",
        "Our cardiology team diagnoses and treats conditions of the heart and"
        " blood vessels, from palpitations and chest pain to heart failure.",
        "You can be referred to us by your GP, by another hospital consultant, or"
        " through our rapid access chest pain clinic.",
        "Conditions we treat",
        "Angina and chest pain",
        "Atrial fibrillation and other heart rhythm problems",
        "Heart failure",
        "High blood pressure that is hard to control",
        "What to expect",
        "Before your appointment",
        "Bring a list of the medicines you take and any letters from other"
        " doctors. You can eat and drink as normal.",
        "At the clinic",
        "A nurse will record your heart's rhythm with an ECG before you see the"
        " consultant. Most visits take about an hour.",
        "Where to find us",
        "Main hospital, Heart Centre",
        "Level 2, Quay Road, Bideford EX39 1AB",
        "Telephone: 01237 555 010",
        "Torrington Community Clinic",
        "New Street, Great Torrington EX38 8BX",
        "Telephone: 01805 555 020",
        # The webform's title stays, as on HubSpot's form module (see
        # test_hubspot_service_page_keeps_its_drag_and_drop_sections).
        "Request an appointment",
    ]


def test_university_course_page_on_drupal(page):
    # A course page: a hero with "Apply now" and "Order a prospectus", key
    # facts in a <dl>, tabs (role="tablist") whose panels all stand in the
    # page, a fees table and an open-day band; a cookie dialog and a footer.
    assert blocks_of(
        page,
        "typed_service_university_drupal",
        "https://www.westhaven.example/study/undergraduate/courses/marine-biology-bsc",
    ) == [
        "Undergraduate",
        "Marine Biology BSc (Hons)",
        "Study the life of the sea from our research station on the coast, with"
        " fieldwork on boats and shores from your first term.",
        "UCAS code",
        "C160",
        "Duration",
        "3 years full time",
        "Start date",
        "September 2026",
        "Typical offer",
        "ABB, including Biology",
        "Overview",
        "You will learn how marine animals and plants live, how people change the"
        " seas, and how to measure those changes with the methods scientists use"
        " today.",
        "In your final year you will carry out a research project of your own,"
        " often with one of our partners in marine conservation.",
        "Modules",
        "Year 1",
        "Introduction to Marine Ecosystems",
        "Cell Biology",
        "Field Skills on the Shore",
        "Year 2",
        "Fisheries Science",
        "Oceanography",
        "Entry requirements",
        "A levels: ABB, including Biology. We also welcome BTEC and Access to HE"
        " applicants.",
        "Fees and funding",
        "Student | Fee per year",
        "UK | £9,535",
        "International | £23,900",
        "Come to an open day",
        "Meet our lecturers and visit the research station.",
    ]


@pytest.mark.xfail(
    strict=True,
    reason=("read as an article; cleaning drops the last team card as the page's tail"),
)
def test_law_firm_practice_area_on_genesis(page):
    # Genesis: site-inner > content-sidebar-wrap > main.content >
    # article.entry, a sidebar of the other practice areas and a Gravity
    # Forms widget, a phone number above the header, Tidio's chat. The page
    # ends on the cards of the team, which are content.
    assert blocks_of(
        page,
        "typed_service_lawfirm_wordpress",
        "https://harlowwren.example/practice-areas/personal-injury/",
    ) == [
        "Personal injury claims",
        "If you have been hurt in an accident that was not your fault, our"
        " personal injury team can help you claim compensation for your injuries,"
        " lost earnings and the cost of your care.",
        "Most of our injury claims are handled on a no win, no fee basis, so you"
        " pay nothing if your claim is not successful.",
        "Types of claims we handle",
        "Road traffic accidents",
        "Accidents at work",
        "Slips and trips in public places",
        "Medical negligence",
        "Recent results",
        "£1.2 million",
        "for a cyclist left with a brain injury after a collision with a lorry.",
        "£86,000",
        "for a warehouse worker injured by a falling pallet.",
        "How long will my claim take?",
        "A simple claim can settle in six to nine months. Claims for serious"
        " injuries take longer, because we wait until doctors can say how you"
        " will recover before we agree a figure.",
        "Your personal injury team",
        "Eleanor Wren",
        "Partner, Head of Personal Injury",
        "Rohan Patel",
        "Senior Associate",
    ]


@pytest.mark.xfail(
    strict=True,
    reason="the reviews widget's rating summary and credit stay",
)
def test_plumbers_page_with_a_reviews_widget_and_a_quote_form(page):
    # A local trade on Astra: a top bar with the phone number, a hero with
    # "Call" and "Get a free quote" buttons, service boxes with Font Awesome
    # icons, a price table, the areas covered, Trustindex's Google reviews
    # widget (rating summary, dates, "Read more"/"Hide" toggles, arrows, its
    # own credit), a Contact Form 7 quote form, a WhatsApp button.
    assert blocks_of(
        page,
        "typed_service_plumber_local",
        "https://www.kettleplumbing.example/emergency-plumber-bristol/",
    ) == [
        "Emergency plumbers in Bristol",
        "Burst pipe, blocked drain or no hot water? A Gas Safe engineer can be"
        " with you within the hour, day or night.",
        "Our plumbing services",
        "Leaks and burst pipes",
        "We find the leak, make it safe and repair the pipe the same day.",
        "Boiler repairs",
        "Most makes of boiler repaired on the first visit, with parts carried in"
        " the van.",
        "Blocked drains",
        "Sinks, toilets and outside drains cleared with a jet or a camera survey.",
        "Our prices",
        "No call-out charge. We quote before we start, and the price we quote is"
        " the price you pay.",
        "First hour, weekdays 8am to 6pm | £85",
        "First hour, evenings and weekends | £120",
        "Each further half hour | £35",
        "Areas we cover",
        "We cover Bristol and everywhere within fifteen miles, including:",
        "Clifton",
        "Bedminster",
        "Kingswood",
        "Portishead",
        "What our customers say",
        "Sarah Holt",
        "Came out at midnight for a burst pipe under the sink and had it fixed in"
        " forty minutes. Tidy and polite.",
        "Dev Mistry",
        "Fair price for a new boiler valve and they showed me the old part. Would"
        " use again.",
        "Get a free quote",
    ]


@pytest.mark.xfail(
    strict=True,
    reason="the logos' one-line title stays",
)
def test_clinic_service_page_on_webflow(page):
    # Webflow: Finsweet's cookie banner, a w-nav navbar with a "Book online"
    # button, w-button calls to action, w-tabs whose tab links name the
    # panes (a menu of the panes: they go), price cards, a row of
    # accreditation logos under a one-line title, a CTA band, and the
    # footer with a newsletter w-form.
    assert blocks_of(
        page,
        "typed_service_clinic_webflow",
        "https://www.harbourside.example/treatments/physiotherapy",
    ) == [
        "Physiotherapy",
        "Chartered physiotherapists for back pain, sports injuries and recovery"
        " after surgery, with appointments the same week.",
        "What we treat",
        "Most back pain settles with the right exercises. We find what is causing"
        " yours and give you a plan you can follow at home.",
        "Sprains, strains and tendon problems, with a graded return to training"
        " agreed with you or your coach.",
        "Prices",
        "First assessment",
        "£65",
        "60 minutes, with a written plan.",
        "Follow-up session",
        "£50",
        "45 minutes of treatment and exercises.",
        "Not sure physiotherapy is right for you?",
        "Book a free fifteen-minute call with one of our physiotherapists.",
    ]


def _service(body: str) -> list[str]:
    html = (
        "<html><head><title>Boiler servicing</title></head><body>"
        "<h1>Boiler servicing</h1><p>An annual service keeps your boiler safe,"
        " efficient and under its manufacturer's warranty.</p>"
        f"{body}</body></html>"
    )
    parsed = extract(html, base_url="https://brightwater.example/services/boilers")
    return [block.text for block in parsed.blocks][2:]


def test_links_drawn_as_buttons_go_and_chips_drawn_alike_stay():
    buttons = (
        '<div class="mt-10 flex gap-x-6"><a href="/book" class="rounded-md'
        ' bg-indigo-600 px-3.5 py-2.5 text-white">Book a service</a></div>'
    )
    chips = "".join(
        f'<a href="/{w}" class="rounded-full px-3 py-1">{w}</a>'
        for w in ("Combi", "System", "Heat pump", "Oil")
    )
    assert _service(buttons + f'<div class="flex gap-2">{chips}</div>') == [
        "Combi System Heat pump Oil"
    ]


def test_a_read_more_toggle_goes():
    review = (
        '<div class="review"><p class="review-text">Arrived on time and'
        " explained everything he did to the boiler.</p>"
        '<span class="read-more"><span>Read more</span><span>Hide</span></span>'
        "</div>"
    )
    assert _service(review) == [
        "Arrived on time and explained everything he did to the boiler."
    ]


def test_a_cc_cookie_banner_goes():
    banner = (
        '<div class="cc-window cc-banner cc-type-info"><span'
        ' class="cc-message">This website uses cookies to ensure you get the'
        ' best experience.</span><a class="cc-link" href="/cookies">Learn'
        " more</a></div>"
    )
    text = (
        "We service every make of gas and oil boiler, check its flue and"
        " controls, and leave a written record for your warranty and your"
        " landlord. A service takes about an hour and costs £85."
    )
    assert _service(banner + f"<p>{text}</p>") == [text]


def test_a_dt_button_is_the_question_unless_its_panel_repeats_it():
    faq = (
        "<dl>"
        '<dt><button aria-expanded="false" aria-controls="a1">How often should'
        " a boiler be serviced?</button></dt>"
        '<dd id="a1"><p>Once a year, and before winter if you can.</p></dd>'
        '<dt><button aria-expanded="false" aria-controls="a2">Landlord'
        " certificates</button></dt>"
        '<dd id="a2"><h3>Landlord certificates</h3><p>We issue the gas safety'
        " record the law asks of landlords each year.</p></dd>"
        "</dl>"
        '<div><button aria-expanded="false" aria-controls="more">Read'
        ' more</button><div id="more"><p>Our engineers are Gas Safe'
        " registered.</p></div></div>"
    )
    assert _service(faq) == [
        "How often should a boiler be serviced?",
        "Once a year, and before winter if you can.",
        "Landlord certificates",
        "We issue the gas safety record the law asks of landlords each year.",
        "Our engineers are Gas Safe registered.",
    ]


def test_a_dt_button_reads_the_first_box_of_its_panel_id():
    # As the DOM's getElementById: a later box of the same id, opening with
    # the button's text as a heading, is not the panel. The second button
    # asked is looked up in the index of the page's ids.
    faq = (
        "<dl>"
        '<dt><button aria-expanded="false" aria-controls="a1">Gas safety'
        " checks</button></dt>"
        '<dd id="a1"><p>We check every appliance and flue each year.</p></dd>'
        '<dt><button aria-expanded="false" aria-controls="a2">Landlord'
        " certificates</button></dt>"
        '<dd id="a2"><p>We issue the record the law asks of landlords.</p></dd>'
        "</dl>"
        '<div id="a2"><h3>Landlord certificates</h3></div>'
    )
    assert _service(faq) == [
        "Gas safety checks",
        "We check every appliance and flue each year.",
        "Landlord certificates",
        "We issue the record the law asks of landlords.",
        "Landlord certificates",
    ]
