"""Which call chose what a tool looked up, when the page it gave was about something the task
does not name: the call that named it first, the search that listed the page (for another
name, or without the title the task quotes), else the call that asked for the tool."""

from __future__ import annotations

from blame.engine.figures import (
    FUNCTION_WORDS,
    address,
    named_in,
    names,
    quoted_names,
    site,
    terms,
    with_stems,
    words,
    words_in_order,
)
from blame.engine.matching import quote
from blame.engine.suspects import decision
from blame.graph import StepGraph
from blame.model import StepKind
from blame.text import SCAN, compiled_on_use


def wrong_source(flow: StepGraph, source: int) -> tuple[int, str] | None:
    """The call that chose to look up something the task does not name: where the source is
    a page a search listed, the search chose it (`Lowther Valley` for `Lowther Vale`), as it
    did where it was asked without a name the task quotes (`'The Lantern Keeper'`) that its
    caller had, and the page is about another thing."""
    listed = listed_by(flow, source)
    found = None if listed is None else _looked_up(flow, listed)
    if found is not None:
        return found
    opened = _looked_up(flow, source)
    if opened is None or listed is None:
        return opened
    dropped = _left_out_title(flow, listed)
    if dropped is None:
        return opened
    asker, title = dropped
    return asker, (
        f"which {flow.label(source)} returned, a page {flow.label(listed)} listed for a search "
        f"that left out the task's {quote(title)}; {flow.label(asker)} had {quote(title)} in "
        "its input and asked without it"
    )


def _left_out_title(flow: StepGraph, search: int) -> tuple[int, str] | None:
    """(the asking call, the title) when tool call `search` was asked without a name the
    task quotes (`'The Lantern Keeper'`) that the call asking for it had: the search then
    listed the author's other works, and the page opened from it was about another thing."""
    asker = decision(flow, search)
    if asker == search:
        return None
    arguments = " ".join(flow.steps[search].input[:SCAN].split()).casefold()
    given = " ".join(flow.steps[asker].input[-SCAN:].split()).casefold()
    for title in quoted_names(flow.trace.input):
        wanted = " ".join(title.split()).casefold()
        bare = _article().sub("", wanted)  # `Lantern Keeper opera` kept the title
        if bare not in arguments and wanted in given:
            return asker, title
    return None


_article = compiled_on_use(r"^(?:the|a|an)[ \t]+")
"""An article opening a title: a search may leave it out and still name the work."""


def _looked_up(flow: StepGraph, source: int) -> tuple[int, str] | None:
    """`wrong_source` for the tool call `source` itself, by the names it was called for."""
    step = flow.steps[source]
    about = names(step.output[:SCAN])
    task = with_stems(words(flow.trace.input))  # `launch` names `launches`
    # a site's name (`en.wikipedia.org`) says where a page was read, not what it is about
    asked = words_in_order(site().sub(" ", step.input[:SCAN]).replace("_", " "))
    named = list(dict.fromkeys(w.casefold() for w in asked if w.casefold() in about))
    # in the order the arguments name them; a function word (`/about`) names nothing
    # ...nor does a word any lookup adds to a question (`pancake race 2025 results`)
    named = [w for w in named if not named_in(w, task) and w not in FUNCTION_WORDS | _LOOKING]
    # ...nor the initials of a name the task gives (`VMCC`, `Vintage Motorcycle Club`)
    capitals = {w.casefold() for w in asked if w.isupper()}
    initials = abbreviations([w.upper() for w in named if w in capitals], flow.trace.input)
    named = [w for w in named if w.upper() not in initials]
    # ...nor a section of the site, which its menu links to (`* [Tables](https://.../tables)`),
    # unless the task names a section as a name (`Seniors`): the sections are then choices
    sections = _sections(step.output[:SCAN], step.input[:SCAN])
    if not sections & names(flow.trace.input[:SCAN]):
        named = [w for w in named if w not in sections]
    asker = decision(flow, source)
    if not named or asker == source:
        return None
    said = (
        f"which {flow.label(source)} returned, called for {quote(' '.join(named))} that the "
        "task does not name"
    )
    author = _first_to_name(flow, named, asker)
    if author is not None:
        index, name = author
        it = "it" if len(named) == 1 else quote(name)
        return (
            index,
            f"{said}; {flow.label(index)} named {it} first: its output has it and its input "
            "did not",
        )
    return asker, f"{said}; {flow.label(asker)} is the LLM call that asked for it"


_LOOKING = frozenset(
    {
        "archive",
        "details",
        "info",
        "information",
        "latest",
        "news",
        "official",
        "page",
        "result",
        "results",
        "site",
        "website",
    }
)
"""Words a lookup adds to any question, for where the answer is written (`2025 results`,
`official site`): they name no other thing than the task's."""


def abbreviates(word: str, text: str) -> bool:
    """Whether `word`, written in capitals, is the initials of two or more capitalised words
    `text` writes one after another in a sentence (`VMCC`: `Vintage Motorcycle Club`): each
    word gives its first letter, at most one of them a second from a later part
    (`Motor-cycle`, `X-Ray`, or written as one word, a letter after its first three), and a
    joining word (`of`, `and`) may be passed over. A comma or a bracket ends a name too."""
    return bool(abbreviations([word], text))


def abbreviations(words: list[str], text: str) -> set[str]:
    """Those of `words` (the first `_CANDIDATES` of them) that `abbreviates` reads as
    initials in `text`. The task's opening is read into words once, where its names are."""
    spoken = _spoken().findall(text[:_TASK_READ])
    candidates = list(dict.fromkeys(words))[:_CANDIDATES]
    return {word for word in candidates if _spelt(word, spoken)}


def _spelt(word: str, spoken: list[str]) -> bool:
    """`abbreviates` over the words of a text, in one pass."""
    if not 2 <= len(word) <= _INITIALS or not word.isalpha() or not word.isupper():
        return False
    letters = word.casefold()
    reached: dict[tuple[int, bool], int] = {}  # (letters spelt, a second taken) -> words used
    for written in spoken:
        folded = written.casefold()
        joining = folded in _JOINING
        if not written[0].isupper() and not joining:  # a sentence's end, or a common word
            reached = {}
            continue
        ahead = dict(reached) if joining else {}  # passed over
        giving = [((0, False), 0), *reached.items()] if written[0].isupper() else []
        later = folded[3:] + "".join(part[:1] for part in folded.split("-")[1:])
        for (spelt, second), used in giving:
            if letters[spelt] != folded[0]:
                continue
            _further(ahead, (spelt + 1, second), used + 1)
            if not second and spelt + 1 < len(letters) and letters[spelt + 1] in later:
                _further(ahead, (spelt + 2, True), used + 1)
        if any(spelt == len(letters) and used >= 2 for (spelt, _), used in ahead.items()):
            return True
        reached = {key: used for key, used in ahead.items() if key[0] < len(letters)}
    return False


def _further(reached: dict[tuple[int, bool], int], key: tuple[int, bool], used: int) -> None:
    """Keep the most words used to spell as far."""
    reached[key] = max(reached.get(key, 0), used)


_INITIALS = 8
"""Letters of the longest initials read as a name's."""
_TASK_READ = 20_000
"""Characters of a task read for the names whose initials a lookup may give."""
_JOINING = frozenset({"of", "and", "the", "for", "de", "du", "la", "le", "von", "van"})
"""Words inside a name its initials may leave out (`University of Oxford`: `UO`)."""
_CANDIDATES = 20
"""Words in capitals of one lookup read as initials at most: more are no names' initials."""
_spoken = compiled_on_use(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*|[.?!;:,()\[\]/]")
"""A word of letters as written, a hyphenated compound or a possessive whole; or a mark
that ends a name (a sentence's end, a comma, a bracket, a slash)."""


def _sections(page: str, called: str) -> set[str]:
    """The words of the one-part paths of its own site that a page's menu links to (`*
    [Tables](https://.../tables)`, a list's item): its sections. Not the page's own address
    (a page at `/lowther-valley` is about that), nor a breadcrumb's link (`[Lowther Valley](
    .../lowther-valley) > 2024`, no list's item), nor another site's pages, which a search
    lists (`/pellin-funicular`)."""
    opened = {_bare().sub("", m[0]) for m in address().finditer(called)}
    sites = {host[0] for host in map(site().match, opened) if host is not None}
    found: set[str] = set()
    for link in _menu_link().finditer(page):
        if link[1] in sites and f"{link[1]}/{link[2]}" not in opened:
            found.update(w.casefold() for w in words_in_order(link[2].replace("_", " ")))
    return found


_menu_link = compiled_on_use(
    r"(?m)^[ \t]*[-*+\u2022][ \t]+\[[^\]\n]{1,200}\]"
    r"\((https?://[^/\s\"'<>()\[\]{}]+)/([\w-]{1,80})/?(?:#[^)\s]*)?\)"
)
"""A menu's link to a one-part path of a site (`* [Tables](https://league.example.org/tables)`)."""
_bare = compiled_on_use(r"[#?].*$|/$")
"""A link's fragment, query or closing slash, taken off to compare it with another."""


def listed_by(flow: StepGraph, source: int) -> int | None:
    """The latest tool before step `source` whose output listed the address `source` was
    called with (a search's hit, then opened)."""
    called = address().search(flow.steps[source].input[:SCAN])
    if called is None:
        return None
    steps = flow.steps
    listed = (i for i in reversed(range(source)) if steps[i].kind is StepKind.TOOL)
    return next((i for i in listed if called[0] in steps[i].output[:SCAN]), None)


def _first_to_name(flow: StepGraph, names: list[str], before: int) -> tuple[int, str] | None:
    """The LLM call up to `before` that brought a name of `names` into the run: the last of
    the first calls to write each name whose input lacked it. A name only a tool's output
    brought in (a page's `Wikipedia`, copied into a URL) was nobody's choice; the name of
    another castle, searched for first, was, whatever pages the search then found."""
    wanted = set(names)
    first: dict[str, int | None] = {}
    for step in flow.steps[: before + 1]:
        if step.kind is not StepKind.LLM:
            continue
        written = (wanted - first.keys()) & terms(step.output)
        if written:
            given = terms(step.input)
            first.update((name, None if name in given else step.index) for name in written)
            if len(first) == len(wanted):
                break
    named = [(index, name) for name, index in first.items() if index is not None]
    return max(named, key=lambda found: (found[0], -names.index(found[1])), default=None)
