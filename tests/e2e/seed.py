"""Parse the seed page (tests/fixtures/homepage.txt) into plain dataclasses.

The seed is a text scrape of the owner's page: it is the spec for what the
database holds and what the rendered homepage shows, so tests derive their
expectations from it instead of repeating its items. The scrape lost some
boundaries (degree vs institution, organization vs city); the few rules
that restore them are in _split_degree and _split_organization.
Stdlib only, Python 3.11.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

DEFAULT_PATH = Path(__file__).resolve().parents[1] / "fixtures" / "homepage.txt"
BULLET = "• "


@dataclass
class Email:
    address: str  # obfuscated, as shown: 'x [at] y [dot] com'
    label: str


@dataclass
class Education:
    start_year: int
    end_year: int
    degree: str  # '' for a school without a degree
    institution: str


@dataclass
class Post:
    title: str
    published: date


@dataclass
class Author:
    name: str
    equal_contribution: bool = False


@dataclass
class Publication:
    title: str
    authors: list[Author]
    venue: str  # '' for a preprint
    year: int | None
    links: list[str]  # labels, in order
    awards: list[str] = field(default_factory=list)
    preprint: bool = False


@dataclass
class Teaching:
    course: str
    title: str
    term: str


@dataclass
class Service:
    role: str
    venue: str


@dataclass
class Experience:
    organization: str
    location: str
    role: str
    start_month: str  # 'YYYY-MM'
    end_month: str  # 'YYYY-MM', '' while ongoing


@dataclass
class Seed:
    name: str
    bio: list[str]  # paragraphs stored as text
    contact: str  # the paragraph generated from emails and links
    emails: list[Email]
    links: list[str]
    education: list[Education]
    posts: list[Post]
    publications: list[Publication]
    preprints: list[Publication]
    teaching: list[Teaching]
    services: list[Service]
    experiences: list[Experience]
    headings: list[str]


def load(path: str | Path | None = None) -> Seed:
    text = Path(path or DEFAULT_PATH).read_text(encoding="utf-8")
    # Whitespace-only lines are scrape leftovers of empty detail rows.
    lines = [line.rstrip() for line in text.splitlines()]
    head, sections = _split_sections(lines)
    paragraphs = _paragraphs(head)
    name, bio, contact = paragraphs[0], paragraphs[1:-1], paragraphs[-1]
    emails, links = _parse_contact(contact)
    items = {h: _items(body) for h, body in sections}
    parsers = {
        "Education": _education, "Blog": _post,
        "Publications": lambda i: _publication(i, False),
        "Preprints": lambda i: _publication(i, True),
        "Teaching Assistant": _teaching, "Services": _service,
        "Experiences": _experience,
    }
    unknown = set(items) - set(parsers)
    if unknown:  # a new kind of section needs a table and a parser
        raise ValueError(f"seed: unknown section(s) {sorted(unknown)}")
    parsed = {h: [parsers[h](i) for i in items.get(h, [])] for h in parsers}
    return Seed(
        name=name, bio=bio, contact=contact, emails=emails, links=links,
        education=parsed["Education"], posts=parsed["Blog"],
        publications=parsed["Publications"], preprints=parsed["Preprints"],
        teaching=parsed["Teaching Assistant"], services=parsed["Services"],
        experiences=parsed["Experiences"], headings=[h for h, _ in sections],
    )


def _split_sections(lines: list[str]):
    """A heading is an unindented, non-bullet line whose next non-blank
    line is a bullet; everything before the first heading is the profile."""
    starts = []
    for i, line in enumerate(lines):
        if not line or line.startswith((BULLET, " ")):
            continue
        nxt = next((l for l in lines[i + 1:] if l), "")
        if nxt.startswith(BULLET):
            starts.append(i)
    if not starts:
        raise ValueError("seed: no section headings found")
    bounds = starts + [len(lines)]
    sections = [(lines[a], lines[a + 1:b]) for a, b in zip(bounds, bounds[1:])]
    return lines[:starts[0]], sections


def _paragraphs(lines: list[str]) -> list[str]:
    out, cur = [], []
    for line in lines + [""]:
        if line:
            cur.append(line.strip())
        elif cur:
            out.append(" ".join(cur))
            cur = []
    return out


def _items(lines: list[str]) -> list[list[str]]:
    """Bullet items: the bullet line, then its indented detail lines."""
    items = []
    for line in lines:
        if line.startswith(BULLET):
            items.append([line[len(BULLET):].strip()])
        elif line.strip():
            items[-1].append(line.strip())
    return items


def _split_list(text: str) -> list[str]:
    """'a', 'a and b', 'a, b, and c'; tolerates the scrape's ' ,'."""
    return [p for p in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", text.strip()) if p]


def _parse_contact(paragraph: str):
    m = re.fullmatch(r"My email addresses? (?:are|is) (.+?)\. "
                     r"You can also find me on (.+?)\.", paragraph)
    if not m:
        raise ValueError(f"seed: unexpected contact paragraph {paragraph!r}")
    emails = []
    for part in _split_list(m.group(1)):
        em = re.fullmatch(r"(.+?)(?: \((\w+)\))?", part)
        emails.append(Email(em.group(1), em.group(2) or ""))
    return emails, _split_list(m.group(2))


def _education(item: list[str]) -> Education:
    m = re.fullmatch(r"(\d{4}) - (\d{4})(,)? (.+)", item[0])
    degree, institution = _split_degree(m.group(4)) if m.group(3) else ("", m.group(4))
    return Education(int(m.group(1)), int(m.group(2)), degree, institution)


def _split_degree(text: str) -> tuple[str, str]:
    # 'Ph.D. in Computer Science University of Pennsylvania': the scrape
    # glued degree and institution; the institution is 'University of X'
    # or 'X University'.
    m = re.fullmatch(r"(.+? in .+?) (University of .+|\S+ University)", text)
    if not m:
        raise ValueError(f"seed: cannot split degree from institution in {text!r}")
    return m.group(1), m.group(2)


def _post(item: list[str]) -> Post:
    m = re.fullmatch(r"(.+) \((\d{1,2} \w{3} \d{4})\)", item[0])
    return Post(m.group(1), datetime.strptime(m.group(2), "%d %b %Y").date())


def _publication(item: list[str], preprint: bool) -> Publication:
    title, authors_line, venue_line, *awards = item
    authors = [Author(n.rstrip("*"), n.endswith("*")) for n in _split_list(authors_line)]
    m = re.fullmatch(r"(?:(\S+) (\d{4}))?\s*((?:\[[^\]]+\]\s*)*)", venue_line)
    if not m:
        raise ValueError(f"seed: unexpected venue line {venue_line!r}")
    year = int(m.group(2)) if m.group(2) else None
    links = re.findall(r"\[([^\]]+)\]", m.group(3))
    return Publication(title, authors, m.group(1) or "", year, links, awards, preprint)


def _teaching(item: list[str]) -> Teaching:
    m = re.fullmatch(r"(.+?): (.+) \((.+)\)", item[0])
    return Teaching(*m.groups())


def _service(item: list[str]) -> Service:
    m = re.fullmatch(r"(.+) \((.+)\)", item[0])
    return Service(*m.groups())


def _experience(item: list[str]) -> Experience:
    organization, location = _split_organization(item[0])
    m = re.fullmatch(r"(.+) (\w{3} \d{4}) - (\w{3} \d{4}|Present)", item[1])
    return Experience(organization, location, m.group(1),
                      _month(m.group(2)), _month(m.group(3)))


def _split_organization(text: str) -> tuple[str, str]:
    # 'New York University New York, NY, USA': the scrape glued organization
    # and place. The organization ends at a word closing a name ('University',
    # '(MSRA)'); failing that it is the first word ('Meta Bellevue, ...').
    words = text.split(" ")
    for k, word in enumerate(words[:-1], start=1):
        if word.endswith(")") or word in ("University", "Institute", "Lab", "Labs"):
            return " ".join(words[:k]), " ".join(words[k:])
    return words[0], " ".join(words[1:])


def _month(text: str) -> str:
    return "" if text == "Present" else datetime.strptime(text, "%b %Y").strftime("%Y-%m")


def _month_label(iso: str) -> str:
    return datetime.strptime(iso, "%Y-%m").strftime("%b %Y")


def expected_strings(seed: Seed) -> list[str]:
    """Every string the rendered homepage must show as visible text.

    Compare with the page's text after HTML unescaping and collapsing
    whitespace runs to one space. Duplicates are dropped, order kept.
    """
    out = [seed.name, *seed.bio, seed.contact, "瓜皮 (➔)", *seed.headings]
    for e in seed.emails:
        out += [e.address, e.label]
    out += seed.links
    for e in seed.education:
        out += [f"{e.start_year} - {e.end_year}", e.degree, e.institution]
    for p in seed.posts:
        out += [p.title, f"{p.published.day} {p.published:%b %Y}"]
    for p in seed.publications + seed.preprints:
        out += [p.title, *(a.name for a in p.authors), *p.links, *p.awards]
        if p.year is not None:
            out.append(f"{p.venue} {p.year}")
    for t in seed.teaching:
        out += [t.course, t.title, t.term]
    for s in seed.services:
        out += [s.role, s.venue]
    for x in seed.experiences:
        out += [x.organization, x.location, x.role, _month_label(x.start_month)]
        if x.end_month:
            out.append(_month_label(x.end_month))
    return list(dict.fromkeys(s for s in out if s))


if __name__ == "__main__":
    for s in expected_strings(load()):
        print(s)
