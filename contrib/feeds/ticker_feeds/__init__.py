"""ticker-feeds: print the headlines of RSS and Atom feeds as JSON Lines.

Each line is one headline, the object `ticker-status --input json` reads:

    {"text": "Title", "url": "https://…", "time": "2025-01-05T10:00:00Z",
     "tooltip": "Feed name — the summary, shortened"}

so that the two make a news ticker whose items open their article when clicked:

    ticker-status --stream --input json --every 600 \\
        --command 'ticker-feeds https://example.org/feed.xml' \\
        --on-click ~/.local/share/ticker-status/actions/open-item

RSS 2.0 (and 0.9x), RSS 1.0 (RDF) and Atom 1.0 (and 0.3) are read; the
encoding is the one the XML declaration (or a byte order mark, or the HTTP
charset) names. A feed given as NAME=URL is called NAME in messages and with
--label; otherwise its own title is its name. Run with --help for the options;
`man ticker-feeds` has the details. Only the Python 3 standard library is used.

Safety: a document type declaration with an internal subset (entity
declarations: an XML bomb, an external entity) is refused before any entity is
declared; external DTDs and entities are never fetched or read; bodies are cut
at 4 MiB (after gzip); every string printed is bounded and plain text.

Modules: core (limits, failure classes), text (plain text, HTML, dates, URLs; the
rule for text is ticker_fetch.text's, shared with ticker-quotes), parse (decoding,
RSS and Atom), state (the remembered validators and headlines), fetch (HTTP, files,
several feeds at once), output (JSON Lines, messages, the --check table), cli
(main). Run as `python3 -m ticker_feeds` with this folder and ../fetchers on
sys.path (the launcher contrib/feeds/ticker-feeds does that), or as the zipapp
`make fetchers` builds.
"""
