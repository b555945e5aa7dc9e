"""The encoding of bytes that declare none and are not valid UTF-8
(pagechunk.html.detect), and what the pages read as through the decode step."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pagechunk import extract, parse_html
from pagechunk.encodings import decode_as
from pagechunk.html.detect import FALLBACK, guess_encoding

# Two or three sentences of news in each language, written for these tests.
RUSSIAN = (
    "Городской совет во вторник утвердил бюджет новой библиотеки на улице "
    "Вязов. Спор о здании длился больше восьми месяцев, и два депутата "
    "проголосовали против. Строительство начнётся в июне."
)
UKRAINIAN = (
    "Міська рада у вівторок затвердила кошторис нової бібліотеки. Суперечка "
    "тривала понад вісім місяців, а двоє депутатів голосували проти."
)
GREEK = (
    "Το δημοτικό συμβούλιο ενέκρινε την Τρίτη τον προϋπολογισμό της νέας "
    "βιβλιοθήκης. Η συζήτηση κράτησε περισσότερο από οκτώ μήνες."
)
HEBREW = (
    "מועצת העיר אישרה ביום שלישי את התקציב של הספרייה החדשה. הוויכוח נמשך "
    "יותר משמונה חודשים ושני חברי מועצה הצביעו נגד."
)
ARABIC = (
    "وافق مجلس المدينة يوم الثلاثاء على ميزانية المكتبة الجديدة، بعد نقاش "
    "استمر أكثر من ثمانية أشهر، وصوت عضوان ضد القرار."
)
THAI = (
    "สภาเมืองอนุมัติงบประมาณสำหรับห้องสมุดแห่งใหม่เมื่อวันอังคาร "
    "หลังจากการถกเถียงที่ยาวนานกว่าแปดเดือน และสมาชิกสองคนลงคะแนนคัดค้าน"
)
JAPANESE = (
    "市議会は火曜日の夜、新しい図書館の予算を承認しました。議論は八か月以上"
    "続きましたが、工事は六月に始まり、およそ一年で終わる予定です。"
)
SIMPLIFIED = (
    "市议会星期二晚上批准了新图书馆的预算，这场争论持续了八个多月。"
    "两名议员投了反对票，工程将在六月开始，预计一年左右完成。"
)
TRADITIONAL = (
    "市議會星期二晚上批准了新圖書館的預算，這場爭論持續了八個多月。"
    "兩名議員投了反對票，工程將在六月開始，預計一年左右完成。"
)
KOREAN = (
    "시의회는 화요일 밤 새 도서관의 예산을 승인했다. 논쟁은 여덟 달 넘게 "
    "이어졌고, 의원 두 명이 반대표를 던졌다. 공사는 유월에 시작한다."
)
FRENCH = (
    "Le conseil municipal a approuvé mardi soir le budget de la nouvelle "
    "bibliothèque, après un débat de plus de huit mois. Deux élus ont voté "
    "contre ; les travaux débuteront en juin, à côté de l'église."
)
GERMAN = (
    "Der Gemeinderat hat am Dienstag das Budget für die neue Bücherei "
    "beschlossen. Die Debatte dauerte über acht Monate; zwei Räte stimmten "
    "dagegen, die Arbeiten beginnen im Juni."
)
POLISH = (
    "Połączenie kolejowe między Krakowem a Zakopanem zostanie wznowione w "
    "przyszłym tygodniu. Pociągi pojadą częściej, a podróż skróci się o pół "
    "godziny. Źródła w spółce mówią, że żaden kurs nie będzie odwołany."
)
PORTUGUESE = (
    "A câmara municipal aprovou na terça-feira o orçamento da nova "
    "biblioteca, após um debate de mais de oito meses. Dois vereadores "
    "votaram contra; as obras começam em junho."
)


def _page(text: str) -> str:
    """A page with no charset declaration whose article is ``text``."""
    return (
        "<html><head><title>News</title></head><body>"
        f"<article><p>{text}</p></article></body></html>"
    )


@pytest.mark.parametrize(
    ("text", "encoding", "codec"),
    [
        (RUSSIAN, "cp1251", "cp1251"),
        (RUSSIAN, "koi8-r", "koi8-u"),
        (UKRAINIAN, "cp1251", "cp1251"),
        (UKRAINIAN, "koi8-u", "koi8-u"),
        (RUSSIAN, "cp866", "cp866"),
        (GREEK, "cp1253", "cp1253"),
        (HEBREW, "cp1255", "cp1255"),
        (ARABIC, "cp1256", "cp1256"),
        (THAI, "cp874", "cp874"),
        (JAPANESE, "shift_jis", "cp932"),
        (JAPANESE, "euc-jp", "euc_jp"),
        (SIMPLIFIED, "gb2312", "gb18030"),
        (TRADITIONAL, "big5", "big5hkscs"),
        (KOREAN, "euc-kr", "cp949"),
        (POLISH, "cp1250", "cp1250"),
        (POLISH, "iso-8859-2", "iso8859-2"),
    ],
)
def test_undeclared_page_in_another_script_reads_in_its_encoding(
    text: str, encoding: str, codec: str
) -> None:
    data = _page(text).encode(encoding)
    assert guess_encoding(data) == codec
    assert [b.text for b in parse_html(data).blocks] == [text]
    assert extract(data).markdown == text


def test_greek_in_iso_8859_7_reads_as_windows_1253_which_holds_its_letters() -> None:
    # Both code pages give these letters the same bytes; windows-1253 comes
    # first and wins the tie.
    data = _page(GREEK).encode("iso-8859-7")
    assert guess_encoding(data) == "cp1253"
    assert [b.text for b in parse_html(data).blocks] == [GREEK]


@pytest.mark.parametrize("text", [FRENCH, GERMAN, PORTUGUESE])
def test_undeclared_western_page_stays_windows_1252(text: str) -> None:
    data = _page(text).encode("cp1252")
    assert guess_encoding(data) == FALLBACK
    assert [b.text for b in parse_html(data).blocks] == [text]


def test_latin_text_windows_1252_reads_with_symbols_in_words_is_central_european() -> (
    None
):
    # Windows-1252 reads Polish ł, ą and ż as ³, ¹ and ¿.
    data = _page(POLISH).encode("cp1250")
    assert "po³¹czenie" in data.decode("cp1252", "replace").lower()
    assert guess_encoding(data) == "cp1250"


def test_apostrophes_and_dashes_inside_words_are_no_symbols() -> None:
    text = "Don’t miss the well–known café’s self—serve menu. " * 6
    data = _page(text).encode("cp1252")
    assert guess_encoding(data) == FALLBACK


def test_runs_of_no_break_spaces_are_no_words() -> None:
    # Indentation written as runs of &nbsp; in Windows-1252 (0xA0, which IBM
    # 866 reads as the commonest Cyrillic letter), and the \xc2\xa0 of a
    # no-break space written in UTF-8 inside a Windows-1252 page.
    spaces = "\xa0" * 12
    text = f"{FRENCH}{spaces}{GERMAN}{spaces}{spaces}"
    odd = b"<p>\xc2\xa0\xc2\xa0\xc2\xa0</p>" * 20
    data = _page(text).encode("cp1252").replace(b"</article>", odd + b"</article>")
    assert guess_encoding(data) == FALLBACK


def test_utf8_with_a_stray_latin1_byte_stays_utf8() -> None:
    text = "Привет, мир. Grüße aus Köln. " * 4
    data = _page(text).encode().replace(b"</p>", b"</p><p>caf\xe9</p>")
    assert guess_encoding(data) == "utf-8"
    blocks = [b.text for b in parse_html(data).blocks]
    assert blocks == [text.strip(), "caf\ufffd"]


def test_utf8_cut_inside_a_character_stays_utf8() -> None:
    data = _page(RUSSIAN).encode()
    cut = data[: data.index("библиотеки".encode()) + 3]
    assert guess_encoding(cut) == "utf-8"
    assert parse_html(cut).blocks[0].text.startswith(RUSSIAN[:40])


def test_a_few_words_are_too_few_to_tell() -> None:
    data = _page("Да").encode("cp1251")
    assert guess_encoding(data) == FALLBACK


def test_declared_encoding_outranks_the_guess() -> None:
    data = _page(RUSSIAN).encode("cp1251")
    assert parse_html(data, encoding="koi8-r").blocks[0].text != RUSSIAN
    declared = b'<meta charset="koi8-r">' + data
    assert parse_html(declared).blocks[0].text != RUSSIAN


def test_strict_reads_a_guess_without_raising() -> None:
    data = _page(RUSSIAN).encode("cp1251")
    assert parse_html(data, strict=True).blocks[0].text == RUSSIAN


@given(st.binary(max_size=4096))
def test_any_bytes_get_a_codec_that_reads_them(data: bytes) -> None:
    codec = guess_encoding(data)
    decode_as(data, codec)  # never raises with replacement


_LATIN_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=9)
# Accented letters of Windows-1252's upper half (0xC0 to 0xFF): none is a
# UTF-8 continuation byte, so no two of them read as a UTF-8 character.
_ACCENTED = st.sampled_from("éèàçùâêîôûëïüöäßñáíóúãõåæøÉÀÇÜÖÄ")


@given(
    st.lists(
        st.tuples(_LATIN_WORD, st.lists(_ACCENTED, max_size=2), _LATIN_WORD),
        min_size=1,
        max_size=80,
    )
)
def test_western_text_stays_windows_1252(
    words: list[tuple[str, list[str], str]],
) -> None:
    # Western European words: an accented letter or two among ASCII ones.
    text = " ".join(head + "".join(accents) + tail for head, accents, tail in words)
    data = _page(text).encode("cp1252")
    assert guess_encoding(data) == FALLBACK
    assert parse_html(data).blocks[0].text == text
