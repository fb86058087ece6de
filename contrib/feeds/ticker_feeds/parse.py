"""RSS 2.0/0.9x, RSS 1.0 (RDF) and Atom 1.0/0.3 read with expat: the encoding (decode),
the lenient repair of entities, and FeedParser, which refuses an internal DTD
subset before any entity is declared; parse_feed() gives the entries.
"""

import codecs
import html
import html.entities
import html.parser
import re
from xml.parsers import expat

from ticker_fetch.text import clean
from .core import (
    BLOCKED, Failure, MALFORMED, MAX_DEPTH, MAX_FIELD, MAX_ITEMS, SUMMARY_MAX, TEXT_MAX,
    URL_MAX,
)
from .text import (
    _TextOfHTML, _XML_INVALID, absolute_url, atom_kind, iso, parse_date, text_of,
)


NS_XML = "http://www.w3.org/XML/1998/namespace"
NS_ATOM = "http://www.w3.org/2005/Atom"
NS_ATOM03 = "http://purl.org/atom/ns#"
NS_RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
NS_RSS1 = "http://purl.org/rss/1.0/"
NS_RSS090 = "http://my.netscape.com/rdf/simple/0.9/"
NS_RSS_USERLAND = "http://backend.userland.com/rss2"
NS_DC = "http://purl.org/dc/elements/1.1/"
NS_DCTERMS = "http://purl.org/dc/terms/"
NS_CONTENT = "http://purl.org/rss/1.0/modules/content/"
NS_FEEDBURNER = "http://rssnamespace.org/feedburner/ext/1.0"
RSS_NAMESPACES = ("", NS_RSS_USERLAND)
RDF_NAMESPACES = (NS_RSS1, NS_RSS090)
ATOM_NAMESPACES = (NS_ATOM, NS_ATOM03)
XML_BASE = NS_XML + " base"


# Decoding


_DECLARATION = re.compile(rb"<\?xml[^>]*?\?>")
_ENCODING = re.compile(rb"""\sencoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']""")


def known_encoding(name):
    try:
        return codecs.lookup(name).name
    except (LookupError, TypeError):
        return None


def decode(body, http_charset=None):
    """The document as text: by its byte order mark, else the encoding its XML
    declaration names, else the HTTP charset, else UTF-8 (and windows-1252 for
    bytes that are not UTF-8). Leading white space goes; so does the
    declaration's encoding, which the text no longer has."""
    for bom, name in (
        (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
        (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
    ):
        if body.startswith(bom):
            text = body[len(bom):].decode(name, errors="replace")
            return strip_declaration(text)
    if body[:4] in (b"<\x00?\x00", b"\x00<\x00?"):
        name = "utf-16-le" if body[0] == 0x3C else "utf-16-be"
        return strip_declaration(body.decode(name, errors="replace"))
    head = body[:1024].lstrip()
    declared = None
    match = _DECLARATION.match(head)
    if match:
        encoding = _ENCODING.search(match.group(0))
        if encoding:
            declared = known_encoding(encoding.group(1).decode("ascii"))
            if declared and declared.startswith(("utf-16", "utf-32")):
                declared = None  # the bytes say ASCII-compatible: the declaration is stale
    candidates = [declared, known_encoding(http_charset or ""), "utf-8", "cp1252"]
    for name in candidates:
        if name:
            try:
                return strip_declaration(body.decode(name))
            except UnicodeDecodeError:
                pass
    return strip_declaration(body.decode(declared or "utf-8", errors="replace"))


def strip_declaration(text):
    text = text.lstrip("\ufeff \t\r\n")
    match = re.match(r"<\?xml[^>]*?\?>", text)
    if match:
        declaration = re.sub(r"""\s+encoding\s*=\s*["'][^"']*["']""", "", match.group(0))
        declaration = re.sub(r"""\s+standalone\s*=\s*["'][^"']*["']""", "", declaration)
        text = declaration + text[match.end():]
    # Characters XML forbids, which feeds still have: a vertical tab or form feed
    # (white space to a reader) becomes a space, the rest goes.
    return _XML_INVALID.sub(lambda m: " " if m.group(0) in "\x0b\x0c" else "", text)


_ENTITY_OR_AMPERSAND = re.compile(r"&(?:(#\d+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9._-]*);)?")
_CDATA_OR_COMMENT = re.compile(r"(<!\[CDATA\[.*?\]\]>|<!--.*?-->)", re.DOTALL)
_XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}


def lenient(text):
    """The usual faults of feeds mended, outside CDATA sections and comments: an
    HTML entity (&nbsp;, &mdash;) becomes its character reference, an `&` that
    starts no reference becomes &amp;, and a reference to a character XML
    forbids (&#27;) goes."""

    def entity(match):
        name = match.group(1)
        if name is None:
            return "&amp;"
        if name.startswith("#"):
            digits = name[2:] if name[1:2] in "xX" else name[1:]
            try:
                code = int(digits, 16 if name[1:2] in "xX" else 10)
            except ValueError:
                return ""
            allowed = code in (9, 10, 13) or 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or 0x10000 <= code <= 0x10FFFF
            return match.group(0) if allowed else ""
        if name in _XML_ENTITIES:
            return match.group(0)
        value = html.entities.html5.get(name + ";")
        if value is None:
            return "&amp;" + name + ";"
        return "".join(f"&#{ord(c)};" for c in value)

    pieces = _CDATA_OR_COMMENT.split(text)
    for index in range(0, len(pieces), 2):
        pieces[index] = _ENTITY_OR_AMPERSAND.sub(entity, pieces[index])
    return "".join(pieces)


# Parsing


class Entry:
    """A headline as ticker-feeds keeps it: plain text, an absolute URL, a time."""

    __slots__ = ("title", "url", "time", "guid", "summary")

    def __init__(self, title, url=None, time=None, guid=None, summary=""):
        self.title = title
        self.url = url
        self.time = time
        self.guid = guid
        self.summary = summary

    def to_state(self):
        return {
            "title": self.title, "url": self.url,
            "time": iso(self.time) if self.time else None,
            "guid": self.guid, "summary": self.summary,
        }

    @classmethod
    def from_state(cls, value):
        """An Entry as remembered, each field checked as the parser's own would be:
        a title of plain text that is not empty, an absolute http(s) URL, a date, a
        text guid and summary. None when one is odd (the feed is then fetched whole)."""
        if not isinstance(value, dict):
            return None
        title, url, when, guid, summary = (
            value.get(key) for key in ("title", "url", "time", "guid", "summary")
        )
        if not isinstance(title, str) or not clean(title, TEXT_MAX):
            return None
        if url is not None and (not isinstance(url, str) or absolute_url(url, []) is None):
            return None
        if when is not None and (not isinstance(when, str) or parse_date(when) is None):
            return None
        if not isinstance(guid, (str, type(None))) or not isinstance(summary, (str, type(None))):
            return None
        return cls(
            clean(title, TEXT_MAX), absolute_url(url, []) if url else None,
            parse_date(when) if when else None, guid[:URL_MAX] if guid else None,
            clean(summary or "", SUMMARY_MAX),
        )


class Refused(Exception):
    """A construct ticker-feeds does not parse (a DTD's internal subset, an entity)."""


class _Item:
    def __init__(self, bases, about):
        self.bases = bases
        self.about = about
        self.fields = {}
        self.links = []  # (rel, type, href, bases)


class FeedParser:
    """One feed document, parsed with expat and no entity or DTD at all."""

    BLOCKS = _TextOfHTML.BLOCKS

    def __init__(self):
        self.kind = None  # rss, rdf, atom
        self.title = ""
        self.self_link = None
        self.items = []
        self.more_items = False
        self.doctype = False
        self.stack = []  # (namespace, local name, bases)
        self.item = None
        self.item_depth = 0
        self.field = None  # (key, attributes, bases, kind) of the element collecting text
        self.field_depth = 0
        self.hidden = 0  # script and style elements open inside the field
        self.buffer = []
        self.size = 0
        self.channel_field = None

    def parse(self, data):
        parser = expat.ParserCreate(namespace_separator=" ")
        # Never read a DTD's parameter entities (nor the external subset); refuse
        # an internal subset before its first declaration is read, and any entity
        # declaration or external entity reference that could come some other way.
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.StartDoctypeDeclHandler = self._doctype
        parser.EntityDeclHandler = self._entity_declaration
        parser.UnparsedEntityDeclHandler = self._entity_declaration
        parser.ExternalEntityRefHandler = self._external_entity
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        parser.CharacterDataHandler = self._characters
        parser.SkippedEntityHandler = self._skipped_entity
        parser.buffer_text = True
        parser.Parse(data, True)

    # Refusals

    def _doctype(self, name, system_id, public_id, has_internal_subset):
        self.doctype = True
        if has_internal_subset:
            raise Refused(
                "it declares a DTD with an internal subset (entities: an XML bomb or "
                "an external entity), which ticker-feeds refuses"
            )

    def _entity_declaration(self, *arguments):
        raise Refused("it declares an entity, which ticker-feeds refuses")

    def _external_entity(self, *arguments):
        raise Refused("it refers to an external entity, which ticker-feeds never reads")

    def _skipped_entity(self, name, is_parameter_entity):
        # An entity from an external DTD that was not read (RSS 0.91's declares the
        # HTML ones): its HTML meaning, if it has one.
        if not is_parameter_entity:
            self._characters(html.entities.html5.get(name + ";", ""))

    # Elements

    def _start(self, name, attributes):
        namespace, _, local = name.rpartition(" ")
        depth = len(self.stack) + 1
        if depth > MAX_DEPTH:
            raise Refused(f"its elements nest more than {MAX_DEPTH} deep")
        bases = self.stack[-1][2] if self.stack else ()
        base = attributes.get(XML_BASE)
        if base is not None:
            bases = bases + (base,)
        self.stack.append((namespace, local, bases))
        if depth == 1:
            self._root(namespace, local)
            return
        if self.field is not None:
            # Markup written as elements inside a field (XHTML, or HTML a feed did
            # not escape): its text, but nothing of a script or a style.
            if local in _TextOfHTML.HIDDEN:
                self.hidden += 1
            elif local in self.BLOCKS:
                self._characters(" ")
            return
        if self.item is not None:
            if depth == self.item_depth + 1:
                self._item_field(namespace, local, attributes, bases)
            return
        if self._is_item(namespace, local):
            about = attributes.get(NS_RDF + " about")
            self.item = _Item(bases, about)
            self.item_depth = depth
            return
        parent = self.stack[-2][1] if depth >= 2 else None
        if local == "title" and self.title == "" and self.channel_field is None:
            if (
                (self.kind == "rss" and parent == "channel" and namespace in RSS_NAMESPACES)
                or (self.kind == "rdf" and parent == "channel" and namespace in RDF_NAMESPACES)
                or (self.kind == "atom" and depth == 2 and namespace in ATOM_NAMESPACES)
            ):
                kind = "maybe-html" if self.kind != "atom" else atom_kind(
                    attributes.get("type"), attributes.get("mode"))
                self.channel_field = "title"
                self.field = (("", "title"), attributes, bases, kind)
                self.field_depth = depth
                self.buffer, self.size = [], 0
                return
        if local == "link" and namespace == NS_ATOM and attributes.get("rel") == "self":
            if self.self_link is None and depth <= 3:
                self.self_link = (attributes.get("href", ""), bases)

    def _root(self, namespace, local):
        if local == "rss" and namespace in RSS_NAMESPACES:
            self.kind = "rss"
        elif local == "RDF" and namespace == NS_RDF:
            self.kind = "rdf"
        elif local == "feed" and namespace in ATOM_NAMESPACES:
            self.kind = "atom"
        elif local.lower() == "html":
            raise NotAFeed("a web page")
        else:
            shown = local if not namespace else f"{local} ({namespace[:80]})"
            raise NotAFeed(f"XML whose root is {shown[:120]}, not rss, RDF or feed")

    def _is_item(self, namespace, local):
        if self.kind == "rss":
            return local == "item" and namespace in RSS_NAMESPACES
        if self.kind == "rdf":
            return local == "item" and namespace in RDF_NAMESPACES
        return local == "entry" and namespace in ATOM_NAMESPACES

    def _item_field(self, namespace, local, attributes, bases):
        if local == "link" and (namespace in ATOM_NAMESPACES or attributes.get("href")):
            if "href" in attributes:
                self.item.links.append(
                    (
                        (attributes.get("rel") or "alternate").strip().lower(),
                        (attributes.get("type") or "").strip().lower(),
                        attributes["href"], bases,
                    )
                )
                return
        if namespace in ATOM_NAMESPACES:
            kind = atom_kind(attributes.get("type"), attributes.get("mode"))
        elif local in ("title", "description", "encoded"):
            kind = "maybe-html"
        else:
            kind = "text"
        self.field = ((namespace, local), attributes, bases, kind)
        self.field_depth = len(self.stack)
        self.buffer, self.size = [], 0

    def _characters(self, data):
        if self.field is not None and self.size < MAX_FIELD and not self.hidden:
            self.buffer.append(data[: MAX_FIELD - self.size])
            self.size += len(data)

    def _end(self, name):
        depth = len(self.stack)
        local = self.stack[-1][1]
        if self.field is not None and depth == self.field_depth:
            key, attributes, bases, kind = self.field
            text = "".join(self.buffer)
            self.field, self.buffer, self.size, self.hidden = None, [], 0, 0
            if self.channel_field is not None:
                self.channel_field = None
                self.title = clean(text_of(text, kind), TEXT_MAX)
            elif self.item is not None:
                self.item.fields.setdefault(key, (text, attributes, bases, kind))
        elif self.field is not None and local in _TextOfHTML.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif self.field is not None and local in self.BLOCKS:
            self._characters(" ")
        elif self.item is not None and depth == self.item_depth:
            if len(self.items) < MAX_ITEMS:
                self.items.append(self.item)
            else:
                self.more_items = True
            self.item = None
        self.stack.pop()

    # Items to entries

    def entries(self, document_base):
        """The items as Entries, their links absolute against document_base."""
        result = []
        root = (document_base,) if document_base else ()
        for item in self.items:
            entry = self._entry(item, root)
            if entry is not None:
                result.append(entry)
        return result

    def _entry(self, item, root):
        fields = item.fields

        def first(*keys):
            for key in keys:
                if key in fields:
                    return fields[key]
            return None

        def each(local, namespaces):
            return [(ns, local) for ns in namespaces]

        rss = RSS_NAMESPACES + RDF_NAMESPACES
        title_field = first(*each("title", rss + ATOM_NAMESPACES), (NS_DC, "title"))
        summary_field = first(
            *each("description", rss), *each("summary", ATOM_NAMESPACES),
            (NS_DC, "description"), (NS_CONTENT, "encoded"),
            *each("content", ATOM_NAMESPACES),
        )
        summary = ""
        if summary_field:
            text, _, _, kind = summary_field
            summary = clean(text_of(text, kind), SUMMARY_MAX)
        title = ""
        if title_field:
            text, _, _, kind = title_field
            title = clean(text_of(text, kind), TEXT_MAX)
        if not title:
            if not summary:
                return None
            title = clean(summary, 200)

        url = None
        candidates = []
        origin = first((NS_FEEDBURNER, "origLink"))
        if origin:
            candidates.append((origin[0], origin[2]))
        link = first(*each("link", rss))
        if link:
            candidates.append((link[0], link[2]))
        alternates = [l for l in item.links if l[0] == "alternate"]
        alternates.sort(key=lambda l: 0 if "html" in l[1] else 1)
        candidates += [(l[2], l[3]) for l in alternates]
        guid_field = first(*each("guid", RSS_NAMESPACES), *each("id", ATOM_NAMESPACES))
        guid = " ".join(guid_field[0].split())[:URL_MAX] if guid_field else None
        if guid and guid.lower().startswith(("http:", "https:")):
            # An RSS guid is the item's address unless isPermaLink="false"; even then,
            # or as an Atom id, an http one is better than no link at all.
            permalink = guid_field[1].get("isPermaLink", "true").strip().lower() != "false"
            if permalink or not candidates:
                candidates.append((guid, guid_field[2]))
        if item.about:
            candidates.append((item.about, item.bases))
            guid = guid or item.about[:URL_MAX]
        for href, bases in candidates:
            url = absolute_url(href, root + tuple(bases))
            if url:
                break

        when = None
        for key in (
            *each("pubDate", RSS_NAMESPACES), (NS_DC, "date"), (NS_ATOM, "published"),
            (NS_ATOM03, "issued"), (NS_ATOM03, "created"), (NS_DCTERMS, "issued"),
            (NS_DCTERMS, "created"), (NS_ATOM, "updated"), (NS_ATOM03, "modified"),
            (NS_DCTERMS, "modified"),
        ):
            if key in fields:
                when = parse_date(fields[key][0])
                if when:
                    break
        return Entry(title, url, when, guid, summary)


class NotAFeed(Exception):
    pass


class Parsed:
    def __init__(self, title, entries, warnings, self_link=None):
        self.title = title
        self.entries = entries
        self.warnings = warnings
        self.self_link = self_link


def parse_feed(body, base=None, http_charset=None, cut=False):
    """Parse a feed's bytes; raise Failure when it gives nothing. `base` is the
    document's address (None for a file: then its rel="self" link, if any)."""
    text = decode(body, http_charset)
    warnings = []
    head = text[:2048].lower()
    if re.match(r"(<!--.*?-->\s*)*<(!doctype\s+html|html[\s>])", head, re.DOTALL):
        raise Failure(BLOCKED, "the server sent a web page, not a feed")
    data = text.encode("utf-8")
    parser = FeedParser()
    error = None
    try:
        parser.parse(data)
    except Refused as refused:
        raise Failure(MALFORMED, str(refused)) from None
    except NotAFeed as not_a_feed:
        kind = BLOCKED if str(not_a_feed) == "a web page" else MALFORMED
        raise Failure(kind, f"the answer is {not_a_feed}") from None
    except expat.ExpatError as first_error:
        error = first_error
        if first_error.code in (
            expat.errors.codes[expat.errors.XML_ERROR_UNDEFINED_ENTITY],
            expat.errors.codes[expat.errors.XML_ERROR_INVALID_TOKEN],
            expat.errors.codes[expat.errors.XML_ERROR_BAD_CHAR_REF],
        ) and not parser.doctype:
            retry = FeedParser()
            try:
                retry.parse(lenient(text).encode("utf-8"))
                parser, error = retry, None
                warnings.append(
                    "is not well-formed XML (an HTML entity, a bare & or a reference to a "
                    "character XML forbids); read leniently"
                )
            except (expat.ExpatError, Refused, NotAFeed) as second_error:
                if len(retry.items) > len(parser.items):
                    parser = retry
                if isinstance(second_error, expat.ExpatError):
                    error = second_error
    if parser.kind is None:
        raise Failure(MALFORMED, f"the answer is not XML ({error})" if error else "the answer is empty")
    if error is not None:
        if not parser.items:
            raise Failure(MALFORMED, f"the feed is not well-formed XML ({error})")
        if not cut:
            warnings.append(f"is not well-formed XML after its first {len(parser.items)} items ({error})")
    if parser.more_items:
        warnings.append(f"has more than {MAX_ITEMS} items; the first {MAX_ITEMS} are read")
    self_link = None
    if parser.self_link:
        self_link = absolute_url(parser.self_link[0], ((base,) if base else ()) + tuple(parser.self_link[1]))
    document_base = base or self_link
    return Parsed(parser.title, parser.entries(document_base), warnings, self_link)
