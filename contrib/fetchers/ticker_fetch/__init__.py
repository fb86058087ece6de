"""ticker_fetch: what ticker-quotes and ticker-feeds share, one copy for both.

text: the rule for text from outside (CONTROLS, plain(), clean()) and url_problem(),
what both ask of an address before it is asked. Standard library only; the fetchers'
launchers put this folder on sys.path, and their zipapps carry it.
"""
